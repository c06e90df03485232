package assettest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tact-engine/tact/render"
)

// Frames is a frame source over one frame the test inspects.
type Frames struct{ F *render.Frame }

// NewFrames returns Frames over a new frame.
func NewFrames() *Frames { return &Frames{F: render.NewFrame()} }

// Frame returns the frame.
func (t *Frames) Frame() *render.Frame { return t.F }

// Count returns how many resource commands of op the frame holds.
func (t *Frames) Count(op render.ResourceOp) int {
	n := 0
	for _, c := range t.F.Resources() {
		if c.Op == op {
			n++
		}
	}
	for _, c := range t.F.Deletes() {
		if c.Op == op {
			n++
		}
	}
	return n
}

// Log is a concurrency-safe logger that keeps its reports.
type Log struct {
	mu    sync.Mutex
	lines []string
}

// Printf records one report.
func (l *Log) Printf(format string, args ...any) {
	l.mu.Lock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
	l.mu.Unlock()
}

// String returns the reports, one a line.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// CopyTestdata copies the folder src (the module's testdata/assets, as a
// path relative to the test's package) into a temporary folder the test
// may change, and returns it.
func CopyTestdata(t testing.TB, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// WriteFile writes b to the file at p under root, making its folders.
func WriteFile(t testing.TB, root, p string, b []byte) {
	t.Helper()
	full := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// ReplaceFile writes b to a temporary file and renames it over the file at
// p under root, as editors do, so a watcher never sees half a file.
func ReplaceFile(t testing.TB, root, p string, b []byte) {
	full := filepath.Join(root, filepath.FromSlash(p))
	tmp := full + ".tmp~"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Error(err)
		return
	}
	if err := os.Rename(tmp, full); err != nil {
		t.Error(err)
	}
}

// PNG returns a w×h PNG file of one color.
func PNG(t testing.TB, w, h int, c color.NRGBA) []byte {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// RedFrag is a fragment shader for testdata/assets/shaders/flat.vert that
// draws everything red.
const RedFrag = `#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_tex;
out vec4 o_color;
void main() { o_color = vec4(1.0, 0.0, 0.0, 1.0); }
`

// ToneWAV returns a mono 16-bit PCM WAV file of n samples of a 440 Hz tone
// at rate samples a second, at half amplitude.
func ToneWAV(rate, n int) []byte {
	b := make([]byte, 44+2*n)
	copy(b, "RIFF")
	binary.LittleEndian.PutUint32(b[4:], uint32(36+2*n))
	copy(b[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(b[16:], 16)
	binary.LittleEndian.PutUint16(b[20:], 1) // PCM
	binary.LittleEndian.PutUint16(b[22:], 1) // mono
	binary.LittleEndian.PutUint32(b[24:], uint32(rate))
	binary.LittleEndian.PutUint32(b[28:], uint32(2*rate))
	binary.LittleEndian.PutUint16(b[32:], 2)
	binary.LittleEndian.PutUint16(b[34:], 16)
	copy(b[36:], "data")
	binary.LittleEndian.PutUint32(b[40:], uint32(2*n))
	for i := range n {
		v := int16(16000 * math.Sin(2*math.Pi*440*float64(i)/float64(rate)))
		binary.LittleEndian.PutUint16(b[44+2*i:], uint16(v))
	}
	return b
}

package asset

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wav16 returns a mono 16-bit PCM WAV file of n samples of a 440 Hz tone.
func wav16(rate, n int) []byte {
	data := make([]byte, 2*n)
	for i := range n {
		v := int16(16000 * math.Sin(2*math.Pi*440*float64(i)/float64(rate)))
		binary.LittleEndian.PutUint16(data[2*i:], uint16(v))
	}
	h := make([]byte, 44)
	copy(h, "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+len(data)))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], 1) // mono
	binary.LittleEndian.PutUint32(h[24:], uint32(rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(2*rate))
	binary.LittleEndian.PutUint16(h[32:], 2)
	binary.LittleEndian.PutUint16(h[34:], 16)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(len(data)))
	return append(h, data...)
}

// Sounds load through the asset manager like any asset: decoded on a
// worker, shared, and a corrupt file is an error naming it.
func TestAssetsLoadAudioClips(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "sfx"), 0o755)
	os.WriteFile(filepath.Join(root, "sfx", "beep.wav"), wav16(22050, 2205), 0o644)
	os.WriteFile(filepath.Join(root, "sfx", "bad.wav"), []byte("RIFF\x10\x00\x00\x00WAVEjunk"), 0o644)
	a, _, _ := newTestAssets(t, root, Options{})

	x, err := a.Load("sfx/beep.wav")
	if err != nil {
		t.Fatal(err)
	}
	c := x.Clip()
	if c == nil || c.Rate() != 22050 || c.Channels() != 1 || c.Frames() != 2205 {
		t.Fatalf("clip %+v", c)
	}
	y, _ := a.Load("sfx/beep.wav")
	if y != x || x.Refs() != 2 {
		t.Fatalf("a second Load must share the asset: refs %d", x.Refs())
	}
	if _, err := a.Load("sfx/bad.wav"); err == nil || !strings.Contains(err.Error(), "sfx/bad.wav") {
		t.Fatalf("corrupt WAV: %v, want an error naming the file", err)
	}
}

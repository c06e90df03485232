package asset

import (
	"github.com/tact-engine/tact/internal/assettest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Sounds load through the asset manager like any asset: decoded on a
// worker, shared, and a corrupt file is an error naming it.
func TestAssetsLoadAudioClips(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "sfx"), 0o755)
	os.WriteFile(filepath.Join(root, "sfx", "beep.wav"), assettest.ToneWAV(22050, 2205), 0o644)
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

// A slightly corrupt Ogg Vorbis file (one of the header mutations in the
// audio package's fuzz corpus) made the decoder allocate 16 GiB, killing the
// game; through the asset manager it is an error naming the file.
func TestAssetsCorruptOggIsAnError(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "audio", "testdata", "fuzz", "FuzzOggDecode", "mutant-0028"))
	if err != nil {
		t.Fatal(err)
	}
	q, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "go test fuzz v1\n[]byte(")
	q, ok2 := strings.CutSuffix(q, ")")
	data, err := strconv.Unquote(q)
	if !ok || !ok2 || err != nil {
		t.Fatalf("corpus file: %v", err)
	}
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "bad.ogg"), []byte(data), 0o644)
	a, _, _ := newTestAssets(t, root, Options{})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = a.Load("bad.ogg")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "bad.ogg") {
		t.Fatalf("corrupt Ogg: %v, want an error naming the file", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
		t.Errorf("loading allocated %d MiB", n>>20)
	}
}

//go:build unix

package audio

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Opening a FIFO for reading waits for a writer: Load, LoadFS, Stream and
// StreamFS blocked forever on one. They refuse it, naming the file.
func TestLoadAndStreamRefuseFIFO(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pipe.wav")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"Load", func() error { _, err := Load(path); return err }},
		{"LoadFS", func() error { _, err := LoadFS(os.DirFS(dir), "pipe.wav"); return err }},
		{"Stream", func() error { _, err := Stream(path); return err }},
		{"StreamFS", func() error { _, err := StreamFS(os.DirFS(dir), "pipe.wav"); return err }},
	} {
		done := make(chan error, 1)
		go func() { done <- tc.call() }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "pipe.wav") || !strings.Contains(err.Error(), "named pipe") {
				t.Errorf("%s: error %v, want ErrNotRegular naming pipe.wav", tc.name, err)
			}
		case <-time.After(5 * time.Second):
			// Release the blocked open: a writer lets it return, and
			// closing the writer ends the read.
			if w, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
				w.Close()
			}
			<-done
			t.Errorf("%s blocked on a FIFO", tc.name)
		}
	}
}

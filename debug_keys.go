package tact

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/profiler"
)

// SavePNG writes img to path as a PNG file, creating or replacing it. The
// error names the file.
func SavePNG(path string, img *image.RGBA) error {
	if img == nil {
		return fmt.Errorf("tact: save %s: no image", path)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("tact: save %s: %w", path, err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("tact: save %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("tact: save %s: %w", path, err)
	}
	return nil
}

// debugKeys binds the keys every Game has: F1 toggles the stats overlay,
// F11 captures a frame (Game.CaptureFrame) and F12 saves a screenshot as a
// PNG file.
type debugKeys struct {
	g        *Game
	overlay  *profiler.StatsOverlay
	dir      string
	saves    sync.WaitGroup // screenshots delivered and being saved
	shots    int
	captures int
	off      []func()

	mu    sync.Mutex
	saved []string
	err   error
}

// bindDebugKeys binds F1 to overlay.Toggle, F11 to a frame capture into a
// folder capture-YYYYMMDD-HHMMSS-N of dir, and F12 to a screenshot saved in
// dir (the current directory when empty) as
// screenshot-YYYYMMDD-HHMMSS-N.png; the PNG is encoded on a worker, so the
// frame does not wait for it, and the path or the error is reported through
// the Game's logger. Call it once the Game is up (from GameInited), when its
// Input exists; it returns nil before.
func bindDebugKeys(g *Game, overlay *profiler.StatsOverlay, dir string) *debugKeys {
	in := g.Input()
	if in == nil {
		return nil
	}
	k := &debugKeys{g: g, overlay: overlay, dir: dir}
	k.off = append(k.off, in.KeyDown.On(func(e platform.KeyEvent) {
		if e.Repeat {
			return
		}
		switch e.Key {
		case platform.KeyF1:
			if k.overlay != nil {
				k.overlay.Toggle()
			}
		case platform.KeyF11:
			k.capture()
		case platform.KeyF12:
			k.screenshot()
		}
	}))
	return k
}

func (k *debugKeys) screenshot() {
	k.shots++
	name := fmt.Sprintf("screenshot-%s-%d.png", time.Now().Format("20060102-150405"), k.shots)
	path := filepath.Join(k.dir, name)
	if k.g.renderer == nil || k.g.cfg.NoGraphics {
		k.g.cfg.Logger.Printf("tact: screenshot %s: the game has no graphics", path)
		return
	}
	k.g.Screenshot(func(img *image.RGBA) {
		k.saves.Add(1) // on the main thread, before Wait can look
		go func() {
			defer k.saves.Done()
			err := SavePNG(path, img)
			k.mu.Lock()
			if err != nil && k.err == nil {
				k.err = err
			} else if err == nil {
				k.saved = append(k.saved, path)
			}
			k.mu.Unlock()
			if err != nil {
				k.g.cfg.Logger.Printf("%v", err)
			} else {
				k.g.cfg.Logger.Printf("tact: screenshot saved to %s", path)
			}
		}()
	})
}

// Wait waits for the screenshots delivered so far to be saved and returns
// the paths saved (a capture's index.html) and the first error. A screenshot is delivered at the
// start of a frame after the one it captures, or when Run shuts down; one
// whose frame was never drawn (the Game quit first) is never saved. Call
// Wait on the main thread, or after Run returned.
func (k *debugKeys) Wait() ([]string, error) {
	k.saves.Wait()
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.saved...), k.err
}

// Unbind removes the key bindings.
func (k *debugKeys) Unbind() {
	for _, off := range k.off {
		off()
	}
	k.off = nil
}

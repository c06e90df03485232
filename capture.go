package tact

import (
	"fmt"
	"image"
	"path/filepath"
	"time"
)

// CaptureFrame captures the frame being recorded into dir: an index.html a
// browser opens, listing every pass and draw of the frame with its state,
// and a picture of each pass's target as the pass left it (see
// render.Frame.CaptureFrame). done, if not nil, gets the result on the
// main thread at the start of a later frame. F11 calls it with a new
// folder under Config.ScreenshotDir. With NoGraphics done gets an error
// at once.
func (g *Game) CaptureFrame(dir string, done func(error)) {
	if g.renderer == nil || g.cfg.NoGraphics {
		if done != nil {
			done(fmt.Errorf("tact: capture %s: the game has no graphics", dir))
		}
		return
	}
	g.renderer.Frame().CaptureFrame(dir, func(err error) {
		// On the render thread: hand the result to the main thread.
		g.shots <- shot{done: func(*image.RGBA) {
			if done != nil {
				done(err)
			}
		}}
	})
}

// capture is F11: a frame capture into a new folder, its page reported
// through the logger.
func (k *debugKeys) capture() {
	k.captures++
	dir := filepath.Join(k.dir, fmt.Sprintf("capture-%s-%d", time.Now().Format("20060102-150405"), k.captures))
	// done runs on the main thread once the files are written (or at
	// shutdown, for a frame still in flight), before Wait can look.
	k.g.CaptureFrame(dir, func(err error) {
		k.mu.Lock()
		if err != nil && k.err == nil {
			k.err = err
		} else if err == nil {
			k.saved = append(k.saved, filepath.Join(dir, "index.html"))
		}
		k.mu.Unlock()
		if err != nil {
			k.g.cfg.Logger.Printf("%v", err)
		} else {
			k.g.cfg.Logger.Printf("tact: frame captured: open %s in a browser", filepath.Join(dir, "index.html"))
		}
	})
}

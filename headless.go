package tact

import (
	"image"

	"github.com/tact-engine/tact/runtime/director"
)

// ScreenshotFrame captures frame n (counting from 0, as Director.TotalFrames
// does) as drawn, and calls done with it on the main thread a frame or two
// later. Ask before frame n is drawn; with NoGraphics done never runs.
func (g *Game) ScreenshotFrame(n uint64, done func(*image.RGBA)) {
	off := func() {}
	off = g.director.BeforeDraw.On(func(d *director.Director) {
		if d.TotalFrames() == n {
			g.Screenshot(done)
			off()
		}
	})
}

// RunHeadless runs a game with no visible window for frames frames (real
// GL through SDL's offscreen driver), at a fixed 1/60 s per frame unless
// cfg.FixedDT says otherwise, calling script (when not nil) at the end of
// every frame with the number of the frame that just ended, from 0: a script
// drives the game as a player would (g.Input().InjectKey and friends; the
// input reaches the scene at the start of the next frame). It returns the
// Game (its scene still there to inspect) and the last frame as drawn.
//
// It is how a game tests itself: from go test, run it on the main thread
// through platform/platformtest (TestMain calls platformtest.Main, the test
// calls platformtest.Do), as the Example shows. Like Run, it must be called
// on the main goroutine.
func RunHeadless(cfg Config, start StartFunc, frames uint64, script func(g *Game, frame uint64)) (*Game, *image.RGBA, error) {
	cfg.Headless = true
	if cfg.FixedDT <= 0 {
		cfg.FixedDT = 1.0 / 60
	}
	cfg.MaxFrames = frames
	g := NewGame(cfg)
	if script != nil {
		g.director.EndFrame.On(func(d *director.Director) { script(g, d.TotalFrames()) })
	}
	var last *image.RGBA
	if frames > 0 {
		g.ScreenshotFrame(frames-1, func(img *image.RGBA) { last = img })
	}
	err := g.Run(start)
	return g, last, err
}

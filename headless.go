package tact

import (
	"fmt"
	"image"
	"runtime/debug"

	"github.com/tact-engine/tact/core"
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
// Game and the last frame as drawn.
//
// The Game's scene is still there to inspect: g.Director().Scene() is the
// scene that ran the last frame, its nodes and components as they were,
// never given OnDisable or OnDestroy. The Director is stopped
// (Director.Stopped) and draws nothing any more (the window and renderer
// are gone); call g.Director().End() to unload the scene when a test wants
// to see its OnDisable and OnDestroy.
//
// RunHeadless always runs with cfg.PanicFatal: a panic in a component
// callback, a timer, a UI or node-event listener, an input listener or the
// script ends the run at once, and RunHeadless returns it as an error
// naming the frame (a *scenegraph.CallbackPanic, which names the node path
// and the component, for errors.As), with the scene left as the panic
// found it. A released game reports such panics and goes on; a test must
// fail.
//
// It is how a game tests itself: from go test, run it on the main thread
// through platform/platformtest (TestMain calls platformtest.Main, the test
// calls platformtest.Do), as the Example shows. Like Run, it must be called
// on the main goroutine.
func RunHeadless(cfg Config, start StartFunc, frames uint64, script func(g *Game, frame uint64)) (g *Game, last *image.RGBA, err error) {
	cfg.Headless = true
	cfg.PanicFatal = true
	if cfg.FixedDT <= 0 {
		cfg.FixedDT = 1.0 / 60
	}
	cfg.MaxFrames = frames
	g = NewGame(cfg)
	g.keepScene = true
	if script != nil {
		g.director.EndFrame.On(func(d *director.Director) { script(g, d.TotalFrames()) })
	}
	if frames > 0 {
		g.ScreenshotFrame(frames-1, func(img *image.RGBA) { last = img })
	}
	defer func() {
		// Run has shut down (its deferred shutdown ran as the panic
		// passed); what is left to do is to turn the panic into the error.
		if p := recover(); p != nil {
			err = headlessPanic(g.director.TotalFrames(), p)
		}
		// Nothing may draw through the closed renderer or read the closed
		// input if the caller ticks the kept scene further.
		g.director.SetFrameSink(nil, nil)
		g.director.SetInput(nil)
		g.director.SetJobPool(nil)
	}()
	err = g.Run(start)
	return g, last, err
}

// headlessPanic is the error RunHeadless returns for a panic that escaped
// frame n: the panic's own error when it is one (a *scenegraph.CallbackPanic
// names the node path and component), else its value and stack.
func headlessPanic(n uint64, p any) error {
	// A listener's panic that went through another signal's Emit (a UI
	// click, under the input listener that fed the UI) arrives wrapped in
	// that signal's report: the innermost error names the node.
	for {
		lp, ok := p.(*core.ListenerPanic)
		if !ok {
			break
		}
		if _, ok := lp.Value.(error); !ok {
			break
		}
		p = lp.Value
	}
	if e, ok := p.(error); ok {
		return fmt.Errorf("tact: RunHeadless: frame %d: %w", n, e)
	}
	return fmt.Errorf("tact: RunHeadless: frame %d: panic: %v\n%s", n, p, debug.Stack())
}

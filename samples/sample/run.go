package sample

import (
	"image"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/director"
)

// Run runs s in a new Game made from cfg (after s.Configure): s.Start builds
// the scene, and, if script is true, s.Script is called at the end of every
// frame. With cfg.MaxFrames set, the last frame is captured and returned as
// last (nil with NoGraphics). Run must be called on the main goroutine, like
// Game.Run.
func Run(s Sample, cfg tact.Config, script bool) (g *tact.Game, last *image.RGBA, err error) {
	if s.Configure != nil {
		s.Configure(&cfg)
	}
	g = tact.NewGame(cfg)
	d := g.Director()
	if script && s.Script != nil {
		d.EndFrame.On(func(d *director.Director) { s.Script(g, d.TotalFrames()) })
	}
	if cfg.MaxFrames > 0 {
		g.ScreenshotFrame(cfg.MaxFrames-1, func(img *image.RGBA) { last = img })
	}
	err = g.Run(s.Start)
	return g, last, err
}

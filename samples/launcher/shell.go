package main

import (
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// shell is what the launcher adds to every Game it runs, whatever scene is
// showing: Esc calls onEscape. It listens to the Director's frame events,
// which outlive scenes.
type shell struct {
	onEscape func(g *tact.Game)      // Esc: quit, or back to the list
	onLaunch func(*scenegraph.Scene) // optional: after every scene launch

	game *tact.Game
}

// wrap returns s with a Start that attaches the shell to the Game first.
func (sh *shell) wrap(s sample.Sample) sample.Sample {
	start := s.Start
	s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
		sh.attach(g)
		return start(g)
	}
	return s
}

// attach subscribes to g's frames (once: Restart calls Start again).
func (sh *shell) attach(g *tact.Game) {
	if sh.game == g {
		return
	}
	sh.game = g
	d := g.Director()
	d.EndFrame.On(sh.endFrame)
	d.AfterSceneLaunch.On(sh.launched)
}

// endFrame handles Esc, after the scene has seen it. F1 (stats overlay) and
// F12 (screenshot into Config.ScreenshotDir) are the Game's own keys.
func (sh *shell) endFrame(d *director.Director) {
	if sh.game.Input().JustPressed(platform.KeyEscape) && sh.onEscape != nil {
		sh.onEscape(sh.game)
	}
}

// launched tells the launcher about every new scene.
func (sh *shell) launched(s *scenegraph.Scene) {
	if sh.onLaunch != nil {
		sh.onLaunch(s)
	}
}

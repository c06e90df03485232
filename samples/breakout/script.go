package breakout

import (
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/scenegraph"
)

// Script plays without a person, for tests and for `make run` without a
// display: it clicks Play on the title menu with the mouse, then steers the
// paddle under the ball with the arrow keys, launches with Space, and
// pauses with P near the end (Esc is the launcher's), so the last picture
// shows the pause menu.
func Script(g *tact.Game, frame uint64) {
	in := g.Input()
	s := g.Director().Scene()
	if s == nil {
		return
	}
	switch {
	case frame == 20 || frame == 21 || frame == 22:
		if play := s.Find("Menu/Play"); play != nil && s.Name() == "Title" {
			x, y := screenOf(s, play)
			switch frame {
			case 20:
				in.InjectMouseMove(x, y)
			case 21:
				in.InjectMouseButton(platform.MouseLeft, true, x, y)
			case 22:
				in.InjectMouseButton(platform.MouseLeft, false, x, y)
			}
		}
	case s.Name() == "Play" && frame < 170:
		autopilot(in, s, frame)
	case s.Name() == "Play" && frame == 170:
		in.InjectKey(platform.KeyLeft, false)
		in.InjectKey(platform.KeyRight, false)
		in.InjectKey(platform.KeyP, true)
	case frame == 171:
		in.InjectKey(platform.KeyP, false)
	}
}

// autopilot holds Left or Right to keep the paddle under the ball, and taps
// Space to launch it.
func autopilot(in *platform.Input, s *scenegraph.Scene, frame uint64) {
	ball, pad := s.Find("World/Ball"), s.Find("World/Paddle")
	if ball == nil || pad == nil {
		return
	}
	dx := ball.Position()[0] - pad.Position()[0]
	in.InjectKey(platform.KeyLeft, dx < -12)
	in.InjectKey(platform.KeyRight, dx > 12)
	in.InjectKey(platform.KeySpace, frame%20 == 0)
}

// screenOf returns where n's origin is on the screen, in window pixels.
func screenOf(s *scenegraph.Scene, n *scenegraph.Node) (int, int) {
	cam := scenegraph.GetComponent[*scenegraph.Camera](s.Find("Camera"))
	x, y := cam.WorldToScreen(n.WorldPosition())
	return int(x), int(y)
}

package tact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// A Game resizes its window: the Canvas refits in the frame that has the
// new size, and the mouse, fed by the Game, clicks the HUD button where it
// is drawn now.
func TestCanvasFollowsWindowResize(t *testing.T) {
	cfg := headless(12)
	var (
		canvas *ui.Canvas
		clicks int
		fits   []ui.CanvasFit
		dw, dh int
	)
	g := NewGame(cfg)
	g.director.AfterDraw.On(func(d *director.Director) {
		if canvas == nil {
			return
		}
		fits = append(fits, canvas.Current())
		dw, dh = g.Window().DrawableSize()
		switch d.TotalFrames() {
		case 3:
			g.Window().SetSize(400, 200) // FixedHeight 240 → scale 5/6
		case 6: // where the button was before the resize: (200+132·5/6, ...)
			g.Input().InjectMouseMove(310, 15)
			g.Input().InjectMouseButton(platform.MouseLeft, true, 310, 15)
			g.Input().InjectMouseButton(platform.MouseLeft, false, 310, 15)
		case 8:
			// The visible area is 480×240 now: the button's center,
			// canvas (240-8-20, 120-8-10) = (212, 102), is screen
			// (200 + 212·5/6, 100 - 102·5/6) = (376.7, 15).
			g.Input().InjectMouseMove(376, 15)
			g.Input().InjectMouseButton(platform.MouseLeft, true, 376, 15)
			g.Input().InjectMouseButton(platform.MouseLeft, false, 376, 15)
		}
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Resize")
		cam := scenegraph.NewNode("Camera")
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
		hud := scenegraph.NewNode("HUD")
		s.AddChild(hud)
		canvas = scenegraph.AddComponent(hud, ui.NewCanvas(320, 240, ui.FixedHeight))
		btn := scenegraph.NewNode("Button")
		hud.AddChild(btn)
		scenegraph.AddComponent(btn, ui.NewRect(40, 20))
		scenegraph.AddComponent(btn, &ui.Widget{Edges: ui.EdgeRight | ui.EdgeTop, Right: 8, Top: 8})
		btn.On(ui.EventClick, func(*scenegraph.Event) { clicks++ }, nil)
		return s, nil
	})
	if dw != 400 || dh != 200 {
		t.Skipf("the video driver did not resize the window (%dx%d)", dw, dh)
	}
	if len(fits) == 0 || fits[0].Scale != 1 || fits[0].Visible[0] != 320 {
		t.Fatalf("first fit %+v, want scale 1 over 320×240", fits)
	}
	last := fits[len(fits)-1]
	if last.Scale != float32(200)/240 || last.Visible != (mgl32.Vec2{480, 240}) || last.Viewport != (render.Rect{W: 400, H: 200}) {
		t.Fatalf("fit after the resize %+v, want scale 5/6 over 400×200", last)
	}
	if clicks != 1 {
		t.Fatalf("%d clicks on the HUD button at its new place, want 1", clicks)
	}
}

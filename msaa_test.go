package tact

import (
	"image"
	"testing"

	"github.com/tact-engine/tact/director"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// TestMSAAWindow runs a Game with Config.MSAA 0 and 4 and draws a white
// square rotated 30 degrees on black. The window must open either way and
// report its samples; without MSAA the screenshot has only 0 and 255.
// Where the driver grants a multisampled window, the antialiased pixels are
// only logged: SDL's offscreen EGL driver on Mesa reports 4 samples yet
// renders (or reads back) an unantialiased picture, so window MSAA is not
// verifiable offscreen; multisampled render targets are (render/gl tests).
func TestMSAAWindow(t *testing.T) {
	for _, msaa := range []int{0, 4} {
		cfg := headless(3)
		cfg.MSAA = msaa
		g := NewGame(cfg)
		var img *image.RGBA
		g.director.BeforeDraw.On(func(d *director.Director) {
			if d.TotalFrames() == 2 {
				g.Screenshot(func(i *image.RGBA) { img = i })
			}
		})
		samples := -1
		runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
			samples = g.Window().Samples()
			s := scenegraph.NewScene("MSAA")
			cam := scenegraph.NewNode("Camera")
			cam.SetPositionXY(160, 120)
			s.AddChild(cam)
			scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
			n := scenegraph.NewNode("Square")
			n.SetPositionXY(160, 120)
			n.SetRotationEuler(0, 0, 30)
			s.AddChild(n)
			scenegraph.AddComponent(n, scenegraph.NewSprite(0, 100, 100))
			return s, nil
		})
		if img == nil {
			t.Fatal("no frame captured")
		}
		mid, full := 0, 0
		for i := 0; i < len(img.Pix); i += 4 {
			switch v := img.Pix[i]; v {
			case 255:
				full++
			case 0:
			default:
				mid++
			}
		}
		t.Logf("MSAA %d: window has %d samples; %d white, %d intermediate pixels", msaa, samples, full, mid)
		if full < 9000 {
			t.Errorf("MSAA %d: square missing (%d white pixels)", msaa, full)
		}
		if msaa == 0 && (samples != 0 || mid != 0) {
			t.Errorf("no MSAA: %d samples, %d intermediate pixels", samples, mid)
		}
		if msaa > 0 && samples != 0 && samples < 2 {
			t.Errorf("MSAA %d: Samples() = %d, want 0 or at least 2", msaa, samples)
		}
	}
}

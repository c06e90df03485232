package tact

import (
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// TestMSAAScreen runs a Game with Config.MSAA 0 and 4, in both render
// modes, drawing a white square rotated 30 degrees on black. Without MSAA
// the screenshot holds only 0 and 255; with it the square's edges are
// blended (the screen is drawn multisampled and resolved before the
// screenshot), and the square is as large either way.
func TestMSAAScreen(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		for _, msaa := range []int{0, 4} {
			cfg := headless(3)
			cfg.MSAA = msaa
			cfg.RenderOnMain = onMain
			img, _ := shootConfig(t, cfg, func(g *Game) (*scenegraph.Scene, error) {
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
			mid, sum := 0, 0
			for i := 0; i < len(img.Pix); i += 4 {
				v := int(img.Pix[i])
				sum += v
				if v != 0 && v != 255 {
					mid++
				}
			}
			area := float64(sum) / 255 // covered pixels, edges counted by coverage
			t.Logf("onMain %v, MSAA %d: %d blended pixels, area %.0f", onMain, msaa, mid, area)
			if area < 9700 || area > 10300 {
				t.Errorf("onMain %v, MSAA %d: square covers %.0f pixels, want about 10000", onMain, msaa, area)
			}
			if msaa == 0 && mid != 0 {
				t.Errorf("onMain %v, no MSAA: %d blended pixels", onMain, mid)
			}
			if msaa > 0 && mid < 200 {
				t.Errorf("onMain %v, MSAA %d: only %d blended edge pixels (the perimeter is about 400)", onMain, msaa, mid)
			}
		}
	}
}

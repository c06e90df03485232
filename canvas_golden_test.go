package tact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/camera2d"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// checkerTexture is 8×8: a two-tone checker of 4-pixel squares.
func checkerTexture(a, b [4]byte) []byte {
	pix := make([]byte, 8*8*4)
	for y := range 8 {
		for x := range 8 {
			c := a
			if (x < 4) != (y < 4) {
				c = b
			}
			copy(pix[(y*8+x)*4:], c[:])
		}
	}
	return pix
}

// hudScene: a world scrolled far from its origin by a camera2d.Follow on a
// player (an arrow sprite at (2000, 1000)), over a repeating checker sky
// scrolling at half speed (camera2d.Parallax) and ground blocks; over it a
// Canvas HUD (design 320×240, FixedHeight) with a red bar pinned to the
// top-left, a white box to the bottom-right, and a label at the center.
// At another window aspect the world shows more or less of itself, and the
// HUD keeps its design height with its corners on the window's corners.
func hudScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("HUD")
	f := g.Renderer().Frame()
	sky := f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterNearest, Wrap: render.WrapRepeat},
		checkerTexture([4]byte{60, 90, 160, 255}, [4]byte{90, 130, 200, 255}))
	arrow := f.CreateTexture(render.TextureDesc{Width: 16, Height: 16, Filter: render.FilterNearest}, arrowTexture())

	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))

	bg := scenegraph.NewNode("Sky")
	s.AddChild(bg)
	scenegraph.AddComponent(bg, scenegraph.NewSprite(sky, 64, 64)) // one repeat every 64 units
	scenegraph.AddComponent(bg, &camera2d.Parallax{Camera: cam, Factor: mgl32.Vec2{0.5, 0.5}, RepeatX: true, RepeatY: true})

	for i := range 7 {
		b := scenegraph.NewNode("Ground")
		b.SetPositionXY(1850+float32(i)*50, 960)
		s.AddChild(b)
		sp := scenegraph.AddComponent(b, scenegraph.NewSprite(0, 40, 24))
		sp.Color = render.RGBA(90, 160, 70, 255)
	}
	player := scenegraph.NewNode("Player")
	player.SetPositionXY(2000, 1000)
	s.AddChild(player)
	scenegraph.AddComponent(player, scenegraph.NewSprite(arrow, 32, 32))
	scenegraph.AddComponent(cam, &camera2d.Follow{Target: player, Offset: mgl32.Vec2{0, 20}, PixelSnap: true})

	hud := scenegraph.NewNode("Canvas")
	s.AddChild(hud)
	scenegraph.AddComponent(hud, ui.NewCanvas(320, 240, ui.FixedHeight))
	bar := scenegraph.NewNode("Health")
	hud.AddChild(bar)
	scenegraph.AddComponent(bar, ui.NewRect(100, 14))
	scenegraph.AddComponent(bar, &ui.Widget{Edges: ui.EdgeLeft | ui.EdgeTop, Left: 8, Top: 8})
	barSprite := scenegraph.AddComponent(bar, scenegraph.NewSprite(0, 100, 14))
	barSprite.Color = render.RGBA(220, 40, 40, 255)
	box := scenegraph.NewNode("Map")
	hud.AddChild(box)
	scenegraph.AddComponent(box, ui.NewRect(40, 40))
	scenegraph.AddComponent(box, &ui.Widget{Edges: ui.EdgeRight | ui.EdgeBottom, Right: 8, Bottom: 8})
	boxSprite := scenegraph.AddComponent(box, scenegraph.NewSprite(0, 40, 40))
	boxSprite.Color = render.RGBA(240, 240, 240, 255)
	label := scenegraph.NewNode("Title")
	hud.AddChild(label)
	scenegraph.AddComponent(label, text.NewLabel("HUD", 20, render.RGBA(255, 255, 255, 255)))
	return s, nil
}

// A scrolled world with a Canvas HUD, at two window aspects, threaded and
// on the main thread.
func TestCanvasHUDGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
	}{{"canvas_hud_320x240", 320, 240}, {"canvas_hud_400x200", 400, 200}} {
		for _, onMain := range []bool{false, true} {
			cfg := headless(3)
			cfg.Width, cfg.Height = c.w, c.h
			cfg.RenderOnMain = onMain
			img, _ := shootConfig(t, cfg, hudScene)
			if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h {
				t.Fatalf("%s: picture %v, want %dx%d", c.name, b, c.w, c.h)
			}
			checkGolden(t, c.name, img)
			if *updateGolden {
				break
			}
		}
	}
}

// pixelArtScene: a 160×120 pixel-art game in a 350×250 window with
// IntegerScale: the world camera (FitCameras) and the HUD both draw at
// twice the design size into the centered 320×240 viewport at (15, 5),
// every texel a sharp 2×2 square; a background camera clears the bars.
func pixelArtScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("PixelArt")
	f := g.Renderer().Frame()
	arrow := f.CreateTexture(render.TextureDesc{Width: 16, Height: 16, Filter: render.FilterNearest}, arrowTexture())
	sky := f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterNearest, Wrap: render.WrapRepeat},
		checkerTexture([4]byte{40, 70, 120, 255}, [4]byte{60, 100, 160, 255}))

	bars := scenegraph.NewNode("Bars")
	s.AddChild(bars)
	bc := scenegraph.AddComponent(bars, scenegraph.NewOrthoCamera(render.RGBA(10, 10, 10, 255)))
	bc.Priority, bc.Visibility = -1, 1<<22 // sees an unused layer: only clears

	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(500, 300)
	s.AddChild(cam)
	world := scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
	bg := scenegraph.NewNode("Sky")
	s.AddChild(bg)
	scenegraph.AddComponent(bg, scenegraph.NewSprite(sky, 16, 16))
	scenegraph.AddComponent(bg, &camera2d.Parallax{Camera: cam, Factor: mgl32.Vec2{0.5, 0.5}, RepeatX: true, RepeatY: true})
	hero := scenegraph.NewNode("Hero")
	hero.SetPositionXY(490, 295)
	s.AddChild(hero)
	scenegraph.AddComponent(hero, scenegraph.NewSprite(arrow, 16, 16))

	hud := scenegraph.NewNode("Canvas")
	s.AddChild(hud)
	canvas := scenegraph.AddComponent(hud, ui.NewCanvas(160, 120, ui.IntegerScale))
	canvas.FitCameras = []*scenegraph.Camera{world}
	bar := scenegraph.NewNode("Health")
	hud.AddChild(bar)
	scenegraph.AddComponent(bar, ui.NewRect(30, 5))
	scenegraph.AddComponent(bar, &ui.Widget{Edges: ui.EdgeLeft | ui.EdgeTop, Left: 3, Top: 3})
	sp := scenegraph.AddComponent(bar, scenegraph.NewSprite(0, 30, 5))
	sp.Color = render.RGBA(220, 40, 40, 255)
	return s, nil
}

// IntegerScale letterboxes a pixel-art world and its HUD at a whole scale,
// threaded and on the main thread.
func TestCanvasPixelArtGolden(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		cfg := headless(3)
		cfg.Width, cfg.Height = 350, 250
		cfg.RenderOnMain = onMain
		img, _ := shootConfig(t, cfg, pixelArtScene)
		// The bars are the background camera's clear; inside, the sky.
		if c := img.RGBAAt(5, 100); c.R != 10 || c.G != 10 || c.B != 10 {
			t.Fatalf("left bar %v, want the bars' clear (10, 10, 10)", c)
		}
		if c := img.RGBAAt(20, 100); c.B < 120 {
			t.Fatalf("inside the viewport %v, want the sky", c)
		}
		// The hero's 16 texels span screen x 139..170 (design x -18..-2,
		// twice, from 15 + 80·2): the first column and the last are its.
		for _, c := range []struct {
			x, y    int
			r, g, b uint8
		}{{139, 135, 220, 40, 40}, {170, 135, 40, 60, 220}, {139, 119, 40, 200, 60}} {
			if got := img.RGBAAt(c.x, c.y); got.R != c.r || got.G != c.g || got.B != c.b {
				t.Fatalf("pixel (%d, %d) %v, want (%d, %d, %d)", c.x, c.y, got, c.r, c.g, c.b)
			}
		}
		if got := img.RGBAAt(138, 135); got.R == 220 {
			t.Fatalf("pixel (138, 135) %v: the hero is off by a pixel", got)
		}
		checkGolden(t, "canvas_pixel_art", img)
		if *updateGolden {
			break
		}
	}
}

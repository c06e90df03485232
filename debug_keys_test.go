package tact

import (
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/director"
)

// In a real Game, F1 shows the Game's overlay and F12 saves a PNG
// screenshot into Config.ScreenshotDir that shows it over the game.
func TestDebugKeysOverlayAndScreenshot(t *testing.T) {
	dir := t.TempDir()
	cfg := headless(12)
	cfg.ScreenshotDir = dir
	g := NewGame(cfg)
	g.GameInited.On(func(g *Game) {
		g.Director().BeginFrame.On(func(d *director.Director) {
			switch d.TotalFrames() {
			case 2:
				g.Input().InjectKey(platform.KeyF1, true)
			case 3:
				g.Input().InjectKey(platform.KeyF1, false)
			case 6:
				g.Input().InjectKey(platform.KeyF12, true)
			}
		})
	})
	runGame(t, g, redSquareScene)
	if !g.StatsOverlay().Visible() {
		t.Fatal("F1 did not show the overlay")
	}
	paths, err := g.keys.Wait()
	if err != nil || len(paths) != 1 || !strings.HasPrefix(paths[0], dir) || !strings.HasSuffix(paths[0], ".png") {
		t.Fatalf("screenshots %v, %v; want one PNG in %s", paths, err, dir)
	}
	f, err := os.Open(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", paths[0], err)
	}
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 240 {
		t.Fatalf("screenshot is %v", b)
	}
	// The panel (8 px from the corner) darkens the blue background at the top left; far from it,
	// the background is untouched.
	panel := color.RGBAModel.Convert(img.At(8+3, 8+3)).(color.RGBA)
	clear := color.RGBAModel.Convert(img.At(310, 230)).(color.RGBA)
	if clear.B < 240 || panel.B > 150 {
		t.Fatalf("panel pixel %v, background %v: the overlay is not in the screenshot", panel, clear)
	}
}

func TestSavePNGErrors(t *testing.T) {
	if err := SavePNG(t.TempDir()+"/none/x.png", nil); err == nil || !strings.Contains(err.Error(), "x.png") {
		t.Fatalf("SavePNG(nil) = %v", err)
	}
}

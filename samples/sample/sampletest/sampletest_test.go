package sampletest_test

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// A sample that only clears the screen: Run draws it at the configured size,
// calls its script once a frame, and the picture is one color.
func TestRun(t *testing.T) {
	clear := render.RGBA(30, 60, 90, 255)
	var frames []uint64
	s := sample.Sample{
		Name:      "clear",
		Configure: func(cfg *tact.Config) { cfg.Width, cfg.Height = 64, 48 },
		Start: func(g *tact.Game) (*scenegraph.Scene, error) {
			sc := scenegraph.NewScene("Clear")
			cam := scenegraph.NewNode("Camera")
			sc.AddChild(cam)
			scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(clear))
			return sc, nil
		},
		Script: func(g *tact.Game, frame uint64) { frames = append(frames, frame) },
	}
	g, img := sampletest.Run(t, s, 4)
	if g == nil {
		t.Fatal("no Game")
	}
	if b := img.Bounds(); b.Dx() != 64 || b.Dy() != 48 {
		t.Errorf("screenshot is %v, want 64x48", b)
	}
	if n := sampletest.Colors(img); n != 1 {
		t.Errorf("%d colors, want 1 (the clear color)", n)
	}
	if c := img.RGBAAt(10, 10); !sampletest.Near(c, sampletest.RGBA(clear), 2) {
		t.Errorf("pixel %v, want %v", c, sampletest.RGBA(clear))
	}
	if len(frames) != 4 || frames[0] != 0 || frames[3] != 3 {
		t.Errorf("script called for frames %v, want 0 to 3", frames)
	}
}

func TestColors(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	if n := sampletest.Colors(img); n != 1 {
		t.Errorf("blank image: %d colors, want 1", n)
	}
	img.SetRGBA(3, 4, color.RGBA{255, 0, 0, 255})
	img.SetRGBA(39, 19, color.RGBA{0, 255, 0, 255})
	if n := sampletest.Colors(img); n != 3 {
		t.Errorf("%d colors, want 3", n)
	}
	// A sub-image counts only its own pixels.
	if n := sampletest.Colors(img.SubImage(image.Rect(0, 0, 3, 3))); n != 1 {
		t.Errorf("sub-image: %d colors, want 1", n)
	}
	// Any image.Image; counting stops at MaxColors.
	gray := image.NewGray16(image.Rect(0, 0, 300, 1))
	for x := range 300 {
		gray.SetGray16(x, 0, color.Gray16{uint16(x)})
	}
	if n := sampletest.Colors(gray); n != sampletest.MaxColors {
		t.Errorf("300 grays: %d colors, want %d", n, sampletest.MaxColors)
	}
	many := image.NewRGBA(image.Rect(0, 0, 300, 1))
	for x := range 300 {
		many.SetRGBA(x, 0, color.RGBA{uint8(x), uint8(x >> 8), 0, 255})
	}
	if n := sampletest.Colors(many); n != sampletest.MaxColors {
		t.Errorf("300 colors: %d counted, want %d", n, sampletest.MaxColors)
	}
}

func TestNearAndRGBA(t *testing.T) {
	c := sampletest.RGBA(render.RGBA(10, 20, 30, 40))
	if c != (color.RGBA{10, 20, 30, 40}) {
		t.Errorf("RGBA = %v", c)
	}
	if !sampletest.Near(c, color.RGBA{13, 17, 30, 255}, 3) {
		t.Error("colors 3 apart are not near with tolerance 3")
	}
	if sampletest.Near(c, color.RGBA{10, 20, 34, 40}, 3) || sampletest.Near(c, color.RGBA{6, 20, 30, 40}, 3) {
		t.Error("colors 4 apart are near with tolerance 3")
	}
}

func TestHasBright(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 20, 20))
	img.SetRGBA(5, 5, color.RGBA{171, 171, 171, 255})
	img.SetRGBA(15, 15, color.RGBA{255, 255, 170, 255})
	if !sampletest.HasBright(img, image.Rect(-10, -10, 6, 6)) {
		t.Error("bright pixel at (5,5) not found")
	}
	if sampletest.HasBright(img, image.Rect(6, 6, 30, 30)) {
		t.Error("a pixel with blue 170 is bright")
	}
}

func TestSavePNG(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.SetRGBA(1, 2, color.RGBA{1, 2, 3, 255})
	t.Setenv(sampletest.ShotDirEnv, "")
	sampletest.SavePNG(t, img, "none.png") // no folder: nothing to do

	dir := t.TempDir()
	t.Setenv(sampletest.ShotDirEnv, dir)
	sampletest.SavePNG(t, img, "shot.png")
	f, err := os.Open(filepath.Join(dir, "shot.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	back, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if back.Bounds() != img.Bounds() || color.RGBAModel.Convert(back.At(1, 2)) != img.At(1, 2) {
		t.Errorf("read back %v with %v at (1,2), want %v and %v", back.Bounds(), back.At(1, 2), img.Bounds(), img.At(1, 2))
	}
}

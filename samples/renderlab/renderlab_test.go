package renderlab

import (
	"image"
	"image/color"
	"testing"

	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

func TestRenderLabHeadless(t *testing.T) {
	g, img := sampletest.Run(t, Sample, 30)
	if rerr := g.Director().RenderErr(); rerr != nil {
		// A toon or vignette compile error lands here (draws would silently
		// fall back to the built-in programs).
		t.Fatalf("render error: %v", rerr)
	}
	sampletest.SavePNG(t, img, "renderlab.png")
	b := img.Bounds()
	if n := sampletest.Colors(img); n < 2 {
		t.Fatalf("screenshot has %d distinct colors", n)
	}
	// The middle of the screen shows the center cube, through the target and
	// the post pass: orange, R > G > B.
	c := img.RGBAAt(b.Dx()/2, b.Dy()/2)
	if !(int(c.R) > int(c.G)+20 && int(c.G) > int(c.B)+20) {
		t.Errorf("center pixel %v: want the orange center cube", c)
	}
	// The sphere above the center cube is toon-shaded: a few flat bands of
	// light (ambient plus three), not a smooth gradient. Group the red
	// values of its pixels in the middle column into levels (the vignette
	// may shift a level by a unit or two) and count them.
	var levels [256]bool
	n := 0
	for y := b.Dy() / 2; y > b.Dy()/8; y-- {
		k := img.RGBAAt(b.Dx()/2, y)
		if k.R > 30 && absDiff(k.R, k.G) < 8 && k.B >= k.R && k.B-k.R < 20 {
			levels[k.R] = true
			n++
		}
	}
	bands, last := 0, -100
	for r, ok := range levels {
		if ok {
			if r-last > 4 {
				bands++
			}
			last = r
		}
	}
	if n < 20 || bands < 3 || bands > 4 {
		t.Errorf("sphere column: %d pixels in %d bands; want at least 20 pixels in 3 or 4 toon bands", n, bands)
	}
	// The corners show the clear color, darkened by the vignette: proof that
	// the picture went through the custom post-process program.
	cr, cg, cb := ClearColor.R(), ClearColor.G(), ClearColor.B()
	for _, p := range []image.Point{{2, 2}, {b.Dx() - 3, 2}, {2, b.Dy() - 3}, {b.Dx() - 3, b.Dy() - 3}} {
		k := img.RGBAAt(p.X, p.Y)
		if k.B == 0 || float64(k.B) > 0.6*float64(cb) || float64(k.R) > 0.6*float64(cr)+1 || float64(k.G) > 0.6*float64(cg)+1 {
			t.Errorf("corner %v = %v: want the clear color (%d,%d,%d) darkened by the vignette", p, k, cr, cg, cb)
		}
	}
	// Halfway between the center and the left edge, on the horizon line, the
	// clear color shows at nearly full strength (the vignette starts further out).
	// The cube ring may cover it, so look for a clear-colored pixel on the row.
	found := false
	for x := b.Dx()/2 - 60; x > b.Dx()/2-220 && !found; x-- {
		k := img.RGBAAt(x, 40+b.Dy()/4)
		found = sampletest.Near(k, color.RGBA{cr, cg, cb, 255}, 25)
	}
	if !found {
		t.Errorf("no undarkened background near the middle of the screen")
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

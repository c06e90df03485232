package gl_test

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

func TestClampSamples(t *testing.T) {
	for _, c := range []struct{ req, max, want int }{
		{0, 8, 0}, {1, 8, 0}, {-3, 8, 0}, {2, 8, 2}, {4, 8, 4}, {8, 8, 8},
		{16, 8, 8}, {1000, 4, 4}, {4, 1, 0}, {4, 0, 0},
	} {
		if got := gl.ClampSamples(c.req, c.max); got != c.want {
			t.Errorf("ClampSamples(%d, %d) = %d, want %d", c.req, c.max, got, c.want)
		}
	}
}

// msaaSquare renders a white square of side 20, rotated 30 degrees, on
// black, into a 32x32 target with the given samples, and returns the
// target's read-back and the screen, which shows the target's texture.
func msaaSquare(t *testing.T, samples int) (tgt, screen *image.RGBA) {
	t.Helper()
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	got := make(chan *image.RGBA, 1)
	screen, _, err := h.frame(func(f *render.Frame) {
		tg, tex := f.CreateTarget(render.TargetDesc{Width: 32, Height: 32, Filter: render.FilterNearest, Samples: samples})
		f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1},
			ViewProj: mgl32.Ortho(0, 32, 0, 32, -1, 1)})
		tr := mgl32.Translate3D(16, 16, 0).Mul4(mgl32.HomogRotate3DZ(math.Pi / 6)).Mul4(mgl32.Translate3D(-10, -10, 0))
		f.DrawSprite(&render.Sprite{Transform: tr, Size: mgl32.Vec2{20, 20}, Color: render.White, UV: mgl32.Vec4{0, 0, 1, 1}})
		// A later pass samples the target's texture: it must see the resolve.
		f.BeginPass(render.Pass{Viewport: render.Rect{W: 32, H: 32}, Clear: render.ClearColor})
		f.DrawFullscreen(&render.FullscreenDraw{Texture: tex, Color: mgl32.Vec4{1, 1, 1, 1}})
		f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { got <- img })
		f.DeleteTarget(tg)
	})
	if err != nil {
		t.Fatalf("samples %d: %v", samples, err)
	}
	return <-got, screen
}

// edgeLevels counts the red values of img's 32x32 top-left corner: full
// (255), empty (0) and in between.
func edgeLevels(img *image.RGBA) (full, empty, mid int) {
	for y := 0; y < 32; y++ {
		for x := 0; x < 32; x++ {
			switch v := img.RGBAAt(x, y).R; v {
			case 255:
				full++
			case 0:
				empty++
			default:
				mid++
			}
		}
	}
	return
}

func TestMSAATargetAntialiases(t *testing.T) {
	for _, c := range []struct {
		samples int
		aa      bool
	}{{0, false}, {1, false}, {4, true}, {1000, true}} { // 1000: clamped to GL_MAX_SAMPLES
		tgt, screen := msaaSquare(t, c.samples)
		for _, img := range []struct {
			name string
			img  *image.RGBA
		}{{"read-back", tgt}, {"sampled", screen}} {
			full, empty, mid := edgeLevels(img.img)
			t.Logf("samples %d, %s: %d full, %d empty, %d edge pixels", c.samples, img.name, full, empty, mid)
			if full < 200 || empty < 200 {
				t.Errorf("samples %d, %s: square missing (%d full, %d empty)", c.samples, img.name, full, empty)
			}
			if c.aa && mid < 20 {
				t.Errorf("samples %d, %s: %d intermediate edge pixels, want antialiased edges", c.samples, img.name, mid)
				savePNG(t, img.img)
			}
			if !c.aa && mid != 0 {
				t.Errorf("samples %d, %s: %d intermediate pixels without MSAA", c.samples, img.name, mid)
				savePNG(t, img.img)
			}
		}
	}
}

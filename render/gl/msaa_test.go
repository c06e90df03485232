package gl_test

import (
	"image"
	"math"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/gl/gltest"
	"github.com/veandco/go-sdl2/sdl"
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

// screenSquare renders msaaSquare's rotated white square straight onto a
// screen antialiased with Options.MSAA, and returns the screen and the
// backend's ScreenSamples.
func screenSquare(t *testing.T, msaa int) (*image.RGBA, int) {
	t.Helper()
	h := newHarness(t, true, gl.Options{MSAA: msaa})
	defer h.close()
	draw := func(f *render.Frame) {
		f.BeginPass(render.Pass{Viewport: render.Rect{W: 32, H: 32}, Clear: render.ClearColor | render.ClearDepth,
			ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: mgl32.Ortho(0, 32, 0, 32, -1, 1)})
		tr := mgl32.Translate3D(16, 16, 0).Mul4(mgl32.HomogRotate3DZ(math.Pi / 6)).Mul4(mgl32.Translate3D(-10, -10, 0))
		f.DrawSprite(&render.Sprite{Transform: tr, Size: mgl32.Vec2{20, 20}, Color: render.White})
	}
	img, _, err := h.frame(draw)
	if err != nil {
		t.Fatalf("MSAA %d: %v", msaa, err)
	}
	// A smaller screen (a resize) gets buffers of its size, and a frame
	// without screen passes leaves them alone.
	f := h.r.Frame()
	f.SetScreenSize(screenW/2, screenH/2)
	f.BeginPass(render.Pass{Clear: render.ClearColor})
	if err := h.r.Submit(); err != nil {
		t.Fatalf("MSAA %d, resized: %v", msaa, err)
	}
	if err := h.r.Submit(); err != nil {
		t.Fatalf("MSAA %d, no pass: %v", msaa, err)
	}
	return img, h.b.ScreenSamples()
}

// Options.MSAA antialiases the screen through the backend's own
// multisampled framebuffer: intermediate edge pixels where MSAA 0 gives
// only black and white.
func TestScreenMSAA(t *testing.T) {
	for _, c := range []struct {
		msaa int
		aa   bool
	}{{0, false}, {1, false}, {4, true}, {1000, true}} {
		img, samples := screenSquare(t, c.msaa)
		full, empty, mid := edgeLevels(img)
		t.Logf("MSAA %d: %d samples; %d full, %d empty, %d edge pixels", c.msaa, samples, full, empty, mid)
		if full < 200 || empty < 200 {
			t.Errorf("MSAA %d: square missing (%d full, %d empty)", c.msaa, full, empty)
			savePNG(t, img)
		}
		if c.aa && (mid < 20 || samples < 2) {
			t.Errorf("MSAA %d: %d samples, %d intermediate edge pixels, want antialiased edges", c.msaa, samples, mid)
			savePNG(t, img)
		}
		if !c.aa && (mid != 0 || samples != 0) {
			t.Errorf("MSAA %d: %d samples, %d intermediate pixels", c.msaa, samples, mid)
			savePNG(t, img)
		}
	}
}

// Where the window's own framebuffer is multisampled, a blit cannot
// resolve into it: the backend resolves into a texture and draws that onto
// the window. The picture read back is the same antialiased one.
func TestScreenMSAAOnMultisampledWindow(t *testing.T) {
	if testSurface == nil {
		skipOrFail(t, "no GL context")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sdl.GLSetAttribute(sdl.GL_MULTISAMPLEBUFFERS, 1)
	sdl.GLSetAttribute(sdl.GL_MULTISAMPLESAMPLES, 4)
	win, err := sdl.CreateWindow("tact msaa window", sdl.WINDOWPOS_UNDEFINED, sdl.WINDOWPOS_UNDEFINED,
		screenW, screenH, sdl.WINDOW_OPENGL|sdl.WINDOW_HIDDEN)
	sdl.GLSetAttribute(sdl.GL_MULTISAMPLEBUFFERS, 0)
	sdl.GLSetAttribute(sdl.GL_MULTISAMPLESAMPLES, 0)
	if err != nil {
		t.Skipf("no multisampled window: %v", err)
	}
	defer win.Destroy()
	ctx, err := win.GLCreateContext()
	if err != nil {
		t.Skipf("no multisampled context: %v", err)
	}
	defer sdl.GLDeleteContext(ctx)
	bufs, _ := sdl.GLGetAttribute(sdl.GL_MULTISAMPLEBUFFERS)
	if err := win.GLMakeCurrent(nil); err != nil {
		t.Fatal(err)
	}
	if bufs == 0 {
		t.Skip("the driver gave a window without multisampling")
	}
	b := gl.New(&gltest.Surface{Window: win, Context: ctx}, gl.Options{Shaders: shaderFS, NoSwap: true, MSAA: 4})
	r, err := render.NewRenderer(b, render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, r: r, b: b}
	defer h.close()
	img, _, err := h.frame(func(f *render.Frame) {
		f.BeginPass(render.Pass{Viewport: render.Rect{W: 32, H: 32}, Clear: render.ClearColor | render.ClearDepth,
			ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: mgl32.Ortho(0, 32, 0, 32, -1, 1)})
		tr := mgl32.Translate3D(16, 16, 0).Mul4(mgl32.HomogRotate3DZ(math.Pi / 6)).Mul4(mgl32.Translate3D(-10, -10, 0))
		f.DrawSprite(&render.Sprite{Transform: tr, Size: mgl32.Vec2{20, 20}, Color: render.White})
	})
	if err != nil {
		t.Fatal(err)
	}
	full, empty, mid := edgeLevels(img)
	t.Logf("window with %d sample buffers, backend MSAA %d: %d full, %d empty, %d edge pixels", bufs, b.ScreenSamples(), full, empty, mid)
	if full < 200 || empty < 200 || mid < 20 {
		t.Errorf("%d full, %d empty, %d edge pixels: want an antialiased square", full, empty, mid)
		savePNG(t, img)
	}
}

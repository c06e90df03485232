package gl_test

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// quad returns a rectangle at depth z (toward the viewer as z grows) as
// two triangles, wound counter-clockwise as seen when ccw is set, and
// clockwise otherwise.
func quad(x0, y0, x1, y1, z float32, ccw bool) ([]render.MeshVertex, []uint32) {
	v := []render.MeshVertex{
		{Position: [3]float32{x0, y0, z}, Color: render.White},
		{Position: [3]float32{x1, y0, z}, Color: render.White},
		{Position: [3]float32{x1, y1, z}, Color: render.White},
		{Position: [3]float32{x0, y1, z}, Color: render.White},
	}
	if ccw {
		return v, []uint32{0, 1, 2, 2, 3, 0}
	}
	return v, []uint32{0, 2, 1, 2, 0, 3}
}

// statePass begins an unlit pass over the whole test screen, world units
// as pixels with y up, cleared to clear.
func statePass(f *render.Frame, clear mgl32.Vec4) {
	f.BeginPass(render.Pass{Clear: render.ClearColor | render.ClearDepth | render.ClearStencil, ClearColor: clear,
		ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -10, 10)})
}

var white = color.RGBA{255, 255, 255, 255}

// eachMode runs fn with a harness on the render thread and on the main thread.
func eachMode(t *testing.T, fn func(t *testing.T, h *harness)) {
	for _, onMain := range []bool{false, true} {
		name := "render-thread"
		if onMain {
			name = "on-main"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, onMain, gl.Options{})
			defer h.close()
			fn(t, h)
		})
	}
}

func TestRenderStateCull(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		for _, c := range []struct {
			cull        render.CullMode
			left, right color.RGBA // the counter-clockwise and the clockwise quad
		}{
			{render.CullNone, red, red},
			{render.CullBack, red, black},
			{render.CullFront, black, red},
		} {
			img, _, err := h.frame(func(f *render.Frame) {
				v1, i1 := quad(4, 8, 28, 40, 0, true)
				v2, i2 := quad(36, 8, 60, 40, 0, false)
				m1, m2 := f.CreateMesh(v1, i1), f.CreateMesh(v2, i2)
				statePass(f, mgl32.Vec4{0, 0, 0, 1})
				for _, m := range []render.MeshID{m1, m2} {
					f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Color: mgl32.Vec4{1, 0, 0, 1}, State: render.RenderState{Cull: c.cull}})
				}
				// A mirrored sprite (wound clockwise) after the meshes: sprites never cull.
				f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(40, 2, 0).Mul4(mgl32.Scale3D(-1, 1, 1)), Size: mgl32.Vec2{8, 4}, Color: render.White, Layer: 1})
				f.DeleteMesh(m1)
				f.DeleteMesh(m2)
			})
			if err != nil {
				t.Fatal(err)
			}
			expect(t, img, 16, 24, c.left)
			expect(t, img, 48, 24, c.right)
			expect(t, img, 36, screenH-4, white)
		}
	})
}

func TestRenderStateDepth(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		for _, c := range []struct {
			name      string
			near, far render.RenderState
			want      color.RGBA
		}{
			{"defaults", render.RenderState{}, render.RenderState{}, green},
			{"far passes Greater", render.RenderState{}, render.RenderState{DepthFunc: render.CompareGreater}, blue},
			{"near writes no depth", render.RenderState{DepthWrite: render.Off}, render.RenderState{}, blue},
			{"far tests no depth", render.RenderState{}, render.RenderState{DepthTest: render.Off}, blue},
			{"far passes LessEqual", render.RenderState{}, render.RenderState{DepthFunc: render.CompareLessEqual}, green},
		} {
			img, _, err := h.frame(func(f *render.Frame) {
				vn, in := quad(8, 8, 56, 40, 5, true)
				vf, ifar := quad(8, 8, 56, 40, -5, true)
				mn, mf := f.CreateMesh(vn, in), f.CreateMesh(vf, ifar)
				statePass(f, mgl32.Vec4{0, 0, 0, 1})
				f.DrawMesh(&render.MeshDraw{Mesh: mn, Model: mgl32.Ident4(), Color: mgl32.Vec4{0, 1, 0, 1}, State: c.near})
				f.DrawMesh(&render.MeshDraw{Mesh: mf, Model: mgl32.Ident4(), Color: mgl32.Vec4{0, 0, 1, 1}, Order: 1, State: c.far})
				f.DeleteMesh(mn)
				f.DeleteMesh(mf)
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := img.RGBAAt(32, 24); !near(got, c.want, 3) {
				t.Errorf("%s: overlap = %v, want %v", c.name, got, c.want)
			}
		}
	})
}

func TestRenderStateStencilAndColorMask(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		img, _, err := h.frame(func(f *render.Frame) {
			v, i := quad(16, 12, 48, 36, 0, true)
			m := f.CreateMesh(v, i)
			statePass(f, mgl32.Vec4{0, 0, 0, 1})
			// Mark the quad's pixels in the stencil buffer, writing no colour.
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Color: mgl32.Vec4{1, 0, 0, 1}, State: render.RenderState{
				ColorMask: render.ColorMaskNone, DepthWrite: render.Off,
				Stencil: render.StencilState{Enabled: true, Func: render.CompareAlways, Ref: 1, Pass: render.StencilReplace},
			}})
			// Then fill the screen where the mark is.
			f.DrawFullscreen(&render.FullscreenDraw{Color: mgl32.Vec4{1, 1, 1, 1}, Order: 1, State: render.RenderState{
				Stencil: render.StencilState{Enabled: true, Func: render.CompareEqual, Ref: 1},
			}})
			// Last, a white quad writing red alone.
			v2, i2 := quad(0, 0, 8, 8, 0, true)
			m2 := f.CreateMesh(v2, i2)
			f.DrawMesh(&render.MeshDraw{Mesh: m2, Model: mgl32.Ident4(), Order: 2, State: render.RenderState{ColorMask: render.ColorMaskR | render.ColorMaskA}})
			f.DeleteMesh(m)
			f.DeleteMesh(m2)
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 32, 24, white) // inside the stencil mark
		expect(t, img, 8, 24, black)  // outside it: the quad wrote no colour
		expect(t, img, 60, 4, black)
		expect(t, img, 4, screenH-4, red) // only the red channel written
		// The next frame's clear is not masked by the last draw's state.
		img, _, err = h.frame(func(f *render.Frame) {
			statePass(f, mgl32.Vec4{0, 0, 1, 1})
			f.DrawFullscreen(&render.FullscreenDraw{Color: mgl32.Vec4{1, 1, 1, 1}, State: render.RenderState{ColorMask: render.ColorMaskNone}})
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 4, screenH-4, blue)
		img, _, err = h.frame(func(f *render.Frame) { statePass(f, mgl32.Vec4{0, 1, 0, 1}) })
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 32, 24, green)
	})
}

func TestRenderStateWireframe(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		img, _, err := h.frame(func(f *render.Frame) {
			v, i := quad(8, 8, 56, 40, 0, true)
			m := f.CreateMesh(v, i)
			statePass(f, mgl32.Vec4{0, 0, 0, 1})
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Color: mgl32.Vec4{1, 0, 0, 1}, State: render.RenderState{Wireframe: true}})
			// A filled quad after it: wireframe must not carry over.
			v2, i2 := quad(0, 0, 4, 4, 0, true)
			m2 := f.CreateMesh(v2, i2)
			f.DrawMesh(&render.MeshDraw{Mesh: m2, Model: mgl32.Ident4(), Color: mgl32.Vec4{0, 1, 0, 1}, Order: 1})
			f.DeleteMesh(m)
			f.DeleteMesh(m2)
		})
		if err != nil {
			t.Fatal(err)
		}
		reds := countColor(img, red)
		// The outline and the diagonal of a 48x32 quad: about 2*(48+32)+58 pixels, far fewer than its 1536.
		if reds < 150 || reds > 400 {
			t.Errorf("%d red pixels, want the quad's edges alone", reds)
			savePNG(t, img)
		}
		expect(t, img, 44, screenH-14, black) // inside the quad, off its edges
		expect(t, img, 2, screenH-2, green)
	})
}

func countColor(img *image.RGBA, c color.RGBA) int {
	n := 0
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			if near(img.RGBAAt(x, y), c, 3) {
				n++
			}
		}
	}
	return n
}

func TestRenderStateBlend(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		gray := mgl32.Vec4{0.5, 0.5, 0.5, 1}
		src := mgl32.Vec4{0.2, 0.8, 0.2, 1}
		one := render.BlendState{Enabled: true, SrcColor: render.FactorOne, DstColor: render.FactorOne, SrcAlpha: render.FactorOne, DstAlpha: render.FactorOne}
		max, rsub := one, one
		max.Color, max.Alpha = render.EquationMax, render.EquationMax
		rsub.Color, rsub.Alpha = render.EquationReverseSubtract, render.EquationAdd
		for _, c := range []struct {
			name       string
			clear, col mgl32.Vec4
			state      render.RenderState
			want       color.RGBA
		}{
			{"max", gray, src, render.RenderState{Blend: max}, color.RGBA{128, 204, 128, 255}},
			{"reverse subtract", gray, src, render.RenderState{Blend: rsub}, color.RGBA{77, 0, 77, 255}},
			// Straight alpha of a half-transparent colour after the custom
			// blends: the equation must be back to add.
			{"alpha after custom", mgl32.Vec4{0, 0, 0, 1}, mgl32.Vec4{0.2, 0.8, 0.2, 0.5}, render.RenderState{}, color.RGBA{0x1a, 0x66, 0x1a, 255}},
		} {
			img, _, err := h.frame(func(f *render.Frame) {
				statePass(f, c.clear)
				f.DrawFullscreen(&render.FullscreenDraw{Color: c.col, Blend: render.BlendAlpha, State: c.state})
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := img.RGBAAt(32, 24); !near(got, c.want, 3) {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
	})
}

func TestRenderStateInvalid(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		_, _, err := h.frame(func(f *render.Frame) {
			v, i := quad(8, 8, 56, 40, 0, true)
			m := f.CreateMesh(v, i)
			statePass(f, mgl32.Vec4{0, 0, 0, 1})
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), State: render.RenderState{Cull: 9}})
			f.DrawFullscreen(&render.FullscreenDraw{State: render.RenderState{Stencil: render.StencilState{Enabled: true, Pass: 40}}})
			f.DeleteMesh(m)
		})
		if err == nil || !strings.Contains(err.Error(), "DrawMesh (batch 0, pass 0): State: Cull out of range") ||
			!strings.Contains(err.Error(), "DrawFullscreen (batch 1, pass 0): State: Stencil op out of range") {
			t.Fatalf("err = %v", err)
		}
	})
}

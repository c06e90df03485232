package gl_test

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/golden"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/null"
)

// depthGrayFrag shows the depth texture u_tex as gray.
const depthGrayFrag = `#version 330 core
in vec2 v_uv;
uniform sampler2D u_tex;
out vec4 o_color;
void main() { o_color = vec4(vec3(texture(u_tex, v_uv).r), 1.0); }
`

// ClearAttachments clears each attachment to its own color (exact floats
// in an RGBA32F target), ClearDepthTo the depth to DepthClear, and an
// R32UI target clears to unsigned integers, from ClearColor or
// ClearColors.
func TestClearPerAttachment(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		t.Run(fmt.Sprintf("onMain=%v", onMain), func(t *testing.T) {
			h := newHarness(t, onMain, gl.Options{})
			defer h.close()
			got := make(chan readout, 8)
			done := func(r *render.Readout) { got <- keep(r) }
			var mrt, ui, ui2 render.TargetID
			err := h.submit(func(f *render.Frame) {
				mrt, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 2, Format: render.FormatRGBA32F, Colors: 2})
				ui, _ = f.CreateTarget(render.TargetDesc{Width: 2, Height: 2, Format: render.FormatR32UI})
				ui2, _ = f.CreateTarget(render.TargetDesc{Width: 2, Height: 2, Format: render.FormatR32UI})
				p := render.Pass{Target: mrt, Clear: render.ClearAttachments | render.ClearDepthTo, DepthClear: 0.25}
				p.ClearColors[0] = mgl32.Vec4{1.5, -2, 0.25, 1}
				p.ClearColors[1] = mgl32.Vec4{0.5, 0.5, 1, 0}
				f.BeginPass(p)
				f.BeginPass(render.Pass{Target: ui, Clear: render.ClearColor, ClearColor: mgl32.Vec4{7, 0, 0, 0}})
				q := render.Pass{Target: ui2, Clear: render.ClearAttachments}
				q.ClearColors[0] = mgl32.Vec4{123456, 0, 0, 0}
				f.BeginPass(q)
				f.ReadTarget(render.TargetRead{Target: mrt}, done)
				f.ReadTarget(render.TargetRead{Target: mrt, Attachment: 1}, done)
				f.ReadTarget(render.TargetRead{Target: mrt, Depth: true}, done)
				f.ReadTarget(render.TargetRead{Target: ui}, done)
				f.ReadTarget(render.TargetRead{Target: ui2}, done)
				f.DeleteTarget(mrt)
				f.DeleteTarget(ui)
				f.DeleteTarget(ui2)
			})
			if err != nil {
				t.Fatal(err)
			}
			for k, want := range [][]float32{{1.5, -2, 0.25, 1}, {0.5, 0.5, 1, 0}} {
				r := <-got
				for i := 0; i < len(r.floats); i += 4 {
					if v := r.floats[i : i+4]; v[0] != want[0] || v[1] != want[1] || v[2] != want[2] || v[3] != want[3] {
						t.Fatalf("attachment %d texel %d: %v, want %v", k, i/4, v, want)
					}
				}
			}
			if d := <-got; len(d.floats) != 8 || math.Abs(float64(d.floats[0])-0.25) > 1e-6 || math.Abs(float64(d.floats[7])-0.25) > 1e-6 {
				t.Errorf("depth cleared to %v, want 0.25", d.floats)
			}
			if u := <-got; len(u.uints) != 4 || u.uints[0] != 7 || u.uints[3] != 7 {
				t.Errorf("R32UI cleared with ClearColor: %v, want 7", u.uints)
			}
			if u := <-got; len(u.uints) != 4 || u.uints[0] != 123456 || u.uints[3] != 123456 {
				t.Errorf("R32UI cleared with ClearColors: %v, want 123456", u.uints)
			}
		})
	}
}

// A DepthTexture target's depth is a texture later passes sample (as
// gray here: 0.75 where a flat quad is, a ramp over a sloped one, 1
// elsewhere; golden images depth_texture and depth_texture_msaa, in both
// render modes), resolved from the multisampled
// depth too; read back, it gives the same values; sampling
// it while rendering into its target is an error in render/gl and
// render/null alike.
func TestDepthTextureSampled(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		for _, samples := range []int{0, 4} {
			t.Run(fmt.Sprintf("onMain=%v,samples=%d", onMain, samples), func(t *testing.T) {
				h := newHarness(t, onMain, gl.Options{})
				defer h.close()
				depth := make(chan readout, 1)
				img, _, err := h.frame(func(f *render.Frame) {
					sh := customShader(t, f, "depthgray.frag", depthGrayFrag)
					tg, color0 := f.CreateTarget(render.TargetDesc{Width: screenW, Height: screenH, Depth: render.DepthTexture, Samples: samples})
					dt := f.TargetDepth(tg)
					if dt == 0 || dt == color0 || f.TargetDepth(0) != 0 {
						t.Errorf("TargetDepth %v (color %v), of the screen %v", dt, color0, f.TargetDepth(0))
					}
					quad := f.CreateMesh(depthQuad(screenW/2, screenH, -0.5))
					// A sloped quad over the top right quarter: depth 0.95 to 0.25, left to right.
					v := func(x, y, z float32) render.MeshVertex {
						return render.MeshVertex{Position: [3]float32{x, y, z}, Normal: [3]float32{0, 0, 1}, Color: render.White}
					}
					slope := f.CreateMesh([]render.MeshVertex{v(32, 24, -0.9), v(64, 24, 0.5), v(64, 48, 0.5), v(32, 48, -0.9)}, []uint32{0, 1, 2, 2, 3, 0})
					f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth,
						ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
					f.DrawMesh(&render.MeshDraw{Mesh: quad, Model: mgl32.Ident4()})
					f.DrawMesh(&render.MeshDraw{Mesh: slope, Model: mgl32.Ident4()})
					f.BeginPass(render.Pass{})
					f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Texture: dt})
					f.ReadTarget(render.TargetRead{Target: tg, Depth: true, Rect: render.Rect{X: 10, Y: 10, W: 1, H: 1}},
						func(r *render.Readout) { depth <- keep(r) })
					f.DeleteTarget(tg)
					f.DeleteMesh(quad)
					f.DeleteMesh(slope)
					f.DeleteShader(sh)
				})
				if err != nil {
					t.Fatal(err)
				}
				expect(t, img, 10, 20, color.RGBA{191, 191, 191, 255})
				expect(t, img, 50, 40, color.RGBA{255, 255, 255, 255})
				expect(t, img, 40, 10, color.RGBA{195, 195, 195, 255}) // z -0.528: depth 0.764
				name := "depth_texture"
				if samples > 0 {
					name += "_msaa" // the sloped quad's edges are antialiased
				}
				golden.Check(t, name, img, false)
				if d := <-depth; len(d.floats) != 1 || math.Abs(float64(d.floats[0])-0.75) > 1e-6 {
					t.Errorf("depth read back %v, want 0.75", d.floats)
				}
			})
		}
	}
	// Misuse: sampled in its own target's pass, and updated.
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	nb := null.New()
	nb.Init()
	var tg render.TargetID
	var dt render.TextureID
	record := func(f *render.Frame) {
		tg, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 4, Depth: render.DepthTexture})
		dt = f.TargetDepth(tg)
		f.BeginPass(render.Pass{Target: tg})
		f.DrawFullscreen(&render.FullscreenDraw{Texture: dt})
		f.UpdateTexture(dt, render.Rect{W: 1, H: 1}, make([]byte, 4))
		f.DeleteTarget(tg)
	}
	_, _, glErr := h.frame(record)
	nf := render.NewFrame()
	record(nf)
	nullErr := nb.Execute(nf)
	for _, want := range []string{
		"samples " + dt.String() + " while rendering into " + tg.String(),
		"UpdateTexture: " + dt.String() + " is the depth texture of " + tg.String(),
	} {
		if !contains(glErr, want) {
			t.Errorf("render/gl: %v, want %q", glErr, want)
		}
		if !contains(nullErr, want) {
			t.Errorf("render/null: %v, want %q", nullErr, want)
		}
	}
	if n := nb.Live(); n.Textures != 0 || n.Targets != 0 {
		t.Errorf("render/null: %+v alive after the target's deletion", n)
	}
}

// Edited target commands that Frame would refuse are errors naming the
// target in render/gl as in render/null, and leave no GL object behind.
func TestNewTargetModesChecked(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	live := h.b.LiveObjects()
	var a render.TargetID
	_, _, err := h.frame(func(f *render.Frame) {
		a, _ = f.CreateTarget(render.TargetDesc{Width: 2, Height: 2, Format: render.FormatR32UI})
		f.Resources()[len(f.Resources())-1].TargetDesc.Samples = 2
		f.CreateTarget(render.TargetDesc{Width: 2, Height: 2, Depth: render.DepthTexture})
		f.Resources()[len(f.Resources())-1].DepthTexture = 0
	})
	for _, want := range []string{"CreateTarget: " + a.String() + ": integer formats (R32UI) are not multisampled",
		"DepthTexture is set for a target of another depth mode, or missing"} {
		if !contains(err, want) {
			t.Errorf("error %v, want %q", err, want)
		}
	}
	if n := h.b.LiveObjects(); n != live {
		t.Errorf("%d GL objects after refused creates, were %d", n, live)
	}
}

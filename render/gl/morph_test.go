package gl_test

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// morphCube is cube() with two morph targets: 0 raises the top face's
// vertices by 0.5 and tilts the front face's normals up, 1 slides every
// vertex 0.75 along x. baked returns the cube with weights w applied on
// the CPU, the mesh a morphed draw must look like.
func morphCube() (vs []render.MeshVertex, is []uint32, targets []render.MorphTarget) {
	vs, is = cube()
	raise := render.MorphTarget{Positions: make([]mgl32.Vec3, len(vs)), Normals: make([]mgl32.Vec3, len(vs))}
	slide := render.MorphTarget{Positions: make([]mgl32.Vec3, len(vs))}
	for i, v := range vs {
		if v.Position[1] > 0 {
			raise.Positions[i] = mgl32.Vec3{0, 0.5, 0}
		}
		if v.Normal == [3]float32{0, 0, 1} {
			raise.Normals[i] = mgl32.Vec3{0, 0.6, -0.2}
		}
		slide.Positions[i] = mgl32.Vec3{0.75, 0, 0}
	}
	return vs, is, []render.MorphTarget{raise, slide}
}

func baked(w []float32) ([]render.MeshVertex, []uint32) {
	vs, is, ts := morphCube()
	for k, t := range ts {
		for i := range vs {
			vs[i].Position = mgl32.Vec3(vs[i].Position).Add(t.Positions[i].Mul(w[k]))
			if t.Normals != nil {
				vs[i].Normal = mgl32.Vec3(vs[i].Normal).Add(t.Normals[i].Mul(w[k]))
			}
		}
	}
	return vs, is
}

// morphScene is shadowScene's floor, sun and view with one box mesh drawn
// at boxModel() into the shadow map and the view.
type morphScene struct {
	shadowScene
}

func (s *morphScene) render(t *testing.T, h *harness, setup func(f *render.Frame) render.MeshDraw) *image.RGBA {
	t.Helper()
	got := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		if s.floor == 0 {
			s.init(f, 256)
		}
		rough := render.Material{Roughness: 1}
		box := setup(f)
		box.Model, box.Material = boxModel(), rough
		floor := render.MeshDraw{Mesh: s.floor, Model: mgl32.Ident4(), Material: rough}
		f.BeginPass(render.Pass{Name: "shadow", Target: s.shadow, Clear: render.ClearDepth, ViewProj: s.lightVP})
		f.DrawMesh(&box)
		f.DrawMesh(&floor)
		f.BeginPass(render.Pass{Name: "lit", Target: s.view, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: s.cam,
			Lights: render.Lights{Eye: mgl32.Vec3{0, 8, 10}, Ambient: mgl32.Vec3{0.05, 0.05, 0.05}, SunDir: s.sunDir, SunColor: mgl32.Vec3{1, 1, 1},
				ShadowMatrix: s.lightVP, Shadow: s.shadowTex}})
		f.DrawMesh(&box)
		f.DrawMesh(&floor)
		f.ReadPixels(s.view, render.Rect{}, func(img *image.RGBA) { got <- img })
	})
	if err != nil {
		t.Fatal(err)
	}
	return <-got
}

// A morph mesh drawn with all weights 0, or with no weights, is exactly
// the base mesh, shadow included; with weight 1 on a target it is the
// mesh built from base + delta (within one level), shadow included, and
// the weights blend. In both render modes; the skinned programs morph
// before they skin.
func TestMorphWeights(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		var s morphScene
		var morph, skinned render.MeshID
		draw := func(w ...float32) func(f *render.Frame) render.MeshDraw {
			return func(f *render.Frame) render.MeshDraw {
				if morph == 0 {
					vs, is, ts := morphCube()
					morph = f.CreateMesh(vs, is)
					f.CreateMorphTargets(morph, ts)
				}
				d := render.MeshDraw{Mesh: morph}
				if w != nil {
					d.Weights = f.AddWeights(w)
				}
				return d
			}
		}
		bake := func(w ...float32) func(f *render.Frame) render.MeshDraw {
			return func(f *render.Frame) render.MeshDraw {
				vs, is := baked(w)
				m := f.CreateMesh(vs, is)
				f.DeleteMesh(m) // deleted after the frame's draws
				return render.MeshDraw{Mesh: m}
			}
		}
		base := s.render(t, h, bake(0, 0))
		for name, img := range map[string]*image.RGBA{"weights 0": s.render(t, h, draw(0, 0)), "no weights": s.render(t, h, draw())} {
			if n := differing(base, img, 0); n != 0 {
				t.Errorf("on main %v: %s: %d pixels differ from the base mesh", onMain, name, n)
				savePNG(t, img)
			}
		}
		for _, w := range [][]float32{{1, 0}, {0, 1}, {0.5, 1}} {
			want := s.render(t, h, bake(w...))
			got := s.render(t, h, draw(w...))
			if n := differing(want, got, 1); n != 0 {
				t.Errorf("on main %v: weights %v: %d pixels differ from the baked mesh", onMain, w, n)
				savePNG(t, got)
			}
			if n := differing(base, got, 8); n < 200 {
				t.Errorf("on main %v: weights %v: only %d pixels differ from the base", onMain, w, n)
			}
		}
		// The slide moves the shadow: the floor under the sun's ray through
		// the base box's center, (1, 0, 0), is in shadow at weight 0 and
		// lit when the box has slid 1.5 world units along x.
		sx, sy := pixelOf(s.cam, mgl32.Vec3{1, 0, 0}, shadowView, shadowView)
		slid := s.render(t, h, draw(0, 1))
		if a, b := lum(base.RGBAAt(sx, sy)), lum(slid.RGBAAt(sx, sy)); a >= b {
			t.Errorf("on main %v: floor at the base shadow: %v at weight 0, %v slid: the shadow did not move", onMain, a, b)
		}

		// Skinned and morphed: morph first, then the palette moves it.
		move := mgl32.Translate3D(1.5, 0, 0)
		want := s.render(t, h, func(f *render.Frame) render.MeshDraw {
			vs, is := baked([]float32{1, 0})
			for i := range vs {
				vs[i].Position = move.Mul4x1(mgl32.Vec3(vs[i].Position).Vec4(1)).Vec3()
			}
			m := f.CreateMesh(vs, is)
			f.DeleteMesh(m)
			return render.MeshDraw{Mesh: m}
		})
		got := s.render(t, h, func(f *render.Frame) render.MeshDraw {
			if skinned == 0 {
				vs, skin, is := skinnedCube()
				_, _, ts := morphCube()
				skinned = f.CreateSkinnedMesh(vs, skin, is)
				f.CreateMorphTargets(skinned, ts)
			}
			return render.MeshDraw{Mesh: skinned, Palette: f.AddPalette([]mgl32.Mat4{move, move}), Weights: f.AddWeights([]float32{1, 0})}
		})
		if n := differing(want, got, 8); n > shadowView*shadowView/200 {
			t.Errorf("on main %v: %d pixels differ between the skinned morphed box and the baked one", onMain, n)
			savePNG(t, got)
		}
		h.close()
	}
}

// morphErrors records the bad morph commands and draws both backends
// reject, and returns the errors as both word them (render/null's
// TestMorphValidation has the same list).
func morphErrors(f *render.Frame, pass render.Pass) []string {
	vs, is, ts := morphCube()
	morph := f.CreateMesh(vs, is)
	f.CreateMorphTargets(morph, ts)
	plain := f.CreateMesh(vs, is)
	f.CreateMorphTargets(plain, make([]render.MorphTarget, render.MaxMorphTargets+1))
	f.CreateMorphTargets(plain, nil)
	f.CreateMorphTargets(plain, []render.MorphTarget{{}, {Normals: make([]mgl32.Vec3, 3)}})
	bad := make([]mgl32.Vec3, len(vs))
	bad[5][1] = float32(math.NaN())
	f.CreateMorphTargets(plain, []render.MorphTarget{{Positions: bad[:1]}, {Tangents: bad}})
	f.BeginPass(pass)
	f.DrawMesh(&render.MeshDraw{Mesh: morph, Model: mgl32.Ident4(), Layer: 0, Weights: f.AddWeights([]float32{1})})
	f.DrawMesh(&render.MeshDraw{Mesh: plain, Model: mgl32.Ident4(), Layer: 1, Weights: f.AddWeights([]float32{1})})
	f.DrawMesh(&render.MeshDraw{Mesh: morph, Model: mgl32.Ident4(), Layer: 2, Weights: 9})
	two := f.AddWeights([]float32{1, 1})
	f.DrawMeshInstanced(&render.MeshDraw{Mesh: morph, Model: mgl32.Ident4(), Layer: 3, Weights: two}, []render.MeshInstance{{Model: mgl32.Ident4()}})
	return []string{
		"CreateMorphTargets: " + plain.String() + ": 65 morph targets, at most 64",
		"CreateMorphTargets: " + plain.String() + ": no morph targets",
		"CreateMorphTargets: " + plain.String() + ": target 1: 3 normal deltas for 24 vertices",
		"CreateMorphTargets: " + plain.String() + ": target 0: 1 position deltas for 24 vertices",
		"DrawMesh (batch 0, pass 0): " + morph.String() + ": weights 1 has 1 weights, the mesh has 2 morph targets",
		"DrawMesh (batch 1, pass 0): " + plain.String() + ": weights 2 on a mesh without morph targets (CreateMorphTargets)",
		"DrawMesh (batch 2, pass 0): " + morph.String() + ": unknown weights 9 (weights are recorded by AddWeights in the same frame)",
		"DrawMesh (batch 3, pass 0): " + morph.String() + ": a morphed mesh cannot be drawn instanced with weights",
	}
}

// Bad morph targets and weights are reported, naming the mesh (and the
// batch), and draw nothing.
func TestMorphErrors(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var want []string
	_, st, err := h.frame(func(f *render.Frame) { want = morphErrors(f, perspectivePass()) })
	for _, w := range want {
		if !contains(err, w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	if strings.Count(err.Error(), "CreateMorphTargets:") != 4 {
		t.Errorf("want 4 create errors: %v", err)
	}
	if st.DrawCalls != 0 {
		t.Errorf("%d draw calls, want none", st.DrawCalls)
	}
}

// A steady frame of morphed draws (and plain draws of the same program
// between them) allocates nothing to record or to execute, threaded or
// not, and deleting the mesh frees its morph objects.
func TestMorphFrameAllocatesNothing(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		before := h.b.LiveObjects()
		vs, is, ts := morphCube()
		f0 := h.r.Frame()
		mesh := f0.CreateMesh(vs, is)
		f0.CreateMorphTargets(mesh, ts)
		w := []float32{0, 0}
		frame := func() {
			f := h.r.Frame()
			f.SetScreenSize(screenW, screenH)
			f.BeginPass(perspectivePass())
			for k := range 10 {
				w[0], w[1] = float32(k)/10, 1-float32(k)/10
				d := render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Weights: f.AddWeights(w)}
				if k%3 == 0 {
					d.Weights = 0
				}
				f.DrawMesh(&d)
			}
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		for range 3 {
			frame()
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("on main %v: %v allocations per morph frame", onMain, n)
		}
		if st := h.r.Stats(); st.DrawCalls != 10 {
			t.Errorf("on main %v: %d draw calls, want 10", onMain, st.DrawCalls)
		}
		h.r.Frame().DeleteMesh(mesh)
		if err := h.r.Submit(); err != nil {
			t.Fatal(err)
		}
		if err := h.r.Submit(); err != nil {
			t.Fatal(err)
		}
		// The backend's count is the render thread's: read it on main only.
		if got := h.b.LiveObjects(); onMain && got != before {
			t.Errorf("on main %v: %d live GL objects after deleting the mesh, want %d", onMain, got, before)
		}
		h.close()
	}
}

// BenchmarkMorphFrame measures frames of 200 draws of a 24-vertex cube
// with two morph targets: with weights (morphed on the GPU) and without
// (the base shape, u_morph.x = 0), on the main thread.
func BenchmarkMorphFrame(b *testing.B) {
	for _, morphed := range []bool{false, true} {
		name := "base"
		if morphed {
			name = "morphed"
		}
		b.Run(name, func(b *testing.B) {
			h := newHarness(b, true, gl.Options{})
			defer h.close()
			vs, is, ts := morphCube()
			f0 := h.r.Frame()
			mesh := f0.CreateMesh(vs, is)
			f0.CreateMorphTargets(mesh, ts)
			w := []float32{0.5, 0.25}
			frame := func() {
				f := h.r.Frame()
				f.SetScreenSize(screenW, screenH)
				f.BeginPass(perspectivePass())
				for k := range 200 {
					d := render.MeshDraw{Mesh: mesh, Model: mgl32.Translate3D(float32(k%20)*0.1-1, float32(k/20)*0.1-0.5, 0)}
					if morphed {
						d.Weights = f.AddWeights(w)
					}
					f.DrawMesh(&d)
				}
				if err := h.r.Submit(); err != nil {
					b.Fatal(err)
				}
			}
			frame()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				frame()
			}
		})
	}
}

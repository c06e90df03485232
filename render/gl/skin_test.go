package gl_test

import (
	"image"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// skinnedCube is cube() with a skin: each vertex split evenly between
// joints 0 and 1 (so that an identity palette poses it exactly where it
// is: 0.5·I + 0.5·I = I in floating point).
func skinnedCube() ([]render.MeshVertex, []render.SkinVertex, []uint32) {
	vs, is := cube()
	skin := make([]render.SkinVertex, len(vs))
	for i := range skin {
		skin[i] = render.SkinVertex{Joints: [4]uint8{0, 1, 0, 0}, Weights: [4]float32{0.5, 0.5, 0, 0}}
	}
	return vs, skin, is
}

// skinScene is shadowScene's floor and lit view with a box drawn either
// plain or skinned, in the shadow pass and the view.
type skinScene struct {
	shadowScene
	skinned render.MeshID
}

// render draws the box plain at model (skinned == false) or skinned at
// boxModel() posed by palette, with the sun's shadow, and returns the view.
func (s *skinScene) render(t *testing.T, h *harness, skinned bool, model mgl32.Mat4, palette []mgl32.Mat4) *image.RGBA {
	t.Helper()
	got := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		if s.floor == 0 {
			s.init(f, 256)
			vs, skin, is := skinnedCube()
			s.skinned = f.CreateSkinnedMesh(vs, skin, is)
		}
		rough := render.Material{Roughness: 1}
		box := render.MeshDraw{Mesh: s.box, Model: model, Material: rough}
		if skinned {
			box = render.MeshDraw{Mesh: s.skinned, Model: boxModel(), Material: rough, Palette: f.AddPalette(palette)}
		}
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

// differing counts the pixels of a and b that differ by more than tol in
// some channel.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			if !near(a.RGBAAt(x, y), b.RGBAAt(x, y), tol) {
				n++
			}
		}
	}
	return n
}

// A skinned mesh under an identity palette is lit and shadowed exactly as
// the same mesh unskinned: the skinned programs are the built-ins with a
// posed position, nothing else. In both render modes.
func TestSkinnedIdentityMatchesUnskinned(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		var s skinScene
		id := []mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()}
		plain := s.render(t, h, false, boxModel(), nil)
		skinned := s.render(t, h, true, mgl32.Mat4{}, id)
		if n := differing(plain, skinned, 0); n != 0 {
			t.Errorf("on main %v: %d pixels differ between the plain box and the skinned one at identity", onMain, n)
			savePNG(t, skinned)
		}
		h.close()
	}
}

// A palette poses the mesh and its shadow: a box skinned by joints that
// both move it 1.5 units (3 world units after the model's scale) along x
// looks, shadow included, like the plain box drawn there, and not like
// the box in its bind pose.
func TestSkinnedPoseMovesMeshAndShadow(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		var s skinScene
		move := mgl32.Translate3D(1.5, 0, 0)
		want := s.render(t, h, false, boxModel().Mul4(move), nil)
		bind := s.render(t, h, false, boxModel(), nil)
		got := s.render(t, h, true, mgl32.Mat4{}, []mgl32.Mat4{move, move})
		// Products in another order round differently: allow a few
		// pixels along edges.
		if n := differing(want, got, 8); n > shadowView*shadowView/200 {
			t.Errorf("on main %v: %d pixels differ between the posed skinned box and the plain box moved", onMain, n)
			savePNG(t, got)
		}
		if n := differing(bind, got, 8); n < 500 {
			t.Errorf("on main %v: only %d pixels differ from the bind pose", onMain, n)
		}
		// The shadow moved with the box: the floor under the sun's ray
		// through the bind-pose box's center, (1, 0, 0), is lit now, and
		// the one under the moved box's, (4, 0, 0), dark.
		bx, by := pixelOf(s.cam, mgl32.Vec3{1, 0, 0}, shadowView, shadowView)
		mx, my := pixelOf(s.cam, mgl32.Vec3{4, 0, 0}, shadowView, shadowView)
		if lum(bind.RGBAAt(bx, by)) >= lum(bind.RGBAAt(mx, my)) || lum(got.RGBAAt(mx, my)) >= lum(got.RGBAAt(bx, by)) {
			t.Errorf("on main %v: shadow did not move: bind pose %v at (1,0,0), %v at (4,0,0); posed %v, %v", onMain,
				bind.RGBAAt(bx, by), bind.RGBAAt(mx, my), got.RGBAAt(bx, by), got.RGBAAt(mx, my))
			savePNG(t, got)
		}
		h.close()
	}
}

// Weights blend the joints: a vertex half on a joint that stays and half
// on one that moves 2 units goes 1 unit.
func TestSkinnedWeightsBlend(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var s skinScene
	want := s.render(t, h, false, boxModel().Mul4(mgl32.Translate3D(1, 0, 0)), nil)
	got := s.render(t, h, true, mgl32.Mat4{}, []mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(2, 0, 0)})
	if n := differing(want, got, 8); n > shadowView*shadowView/200 {
		t.Errorf("%d pixels differ between the half-moved skinned box and the plain box moved 1", n)
		savePNG(t, got)
	}
}

// Each palette is uploaded once a frame, however many draws and passes
// use it: a 2-joint palette (padded to 4 matrices, 256 bytes) drawn in
// two passes and a 40-joint one drawn twice add 256 + 2560 bytes.
func TestPaletteUploadedOncePerFrame(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var mesh render.MeshID
	var target render.TargetID
	_, _, err := h.frame(func(f *render.Frame) {
		vs, skin, is := skinnedCube()
		mesh = f.CreateSkinnedMesh(vs, skin, is)
		target, _ = f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Depth: render.DepthShadow})
	})
	if err != nil {
		t.Fatal(err)
	}
	record := func(f *render.Frame, palettes bool) {
		f.BeginPass(render.Pass{Target: target, Clear: render.ClearDepth, ViewProj: mgl32.Ident4()})
		var small, big render.PaletteID
		if palettes {
			small = f.AddPalette([]mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()})
			joints := make([]mgl32.Mat4, 40)
			for i := range joints {
				joints[i] = mgl32.Ident4()
			}
			big = f.AddPalette(joints)
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Palette: small})
		}
		f.BeginPass(perspectivePass())
		if palettes {
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Palette: small})
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Translate3D(1, 0, 0), Palette: big})
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Translate3D(-1, 0, 0), Palette: big})
		}
	}
	_, without, err := h.frame(func(f *render.Frame) { record(f, false) })
	if err != nil {
		t.Fatal(err)
	}
	_, with, err := h.frame(func(f *render.Frame) { record(f, true) })
	if err != nil {
		t.Fatal(err)
	}
	if d := with.BytesUploaded - without.BytesUploaded; d != 256+2560 {
		t.Errorf("palettes uploaded %d bytes, want %d", d, 256+2560)
	}
	if with.DrawCalls != 4 {
		t.Errorf("%d draw calls, want 4", with.DrawCalls)
	}
}

// Bad skinned draws are reported, naming the batch and the mesh, and
// draw nothing: a skinned mesh without a palette, a palette smaller than
// the joints the mesh uses, a palette on a mesh without skin, a palette
// id of no palette of the frame.
func TestSkinnedDrawErrors(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var skinned, plain render.MeshID
	_, _, err := h.frame(func(f *render.Frame) {
		vs, skin, is := skinnedCube()
		skinned = f.CreateSkinnedMesh(vs, skin, is)
		vs, is = cube()
		plain = f.CreateMesh(vs, is)
	})
	if err != nil {
		t.Fatal(err)
	}
	_, st, err := h.frame(func(f *render.Frame) {
		f.BeginPass(perspectivePass())
		one := f.AddPalette([]mgl32.Mat4{mgl32.Ident4()})
		f.DrawMesh(&render.MeshDraw{Mesh: skinned, Model: mgl32.Ident4(), Layer: 0})
		f.DrawMesh(&render.MeshDraw{Mesh: skinned, Model: mgl32.Ident4(), Layer: 1, Palette: one})
		f.DrawMesh(&render.MeshDraw{Mesh: plain, Model: mgl32.Ident4(), Layer: 2, Palette: one})
		f.DrawMesh(&render.MeshDraw{Mesh: skinned, Model: mgl32.Ident4(), Layer: 3, Palette: 7})
	})
	for _, w := range skinErrors(skinned, plain) {
		if !contains(err, w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	if st.DrawCalls != 0 {
		t.Errorf("%d draw calls, want none", st.DrawCalls)
	}
}

// skinErrors are the faults TestSkinnedDrawErrors records, as both
// backends word them.
func skinErrors(skinned, plain render.MeshID) []string {
	return []string{
		"DrawMesh (batch 0, pass 0): " + skinned.String() + ": a skinned mesh drawn without a Palette",
		"DrawMesh (batch 1, pass 0): " + skinned.String() + ": palette 1 has 1 joints, the mesh's vertices use 2",
		"DrawMesh (batch 2, pass 0): " + plain.String() + ": palette 1 on a mesh without skin",
		"DrawMesh (batch 3, pass 0): " + skinned.String() + ": unknown palette 7",
	}
}

// A steady frame of skinned draws allocates nothing to record or to
// execute, threaded or not.
func TestSkinnedFrameAllocatesNothing(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		vs, skin, is := skinnedCube()
		mesh := h.r.Frame().CreateSkinnedMesh(vs, skin, is)
		joints := make([]mgl32.Mat4, 40)
		frame := func() {
			f := h.r.Frame()
			f.SetScreenSize(screenW, screenH)
			f.BeginPass(perspectivePass())
			for k := range 10 {
				for j := range joints {
					joints[j] = mgl32.Translate3D(float32(k), 0, 0)
				}
				p := f.AddPalette(joints)
				f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Palette: p})
			}
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		for range 3 {
			frame()
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("on main %v: %v allocations per skinned frame", onMain, n)
		}
		if st := h.r.Stats(); st.DrawCalls != 10 {
			t.Errorf("on main %v: %d draw calls, want 10", onMain, st.DrawCalls)
		}
		h.close()
	}
}

// addSkinnedSources adds the skinned programs' vertex stages to a map
// file system of built-in sources (their fragment stages are mesh.frag
// and depth.frag).
func addSkinnedSources(t *testing.T, fsys fstest.MapFS) {
	t.Helper()
	for _, name := range []string{"mesh_skinned.vert", "depth_skinned.vert"} {
		src, err := fs.ReadFile(shaderFS, name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: src}
	}
}

package render_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Palettes are copied, padded to 4 matrices each, and valid in their
// recording only.
func TestAddPalette(t *testing.T) {
	f := render.NewFrame()
	src := []mgl32.Mat4{mgl32.Translate3D(1, 2, 3), mgl32.Ident4(), mgl32.Scale3D(2, 2, 2), mgl32.Ident4(), mgl32.Ident4()}
	a := f.AddPalette(src[:1])
	b := f.AddPalette(src)
	src[0] = mgl32.Mat4{} // copied: the caller may reuse its slice
	if a != 1 || b != 2 {
		t.Fatalf("ids %v, %v", a, b)
	}
	if got := f.Palette(a); len(got) != 1 || got[0] != mgl32.Translate3D(1, 2, 3) {
		t.Errorf("palette a = %v", got)
	}
	if s, _ := f.PaletteSpan(b); s != (render.Span{Off: 4, Len: 5}) {
		t.Errorf("palette b at %+v, want {4 5}", s)
	}
	if n := len(f.Palettes()); n != 12 {
		t.Errorf("%d matrices in the arena, want 12 (4 + 8)", n)
	}
	if f.Palette(0) != nil || f.Palette(3) != nil {
		t.Error("Palette of no palette is not nil")
	}
	rec := f.Recording()
	f.Reset()
	if f.Recording() == rec || f.Palette(a) != nil {
		t.Error("Reset kept the palettes or the recording number")
	}
}

// Recording palettes and skinned draws allocates nothing once the
// frame's buffers have grown.
func TestPaletteRecordingAllocatesNothing(t *testing.T) {
	f := render.NewFrame()
	joints := make([]mgl32.Mat4, 40)
	record := func() {
		f.Reset()
		f.BeginPass(render.Pass{})
		for range 100 {
			p := f.AddPalette(joints)
			f.DrawMesh(&render.MeshDraw{Mesh: 1, Palette: p})
		}
	}
	record()
	if n := testing.AllocsPerRun(20, record); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

func TestSkinnedMeshPanics(t *testing.T) {
	tri := []render.MeshVertex{{}, {}, {}}
	ok := []render.SkinVertex{{}, {}, {}}
	for _, c := range []struct {
		name, want string
		call       func(f *render.Frame)
	}{
		{"short skin", "3 vertices, 2 skin vertices", func(f *render.Frame) { f.CreateSkinnedMesh(tri, ok[:2], []uint32{0, 1, 2}) }},
		{"joint", "vertex 1: joint 64", func(f *render.Frame) {
			f.CreateSkinnedMesh(tri, []render.SkinVertex{{}, {Joints: [4]uint8{0, 0, 64, 0}}, {}}, []uint32{0, 1, 2})
		}},
		{"weight", "vertex 2: weight -1", func(f *render.Frame) {
			f.CreateSkinnedMesh(tri, []render.SkinVertex{{}, {}, {Weights: [4]float32{0, -1}}}, []uint32{0, 1, 2})
		}},
		{"empty palette", "AddPalette: 0 joints", func(f *render.Frame) { f.AddPalette(nil) }},
		{"big palette", "AddPalette: 65 joints", func(f *render.Frame) { f.AddPalette(make([]mgl32.Mat4, 65)) }},
	} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), c.want) {
					t.Errorf("%s: panic %v, want %q", c.name, p, c.want)
				}
			}()
			c.call(render.NewFrame())
		}()
	}
}

func TestSkinJoints(t *testing.T) {
	skin := []render.SkinVertex{
		{Joints: [4]uint8{3, 9, 0, 0}, Weights: [4]float32{1, 0, 0, 0}}, // 9 has no weight
		{Joints: [4]uint8{0, 5, 0, 0}, Weights: [4]float32{0.5, 0.5, 0, 0}},
	}
	if n := render.SkinJoints(skin); n != 6 {
		t.Errorf("SkinJoints = %d, want 6", n)
	}
}

// A skinned mesh is a mesh plus one SkinVertex a vertex; each frame, a
// palette of its joints' matrices is recorded once and named by every
// draw of the mesh, in every pass.
func ExampleFrame_CreateSkinnedMesh() {
	f := render.NewFrame()
	verts, indices := render.CubeMesh()
	skin := make([]render.SkinVertex, len(verts))
	for i, v := range verts {
		// The top half follows joint 1, the bottom half joint 0.
		j := uint8(0)
		if v.Position[1] > 0 {
			j = 1
		}
		skin[i] = render.SkinVertex{Joints: [4]uint8{j}, Weights: [4]float32{1}}
	}
	mesh := f.CreateSkinnedMesh(verts, skin, indices)

	// Each frame: the pose (here joint 1 lifted by half a unit).
	pose := f.AddPalette([]mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(0, 0.5, 0)})
	f.BeginPass(render.Pass{ViewProj: mgl32.Ident4()})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Palette: pose})
	fmt.Println(len(f.Palette(pose)), "joints,", render.SkinJoints(skin), "used")
	// Output: 2 joints, 2 used
}

package null_test

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// The null backend rejects the skinned draws render/gl rejects, in the
// same words (render/gl's TestSkinnedDrawErrors), and counts the uploads
// render/gl makes: the mesh's two streams, and each palette once.
func TestSkinnedValidation(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	tri := []render.MeshVertex{{}, {}, {}}
	skin := []render.SkinVertex{{Weights: [4]float32{1}}, {Joints: [4]uint8{1, 0, 0, 0}, Weights: [4]float32{1}}, {Weights: [4]float32{1}}}
	skinned := f.CreateSkinnedMesh(tri, skin, []uint32{0, 1, 2})
	plain := f.CreateMesh(tri, []uint32{0, 1, 2})
	f.SetNumber(1)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	if got, want := f.Stats.BytesUploaded, int64(2*(3*52+3*4)+3*20); got != want {
		t.Errorf("meshes uploaded %d bytes, want %d", got, want)
	}
	f.Reset()

	f.BeginPass(render.Pass{})
	one := f.AddPalette([]mgl32.Mat4{mgl32.Ident4()})
	f.DrawMesh(&render.MeshDraw{Mesh: skinned, Layer: 0})
	f.DrawMesh(&render.MeshDraw{Mesh: skinned, Layer: 1, Palette: one})
	f.DrawMesh(&render.MeshDraw{Mesh: plain, Layer: 2, Palette: one})
	f.DrawMesh(&render.MeshDraw{Mesh: skinned, Layer: 3, Palette: 7})
	err := run(t, b, f)
	for _, w := range []string{
		"DrawMesh (batch 0, pass 0): " + skinned.String() + ": a skinned mesh drawn without a Palette",
		"DrawMesh (batch 1, pass 0): " + skinned.String() + ": palette 1 has 1 joints, the mesh's vertices use 2",
		"DrawMesh (batch 2, pass 0): " + plain.String() + ": palette 1 on a mesh without skin",
		"DrawMesh (batch 3, pass 0): " + skinned.String() + ": unknown palette 7",
	} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %q", err, w)
		}
	}

	// Right: one palette shared by two draws is counted once.
	f.BeginPass(render.Pass{})
	two := f.AddPalette([]mgl32.Mat4{mgl32.Ident4(), mgl32.Ident4()})
	f.DrawMesh(&render.MeshDraw{Mesh: skinned, Palette: two})
	f.DrawMesh(&render.MeshDraw{Mesh: skinned, Palette: two})
	f.SetNumber(3)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	if f.Stats.DrawCalls != 2 || f.Stats.BytesUploaded != 4*64 {
		t.Errorf("stats %+v, want 2 draw calls and 256 bytes", f.Stats)
	}
	f.Reset()
	if got, want := b.Live(), (null.Counts{Meshes: 2}); got != want {
		t.Errorf("live %+v, want %+v", got, want)
	}
}

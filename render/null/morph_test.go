package null_test

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// The null backend rejects the morph targets and weights render/gl
// rejects, in the same words (render/gl's morphErrors records the same
// commands), and counts the delta texels render/gl uploads.
func TestMorphValidation(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	vs, is := render.CubeMesh()
	n := len(vs)
	full := make([]mgl32.Vec3, n)
	morph := f.CreateMesh(vs, is)
	f.CreateMorphTargets(morph, []render.MorphTarget{{Positions: full, Normals: full}, {Positions: full}})
	plain := f.CreateMesh(vs, is)
	f.CreateMorphTargets(plain, make([]render.MorphTarget, render.MaxMorphTargets+1))
	f.CreateMorphTargets(plain, nil)
	f.CreateMorphTargets(plain, []render.MorphTarget{{}, {Normals: make([]mgl32.Vec3, 3)}})
	bad := make([]mgl32.Vec3, n)
	bad[5][1] = float32(math.NaN())
	f.CreateMorphTargets(plain, []render.MorphTarget{{Positions: bad[:1]}, {Tangents: bad}})
	f.BeginPass(render.Pass{})
	f.DrawMesh(&render.MeshDraw{Mesh: morph, Layer: 0, Weights: f.AddWeights([]float32{1})})
	f.DrawMesh(&render.MeshDraw{Mesh: plain, Layer: 1, Weights: f.AddWeights([]float32{1})})
	f.DrawMesh(&render.MeshDraw{Mesh: morph, Layer: 2, Weights: 9})
	two := f.AddWeights([]float32{1, 1})
	f.DrawMeshInstanced(&render.MeshDraw{Mesh: morph, Layer: 3, Weights: two}, []render.MeshInstance{{Model: mgl32.Ident4()}})
	f.SetNumber(1)
	err := b.Execute(f)
	for _, w := range []string{
		"CreateMorphTargets: " + plain.String() + ": 65 morph targets, at most 64",
		"CreateMorphTargets: " + plain.String() + ": no morph targets",
		"CreateMorphTargets: " + plain.String() + ": target 1: 3 normal deltas for 24 vertices",
		"CreateMorphTargets: " + plain.String() + ": target 0: 1 position deltas for 24 vertices",
		"DrawMesh (batch 0, pass 0): " + morph.String() + ": weights 1 has 1 weights, the mesh has 2 morph targets",
		"DrawMesh (batch 1, pass 0): " + plain.String() + ": weights 2 on a mesh without morph targets (CreateMorphTargets)",
		"DrawMesh (batch 2, pass 0): " + morph.String() + ": unknown weights 9 (weights are recorded by AddWeights in the same frame)",
		"DrawMesh (batch 3, pass 0): " + morph.String() + ": a morphed mesh cannot be drawn instanced with weights",
	} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %q", err, w)
		}
	}
	// Two meshes (52-byte vertices, 4-byte indices) and the one accepted
	// set of targets: 2 targets × 24 vertices × 2 texels × 16 bytes; and
	// the instance.
	if got, want := f.Stats.BytesUploaded, int64(2*(n*52+len(is)*4)+2*n*2*16+len(render.MeshInstanceBytes(make([]render.MeshInstance, 1)))); got != want {
		t.Errorf("uploaded %d bytes, want %d", got, want)
	}
	if f.Stats.DrawCalls != 0 {
		t.Errorf("%d draw calls, want none", f.Stats.DrawCalls)
	}
	f.Reset()

	// Right: weights of the mesh's count, and a morph mesh drawn without
	// weights (its base shape), also instanced; an unknown mesh is named.
	f.BeginPass(render.Pass{})
	f.DrawMesh(&render.MeshDraw{Mesh: morph, Weights: f.AddWeights([]float32{0.5, 1})})
	f.DrawMesh(&render.MeshDraw{Mesh: morph})
	f.DrawMeshInstanced(&render.MeshDraw{Mesh: morph}, []render.MeshInstance{{Model: mgl32.Ident4()}})
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	f.CreateMorphTargets(12345, []render.MorphTarget{{Positions: full}})
	f.CreateMorphTargets(plain, []render.MorphTarget{{Tangents: bad}})
	err = run(t, b, f)
	for _, w := range []string{"CreateMorphTargets: unknown mesh#", "CreateMorphTargets: " + plain.String() + ": target 0: vertex 5: tangent delta [0 NaN 0] is not finite"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %q", err, w)
		}
	}
}

package scenegraph_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// A mesh with two morph targets (blend shapes): the renderer draws it with
// one weight per target, set like Cocos Creator's setWeights and
// setWeight, and culls it by its sphere grown by the targets' reach.
func ExampleMeshRenderer_SetWeights() {
	f := render.NewFrame()
	verts, indices := render.CubeMesh()
	mesh := f.CreateMesh(verts, indices)
	smile := render.MorphTarget{Positions: make([]mgl32.Vec3, len(verts))}
	blink := render.MorphTarget{Positions: make([]mgl32.Vec3, len(verts))}
	for i := range verts {
		smile.Positions[i] = mgl32.Vec3{0, 0.25, 0}
		blink.Positions[i] = mgl32.Vec3{0, 0, 0.5}
	}
	targets := []render.MorphTarget{smile, blink}
	f.CreateMorphTargets(mesh, targets)

	node := scenegraph.NewNode("Face")
	mr := scenegraph.AddComponent(node, &scenegraph.MeshRenderer{Mesh: mesh, Radius: 1, MorphRadii: scenegraph.MorphRadii(targets)})
	mr.SetWeights([]float32{0, 0})
	mr.SetWeight(1, 0) // a full smile
	fmt.Println(mr.Weights, mr.MorphRadii)
	// Output: [1 0] [0.25 0.5]
}

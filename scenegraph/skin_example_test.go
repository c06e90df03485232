package scenegraph_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// A two-joint skin: the elbow, one unit up, bends 90°; a vertex modelled
// at the hand (0, 2) and bound to the elbow follows it to (-1, 1).
func ExampleSkin_Palette() {
	root := scenegraph.NewNode("Arm")
	shoulder, elbow := scenegraph.NewNode("Shoulder"), scenegraph.NewNode("Elbow")
	root.AddChild(shoulder)
	shoulder.AddChild(elbow)
	elbow.SetPosition(mgl32.Vec3{0, 1, 0})
	skin, err := scenegraph.NewSkin([]*scenegraph.Node{shoulder, elbow},
		[]mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(0, -1, 0)}) // inverses of the bind pose
	if err != nil {
		panic(err)
	}
	scenegraph.AddComponent(root, skin)

	elbow.SetRotationEuler(0, 0, 90)
	hand := skin.Palette()[1].Mul4x1(mgl32.Vec4{0, 2, 0, 1})
	fmt.Printf("hand at (%.0f, %.0f)\n", hand[0], hand[1])
	// Output:
	// hand at (-1, 1)
}

// A skinned MeshRenderer: each frame the Skin records its palette once
// (PaletteIn), for every draw of the frame, in the camera's pass and the
// shadow pass; Fit gives it bounds that follow the pose.
func ExampleSkin_PaletteIn() {
	root := scenegraph.NewNode("Arm")
	shoulder, elbow := scenegraph.NewNode("Shoulder"), scenegraph.NewNode("Elbow")
	root.AddChild(shoulder)
	shoulder.AddChild(elbow)
	elbow.SetPosition(mgl32.Vec3{0, 1, 0})
	skin, _ := scenegraph.NewSkin([]*scenegraph.Node{shoulder, elbow},
		[]mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(0, -1, 0)})
	scenegraph.AddComponent(root, skin)

	f := render.NewFrame()
	// A quad from y = 0 to y = 2: the bottom follows the shoulder, the
	// top the elbow.
	verts := []render.MeshVertex{{Position: [3]float32{-0.5, 0, 0}}, {Position: [3]float32{0.5, 0, 0}},
		{Position: [3]float32{0.5, 2, 0}}, {Position: [3]float32{-0.5, 2, 0}}}
	weights := []render.SkinVertex{{Weights: [4]float32{1}}, {Weights: [4]float32{1}},
		{Joints: [4]uint8{1}, Weights: [4]float32{1}}, {Joints: [4]uint8{1}, Weights: [4]float32{1}}}
	mesh := f.CreateSkinnedMesh(verts, weights, []uint32{0, 1, 2, 2, 3, 0})
	skin.Fit(verts, weights)
	scenegraph.AddComponent(root, &scenegraph.MeshRenderer{Mesh: mesh, Skin: skin})

	elbow.SetRotationEuler(0, 0, 90)
	id := skin.PaletteIn(f)
	fmt.Println(id == skin.PaletteIn(f), len(f.Palette(id)), "joints")
	c, r, _ := skin.Bounds()
	fmt.Printf("bounds around (%.2f, %.2f), radius %.2f\n", c[0], c[1], r)
	// Output:
	// true 2 joints
	// bounds around (0.00, 0.81), radius 1.31
}

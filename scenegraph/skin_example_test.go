package scenegraph_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
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

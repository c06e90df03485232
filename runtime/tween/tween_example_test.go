package tween_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/tween"
	"github.com/tact-engine/tact/scenegraph"
)

// A tween slides a node, spins it, and calls back, as Cocos' tween() does.
func ExampleTween() {
	d := director.New()
	tween.Install(d) // a Game's Director has one already
	s := scenegraph.NewScene("Example")
	n := scenegraph.NewNode("Hero")
	s.AddChild(n)
	tween.New(n).
		To(1, tween.QuadOut, tween.Position(mgl32.Vec3{100, 0, 0})).
		By(0.5, tween.Linear, tween.Angle(90)).
		Call(func() { fmt.Println("arrived") }).
		Start()
	d.RunScene(s)
	for range 6 {
		d.Tick(0.25)
		fmt.Printf("x=%.2f angle=%.0f\n", n.Position()[0], n.Angle())
	}
	// Output:
	// x=43.75 angle=0
	// x=75.00 angle=0
	// x=93.75 angle=0
	// x=100.00 angle=0
	// x=100.00 angle=45
	// arrived
	// x=100.00 angle=90
}

// In 2D, Position2 and Scale2 take a Vec2 and leave z alone.
func ExamplePosition2() {
	d := director.New()
	tween.Install(d)
	s := scenegraph.NewScene("Example")
	n := scenegraph.NewNode("Coin")
	n.SetPosition(mgl32.Vec3{0, 0, 5})
	s.AddChild(n)
	tween.New(n).By(1, tween.Linear, tween.Position2(mgl32.Vec2{0, 40})).Start()
	d.RunScene(s)
	for range 2 {
		d.Tick(0.5)
	}
	fmt.Println(n.Position())
	// Output: [0 40 5]
}

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
	for range 7 { // the first frame samples time 0
		d.Tick(0.25)
		fmt.Printf("x=%.2f angle=%.0f\n", n.Position()[0], n.Angle())
	}
	// Output:
	// x=0.00 angle=0
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
	for range 3 { // time 0, 0.5, 1
		d.Tick(0.5)
	}
	fmt.Println(n.Position())
	// Output: [0 40 5]
}

// newExampleWorld returns a ticking Director and a node in its scene.
func newExampleWorld(name string) (*director.Director, *tween.System, *scenegraph.Node) {
	d := director.New()
	sys := tween.Install(d)
	s := scenegraph.NewScene("Example")
	n := scenegraph.NewNode(name)
	s.AddChild(n)
	d.RunScene(s)
	return d, sys, n
}

// Set places a node at once; the actions after it start from there.
func ExampleTween_Set() {
	d, _, n := newExampleWorld("Card")
	tween.New(n).Set(tween.PositionX(-50)).To(0.5, nil, tween.PositionX(0)).Start()
	for range 3 {
		d.Tick(0.25)
		fmt.Println(n.Position()[0])
	}
	// Output:
	// -50
	// -25
	// 0
}

// PositionX moves x alone, Cocos' to(d, {position: {x}}), so another tween
// can move y meanwhile.
func ExamplePositionX() {
	d, _, n := newExampleWorld("Ball")
	tween.New(n).To(1, nil, tween.PositionX(100)).Start()
	tween.New(n).By(1, tween.QuadIn, tween.PositionY(-40)).Start()
	for range 3 {
		d.Tick(0.25)
	}
	fmt.Println(n.Position())
	// Output: [50 -10 0]
}

// Tags and targets stop groups of tweens; PauseAllByTarget holds a node's.
func ExampleSystem_StopAllByTag() {
	d, sys, n := newExampleWorld("Enemy")
	const blink = 1
	tween.New(n).Tag(blink).RepeatForever(tween.New(nil).To(0.1, nil, tween.Opacity(0)).To(0.1, nil, tween.Opacity(255))).Start()
	tween.New(n).By(2, nil, tween.PositionX(100)).Start()
	d.Tick(0.25)
	fmt.Println(sys.RunningCount(n))
	sys.StopAllByTag(blink, nil)
	sys.PauseAllByTarget(n)
	d.Tick(0.25)
	fmt.Println(sys.RunningCount(n), n.Position()[0])
	sys.ResumeAllByTarget(n)
	d.Tick(0.5)
	fmt.Println(n.Position()[0])
	// Output:
	// 2
	// 1 0
	// 25
}

// A tween's time scale and its System's multiply.
func ExampleTween_SetTimeScale() {
	d, sys, n := newExampleWorld("Clock")
	tween.New(n).By(1, nil, tween.Angle(360)).SetTimeScale(2).Start()
	sys.SetTimeScale(0.5) // slow motion for every tween
	d.Tick(0.25)          // time 0
	d.Tick(0.25)
	fmt.Println(n.Angle())
	// Output: 90
}

// StartAt starts a tween part way in.
func ExampleTween_StartAt() {
	d, _, n := newExampleWorld("Bar")
	tween.New(n).To(1, nil, tween.ScaleX(2)).StartAt(0.5)
	d.Tick(1.0 / 60)
	fmt.Println(n.Scale()[0])
	// Output: 1.5
}

// ReverseTime plays a tween backwards; Reverse builds its undoing.
func ExampleTween_ReverseTime() {
	d, _, n := newExampleWorld("Door")
	tween.New(n).ReverseTime(tween.New(nil).To(1, tween.QuadIn, tween.PositionX(100))).Start()
	for range 3 {
		d.Tick(0.5)
		fmt.Println(n.Position()[0])
	}
	// Output:
	// 100
	// 25
	// 0
}

// Reverse returns the tween that undoes another, made of By actions.
func ExampleTween_Reverse() {
	d, _, n := newExampleWorld("Lift")
	up := tween.New(n).By(0.5, nil, tween.PositionY(30)).By(0.5, nil, tween.PositionX(10))
	down := up.Reverse()
	up.Call(func() { down.Start() }).Start()
	for range 6 {
		d.Tick(0.5)
	}
	fmt.Println(n.Position())
	// Output: [0 0 0]
}

// Union makes what came before one action, so Repeat takes it all.
func ExampleTween_Union() {
	d, _, n := newExampleWorld("Blinker")
	tween.New(n).To(0.25, nil, tween.Opacity(0)).To(0.25, nil, tween.Opacity(255)).Union().Repeat(2, nil).
		Call(func() { fmt.Println("blinked twice") }).Start()
	for range 5 {
		d.Tick(0.25)
	}
	// Output: blinked twice
}

// Clone puts a copy of a tween on another node.
func ExampleTween_Clone() {
	d, _, a := newExampleWorld("A")
	b := scenegraph.NewNode("B")
	a.Scene().AddChild(b)
	hop := tween.New(a).By(0.5, tween.SineOut, tween.PositionY(20))
	hop.Start()
	hop.Clone(b).StartAt(0.25)
	d.Tick(0.25)
	fmt.Printf("%.2f %.2f\n", a.Position()[1], b.Position()[1])
	// Output: 0.00 14.14
}

// Opacity fades a node and everything drawn below it as one.
func ExampleOpacity() {
	d, _, panel := newExampleWorld("Menu")
	tween.New(panel).To(0.5, tween.QuadOutIn, tween.Opacity(0)).Start()
	for range 2 {
		d.Tick(0.25)
	}
	fmt.Println(panel.Opacity())
	// Output: 128
}

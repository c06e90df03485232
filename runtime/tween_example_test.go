package runtime_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime"
	"github.com/tact-engine/tact/scenegraph"
)

// A tween slides a node, spins it, and calls back, as Cocos' tween() does.
func ExampleTween() {
	d := runtime.NewDirector()
	runtime.InstallSystems(d) // a Game's Director may already have them
	s := scenegraph.NewScene("Example")
	n := scenegraph.NewNode("Hero")
	s.AddChild(n)
	runtime.NewTween(n).
		To(1, runtime.QuadOut, runtime.Position(mgl32.Vec3{100, 0, 0})).
		By(0.5, runtime.Linear, runtime.Angle(90)).
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

// Any component on a collider's node can hear its collisions.
type Coin struct{ scenegraph.Component }

func (c *Coin) OnCollisionEnter(other, self *runtime.Collider) {
	fmt.Println(other.Node().Name(), "picked up", self.Node().Name())
	self.Node().Destroy()
}

func ExampleCollider() {
	d := runtime.NewDirector()
	runtime.InstallSystems(d)
	s := scenegraph.NewScene("Example")
	player, coin := scenegraph.NewNode("Player"), scenegraph.NewNode("Coin")
	s.AddChild(player)
	s.AddChild(coin)
	coin.SetPositionXY(30, 0)
	scenegraph.AddComponent(player, runtime.NewBoxCollider(20, 40))
	scenegraph.AddComponent(coin, runtime.NewCircleCollider(8))
	scenegraph.AddComponent(coin, &Coin{})
	d.RunScene(s)
	for range 3 {
		player.SetPositionXY(player.Position()[0]+5, 0)
		d.Tick(1.0 / 60)
	}
	// Output:
	// Player picked up Coin
}

package collision_test

import (
	"fmt"

	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Any component on a collider's node can hear its collisions.
type Coin struct{ scenegraph.Component }

func (c *Coin) OnCollisionEnter(self, other *collision.Collider) {
	fmt.Println(other.Node().Name(), "picked up", self.Node().Name())
	self.Node().Destroy()
}

func ExampleCollider() {
	d := director.New()
	collision.Install(d) // a Game's Director has one already
	s := scenegraph.NewScene("Example")
	player, coin := scenegraph.NewNode("Player"), scenegraph.NewNode("Coin")
	s.AddChild(player)
	s.AddChild(coin)
	coin.SetPositionXY(30, 0)
	scenegraph.AddComponent(player, collision.NewBoxCollider(20, 40))
	scenegraph.AddComponent(coin, collision.NewCircleCollider(8))
	scenegraph.AddComponent(coin, &Coin{})
	d.RunScene(s)
	for range 3 {
		player.SetPositionXY(player.Position()[0]+5, 0)
		d.Tick(1.0 / 60)
	}
	// Output:
	// Player picked up Coin
}

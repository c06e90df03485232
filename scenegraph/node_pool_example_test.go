package scenegraph_test

import (
	"fmt"

	"github.com/tact-engine/tact/scenegraph"
)

// Coin is a pooled pickup: Reuse resets it as it comes out of the pool.
type Coin struct {
	scenegraph.Component
	Value   int
	Starts  int
	Enables int
}

func (c *Coin) Start()    { c.Starts++ }
func (c *Coin) OnEnable() { c.Enables++ }
func (c *Coin) Reuse()    { c.Value = 10 }

// Coins come from a pool: the first Get makes one (a prefab's
// instantiation does as well as code), Put takes it out of the scene, and
// the next Get hands the same node back. Start ran once; OnEnable runs on
// every return to the scene.
func ExampleNodePool() {
	s := scenegraph.NewScene("Level")
	s.Launch()
	coins := scenegraph.NewNodePool(func() *scenegraph.Node {
		n := scenegraph.NewNode("Coin")
		scenegraph.AddComponent(n, &Coin{})
		return n
	})
	tick := func() {
		s.ComponentScheduler().StartPhase() // a Director's frame does this
		s.ComponentScheduler().UpdatePhase(1.0 / 60)
	}

	n := coins.Get()
	s.AddChild(n)
	tick()
	coin := n.Components()[0].(*Coin)
	coin.Value = 0 // picked up
	coins.Put(n)
	fmt.Println("in scene:", n.Scene() != nil, "pooled:", coins.Size())

	again := coins.Get()
	s.AddChild(again)
	tick()
	fmt.Println("same node:", again == n, "value:", coin.Value, "starts:", coin.Starts, "enables:", coin.Enables)
	// Output:
	// in scene: false pooled: 1
	// same node: true value: 10 starts: 1 enables: 2
}

package particle_test

import (
	"fmt"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/particle"
	"github.com/tact-engine/tact/scenegraph"
)

// A one-shot explosion: a burst, then the node goes when the last spark
// dies.
func ExampleEmitter_Finished() {
	d := director.New()
	s := scenegraph.NewScene("Main")
	n := scenegraph.NewNode("Explosion")
	s.AddChild(n)
	e := particle.NewEmitter(32, 0, 0.3, 120, 4)
	e.AutoDestroy = true
	e.Finished.On(func(*particle.Emitter) { fmt.Println("finished") })
	scenegraph.AddComponent(n, e)
	d.RunScene(s)
	e.Burst(20)
	for range 30 {
		d.Tick(1.0 / 60)
	}
	fmt.Println("node valid:", n.IsValid())
	// Output:
	// finished
	// node valid: false
}

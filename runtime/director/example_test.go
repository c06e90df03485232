package director_test

import (
	"fmt"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// The Director ticks a scene without any window: here, ten frames of a
// component counting its updates.
func ExampleDirector() {
	d := director.New()
	s := scenegraph.NewScene("Logic")
	c := scenegraph.AddComponent(s.Root(), &counter{})
	d.RunScene(s)
	for range 10 {
		d.Tick(1.0 / 60)
	}
	fmt.Println(c.updates, d.TotalFrames())
	// Output: 10 10
}

type counter struct {
	scenegraph.Component
	updates int
}

func (c *counter) Update(float64) { c.updates++ }

package runtime_test

import (
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime"
	"github.com/tact-engine/tact/scenegraph"
)

// Spinner turns its node; it implements only the callbacks it needs.
type Spinner struct {
	scenegraph.Component
	Speed float32 // degrees per second
}

func (s *Spinner) Update(dt float64) {
	n := s.Node()
	n.SetAngle(n.Angle() + s.Speed*float32(dt))
}

// A whole game: a camera, a white box, and a component that spins it. Call
// runtime.Run from main.
func ExampleRun() {
	err := runtime.Run(runtime.Config{Title: "Spin"}, func(g *runtime.Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Main")
		cam := scenegraph.NewNode("Camera")
		cam.SetPosition(mgl32.Vec3{400, 300, 0}) // world (0,0) is the bottom-left pixel
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(30, 30, 40, 255)))

		box := scenegraph.NewNode("Box")
		box.SetPositionXY(400, 300)
		s.AddChild(box)
		scenegraph.AddComponent(box, scenegraph.NewSprite(0, 100, 100)) // texture 0 is white
		scenegraph.AddComponent(box, &Spinner{Speed: 90})
		return s, nil
	})
	if err != nil {
		log.Fatal(err)
	}
}

// The Director ticks a scene without any window: here, ten frames of a
// component counting its updates.
func ExampleDirector() {
	d := runtime.NewDirector()
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

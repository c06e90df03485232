package tact_test

import (
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
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
// tact.Run from main.
func ExampleRun() {
	err := tact.Run(tact.Config{Title: "Spin"}, func(g *tact.Game) (*scenegraph.Scene, error) {
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

// A game tests itself headless: a scripted run of N frames, then a look at
// the scene and the last picture. In a _test.go file, TestMain calls
// platformtest.Main(m) and the test wraps this in platformtest.Do, since SDL
// wants the main thread.
func ExampleRunHeadless() {
	start := func(g *tact.Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Main")
		cam := scenegraph.NewNode("Camera")
		cam.SetPosition(mgl32.Vec3{400, 300, 0})
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(30, 30, 40, 255)))
		return s, nil
	}
	press := func(g *tact.Game, frame uint64) {
		if frame == 10 {
			g.Input().InjectKey(platform.KeySpace, true)
		}
	}
	g, img, err := tact.RunHeadless(tact.Config{Title: "Test"}, start, 60, press)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.Frames(), img.Bounds().Dx())
}

// Score reaches its Game from its node: no globals.
type Score struct {
	scenegraph.Component
	Points int
}

func (s *Score) Update(float64) {
	if g := tact.GameOf(s.Node()); g != nil && g.Frames() == 0 {
		s.Points = 10
	}
}

func ExampleGameOf() {
	g := tact.NewGame(tact.Config{})
	s := scenegraph.NewScene("Main")
	sc := scenegraph.AddComponent(s.Root(), &Score{})
	g.Director().RunScene(s)
	g.Step() // one frame, no window needed
	fmt.Println(tact.GameOf(sc.Node()) == g, sc.Points)
	// Output: true 10
}

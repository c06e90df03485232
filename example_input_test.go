package tact_test

import (
	"log"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Cursor moves its node to the mouse, in the world of a 2D camera.
type Cursor struct {
	scenegraph.Component
	Game   *tact.Game
	Camera *scenegraph.Camera
}

func (c *Cursor) Update(float64) {
	if p, ok := c.Game.PointerWorld(c.Camera); ok {
		c.Node().SetPositionXY(p.X(), p.Y())
	}
}

// A box follows the mouse: PointerWorld maps the pointer into the camera's
// world, whatever the camera's position, zoom or the window's pixel density.
// Call tact.Run from main.
func ExampleGame_PointerWorld() {
	err := tact.Run(tact.Config{Title: "Follow"}, func(g *tact.Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Main")
		camNode := scenegraph.NewNode("Camera")
		camNode.SetPosition(mgl32.Vec3{0, 0, 0}) // world (0,0) at the window's center
		s.AddChild(camNode)
		cam := scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.RGBA(30, 30, 40, 255)))
		cam.OrthoHeight = 100 // 200 world units from the bottom to the top, whatever the window

		box := scenegraph.NewNode("Box")
		s.AddChild(box)
		scenegraph.AddComponent(box, scenegraph.NewSprite(0, 10, 10))
		scenegraph.AddComponent(box, &Cursor{Game: g, Camera: cam})
		return s, nil
	})
	if err != nil {
		log.Fatal(err)
	}
}

// A pause key: input keeps reaching listeners while the Game is paused, so
// the key that pauses also resumes, and another single-steps.
func ExampleGame_Pause() {
	err := tact.Run(tact.Config{Title: "Pause"}, func(g *tact.Game) (*scenegraph.Scene, error) {
		g.Input().KeyDown.On(func(e platform.KeyEvent) {
			switch {
			case e.Repeat:
			case e.Key == platform.KeyP && g.IsPaused():
				g.Resume()
			case e.Key == platform.KeyP:
				g.Pause()
			case e.Key == platform.KeyPeriod && g.IsPaused():
				g.Step() // one frame of 1/FrameRate
			}
		})
		return scenegraph.NewScene("Main"), nil
	})
	if err != nil {
		log.Fatal(err) // wraps platform.ErrNotMainThread when not called from main
	}
}

// A headless run, as in CI: no window on screen, frames rendered offscreen,
// and with Audio the mixer runs through SDL's dummy driver, so no sound
// hardware is probed. The window has the engine's default size,
// platform.DefaultWidth×DefaultHeight.
func ExampleConfig_headless() {
	cfg := tact.Config{Headless: true, Audio: true, MaxFrames: 60, FixedDT: 1.0 / 60}
	err := tact.Run(cfg, func(g *tact.Game) (*scenegraph.Scene, error) {
		w, h := g.Window().Size()
		log.Printf("window %d×%d (default %d×%d), audio on: %v",
			w, h, platform.DefaultWidth, platform.DefaultHeight, g.Audio() != nil)
		return scenegraph.NewScene("Main"), nil
	})
	if err != nil {
		log.Fatal(err)
	}
}

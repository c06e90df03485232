package camera2d_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/camera2d"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// A camera follows the player with a dead zone and smoothing, and a sky
// layer scrolls at a quarter of the world's speed.
func ExampleFollow() {
	d := director.New()
	scene := scenegraph.NewScene("Level")
	player := scenegraph.NewNode("Player")
	scene.AddChild(player)

	camNode := scenegraph.NewNode("Camera")
	scene.AddChild(camNode)
	scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.Black))
	scenegraph.AddComponent(camNode, &camera2d.Follow{
		Target:    player,
		Smoothing: 0.25,               // close half the gap every 0.25 s
		DeadZone:  mgl32.Vec2{40, 20}, // move freely in 40×20 units
	})

	sky := scenegraph.NewNode("Sky")
	scene.AddChild(sky)
	scenegraph.AddComponent(sky, camera2d.NewParallax(camNode, 0.25))

	d.RunScene(scene)
	d.Tick(0.25) // the first frame snaps onto the player
	player.SetPositionXY(120, 0)
	for i := 0; i < 3; i++ {
		d.Tick(0.25)
		fmt.Printf("camera x %v, sky x %v\n", camNode.Position()[0], sky.Position()[0])
	}
	// Output:
	// camera x 50, sky x 37.5
	// camera x 75, sky x 56.25
	// camera x 87.5, sky x 65.625
}

// Parallax with a repeating texture: a sprite covering the view whose UV
// region scrolls, one repeat every 256 units.
func ExampleParallax() {
	d := director.New()
	f := render.NewFrame()
	f.SetScreenSize(640, 360)
	d.SetFrameSink(frameDropper{f}, scenegraph.Extract)
	scene := scenegraph.NewScene("Level")
	camNode := scenegraph.NewNode("Camera")
	scene.AddChild(camNode)
	scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.Black))

	hills := scenegraph.NewNode("Hills")
	scene.AddChild(hills)
	// The texture would be loaded with asset.TextureSettings{Wrap: render.WrapRepeat}.
	sp := scenegraph.AddComponent(hills, scenegraph.NewSprite(0, 256, 360))
	scenegraph.AddComponent(hills, &camera2d.Parallax{Camera: camNode, Factor: mgl32.Vec2{0.5, 1}, RepeatX: true})

	d.RunScene(scene)
	d.Tick(1.0 / 60) // the camera learns the screen size
	camNode.SetPositionXY(512, 0)
	d.Tick(1.0 / 60)
	fmt.Printf("size %v, u %v..%v\n", sp.Size[0], sp.UV[0], sp.UV[2])
	// Output:
	// size 640, u 0.75..3.25
}

type frameDropper struct{ f *render.Frame }

func (s frameDropper) Frame() *render.Frame { return s.f }
func (s frameDropper) Submit() error {
	w, h := s.f.ScreenSize()
	s.f.Reset()
	s.f.SetScreenSize(w, h)
	return nil
}

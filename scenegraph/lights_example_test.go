package scenegraph_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/scenegraph"
)

// A lit 3D scene: a sun casting shadows, a point light, a box on a ground
// plane, and a camera whose picture goes through a post-processing graph
// (here a single pass that copies the HDR scene image to the screen; the
// post package builds real chains).
func Example_lightsAndShadows() {
	s := scenegraph.NewScene("Level")
	f := render.NewFrame()
	f.SetScreenSize(1280, 720)
	cube := f.CreateMesh(render.CubeMesh())

	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{0, 3, 8})
	cam.SetRotationEuler(-20, 0, 0)
	s.AddChild(cam)
	camera := scenegraph.AddComponent(cam, scenegraph.NewPerspectiveCamera(60, render.Black))

	post := graph.New()
	post.Image(graph.Scene, graph.ImageDesc{Format: render.FormatRGBA16F})
	err := post.Add(graph.Pass{Name: "present", Reads: []string{graph.Scene}, Draw: func(c *graph.Context) {
		c.Begin(render.Pass{}).DrawFullscreen(&render.FullscreenDraw{Texture: c.Texture(graph.Scene)})
	}})
	if err != nil {
		fmt.Println(err)
	}
	camera.Post = post

	sun := scenegraph.NewNode("Sun")
	sun.SetRotationEuler(-50, 30, 0)
	s.AddChild(sun)
	scenegraph.AddComponent(sun, &scenegraph.DirectionalLight{
		Ambient: 0.05, Color: mgl32.Vec3{3, 2.8, 2.5}, Shadows: true, ShadowDistance: 30})

	lamp := scenegraph.NewNode("Lamp")
	lamp.SetPosition(mgl32.Vec3{2, 1, 1})
	s.AddChild(lamp)
	scenegraph.AddComponent(lamp, &scenegraph.PointLight{Color: mgl32.Vec3{4, 1, 0.5}, Range: 6})

	box := scenegraph.NewNode("Box")
	s.AddChild(box)
	scenegraph.AddComponent(box, &scenegraph.MeshRenderer{Mesh: cube, Radius: 0.87,
		Material: render.Material{Roughness: 0.4}})
	ground := scenegraph.NewNode("Ground")
	ground.SetScale(mgl32.Vec3{20, 0.1, 20})
	ground.SetPosition(mgl32.Vec3{0, -0.55, 0})
	s.AddChild(ground)
	// The ground receives shadows but casts none.
	scenegraph.AddComponent(ground, &scenegraph.MeshRenderer{Mesh: cube, NoShadow: true})

	s.Launch()
	scenegraph.Extract(s, f)
	for _, p := range f.Passes() {
		fmt.Printf("%s: lit %v, shadow map %v\n", p.Name, p.Lights.Lit(), p.Lights.Shadow != 0)
	}
	fmt.Println("shadow casters:", s.RenderStats().ShadowCasters)
	// Output:
	// shadow: lit false, shadow map false
	// Camera: lit true, shadow map true
	// present: lit false, shadow map false
	// shadow casters: 1
}

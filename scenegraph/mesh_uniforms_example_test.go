package scenegraph_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// A custom mesh shader's own uniforms: one set shared by every renderer
// of a material, changed between frames; each camera-pass draw carries a
// copy.
func ExampleMeshRenderer_uniforms() {
	s := scenegraph.NewScene("Harbour")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{0, 0, 10})
	scenegraph.AddComponent(cam, scenegraph.NewPerspectiveCamera(60, render.Black))
	s.AddChild(cam)

	var water render.UniformSet // uniform float u_waveHeight; uniform vec3 u_deep;
	water.SetFloat("u_waveHeight", 0.3)
	water.SetVec3("u_deep", mgl32.Vec3{0, 0.2, 0.4})
	sea := scenegraph.NewNode("Sea")
	scenegraph.AddComponent(sea, &scenegraph.MeshRenderer{Mesh: 1, Shader: 2, Uniforms: &water})
	s.AddChild(sea)
	s.Launch()

	f := render.NewFrame()
	f.SetScreenSize(640, 480)
	scenegraph.Extract(s, f)
	d := f.MeshDraws()[0]
	values, _ := f.UniformValues(d.Uniforms)
	for _, v := range values {
		fmt.Println(v.Name, v.Type)
	}
	// Output:
	// u_waveHeight float
	// u_deep vec3
}

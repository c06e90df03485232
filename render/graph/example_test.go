package graph_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
)

// A camera draws into an HDR scene image at full size, a pass shrinks it to
// half size, and the last pass draws both onto the screen. The passes are
// added in any order; Record runs them in the order their images need.
func Example() {
	g := graph.New()
	g.Image(graph.Scene, graph.ImageDesc{Format: render.FormatRGBA16F})
	g.Image("half", graph.ImageDesc{Format: render.FormatRGBA16F, Scale: 0.5})

	g.Add(graph.Pass{Name: "present", Reads: []string{graph.Scene, "half"}, Draw: func(c *graph.Context) {
		f := c.Begin(render.Pass{})
		f.DrawFullscreen(&render.FullscreenDraw{Texture: c.Texture(graph.Scene), Inputs: [3]render.TextureID{c.Texture("half")}})
	}})
	g.Add(graph.Pass{Name: "shrink", Reads: []string{graph.Scene}, Writes: "half", Draw: func(c *graph.Context) {
		c.Begin(render.Pass{}).DrawFullscreen(&render.FullscreenDraw{Texture: c.Texture(graph.Scene)})
	}})
	g.Add(graph.Pass{Name: "camera", Writes: graph.Scene, Clear: render.ClearColor | render.ClearDepth,
		Draw: func(c *graph.Context) {
			f := c.Begin(render.Pass{ViewProj: mgl32.Ident4()})
			_ = f // draw the scene's meshes and sprites here
		}})

	f := render.NewFrame()
	if err := g.Record(f, 0, render.Rect{}, 640, 360); err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range f.Passes() {
		fmt.Printf("%s: %dx%d\n", p.Name, p.Viewport.W, p.Viewport.H)
	}
	// Switching the shrink pass off passes the scene through in its place;
	// nothing would write "half", so present reads the scene twice.
	g.Enable("shrink", false)
	fmt.Println(g.Record(f, 0, render.Rect{}, 640, 360), g.Passes())
	// Output:
	// camera: 640x360
	// shrink: 320x180
	// present: 0x0
	// <nil> [camera present]
}

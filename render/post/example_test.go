package post_test

import (
	"fmt"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/post"
)

// A chain with bloom and FXAA takes a camera's HDR scene to the screen.
// With a scenegraph.Camera, set its Post to chain.Graph() and it does what
// the frame below does by hand: draw the scene into graph.Scene, then
// record the graph into its target.
func Example() {
	chain := post.New(post.Options{
		Samples:  4,
		Exposure: 1,
		Bloom:    &post.Bloom{Threshold: 1, Knee: 0.5, Intensity: 0.6},
		FXAA:     true,
	})
	g := chain.Graph()

	f := render.NewFrame()
	if err := g.Prepare(f, 1280, 720); err != nil {
		fmt.Println(err)
		return
	}
	scene, _ := g.Target(graph.Scene)
	f.BeginPass(render.Pass{Target: scene, Clear: render.ClearColor | render.ClearDepth})
	// ... the scene's meshes, lit, in linear light ...
	if err := g.Record(f, 0, render.Rect{}, 1280, 720); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Passes())

	// Effects switch on and off between frames.
	chain.SetEnabled(post.EffectBloom, false)
	chain.SetEnabled(post.EffectVignette, true)
	f.Reset()
	g.Record(f, 0, render.Rect{}, 1280, 720)
	fmt.Println(g.Passes())
	// Output:
	// [bloom.bright bloom.blur0h bloom.blur0v bloom.blur1h bloom.blur1v bloom.blur2h bloom.blur2v bloom.combine tonemap fxaa vignette (pass-through)]
	// [tonemap fxaa vignette]
}

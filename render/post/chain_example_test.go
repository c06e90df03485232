package post_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/post"
)

// A color grade inserted between FXAA and the vignette: the pass reads
// the antialiased image and writes the one the vignette reads. Passes
// are moved and removed by name.
func ExampleChain_Insert() {
	chain := post.New(post.Options{FXAA: true, Vignette: &post.Vignette{Strength: 0.3, Radius: 0.4}})
	grade := post.Pass{Name: "grade", Draw: func(gc *graph.Context, input string) {
		f := gc.Begin(render.Pass{})
		// A custom program would go in Shader; the built-in copy tints.
		f.DrawFullscreen(&render.FullscreenDraw{Texture: gc.Texture(input), Color: mgl32.Vec4{1, 0.95, 0.85, 1}})
	}}
	if err := chain.Insert(post.PassVignette, grade); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(chain.Passes())

	f := render.NewFrame()
	g := chain.Graph()
	g.Record(f, 0, render.Rect{}, 640, 360)
	fmt.Println(g.Passes())

	chain.Move("grade", post.PassFXAA)
	chain.Remove(post.PassVignette)
	fmt.Println(chain.Passes())
	// Output:
	// [fxaa grade vignette]
	// [tonemap fxaa grade vignette]
	// [grade fxaa]
}

// A depth fog pass: with Options.SceneDepth the scene image has a depth
// texture, which the pass samples next to its input (u_tex1 of its
// program, through FullscreenDraw.Inputs).
func ExampleChain_SceneDepth() {
	chain := post.New(post.Options{SceneDepth: true, FXAA: true})
	var fogShader render.ShaderID // a program made from a fog shader (depth in u_tex1)
	fog := post.Pass{Name: "fog", Draw: func(gc *graph.Context, input string) {
		f := gc.Begin(render.Pass{})
		d := render.FullscreenDraw{Shader: fogShader, Texture: gc.Texture(input),
			Inputs: [3]render.TextureID{chain.SceneDepth(f)}}
		d.Params[0] = mgl32.Vec4{0.1, 100, 0.05} // near, far, density
		f.DrawFullscreen(&d)
	}}
	chain.Insert(post.PassFXAA, fog) // fog the scene before antialiasing

	f := render.NewFrame()
	g := chain.Graph()
	g.Prepare(f, 640, 360)
	scene, _ := g.Target(graph.Scene)
	f.BeginPass(render.Pass{Target: scene, Clear: render.ClearColor | render.ClearDepth})
	// ... the scene's meshes ...
	g.Record(f, 0, render.Rect{}, 640, 360)
	fmt.Println(g.Passes(), chain.SceneDepth(f) == f.TargetDepth(scene))
	// Output: [tonemap fog fxaa vignette (pass-through)] true
}

package render_test

import (
	"fmt"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// A cube map of half floats (an HDR sky) and a 2D array of float32
// texels, made from []float32 in their formats' layouts, then one face
// and one layer updated in part. A custom program samples them as
// samplerCube and sampler2DArray.
func ExampleFrame_CreateTexture() {
	f := render.NewFrame()
	sky := render.TextureDesc{Width: 16, Height: 16, Kind: render.TextureCube, Format: render.FormatRGBA16F, Mipmaps: true}
	texels := make([]float32, 16*16*4*render.CubeFaces) // faces +X -X +Y -Y +Z -Z, RGBA each
	for i := range texels {
		texels[i] = 2.5 // HDR: above 1 is kept
	}
	cube := f.CreateTexture(sky, render.AppendHalfs(nil, texels))

	layers := render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureArray, Layers: 3, Format: render.FormatR32F, Filter: render.FilterNearest}
	heights := f.CreateTexture(layers, render.AppendFloat32s(nil, make([]float32, 4*4*3)))

	// The +Y face's top-left quarter, and a row of layer 2.
	f.UpdateTextureLayer(cube, 2, render.Rect{W: 8, H: 8}, render.AppendHalfs(nil, make([]float32, 8*8*4)))
	f.UpdateTextureLayer(heights, 2, render.Rect{Y: 1, W: 4, H: 1}, render.AppendFloat32s(nil, []float32{0.5, 1.5, -1, 8}))

	b := null.New()
	b.Init()
	fmt.Println(b.Execute(f), sky.Bytes(), layers.Bytes(), f.Stats.BytesUploaded)
	// Output: <nil> 12288 192 13008
}

// An asynchronous read of an HDR target every frame: the copy starts
// after the frame's passes, and done gets it one or two frames later,
// on the thread that executes frames, without the render thread waiting
// for the GPU. Readout.Data is the backend's: copy what you keep.
func ExampleFrame_ReadTarget() {
	b := null.New()
	r, _ := render.NewRenderer(b, render.Options{OnMainThread: true})
	f := r.Frame()
	target, _ := f.CreateTarget(render.TargetDesc{Width: 320, Height: 180, Format: render.FormatRGBA32F})
	got := make(chan string, 8)
	done := func(o *render.Readout) { // made once: recording it allocates nothing
		got <- fmt.Sprintf("frame %d's %v %dx%d in frame %d: %d floats",
			o.Frame, o.Format, o.Rect.W, o.Rect.H, o.Delivered, len(o.Float32s()))
	}
	for range 3 {
		f := r.Frame()
		f.BeginPass(render.Pass{Target: target, Clear: render.ClearColor})
		f.ReadTarget(render.TargetRead{Target: target, Rect: render.Rect{W: 4, H: 2}, Async: true}, done)
		r.Submit()
	}
	r.Close() // delivers what is still pending
	close(got)
	for s := range got {
		fmt.Println(s)
	}
	// Output:
	// frame 1's RGBA32F 4x2 in frame 2: 32 floats
	// frame 2's RGBA32F 4x2 in frame 3: 32 floats
	// frame 3's RGBA32F 4x2 in frame 3: 32 floats
}

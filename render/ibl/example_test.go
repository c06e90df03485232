package ibl_test

import (
	"bytes"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/ibl"
)

// Light a pass with an environment: decode a Radiance file (here one
// written from a procedural sky), prefilter it, upload its textures, and
// put them on the pass's Lights and Sky.
func ExampleNewEnvironment() {
	var file bytes.Buffer
	ibl.EncodeHDR(&file, ibl.ProceduralSky(128, 64, ibl.SkyOptions{SunDir: mgl32.Vec3{0.3, 0.5, -0.8}}))

	img, err := ibl.DecodeHDR(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	env, err := ibl.NewEnvironment(img, ibl.Options{SkySize: 32, SpecularSize: 32, SpecularLevels: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	f := render.NewFrame()
	e := ibl.Upload(f, env)
	f.BeginPass(render.Pass{Lights: render.Lights{Eye: mgl32.Vec3{0, 1, 5}, Environment: e}, Sky: render.Sky{Texture: e.Sky}})

	up := env.SH.Radiance(mgl32.Vec3{0, 1, 0})
	fmt.Printf("%dx%d image, %d specular levels, a surface facing up is lit bluish: %v\n",
		img.Width, img.Height, e.Levels, up[2] > up[0])
	// Output: 128x64 image, 5 specular levels, a surface facing up is lit bluish: true
}

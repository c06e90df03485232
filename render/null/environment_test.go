package null_test

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

func TestEnvironmentValidated(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	cube := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureCube, Format: render.FormatRGBA16F}, nil)
	array := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureArray, Layers: 3, Format: render.FormatRGBA16F}, nil)
	lut := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Format: render.FormatRG16F}, nil)
	good := render.Environment{Specular: array, Levels: 3, BRDF: lut, Sky: cube}
	f.BeginPass(render.Pass{Lights: render.Lights{Environment: good}, Sky: render.Sky{Texture: cube}})
	if err := run(t, b, f); err != nil {
		t.Fatalf("a valid environment: %v", err)
	}
	bad := good
	bad.BRDF = cube
	f.BeginPass(render.Pass{Lights: render.Lights{Environment: bad}, Sky: render.Sky{Texture: array}})
	f.BeginPass(render.Pass{Sky: render.Sky{Texture: render.TextureID(77)}})
	err := run(t, b, f)
	for _, want := range []string{
		"BeginPass (pass 0): Sky: " + array.String() + " is not a cube texture",
		"BeginPass (pass 0): Lights.Environment.BRDF: " + cube.String() + " is not a 2D texture",
		"BeginPass (pass 1): Sky: unknown texture#77.0",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
}

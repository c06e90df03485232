package ibl

import "github.com/tact-engine/tact/render"

// textures returns the descriptions and pixels of env's three textures:
// the sky, the specular levels and the BRDF table.
func textures(env *Environment) (descs [3]render.TextureDesc, pixels [3][]byte) {
	sky := env.Sky
	for face := range sky.Faces {
		pixels[0] = render.AppendHalfs(pixels[0], rgba(sky.Faces[face]))
	}
	descs[0] = render.TextureDesc{Width: sky.Size, Height: sky.Size, Kind: render.TextureCube, Format: render.FormatRGBA16F}
	for _, l := range env.Specular {
		pixels[1] = render.AppendHalfs(pixels[1], rgba(l))
	}
	descs[1] = render.TextureDesc{Width: env.SpecularSize, Height: env.SpecularSize, Kind: render.TextureArray,
		Layers: len(env.Specular), Format: render.FormatRGBA16F}
	pixels[2] = render.AppendHalfs(nil, env.BRDF)
	descs[2] = render.TextureDesc{Width: env.BRDFSize, Height: env.BRDFSize, Format: render.FormatRG16F}
	return descs, pixels
}

// Upload records the creation of env's textures in f and returns the
// render.Environment that lights passes with them (Lights.Environment)
// and draws its sky (Pass.Sky{Texture: e.Sky}): the sky as an RGBA16F
// TextureCube, the specular levels as an RGBA16F TextureArray, the BRDF
// table as an RG16F texture. Free deletes them.
func Upload(f *render.Frame, env *Environment) render.Environment {
	d, px := textures(env)
	return render.Environment{SH: env.SH, Levels: len(env.Specular),
		Sky: f.CreateTexture(d[0], px[0]), Specular: f.CreateTexture(d[1], px[1]), BRDF: f.CreateTexture(d[2], px[2])}
}

// Replace records new images from env for the textures of e (made by
// Upload), under the same handles, and returns e with env's SH and
// levels: a hot reload, which every holder of the handles sees.
func Replace(f *render.Frame, e render.Environment, env *Environment) render.Environment {
	d, px := textures(env)
	for i, id := range [3]render.TextureID{e.Sky, e.Specular, e.BRDF} {
		f.ReplaceTexture(id, d[i], px[i])
	}
	e.SH, e.Levels = env.SH, len(env.Specular)
	return e
}

// Free records the deletion of e's textures.
func Free(f *render.Frame, e render.Environment) {
	for _, t := range [3]render.TextureID{e.Sky, e.Specular, e.BRDF} {
		if t != 0 {
			f.DeleteTexture(t)
		}
	}
}

// rgba widens RGB texels to RGBA with alpha 1.
func rgba(rgb []float32) []float32 {
	out := make([]float32, 0, len(rgb)/3*4)
	for i := 0; i+2 < len(rgb); i += 3 {
		out = append(out, rgb[i], rgb[i+1], rgb[i+2], 1)
	}
	return out
}

package null

import "github.com/tact-engine/tact/render"

// environment checks pass p's Sky and Lights.Environment as render/gl
// does: live textures of the kinds they are sampled as.
func (b *Backend) environment(p int, ps *render.Pass) {
	if s := ps.Sky.Texture; s != 0 {
		b.envTexture(p, "Sky", s, render.TextureCube)
	}
	if e := &ps.Lights.Environment; e.On() {
		if b.envTexture(p, "Lights.Environment.Specular", e.Specular, render.TextureArray) {
			b.envTexture(p, "Lights.Environment.BRDF", e.BRDF, render.Texture2D)
		}
	}
}

// envTexture reports whether texture id is alive and of kind k, and
// reports it (naming field) when it is not.
func (b *Backend) envTexture(p int, field string, id render.TextureID, k render.TextureKind) bool {
	switch {
	case !b.textures.alive(uint32(id)):
		b.fail("BeginPass (pass %d): %s: %s %v", p, field, b.textures.state(uint32(id)), id)
	case b.textures.info(uint32(id)).desc.Kind != k:
		article := "a"
		if k == render.TextureArray {
			article = "an"
		}
		b.fail("BeginPass (pass %d): %s: %v is not %s %v texture", p, field, id, article, k)
	default:
		return true
	}
	return false
}

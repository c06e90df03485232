package gl

import (
	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// progSky is the built-in sky program's index in Backend.builtin.
const progSky = 10

// envUniforms is a pass's Lights.Environment as the mesh programs'
// uniforms take it (on the Backend, so that passing its arrays to GL does
// not allocate).
type envUniforms struct {
	on                bool
	sh                [9]mgl32.Vec3
	levels, intensity float32
	specular, brdf    uint32 // GL textures
	invViewProj       mgl32.Mat4
}

// setEnvironment checks pass i's Lights.Environment and fills b.env; a bad
// one is reported and left off.
func (b *Backend) setEnvironment(i int, p *render.Pass) {
	e := &p.Lights.Environment
	u := &b.env
	u.on = false
	if !e.On() {
		return
	}
	spec := b.lookupTexture(e.Specular)
	brdf := b.lookupTexture(e.BRDF)
	switch {
	case spec == nil:
		b.fail("BeginPass (pass %d): Lights.Environment.Specular: unknown or deleted %v", i, e.Specular)
	case b.textureTarget(spec.gl) != ogl.TEXTURE_2D_ARRAY:
		b.fail("BeginPass (pass %d): Lights.Environment.Specular: %v is not an array texture", i, e.Specular)
	case brdf == nil:
		b.fail("BeginPass (pass %d): Lights.Environment.BRDF: unknown or deleted %v", i, e.BRDF)
	case b.textureTarget(brdf.gl) != ogl.TEXTURE_2D:
		b.fail("BeginPass (pass %d): Lights.Environment.BRDF: %v is not a 2D texture", i, e.BRDF)
	default:
		u.on = true
		u.sh = e.SH
		u.levels = float32(e.Levels)
		u.intensity = e.Intensity
		if u.intensity == 0 {
			u.intensity = 1
		}
		u.specular, u.brdf = spec.gl, brdf.gl
	}
}

// loadEnvironment loads the pass's environment into the uniforms program
// p declares (once per program per pass) and binds its textures.
func (b *Backend) loadEnvironment(p *program) {
	on, ok := p.named["u_envOn"]
	if !ok {
		return
	}
	u := &b.env
	v := int32(0)
	if u.on {
		v = 1
	}
	ogl.Uniform1i(on.loc, v)
	if !u.on {
		return
	}
	if x, ok := p.named["u_envSH"]; ok {
		ogl.Uniform3fv(x.loc, 9, &u.sh[0][0])
	}
	if x, ok := p.named["u_envLevels"]; ok {
		ogl.Uniform1f(x.loc, u.levels)
	}
	if x, ok := p.named["u_envIntensity"]; ok {
		ogl.Uniform1f(x.loc, u.intensity)
	}
	if x, ok := p.named["u_envSpecular"]; ok && x.unit >= 0 {
		b.bindTexture(int(x.unit), u.specular)
	}
	if x, ok := p.named["u_envBRDF"]; ok && x.unit >= 0 {
		b.bindTexture(int(x.unit), u.brdf)
	}
}

// drawSky fills pass i with its Sky, after the clear and before any draw.
func (b *Backend) drawSky(f *render.Frame, i int, p *render.Pass) {
	if p.Sky.Texture == 0 || b.pass.shadow {
		return
	}
	t := b.lookupTexture(p.Sky.Texture)
	switch {
	case t == nil:
		b.fail("BeginPass (pass %d): Sky: unknown or deleted %v", i, p.Sky.Texture)
		return
	case b.textureTarget(t.gl) != ogl.TEXTURE_CUBE_MAP:
		b.fail("BeginPass (pass %d): Sky: %v is not a cube texture", i, p.Sky.Texture)
		return
	case t.target != 0 && t.target == p.Target:
		b.fail("BeginPass (pass %d): Sky: samples %v while rendering into %v", i, p.Sky.Texture, p.Target)
		return
	}
	prog := b.builtin[progSky]
	b.useProgram(prog.id)
	// The vertex stage subtracts a corner's near point from its far
	// point: the camera's position cancels out, and the sky stays
	// infinitely far.
	u := &b.env
	u.invViewProj = p.ViewProj.Inv()
	if x, ok := prog.named["u_invViewProj"]; ok {
		ogl.UniformMatrix4fv(x.loc, 1, false, &u.invViewProj[0])
	}
	intensity := p.Sky.Intensity
	if intensity == 0 {
		intensity = 1
	}
	if x, ok := prog.named["u_skyIntensity"]; ok {
		ogl.Uniform1f(x.loc, intensity)
	}
	b.loadLights(prog) // exposure, and whether the target keeps linear light
	if x, ok := prog.named["u_sky"]; ok && x.unit >= 0 {
		b.bindTexture(int(x.unit), t.gl)
	}
	var zero render.RenderState
	b.setBlend(render.BlendOpaque)
	b.setDepth(false, b.st.depthWrite)
	b.applyState(&zero, false, false)
	b.bindVAO(b.emptyVAO)
	ogl.DrawArrays(ogl.TRIANGLES, 0, 3)
	f.Stats.DrawCalls++
	f.Stats.Triangles++
}

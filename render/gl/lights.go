package gl

import (
	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Defaults of render.Lights' zero fields.
const (
	defaultShadowBias   = 0.002
	defaultShadowRadius = 1
	// maxShadowRadius bounds the percentage-closer filter's radius, so that
	// a large Lights.ShadowRadius cannot make a pass cost (2r)² taps per
	// pixel without limit (mesh.frag clamps to the same value).
	maxShadowRadius = 8
)

// lightUniforms is a pass's render.Lights as the mesh programs' uniforms
// take them, with defaults applied. It lives in the Backend (on the heap),
// so that passing its arrays to GL does not allocate.
type lightUniforms struct {
	lit, linearOut, shadowOn bool
	eye, ambient             mgl32.Vec3
	sunDir, sunColor         mgl32.Vec3
	pointPos, pointColor     [render.MaxPointLights]mgl32.Vec3
	pointRange               [render.MaxPointLights]float32
	numPoints                int32
	shadowMatrix             mgl32.Mat4
	shadowBias               float32
	shadowRadius             int32
	exposure                 float32
	shadowTex                uint32 // GL texture of Lights.Shadow; noShadow when off
}

// setLights fills b.lights from pass i's Lights. It checks Lights.Shadow
// (a live shadow map) and reports a bad one, leaving shadows off.
func (b *Backend) setLights(i int, p *render.Pass, linearOut bool) {
	l := &p.Lights
	u := &b.lights
	u.lit = l.Lit()
	u.linearOut = linearOut
	u.eye, u.ambient = l.Eye, l.Ambient
	u.sunDir, u.sunColor = l.SunDir, l.SunColor
	n := min(max(l.NumPoints, 0), render.MaxPointLights)
	u.numPoints = int32(n)
	for k := range n {
		pl := &l.Points[k]
		u.pointPos[k], u.pointColor[k], u.pointRange[k] = pl.Position, pl.Color, pl.Range
	}
	u.shadowMatrix = l.ShadowMatrix
	u.shadowBias = l.ShadowBias
	if u.shadowBias == 0 {
		u.shadowBias = defaultShadowBias
	}
	u.shadowRadius = int32(l.ShadowRadius)
	if u.shadowRadius <= 0 {
		u.shadowRadius = defaultShadowRadius
	}
	u.shadowRadius = min(u.shadowRadius, maxShadowRadius)
	u.exposure = l.Exposure
	if u.exposure == 0 {
		u.exposure = 1
	}
	b.setEnvironment(i, p)
	u.shadowOn, u.shadowTex = false, b.noShadow
	if l.Shadow == 0 {
		return
	}
	t := b.lookupTexture(l.Shadow)
	switch {
	case t == nil:
		b.fail("BeginPass (pass %d): Lights.Shadow: unknown or deleted %v", i, l.Shadow)
	case !t.shadow:
		b.fail("BeginPass (pass %d): Lights.Shadow: %v is not a shadow map (a DepthShadow target's texture)", i, l.Shadow)
	default:
		u.shadowOn, u.shadowTex = true, t.gl
	}
}

// loadLights loads the pass's lights into the uniforms program p declares.
// It runs once per program per pass.
func (b *Backend) loadLights(p *program) {
	u := &b.lights
	set1i := func(loc int32, v bool) {
		if loc >= 0 {
			var i int32
			if v {
				i = 1
			}
			ogl.Uniform1i(loc, i)
		}
	}
	set3 := func(loc int32, v *mgl32.Vec3, n int32) {
		if loc >= 0 {
			ogl.Uniform3fv(loc, n, &v[0])
		}
	}
	set1i(p.lit, u.lit)
	set1i(p.linearOut, u.linearOut)
	set1i(p.shadowOn, u.shadowOn)
	set3(p.eye, &u.eye, 1)
	set3(p.ambient, &u.ambient, 1)
	set3(p.lightDir, &u.sunDir, 1)
	set3(p.lightColor, &u.sunColor, 1)
	if u.numPoints > 0 {
		set3(p.pointPos, &u.pointPos[0], u.numPoints)
		set3(p.pointColor, &u.pointColor[0], u.numPoints)
		if p.pointRange >= 0 {
			ogl.Uniform1fv(p.pointRange, u.numPoints, &u.pointRange[0])
		}
	}
	if p.numPoints >= 0 {
		ogl.Uniform1i(p.numPoints, u.numPoints)
	}
	if p.shadowMatrix >= 0 {
		ogl.UniformMatrix4fv(p.shadowMatrix, 1, false, &u.shadowMatrix[0])
	}
	if p.shadowBias >= 0 {
		ogl.Uniform1f(p.shadowBias, u.shadowBias)
	}
	if p.shadowRadius >= 0 {
		ogl.Uniform1i(p.shadowRadius, u.shadowRadius)
	}
	if p.exposure >= 0 {
		ogl.Uniform1f(p.exposure, u.exposure)
	}
	b.loadEnvironment(p)
}

// materialMap names a texture of render.Material, for checks and errors
// (name is how errors introduce it), and the unit mesh programs read it on.
type materialMap struct {
	name string
	unit int
}

// materialMaps lists Material's maps in the order materialTextures returns them.
var materialMaps = [...]materialMap{
	{"Material.MetallicRoughnessMap: ", unitMetallicRoughness},
	{"Material.NormalMap: ", unitNormal},
	{"Material.EmissiveMap: ", unitEmissive},
	{"Material.OcclusionMap: ", unitOcclusion},
}

// materialTextures returns m's maps in materialMaps order.
func materialTextures(m *render.Material) [len(materialMaps)]render.TextureID {
	return [...]render.TextureID{m.MetallicRoughnessMap, m.NormalMap, m.EmissiveMap, m.OcclusionMap}
}

// loadMaterial loads md's material into the uniforms p declares and binds
// its maps (white where a map is 0) and the pass's shadow map to the units
// p samples. maps holds the maps' GL textures, already checked.
func (b *Backend) loadMaterial(p *program, md *render.MeshDraw, maps *[len(materialMaps)]uint32) {
	m := &md.Material
	if p.metallic >= 0 {
		ogl.Uniform1f(p.metallic, m.Metallic)
	}
	if p.roughness >= 0 {
		ogl.Uniform1f(p.roughness, m.Roughness)
	}
	if p.emissive >= 0 {
		b.vec = m.Emissive.Vec4(0)
		ogl.Uniform3fv(p.emissive, 1, &b.vec[0])
	}
	if p.normalScale >= 0 {
		s := m.NormalScale
		if s == 0 {
			s = 1
		}
		ogl.Uniform1f(p.normalScale, s)
	}
	if p.occlusionStrength >= 0 {
		s := m.OcclusionStrength
		if s == 0 {
			s = 1
		}
		ogl.Uniform1f(p.occlusionStrength, s)
	}
	if p.hasNormalMap >= 0 {
		var v int32
		if m.NormalMap != 0 {
			v = 1
		}
		ogl.Uniform1i(p.hasNormalMap, v)
	}
	if p.unlit >= 0 {
		var v int32
		if m.Unlit {
			v = 1
		}
		ogl.Uniform1i(p.unlit, v)
	}
	for k, mm := range materialMaps {
		if p.samples(mm.unit) {
			tex := maps[k]
			if tex == 0 {
				tex = b.white
			}
			b.bindTexture(mm.unit, tex)
		}
	}
	if p.samples(unitShadow) {
		b.bindTexture(unitShadow, b.lights.shadowTex)
	}
}

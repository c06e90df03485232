package gl

import (
	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// Texture units. Sprites and full-screen draws read unit 0 (u_tex), and
// full-screen draws their Inputs on units 1 to 3 (u_tex1 .. u_tex3); mesh
// programs read the base color on unit 0 and the material maps and the
// shadow map on units 1 to 5.
const (
	unitBase              = 0
	unitMetallicRoughness = 1
	unitNormal            = 2
	unitEmissive          = 3
	unitOcclusion         = 4
	unitShadow            = 5
	unitEnvSpecular       = 6 // Lights.Environment's (environment.go)
	unitEnvBRDF           = 7
	numBuiltinUnits       = 8
	// numUnits counts the built-in units and those of named sampler
	// uniforms (uniforms.go): GL 3.3 guarantees 16.
	numUnits = 16
)

// Polygon offset of passes into shadow maps: depth is pushed away from the
// light by a slope-scaled amount plus a few depth units, against shadow acne
// on surfaces the light grazes (the mesh program adds a smaller bias of its
// own when it compares).
const (
	shadowOffsetFactor = 2
	shadowOffsetUnits  = 2
)

// glState caches the GL state the backend sets, to skip redundant calls.
type glState struct {
	program, vao, fbo     uint32
	unit                  int              // active texture unit
	textures              [numUnits]uint32 // bound 2D texture by unit
	blend                 render.BlendMode
	blendOn               bool       // GL_BLEND
	rs                    stateCache // what draws' RenderStates set (renderstate.go)
	depthTest, depthWrite bool
	scissor               bool
	srgb                  bool // GL_FRAMEBUFFER_SRGB
	polygonOffset         bool // GL_POLYGON_OFFSET_FILL
}

// resetState puts GL in the state the cache describes; called at the start of
// every frame, so that nothing carries over from outside the backend.
func (b *Backend) resetState() {
	ogl.UseProgram(0)
	for u := numUnits - 1; u >= 0; u-- {
		ogl.ActiveTexture(ogl.TEXTURE0 + uint32(u))
		ogl.BindTexture(ogl.TEXTURE_2D, 0)
	}
	ogl.BindVertexArray(0)
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	ogl.Disable(ogl.BLEND)
	ogl.Disable(ogl.DEPTH_TEST)
	ogl.DepthMask(true)
	ogl.DepthFunc(ogl.LESS)
	ogl.Disable(ogl.SCISSOR_TEST)
	ogl.Disable(ogl.CULL_FACE)
	ogl.Disable(ogl.FRAMEBUFFER_SRGB)
	ogl.Disable(ogl.POLYGON_OFFSET_FILL)
	ogl.PolygonOffset(shadowOffsetFactor, shadowOffsetUnits)
	ogl.ColorMask(true, true, true, true)
	ogl.CullFace(ogl.BACK)
	ogl.PolygonMode(ogl.FRONT_AND_BACK, ogl.FILL)
	ogl.BlendEquation(ogl.FUNC_ADD)
	ogl.Disable(ogl.STENCIL_TEST)
	ogl.StencilMask(0xff)
	ogl.StencilFunc(ogl.ALWAYS, 0, 0xff)
	ogl.StencilOp(ogl.KEEP, ogl.KEEP, ogl.KEEP)
	// Read-backs of float targets return colors clamped to [0, 1].
	ogl.ClampColor(ogl.CLAMP_READ_COLOR, ogl.TRUE)
	// Point sprites take their size from the vertex shader, and
	// gl_PointCoord runs from the top-left corner.
	ogl.Enable(ogl.PROGRAM_POINT_SIZE)
	ogl.PointParameteri(ogl.POINT_SPRITE_COORD_ORIGIN, ogl.UPPER_LEFT)
	b.st = glState{blend: render.BlendOpaque, depthWrite: true}
}

func (b *Backend) useProgram(id uint32) {
	if b.st.program != id {
		ogl.UseProgram(id)
		b.st.program = id
	}
}

// bindTexture binds 2D texture id to texture unit unit.
func (b *Backend) bindTexture(unit int, id uint32) {
	if b.st.textures[unit] == id {
		return
	}
	if b.st.unit != unit {
		ogl.ActiveTexture(ogl.TEXTURE0 + uint32(unit))
		b.st.unit = unit
	}
	ogl.BindTexture(b.textureTarget(id), id)
	b.st.textures[unit] = id
}

// unbindTexture unbinds texture id from every unit it is bound to.
func (b *Backend) unbindTexture(id uint32) {
	for u := range b.st.textures {
		if b.st.textures[u] == id {
			b.bindTexture(u, 0)
		}
	}
}

// forgetTexture drops a deleted texture from the binding cache: deleting a
// texture unbinds it from every unit.
func (b *Backend) forgetTexture(id uint32) {
	delete(b.texKinds, id) // the name may come back as a 2D texture
	for u := range b.st.textures {
		if b.st.textures[u] == id {
			b.st.textures[u] = 0
		}
	}
}

func (b *Backend) bindVAO(id uint32) {
	if b.st.vao != id {
		ogl.BindVertexArray(id)
		b.st.vao = id
	}
}

func (b *Backend) bindFBO(id uint32) {
	if b.st.fbo != id {
		ogl.BindFramebuffer(ogl.FRAMEBUFFER, id)
		b.st.fbo = id
	}
}

// setCapability enables or disables GL capability c when *cur, the
// cached state, differs from on.
func setCapability(c uint32, cur *bool, on bool) {
	if *cur == on {
		return
	}
	if on {
		ogl.Enable(c)
	} else {
		ogl.Disable(c)
	}
	*cur = on
}

func (b *Backend) setDepth(test, write bool) {
	setCapability(ogl.DEPTH_TEST, &b.st.depthTest, test)
	if b.st.depthWrite != write {
		ogl.DepthMask(write)
		b.st.depthWrite = write
	}
}

func (b *Backend) setScissor(on bool, x, y, w, h int) {
	if on {
		ogl.Scissor(int32(x), int32(y), int32(w), int32(h))
	}
	setCapability(ogl.SCISSOR_TEST, &b.st.scissor, on)
}

// setSRGB turns sRGB encoding of writes into sRGB attachments on or off.
func (b *Backend) setSRGB(on bool) { setCapability(ogl.FRAMEBUFFER_SRGB, &b.st.srgb, on) }

// setPolygonOffset turns the shadow passes' depth offset on or off.
func (b *Backend) setPolygonOffset(on bool) {
	setCapability(ogl.POLYGON_OFFSET_FILL, &b.st.polygonOffset, on)
}

func (b *Backend) setBlend(m render.BlendMode) {
	if b.st.blend == m {
		return
	}
	setCapability(ogl.BLEND, &b.st.blendOn, m != render.BlendOpaque)
	if b.st.blend == blendCustom {
		ogl.BlendEquation(ogl.FUNC_ADD) // a BlendState may have changed it
	}
	switch m {
	case render.BlendAlpha:
		ogl.BlendFuncSeparate(ogl.SRC_ALPHA, ogl.ONE_MINUS_SRC_ALPHA, ogl.ONE, ogl.ONE_MINUS_SRC_ALPHA)
	case render.BlendAdditive:
		ogl.BlendFunc(ogl.SRC_ALPHA, ogl.ONE)
	case render.BlendPremultiplied:
		ogl.BlendFunc(ogl.ONE, ogl.ONE_MINUS_SRC_ALPHA)
	}
	b.st.blend = m
}

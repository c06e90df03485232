package gl

import (
	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// glState caches the GL state the backend sets, to skip redundant calls.
type glState struct {
	program, texture, vao, fbo uint32
	blend                      render.BlendMode
	depthTest, depthWrite      bool
	scissor                    bool
}

// resetState puts GL in the state the cache describes; called at the start of
// every frame, so that nothing carries over from outside the backend.
func (b *Backend) resetState() {
	ogl.UseProgram(0)
	ogl.ActiveTexture(ogl.TEXTURE0)
	ogl.BindTexture(ogl.TEXTURE_2D, 0)
	ogl.BindVertexArray(0)
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	ogl.Disable(ogl.BLEND)
	ogl.Disable(ogl.DEPTH_TEST)
	ogl.DepthMask(true)
	ogl.DepthFunc(ogl.LESS)
	ogl.Disable(ogl.SCISSOR_TEST)
	ogl.Disable(ogl.CULL_FACE)
	ogl.ColorMask(true, true, true, true)
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

func (b *Backend) bindTexture(id uint32) {
	if b.st.texture != id {
		ogl.BindTexture(ogl.TEXTURE_2D, id)
		b.st.texture = id
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

func (b *Backend) setDepth(test, write bool) {
	if b.st.depthTest != test {
		if test {
			ogl.Enable(ogl.DEPTH_TEST)
		} else {
			ogl.Disable(ogl.DEPTH_TEST)
		}
		b.st.depthTest = test
	}
	if b.st.depthWrite != write {
		ogl.DepthMask(write)
		b.st.depthWrite = write
	}
}

func (b *Backend) setScissor(on bool, x, y, w, h int) {
	if on {
		ogl.Scissor(int32(x), int32(y), int32(w), int32(h))
	}
	if b.st.scissor != on {
		if on {
			ogl.Enable(ogl.SCISSOR_TEST)
		} else {
			ogl.Disable(ogl.SCISSOR_TEST)
		}
		b.st.scissor = on
	}
}

func (b *Backend) setBlend(m render.BlendMode) {
	if b.st.blend == m {
		return
	}
	if m == render.BlendOpaque {
		ogl.Disable(ogl.BLEND)
	} else if b.st.blend == render.BlendOpaque {
		ogl.Enable(ogl.BLEND)
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

package gl

import (
	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// stateCache is the part of GL's fixed-function state that
// render.RenderState sets, normalized so that its zero value is the
// defaults resetState leaves: no culling, depth function Less, filled
// polygons, every channel written, no custom blend and no stencil test.
type stateCache struct {
	cull        render.CullMode
	depthFunc   render.CompareFunc // CompareDefault stands for Less
	wireframe   bool
	mask        render.ColorMask // 0 stands for all four channels
	customBlend bool             // BLEND's factors and equations are a BlendState's
	stencil     render.StencilState
}

// normalized returns the cache value s sets for a draw (meshes when mesh
// is set; shadow passes take only culling and the depth function).
func normalized(s *render.RenderState, mesh, shadow bool) stateCache {
	c := stateCache{cull: s.Cull, depthFunc: s.DepthFunc}
	if c.depthFunc == render.CompareLess {
		c.depthFunc = render.CompareDefault
	}
	if shadow {
		return c
	}
	c.wireframe = s.Wireframe && mesh
	c.mask = s.ColorMask
	if c.mask == render.ColorMaskRGBA {
		c.mask = 0
	}
	c.customBlend = s.Blend.Enabled
	if s.Stencil.Enabled {
		c.stencil = s.Stencil
		if c.stencil.Func == render.CompareDefault {
			c.stencil.Func = render.CompareAlways
		}
		if c.stencil.ReadMask == 0 {
			c.stencil.ReadMask = 0xff
		}
		if c.stencil.WriteMask == 0 {
			c.stencil.WriteMask = 0xff
		}
	}
	return c
}

// depthSwitches applies s's depth switches to a draw's defaults.
func depthSwitches(s *render.RenderState, test, write bool) (bool, bool) {
	switch s.DepthTest {
	case render.On:
		test = true
	case render.Off:
		test = false
	}
	switch s.DepthWrite {
	case render.On:
		write = true
	case render.Off:
		write = false
	}
	return test, write
}

// applyState sets what s asks for beyond blend mode and depth switches
// (which setBlend and setDepth have set), skipping what is already set.
func (b *Backend) applyState(s *render.RenderState, mesh, shadow bool) {
	want := normalized(s, mesh, shadow)
	cur := &b.st.rs
	if want.cull != cur.cull {
		switch want.cull {
		case render.CullNone:
			ogl.Disable(ogl.CULL_FACE)
		case render.CullBack, render.CullFront:
			if cur.cull == render.CullNone {
				ogl.Enable(ogl.CULL_FACE)
			}
			if want.cull == render.CullBack {
				ogl.CullFace(ogl.BACK)
			} else {
				ogl.CullFace(ogl.FRONT)
			}
		}
	}
	if want.depthFunc != cur.depthFunc {
		f := want.depthFunc
		if f == render.CompareDefault {
			f = render.CompareLess
		}
		ogl.DepthFunc(compareFuncs[f])
	}
	if want.wireframe != cur.wireframe {
		if want.wireframe {
			ogl.PolygonMode(ogl.FRONT_AND_BACK, ogl.LINE)
		} else {
			ogl.PolygonMode(ogl.FRONT_AND_BACK, ogl.FILL)
		}
	}
	if want.mask != cur.mask {
		m := want.mask
		if m == 0 {
			m = render.ColorMaskRGBA
		}
		ogl.ColorMask(m&render.ColorMaskR != 0, m&render.ColorMaskG != 0, m&render.ColorMaskB != 0, m&render.ColorMaskA != 0)
	}
	if want.customBlend {
		bs := &s.Blend
		setCapability(ogl.BLEND, &b.st.blendOn, true)
		ogl.BlendFuncSeparate(blendFactors[bs.SrcColor], blendFactors[bs.DstColor], blendFactors[bs.SrcAlpha], blendFactors[bs.DstAlpha])
		ogl.BlendEquationSeparate(blendEquations[bs.Color], blendEquations[bs.Alpha])
		// The next setBlend must set its mode's factors again, and
		// enable or disable blending itself.
		b.st.blend = blendCustom
	}
	if want.stencil != cur.stencil {
		st := &want.stencil
		if !st.Enabled {
			ogl.Disable(ogl.STENCIL_TEST)
			ogl.StencilMask(0xff)
		} else {
			if !cur.stencil.Enabled {
				ogl.Enable(ogl.STENCIL_TEST)
			}
			ogl.StencilFunc(compareFuncs[st.Func], int32(st.Ref), uint32(st.ReadMask))
			ogl.StencilMask(uint32(st.WriteMask))
			ogl.StencilOp(stencilOps[st.Fail], stencilOps[st.DepthFail], stencilOps[st.Pass])
		}
	}
	*cur = want
}

// blendCustom marks the cached blend mode unknown after a BlendState: no
// BlendMode equals it, so the next setBlend sets its factors again.
const blendCustom render.BlendMode = 0xff

var compareFuncs = [...]uint32{
	render.CompareDefault:      ogl.LESS,
	render.CompareNever:        ogl.NEVER,
	render.CompareLess:         ogl.LESS,
	render.CompareEqual:        ogl.EQUAL,
	render.CompareLessEqual:    ogl.LEQUAL,
	render.CompareGreater:      ogl.GREATER,
	render.CompareNotEqual:     ogl.NOTEQUAL,
	render.CompareGreaterEqual: ogl.GEQUAL,
	render.CompareAlways:       ogl.ALWAYS,
}

var stencilOps = [...]uint32{
	render.StencilKeep:     ogl.KEEP,
	render.StencilZero:     ogl.ZERO,
	render.StencilReplace:  ogl.REPLACE,
	render.StencilIncr:     ogl.INCR,
	render.StencilDecr:     ogl.DECR,
	render.StencilInvert:   ogl.INVERT,
	render.StencilIncrWrap: ogl.INCR_WRAP,
	render.StencilDecrWrap: ogl.DECR_WRAP,
}

var blendFactors = [...]uint32{
	render.FactorZero:             ogl.ZERO,
	render.FactorOne:              ogl.ONE,
	render.FactorSrcColor:         ogl.SRC_COLOR,
	render.FactorOneMinusSrcColor: ogl.ONE_MINUS_SRC_COLOR,
	render.FactorDstColor:         ogl.DST_COLOR,
	render.FactorOneMinusDstColor: ogl.ONE_MINUS_DST_COLOR,
	render.FactorSrcAlpha:         ogl.SRC_ALPHA,
	render.FactorOneMinusSrcAlpha: ogl.ONE_MINUS_SRC_ALPHA,
	render.FactorDstAlpha:         ogl.DST_ALPHA,
	render.FactorOneMinusDstAlpha: ogl.ONE_MINUS_DST_ALPHA,
}

var blendEquations = [...]uint32{
	render.EquationAdd:             ogl.FUNC_ADD,
	render.EquationSubtract:        ogl.FUNC_SUBTRACT,
	render.EquationReverseSubtract: ogl.FUNC_REVERSE_SUBTRACT,
	render.EquationMin:             ogl.MIN,
	render.EquationMax:             ogl.MAX,
}

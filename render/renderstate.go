package render

// CullMode selects which faces of a mesh are discarded before shading.
type CullMode uint8

const (
	// CullNone draws both faces: the default, as every draw was drawn before
	// render states existed.
	CullNone CullMode = iota
	// CullBack discards faces wound clockwise as seen (the back of a mesh
	// wound counter-clockwise from outside, as glTF and CubeMesh are).
	CullBack
	// CullFront discards the faces CullBack keeps (inside-out drawing:
	// skyboxes, outline hulls).
	CullFront
	cullModeCount
)

// Toggle is a switch whose zero value keeps the draw kind's default.
type Toggle uint8

const (
	// Default keeps what the draw would do without a render state.
	Default Toggle = iota
	// On turns the switch on.
	On
	// Off turns the switch off.
	Off
	toggleCount
)

// CompareFunc is a depth or stencil comparison: the test passes when the
// incoming value compares so against the stored one.
type CompareFunc uint8

const (
	// CompareDefault is the default: Less for depth, Always for stencil.
	CompareDefault CompareFunc = iota
	CompareNever
	CompareLess
	CompareEqual
	CompareLessEqual
	CompareGreater
	CompareNotEqual
	CompareGreaterEqual
	CompareAlways
	compareFuncCount
)

// StencilOp is what a stencil test does to the stored value.
type StencilOp uint8

const (
	StencilKeep StencilOp = iota // leave it (the default)
	StencilZero
	StencilReplace // write StencilState.Ref
	StencilIncr    // add one, clamped at 255
	StencilDecr    // subtract one, clamped at 0
	StencilInvert
	StencilIncrWrap
	StencilDecrWrap
	stencilOpCount
)

// StencilState is a draw's stencil test, on both faces. The screen and
// render targets have an 8-bit stencil buffer, cleared to 0 with
// ClearStencil (shadow maps have none).
type StencilState struct {
	Enabled bool
	Func    CompareFunc // test against Ref; CompareDefault means CompareAlways
	Ref     uint8
	// ReadMask masks both Ref and the stored value before the test, and
	// WriteMask the bits written; 0 means 0xff (all bits) for either.
	ReadMask, WriteMask uint8
	// Fail runs when the stencil test fails, DepthFail when it passes but
	// the depth test fails, Pass when both pass.
	Fail, DepthFail, Pass StencilOp
}

// BlendFactor scales a source or destination colour in blending.
type BlendFactor uint8

const (
	FactorZero BlendFactor = iota
	FactorOne
	FactorSrcColor
	FactorOneMinusSrcColor
	FactorDstColor
	FactorOneMinusDstColor
	FactorSrcAlpha
	FactorOneMinusSrcAlpha
	FactorDstAlpha
	FactorOneMinusDstAlpha
	blendFactorCount
)

// BlendEquation combines the scaled source and destination.
type BlendEquation uint8

const (
	EquationAdd             BlendEquation = iota // src + dst
	EquationSubtract                             // src - dst
	EquationReverseSubtract                      // dst - src
	EquationMin                                  // min(src, dst), factors ignored
	EquationMax                                  // max(src, dst), factors ignored
	blendEquationCount
)

// BlendState is a custom blend: colour and alpha each get their factors
// and equation. It replaces the factors of the draw's BlendMode, which
// still decides sorting (set a transparent BlendMode for draws that blend,
// so that they sort back to front after the opaque ones).
type BlendState struct {
	Enabled                                bool
	SrcColor, DstColor, SrcAlpha, DstAlpha BlendFactor
	Color, Alpha                           BlendEquation
}

// ColorMask selects the colour channels a draw writes.
type ColorMask uint8

const (
	ColorMaskR ColorMask = 1 << iota
	ColorMaskG
	ColorMaskB
	ColorMaskA
	// ColorMaskNone writes no channel (a depth or stencil only draw).
	// The zero ColorMask writes all four.
	ColorMaskNone
	ColorMaskRGBA = ColorMaskR | ColorMaskG | ColorMaskB | ColorMaskA
)

// RenderState is the fixed-function state of one mesh or full-screen draw
// (a material's, where the scene graph sets it). Its zero value is the
// draw's defaults: no culling; for meshes a Less depth test, depth writes
// for opaque draws, and filled polygons; no depth test for full-screen
// draws; blending by the draw's BlendMode; all channels written; no
// stencil. In passes into shadow maps only Cull, DepthFunc and the depth
// switches apply (a mesh culling its front faces there casts from its back
// faces: the usual cure for shadow acne on closed meshes).
type RenderState struct {
	Cull       CullMode
	DepthTest  Toggle
	DepthWrite Toggle
	DepthFunc  CompareFunc
	// Wireframe draws a mesh's triangle edges as lines (glPolygonMode);
	// full-screen draws ignore it.
	Wireframe bool
	ColorMask ColorMask
	Blend     BlendState
	Stencil   StencilState
}

// Validate reports the first out-of-range field of s, naming it, or nil.
// Backends report a draw with an invalid state instead of drawing it.
func (s *RenderState) Validate() string {
	switch {
	case s.Cull >= cullModeCount:
		return "Cull out of range"
	case s.DepthTest >= toggleCount || s.DepthWrite >= toggleCount:
		return "DepthTest or DepthWrite out of range"
	case s.DepthFunc >= compareFuncCount:
		return "DepthFunc out of range"
	case s.ColorMask > ColorMaskNone || s.ColorMask&ColorMaskNone != 0 && s.ColorMask != ColorMaskNone:
		return "ColorMask out of range (ColorMaskNone combined with channels)"
	case s.Blend.SrcColor >= blendFactorCount || s.Blend.DstColor >= blendFactorCount ||
		s.Blend.SrcAlpha >= blendFactorCount || s.Blend.DstAlpha >= blendFactorCount:
		return "Blend factor out of range"
	case s.Blend.Color >= blendEquationCount || s.Blend.Alpha >= blendEquationCount:
		return "Blend equation out of range"
	case s.Stencil.Func >= compareFuncCount:
		return "Stencil.Func out of range"
	case s.Stencil.Fail >= stencilOpCount || s.Stencil.DepthFail >= stencilOpCount || s.Stencil.Pass >= stencilOpCount:
		return "Stencil op out of range"
	}
	return ""
}

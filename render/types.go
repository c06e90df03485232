package render

// Color is an 8-bit-per-channel RGBA color packed little-endian into a
// uint32 (R in the low byte), the layout vertex buffers use. It is straight
// (not premultiplied) unless the draw uses [BlendPremultiplied].
type Color uint32

// Common colors.
const (
	White Color = 0xffffffff
	Black Color = 0xff000000
)

// RGBA returns the Color with the given channels.
func RGBA(r, g, b, a uint8) Color {
	return Color(uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24)
}

// R returns the red channel.
func (c Color) R() uint8 { return uint8(c) }

// G returns the green channel.
func (c Color) G() uint8 { return uint8(c >> 8) }

// B returns the blue channel.
func (c Color) B() uint8 { return uint8(c >> 16) }

// A returns the alpha channel.
func (c Color) A() uint8 { return uint8(c >> 24) }

// Rect is a pixel rectangle with its origin at the top-left corner of the
// screen or target, X right and Y down. The zero Rect means "the whole surface"
// where a rectangle is optional.
type Rect struct{ X, Y, W, H int }

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// BlendMode selects how a draw's fragments combine with the target.
type BlendMode uint8

const (
	// BlendOpaque writes the source color (no blending, depth writes on).
	BlendOpaque BlendMode = iota
	// BlendAlpha is straight alpha: src*a + dst*(1-a).
	BlendAlpha
	// BlendAdditive adds src*a to dst.
	BlendAdditive
	// BlendPremultiplied expects premultiplied colors: src + dst*(1-a).
	BlendPremultiplied
	blendModeCount
)

// Transparent reports whether draws in mode m are sorted back to front (every
// mode but BlendOpaque).
func (m BlendMode) Transparent() bool { return m != BlendOpaque }

// String returns the mode's name.
func (m BlendMode) String() string {
	switch m {
	case BlendOpaque:
		return "opaque"
	case BlendAlpha:
		return "alpha"
	case BlendAdditive:
		return "additive"
	case BlendPremultiplied:
		return "premultiplied"
	}
	return "blend(invalid)"
}

// Filter selects texture sampling.
type Filter uint8

const (
	// FilterLinear samples bilinearly.
	FilterLinear Filter = iota
	// FilterNearest samples the nearest texel (pixel art).
	FilterNearest
)

// Wrap selects how texture coordinates outside [0,1] behave.
type Wrap uint8

const (
	// WrapClamp clamps to the edge texel.
	WrapClamp Wrap = iota
	// WrapRepeat tiles the texture.
	WrapRepeat
)

// TextureDesc describes a texture. Pixels are always RGBA8, rows top-down (the
// first row is the top of the image and has v = 0).
type TextureDesc struct {
	Width, Height int
	Filter        Filter
	Wrap          Wrap
}

// TargetDesc describes a render target: an RGBA8 color texture (sampled with
// Filter and clamped) plus a 24-bit depth buffer. A target's color texture is
// rendered bottom-up, as in OpenGL: draw it as a sprite with UV {0, 1, 1, 0} to
// see it upright.
//
// Samples, if above 1, makes the target multisampled (MSAA): passes render
// into multisampled color and depth buffers with that many samples per pixel
// (a backend clamps it to what the driver allows), and at the end of every
// pass into the target the color is resolved (averaged) into the color
// texture, which is what sampling the texture and ReadPixels see. 0 and 1
// mean no multisampling; negative values are invalid. Writes to the color
// texture itself (UpdateTexture) are overwritten by the next pass's resolve.
type TargetDesc struct {
	Width, Height int
	Filter        Filter
	Samples       int
}

// ShaderDesc gives a shader program's sources. The names are the files the
// sources came from (for example "shaders/sprite.frag") and appear in compile
// errors as "name:line: message".
//
// Programs follow the built-ins' conventions (see package shaders): sprite
// programs read a_pos (location 0, vec2), a_uv (1) and a_color (2) per
// vertex (a backend streams four vertices per sprite for them, see
// SpriteVertex) and the uniforms u_viewProj and u_tex; mesh programs read a_pos (0, vec3), a_normal (1),
// a_uv (2) and a_color (3) and the uniforms u_viewProj, u_model, u_color,
// u_lightDir and u_tex; full-screen programs read u_tex and u_color. Mesh and
// full-screen programs may also declare uniform vec4 u_params[4], loaded from
// the draw's Params.
type ShaderDesc struct {
	VertexName, VertexSource     string
	FragmentName, FragmentSource string
}

// SpriteVertex is one corner of a sprite quad in world space: 20 bytes,
// position then texture coordinates then packed RGBA8 color. Backends stream
// four per sprite where they cannot draw instances (custom sprite programs,
// which read a_pos, a_uv and a_color per vertex).
type SpriteVertex struct {
	X, Y  float32
	U, V  float32
	Color Color
}

// SpriteInstance is one sprite as recorded and streamed to the GPU: 44
// bytes, a parallelogram in world space with its texture region and tint.
// Its corners are P(s, t) = (X, Y) + s·(AX, AY) + t·(BX, BY) for s, t in
// {0, 1}; corner (s, t) samples texture coordinates (U0 or U1 as s is 0 or
// 1, V1 or V0 as t is 0 or 1), so for an unrotated sprite (X, Y) is the
// bottom-left corner, A runs along the bottom edge and B up the left edge,
// and the top edge shows texture row V0. Backends draw it as two triangles,
// (0,0) (1,0) (1,1) and (1,1) (0,1) (0,0), or as one point sprite where the
// result is the same (see [Batch.Squares]).
type SpriteInstance struct {
	X, Y           float32 // corner (0, 0)
	AX, AY         float32 // edge from corner (0, 0) to (1, 0)
	BX, BY         float32 // edge from corner (0, 0) to (0, 1)
	U0, V0, U1, V1 float32 // texture region; V0 is the t = 1 edge
	Color          Color   // tint, multiplied with the texture
}

// Vertices sets v to the instance's four corners in the order (0,0) (1,0)
// (1,1) (0,1), the order the built-in programs triangulate (0 1 2, 2 3 0).
// Backends and SpriteVertices compute corners with exactly these float
// operations, so every path places a sprite's edges identically.
func (s *SpriteInstance) Vertices(v *[4]SpriteVertex) {
	x1, y1 := s.X+s.AX, s.Y+s.AY
	v[0] = SpriteVertex{s.X, s.Y, s.U0, s.V1, s.Color}
	v[1] = SpriteVertex{x1, y1, s.U1, s.V1, s.Color}
	v[2] = SpriteVertex{x1 + s.BX, y1 + s.BY, s.U1, s.V0, s.Color}
	v[3] = SpriteVertex{s.X + s.BX, s.Y + s.BY, s.U0, s.V0, s.Color}
}

// SpriteDraw is the state a run of sprites recorded by [Frame.DrawSprites]
// or [Frame.CommitSprites] shares: what batching compares and what sorts
// the run (see [SortKey]).
type SpriteDraw struct {
	Texture TextureID // 0: white
	Shader  ShaderID  // 0: the built-in sprite program
	Blend   BlendMode
	Layer   uint8
	Order   int16
	Depth   float32 // view distance for sorting; larger is farther
}

// MeshVertex is one mesh vertex: 36 bytes, position, normal, texture
// coordinates and packed RGBA8 color.
type MeshVertex struct {
	Position [3]float32
	Normal   [3]float32
	UV       [2]float32
	Color    Color
}

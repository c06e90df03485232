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

// Format is the pixel format of a texture or of a render target's color
// attachments.
type Format uint8

const (
	// FormatRGBA8 stores 8 bits per channel, read and written as they are:
	// the default, and what 2D drawing expects.
	FormatRGBA8 Format = iota
	// FormatSRGB8A8 stores 8 bits per channel with the color channels
	// sRGB-encoded: sampling decodes them to linear values (base color and
	// emissive maps), and a target of this format encodes the linear
	// values written into it.
	FormatSRGB8A8
	// FormatRGBA16F stores half floats: linear HDR color, values above 1
	// kept.
	FormatRGBA16F
	// The float and integer formats follow in textures.go.
	formatCount = FormatRGBA16F + 7
)

// String returns the format's name.
func (f Format) String() string {
	switch f {
	case FormatRGBA8:
		return "RGBA8"
	case FormatSRGB8A8:
		return "SRGB8A8"
	case FormatRGBA16F:
		return "RGBA16F"
	}
	if n := formatName(f); n != "" {
		return n
	}
	return "Format(invalid)"
}

// Linear reports whether the colors written into a target of format f are
// kept linear (float formats) or encoded by the hardware (sRGB), so that
// lit meshes write linear light and leave tone mapping to a later pass.
// FormatRGBA8 targets and the screen store display colors: lit meshes tone
// map and sRGB-encode themselves.
func (f Format) Linear() bool { return f == FormatSRGB8A8 || f.Float() }

// TextureDesc describes a texture. Pixels are RGBA8 by default, rows
// top-down (the first row is the top of the image and has v = 0). Format
// FormatSRGB8A8 decodes the color channels from sRGB when sampled.
//
// Mipmaps keeps a chain of halved copies, made from the pixels (and made
// again after every UpdateTexture), and samples the one that fits the
// drawn size (trilinearly; the nearest texel of the nearest copy with
// FilterNearest): textures drawn smaller than their size, as a floor
// seen at a grazing angle, then show no shimmer or moiré. It takes a third
// more memory.
//
// Kind and Layers make other shapes (see [TextureKind]): Layers is the
// number of layers of a TextureArray or slices of a Texture3D (0 for 2D
// and cube textures). Format may be any Format; pixels are then in that
// format's layout (see the table above FormatR16F), layer after layer.
// The zero values are a 2D RGBA8 texture.
type TextureDesc struct {
	Width, Height int
	Filter        Filter
	Wrap          Wrap
	Format        Format
	Mipmaps       bool
	Kind          TextureKind
	Layers        int
}

// MaxColorAttachments is the most color attachments a render target may
// have (multiple render targets).
const MaxColorAttachments = 4

// DepthMode selects a render target's depth attachment.
type DepthMode uint8

const (
	// DepthBuffer gives the target a 24-bit depth buffer for depth
	// testing, not sampleable: the default.
	DepthBuffer DepthMode = iota
	// DepthShadow makes the target a shadow map: a 24-bit depth texture and
	// no color attachment. The target's texture (CreateTarget's second
	// result) is the depth texture, sampled with depth comparison through
	// Lights.Shadow; passes into it draw meshes with a depth-only program.
	DepthShadow
	// DepthTexture gives the target's color attachments a 24-bit depth
	// texture instead of the depth buffer: passes test and write depth as
	// with DepthBuffer, and later passes sample it (sampler2D; .r is the
	// window depth in [0, 1], 1 the far plane, nearest texel) through
	// [Frame.TargetDepth]'s handle, for depth fog, outlines or SSAO. A
	// multisampled target's depth is resolved into it (the nearest
	// sample) at the end of every pass.
	DepthTexture
)

// TargetDesc describes a render target: by default one RGBA8 color texture
// (sampled with Filter and clamped) plus a 24-bit depth buffer. A target's
// color textures are rendered bottom-up, as in OpenGL: draw one as a sprite
// with UV {0, 1, 1, 0} to see it upright.
//
// Samples, if above 1, makes the target multisampled (MSAA): passes render
// into multisampled color and depth buffers with that many samples per pixel
// (a backend clamps it to what the driver allows), and at the end of every
// pass into the target the color is resolved (averaged) into the color
// texture, which is what sampling the texture and ReadPixels see. 0 and 1
// mean no multisampling; negative values are invalid. Writes to the color
// texture itself (UpdateTexture) are overwritten by the next pass's resolve.
//
// Format gives the color attachments' format (FormatRGBA16F for HDR), and
// Colors their number: fragment outputs 0 .. Colors-1 go to them (multiple
// render targets); 0 means 1, at most MaxColorAttachments. The first
// attachment's texture is CreateTarget's; [Frame.TargetTexture] gives the
// others. Depth selects the depth attachment; a DepthShadow target has no
// color (Format and Colors must be zero) and no multisampling. Any Format
// may be a target's; an integer one (FormatR32UI) is sampled nearest, is
// not multisampled, and is cleared to ClearColor's channels truncated to
// integers. [Frame.ReadTarget] reads the attachments in their format.
type TargetDesc struct {
	Width, Height int
	Filter        Filter
	Samples       int
	Format        Format
	Colors        int
	Depth         DepthMode
}

// Attachments returns the number of color attachments d describes: 0 for
// a shadow map, otherwise Colors (0 meaning 1).
func (d TargetDesc) Attachments() int {
	if d.Depth == DepthShadow {
		return 0
	}
	return max(d.Colors, 1)
}

// ShaderDesc gives a shader program's sources. The names are the files the
// sources came from (for example "shaders/sprite.frag") and appear in compile
// errors as "name:line: message".
//
// Programs follow the built-ins' conventions (see package shaders): sprite
// programs read a_pos (location 0, vec2), a_uv (1) and a_color (2) per
// vertex (a backend streams four vertices per sprite for them, see
// SpriteVertex) and the uniforms u_viewProj and u_tex; mesh programs read
// a_pos (0, vec3), a_normal (1), a_uv (2), a_color (3) and a_tangent (4,
// vec4) and the uniforms u_viewProj, u_model, u_color, u_tex, and from the
// pass's Lights u_eye, u_ambient, u_lightDir and u_lightColor (vec3);
// full-screen programs read u_tex and u_color, and u_tex1 .. u_tex3 for
// FullscreenDraw.Inputs. Mesh and full-screen programs may also declare
// uniform vec4 u_params[4], loaded from the draw's Params, and any named
// uniforms set through a UniformSet (MeshDraw.Uniforms). Sources may
// `#include <tact/...>` the built-in chunks (package shaders' tact
// folder), which the backend resolves; quoted includes are resolved before
// (ExpandIncludes; the asset manager does it for shader assets).
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

// MeshVertex is one mesh vertex: 52 bytes, position, normal, texture
// coordinates, packed RGBA8 color and tangent. Tangent is the direction of
// increasing U in XYZ and, in W, the handedness (±1) of the bitangent
// (glTF's convention: bitangent = cross(normal, tangent.xyz) * W); a zero
// tangent makes normal maps derive one from screen-space derivatives.
type MeshVertex struct {
	Position [3]float32
	Normal   [3]float32
	UV       [2]float32
	Color    Color
	Tangent  [4]float32
}

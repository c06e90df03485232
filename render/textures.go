package render

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Texture and target formats beyond the 8-bit ones. Each stores its texels
// little-endian, channel after channel (R, G, B, A as the format has them),
// rows first-row-first (the first row has v = 0), so the bytes a texture
// is created or updated from are the format's own layout:
//
//	format     bytes per texel   one texel
//	RGBA8      4                 R, G, B, A bytes
//	SRGB8A8    4                 R, G, B (sRGB-encoded), A bytes
//	R16F       2                 one IEEE 754 half float
//	RG16F      4                 two half floats
//	RGBA16F    8                 four half floats
//	R32F       4                 one float32
//	RG32F      8                 two float32
//	RGBA32F    16                four float32
//	R32UI      4                 one uint32
//
// [AppendFloat32s] and [AppendHalfs] write []float32 in these layouts.
// Integer formats (R32UI) are read by programs as usampler types, sample
// the nearest texel only (a TextureDesc with FilterLinear or Mipmaps is
// refused), and are neither blended nor multisampled in targets.
const (
	// FormatR16F stores one half float: a single linear channel (height,
	// distance), at two bytes a texel.
	FormatR16F Format = iota + FormatRGBA16F + 1
	// FormatRG16F stores two half floats (flow, motion vectors).
	FormatRG16F
	// FormatRGBA32F stores four float32s: exact values, read back
	// exactly (positions, simulation state).
	FormatRGBA32F
	// FormatR32F stores one float32.
	FormatR32F
	// FormatRG32F stores two float32s.
	FormatRG32F
	// FormatR32UI stores one uint32, read as an unsigned integer
	// (usampler2D; object ids for picking). It samples nearest only.
	FormatR32UI
)

// formatNames names every format by its value.
var formatNames = [formatCount]string{"RGBA8", "SRGB8A8", "RGBA16F", "R16F", "RG16F", "RGBA32F", "R32F", "RG32F", "R32UI"}

// formatBytes is each format's bytes per texel.
var formatBytes = [formatCount]uint8{4, 4, 8, 2, 4, 16, 4, 8, 4}

// formatChannels is each format's number of channels.
var formatChannels = [formatCount]uint8{4, 4, 4, 1, 2, 4, 1, 2, 1}

// formatName returns the name of a format added after the 8-bit ones, or
// "" for an invalid value.
func formatName(f Format) string {
	if f < formatCount {
		return formatNames[f]
	}
	return ""
}

// Valid reports whether f is one of the defined formats.
func (f Format) Valid() bool { return f < formatCount }

// BytesPerTexel returns the size of one texel of f in bytes (see the
// layout table above FormatR16F), or 0 for an invalid format.
func (f Format) BytesPerTexel() int {
	if f >= formatCount {
		return 0
	}
	return int(formatBytes[f])
}

// Channels returns the number of channels of f (1, 2 or 4), or 0 for an
// invalid format.
func (f Format) Channels() int {
	if f >= formatCount {
		return 0
	}
	return int(formatChannels[f])
}

// Float reports whether f stores floating-point channels (half or single).
func (f Format) Float() bool {
	switch f {
	case FormatRGBA16F, FormatR16F, FormatRG16F, FormatRGBA32F, FormatR32F, FormatRG32F:
		return true
	}
	return false
}

// Integer reports whether f stores unsigned integers, which programs read
// unnormalized through usampler types and which sample nearest only.
func (f Format) Integer() bool { return f == FormatR32UI }

// TextureKind is the shape of a texture: a 2D image, a stack of 2D layers,
// a volume, or a cube of six faces.
type TextureKind uint8

const (
	// Texture2D is one Width×Height image (sampler2D): the default.
	Texture2D TextureKind = iota
	// TextureArray is TextureDesc.Layers images of Width×Height
	// (sampler2DArray, sampled with the layer number as the third
	// coordinate, never blended between layers).
	TextureArray
	// Texture3D is a Width×Height×Layers volume (sampler3D), filtered
	// between slices too.
	Texture3D
	// TextureCube is six square faces (samplerCube, sampled by
	// direction), in OpenGL's order +X, -X, +Y, -Y, +Z, -Z; each face's
	// first row is its t = 0 row, as cube map files (KTX, DDS) store it.
	TextureCube
	textureKindCount
)

// CubeFaces is the number of layers (faces) of a TextureCube.
const CubeFaces = 6

// String returns the kind's name.
func (k TextureKind) String() string {
	switch k {
	case Texture2D:
		return "2D"
	case TextureArray:
		return "array"
	case Texture3D:
		return "3D"
	case TextureCube:
		return "cube"
	}
	return "TextureKind(invalid)"
}

// maxTextureSize bounds each dimension a description may give, so that
// byte counts never overflow; drivers allow less (GL_MAX_TEXTURE_SIZE,
// GL_MAX_3D_TEXTURE_SIZE), which a backend reports.
const maxTextureSize = 1 << 15

// LayerCount returns the number of layers d's pixels hold: Layers for an
// array or 3D texture, 6 for a cube map, 1 for a 2D texture.
func (d TextureDesc) LayerCount() int {
	switch d.Kind {
	case TextureArray, Texture3D:
		return d.Layers
	case TextureCube:
		return CubeFaces
	}
	return 1
}

// Bytes returns the length of d's pixels: Width*Height*LayerCount texels
// of d.Format, layer after layer (face after face, slice after slice).
func (d TextureDesc) Bytes() int {
	return d.Width * d.Height * d.LayerCount() * d.Format.BytesPerTexel()
}

// Validate returns nil if a texture of d may be created, or an error
// saying why not: a size not positive (or above 32768), an unknown format
// or kind, Layers other than 0 for a 2D texture or a cube map (or not
// positive for an array or 3D texture), a cube map that is not square, or
// an integer format with FilterLinear or Mipmaps (integer textures sample
// the nearest texel only).
func (d TextureDesc) Validate() error {
	switch {
	case d.Width <= 0 || d.Height <= 0 || d.Width > maxTextureSize || d.Height > maxTextureSize:
		return fmt.Errorf("bad size %dx%d", d.Width, d.Height)
	case !d.Format.Valid():
		return fmt.Errorf("unknown format %d", uint8(d.Format))
	case d.Kind >= textureKindCount:
		return fmt.Errorf("unknown kind %d", uint8(d.Kind))
	case (d.Kind == Texture2D || d.Kind == TextureCube) && d.Layers != 0:
		return fmt.Errorf("a %v texture has no Layers (got %d)", d.Kind, d.Layers)
	case (d.Kind == TextureArray || d.Kind == Texture3D) && (d.Layers <= 0 || d.Layers > maxTextureSize):
		return fmt.Errorf("a %v texture needs Layers in 1..%d (got %d)", d.Kind, maxTextureSize, d.Layers)
	case d.Kind == TextureCube && d.Width != d.Height:
		return fmt.Errorf("a cube map's faces are square (got %dx%d)", d.Width, d.Height)
	case d.Format.Integer() && d.Filter != FilterNearest:
		return fmt.Errorf("format %v samples nearest only (set Filter: FilterNearest)", d.Format)
	case d.Format.Integer() && d.Mipmaps:
		return fmt.Errorf("format %v has no mipmaps", d.Format)
	}
	return nil
}

// CheckUpdate returns nil if n bytes may replace rect of layer layer (face,
// slice) of a texture of d, or an error saying why not: a layer outside
// 0 .. LayerCount-1, a rectangle empty or outside Width×Height, or n other
// than rect.W*rect.H texels of d.Format. Backends check updates with it.
func (d TextureDesc) CheckUpdate(layer int, rect Rect, n int) error {
	switch {
	case layer < 0 || layer >= d.LayerCount():
		return fmt.Errorf("layer %d outside 0..%d of a %v texture", layer, d.LayerCount()-1, d.Kind)
	case rect.Empty() || rect.X < 0 || rect.Y < 0 || rect.X+rect.W > d.Width || rect.Y+rect.H > d.Height:
		return fmt.Errorf("rect %v outside %dx%d", rect, d.Width, d.Height)
	case n != rect.W*rect.H*d.Format.BytesPerTexel():
		return fmt.Errorf("%d bytes for rect %v of %v (want %d)", n, rect, d.Format, rect.W*rect.H*d.Format.BytesPerTexel())
	}
	return nil
}

// checkTextureDesc panics, naming op, if d is invalid or pixels is neither
// empty nor d.Bytes() long.
func checkTextureDesc(op string, d TextureDesc, pixels []byte) {
	if err := d.Validate(); err != nil {
		panic(fmt.Sprintf("render: %s: %v", op, err))
	}
	if len(pixels) != 0 && len(pixels) != d.Bytes() {
		panic(fmt.Sprintf("render: %s: %d bytes for %dx%dx%d %v (want %d)", op, len(pixels), d.Width, d.Height, d.LayerCount(), d.Format, d.Bytes()))
	}
}

// UpdateTextureLayer records the replacement of rect (in texels, top-left
// origin as for UpdateTexture) of layer layer of texture id: the array
// layer, the cube face (0 .. 5, +X -X +Y -Y +Z -Z) or the 3D slice; 0 for
// a 2D texture. pixels holds rect.W*rect.H texels in the texture's own
// format (see the layout table above FormatR16F). It panics on an empty
// rectangle, a negative layer or no pixels; a layer, rectangle or length
// that does not fit the texture is an error the backend reports, naming
// the texture. A mipmapped texture's smaller levels are made again.
func (f *Frame) UpdateTextureLayer(id TextureID, layer int, rect Rect, pixels []byte) {
	if rect.Empty() || layer < 0 || len(pixels) == 0 {
		panic(fmt.Sprintf("render: UpdateTextureLayer %v: layer %d, rect %v, %d bytes", id, layer, rect, len(pixels)))
	}
	f.resources = append(f.resources, ResourceCommand{Op: OpUpdateTexture, Texture: id, Rect: rect, Layer: layer, Data: f.copyBytes(pixels)})
}

// AppendFloat32s appends v to dst as little-endian float32s, the layout
// of the 32-bit float formats, and returns the extended slice.
func AppendFloat32s(dst []byte, v []float32) []byte {
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(x))
	}
	return dst
}

// AppendHalfs appends v to dst as little-endian half floats, the layout
// of the 16-bit float formats, and returns the extended slice. Values are
// rounded to the nearest half (ties to even); beyond ±65504 they become
// infinities.
func AppendHalfs(dst []byte, v []float32) []byte {
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint16(dst, Half(x))
	}
	return dst
}

// AppendUint32s appends v to dst little-endian, the layout of FormatR32UI.
func AppendUint32s(dst []byte, v []uint32) []byte {
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint32(dst, x)
	}
	return dst
}

// Half returns the IEEE 754 half float nearest to x (ties to even): NaN
// stays NaN, values beyond ±65504 become infinities, and values too small
// for a normal half become subnormals or zero.
func Half(x float32) uint16 {
	b := math.Float32bits(x)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	man := b & 0x7fffff
	switch {
	case exp == 0xff: // Inf or NaN
		if man != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127 > 15:
		return sign | 0x7c00
	case exp-127 >= -14: // normal half
		e := uint32(exp - 127 + 15)
		m := man >> 13
		rest := man & 0x1fff
		h := e<<10 | m
		if rest > 0x1000 || rest == 0x1000 && m&1 == 1 {
			h++ // may carry into the exponent, up to infinity: correct
		}
		return sign | uint16(h)
	case exp-127 >= -25: // subnormal half
		m := man | 0x800000
		shift := uint(-14-(exp-127)) + 13
		h := m >> shift
		rest := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rest > half || rest == half && h&1 == 1 {
			h++
		}
		return sign | uint16(h)
	}
	return sign
}

// HalfToFloat32 returns the value of half float h, exactly.
func HalfToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case exp == 0:
		if man == 0 {
			return math.Float32frombits(sign)
		}
		v := float32(man) / (1 << 24)
		if sign != 0 {
			v = -v
		}
		return v
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}

package render

import "math"

// Sort key layout, most significant first:
//
//	63..56  pass (recording order)
//	55..48  layer
//	47      transparent (opaque items first)
//	46..31  order (signed, ascending)
//	30..0   opaque:      material (8) | texture (8) | depth (15, front to back)
//	        transparent: depth (15, back to front) | 0
//
// material is the low 6 bits of the shader's slot and the 2-bit blend mode;
// texture is the low 8 bits of the texture's slot. Those bits only group items;
// batching compares the full handles, so a collision costs a draw call, never a
// wrong picture. Equal keys keep recording order (the sort is stable).
//
// Transparent items are not grouped by material or texture: at equal depth
// they keep recording order, which for a 2D scene is tree order, so
// overlapping sprites paint as the scene graph says (as in Cocos Creator),
// and consecutive sprites that share a texture still batch.
const (
	keyPassShift  = 56
	keyLayerShift = 48
	keyTransShift = 47
	keyOrderShift = 31
	depthBits     = 15
)

// SortKey returns the 64-bit key that orders a draw item: by pass, layer,
// opacity (opaque first), order, and then, for opaque items, material, texture
// and depth front to back, or, for transparent items, depth back to front
// (then recording order). depth is a view distance (larger is farther); only
// its order matters.
func SortKey(pass int, layer uint8, order int16, blend BlendMode, shader ShaderID, texture TextureID, depth float32) uint64 {
	k := uint64(pass&0xff)<<keyPassShift | uint64(layer)<<keyLayerShift |
		uint64(uint16(order)^0x8000)<<keyOrderShift
	mat := uint64(shader.Index()&0x3f)<<2 | uint64(blend&3)
	tex := uint64(texture.Index() & 0xff)
	d := uint64(depthKey(depth))
	if blend.Transparent() {
		k |= 1<<keyTransShift | (^d&(1<<depthBits-1))<<16
	} else {
		k |= mat<<23 | tex<<15 | d
	}
	return k
}

// depthKey maps a float to 15 bits whose unsigned order follows the float order
// (NaN sorts last). Negative zero maps as zero: the two are the same depth,
// and a depth computed as -0 (a sprite centered left of and below a 2D
// camera's origin, where 0·x is -0) must not sort apart from its +0
// neighbours, which would take it out of tree order.
func depthKey(f float32) uint32 {
	if f == 0 {
		f = 0 // -0 too
	}
	b := math.Float32bits(f)
	if b&0x80000000 != 0 {
		b = ^b
	} else {
		b |= 0x80000000
	}
	return b >> (32 - depthBits)
}

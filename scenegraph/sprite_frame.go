package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// SpriteFrame is one image of a texture atlas or sprite sheet, as a Sprite
// shows it (Sprite.SetFrame): the texture region, whether the region holds
// the image turned, the size drawn and the transparent margins an atlas
// packer trimmed away. An atlas frame (asset.Frame) embeds one.
//
// It is not ui.SpriteFrame: that one is only a texture region, for
// widgets whose size comes from their Rect.
type SpriteFrame struct {
	// Texture is the image (0: plain white).
	Texture render.TextureID
	// UV is the region {u0, v0, u1, v1} as it lies in the texture, v0 the
	// top edge; the zero value is the whole texture.
	UV mgl32.Vec4
	// Rotated says the region holds the image turned 90° clockwise (as
	// TexturePacker stores "rotated" frames): the region is Size[1] texels
	// wide and Size[0] texels tall, and a Sprite turns it back upright.
	Rotated bool
	// Size is the image's size, upright and without the trimmed margins, in
	// pixels: the size of the quad a Sprite draws.
	Size mgl32.Vec2
	// Trim is the transparent margin {left, bottom, right, top}, in pixels,
	// cut from around the image: the untrimmed image is Size plus the
	// margins. Zero for an image that was not trimmed.
	Trim mgl32.Vec4
}

// SetFrame shows f: it sets the sprite's Texture, UV, UVRotated, Size and
// Trim. Anchor, Color, the flips and the sort fields stay. Anchor is a point
// of the untrimmed image (see Trim), so the frames of an animation, each
// trimmed differently, stay in place as they change.
func (s *Sprite) SetFrame(f SpriteFrame) {
	s.Texture, s.UV, s.UVRotated, s.Size, s.Trim = f.Texture, f.UV, f.Rotated, f.Size, f.Trim
}

// trimmedOrigin returns the quad's corner (0, 0) in local units for a
// sprite with a Trim: the untrimmed rectangle (Size plus the margins) is
// placed by Anchor, and the quad sits inside it, its margins mirrored with
// the image by FlipX and FlipY.
func (s *Sprite) trimmedOrigin() (x0, y0 float32) {
	l, b, r, t := s.Trim[0], s.Trim[1], s.Trim[2], s.Trim[3]
	if s.FlipX {
		l, r = r, l
	}
	if s.FlipY {
		b, t = t, b
	}
	w, h := s.Size[0], s.Size[1]
	return l - s.Anchor[0]*(l+w+r), b - s.Anchor[1]*(b+h+t)
}

// turnUpright makes the instance in show a region stored turned 90°
// clockwise upright: the same parallelogram, described from its corner
// (1, 0), so that the region's edges run along the quad's turned edges
// (the region's top-left texel at the quad's bottom-left corner).
func turnUpright(in *render.SpriteInstance) {
	in.X, in.Y = in.X+in.AX, in.Y+in.AY
	in.AX, in.AY, in.BX, in.BY = in.BX, in.BY, -in.AX, -in.AY
}

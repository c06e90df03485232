package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Sprite draws a textured quad at its node: Size in local units, placed so
// that Anchor (0..1 in each axis, {0.5, 0.5} the center) sits at the node's
// origin. Sprites sharing texture, shader and blend mode that draw one after
// the other become one draw call. Create one with NewSprite.
type Sprite struct {
	Component

	// Texture is the image (0: plain white, for colored rectangles).
	Texture render.TextureID
	// UV is the texture region {u0, v0, u1, v1}, v0 the top edge; the zero
	// value is the whole texture.
	UV mgl32.Vec4
	// Size is the quad's size in local units.
	Size mgl32.Vec2
	// Anchor is the point of the quad at the node's origin.
	Anchor mgl32.Vec2
	// Color tints the texture (straight alpha).
	Color render.Color
	// FlipX and FlipY mirror the texture region.
	FlipX, FlipY bool
	// Blend is the blend mode; NewSprite sets render.BlendAlpha.
	Blend render.BlendMode
	// Shader is a custom sprite program (0: the built-in one).
	Shader render.ShaderID
	// SortLayer and Order sort before texture and depth (see render.SortKey);
	// equal values draw in tree order.
	SortLayer uint8
	Order     int16
}

// NewSprite returns a w×h sprite of tex, anchored at its center, untinted,
// alpha-blended.
func NewSprite(tex render.TextureID, w, h float32) *Sprite {
	return &Sprite{Texture: tex, Size: mgl32.Vec2{w, h}, Anchor: mgl32.Vec2{0.5, 0.5},
		Color: render.White, Blend: render.BlendAlpha}
}

// SetRegion sets UV from a rectangle in texels (origin top-left) of a
// texW×texH texture, and Size to the rectangle's size.
func (s *Sprite) SetRegion(x, y, w, h, texW, texH int) {
	tw, th := float32(texW), float32(texH)
	s.UV = mgl32.Vec4{float32(x) / tw, float32(y) / th, float32(x+w) / tw, float32(y+h) / th}
	s.Size = mgl32.Vec2{float32(w), float32(h)}
}

// Render records the sprite if the camera can see it.
func (s *Sprite) Render(v *View) {
	n := s.node
	m := n.WorldMatrix()
	// Bounding circle: the quad's center, half its diagonal times the
	// largest axis scale.
	cx := (0.5 - s.Anchor[0]) * s.Size[0]
	cy := (0.5 - s.Anchor[1]) * s.Size[1]
	center := mgl32.Vec3{m[0]*cx + m[4]*cy + m[12], m[1]*cx + m[5]*cy + m[13], m[2]*cx + m[6]*cy + m[14]}
	sx := m[0]*m[0] + m[1]*m[1]
	sy := m[4]*m[4] + m[5]*m[5]
	r := 0.5 * sqrt32((s.Size[0]*s.Size[0]+s.Size[1]*s.Size[1])*max(sx, sy))
	if !v.Visible(center, r) {
		v.culled++
		return
	}
	rs := &v.sprite
	rs.Transform = m
	rs.Size = s.Size
	rs.Pivot = s.Anchor
	uv := s.UV
	if uv == (mgl32.Vec4{}) {
		uv = mgl32.Vec4{0, 0, 1, 1}
	}
	if s.FlipX {
		uv[0], uv[2] = uv[2], uv[0]
	}
	if s.FlipY {
		uv[1], uv[3] = uv[3], uv[1]
	}
	rs.UV = uv
	rs.Color = s.Color
	rs.Texture = s.Texture
	rs.Shader = s.Shader
	rs.Blend = s.Blend
	rs.Layer = s.SortLayer
	rs.Order = s.Order
	rs.Depth = v.depthOf(center)
	v.Frame.DrawSprite(rs)
	v.rendered++
}

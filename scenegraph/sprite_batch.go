package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// SpriteBatch draws many similar sprites that need no node each (bullets,
// particles, tiles, crowds): one component holding a slice of positions,
// and optionally colors and texture frames, drawn as one draw item. It is
// the way to draw 100,000 objects and more: a sprite costs an entry in
// Positions and, per frame, one instance written straight into the frame
// (render.Frame.ReserveSprites), against a node, a component and a world
// matrix for a Sprite, all read again every frame.
//
// Every sprite has the batch's Size, Anchor, Texture and blend state, and
// is placed by the node's transform like a child at Positions[i] would be
// (translated, and rotated and scaled with the node). The sprites draw in
// slice order, sort as one unit (by SortLayer, Order and the node's depth)
// and count as one renderable in RenderStats. Under a 2D camera each sprite
// outside the view is skipped; the others are recorded in order.
//
// A game changes the slices directly, between frames or in Update. Render
// reads them while the frame is recorded and allocates nothing.
type SpriteBatch struct {
	Component

	// Texture is the image every sprite shows (0: plain white).
	Texture render.TextureID
	// Frames are the texture regions {u0, v0, u1, v1} (v0 the top edge)
	// that FrameOf picks from; empty means the whole texture.
	Frames []mgl32.Vec4
	// Size is every sprite's size in the node's local units.
	Size mgl32.Vec2
	// Anchor is the point of each sprite at its position (0..1 in each
	// axis; {0.5, 0.5} the center, {0, 0} the bottom-left corner).
	Anchor mgl32.Vec2
	// Positions are the sprites' anchor points in the node's local space,
	// one per sprite: their number is the number of sprites.
	Positions []mgl32.Vec2
	// Colors tints sprite i with Colors[i] (straight alpha); sprites past
	// its end get Color.
	Colors []render.Color
	// Color tints the sprites that have no entry in Colors.
	Color render.Color
	// FrameOf[i] is sprite i's index in Frames; sprites past its end, and
	// indices past the end of Frames, use frame 0.
	FrameOf []uint16
	// Blend is the blend mode; NewSpriteBatch sets render.BlendAlpha.
	Blend render.BlendMode
	// Shader is a custom sprite program (0: the built-in one).
	Shader render.ShaderID
	// SortLayer and Order sort the batch as a whole (see render.SortKey).
	SortLayer uint8
	Order     int16
}

// NewSpriteBatch returns an empty batch of w×h sprites of tex, anchored at
// their centers, untinted, alpha-blended.
func NewSpriteBatch(tex render.TextureID, w, h float32) *SpriteBatch {
	return &SpriteBatch{Texture: tex, Size: mgl32.Vec2{w, h}, Anchor: mgl32.Vec2{0.5, 0.5},
		Color: render.White, Blend: render.BlendAlpha}
}

// Len returns the number of sprites, len(Positions).
func (sb *SpriteBatch) Len() int { return len(sb.Positions) }

// Render records the batch's visible sprites as one run
// (render.Frame.ReserveSprites and CommitSprites).
func (sb *SpriteBatch) Render(v *View) {
	if len(sb.Positions) == 0 {
		return
	}
	n := sb.node
	if n.dirty {
		n.WorldMatrix()
	}
	m := &n.world
	w, h := sb.Size[0], sb.Size[1]
	x0, y0 := -sb.Anchor[0]*w, -sb.Anchor[1]*h
	a, b, c, d := m[0], m[1], m[4], m[5]
	ax, ay, bx, by := a*w, b*w, c*h, d*h
	// Corner (0, 0) of sprite i is m·(p + (x0, y0)); the bounds of each
	// quad relative to that corner are the same for all.
	lox, hix := min(0, ax)+min(0, bx), max(0, ax)+max(0, bx)
	loy, hiy := min(0, ay)+min(0, by), max(0, ay)+max(0, by)
	cull := v.is2D
	r := v.rect2D
	colors, frames, frameOf := sb.Colors, sb.Frames, sb.FrameOf
	uv0 := mgl32.Vec4{0, 0, 1, 1}
	if len(frames) > 0 {
		uv0 = frames[0]
	}
	out := v.Frame.ReserveSprites(len(sb.Positions))
	k := 0
	if len(colors) == 0 && len(frameOf) == 0 {
		// One tint and one frame for all (a bunnymark, a bullet pool): the
		// loop writes positions alone into a template instance.
		in := render.SpriteInstance{AX: ax, AY: ay, BX: bx, BY: by,
			U0: uv0[0], V0: uv0[1], U1: uv0[2], V1: uv0[3], Color: v.ApplyOpacity(sb.Color)}
		for _, p := range sb.Positions {
			px, py := p[0]+x0, p[1]+y0
			x := a*px + c*py + m[12]
			y := b*px + d*py + m[13]
			if cull && (x+hix < r[0] || x+lox > r[2] || y+hiy < r[1] || y+loy > r[3]) {
				continue
			}
			in.X, in.Y = x, y
			out[k] = in
			k++
		}
	} else {
		for i, p := range sb.Positions {
			px, py := p[0]+x0, p[1]+y0
			x := a*px + c*py + m[12]
			y := b*px + d*py + m[13]
			if cull && (x+hix < r[0] || x+lox > r[2] || y+hiy < r[1] || y+loy > r[3]) {
				continue
			}
			col := sb.Color
			if i < len(colors) {
				col = colors[i]
			}
			col = v.ApplyOpacity(col)
			uv := uv0
			if i < len(frameOf) {
				if f := int(frameOf[i]); f < len(frames) {
					uv = frames[f]
				}
			}
			out[k] = render.SpriteInstance{X: x, Y: y, AX: ax, AY: ay, BX: bx, BY: by,
				U0: uv[0], V0: uv[1], U1: uv[2], V1: uv[3], Color: col}
			k++
		}
	}
	sd := &v.spriteDraw
	sd.Texture, sd.Shader, sd.Blend = sb.Texture, sb.Shader, sb.Blend
	sd.Layer, sd.Order = sb.SortLayer, sb.Order
	sd.Depth = v.depthOf(mgl32.Vec3{m[12], m[13], m[14]})
	v.Frame.CommitSprites(sd, k)
	if k == 0 {
		v.culled++
		return
	}
	v.rendered++
}

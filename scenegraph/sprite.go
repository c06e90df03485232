package scenegraph

import (
	"math"

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
	// UVRotated says the region UV holds the image turned 90° clockwise (a
	// rotated atlas frame, see SpriteFrame); the quad shows it upright.
	UVRotated bool
	// Trim is the transparent margin {left, bottom, right, top}, in local
	// units, that an atlas cut from around the image (see SpriteFrame).
	// When it is set, Anchor is a point of the untrimmed rectangle (Size
	// plus the margins) and the quad sits in it where the image was; FlipX
	// and FlipY mirror the margins too.
	Trim mgl32.Vec4
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

// Render records the sprite if the camera can see it: under a 2D camera
// when its bounds overlap the view (exactly), under others when its
// bounding circle meets the frustum's sides. It records one instance as
// one draw item (render.Frame.CommitSprites) and allocates nothing.
// Extraction does not call it: it records Sprites directly, joining
// consecutive ones that share their draw state and sort key into one draw
// item (the same picture, less work per sprite).
func (s *Sprite) Render(v *View) {
	v.flushSprites()
	s.record(v)
	v.flushSprites()
}

// record adds the sprite, if the camera can see it, to the view's sprite
// run (see spriteRun). Every path computes the instance with the same
// float operations, so a sprite looks the same however it was recorded.
//
// It is the per-sprite step of extraction, the one tens of thousands of
// sprites take every frame, so it does all its work in one function: an
// unrotated leaf under an identity parent (every moved bunny) uses its
// local transform as its world matrix without computing or caching one,
// the depth is View.depthOf's arithmetic written out, and only
// a sprite that starts a new run, or uses a rarely set field (Trim, flips,
// a rotated region, opacity), calls out. Its tests of float fields against
// zero look at the bits (isZero4), one branch for four compares.
func (s *Sprite) record(v *View) {
	n := s.node
	// The entries of the world matrix the quad needs: the x and y columns'
	// x, y and z (a, b; c, d; m2, m6) and the translation.
	var a, b, c, d, m2, m6, tx, ty, tz float32
	if n.dirty && len(n.children) == 0 && (n.parent == nil || !n.parent.dirty && n.parent.identity) &&
		isIdentityQuat(n.rot) {
		// An unrotated leaf under an identity parent (every moved bunny):
		// its world matrix is its local one, {scale, 0, 0; 0, scale, 0;
		// pos}, the entries computeWorld would store. They are taken
		// straight from the node and the matrix is left to be computed
		// if something asks for it (the node stays dirty): no store of
		// 16 entries, and no read of the cache line holding them. A node
		// with children caches its matrix below, for them.
		a, d, tx, ty, tz = n.scale[0], n.scale[1], n.pos[0], n.pos[1], n.pos[2]
	} else {
		if n.dirty {
			n.updateWorld()
		}
		m := &n.world
		a, b, c, d, m2, m6, tx, ty, tz = m[0], m[1], m[4], m[5], m[2], m[6], m[12], m[13], m[14]
	}
	w, h := s.Size[0], s.Size[1]
	x0, y0 := -s.Anchor[0]*w, -s.Anchor[1]*h
	if !isZero4(&s.Trim) {
		x0, y0 = s.trimmedOrigin()
	}
	x, y := a*x0+c*y0+tx, b*x0+d*y0+ty
	ax, ay, bx, by := a*w, b*w, c*h, d*h
	// The quad's center: its depth sorts it.
	cx, cy := x0+0.5*w, y0+0.5*h
	center := mgl32.Vec3{a*cx + c*cy + tx, b*cx + d*cy + ty, m2*cx + m6*cy + tz}
	if v.is2D {
		r := &v.rect2D
		var loX, hiX, loY, hiY float32
		if ay == 0 && bx == 0 && ax >= 0 && by >= 0 {
			// Upright and not mirrored (most sprites): the corners are
			// (x, y) and (x+ax, y+by). The general bounds below give the
			// same values up to the sign of a zero added, which no
			// comparison sees; NaN sizes take the general way.
			loX, hiX, loY, hiY = x, x+ax, y, y+by
		} else {
			loX, hiX = x+min(0, ax)+min(0, bx), x+max(0, ax)+max(0, bx)
			loY, hiY = y+min(0, ay)+min(0, by), y+max(0, ay)+max(0, by)
		}
		if hiX < r[0] || loX > r[2] || hiY < r[1] || loY > r[3] {
			v.culled++
			return
		}
	} else {
		// Bounding circle: half the diagonal times the largest axis scale.
		sx := a*a + b*b
		sy := c*c + d*d
		if !v.Visible(center, 0.5*sqrt32((w*w+h*h)*max(sx, sy))) {
			v.culled++
			return
		}
	}
	// depthOf(center), written out (the same operations in the same order;
	// a w of 1, any orthographic camera's, divides nothing: x/1 is x).
	vp := &v.ViewProj
	depth := vp[2]*center[0] + vp[6]*center[1] + vp[10]*center[2] + vp[14]
	if dw := vp[3]*center[0] + vp[7]*center[1] + vp[11]*center[2] + vp[15]; dw != 0 && dw != 1 {
		depth /= dw
	}
	if depth == 0 {
		depth = 0 // not -0, which would start a run of its own (render's sort keys make them one)
	}
	run := &v.run
	o := &run.draw
	if run.n == len(run.buf) || s.Texture != o.Texture || s.Shader != o.Shader || s.Blend != o.Blend ||
		s.SortLayer != o.Layer || s.Order != o.Order || math.Float32bits(depth) != math.Float32bits(o.Depth) {
		v.openRun(&render.SpriteDraw{Texture: s.Texture, Shader: s.Shader, Blend: s.Blend,
			Layer: s.SortLayer, Order: s.Order, Depth: depth})
	}
	in := &run.buf[run.n]
	run.n++
	v.rendered++
	// Field by field: the instance is written once, straight into the frame.
	in.X, in.Y, in.AX, in.AY, in.BX, in.BY = x, y, ax, ay, bx, by
	col := s.Color
	if v.fade != 0 {
		col = v.ApplyOpacity(col)
	}
	in.Color = col
	if s.FlipX || s.FlipY || s.UVRotated {
		s.writeUV(in)
		return
	}
	if isZero4(&s.UV) { // the zero value: the whole texture
		in.U0, in.V0, in.U1, in.V1 = 0, 0, 1, 1
		return
	}
	in.U0, in.V0, in.U1, in.V1 = s.UV[0], s.UV[1], s.UV[2], s.UV[3]
}

// writeUV writes the sprite's texture region into in, for a sprite with
// flips or a rotated region, and turns a rotated region's instance
// upright.
func (s *Sprite) writeUV(in *render.SpriteInstance) {
	uv := s.UV
	if isZero4(&uv) {
		uv = mgl32.Vec4{0, 0, 1, 1}
	}
	flipU, flipV := s.FlipX, s.FlipY
	if s.UVRotated { // the region's u runs up the quad, its v across
		flipU, flipV = flipV, flipU
	}
	if flipU {
		uv[0], uv[2] = uv[2], uv[0]
	}
	if flipV {
		uv[1], uv[3] = uv[3], uv[1]
	}
	in.U0, in.V0, in.U1, in.V1 = uv[0], uv[1], uv[2], uv[3]
	if s.UVRotated {
		turnUpright(in)
	}
}

// isZero4 reports whether every element of q is 0 (either sign), as
// q == mgl32.Vec4{} does, in one test of the bits instead of four float
// compares: a NaN or any other value has a magnitude bit set.
func isZero4(q *mgl32.Vec4) bool {
	return (math.Float32bits(q[0])|math.Float32bits(q[1])|math.Float32bits(q[2])|math.Float32bits(q[3]))&0x7fffffff == 0
}

// isIdentityQuat reports q == mgl32.Quat{W: 1} (as floats: -0 parts count
// as 0), with one test for the three vector parts.
func isIdentityQuat(q mgl32.Quat) bool {
	return (math.Float32bits(q.V[0])|math.Float32bits(q.V[1])|math.Float32bits(q.V[2]))&0x7fffffff == 0 && q.W == 1
}

package ui

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Insets are distances from the four edges of a rectangle, in local units.
type Insets struct{ Left, Right, Top, Bottom float32 }

// NineSlice draws a texture region stretched over its node's Rect with
// fixed borders, as Cocos' sliced sprite: the four corners keep their size,
// the edges stretch along one axis and the center along both. It records
// nine quads through render.Frame.DrawSprite, each with its own UV, all at
// one depth and with one texture, so that they stay together in tree order
// and batch into one draw call. Borders larger than the rectangle shrink in
// proportion (each axis on its own), so the corners never overlap. Without
// an enabled Rect on its node it draws nothing. Create one with
// NewNineSlice.
type NineSlice struct {
	scenegraph.Component

	// Texture is the image (0: plain white).
	Texture render.TextureID
	// UV is the region {u0, v0, u1, v1} of the texture to slice, v0 the top
	// edge, u0 < u1 and v0 < v1; the zero value is the whole texture.
	UV mgl32.Vec4
	// TextureWidth and TextureHeight are the texture's size in texels, which
	// turns Borders into UV. With zero (the white texture) the borders
	// sample the region's edges.
	TextureWidth, TextureHeight int
	// Borders are the border widths, in texels of the texture and in local
	// units when drawn (one unit per texel).
	Borders Insets
	// Color tints the texture (straight alpha).
	Color render.Color
	// Blend is the blend mode; NewNineSlice sets render.BlendAlpha.
	Blend render.BlendMode
	// Hollow leaves the center out: a frame.
	Hollow bool
	// SortLayer and Order sort the quads as Sprite's do.
	SortLayer uint8
	Order     int16

	sprite render.Sprite // scratch, so Render allocates nothing
}

// NewNineSlice returns a white, alpha-blended nine-slice of tex, a
// texW×texH texture, with the given borders in texels.
func NewNineSlice(tex render.TextureID, texW, texH int, borders Insets) *NineSlice {
	return &NineSlice{Texture: tex, TextureWidth: texW, TextureHeight: texH, Borders: borders,
		Color: render.White, Blend: render.BlendAlpha}
}

// SortOrder returns the sort layer, order and blend mode of the quads.
func (s *NineSlice) SortOrder() (uint8, int16, render.BlendMode) {
	return s.SortLayer, s.Order, s.Blend
}

// Render records the nine quads (eight when Hollow; quads of zero size are
// skipped) if the camera can see the rectangle. It allocates nothing.
func (s *NineSlice) Render(v *scenegraph.View) {
	n := s.Node()
	r := rectOf(n)
	if r == nil {
		return
	}
	lo, hi := r.Bounds()
	w, h := hi[0]-lo[0], hi[1]-lo[1]
	if !(w > 0 && h > 0) {
		return
	}
	m := n.WorldMatrix()
	depth, ok := cull(v, &m, lo, hi)
	if !ok {
		return
	}
	bl, br := max(s.Borders.Left, 0), max(s.Borders.Right, 0)
	bt, bb := max(s.Borders.Top, 0), max(s.Borders.Bottom, 0)
	uv := s.UV
	if uv == (mgl32.Vec4{}) {
		uv = mgl32.Vec4{0, 0, 1, 1}
	}
	var uL, uR, vT, vB float32 = uv[0], uv[2], uv[1], uv[3]
	if tw := float32(s.TextureWidth); tw > 0 {
		uL, uR = uv[0]+bl/tw, uv[2]-br/tw
	}
	if th := float32(s.TextureHeight); th > 0 {
		vT, vB = uv[1]+bt/th, uv[3]-bb/th
	}
	midW, midH := w-bl-br, h-bt-bb
	if midW <= 0 {
		bl, midW = bl*w/(bl+br), 0
	}
	if midH <= 0 {
		bb, midH = bb*h/(bt+bb), 0
	}
	xs := [4]float32{lo[0], lo[0] + bl, lo[0] + bl + midW, hi[0]}
	ys := [4]float32{lo[1], lo[1] + bb, lo[1] + bb + midH, hi[1]} // bottom to top
	us := [4]float32{uv[0], uL, uR, uv[2]}
	vs := [4]float32{uv[3], vB, vT, uv[1]} // v of the same lines, bottom to top

	rs := &s.sprite
	rs.Color, rs.Texture, rs.Shader, rs.Blend = s.Color, s.Texture, 0, s.Blend
	rs.Layer, rs.Order, rs.Depth = s.SortLayer, s.Order, depth
	for row := 0; row < 3; row++ {
		for col := 0; col < 3; col++ {
			if s.Hollow && row == 1 && col == 1 {
				continue
			}
			qw, qh := xs[col+1]-xs[col], ys[row+1]-ys[row]
			if !(qw > 0 && qh > 0) {
				continue
			}
			quad(v, rs, &m, xs[col], ys[row], qw, qh, mgl32.Vec4{us[col], vs[row+1], us[col+1], vs[row]})
		}
	}
	v.CountRendered()
}

// ProgressBar draws a bar filled to a fraction over its node's Rect: a
// background quad over the whole rectangle and a bar quad, inset by
// Padding, whose length along the bar's axis is Progress of the inset
// length. The bar's texture region is cropped in the same proportion, so a
// textured bar is revealed rather than squeezed. Both are recorded through
// render.Frame.DrawSprite, the background first. Without an enabled Rect on
// its node it draws nothing. Create one with NewProgressBar.
type ProgressBar struct {
	scenegraph.Component

	// Progress is the filled fraction; drawn clamped to 0..1 (NaN as 0).
	Progress float32
	// Vertical fills bottom to top instead of left to right.
	Vertical bool
	// Reverse fills from the other end: right to left, or top to bottom.
	Reverse bool
	// Background and BackgroundColor draw the background; a zero alpha
	// leaves it out.
	Background      SpriteFrame
	BackgroundColor render.Color
	// Bar and BarColor draw the bar.
	Bar      SpriteFrame
	BarColor render.Color
	// Padding insets the bar from the rectangle's edges, in local units.
	Padding float32
	// Blend is the blend mode; NewProgressBar sets render.BlendAlpha.
	Blend render.BlendMode
	// SortLayer and Order sort the quads as Sprite's do.
	SortLayer uint8
	Order     int16

	sprite render.Sprite
}

// NewProgressBar returns a horizontal bar at progress with a dark grey
// background and a green bar, alpha-blended.
func NewProgressBar(progress float32) *ProgressBar {
	return &ProgressBar{Progress: progress, BackgroundColor: render.RGBA(40, 40, 40, 255),
		BarColor: render.RGBA(80, 200, 120, 255), Blend: render.BlendAlpha}
}

// Fraction returns Progress clamped to 0..1, NaN as 0: what is drawn.
func (p *ProgressBar) Fraction() float32 {
	f := p.Progress
	if !(f > 0) {
		return 0
	}
	return min(f, 1)
}

// SortOrder returns the sort layer, order and blend mode of the quads.
func (p *ProgressBar) SortOrder() (uint8, int16, render.BlendMode) {
	return p.SortLayer, p.Order, p.Blend
}

// Render records the background and the bar if the camera can see the
// rectangle. It allocates nothing.
func (p *ProgressBar) Render(v *scenegraph.View) {
	n := p.Node()
	r := rectOf(n)
	if r == nil {
		return
	}
	lo, hi := r.Bounds()
	m := n.WorldMatrix()
	depth, ok := cull(v, &m, lo, hi)
	if !ok {
		return
	}
	rs := &p.sprite
	rs.Shader, rs.Blend, rs.Layer, rs.Order, rs.Depth = 0, p.Blend, p.SortLayer, p.Order, depth
	if p.BackgroundColor.A() != 0 && hi[0] > lo[0] && hi[1] > lo[1] {
		rs.Color, rs.Texture = p.BackgroundColor, p.Background.Texture
		quad(v, rs, &m, lo[0], lo[1], hi[0]-lo[0], hi[1]-lo[1], frameUV(p.Background))
	}
	pad := max(p.Padding, 0)
	x0, y0 := lo[0]+pad, lo[1]+pad
	w, h := hi[0]-lo[0]-2*pad, hi[1]-lo[1]-2*pad
	f := p.Fraction()
	uv := frameUV(p.Bar)
	if p.Vertical {
		// v runs top (uv[1]) to bottom (uv[3]); the bar grows up from y0.
		l := h * f
		dv := (uv[3] - uv[1]) * f
		if p.Reverse {
			y0 += h - l
			uv[3] = uv[1] + dv
		} else {
			uv[1] = uv[3] - dv
		}
		h = l
	} else {
		l := w * f
		du := (uv[2] - uv[0]) * f
		if p.Reverse {
			x0 += w - l
			uv[0] = uv[2] - du
		} else {
			uv[2] = uv[0] + du
		}
		w = l
	}
	if w > 0 && h > 0 {
		rs.Color, rs.Texture = p.BarColor, p.Bar.Texture
		quad(v, rs, &m, x0, y0, w, h, uv)
	}
	v.CountRendered()
}

// frameUV returns f's UV, the whole texture for a zero one.
func frameUV(f SpriteFrame) mgl32.Vec4 {
	if f.UV == (mgl32.Vec4{}) {
		return mgl32.Vec4{0, 0, 1, 1}
	}
	return f.UV
}

// quad records the local rectangle [x0, x0+w]×[y0, y0+h] under world
// matrix m with texture region uv, through rs (whose colour, texture,
// blend, layer, order and depth the caller set).
func quad(v *scenegraph.View, rs *render.Sprite, m *mgl32.Mat4, x0, y0, w, h float32, uv mgl32.Vec4) {
	t := *m
	t[12] = m[0]*x0 + m[4]*y0 + m[12]
	t[13] = m[1]*x0 + m[5]*y0 + m[13]
	t[14] = m[2]*x0 + m[6]*y0 + m[14]
	rs.Transform = t
	rs.Size = mgl32.Vec2{w, h}
	rs.Pivot = mgl32.Vec2{}
	rs.UV = uv
	v.Frame.DrawSprite(rs)
}

// cull reports whether the camera may see the local rectangle lo..hi under
// m (its bounding circle against the frustum's sides, as Sprite does), and
// the sort depth of its center; a culled rectangle is counted.
func cull(v *scenegraph.View, m *mgl32.Mat4, lo, hi mgl32.Vec2) (depth float32, ok bool) {
	cx, cy := (lo[0]+hi[0])/2, (lo[1]+hi[1])/2
	center := mgl32.Vec3{m[0]*cx + m[4]*cy + m[12], m[1]*cx + m[5]*cy + m[13], m[2]*cx + m[6]*cy + m[14]}
	ex, ey := hi[0]-lo[0], hi[1]-lo[1]
	sx := m[0]*m[0] + m[1]*m[1] + m[2]*m[2]
	sy := m[4]*m[4] + m[5]*m[5] + m[6]*m[6]
	r := 0.5 * float32(math.Sqrt(float64((ex*ex+ey*ey)*max(sx, sy))))
	if !v.Visible(center, r) {
		v.CountCulled()
		return 0, false
	}
	return v.Depth(center), true
}

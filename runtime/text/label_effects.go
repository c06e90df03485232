package text

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// DefaultOutlineWidth is the outline width, in pixels, of a Label with
// EnableOutline whose OutlineWidth is 0 (Cocos' default).
const DefaultOutlineWidth = 2

// fxKey is what a label's effect bitmaps depend on besides its layout.
type fxKey struct {
	outline, shadow bool
	width, blur     uint8 // outline width; shadow blur
}

// labelEffects are a Label's outline and shadow: per glyph quad, the entry
// of its outline and shadow bitmaps in the quad's atlas. They are looked up
// again only when the layout is resolved again or a width changes, so an
// unchanged label draws its effects without allocating.
type labelEffects struct {
	valid                         bool
	pending                       bool // some bitmap was put off (pendingEntry): look up again
	key                           fxKey
	outline, shadow               bool
	outlineEntries, shadowEntries []int32
}

// effectKey reads the label's effect fields, clamped.
func (l *Label) effectKey() fxKey {
	k := fxKey{outline: l.EnableOutline, shadow: l.EnableShadow}
	if k.outline {
		w := l.OutlineWidth
		if !(w > 0) { // also NaN
			w = DefaultOutlineWidth
		}
		k.width = uint8(min(max(math.Round(float64(w)), 1), maxEffectPixels))
	}
	if k.shadow {
		if b := l.ShadowBlur; b > 0 {
			k.blur = uint8(min(math.Round(float64(b)), maxEffectPixels))
		}
	}
	return k
}

// resolve points the effect entries at the bitmaps of the label's quads,
// rasterizing them on first use; resolved says the layout's quads were just
// resolved (new entries or atlases).
func (fx *labelEffects) resolve(l *Label, resolved bool) {
	k := l.effectKey()
	if fx.valid && !resolved && !fx.pending && fx.key == k {
		return
	}
	fx.valid, fx.key, fx.pending = true, k, false
	fx.outline, fx.shadow = k.outline, k.shadow
	la := &l.lay
	fx.outlineEntries = fx.outlineEntries[:0]
	fx.shadowEntries = fx.shadowEntries[:0]
	for i := range la.quads {
		q := &la.quads[i]
		a := la.atlases[q.font]
		if k.outline {
			e := a.lookup(glyphKey{g: q.glyph, dilate: k.width})
			fx.pending = fx.pending || e == pendingEntry
			fx.outlineEntries = append(fx.outlineEntries, e)
		}
		if k.shadow {
			// The shadow is of what is drawn: the outline's shape if there
			// is one, blurred. Color glyphs cast their alpha.
			sk := glyphKey{g: q.glyph, dilate: k.width, blur: k.blur}
			e := a.lookup(sk)
			fx.pending = fx.pending || e == pendingEntry
			fx.shadowEntries = append(fx.shadowEntries, e)
		}
	}
}

// drawQuads records one sprite per visible quad at box origin (ox, oy):
// with entries nil, the glyphs themselves in color (color glyphs keep their
// own colors and take only its alpha); else the effect bitmaps entries[i],
// tinted with color.
func (l *Label) drawQuads(v *scenegraph.View, m mgl32.Mat4, ox, oy float32, entries []int32, color render.Color) {
	la := &l.lay
	rs := &l.sprite
	for i := range la.quads {
		q := &la.quads[i]
		a := la.atlases[q.font]
		idx := q.entry
		if entries != nil {
			idx = entries[i]
		}
		if idx < 0 {
			continue // pending: not drawn (Render waits for whole labels)
		}
		e := &a.entries[idx]
		if e.w == 0 {
			continue
		}
		a.touch(e)
		rs.Color = color
		if e.color && entries == nil {
			rs.Color = render.White.WithAlpha(color.A())
		}
		gx := round32(q.x+ox) + float32(e.bx)
		gy := round32(q.y+oy) + float32(e.by)
		t := m
		t[12] = m[0]*gx + m[4]*gy + m[12]
		t[13] = m[1]*gx + m[5]*gy + m[13]
		t[14] = m[2]*gx + m[6]*gy + m[14]
		rs.Transform = t
		iw, ih := 1/float32(a.w), 1/float32(a.h)
		rs.Texture = a.tex
		rs.Size = mgl32.Vec2{float32(e.w), float32(e.h)}
		rs.UV = mgl32.Vec4{float32(e.x) * iw, float32(e.y) * ih, float32(e.x+e.w) * iw, float32(e.y+e.h) * ih}
		v.Frame.DrawSprite(rs)
	}
}

// effectMargin is how far, in local units, the outline and shadow may
// reach beyond the glyphs' ink, for culling.
func (l *Label) effectMargin() float32 {
	k := l.effectKey()
	var m float32
	if k.outline {
		m = float32(k.width) + 1
	}
	if k.shadow {
		off := float32(math.Hypot(float64(l.ShadowOffset[0]), float64(l.ShadowOffset[1])))
		if off < 1<<20 { // also NaN: no margin
			m += float32(k.blur) + off
		}
	}
	return m
}

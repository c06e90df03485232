package text

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// HAlign is the horizontal alignment of each line of a Label inside its box.
type HAlign uint8

// Horizontal alignments.
const (
	AlignLeft HAlign = iota
	AlignCenter
	AlignRight
)

// VAlign is the vertical alignment of a Label's block of lines inside its
// box; it matters only when Label.BoxHeight makes the box taller (or
// shorter) than the text.
type VAlign uint8

// Vertical alignments.
const (
	AlignTop VAlign = iota
	AlignMiddle
	AlignBottom
)

// DefaultFontSize is the pixel size of a Label whose FontSize is 0.
const DefaultFontSize = 16

// Label draws a line or a paragraph of text at its node, one alpha-blended
// sprite per visible glyph, all sharing one atlas texture so that a label
// draws in one call (see GlyphCache).
//
// Text is laid out in local units, one unit per pixel at scale 1, y up, in a
// box: as wide as the widest line (or WrapWidth when wrapping) and as tall as
// the lines (or BoxHeight). The box is placed so that Anchor (0..1 per axis,
// {0.5, 0.5} the center) sits at the node's origin, as for Sprite. Glyph
// positions are rounded to whole local units, so text at scale 1 on a whole
// pixel position is crisp.
//
// Text is shaped with HarfBuzz (go-text/typesetting): ligatures, marks,
// kerning (GPOS or kern), Arabic joining and Indic and Thai clusters come
// from the fonts' tables. Each paragraph takes its direction from its first
// strong character and is split into runs by script, bidi level and font;
// runs are ordered visually per line by the Unicode bidi algorithm. Lines
// break at Unicode (UAX #14) line break opportunities, which include the CJK
// rules (no break before a closing bracket or a small kana, breaks between
// ideographs), between Thai words (Thai has no spaces; see
// SystemThaiDictionary), and inside a word only when the word alone is
// wider.
//
// The layout is cached and redone only when a field it depends on changes
// (Text, Font, Fallback, Bold, Italic, FontSize, WrapWidth, LineHeight,
// BoxHeight, HAlign, VAlign, Overflow, Ellipsis, the scene's fallback);
// drawing an unchanged label allocates nothing. Runes no font of the chain
// has draw the first font's .notdef glyph; '\n' breaks lines and '\t'
// advances four spaces. Create one with NewLabel.
type Label struct {
	scenegraph.Component

	// Text is the UTF-8 text; invalid bytes draw as U+FFFD (or .notdef).
	Text string
	// Font is the font (nil: the Go font of the style Bold and Italic ask
	// for). It is the first of the label's chain: each character cluster is
	// drawn by the first font of Font, Fallback (or the scene's, see
	// UseFallback) and the Go fonts that has its glyph.
	Font *Font
	// Fallback is the chain of families tried after Font; nil means the
	// scene's (UseFallback), if any.
	Fallback *FontChain
	// Bold and Italic pick each family's face of that style (Cocos isBold,
	// isItalic); a family without it draws its nearest face. Font itself is
	// used as it is.
	Bold, Italic bool
	// FontSize is the em size in local units (pixels at scale 1); 0 means
	// DefaultFontSize. Glyphs are rasterized at the nearest whole pixel
	// size, at most 512, one atlas per size (a GlyphCache keeps a bounded
	// number per font): scale the node for larger or animated sizes.
	FontSize float32
	// Color tints the white glyphs (straight alpha).
	Color render.Color
	// HAlign aligns each line inside the box's width.
	HAlign HAlign
	// VAlign aligns the block of lines inside the box's height.
	VAlign VAlign
	// Anchor is the point of the box at the node's origin.
	Anchor mgl32.Vec2
	// WrapWidth > 0 breaks lines at spaces so that no line is wider, breaking
	// inside a word only when the word alone is wider; the box is then
	// WrapWidth wide. 0: lines break only at '\n'.
	WrapWidth float32
	// BoxHeight > 0 sets the box's height; the lines are placed in it by
	// VAlign, and may overflow it. 0: the box is as tall as the lines.
	BoxHeight float32
	// LineHeight is the line spacing as a multiple of the font's (ascent,
	// descent and line gap); 0 means 1.
	LineHeight float32
	// Overflow says what happens to text that does not fit the box
	// (WrapWidth × BoxHeight), as in Cocos: OverflowNone lets it overflow.
	Overflow Overflow
	// Ellipsis ends the last line drawn with "…" when OverflowClamp cuts text.
	Ellipsis bool
	// EnableOutline draws every glyph grown by OutlineWidth in OutlineColor
	// under the text (Cocos enableOutline, outlineColor, outlineWidth).
	// OutlineWidth is in pixels of the glyphs' rasterization, rounded, 1 to
	// 16; 0 means 2, Cocos' default.
	EnableOutline bool
	OutlineColor  render.Color
	OutlineWidth  float32
	// EnableShadow draws the text (with its outline) again in ShadowColor,
	// moved by ShadowOffset local units (y up) and blurred by ShadowBlur
	// pixels (rounded, 0 to 16; 0 is a hard shadow), under everything else
	// (Cocos enableShadow, shadowColor, shadowOffset, shadowBlur).
	EnableShadow bool
	ShadowColor  render.Color
	ShadowOffset mgl32.Vec2
	ShadowBlur   float32
	// SortLayer and Order sort before texture and depth, as for Sprite.
	SortLayer uint8
	Order     int16

	// BitmapFont, when set, draws the label with a BMFont instead of Font
	// and Fallback (Cocos: a Label whose font is a BitmapFont): FontSize
	// scales it from its Size (0: its own size), kerning pairs apply, and
	// Bold, Italic, Overflow, Ellipsis, outline and shadow are ignored (the
	// pages carry the font's look).
	BitmapFont *BitmapFont

	lay    labelLayout
	fx     labelEffects  // outline and shadow bitmaps (label_effects.go)
	bm     bitmapLayout  // the layout with BitmapFont
	sprite render.Sprite // scratch, so Render records without allocating
}

// NewLabel returns a label of text at size pixels in color, in the default
// font, centered on its node (Anchor {0.5, 0.5}, AlignCenter, AlignMiddle).
func NewLabel(text string, size float32, color render.Color) *Label {
	return &Label{Text: text, FontSize: size, Color: color, HAlign: AlignCenter, VAlign: AlignMiddle,
		Anchor: mgl32.Vec2{0.5, 0.5}}
}

// Size returns the laid-out box's size in local units, laying the text out
// first if a field it depends on changed.
func (l *Label) Size() mgl32.Vec2 {
	if l.BitmapFont != nil {
		return l.bitmapLayout().size
	}
	l.layout()
	return l.lay.size
}

// LineCount returns the number of laid-out lines (0 for empty text).
func (l *Label) LineCount() int {
	if l.BitmapFont != nil {
		return len(l.bitmapLayout().lines)
	}
	l.layout()
	return len(l.lay.lines)
}

// Render records one sprite per visible glyph if the camera can see the
// label's box. New glyphs are rasterized into the scene's GlyphCache and
// uploaded through v.Frame before its draws. Under the cache's
// RasterBudget a label whose text must be shaped, or whose glyphs are not
// all rasterized yet, records nothing until a later frame has them all.
func (l *Label) Render(v *scenegraph.View) {
	if l.BitmapFont != nil {
		l.renderBitmap(v)
		return
	}
	c := CacheOf(l.Node().Scene())
	c.beginDraw(v.Frame, l)
	if !l.layoutWithin(c) {
		return // shaping put off by the raster budget: drawn whole in a later frame
	}
	la := &l.lay
	if len(la.quads) == 0 {
		return
	}
	n := l.Node()
	m := n.WorldMatrix()
	ox, oy, center, visible := boxCull(v, &m, l.Anchor, la.size, la.cullMin, la.cullMax, l.effectMargin())
	if !visible {
		v.CountCulled()
		return
	}

	resolved := false
	if !la.resolved || !la.atlasesValid(c) {
		// A new layout, or an atlas or shelf was evicted or freed:
		// (re)rasterize.
		la.resolve(v.Frame, c)
		resolved = true
	} else if la.pending {
		la.resolvePending() // glyphs put off by the raster budget
	}
	l.fx.resolve(l, resolved) // outline and shadow bitmaps, before the atlases flush
	for _, a := range la.atlases {
		if a != nil {
			c.use(a)
			a.flush(v.Frame)
		}
	}
	if la.pending || l.fx.pending {
		// Some glyph is not rasterized yet (GlyphCache.RasterBudget): draw
		// the label whole in a later frame rather than with holes.
		c.endDraw(v.Frame)
		return
	}

	rs := &l.sprite
	rs.Pivot = mgl32.Vec2{}
	rs.Shader = 0
	rs.Blend = render.BlendAlpha
	rs.Layer = l.SortLayer
	rs.Order = l.Order
	rs.Depth = v.Depth(center) // one depth: the glyphs stay together and batch
	// Shadow, outline, then the glyphs: equal sort keys keep this order, and
	// all share the atlases, so they batch together.
	if l.fx.shadow {
		l.drawQuads(v, m, ox+l.ShadowOffset[0], oy+l.ShadowOffset[1], l.fx.shadowEntries, v.ApplyOpacity(l.ShadowColor))
	}
	if l.fx.outline {
		l.drawQuads(v, m, ox, oy, l.fx.outlineEntries, v.ApplyOpacity(l.OutlineColor))
	}
	l.drawQuads(v, m, ox, oy, nil, v.ApplyOpacity(l.Color)) // the node opacity (scenegraph.Node.SetOpacity)
	c.endDraw(v.Frame)
	v.CountRendered()
}

func round32(x float32) float32 { return float32(math.Floor(float64(x) + 0.5)) }

// boxCull is a Label's and a RichText's cull test: it reports whether v can
// see a text box of size, anchored at anchor on the node with world matrix
// m, whose ink lies within [cullMin, cullMax] of box coordinates (the box's
// top-left corner at the origin, y up) grown by margin (outlines, shadows).
// It also returns the box's top-left corner (ox, oy) in local coordinates
// and the ink's center in world space, which drawing goes on with.
func boxCull(v *scenegraph.View, m *mgl32.Mat4, anchor, size, cullMin, cullMax mgl32.Vec2, margin float32) (ox, oy float32, center mgl32.Vec3, visible bool) {
	// Box coordinates to local: the box's top-left corner is at (ox, oy).
	ox = -anchor[0] * size[0]
	oy = (1 - anchor[1]) * size[1]
	cx := ox + (cullMin[0]+cullMax[0])/2
	cy := oy + (cullMin[1]+cullMax[1])/2
	center = mgl32.Vec3{m[0]*cx + m[4]*cy + m[12], m[1]*cx + m[5]*cy + m[13], m[2]*cx + m[6]*cy + m[14]}
	ex, ey := cullMax[0]-cullMin[0], cullMax[1]-cullMin[1]
	sx := m[0]*m[0] + m[1]*m[1]
	sy := m[4]*m[4] + m[5]*m[5]
	r := (0.5*float32(math.Sqrt(float64(ex*ex+ey*ey))) + margin) * float32(math.Sqrt(float64(max(sx, sy))))
	return ox, oy, center, v.Visible(center, r)
}

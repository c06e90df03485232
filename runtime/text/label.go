package text

import (
	"math"
	"unicode"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
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
// The layout (line breaks, kerning, alignment) is cached and redone only
// when a field it depends on changes (Text, Font, FontSize, WrapWidth,
// LineHeight, BoxHeight, HAlign, VAlign); drawing an unchanged label
// allocates nothing. Runes the font lacks draw its .notdef glyph; '\n'
// breaks lines and '\t' advances four spaces. Create one with NewLabel.
type Label struct {
	scenegraph.Component

	// Text is the UTF-8 text; invalid bytes draw as U+FFFD (or .notdef).
	Text string
	// Font is the font (nil: DefaultFont, Go Regular).
	Font *Font
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
	// SortLayer and Order sort before texture and depth, as for Sprite.
	SortLayer uint8
	Order     int16

	lay    labelLayout
	sprite render.Sprite // scratch, so Render records without allocating
}

// NewLabel returns a label of text at size pixels in color, in the default
// font, centered on its node (Anchor {0.5, 0.5}, AlignCenter, AlignMiddle).
func NewLabel(text string, size float32, color render.Color) *Label {
	return &Label{Text: text, FontSize: size, Color: color, HAlign: AlignCenter, VAlign: AlignMiddle,
		Anchor: mgl32.Vec2{0.5, 0.5}}
}

// layoutKey is everything a layout depends on.
type layoutKey struct {
	text                        string
	font                        *Font
	px                          int
	wrap, lineHeight, boxHeight float32
	h                           HAlign
	v                           VAlign
}

// glyphQuad is one visible glyph of the layout.
type glyphQuad struct {
	fx    fixed.Int26_6 // pen x from the line's start, during layout
	x, y  float32       // pen position (on the baseline) in box coordinates: origin top-left, y up
	glyph sfnt.GlyphIndex
	entry int32 // index in the atlas's entries, once resolved
}

type lineInfo struct {
	end   int // index in quads after the line's last glyph
	width fixed.Int26_6
}

// labelLayout is a Label's cached layout; its slices are reused.
type labelLayout struct {
	valid   bool
	key     layoutKey
	layouts int // layouts done, for tests
	size    mgl32.Vec2
	// cullMin and cullMax bound the box and the text (with room for ink
	// beyond the line boxes), in box coordinates.
	cullMin, cullMax mgl32.Vec2
	quads            []glyphQuad
	lines            []lineInfo
	buf              sfnt.Buffer

	atlas    *glyphAtlas // the atlas the quads' entries point into
	resolved bool
}

func (l *Label) key() layoutKey {
	k := layoutKey{text: l.Text, font: l.Font, h: l.HAlign, v: l.VAlign, lineHeight: 1}
	if k.font == nil {
		k.font = DefaultFont()
	}
	size := l.FontSize
	if !(size > 0) { // also NaN
		size = DefaultFontSize
	}
	k.px = int(min(max(math.Round(float64(size)), 1), maxFontPixels))
	if w := l.WrapWidth; w > 0 && w < 1<<24 {
		k.wrap = w
	}
	if lh := l.LineHeight; lh > 0 && lh < 1<<10 {
		k.lineHeight = lh
	}
	if bh := l.BoxHeight; bh > 0 && bh < 1<<24 {
		k.boxHeight = bh
	}
	return k
}

// Size returns the laid-out box's size in local units, laying the text out
// first if a field it depends on changed.
func (l *Label) Size() mgl32.Vec2 {
	l.layout()
	return l.lay.size
}

// LineCount returns the number of laid-out lines (0 for empty text).
func (l *Label) LineCount() int {
	l.layout()
	return len(l.lay.lines)
}

// isBreakSpace reports whether r is white space a line may break after
// (not a no-break space).
func isBreakSpace(r rune) bool {
	switch r {
	case ' ', '\t':
		return true
	case 0xa0, 0x2007, 0x202f:
		return false
	}
	return r > 0x7f && unicode.IsSpace(r)
}

// layout recomputes the cached layout if its key changed.
func (l *Label) layout() {
	k := l.key()
	la := &l.lay
	if la.valid && la.key == k {
		return
	}
	la.valid, la.key, la.resolved = true, k, false
	la.layouts++
	sf, buf, ppem := k.font.sf, &la.buf, fixed.I(k.px)
	quads, lines := la.quads[:0], la.lines[:0]

	advance := func(g sfnt.GlyphIndex) fixed.Int26_6 {
		a, err := sf.GlyphAdvance(buf, g, ppem, fontHinting)
		if err != nil {
			return 0
		}
		return a
	}
	kern := func(a, b sfnt.GlyphIndex) fixed.Int26_6 {
		d, err := sf.Kern(buf, a, b, ppem, fontHinting)
		if err != nil {
			return 0
		}
		return d
	}
	spaceG, _ := sf.GlyphIndex(buf, ' ')
	spaceAdv := advance(spaceG)
	var wrap fixed.Int26_6
	if k.wrap > 0 {
		wrap = fixed.Int26_6(k.wrap * 64)
	}

	var (
		x         fixed.Int26_6 // pen, from the line's start
		prev      sfnt.GlyphIndex
		hasPrev   bool
		lineStart int           // first quad of the line
		inSpace   bool          // the pen is after white space
		spaceX    fixed.Int26_6 // x where the current run of spaces began
		hasWord   bool          // the line has a visible glyph before the pen
		breakAt   = -1          // first quad after the line's last break opportunity
		breakX    fixed.Int26_6 // its x
		breakW    fixed.Int26_6 // the line's width if it breaks there
	)
	lineWidth := func() fixed.Int26_6 {
		if inSpace {
			return spaceX
		}
		return x
	}
	if k.text != "" {
		for _, r := range k.text {
			if r == '\n' {
				lines = append(lines, lineInfo{end: len(quads), width: lineWidth()})
				x, hasPrev, inSpace, hasWord, breakAt, lineStart = 0, false, false, false, -1, len(quads)
				continue
			}
			if r == '\r' {
				continue
			}
			if isBreakSpace(r) {
				g, adv := spaceG, spaceAdv
				if r == '\t' {
					adv *= 4
				} else if r != ' ' {
					g, _ = sf.GlyphIndex(buf, r)
					adv = advance(g)
				}
				if !inSpace {
					spaceX, inSpace = x, true
				}
				if hasPrev {
					x += kern(prev, g)
				}
				x += adv
				prev, hasPrev = g, true
				if hasWord {
					breakAt, breakX, breakW = len(quads), x, spaceX
				}
				continue
			}
			g, err := sf.GlyphIndex(buf, r)
			if err != nil {
				g = 0
			}
			adv := advance(g)
			var kn fixed.Int26_6
			if hasPrev {
				kn = kern(prev, g)
			}
			for wrap > 0 && x+kn+adv > wrap {
				if breakAt >= 0 {
					// Move the word under way to a new line.
					lines = append(lines, lineInfo{end: breakAt, width: breakW})
					for i := breakAt; i < len(quads); i++ {
						quads[i].fx -= breakX
					}
					x -= breakX
					lineStart, breakAt = breakAt, -1
					if lineStart == len(quads) {
						kn = 0 // no kerning against the space left behind
					}
					continue
				}
				if len(quads) > lineStart {
					// The word alone is too wide: break inside it.
					lines = append(lines, lineInfo{end: len(quads), width: x})
					x, kn, lineStart, hasWord = 0, 0, len(quads), false
					continue
				}
				break // one glyph wider than the wrap width: it overflows
			}
			quads = append(quads, glyphQuad{fx: x + kn, glyph: g})
			x += kn + adv
			prev, hasPrev, inSpace, hasWord = g, true, false, true
		}
		lines = append(lines, lineInfo{end: len(quads), width: lineWidth()})
	}
	la.quads, la.lines = quads, lines
	l.place(ppem)
}

// place aligns the laid-out lines in the box and computes its size.
func (l *Label) place(ppem fixed.Int26_6) {
	la := &l.lay
	k := &la.key
	m, err := k.font.sf.Metrics(&la.buf, ppem, fontHinting)
	if err != nil {
		m.Ascent, m.Descent, m.Height = ppem, 0, ppem
	}
	ascent, descent := f26(m.Ascent), f26(m.Descent)
	base := f26(m.Height)
	if base < ascent+descent {
		base = ascent + descent
	}
	lineH := base * k.lineHeight
	var maxW float32
	for _, ln := range la.lines {
		maxW = max(maxW, f26(ln.width))
	}
	w := maxW
	if k.wrap > 0 {
		w = max(k.wrap, maxW)
	}
	textH := float32(len(la.lines)) * lineH
	h := textH
	if k.boxHeight > 0 {
		h = k.boxHeight
	}
	var top float32 // y of the text block's top in box coordinates
	switch k.v {
	case AlignMiddle:
		top = -(h - textH) / 2
	case AlignBottom:
		top = -(h - textH)
	}
	start := 0
	for i, ln := range la.lines {
		var dx float32
		switch k.h {
		case AlignCenter:
			dx = (w - f26(ln.width)) / 2
		case AlignRight:
			dx = w - f26(ln.width)
		}
		baseline := top - float32(i)*lineH - (lineH-ascent-descent)/2 - ascent
		for j := start; j < ln.end; j++ {
			q := &la.quads[j]
			q.x, q.y = f26(q.fx)+dx, baseline
		}
		start = ln.end
	}
	la.size = mgl32.Vec2{w, h}
	// Ink may reach beyond the line boxes (accents, descenders, tight
	// LineHeight): leave half an em around the box and the text.
	pad := float32(k.px) / 2
	la.cullMin = mgl32.Vec2{-pad, min(-h, top-textH) - pad}
	la.cullMax = mgl32.Vec2{w + pad, max(0, top) + pad}
}

// Render records one sprite per visible glyph if the camera can see the
// label's box. New glyphs are rasterized into the scene's GlyphCache and
// uploaded through v.Frame before its draws.
func (l *Label) Render(v *scenegraph.View) {
	l.layout()
	la := &l.lay
	if len(la.quads) == 0 {
		return
	}
	n := l.Node()
	m := n.WorldMatrix()
	// Box coordinates to local: the box's top-left corner is at (ox, oy).
	ox := -l.Anchor[0] * la.size[0]
	oy := (1 - l.Anchor[1]) * la.size[1]
	cx := ox + (la.cullMin[0]+la.cullMax[0])/2
	cy := oy + (la.cullMin[1]+la.cullMax[1])/2
	center := mgl32.Vec3{m[0]*cx + m[4]*cy + m[12], m[1]*cx + m[5]*cy + m[13], m[2]*cx + m[6]*cy + m[14]}
	ex, ey := la.cullMax[0]-la.cullMin[0], la.cullMax[1]-la.cullMin[1]
	sx := m[0]*m[0] + m[1]*m[1]
	sy := m[4]*m[4] + m[5]*m[5]
	if r := 0.5 * float32(math.Sqrt(float64((ex*ex+ey*ey)*max(sx, sy)))); !v.Visible(center, r) {
		v.CountCulled()
		return
	}

	c := CacheOf(n.Scene())
	c.beginDraw(v.Frame)
	a := la.atlas
	if !la.resolved || a == nil || a.released || a.cache != c {
		// A new layout, or the atlas was evicted or freed: (re)rasterize.
		a = c.atlas(v.Frame, la.key.font, la.key.px)
		for i := range la.quads {
			la.quads[i].entry = a.lookup(la.quads[i].glyph)
		}
		la.atlas, la.resolved = a, true
	}
	c.use(a)
	a.flush(v.Frame)

	rs := &l.sprite
	rs.Pivot = mgl32.Vec2{}
	rs.Color = l.Color
	rs.Texture = a.tex
	rs.Shader = 0
	rs.Blend = render.BlendAlpha
	rs.Layer = l.SortLayer
	rs.Order = l.Order
	rs.Depth = v.Depth(center) // one depth: the glyphs stay together and batch
	iw, ih := 1/float32(a.w), 1/float32(a.h)
	for i := range la.quads {
		q := &la.quads[i]
		e := &a.entries[q.entry]
		if e.w == 0 {
			continue
		}
		gx := round32(q.x+ox) + float32(e.bx)
		gy := round32(q.y+oy) + float32(e.by)
		t := m
		t[12] = m[0]*gx + m[4]*gy + m[12]
		t[13] = m[1]*gx + m[5]*gy + m[13]
		t[14] = m[2]*gx + m[6]*gy + m[14]
		rs.Transform = t
		rs.Size = mgl32.Vec2{float32(e.w), float32(e.h)}
		rs.UV = mgl32.Vec4{float32(e.x) * iw, float32(e.y) * ih, float32(e.x+e.w) * iw, float32(e.y+e.h) * ih}
		v.Frame.DrawSprite(rs)
	}
	c.endDraw(v.Frame)
	v.CountRendered()
}

func round32(x float32) float32 { return float32(math.Floor(float64(x) + 0.5)) }

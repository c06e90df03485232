package text

import (
	"math"
	"time"
	"unicode"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// Overflow says what a Label does with text that does not fit its box, as
// Cocos Creator's Label.Overflow. The box is WrapWidth wide (when set) and
// BoxHeight tall (when set).
type Overflow uint8

// Overflow modes.
const (
	// OverflowNone lays the text out at FontSize and lets it overflow the
	// box (Cocos NONE).
	OverflowNone Overflow = iota
	// OverflowClamp draws only the lines that fit in BoxHeight (at least
	// one); with Ellipsis the last line drawn ends in "…" when text was cut
	// (Cocos CLAMP, which clips at pixels instead).
	OverflowClamp
	// OverflowShrink lays the text out at the largest whole pixel size up to
	// FontSize at which it fits the box: no more lines than BoxHeight holds
	// and no word broken across lines (Cocos SHRINK).
	OverflowShrink
	// OverflowResizeHeight makes the box exactly as tall as the lines,
	// whatever BoxHeight says (Cocos RESIZE_HEIGHT).
	OverflowResizeHeight
)

// maxChain bounds the fonts of a label's chain (indices are bytes).
const maxChain = 64

// ellipsisRune is what Ellipsis appends to a clamped line.
const ellipsisRune = '…'

// layoutKey is everything a layout depends on.
type layoutKey struct {
	text                        string
	font                        *Font
	fallback                    *FontChain
	bold, italic                bool
	px                          int
	wrap, lineHeight, boxHeight float32
	h                           HAlign
	v                           VAlign
	overflow                    Overflow
	ellipsis                    bool
}

// glyphQuad is one glyph of the layout.
type glyphQuad struct {
	fx, fy fixed.Int26_6 // pen x from the line's start and y offset (up), during layout
	x, y   float32       // pen position (on the baseline) in box coordinates: origin top-left, y up
	glyph  font.GID
	font   uint8 // index in labelLayout.fonts
	entry  int32 // index in the atlas's entries, once resolved
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
	fonts            []*Font // the chain the quads' font indices point into
	px               int     // pixel size laid out (below key.px when shrunk)
	truncated        bool    // Clamp cut text
	// The primary font's ascent, descent (down) and line height at px.
	ascent, descent, lineH float32

	atlases  []*glyphAtlas // per font of the chain: the atlas the quads' entries point into
	gens     []uint32      // per atlas: its generation when the entries were looked up
	resolved bool
	pending  bool    // some quad's glyph was put off (pendingEntry): the label waits
	own      *shaper // shaping state of a label outside a scene
}

func (l *Label) key() layoutKey {
	k := layoutKey{text: l.Text, font: l.Font, fallback: l.Fallback, bold: l.Bold, italic: l.Italic,
		h: l.HAlign, v: l.VAlign, lineHeight: 1, overflow: l.Overflow, ellipsis: l.Ellipsis}
	if k.fallback == nil {
		if n := l.Node(); n != nil {
			if s := n.Scene(); s != nil {
				k.fallback = FallbackOf(s)
			}
		}
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
	if k.overflow > OverflowResizeHeight {
		k.overflow = OverflowNone
	}
	return k
}

// shaper returns the shaping state to lay out with: the scene's cache's,
// or the label's own outside a scene.
func (l *Label) shaper() *shaper {
	if n := l.Node(); n != nil {
		if s := n.Scene(); s != nil {
			return CacheOf(s).shaper()
		}
	}
	if l.lay.own == nil {
		l.lay.own = newShaper()
	}
	return l.lay.own
}

// chain fills la.fonts: the label's font (or the Go face of its style),
// then its fallback chain's faces of that style, then the Go fonts, each
// once.
func (la *labelLayout) chain(k *layoutKey) {
	fonts := la.fonts[:0]
	add := func(f *Font) {
		if f == nil || len(fonts) >= maxChain {
			return
		}
		for _, x := range fonts {
			if x == f {
				return
			}
		}
		fonts = append(fonts, f)
	}
	if k.font != nil {
		add(k.font)
	} else {
		add(DefaultFamily().Face(k.bold, k.italic))
	}
	if c := k.fallback; c != nil {
		for _, fam := range c.families {
			add(fam.Face(k.bold, k.italic))
		}
	}
	add(DefaultFamily().Face(k.bold, k.italic))
	la.fonts = fonts
}

// layoutWithin lays the label out, as layout does, unless that means
// shaping (no finished layout of its key is cached) and c's raster budget
// for this frame is spent: then it reports false, and the label waits for a
// later frame. Shaping a new text (HarfBuzz and its glyph extents) costs as
// much as rasterizing it, so it counts against the budget too.
func (l *Label) layoutWithin(c *GlyphCache) bool {
	la := &l.lay
	if c.RasterBudget <= 0 {
		l.layout()
		return true
	}
	k := l.key()
	if la.valid && la.key == k {
		return true
	}
	if _, cached := l.shaper().layouts[k]; !cached {
		if c.overBudget() {
			c.deferred++
			return false
		}
		t0 := time.Now()
		l.layout()
		c.spent += time.Since(t0)
		c.rastered++ // progress: a frame always shapes or rasterizes something
		return true
	}
	l.layout()
	return true
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
	la.chain(&k)
	sh := l.shaper()
	sh.fm.fonts = la.fonts
	sh.fm.faces = sh.fm.faces[:0]
	for _, f := range la.fonts {
		sh.fm.faces = append(sh.fm.faces, sh.face(f))
	}
	if sh.lookup(&k, la) {
		la.place()
		return
	}
	if k.overflow == OverflowShrink && (k.boxHeight > 0 || k.wrap > 0) {
		// The largest size that fits: sizes that fit form a prefix.
		if !la.layoutAt(sh, k.px, true) {
			lo, hi := 1, k.px-1
			for lo < hi {
				mid := (lo + hi + 1) / 2
				if la.layoutAt(sh, mid, true) {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			la.layoutAt(sh, lo, true)
		}
	} else {
		la.layoutAt(sh, k.px, false)
	}
	sh.store(&k, la)
	la.place()
}

// vmetrics returns the primary font's ascent, descent (positive down) and
// line height at px pixels.
func (la *labelLayout) vmetrics(sh *shaper, px int) (ascent, descent, lineH float32) {
	f := la.fonts[0]
	ext, ok := sh.face(f).FontHExtents()
	scale := float32(px) / float32(f.ft.Upem())
	if !ok {
		return float32(px), 0, float32(px) * la.key.lineHeight
	}
	// Rounded to 1/64 pixel as x/image's sfnt does, so that line spacing
	// stays what it was before shaping moved to go-text.
	q := func(v float32) float32 { return float32(math.Round(float64(v*scale*64))) / 64 }
	ascent, descent = q(ext.Ascender), q(-ext.Descender)
	base := max(ascent+descent+q(ext.LineGap), ascent+descent)
	return ascent, descent, base * la.key.lineHeight
}

// layoutAt shapes and breaks the text at px pixels into la.quads and
// la.lines. With shrink it never breaks inside a word and reports whether
// the result fits the box; otherwise it reports true.
func (la *labelLayout) layoutAt(sh *shaper, px int, shrink bool) bool {
	k := &la.key
	la.px, la.truncated = px, false
	quads, lines := la.quads[:0], la.lines[:0]
	maxLines := 0
	la.ascent, la.descent, la.lineH = la.vmetrics(sh, px)
	lineH := la.lineH
	if k.overflow == OverflowClamp && k.boxHeight > 0 {
		maxLines = max(1, int(k.boxHeight/lineH))
	}
	maxW := fixed.Int26_6(math.MaxInt32)
	if k.wrap > 0 {
		maxW = fixed.Int26_6(k.wrap * 64)
	}
	policy := shaping.WhenNecessary
	if shrink {
		policy = shaping.Never
	}
	fits := true
	for start := 0; k.text != ""; {
		para, last := k.text[start:], true
		if i, n := paragraphBreak(para); i >= 0 {
			para, last = para[:i], false
			start += i + n
		}
		if maxLines > 0 && len(lines) >= maxLines {
			la.truncated = true
			break
		}
		sh.runes = sh.runes[:0]
		for _, r := range para {
			switch r {
			case '\r':
			case '\t':
				sh.runes = append(sh.runes, ' ', ' ', ' ', ' ')
			default:
				sh.runes = append(sh.runes, r)
			}
		}
		if out, _ := sh.thaiBr.insertBreaks(sh.thai, sh.runes); len(out) != len(sh.runes) {
			// Breaks between Thai words (thai.go); the scratch is copied
			// back, as sh.runes is reused for the next paragraph.
			sh.runes = append(sh.runes[:0], out...)
		}
		if len(sh.runes) == 0 {
			lines = append(lines, lineInfo{end: len(quads)})
		} else {
			dir := baseDirection(sh.runes)
			sh.shapeParagraph(px, dir)
			cfg := shaping.WrapConfig{Direction: dir, BreakPolicy: policy}
			if maxLines > 0 {
				// The wrapper cuts the paragraph at the lines left and, as
				// more paragraphs follow, ends a paragraph filling them with
				// the ellipsis.
				cfg.TruncateAfterLines = maxLines - len(lines)
				cfg.TextContinues = !last
				if k.ellipsis {
					cfg.Truncator = sh.shapeTruncator(px, dir)
				}
			}
			wrapped, cut := sh.wrap.WrapParagraphF(cfg, maxW, sh.runes, shaping.NewSliceIterator(sh.outs))
			if cut > 0 {
				la.truncated = true
			}
			for _, line := range wrapped {
				var x, inkStart, inkEnd fixed.Int26_6
				first, hasInk := len(quads), false
				// Runs in visual order (bidi): VisualIndex 0 is leftmost.
				for vi := range len(line) {
					for ri := range line {
						run := &line[ri]
						if int(run.VisualIndex) != vi {
							continue
						}
						fi := uint8(sh.fm.index(run.Face))
						for gi := range run.Glyphs {
							g := &run.Glyphs[gi]
							// Shaping with extents: a glyph without ink (a
							// space) gets no quad.
							if g.Width != 0 || g.Height != 0 {
								quads = append(quads, glyphQuad{fx: x + g.XOffset, fy: g.YOffset, glyph: g.GlyphID, font: fi})
							}
							if ti := g.TextIndex(); ti < 0 || ti >= len(sh.runes) || !isBreakSpace(sh.runes[ti]) {
								if !hasInk {
									inkStart, hasInk = x, true
								}
								inkEnd = x + g.Advance
							}
							x += g.Advance
						}
					}
				}
				// Trailing break spaces take no width (the wrapper trims
				// it on wrapped lines, not on one that fits whole): at the
				// right of a left-to-right line, at the left of a
				// right-to-left one.
				if dir == di.DirectionRTL {
					for j := first; j < len(quads); j++ {
						quads[j].fx -= inkStart
					}
					x -= inkStart
				} else {
					x = inkEnd
				}
				if !hasInk {
					x = 0
				}
				if k.wrap > 0 && x > maxW {
					fits = false
				}
				lines = append(lines, lineInfo{end: len(quads), width: x})
			}
		}
		if last {
			break
		}
	}
	la.quads, la.lines = quads, lines
	if k.boxHeight > 0 && float32(len(lines))*lineH > k.boxHeight+0.01 {
		fits = false
	}
	return fits
}

// isBreakSpace reports whether r is white space a line may break after
// (not a no-break space): such space at a line's end takes no width.
func isBreakSpace(r rune) bool {
	switch r {
	case ' ', '\t':
		return true
	case 0xa0, 0x2007, 0x202f:
		return false
	}
	return r > 0x7f && unicode.IsSpace(r)
}

// paragraphBreak returns the byte index and length of the first paragraph
// separator in s ('\n', and the other characters of bidi class B: U+001C to
// U+001E, U+0085, U+2029), or -1. Each starts a new line: the shaper's
// segmenter would end the paragraph at any of them and drop it, leaving its
// runs short of the text.
func paragraphBreak(s string) (i, n int) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n' || c >= 0x1c && c <= 0x1e:
			return i, 1
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x85:
			return i, 2
		case c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && s[i+2] == 0xa9:
			return i, 3
		}
	}
	return -1, 0
}

// shapeTruncator shapes the ellipsis in the chain.
func (sh *shaper) shapeTruncator(px int, dir di.Direction) shaping.Output {
	sh.fm.last = -1
	sh.ell[0] = ellipsisRune
	face := sh.fm.ResolveFace(ellipsisRune)
	return sh.hb.Shape(shaping.Input{Text: sh.ell[:], RunStart: 0, RunEnd: 1, Direction: dir, Face: face, Size: fixed.I(px)})
}

// place aligns the laid-out lines in the box and computes its size.
func (la *labelLayout) place() {
	k := &la.key
	px := la.px
	ascent, descent, lineH := la.ascent, la.descent, la.lineH
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
	if k.boxHeight > 0 && k.overflow != OverflowResizeHeight {
		h = k.boxHeight
	}
	top := blockTop(k.v, h, textH) // y of the text block's top in box coordinates
	start := 0
	for i, ln := range la.lines {
		dx := lineShift(k.h, w, f26(ln.width))
		baseline := top - float32(i)*lineH - (lineH-ascent-descent)/2 - ascent
		for j := start; j < ln.end; j++ {
			q := &la.quads[j]
			q.x, q.y = f26(q.fx)+dx, baseline+f26(q.fy)
		}
		start = ln.end
	}
	la.size = mgl32.Vec2{w, h}
	// Ink may reach beyond the line boxes (accents, descenders, tight
	// LineHeight): leave half an em around the box and the text.
	pad := float32(px) / 2
	la.cullMin = mgl32.Vec2{-pad, min(-h, top-textH) - pad}
	la.cullMax = mgl32.Vec2{w + pad, max(0, top) + pad}
}

func f26(v fixed.Int26_6) float32 { return float32(v) / 64 }

// blockTop returns the y of a text block's top in box coordinates (the
// box's top at 0, y up) for a block textH tall in a box h tall.
func blockTop(v VAlign, h, textH float32) float32 {
	switch v {
	case AlignMiddle:
		return -(h - textH) / 2
	case AlignBottom:
		return -(h - textH)
	}
	return 0
}

// lineShift returns how far right a line lineW wide starts in a box w wide.
func lineShift(a HAlign, w, lineW float32) float32 {
	switch a {
	case AlignCenter:
		return (w - lineW) / 2
	case AlignRight:
		return w - lineW
	}
	return 0
}

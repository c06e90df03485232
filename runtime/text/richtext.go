package text

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/math/fixed"
)

// RichText draws markup with several styles in one block, as Cocos
// Creator's RichText: colors, sizes, bold, italic, underline, outline,
// line breaks, inline images and clickable runs (see ParseRichText for the
// tags). It lays out with the same shaper as Label: each paragraph is
// ordered by the Unicode bidi algorithm as a whole, across style runs, and
// wraps at UAX #14 opportunities at MaxWidth across style runs; each line
// is as tall as its tallest run (or LineHeight).
//
// Glyphs are drawn from the scene's GlyphCache like a Label's (one atlas
// per font and pixel size, so each size used is one more draw call);
// outlines are Label's outline bitmaps (each glyph grown by the width),
// drawn before the text from the same atlas and batch;
// underlines and images are sprites. Clicks are not read here (text sits
// below the ui package): HitTest maps a point to the handler of the
// clickable run under it, for the caller (a ui pointer listener) to act on.
//
// The layout is redone only when a field it depends on changes, so drawing
// an unchanged RichText allocates nothing. Markup that does not parse is
// drawn as plain text, and Err says why. Create one with NewRichText.
type RichText struct {
	scenegraph.Component

	// String is the markup (Cocos: string).
	String string
	// Font is the regular font (nil: the Go fonts); Fallback the chain after
	// it (nil: the scene's). [b] and [i] pick each family's face of that
	// style; a given Font is used as it is.
	Font     *Font
	Fallback *FontChain
	// FontSize is the size of text outside [size] tags (0: DefaultFontSize).
	FontSize float32
	// Color is the color of text outside [color] tags; it also tints images
	// and is multiplied by the node's opacity.
	Color render.Color
	// MaxWidth > 0 wraps lines at that width and makes the box that wide
	// (Cocos maxWidth); 0: lines break only at [br/] and '\n'.
	MaxWidth float32
	// LineHeight > 0 is the distance between lines in pixels (Cocos
	// lineHeight); 0: each line is as tall as its tallest run.
	LineHeight float32
	// HAlign aligns each line in the box (Cocos horizontalAlign).
	HAlign HAlign
	// Anchor is the point of the box at the node's origin.
	Anchor mgl32.Vec2
	// Images are the sprite frames [img src=name/] shows, by name (Cocos
	// imageAtlas). An image without width and height takes its frame's
	// Size; sizes are read when the layout is made, textures when drawing.
	Images map[string]scenegraph.SpriteFrame
	// SortLayer and Order sort before texture and depth, as for Sprite.
	SortLayer uint8
	Order     int16

	lay    richLayout
	sprite render.Sprite
}

// NewRichText returns a rich text of markup at size pixels in color,
// centered on its node (Anchor {0.5, 0.5}, AlignCenter).
func NewRichText(markup string, size float32, color render.Color) *RichText {
	return &RichText{String: markup, FontSize: size, Color: color, HAlign: AlignCenter, Anchor: mgl32.Vec2{0.5, 0.5}}
}

// Size returns the laid-out box's size in local units.
func (r *RichText) Size() mgl32.Vec2 {
	r.layout()
	return r.lay.size
}

// LineCount returns the number of laid-out lines.
func (r *RichText) LineCount() int {
	r.layout()
	return r.lay.lineCount
}

// Err returns the markup error of String, or nil; with an error the markup
// is drawn as plain text.
func (r *RichText) Err() error {
	r.layout()
	return r.lay.err
}

// HitTest returns the click handler of the clickable run ([on click=...]
// or an image's click) under p, in the node's local coordinates (as
// ui.Rect and Node.ToLocal give them), and whether there is one. Each
// clickable run is hit in its glyphs' extent on each line it covers,
// from the line's top to its bottom.
func (r *RichText) HitTest(p mgl32.Vec2) (handler string, ok bool) {
	r.layout()
	la := &r.lay
	ox := -r.Anchor[0] * la.size[0]
	oy := (1 - r.Anchor[1]) * la.size[1]
	x, y := p[0]-ox, p[1]-oy
	for i := len(la.hits) - 1; i >= 0; i-- {
		h := &la.hits[i]
		if x >= h.x0 && x < h.x1 && y >= h.y0 && y < h.y1 {
			return la.spans[h.span].Style.Click, true
		}
	}
	return "", false
}

// richKey is everything a RichText layout depends on.
type richKey struct {
	markup          string
	font            *Font
	fallback        *FontChain
	px              int
	maxWidth, lineH float32
	h               HAlign
}

// richQuad is a glyph or image of the layout, pen position on the
// baseline in box coordinates (origin top-left, y up).
type richQuad struct {
	fx, x, y float32
	fy       fixed.Int26_6
	glyph    font.GID
	font     uint8 // index in richLayout.fonts
	px       int16
	span     int32 // index in spans
	atlas    int32 // index in richLayout.atlases, once resolved
	entry    int32
	outline  int32   // the outline bitmap's entry (label_effects' dilated glyph), -2: none, pendingEntry: put off
	w, h     float32 // an image's size (span.Image set)
}

// richRect is an underline or a hit rectangle of one span on one line,
// in box coordinates (x0 < x1, y0 < y1).
type richRect struct {
	x0, y0, x1, y1 float32
	span           int32
}

type richAtlasKey struct {
	font uint8
	px   int16
}

type richLine struct {
	end, rectEnd, hitEnd int
	width                float32
	ascent, descent      float32
}

type richLayout struct {
	valid   bool
	key     richKey
	layouts int
	err     error
	spans   []RichSpan
	runes   []rune
	spanOf  []int32 // per rune, its span
	spanTmp []int32 // scratch for spanOf
	quads   []richQuad
	unders  []richRect
	hits    []richRect
	lines   []richLine
	fonts   []*Font
	styleFm [4]fontmap // per bold<<1|italic: the chain
	outs    []shaping.Output
	inputs  []shaping.Input

	lineCount        int
	size             mgl32.Vec2
	cullMin, cullMax mgl32.Vec2

	atlasKeys []richAtlasKey
	atlases   []*glyphAtlas
	gens      []uint32 // per atlas: its generation when the entries were looked up
	resolved  bool
	pending   bool // some glyph was put off (pendingEntry): the text waits
	own       *shaper
	images    map[string]scenegraph.SpriteFrame // the RichText's Images, for layout and drawing
}

func (r *RichText) key() richKey {
	k := richKey{markup: r.String, font: r.Font, fallback: r.Fallback, h: r.HAlign}
	if k.fallback == nil {
		if n := r.Node(); n != nil && n.Scene() != nil {
			k.fallback = FallbackOf(n.Scene())
		}
	}
	size := r.FontSize
	if !(size > 0) {
		size = DefaultFontSize
	}
	k.px = int(min(max(math.Round(float64(size)), 1), maxFontPixels))
	if w := r.MaxWidth; w > 0 && w < 1<<24 {
		k.maxWidth = w
	}
	if lh := r.LineHeight; lh > 0 && lh < 1<<16 {
		k.lineH = lh
	}
	return k
}

func (r *RichText) shaper() *shaper {
	if n := r.Node(); n != nil && n.Scene() != nil {
		return CacheOf(n.Scene()).shaper()
	}
	if r.lay.own == nil {
		r.lay.own = newShaper()
	}
	return r.lay.own
}

// fontIndex returns f's index in la.fonts, adding it.
func (la *richLayout) fontIndex(f *Font) int {
	for i, x := range la.fonts {
		if x == f {
			return i
		}
	}
	la.fonts = append(la.fonts, f)
	return len(la.fonts) - 1
}

// chains fills the four style fontmaps: the label's font (or the Go face
// of the style), the fallback's faces of the style, the Go face.
func (la *richLayout) chains(k *richKey, sh *shaper) {
	la.fonts = la.fonts[:0]
	for st := range la.styleFm {
		bold, italic := st&2 != 0, st&1 != 0
		fm := &la.styleFm[st]
		fm.fonts, fm.faces = fm.fonts[:0], fm.faces[:0]
		add := func(f *Font) {
			if f == nil || len(fm.fonts) >= maxChain/4 {
				return
			}
			for _, x := range fm.fonts {
				if x == f {
					return
				}
			}
			fm.fonts = append(fm.fonts, f)
			fm.faces = append(fm.faces, sh.face(f))
			la.fontIndex(f)
		}
		if k.font != nil {
			add(k.font)
		} else {
			add(DefaultFamily().Face(bold, italic))
		}
		if c := k.fallback; c != nil {
			for _, fam := range c.families {
				add(fam.Face(bold, italic))
			}
		}
		add(DefaultFamily().Face(bold, italic))
	}
}

func styleIndex(s *RichStyle) int {
	i := 0
	if s.Bold {
		i |= 2
	}
	if s.Italic {
		i |= 1
	}
	return i
}

// spanPx returns a span's pixel size.
func (la *richLayout) spanPx(s *RichSpan) int {
	if s.Style.Size > 0 {
		return int(min(max(math.Round(float64(s.Style.Size)), 1), maxFontPixels))
	}
	return la.key.px
}

// faceFont returns the Font of go-text face fc among the chains.
func (la *richLayout) faceFont(fc *font.Face) int {
	for st := range la.styleFm {
		fm := &la.styleFm[st]
		for i, x := range fm.faces {
			if x == fc {
				return la.fontIndex(fm.fonts[i])
			}
		}
	}
	return 0
}

func (r *RichText) layout() {
	k := r.key()
	la := &r.lay
	la.images = r.Images
	if la.valid && la.key == k {
		return
	}
	la.valid, la.key, la.resolved = true, k, false
	la.layouts++
	sh := r.shaper()
	if sh.lookupRich(&k, r.Images, la) {
		return
	}
	spans, err := ParseRichText(k.markup)
	la.err = err
	if err != nil {
		spans = []RichSpan{{Text: k.markup}}
	}
	la.spans = spans
	la.chains(&k, sh)
	// Flatten: one rune per character, images as U+FFFC.
	la.runes, la.spanOf = la.runes[:0], la.spanOf[:0]
	for si := range spans {
		sp := &spans[si]
		if sp.Image != "" {
			la.runes = append(la.runes, 0xfffc)
			la.spanOf = append(la.spanOf, int32(si))
			continue
		}
		for _, c := range sp.Text {
			switch c {
			case '\r':
				continue
			case '\t':
				c = ' '
			case 0x1c, 0x1d, 0x1e, 0x85, 0x2029:
				// Bidi paragraph separators (class B): the segmenter ends
				// the paragraph there and drops them, so they are breaks.
				c = '\n'
			}
			la.runes = append(la.runes, c)
			la.spanOf = append(la.spanOf, int32(si))
		}
	}
	if out, from := sh.thaiBr.insertBreaks(sh.thai, la.runes); from != nil {
		// Breaks between Thai words (thai.go): each inserted space takes
		// the span of the rune before it.
		la.spanTmp = la.spanTmp[:0]
		for _, i := range from {
			la.spanTmp = append(la.spanTmp, la.spanOf[i])
		}
		la.runes = append(la.runes[:0], out...)
		la.spanOf, la.spanTmp = la.spanTmp, la.spanOf
	}
	la.quads, la.unders, la.hits, la.lines = la.quads[:0], la.unders[:0], la.hits[:0], la.lines[:0]
	maxW := fixed.Int26_6(math.MaxInt32)
	if k.maxWidth > 0 {
		maxW = fixed.Int26_6(k.maxWidth * 64)
	}
	for start := 0; start <= len(la.runes); {
		end := start
		for end < len(la.runes) && la.runes[end] != '\n' {
			end++
		}
		la.paragraph(sh, start, end, maxW)
		start = end + 1
	}
	la.place()
	sh.storeRich(&k, r.Images, la)
}

// paragraph lays out runes [start, end) (no '\n') into lines.
func (la *richLayout) paragraph(sh *shaper, start, end int, maxW fixed.Int26_6) {
	para := la.runes[start:end]
	spanOf := la.spanOf[start:end]
	if len(para) == 0 {
		asc, desc, _ := la.metrics(sh, int(la.key.px), 0)
		la.lines = append(la.lines, richLine{end: len(la.quads), rectEnd: len(la.unders), hitEnd: len(la.hits), ascent: asc, descent: desc})
		return
	}
	dir := baseDirection(para)
	// Bidi and script over the whole paragraph, with the regular chain
	// (the faces are chosen again per style below).
	fm0 := &la.styleFm[0]
	fm0.last = -1
	split := sh.seg.Split(shaping.Input{Text: para, RunStart: 0, RunEnd: len(para), Direction: dir, Size: fixed.I(la.key.px)}, fm0)
	la.inputs = append(la.inputs[:0], split...)
	la.outs = la.outs[:0]
	for _, in := range la.inputs {
		// Cut at span changes and at face changes within the span's chain.
		for i := in.RunStart; i < in.RunEnd; {
			si := spanOf[i]
			sp := &la.spans[si]
			px := la.spanPx(sp)
			if sp.Image != "" {
				la.outs = append(la.outs, la.imageRun(sh, sp, i, in.Direction, px))
				i++
				continue
			}
			fm := &la.styleFm[styleIndex(&sp.Style)]
			fm.last = -1
			face := fm.ResolveFace(para[i])
			j := i + 1
			for j < in.RunEnd && spanOf[j] == si {
				if fm.ResolveFace(para[j]) != face {
					break
				}
				j++
			}
			run := in
			run.RunStart, run.RunEnd, run.Face, run.Size = i, j, face, fixed.I(px)
			la.outs = append(la.outs, sh.hb.Shape(run))
			i = j
		}
	}
	cfg := shaping.WrapConfig{Direction: dir, BreakPolicy: shaping.WhenNecessary}
	wrapped, _ := sh.wrap.WrapParagraphF(cfg, maxW, para, shaping.NewSliceIterator(la.outs))
	for _, line := range wrapped {
		la.line(sh, line, para, spanOf, dir)
	}
}

// imageRun is the shaped run of one inline image: one glyph as wide as
// the image, standing on the baseline.
func (la *richLayout) imageRun(sh *shaper, sp *RichSpan, i int, dir di.Direction, px int) shaping.Output {
	w, h := la.imageSize(sp)
	adv := fixed.Int26_6(w * 64)
	g := shaping.Glyph{Width: adv, Height: -fixed.Int26_6(h * 64), YBearing: fixed.Int26_6(h * 64), Advance: adv, XAdvance: adv,
		ClusterIndex: i, RuneCount: 1, GlyphCount: 1}
	out := shaping.Output{Advance: adv, Size: fixed.I(px), Glyphs: []shaping.Glyph{g}, Direction: dir,
		Runes: shaping.Range{Offset: i, Count: 1}, Face: la.styleFm[0].faces[0]}
	out.LineBounds = shaping.Bounds{Ascent: fixed.Int26_6(h * 64)}
	out.GlyphBounds = out.LineBounds
	return out
}

// imageSize returns an image span's size: its attributes, else its frame's.
func (la *richLayout) imageSize(sp *RichSpan) (w, h float32) {
	w, h = sp.ImageWidth, sp.ImageHeight
	if w == 0 || h == 0 {
		fr := la.frame(sp.Image)
		switch {
		case w == 0 && h == 0:
			w, h = fr.Size[0], fr.Size[1]
		case w == 0 && fr.Size[1] > 0:
			w = h * fr.Size[0] / fr.Size[1]
		case h == 0 && fr.Size[0] > 0:
			h = w * fr.Size[1] / fr.Size[0]
		}
	}
	return w, h
}

// frame is set by the RichText before layout (its Images).
func (la *richLayout) frame(name string) scenegraph.SpriteFrame {
	if la.images == nil {
		return scenegraph.SpriteFrame{}
	}
	return la.images[name]
}

// metrics returns the regular font's ascent, descent (down) and line gap at px.
func (la *richLayout) metrics(sh *shaper, px int, st int) (ascent, descent, gap float32) {
	f := la.styleFm[st].fonts[0]
	ext, ok := sh.face(f).FontHExtents()
	if !ok {
		return float32(px), 0, 0
	}
	scale := float32(px) / float32(f.ft.Upem())
	return ext.Ascender * scale, -ext.Descender * scale, ext.LineGap * scale
}

// line adds one wrapped line: its glyphs in visual order, its underline
// and hit rectangles (relative to the line's start and baseline until
// place), its width and its tallest run's ascent and descent.
func (la *richLayout) line(sh *shaper, line shaping.Line, para []rune, spanOf []int32, dir di.Direction) {
	var x, inkStart, inkEnd fixed.Int26_6
	first, hasInk := len(la.quads), false
	var asc, desc float32
	firstU, firstH := len(la.unders), len(la.hits)
	lastU, lastH := int32(-1), int32(-1)
	for vi := range len(line) {
		for ri := range line {
			run := &line[ri]
			if int(run.VisualIndex) != vi {
				continue
			}
			asc = max(asc, f26(run.LineBounds.Ascent))
			desc = max(desc, -f26(run.LineBounds.Descent))
			fi := uint8(la.faceFont(run.Face))
			for gi := range run.Glyphs {
				g := &run.Glyphs[gi]
				ti := g.TextIndex()
				if ti < 0 || ti >= len(para) {
					x += g.Advance
					continue
				}
				si := spanOf[ti]
				sp := &la.spans[si]
				q := richQuad{fx: f26(x + g.XOffset), fy: g.YOffset, glyph: g.GlyphID, font: fi, px: int16(run.Size.Round()), span: si}
				if sp.Image != "" {
					q.w, q.h = la.imageSize(sp)
					la.quads = append(la.quads, q)
				} else if g.Width != 0 || g.Height != 0 {
					la.quads = append(la.quads, q)
				}
				x0, x1 := f26(x), f26(x+g.Advance)
				if sp.Style.Underline && sp.Image == "" {
					if lastU >= 0 && la.unders[len(la.unders)-1].span == si && la.unders[len(la.unders)-1].x1 == x0 {
						la.unders[len(la.unders)-1].x1 = x1
					} else {
						la.unders = append(la.unders, richRect{x0: x0, x1: x1, y0: float32(run.Size.Round()), span: si})
						lastU = si
					}
				}
				if sp.Style.Click != "" {
					if lastH >= 0 && la.spans[la.hits[len(la.hits)-1].span].Style.Click == sp.Style.Click && la.hits[len(la.hits)-1].x1 == x0 {
						la.hits[len(la.hits)-1].x1 = x1
					} else {
						la.hits = append(la.hits, richRect{x0: x0, x1: x1, span: si})
						lastH = si
					}
				}
				if !isBreakSpace(para[ti]) {
					if !hasInk {
						inkStart, hasInk = x, true
					}
					inkEnd = x + g.Advance
				}
				x += g.Advance
			}
		}
	}
	if dir == di.DirectionRTL {
		s := f26(inkStart)
		for j := first; j < len(la.quads); j++ {
			la.quads[j].fx -= s
		}
		for j := firstU; j < len(la.unders); j++ {
			la.unders[j].x0 -= s
			la.unders[j].x1 -= s
		}
		for j := firstH; j < len(la.hits); j++ {
			la.hits[j].x0 -= s
			la.hits[j].x1 -= s
		}
		x -= inkStart
	} else {
		x = inkEnd
	}
	if !hasInk {
		x = 0
	}
	if asc == 0 && desc == 0 {
		asc, desc, _ = la.metrics(sh, la.key.px, 0)
	}
	la.lines = append(la.lines, richLine{end: len(la.quads), rectEnd: len(la.unders), hitEnd: len(la.hits), width: f26(x), ascent: asc, descent: desc})
}

// place aligns the lines in the box, moves quads and rectangles to box
// coordinates and computes the box.
func (la *richLayout) place() {
	k := &la.key
	var maxW float32
	for _, ln := range la.lines {
		maxW = max(maxW, ln.width)
	}
	w := maxW
	if k.maxWidth > 0 {
		w = max(k.maxWidth, maxW)
	}
	var y float32 // top of the current line, y up
	q0, u0, h0 := 0, 0, 0
	for _, ln := range la.lines {
		lh := ln.ascent + ln.descent
		if k.lineH > 0 {
			lh = k.lineH
		}
		dx := lineShift(k.h, w, ln.width)
		baseline := y - (lh-ln.ascent-ln.descent)/2 - ln.ascent
		for j := q0; j < ln.end; j++ {
			q := &la.quads[j]
			q.x, q.y = q.fx+dx, baseline+f26(q.fy)
		}
		for j := u0; j < ln.rectEnd; j++ {
			u := &la.unders[j]
			px := u.y0 // the run's pixel size, set in line
			th := max(1, float32(math.Round(float64(px)/14)))
			u.x0, u.x1 = u.x0+dx, u.x1+dx
			u.y1 = baseline - float32(math.Round(float64(px)/10))
			u.y0 = u.y1 - th
		}
		for j := h0; j < ln.hitEnd; j++ {
			h := &la.hits[j]
			h.x0, h.x1 = h.x0+dx, h.x1+dx
			h.y0, h.y1 = y-lh, y
		}
		q0, u0, h0 = ln.end, ln.rectEnd, ln.hitEnd
		y -= lh
	}
	la.lineCount = len(la.lines)
	la.size = mgl32.Vec2{w, -y}
	pad := float32(k.px)
	for i := range la.spans {
		pad = max(pad, float32(la.spanPx(&la.spans[i])))
	}
	pad = pad/2 + 16
	la.cullMin = mgl32.Vec2{-pad, y - pad}
	la.cullMax = mgl32.Vec2{w + pad, pad}
}

// resolve finds each glyph quad's atlas entry, rasterizing on first use.
func (la *richLayout) resolve(fr *render.Frame, c *GlyphCache) {
	clear(la.atlases)
	la.atlases, la.atlasKeys = la.atlases[:0], la.atlasKeys[:0]
	for i := range la.quads {
		q := &la.quads[i]
		if la.spans[q.span].Image != "" {
			continue
		}
		key := richAtlasKey{q.font, q.px}
		ai := -1
		for j, x := range la.atlasKeys {
			if x == key {
				ai = j
				break
			}
		}
		if ai < 0 {
			la.atlasKeys = append(la.atlasKeys, key)
			la.atlases = append(la.atlases, c.atlas(fr, la.fonts[q.font], int(q.px)))
			ai = len(la.atlases) - 1
		}
		q.atlas = int32(ai)
		q.entry, q.outline = pendingEntry, pendingEntry
	}
	la.resolved = true
	la.resolvePending()
}

// resolvePending looks up the entries of the quads still pending: all of
// them after resolve, then those the raster budget put off; it touches the
// others, so that a text waiting for room keeps the glyphs it has.
func (la *richLayout) resolvePending() {
	la.pending = false
	for i := range la.quads {
		q := &la.quads[i]
		if la.spans[q.span].Image != "" {
			continue
		}
		a := la.atlases[q.atlas]
		if q.entry == pendingEntry {
			q.entry = a.lookup(glyphKey{g: q.glyph})
		} else {
			a.touch(&a.entries[q.entry]) // keep what it has while it waits
		}
		if q.outline >= 0 {
			a.touch(&a.entries[q.outline])
		}
		if q.outline == pendingEntry {
			q.outline = -2 // none
			if w := la.spans[q.span].Style.OutlineWidth; w > 0 {
				// The Label's outline bitmap: the glyph grown by w pixels.
				q.outline = a.lookup(glyphKey{g: q.glyph, dilate: uint8(min(max(math.Round(float64(w)), 1), maxEffectPixels))})
			}
		}
		la.pending = la.pending || q.entry == pendingEntry || q.outline == pendingEntry
	}
	la.gens = la.gens[:0]
	for _, a := range la.atlases {
		la.gens = append(la.gens, a.gen)
	}
}

func (la *richLayout) atlasesValid(c *GlyphCache) bool {
	for i, a := range la.atlases {
		if a.released || a.cache != c || a.gen != la.gens[i] {
			return false
		}
	}
	return true
}

// Render records the outlines, glyphs, underlines and images if the
// camera can see the box.
func (r *RichText) Render(v *scenegraph.View) {
	c := CacheOf(r.Node().Scene())
	c.beginDraw(v.Frame, r)
	if !r.layoutWithin(c) {
		return // shaping put off by the raster budget: drawn whole in a later frame
	}
	la := &r.lay
	if len(la.quads) == 0 && len(la.unders) == 0 {
		return
	}
	n := r.Node()
	m := n.WorldMatrix()
	ox, oy, center, visible := boxCull(v, &m, r.Anchor, la.size, la.cullMin, la.cullMax, 0)
	if !visible {
		v.CountCulled()
		return
	}
	if !la.resolved || !la.atlasesValid(c) {
		la.resolve(v.Frame, c)
	} else if la.pending {
		la.resolvePending() // glyphs put off by the raster budget
	}
	for _, a := range la.atlases {
		c.use(a)
		a.flush(v.Frame)
	}
	if la.pending {
		// Some glyph is not rasterized yet (GlyphCache.RasterBudget): draw
		// the text whole in a later frame rather than with holes.
		c.endDraw(v.Frame)
		return
	}
	rs := &r.sprite
	rs.Pivot = mgl32.Vec2{}
	rs.Shader = 0
	rs.Blend = render.BlendAlpha
	rs.Layer = r.SortLayer
	rs.Order = r.Order
	rs.Depth = v.Depth(center)
	put := func(x, y, w, h float32) {
		t := m
		t[12] = m[0]*x + m[4]*y + m[12]
		t[13] = m[1]*x + m[5]*y + m[13]
		t[14] = m[2]*x + m[6]*y + m[14]
		rs.Transform = t
		rs.Size = mgl32.Vec2{w, h}
		v.Frame.DrawSprite(rs)
	}
	glyph := func(q *richQuad, entry int32) {
		a := la.atlases[q.atlas]
		e := &a.entries[entry]
		if e.w == 0 {
			return
		}
		a.touch(e)
		if e.color && entry == q.entry {
			rs.Color = render.White.WithAlpha(rs.Color.A()) // a color glyph keeps its colors
		}
		iw, ih := 1/float32(a.w), 1/float32(a.h)
		rs.Texture = a.tex
		rs.UV = mgl32.Vec4{float32(e.x) * iw, float32(e.y) * ih, float32(e.x+e.w) * iw, float32(e.y+e.h) * ih}
		put(round32(q.x+ox)+float32(e.bx), round32(q.y+oy)+float32(e.by), float32(e.w), float32(e.h))
	}
	// Outlines first, so that the text covers their inner part: equal
	// sort keys keep this order, and they share the glyphs' atlases.
	for i := range la.quads {
		q := &la.quads[i]
		if la.spans[q.span].Image != "" || q.outline < 0 { // none
			continue
		}
		rs.Color = v.ApplyOpacity(la.spans[q.span].Style.OutlineColor)
		glyph(q, q.outline)
	}
	for i := range la.quads {
		q := &la.quads[i]
		sp := &la.spans[q.span]
		if sp.Image != "" {
			fr := la.frame(sp.Image)
			rs.Color = v.ApplyOpacity(r.Color)
			rs.Texture, rs.UV = fr.Texture, fr.UV
			put(round32(q.x+ox), round32(q.y+oy), q.w, q.h)
			continue
		}
		rs.Color = v.ApplyOpacity(r.spanColor(&sp.Style))
		glyph(q, q.entry)
	}
	for i := range la.unders {
		u := &la.unders[i]
		rs.Color = v.ApplyOpacity(r.spanColor(&la.spans[u.span].Style))
		rs.Texture, rs.UV = 0, mgl32.Vec4{}
		put(round32(u.x0+ox), round32(u.y0+oy), round32(u.x1-u.x0), u.y1-u.y0)
	}
	c.endDraw(v.Frame)
	v.CountRendered()
}

func (r *RichText) spanColor(s *RichStyle) render.Color {
	if s.HasColor {
		return s.Color
	}
	return r.Color
}

package text

import (
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/bidi"
	"unicode"
)

// shaper is the state Labels shape with: go-text's HarfBuzz shaper, its
// segmenter (bidi, script, face) and line wrapper, and one go-text Face per
// Font (faces cache glyph lookups and are not safe for concurrent use, so
// every shaper, used on one goroutine, has its own). A GlyphCache owns one
// for its scenes' Labels; a Label laid out outside a scene has its own.
type shaper struct {
	hb    shaping.HarfbuzzShaper
	seg   shaping.Segmenter
	wrap  shaping.LineWrapper
	faces map[*Font]*font.Face
	fm    fontmap
	runes []rune
	outs  []shaping.Output
	ell   [1]rune // the ellipsis, as shaping input

	// Thai word breaking: the dictionary (the system's, nil if none is
	// installed) and its scratch.
	thai   *ThaiDictionary
	thaiBr thaiBreaker

	// Finished layouts by key, so that a label going back to a text it had
	// (a blinking caret, a counter cycling through values, a prewarmed
	// text) lays out without shaping and without allocating: go-text's
	// shaper and wrapper allocate on every call. At most layoutCacheSize
	// are kept, the oldest replaced first; a replaced entry's slices are
	// reused.
	layouts map[layoutKey]*cachedLayout
	ring    []layoutKey
	next    int
	// The same for RichTexts (rich_cache.go).
	rich     map[richKey]*richCached
	richRing []richKey
	richNext int
}

// layoutCacheSize bounds a shaper's cache of finished layouts.
const layoutCacheSize = 512

// cachedLayout is what layoutAt computed for a key.
type cachedLayout struct {
	quads                  []glyphQuad
	lines                  []lineInfo
	px                     int
	truncated              bool
	ascent, descent, lineH float32
}

// lookup copies the cached layout of k into la and reports whether there
// was one.
func (s *shaper) lookup(k *layoutKey, la *labelLayout) bool {
	c := s.layouts[*k]
	if c == nil {
		return false
	}
	la.quads = append(la.quads[:0], c.quads...)
	la.lines = append(la.lines[:0], c.lines...)
	la.px, la.truncated = c.px, c.truncated
	la.ascent, la.descent, la.lineH = c.ascent, c.descent, c.lineH
	return true
}

// store keeps a copy of la's layout under k, replacing the oldest entry
// when the cache is full.
func (s *shaper) store(k *layoutKey, la *labelLayout) {
	if s.layouts == nil {
		s.layouts = make(map[layoutKey]*cachedLayout)
	}
	var c *cachedLayout
	if len(s.ring) < layoutCacheSize {
		c = &cachedLayout{}
		s.ring = append(s.ring, *k)
	} else {
		old := s.ring[s.next]
		c = s.layouts[old]
		delete(s.layouts, old)
		s.ring[s.next] = *k
		s.next = (s.next + 1) % layoutCacheSize
	}
	c.quads = append(c.quads[:0], la.quads...)
	c.lines = append(c.lines[:0], la.lines...)
	c.px, c.truncated = la.px, la.truncated
	c.ascent, c.descent, c.lineH = la.ascent, la.descent, la.lineH
	s.layouts[*k] = c
}

func newShaper() *shaper {
	return &shaper{faces: make(map[*Font]*font.Face), thai: defaultThai()}
}

// face returns the shaper's go-text face of f.
func (s *shaper) face(f *Font) *font.Face {
	fc := s.faces[f]
	if fc == nil {
		fc = font.NewFace(f.ft)
		s.faces[f] = fc
	}
	return fc
}

// forget drops the face of f (its font was released) and the cached
// layouts, which may hold glyphs of it.
func (s *shaper) forget(f *Font) {
	delete(s.faces, f)
	clear(s.layouts)
	clear(s.ring)
	s.ring, s.next = s.ring[:0], 0
	s.forgetRich()
}

// fontmap picks, for the segmenter, the first font of a chain that has a
// rune; a combining mark stays in the font of its base when that font has
// it, so a cluster is drawn by one font.
type fontmap struct {
	fonts []*Font
	faces []*font.Face
	last  int
}

func (m *fontmap) ResolveFace(r rune) *font.Face {
	if r == 0x200b && m.last >= 0 && m.last < len(m.faces) {
		// A zero width space (a break between Thai words, thai.go) stays in
		// the run around it: HarfBuzz hides it in any font.
		return m.faces[m.last]
	}
	joins := unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) || r == 0x200d || (r >= 0xfe00 && r <= 0xfe0f)
	if joins && m.last >= 0 && m.last < len(m.fonts) && m.fonts[m.last].Has(r) {
		return m.faces[m.last]
	}
	for i, f := range m.fonts {
		if f.Has(r) && (!f.emoji || emojiRune(r)) {
			m.last = i
			return m.faces[i]
		}
	}
	m.last = 0
	return m.faces[0] // nobody has it: the primary font's .notdef
}

// index returns the chain index of face fc.
func (m *fontmap) index(fc *font.Face) int {
	for i, x := range m.faces {
		if x == fc {
			return i
		}
	}
	return 0
}

// baseDirection returns a paragraph's direction by its first strong
// character (rules P2 and P3 of the Unicode bidi algorithm): right to left
// if it is Hebrew, Arabic or another RTL letter, else left to right.
func baseDirection(text []rune) di.Direction {
	for _, r := range text {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			return di.DirectionLTR
		case bidi.R, bidi.AL:
			return di.DirectionRTL
		}
	}
	return di.DirectionLTR
}

// shapeParagraph shapes s.runes (one paragraph, no '\n') in the chain set in
// s.fm at px pixels, into s.outs, in logical order.
func (s *shaper) shapeParagraph(px int, dir di.Direction) {
	s.outs = s.outs[:0]
	if len(s.runes) == 0 {
		return
	}
	s.fm.last = -1
	in := shaping.Input{Text: s.runes, RunStart: 0, RunEnd: len(s.runes), Direction: dir, Size: fixed.I(px)}
	for _, run := range s.seg.Split(in, &s.fm) {
		s.shapeRun(run) // color_glyph.go: keeps spaces out of emoji fonts
	}
}

package text

import (
	"image"
	"image/draw"
	"math"
	"time"
	"weak"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/tact-engine/tact/render"
	"golang.org/x/image/vector"
)

const (
	// atlasInitialSize and atlasMaxSize bound an atlas texture's side.
	atlasInitialSize = 512
	atlasMaxSize     = 4096
	// glyphPadding is the empty border kept around every glyph, so that
	// bilinear sampling never reads a neighbor.
	glyphPadding = 2
	// maxFontPixels bounds the pixel size glyphs are rasterized at; larger
	// text is drawn at this size (scale the node for bigger text).
	maxFontPixels = 512
	// preloadMaxPixels: atlases up to this pixel size rasterize printable
	// ASCII when they are created, so typical text costs one upload.
	preloadMaxPixels = 64
)

// DefaultMaxAtlasesPerFont is the per-font atlas bound of a GlyphCache whose
// MaxAtlasesPerFont is 0.
const DefaultMaxAtlasesPerFont = 8

// GlyphCache keeps glyph atlases: one RGBA8 texture per font and pixel size,
// with white glyphs whose coverage is in alpha, packed on shelves; color
// glyphs (the PNG bitmaps of CBDT and sbix fonts such as Noto Color Emoji,
// scaled to the pixel size) keep their colors in the same texture, and a
// Label's outline and shadow bitmaps (coverage grown or blurred) sit next
// to its glyphs, so a label with effects still draws in one call. Glyphs are
// rasterized on first use and uploaded through the frame being recorded (the
// new rectangles only); a full atlas grows by doubling, re-uploading
// everything into a new texture and deleting the old one through the frame
// (after its draws, so glyphs recorded earlier in that frame still sample
// it). Atlases stop growing at 4096×4096; a glyph that does not fit then
// draws nothing.
//
// Atlases are bounded per font: when a Label needs a new pixel size of a
// font that already has MaxAtlasesPerFont atlases here, the cache first
// evicts that font's least recently used atlases that no Label drew with in
// the frame being recorded or the one before (labels drawn later in this
// frame are then not made to rasterize again), so a label animating its
// FontSize keeps at most MaxAtlasesPerFont atlases of its font alive; more
// are kept only while more sizes of the font than that are drawn in two
// consecutive frames, and the next new size evicts the surplus. Evicting an
// atlas deletes its texture through the frame (after the frame's draws) and
// drops its pixels; a Label whose atlas was evicted rasterizes its glyphs
// again the next time it draws, and draws the same. The cache tells frames
// apart by the *render.Frame and its recording position, so it needs no
// per-frame call.
//
// Within an atlas, glyphs are evicted too: when an atlas is at its largest
// size and a new glyph finds no room, the least recently drawn shelf (a row
// of glyphs of similar height) that no Label drew from in the frame being
// recorded or the one before is cleared and reused. Labels whose glyphs were
// on it notice (the atlas's generation changed) and look their glyphs up
// again before they next draw, rasterizing the evicted ones again, so they
// never draw a wrong glyph. A glyph that finds no room even then (every
// shelf is in use) is tried again in the next frame; its label waits.
//
// RasterBudget spreads the rasterizing of many new glyphs (a screen of CJK
// text) over frames: see its doc. Prewarm rasterizes known texts at once,
// outside the budget.
//
// Atlases otherwise live until they are freed: Forget frees one font's,
// [Font.Release] a font's in every cache, Release all of them. A cache a
// scene made for itself keeps its textures until the renderer closes, so
// games share one (the runtime's Game does).
//
// The textures belong to one renderer's handle space: use a GlyphCache only
// with frames of one Renderer (or one render.NewFrame), and free its atlases
// through a frame of that renderer. It is used on the main thread during
// extraction and is not safe for concurrent use. The zero value is an empty
// cache, like NewGlyphCache's.
type GlyphCache struct {
	// MaxAtlasesPerFont bounds the atlases (pixel sizes) the cache keeps per
	// font; 0 means DefaultMaxAtlasesPerFont, and 1 counts as 2 (the atlases
	// of the current and previous frames are kept). Lowering it takes effect
	// when a font next needs a new atlas.
	MaxAtlasesPerFont int

	// RasterBudget bounds the time a frame spends shaping new texts (of
	// Labels and RichTexts; a text whose layout is cached costs nothing)
	// and rasterizing new glyph bitmaps (glyphs, outlines, shadows); 0
	// means no bound. Once a frame has spent it, that work is put off to a
	// later frame, and a Label or RichText waiting for it draws nothing
	// until its text is shaped and all of its glyphs are in (it appears
	// whole, never with holes or placeholder boxes); a frame always makes
	// at least one step, so every label appears in time. Labels get their
	// turn in the order they draw. Prewarm, Size and LineCount are not
	// bounded by it.
	RasterBudget time.Duration

	atlases      []*glyphAtlas
	rgba         []byte // scratch: RGBA8 expansion of an upload
	rast         vector.Rasterizer
	glyphScratch         // bitmaps of the glyph being rasterized (color_glyph.go, effects.go)
	shape        *shaper // shaping state and go-text faces of the scenes' Labels

	// This frame's rasterizing: time spent, bitmaps made and put off;
	// unbudgeted during Prewarm.
	spent              time.Duration
	rastered, deferred int
	unbudgeted         bool
	maxSide            int // largest atlas side; 0: atlasMaxSize (tests lower it)

	// Recency: tick counts atlas uses; an atlas whose lastUse is after
	// frameStart was drawn with in the frame being recorded, after
	// prevStart in that frame or the one before.
	tick, frameStart, prevStart uint64
	// Where the last label drew: its frame, that frame's number and
	// recording position, and the label. Within one recording passes, items
	// and resource commands only grow, so a different frame, number, or an
	// earlier position is a new frame; so is the same label at the same
	// position (it draws once per pass: a label waiting for its glyphs
	// records nothing, and is often the only one).
	markFrame                      weak.Pointer[render.Frame]
	markNumber                     uint64
	markPasses, markItems, markRes int
	markOwner                      any
}

// NewGlyphCache returns an empty cache; it creates no texture until a Label
// draws through it.
func NewGlyphCache() *GlyphCache { return &GlyphCache{} }

// Deferred returns how many glyph bitmaps the frame being recorded (the
// last one recorded, between frames) asked for and RasterBudget put off to
// a later frame; 0 means every label drawn so far in it is complete. A
// bitmap asked for by several labels counts once per label.
func (c *GlyphCache) Deferred() int { return c.deferred }

// side returns the largest atlas side of the cache.
func (c *GlyphCache) side() int {
	if c.maxSide > 0 {
		return c.maxSide
	}
	return atlasMaxSize
}

// overBudget reports whether this frame has spent RasterBudget.
func (c *GlyphCache) overBudget() bool {
	return !c.unbudgeted && c.RasterBudget > 0 && c.rastered > 0 && c.spent >= c.RasterBudget
}

// shaper returns the cache's shaping state, made on first use.
func (c *GlyphCache) shaper() *shaper {
	if c.shape == nil {
		c.shape = newShaper()
	}
	return c.shape
}

// Textures returns the number of atlas textures the cache holds (one per font
// and pixel size that has been drawn and not freed or evicted).
func (c *GlyphCache) Textures() int {
	n := 0
	for _, a := range c.atlases {
		if a.tex != 0 {
			n++
		}
	}
	return n
}

// Atlases returns the number of atlases (pixel sizes) the cache holds for
// font, or for every font if font is nil.
func (c *GlyphCache) Atlases(font *Font) int {
	n := 0
	for _, a := range c.atlases {
		if font == nil || a.font == font {
			n++
		}
	}
	return n
}

// Release records a DeleteTexture in f for every atlas texture and empties
// the cache, dropping the atlases' pixels. Labels that drew through it
// rasterize and upload their glyphs again the next time they draw.
func (c *GlyphCache) Release(f *render.Frame) {
	for _, a := range c.atlases {
		font := a.font
		c.free(f, a)
		font.forgetCache(c)
	}
	clear(c.atlases)
	c.atlases = c.atlases[:0]
}

// Forget frees every atlas of font in the cache: it records a DeleteTexture
// in f for each atlas texture (run after f's draws, so glyphs recorded
// earlier in f still draw), drops the atlases' pixels and removes them, so
// that the cache no longer references font. It returns the number of
// atlases freed. A Label still drawing with font rasterizes its glyphs again
// (a new atlas) the next time it draws. f must belong to the renderer the
// cache draws for.
func (c *GlyphCache) Forget(f *render.Frame, font *Font) int {
	n := 0
	for i := 0; i < len(c.atlases); {
		if a := c.atlases[i]; a.font == font {
			c.free(f, a)
			c.removeAt(i)
			n++
			continue
		}
		i++
	}
	if font != nil {
		font.forgetCache(c)
		if c.shape != nil {
			c.shape.forget(font)
		}
	}
	return n
}

// free deletes a's texture through f and drops its memory; Labels holding a
// see released and look their atlas up again.
func (c *GlyphCache) free(f *render.Frame, a *glyphAtlas) {
	if a.tex != 0 {
		f.DeleteTexture(a.tex)
	}
	a.released = true
	a.tex = 0
	a.font = nil
	a.pix, a.img, a.entries, a.index, a.shelves, a.col = nil, image.Alpha{}, nil, nil, nil, nil
	a.dirty, a.resized = image.Rectangle{}, false
}

// removeAt removes c.atlases[i] (order is not kept).
func (c *GlyphCache) removeAt(i int) {
	last := len(c.atlases) - 1
	c.atlases[i] = c.atlases[last]
	c.atlases[last] = nil
	c.atlases = c.atlases[:last]
}

func (c *GlyphCache) maxPerFont() int {
	if c.MaxAtlasesPerFont > 0 {
		return max(c.MaxAtlasesPerFont, 2)
	}
	return DefaultMaxAtlasesPerFont
}

// beginDraw is called before a Label or RichText (owner; nil for Prewarm)
// draws into f: it notices a new frame (see markFrame), which makes every
// atlas unused in the current frame and renews the raster budget.
func (c *GlyphCache) beginDraw(f *render.Frame, owner any) {
	np, ni, nr := len(f.Passes()), len(f.Items()), len(f.Resources())
	samePos := np == c.markPasses && ni == c.markItems
	if c.markFrame.Value() != f || f.Number() != c.markNumber ||
		np < c.markPasses || (np == c.markPasses && ni < c.markItems) ||
		(samePos && (nr < c.markRes || (owner != nil && owner == c.markOwner))) {
		// tick moves past frameStart, so that whatever is used in this
		// frame has a lastUse after it, even before an atlas's first use.
		c.prevStart, c.frameStart = c.frameStart, c.tick
		c.tick++
		c.spent, c.rastered, c.deferred = 0, 0, 0
		if c.markFrame.Value() != f {
			c.markFrame = weak.Make(f)
		}
	}
	c.markNumber, c.markPasses, c.markItems, c.markRes = f.Number(), np, ni, nr
	if owner != nil {
		c.markOwner = owner
	}
}

// endDraw is called after a Label drew into f: it moves the mark past the
// label's items, so that the next recording of f, which draws the label
// again at an earlier position, reads as a new frame.
func (c *GlyphCache) endDraw(f *render.Frame) {
	c.markPasses, c.markItems, c.markRes = len(f.Passes()), len(f.Items()), len(f.Resources())
}

// use marks a as drawn with in the current frame.
func (c *GlyphCache) use(a *glyphAtlas) {
	c.tick++
	a.lastUse = c.tick
}

// evict frees the least recently used atlases of font not drawn with in the
// current or previous frame until fewer than the bound remain (or none of
// the rest can go).
func (c *GlyphCache) evict(f *render.Frame, font *Font) {
	limit := c.maxPerFont()
	for {
		n, victim := 0, -1
		for i, a := range c.atlases {
			if a.font != font {
				continue
			}
			n++
			if a.lastUse <= c.prevStart && (victim < 0 || a.lastUse < c.atlases[victim].lastUse) {
				victim = i
			}
		}
		if n < limit || victim < 0 {
			return
		}
		c.free(f, c.atlases[victim])
		c.removeAt(victim)
	}
}

// glyphEntry is one rasterized glyph: its rectangle in the atlas (w == 0:
// nothing to draw, as for a space) and the offset of the bitmap's
// bottom-left corner from the pen position, y up. A color entry holds its
// own colors (a color emoji) and is drawn untinted; the others are white
// coverage, tinted by the label.
type glyphEntry struct {
	x, y, w, h int32
	bx, by     int32
	shelf      int32 // index in the atlas's shelves; -1: none (empty, or evicted)
	key        glyphKey
	color      bool
}

// pendingEntry is the entry index of a glyph put off to a later frame
// (RasterBudget, or no room in its atlas yet); it draws nothing, and the
// label holding it waits.
const pendingEntry = -1

// glyphKey names one bitmap of an atlas: a glyph, plain or grown by
// dilate pixels (an outline) and blurred by a radius of blur pixels (a
// shadow). Effect bitmaps are coverage only, tinted when drawn.
type glyphKey struct {
	g      font.GID
	dilate uint8
	blur   uint8
}

// shelf is a row of the atlas: glyphs up to h texels tall, filled up to x;
// texels [dx0, dx1) of it are not uploaded yet. lastUse is the cache tick
// at which a glyph on it was last drawn or looked up.
type shelf struct {
	y, h, x, dx0, dx1 int
	lastUse           uint64
}

// glyphAtlas is one font at one pixel size. Entries are never moved, so an
// entry index stays valid across growth; an evicted shelf's entries are
// freed (their slots reused) and gen counts evictions, so that a layout
// holding entry indices from an older generation looks them up again.
type glyphAtlas struct {
	cache    *GlyphCache
	font     *Font // nil once released
	px       int
	released bool
	lastUse  uint64 // cache tick of the last draw with it

	tex     render.TextureID
	w, h    int
	img     image.Alpha // CPU copy of the coverage, w×h
	pix     []byte      // img.Pix
	col     []byte      // straight RGBA of color glyphs, w×h×4; nil until the first one
	shelves []shelf
	bottom  int // y where the next shelf opens
	index   map[glyphKey]int32
	entries []glyphEntry
	free    []int32         // entry slots of evicted glyphs, reused
	gen     uint32          // evictions so far
	dirty   image.Rectangle // bounds of what is not uploaded yet; the shelves say which parts
	resized bool            // grew since tex was created
}

// atlas returns the atlas of font f at px pixels, creating it (without a
// texture yet) on first use, after evicting f's least recently used atlases
// (their deletes recorded in fr) if f is at the bound.
func (c *GlyphCache) atlas(fr *render.Frame, f *Font, px int) *glyphAtlas {
	for _, a := range c.atlases {
		if a.font == f && a.px == px {
			return a
		}
	}
	c.evict(fr, f)
	a := &glyphAtlas{cache: c, font: f, px: px, index: make(map[glyphKey]int32)}
	side := min(atlasInitialSize, c.side())
	a.setSize(side, side)
	a.bottom = glyphPadding
	c.atlases = append(c.atlases, a)
	f.addCache(c)
	if px <= preloadMaxPixels {
		face := c.shaper().face(f)
		for r := rune(0x20); r < 0x7f; r++ {
			if g, ok := face.NominalGlyph(r); ok {
				a.lookup(glyphKey{g: g})
			}
		}
	}
	return a
}

func (a *glyphAtlas) setSize(w, h int) {
	pix := make([]byte, w*h)
	for y := 0; y < a.h; y++ {
		copy(pix[y*w:y*w+a.w], a.pix[y*a.w:(y+1)*a.w])
	}
	if a.col != nil {
		col := make([]byte, w*h*4)
		for y := 0; y < a.h; y++ {
			copy(col[y*w*4:(y*w+a.w)*4], a.col[y*a.w*4:(y+1)*a.w*4])
		}
		a.col = col
	}
	a.w, a.h, a.pix = w, h, pix
	a.img = image.Alpha{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h)}
}

// lookup returns the entry index of bitmap k (a glyph, plain or an effect
// of one), rasterizing it on first use, and marks its shelf used in this
// frame. A glyph that cannot be loaded, or that is larger than the largest
// atlas, gets an empty entry: it draws nothing. It returns pendingEntry
// when the frame's RasterBudget is spent, or when the atlas has no room
// for the glyph that can be freed in this frame: ask again next frame.
func (a *glyphAtlas) lookup(k glyphKey) int32 {
	c := a.cache
	if i, ok := a.index[k]; ok {
		if s := a.entries[i].shelf; s >= 0 {
			a.shelves[s].lastUse = c.tick
		}
		return i
	}
	if c.overBudget() {
		c.deferred++
		return pendingEntry
	}
	t0 := time.Now()
	e, ok := a.rasterize(k)
	c.spent += time.Since(t0)
	c.rastered++
	if !ok {
		c.deferred++
		return pendingEntry
	}
	e.key = k
	var i int32
	if n := len(a.free); n > 0 {
		i = a.free[n-1]
		a.free = a.free[:n-1]
		a.entries[i] = e
	} else {
		i = int32(len(a.entries))
		a.entries = append(a.entries, e)
	}
	a.index[k] = i
	return i
}

// touch marks the shelf of entry e used in this frame (it is being drawn).
func (a *glyphAtlas) touch(e *glyphEntry) {
	if e.shelf >= 0 {
		a.shelves[e.shelf].lastUse = a.cache.tick
	}
}

// evictShelf frees room for a glyph h texels tall: the least recently
// used shelf at least that tall that nothing used in this frame or the one
// before (so no draw recorded in this frame samples it, and labels of the
// previous frame do not rasterize again at once), or else the run of
// adjacent such shelves, least recently used, that together are tall
// enough, merged into one. The freed glyphs leave the index, their slots
// are freed, the texels are cleared (uploaded with the next glyphs) and gen
// moves on. It returns the shelf, or -1 if there is no room to free.
func (a *glyphAtlas) evictShelf(h int) int {
	prev := a.cache.prevStart
	free := func(s *shelf) bool { return s.h == 0 || s.lastUse <= prev } // h 0: merged away
	victim := -1
	for i := range a.shelves {
		s := &a.shelves[i]
		if s.h >= h && s.x > glyphPadding && free(s) && (victim < 0 || s.lastUse < a.shelves[victim].lastUse) {
			victim = i
		}
	}
	if victim >= 0 {
		a.clearShelves(victim, victim, a.shelves[victim].h)
		return victim
	}
	best, bestEnd, bestSpan := -1, -1, 0
	var bestUse uint64
	for i := range a.shelves {
		if a.shelves[i].h == 0 {
			continue
		}
		var use uint64
		for j := i; j < len(a.shelves) && free(&a.shelves[j]); j++ {
			use = max(use, a.shelves[j].lastUse)
			span := a.shelves[j].y + a.shelves[j].h - a.shelves[i].y
			if j == len(a.shelves)-1 {
				span = a.h - glyphPadding - a.shelves[i].y // and the room below the last shelf
			}
			if span >= h {
				if best < 0 || use < bestUse {
					best, bestEnd, bestSpan, bestUse = i, j, span, use
				}
				break
			}
		}
	}
	if best < 0 {
		return -1
	}
	a.clearShelves(best, bestEnd, bestSpan)
	return best
}

// clearShelves evicts shelves [i, j] and makes them one shelf i, span
// texels tall (the others stay, empty and 0 tall, so that entries' shelf
// indices keep their meaning).
func (a *glyphAtlas) clearShelves(i, j, span int) {
	for k := range a.entries {
		e := &a.entries[k]
		if e.shelf >= int32(i) && e.shelf <= int32(j) {
			delete(a.index, e.key)
			*e = glyphEntry{shelf: -1}
			a.free = append(a.free, int32(k))
		}
	}
	s := &a.shelves[i]
	if j == len(a.shelves)-1 {
		a.bottom = max(a.bottom, s.y+span+glyphPadding)
	}
	for k := i + 1; k <= j; k++ {
		a.shelves[k] = shelf{y: a.shelves[k].y, x: a.w}
	}
	s.h = span
	// Clear the rows, padding included, so that no texel of an evicted
	// glyph is left next to a new one for bilinear sampling to pick up.
	y0, y1 := max(s.y-glyphPadding/2, 0), min(s.y+s.h+glyphPadding/2, a.h)
	clear(a.pix[y0*a.w : y1*a.w])
	if a.col != nil {
		clear(a.col[y0*a.w*4 : y1*a.w*4])
	}
	s.x, s.dx0, s.dx1 = glyphPadding, 0, a.w
	a.dirty = a.dirty.Union(image.Rect(0, s.y, a.w, s.y+s.h))
	a.gen++
}

// rasterize draws bitmap k (see glyphBitmap and effect) into the scratch
// buffers, then packs and copies it into the atlas. ok is false when the
// atlas has no room for it in this frame (see pack).
func (a *glyphAtlas) rasterize(k glyphKey) (_ glyphEntry, ok bool) {
	c := a.cache
	b, ok := c.glyphBitmap(c.shaper().face(a.font), a.font, k.g, a.px)
	if !ok {
		return glyphEntry{shelf: -1}, true
	}
	if k.dilate > 0 || k.blur > 0 {
		b = c.effect(b, int(k.dilate), int(k.blur))
	}
	w, h := b.w, b.h
	if side := c.side(); w <= 0 || h <= 0 || w > side-2*glyphPadding || h > side-2*glyphPadding {
		return glyphEntry{shelf: -1}, true
	}
	x, y, si, ok := a.pack(w, h)
	if !ok {
		return glyphEntry{}, false
	}
	for row := 0; row < h; row++ {
		copy(a.pix[(y+row)*a.w+x:(y+row)*a.w+x+w], b.cov[row*w:(row+1)*w])
	}
	if b.col != nil {
		if a.col == nil {
			a.col = make([]byte, a.w*a.h*4)
		}
		for row := 0; row < h; row++ {
			copy(a.col[((y+row)*a.w+x)*4:((y+row)*a.w+x+w)*4], b.col[row*w*4:(row+1)*w*4])
		}
	}
	r := image.Rect(x, y, x+w, y+h)
	a.dirty = a.dirty.Union(r)
	if s := &a.shelves[si]; s.dx1 <= s.dx0 {
		s.dx0, s.dx1 = x, x+w
	} else {
		s.dx0, s.dx1 = min(s.dx0, x), max(s.dx1, x+w)
	}
	a.shelves[si].lastUse = c.tick
	return glyphEntry{x: int32(x), y: int32(y), w: int32(w), h: int32(h), bx: int32(b.x), by: int32(-(b.y + h)),
		shelf: int32(si), color: b.col != nil}, true
}

// outlineBitmap rasterizes glyph g's outline at px pixels into the scratch
// coverage; ok is false for a glyph without one (or with absurd extents,
// from a broken font).
func (c *GlyphCache) outlineBitmap(face *font.Face, f *Font, g font.GID, px int) (glyphBitmap, bool) {
	out, ok := face.GlyphDataOutline(g)
	if !ok || len(out.Segments) == 0 {
		return glyphBitmap{}, false
	}
	// Font units, y up, to pixels, y down; quantize the bounds.
	scale := float32(px) / float32(f.ft.Upem())
	bx0, by0 := float32(math.Inf(1)), float32(math.Inf(1))
	bx1, by1 := float32(math.Inf(-1)), float32(math.Inf(-1))
	for i := range out.Segments {
		s := &out.Segments[i]
		for _, p := range s.ArgsSlice() {
			x, y := p.X*scale, -p.Y*scale
			bx0, bx1 = min(bx0, x), max(bx1, x)
			by0, by1 = min(by0, y), max(by1, y)
		}
	}
	if !(bx1 >= bx0 && by1 >= by0) || bx0 < -4*maxFontPixels || by0 < -4*maxFontPixels || bx1 > 4*maxFontPixels || by1 > 4*maxFontPixels {
		return glyphBitmap{}, false // no points, NaN, or absurd extents from a broken font
	}
	minX, minY := int(math.Floor(float64(bx0))), int(math.Floor(float64(by0)))
	maxX, maxY := int(math.Ceil(float64(bx1))), int(math.Ceil(float64(by1)))
	w, h := maxX-minX, maxY-minY
	if w <= 0 || h <= 0 || w > atlasMaxSize || h > atlasMaxSize {
		return glyphBitmap{}, false
	}
	cov := c.covBuf(w * h)
	z := &c.rast
	z.Reset(w, h)
	z.DrawOp = draw.Src
	dx, dy := float32(minX), float32(minY)
	for i := range out.Segments {
		s := &out.Segments[i]
		p := &s.Args
		px := func(k int) float32 { return p[k].X*scale - dx }
		py := func(k int) float32 { return -p[k].Y*scale - dy }
		switch s.Op {
		case ot.SegmentOpMoveTo:
			z.MoveTo(px(0), py(0))
		case ot.SegmentOpLineTo:
			z.LineTo(px(0), py(0))
		case ot.SegmentOpQuadTo:
			z.QuadTo(px(0), py(0), px(1), py(1))
		case ot.SegmentOpCubeTo:
			z.CubeTo(px(0), py(0), px(1), py(1), px(2), py(2))
		}
	}
	img := image.Alpha{Pix: cov, Stride: w, Rect: image.Rect(0, 0, w, h)}
	z.Draw(&img, img.Rect, image.Opaque, image.Point{})
	return glyphBitmap{cov: cov, w: w, h: h, x: minX, y: minY}, true
}

// pack finds room for a w×h glyph (plus padding) on a shelf, opening a new
// shelf or growing the atlas as needed; at the largest size it evicts the
// least recently used shelf that can go (evictShelf). It fails when none
// can.
func (a *glyphAtlas) pack(w, h int) (x, y, shelfIndex int, ok bool) {
	for {
		best := -1
		for i := range a.shelves {
			s := &a.shelves[i]
			if h <= s.h && s.x+w+glyphPadding <= a.w && (best < 0 || s.h < a.shelves[best].h) {
				best = i
			}
		}
		// A much taller shelf wastes space: open a new one if there is room.
		if best >= 0 && (a.shelves[best].h <= h+h/2+2 || a.bottom+h+glyphPadding > a.h) {
			s := &a.shelves[best]
			x, y = s.x, s.y
			s.x += w + glyphPadding
			return x, y, best, true
		}
		if a.bottom+h+glyphPadding <= a.h && glyphPadding+w+glyphPadding <= a.w {
			a.shelves = append(a.shelves, shelf{y: a.bottom, h: h, x: glyphPadding + w + glyphPadding})
			y = a.bottom
			a.bottom += h + glyphPadding
			return glyphPadding, y, len(a.shelves) - 1, true
		}
		if a.w >= a.cache.side() {
			si := a.evictShelf(h)
			if si < 0 || glyphPadding+w+glyphPadding > a.w {
				return 0, 0, 0, false
			}
			s := &a.shelves[si]
			s.x += w + glyphPadding
			return glyphPadding, s.y, si, true
		}
		a.setSize(a.w*2, a.h*2)
		a.resized = true
	}
}

// flush records what the texture lacks: its creation (first use, or a new,
// larger texture after growth, the old one deleted after this frame's
// draws) or an update of the rectangle holding the new glyphs. Resource
// commands run before the frame's draws, so glyphs drawn in this frame see
// their pixels.
func (a *glyphAtlas) flush(f *render.Frame) {
	if a.tex != 0 && !a.resized && a.dirty.Empty() {
		return
	}
	if a.tex == 0 {
		a.tex = f.CreateTexture(render.TextureDesc{Width: a.w, Height: a.h}, a.cache.expand(a, a.img.Rect))
	} else if a.resized {
		// Growth: a new texture, left uninitialized, and one upload of the
		// part the shelves use (about a quarter of it after doubling, not
		// the whole: the growth frame is the one that stalls). The rest is
		// never sampled before glyphs land there, and glyph uploads take
		// their padding along (below).
		old := a.tex
		a.tex = f.CreateTexture(render.TextureDesc{Width: a.w, Height: a.h}, nil)
		x1 := 0
		for i := range a.shelves {
			if a.shelves[i].h > 0 {
				x1 = max(x1, a.shelves[i].x)
			}
		}
		if r := image.Rect(0, 0, x1, a.bottom).Intersect(a.img.Rect); !r.Empty() {
			f.UpdateTexture(a.tex, render.Rect{X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()}, a.cache.expand(a, r))
		}
		f.DeleteTexture(old)
	} else {
		// One update per shelf that gained glyphs, not the union of them:
		// glyphs land on shelves all over the atlas (by height), and the
		// union of a label's new glyphs can be most of it.
		for i := range a.shelves {
			s := &a.shelves[i]
			if s.dx1 <= s.dx0 {
				continue
			}
			// With the glyphs' padding: after growth the texels around
			// them may never have been uploaded.
			r := image.Rect(s.dx0-glyphPadding, s.y-glyphPadding, s.dx1+glyphPadding, s.y+s.h+glyphPadding).Intersect(a.img.Rect)
			if !r.Empty() {
				f.UpdateTexture(a.tex, render.Rect{X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()}, a.cache.expand(a, r))
			}
		}
	}
	for i := range a.shelves {
		a.shelves[i].dx0, a.shelves[i].dx1 = 0, 0
	}
	a.resized = false
	a.dirty = image.Rectangle{}
}

// expand returns the RGBA8 pixels of rectangle r of a: white, with the
// coverage as alpha. The slice is scratch, valid until the next call.
func (c *GlyphCache) expand(a *glyphAtlas, r image.Rectangle) []byte {
	n := r.Dx() * r.Dy() * 4
	if cap(c.rgba) < n {
		c.rgba = make([]byte, n)
	}
	out := c.rgba[:n]
	if n == 0 {
		return out
	}
	// Clear white everywhere (by doubling copies: most of an atlas is
	// empty), then the coverage where there is some.
	out[0], out[1], out[2], out[3] = 255, 255, 255, 0
	for k := 4; k < n; k *= 2 {
		copy(out[k:], out[:k])
	}
	// Only the shelves' filled parts hold coverage: after growth most of
	// the atlas is empty, and the whole of it is uploaded.
	rw := r.Dx()
	for si := range a.shelves {
		s := &a.shelves[si]
		y0, y1 := max(s.y, r.Min.Y), min(s.y+s.h, r.Max.Y)
		x0, x1 := r.Min.X, min(s.x, r.Max.X)
		if s.h == 0 || y0 >= y1 || x0 >= x1 {
			continue
		}
		for y := y0; y < y1; y++ {
			i := ((y-r.Min.Y)*rw+(x0-r.Min.X))*4 + 3
			for _, cov := range a.pix[y*a.w+x0 : y*a.w+x1] {
				if cov != 0 {
					out[i] = cov
				}
				i += 4
			}
		}
	}
	if a.col != nil {
		// Color glyphs: their own straight RGBA (coverage is their alpha).
		i := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := a.col[(y*a.w+r.Min.X)*4 : (y*a.w+r.Max.X)*4]
			for k := 0; k < len(row); k += 4 {
				if row[k+3] != 0 {
					copy(out[i+k:i+k+4], row[k:k+4])
				}
			}
			i += len(row)
		}
	}
	return out
}

// atlasesValid reports whether the atlases the layout's quads point into
// are all still live in c, with no shelf evicted since the quads were
// resolved.
func (la *labelLayout) atlasesValid(c *GlyphCache) bool {
	for i, a := range la.atlases {
		if a != nil && (a.released || a.cache != c || a.gen != la.gens[i]) {
			return false
		}
	}
	return true
}

// resolve points every quad at its glyph's entry in the atlas of its font
// at the layout's size, rasterizing glyphs on first use. Only the chain's
// fonts that draw some quad get an atlas. Quads whose glyph was put off
// (pendingEntry) leave the layout pending: resolvePending finishes it.
func (la *labelLayout) resolve(fr *render.Frame, c *GlyphCache) {
	clear(la.atlases)
	la.atlases = la.atlases[:0]
	for range la.fonts {
		la.atlases = append(la.atlases, nil)
	}
	la.pending = false
	for i := range la.quads {
		q := &la.quads[i]
		a := la.atlases[q.font]
		if a == nil {
			a = c.atlas(fr, la.fonts[q.font], la.px)
			la.atlases[q.font] = a
		}
		q.entry = a.lookup(glyphKey{g: q.glyph})
		la.pending = la.pending || q.entry == pendingEntry
	}
	la.noteGens()
	la.resolved = true
}

// resolvePending looks up the glyphs of the quads still pending, and
// touches the others: a label waiting for room must keep the glyphs it has,
// or it would evict them for its last one, and so on.
func (la *labelLayout) resolvePending() {
	la.pending = false
	for i := range la.quads {
		q := &la.quads[i]
		a := la.atlases[q.font]
		if q.entry == pendingEntry {
			q.entry = a.lookup(glyphKey{g: q.glyph})
			la.pending = la.pending || q.entry == pendingEntry
		} else {
			a.touch(&a.entries[q.entry])
		}
	}
	la.noteGens()
}

// noteGens records the generation of every atlas the quads point into. A
// lookup can evict a shelf of the same atlas, but only one unused in this
// frame and the last, so the entries found in this frame stay valid.
func (la *labelLayout) noteGens() {
	la.gens = la.gens[:0]
	for _, a := range la.atlases {
		var g uint32
		if a != nil {
			g = a.gen
		}
		la.gens = append(la.gens, g)
	}
}

package scenegraph

import (
	"image"
	"image/draw"

	"github.com/tact-engine/tact/render"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
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

// GlyphCache keeps glyph atlases: one RGBA8 texture per font and pixel size,
// with white glyphs whose coverage is in alpha, packed on shelves. Glyphs are
// rasterized on first use and uploaded through the frame being recorded (the
// new rectangles only); a full atlas grows by doubling, re-uploading
// everything into a new texture and deleting the old one through the frame
// (after its draws, so glyphs recorded earlier in that frame still sample
// it). Atlases stop growing at 4096×4096; a glyph that does not fit then
// draws nothing. Atlases live until Release: a cache a scene made for itself
// keeps its textures until the renderer closes, so games share one (the
// runtime's Game does).
//
// The textures belong to one renderer's handle space: use a GlyphCache only
// with frames of one Renderer (or one render.NewFrame). It is used on the
// main thread during extraction and is not safe for concurrent use. The zero
// value is an empty cache, like NewGlyphCache's.
type GlyphCache struct {
	atlases []*glyphAtlas
	rgba    []byte // scratch: RGBA8 expansion of an upload
	buf     sfnt.Buffer
	rast    vector.Rasterizer
}

// NewGlyphCache returns an empty cache; it creates no texture until a Label
// draws through it.
func NewGlyphCache() *GlyphCache { return &GlyphCache{} }

// Textures returns the number of atlas textures the cache holds (one per font
// and pixel size that has been drawn).
func (c *GlyphCache) Textures() int {
	n := 0
	for _, a := range c.atlases {
		if a.tex != 0 {
			n++
		}
	}
	return n
}

// Release records a DeleteTexture in f for every atlas texture and empties
// the cache. Labels that drew through it rasterize and upload their glyphs
// again the next time they draw.
func (c *GlyphCache) Release(f *render.Frame) {
	for _, a := range c.atlases {
		if a.tex != 0 {
			f.DeleteTexture(a.tex)
		}
		a.released = true
		a.tex = 0
		a.pix, a.img, a.entries, a.index, a.shelves = nil, image.Alpha{}, nil, nil, nil
	}
	clear(c.atlases)
	c.atlases = c.atlases[:0]
}

// glyphEntry is one rasterized glyph: its rectangle in the atlas (w == 0:
// nothing to draw, as for a space) and the offset of the bitmap's
// bottom-left corner from the pen position, y up.
type glyphEntry struct {
	x, y, w, h int32
	bx, by     int32
}

// shelf is a row of the atlas: glyphs up to h texels tall, filled up to x.
type shelf struct{ y, h, x int }

// glyphAtlas is one font at one pixel size. Entries are never removed or
// moved, so an entry index stays valid for the atlas's life, across growth.
type glyphAtlas struct {
	cache    *GlyphCache
	font     *Font
	px       int
	released bool

	tex     render.TextureID
	w, h    int
	img     image.Alpha // CPU copy of the coverage, w×h
	pix     []byte      // img.Pix
	shelves []shelf
	bottom  int // y where the next shelf opens
	index   map[sfnt.GlyphIndex]int32
	entries []glyphEntry
	dirty   image.Rectangle // not uploaded yet
	resized bool            // grew since tex was created
}

// atlas returns the atlas of font f at px pixels, creating it (without a
// texture yet) on first use.
func (c *GlyphCache) atlas(f *Font, px int) *glyphAtlas {
	for _, a := range c.atlases {
		if a.font == f && a.px == px {
			return a
		}
	}
	a := &glyphAtlas{cache: c, font: f, px: px, index: make(map[sfnt.GlyphIndex]int32)}
	a.setSize(atlasInitialSize, atlasInitialSize)
	a.bottom = glyphPadding
	c.atlases = append(c.atlases, a)
	if px <= preloadMaxPixels {
		for r := rune(0x20); r < 0x7f; r++ {
			if g, err := f.sf.GlyphIndex(&c.buf, r); err == nil {
				a.lookup(g)
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
	a.w, a.h, a.pix = w, h, pix
	a.img = image.Alpha{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h)}
}

// lookup returns the entry index of glyph g, rasterizing it on first use.
// A glyph that cannot be loaded, or that does not fit even the largest
// atlas, gets an empty entry: it draws nothing.
func (a *glyphAtlas) lookup(g sfnt.GlyphIndex) int32 {
	if i, ok := a.index[g]; ok {
		return i
	}
	i := int32(len(a.entries))
	a.entries = append(a.entries, a.rasterize(g))
	a.index[g] = i
	return i
}

func (a *glyphAtlas) rasterize(g sfnt.GlyphIndex) glyphEntry {
	c := a.cache
	segs, err := a.font.sf.LoadGlyph(&c.buf, g, fixed.I(a.px), nil)
	if err != nil || len(segs) == 0 {
		return glyphEntry{}
	}
	// Segments are y down, origin at the pen; quantize their bounds.
	b := segs.Bounds()
	minX, minY := b.Min.X.Floor(), b.Min.Y.Floor()
	maxX, maxY := b.Max.X.Ceil(), b.Max.Y.Ceil()
	w, h := maxX-minX, maxY-minY
	if w <= 0 || h <= 0 || w > atlasMaxSize-2*glyphPadding || h > atlasMaxSize-2*glyphPadding {
		return glyphEntry{}
	}
	x, y, ok := a.pack(w, h)
	if !ok {
		return glyphEntry{}
	}
	z := &c.rast
	z.Reset(w, h)
	z.DrawOp = draw.Src
	dx, dy := float32(minX), float32(minY)
	for _, s := range segs {
		p := &s.Args
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			z.MoveTo(f26(p[0].X)-dx, f26(p[0].Y)-dy)
		case sfnt.SegmentOpLineTo:
			z.LineTo(f26(p[0].X)-dx, f26(p[0].Y)-dy)
		case sfnt.SegmentOpQuadTo:
			z.QuadTo(f26(p[0].X)-dx, f26(p[0].Y)-dy, f26(p[1].X)-dx, f26(p[1].Y)-dy)
		case sfnt.SegmentOpCubeTo:
			z.CubeTo(f26(p[0].X)-dx, f26(p[0].Y)-dy, f26(p[1].X)-dx, f26(p[1].Y)-dy, f26(p[2].X)-dx, f26(p[2].Y)-dy)
		}
	}
	r := image.Rect(x, y, x+w, y+h)
	z.Draw(&a.img, r, image.Opaque, image.Point{})
	a.dirty = a.dirty.Union(r)
	return glyphEntry{x: int32(x), y: int32(y), w: int32(w), h: int32(h), bx: int32(minX), by: int32(-maxY)}
}

func f26(v fixed.Int26_6) float32 { return float32(v) / 64 }

// pack finds room for a w×h glyph (plus padding) on a shelf, opening a new
// shelf or growing the atlas as needed. It fails only at atlasMaxSize.
func (a *glyphAtlas) pack(w, h int) (x, y int, ok bool) {
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
			return x, y, true
		}
		if a.bottom+h+glyphPadding <= a.h && glyphPadding+w+glyphPadding <= a.w {
			a.shelves = append(a.shelves, shelf{y: a.bottom, h: h, x: glyphPadding + w + glyphPadding})
			y = a.bottom
			a.bottom += h + glyphPadding
			return glyphPadding, y, true
		}
		if a.w >= atlasMaxSize {
			return 0, 0, false
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
	if a.tex == 0 || a.resized {
		old := a.tex
		a.tex = f.CreateTexture(render.TextureDesc{Width: a.w, Height: a.h}, a.cache.expand(a, a.img.Rect))
		if old != 0 {
			f.DeleteTexture(old)
		}
	} else {
		r := a.dirty
		f.UpdateTexture(a.tex, render.Rect{X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()}, a.cache.expand(a, r))
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
	i := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, cov := range a.pix[y*a.w+r.Min.X : y*a.w+r.Max.X] {
			out[i], out[i+1], out[i+2], out[i+3] = 255, 255, 255, cov
			i += 4
		}
	}
	return out
}

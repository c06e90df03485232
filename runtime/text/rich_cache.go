package text

import (
	"reflect"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// richCached is a finished RichText layout, kept by its key in a shaper,
// so that a rich text going back to a markup it had (a counter, a quest
// log switching between entries) lays out without parsing, shaping or
// allocating. images is the Images map it was made with (by identity):
// image sizes are read at layout time.
type richCached struct {
	images           uintptr
	err              error
	spans            []RichSpan
	quads            []richQuad
	unders, hits     []richRect
	lines            []richLine
	fonts            []*Font
	lineCount        int
	size             mgl32.Vec2
	cullMin, cullMax mgl32.Vec2
}

// layoutWithin lays the rich text out, as layout does, unless that means
// parsing and shaping (no finished layout of its key is cached) and c's
// raster budget for this frame is spent: then it reports false, and the
// rich text waits for a later frame (see Label.layoutWithin).
func (r *RichText) layoutWithin(c *GlyphCache) bool {
	la := &r.lay
	if c.RasterBudget <= 0 {
		r.layout()
		return true
	}
	k := r.key()
	if la.valid && la.key == k {
		la.images = r.Images
		return true
	}
	if cached := r.shaper().rich[k]; cached == nil || cached.images != mapID(r.Images) {
		if c.overBudget() {
			c.deferred++
			return false
		}
		t0 := time.Now()
		r.layout()
		c.spent += time.Since(t0)
		c.rastered++ // progress: a frame always shapes or rasterizes something
		return true
	}
	r.layout()
	return true
}

// mapID is a map's identity (0 for nil).
func mapID(m map[string]scenegraph.SpriteFrame) uintptr {
	if m == nil {
		return 0
	}
	return reflect.ValueOf(m).Pointer()
}

// lookupRich copies the cached layout of k made with images into la and
// reports whether there was one.
func (s *shaper) lookupRich(k *richKey, images map[string]scenegraph.SpriteFrame, la *richLayout) bool {
	c := s.rich[*k]
	if c == nil || c.images != mapID(images) {
		return false
	}
	la.err = c.err
	la.spans = append(la.spans[:0], c.spans...)
	la.quads = append(la.quads[:0], c.quads...)
	la.unders = append(la.unders[:0], c.unders...)
	la.hits = append(la.hits[:0], c.hits...)
	la.lines = append(la.lines[:0], c.lines...)
	la.fonts = append(la.fonts[:0], c.fonts...)
	la.lineCount, la.size, la.cullMin, la.cullMax = c.lineCount, c.size, c.cullMin, c.cullMax
	return true
}

// storeRich keeps a copy of la's finished layout under k, replacing the
// oldest entry (and reusing its slices) when layoutCacheSize are kept.
func (s *shaper) storeRich(k *richKey, images map[string]scenegraph.SpriteFrame, la *richLayout) {
	if s.rich == nil {
		s.rich = make(map[richKey]*richCached)
	}
	c := s.rich[*k]
	if c == nil {
		if len(s.richRing) < layoutCacheSize {
			c = &richCached{}
			s.richRing = append(s.richRing, *k)
		} else {
			old := s.richRing[s.richNext]
			c = s.rich[old]
			delete(s.rich, old)
			s.richRing[s.richNext] = *k
			s.richNext = (s.richNext + 1) % layoutCacheSize
		}
	}
	c.images, c.err = mapID(images), la.err
	c.spans = append(c.spans[:0], la.spans...)
	c.quads = append(c.quads[:0], la.quads...)
	c.unders = append(c.unders[:0], la.unders...)
	c.hits = append(c.hits[:0], la.hits...)
	c.lines = append(c.lines[:0], la.lines...)
	c.fonts = append(c.fonts[:0], la.fonts...)
	c.lineCount, c.size, c.cullMin, c.cullMax = la.lineCount, la.size, la.cullMin, la.cullMax
	s.rich[*k] = c
}

// forgetRich drops the cached rich layouts (a font of theirs was
// released).
func (s *shaper) forgetRich() {
	clear(s.rich)
	clear(s.richRing)
	s.richRing, s.richNext = s.richRing[:0], 0
}

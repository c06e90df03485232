package text

import "github.com/tact-engine/tact/scenegraph"

// cacheKey is the scenegraph.Scene value under which a scene keeps the
// GlyphCache its Labels draw with.
type cacheKey struct{}

// UseCache makes the Labels of s keep their glyph atlases in c. A Game gives
// all its scenes one cache (its renderer's); call it before the scene's
// Labels first draw. A nil c goes back to a cache of the scene's own.
func UseCache(s *scenegraph.Scene, c *GlyphCache) {
	if c == nil {
		s.SetValue(cacheKey{}, nil)
		return
	}
	s.SetValue(cacheKey{}, c)
}

// CacheOf returns the GlyphCache the Labels of s draw with, making the
// scene its own on first use when none was given with UseCache.
func CacheOf(s *scenegraph.Scene) *GlyphCache {
	c, _ := s.Value(cacheKey{}).(*GlyphCache)
	if c == nil {
		c = NewGlyphCache()
		s.SetValue(cacheKey{}, c)
	}
	return c
}

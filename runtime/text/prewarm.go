package text

import "github.com/tact-engine/tact/render"

// Prewarm prepares texts that l will show later (the digits of a counter,
// a dialogue's lines): each is laid out with l's settings (Font, chain,
// FontSize, wrapping, Overflow) into the layout cache of l's scene's
// GlyphCache, and its glyphs are rasterized into the cache's atlases and
// uploaded through f. When l then shows one of them it neither shapes nor
// rasterizes nor allocates. Prewarm is synchronous: the cache's
// RasterBudget does not apply to it (call it on a loading screen, or for a
// few texts at a time). l must be on a node in a scene; its Text and
// drawing are unchanged. The cache keeps the 512 most recent layouts, so
// prewarm at most that many texts per cache.
func (l *Label) Prewarm(f *render.Frame, texts ...string) {
	n := l.Node()
	if n == nil || n.Scene() == nil {
		return
	}
	c := CacheOf(n.Scene())
	c.beginDraw(f, nil)
	c.unbudgeted = true // known text: all of it now (RasterBudget does not apply)
	defer func() { c.unbudgeted = false }()
	text := l.Text
	for _, t := range texts {
		l.Text = t
		l.layout()
		l.lay.resolve(f, c)
		for _, a := range l.lay.atlases {
			if a != nil {
				c.use(a)
				a.flush(f)
			}
		}
	}
	l.Text = text
	l.layout()
	c.endDraw(f)
}

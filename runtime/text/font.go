package text

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"weak"

	"github.com/tact-engine/tact/render"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Font is a parsed TrueType or OpenType font. Its glyph data is immutable
// once ParseFont returns it, so one Font may be shared by any number of
// Labels, scenes and goroutines. Glyphs are rasterized per pixel size by a
// GlyphCache; the Font itself holds no per-size state, only (under a lock)
// weak references to the caches that hold atlases of it, so that Release can
// free them.
type Font struct {
	name string
	sf   *sfnt.Font

	mu     sync.Mutex
	caches []weak.Pointer[GlyphCache] // caches holding atlases of the font
}

// Name returns the name the font was parsed under (the file name given to
// ParseFont).
func (f *Font) Name() string { return f.name }

// Release frees the font's glyph atlases in every GlyphCache that holds
// some, as [GlyphCache.Forget] does for each: their textures' deletes are
// recorded in fr (executed after fr's draws, on the render thread), their
// pixels are dropped and the caches no longer reference the font, so that
// once its other users drop it the Font and its atlases are garbage. Call
// it when the font is unloaded, on the main thread, with a frame of the
// renderer the caches draw for (in a Game: the frame being recorded; every
// scene shares one cache). The Font stays usable: a Label still drawing
// with it rasterizes its glyphs again. Releasing twice, or a font that
// never drew, records nothing.
func (f *Font) Release(fr *render.Frame) {
	f.mu.Lock()
	caches := make([]*GlyphCache, 0, len(f.caches))
	for _, w := range f.caches {
		if c := w.Value(); c != nil {
			caches = append(caches, c)
		}
	}
	f.caches = nil
	f.mu.Unlock()
	for _, c := range caches {
		c.Forget(fr, f)
	}
}

// addCache records that c holds an atlas of f (once), dropping references
// to caches that were garbage collected.
func (f *Font) addCache(c *GlyphCache) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.caches = slices.DeleteFunc(f.caches, func(x weak.Pointer[GlyphCache]) bool { return x.Value() == nil })
	if w := weak.Make(c); !slices.Contains(f.caches, w) {
		f.caches = append(f.caches, w)
	}
}

// forgetCache records that c holds no atlas of f any more.
func (f *Font) forgetCache(c *GlyphCache) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w := weak.Make(c)
	f.caches = slices.DeleteFunc(f.caches, func(x weak.Pointer[GlyphCache]) bool { return x == w || x.Value() == nil })
}

// fontHinting is used for every metric and every outline: no hinting, so that
// advances scale linearly and layout widths do not depend on the atlas.
const fontHinting = font.HintingNone

// ParseFont parses a TTF or OTF font from data; name (usually the file name;
// the asset manager passes the asset path) appears in every error as
// `text: font "name": reason`. It never panics on bad bytes. Beyond the
// tables sfnt checks, it verifies that the font has glyphs, metrics and a
// loadable .notdef and printable-ASCII outlines, so that a broken font is an
// error here and not a failure while drawing. data must not be modified
// afterwards (the Font reads from it).
func ParseFont(name string, data []byte) (f *Font, err error) {
	defer func() {
		if p := recover(); p != nil {
			f, err = nil, fmt.Errorf("text: font %q: malformed font (%v)", name, p)
		}
	}()
	if len(data) == 0 {
		return nil, fmt.Errorf("text: font %q: no data", name)
	}
	sf, err := opentype.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("text: font %q: %w", name, err)
	}
	if err := checkFont(sf); err != nil {
		return nil, fmt.Errorf("text: font %q: %w", name, err)
	}
	return &Font{name: name, sf: sf}, nil
}

// checkFont loads what drawing will need, at a typical size.
func checkFont(sf *sfnt.Font) error {
	if sf.NumGlyphs() == 0 {
		return errors.New("no glyphs")
	}
	var buf sfnt.Buffer
	ppem := fixed.I(16)
	m, err := sf.Metrics(&buf, ppem, fontHinting)
	if err != nil {
		return err
	}
	if m.Ascent+m.Descent <= 0 {
		return errors.New("bad vertical metrics")
	}
	if _, err := sf.LoadGlyph(&buf, 0, ppem, nil); err != nil {
		return fmt.Errorf(".notdef glyph: %w", err)
	}
	if _, err := sf.GlyphAdvance(&buf, 0, ppem, fontHinting); err != nil {
		return fmt.Errorf(".notdef glyph: %w", err)
	}
	for r := rune(0x20); r < 0x7f; r++ {
		x, err := sf.GlyphIndex(&buf, r)
		if err != nil {
			return fmt.Errorf("character map: %w", err)
		}
		if x == 0 {
			continue
		}
		if _, err := sf.LoadGlyph(&buf, x, ppem, nil); err != nil {
			return fmt.Errorf("glyph for %q: %w", r, err)
		}
		if _, err := sf.GlyphAdvance(&buf, x, ppem, fontHinting); err != nil {
			return fmt.Errorf("glyph for %q: %w", r, err)
		}
	}
	return nil
}

// mustParseEmbedded parses a font compiled into the binary; a failure is a
// defect of the build, not of user input.
func mustParseEmbedded(name string, data []byte) *Font {
	f, err := ParseFont(name, data)
	if err != nil {
		panic(err)
	}
	return f
}

// The default fonts are parsed once, on first use. This is not mutable global
// state: the source bytes are constants compiled into the binary and a Font
// never changes after ParseFont, so the lazily computed value is the same for
// every caller in every scene, like a package-level constant.
var (
	defaultFont     = sync.OnceValue(func() *Font { return mustParseEmbedded("goregular.ttf", goregular.TTF) })
	defaultMonoFont = sync.OnceValue(func() *Font { return mustParseEmbedded("gomono.ttf", gomono.TTF) })
)

// DefaultFont returns Go Regular, the font of Labels whose Font is nil. Every
// call returns the same *Font; it is safe to call from any goroutine.
func DefaultFont() *Font { return defaultFont() }

// DefaultMonoFont returns Go Mono, a fixed-width font. Every call returns the
// same *Font; it is safe to call from any goroutine.
func DefaultMonoFont() *Font { return defaultMonoFont() }

package text

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"weak"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/tact-engine/tact/render"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Font is one parsed TrueType or OpenType face (a single-font file, or one
// face of a .ttc/.otc collection). Its glyph data is immutable once parsed,
// so one Font may be shared by any number of Labels, scenes and goroutines.
// Labels shape and rasterize it through a GlyphCache, which keeps the
// per-size state (and a shaping face of its own, since go-text faces are not
// safe for concurrent use); the Font holds only, under a lock, weak
// references to the caches that hold atlases of it, so that Release can free
// them.
type Font struct {
	name   string
	ft     *font.Font
	family string
	aspect font.Aspect
	emoji  bool // a color emoji font: drawn only for emoji (see fontmap)

	mu     sync.Mutex
	caches []weak.Pointer[GlyphCache] // caches holding atlases of the font
}

// Name returns the name the font was parsed under: the name given to
// ParseFont, or for a face of a collection that name and "#" and the face's
// index ("NotoSansCJK-Regular.ttc#2").
func (f *Font) Name() string { return f.name }

// Family returns the family name the font declares ("Go", "Noto Sans CJK
// JP"); empty if it declares none.
func (f *Font) Family() string { return f.family }

// Bold reports whether the face is bold (weight 600 or more).
func (f *Font) Bold() bool { return f.aspect.Weight >= font.WeightSemibold }

// Italic reports whether the face is italic or oblique.
func (f *Font) Italic() bool { return f.aspect.Style == font.StyleItalic }

// Has reports whether the font maps r to a glyph of its own (not .notdef).
// Labels use it to pick, per cluster, the first font of their chain that
// can draw a character.
func (f *Font) Has(r rune) bool {
	_, ok := f.ft.NominalGlyph(r)
	return ok
}

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

// ParseFont parses a TTF or OTF font from data; name (usually the file name;
// the asset manager passes the asset path) appears in every error as
// `text: font "name": reason`. A collection (.ttc, .otc) gives its first
// face; use ParseFontCollection to choose another. It never panics on bad
// bytes. Beyond the tables the parser checks, it verifies that the font has
// metrics, a .notdef glyph and loadable printable-ASCII outlines, so that a
// broken font is an error here and not a failure while drawing. data must
// not be modified afterwards.
func ParseFont(name string, data []byte) (*Font, error) {
	c, err := ParseFontCollection(name, data)
	if err != nil {
		return nil, err
	}
	f, err := c.Font(0)
	if err != nil {
		return nil, err
	}
	if c.Len() == 1 {
		f.name = name // a single font is named by its file alone
	}
	return f, nil
}

// FontCollection is the faces of a font file: one for a .ttf or .otf, one
// or more for a .ttc or .otc collection. Faces are parsed when first asked
// for and then kept, so asking twice returns the same *Font. It is safe for
// concurrent use.
type FontCollection struct {
	name     string
	loaders  []*ot.Loader
	families []string

	mu    sync.Mutex
	fonts []*Font
	errs  []error
}

// ParseFontCollection reads the table directory of a font file or font
// collection and the family name of each face; the faces themselves are
// parsed by Font or Lookup. Errors read `text: font "name": reason`; it
// never panics on bad bytes.
func ParseFontCollection(name string, data []byte) (c *FontCollection, err error) {
	defer func() {
		if p := recover(); p != nil {
			c, err = nil, fmt.Errorf("text: font %q: malformed font (%v)", name, p)
		}
	}()
	if len(data) == 0 {
		return nil, fmt.Errorf("text: font %q: no data", name)
	}
	lds, err := ot.NewLoaders(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("text: font %q: %w", name, err)
	}
	if len(lds) == 0 {
		return nil, fmt.Errorf("text: font %q: the collection has no faces", name)
	}
	c = &FontCollection{name: name, loaders: lds, families: make([]string, len(lds)),
		fonts: make([]*Font, len(lds)), errs: make([]error, len(lds))}
	var buf []byte
	for i, ld := range lds {
		var d font.Description
		d, buf = font.Describe(ld, buf)
		c.families[i] = d.Family
	}
	return c, nil
}

// Len returns the number of faces (1 for a single-font file).
func (c *FontCollection) Len() int { return len(c.loaders) }

// Families returns the family name of each face, by index (names may
// repeat: a collection often holds several weights of one family).
func (c *FontCollection) Families() []string { return slices.Clone(c.families) }

// Font parses and returns face i (0-based), named "file#i" for a
// collection. An index out of range, or a face that does not parse or
// fails the checks of ParseFont, is an error naming the file and the face.
func (c *FontCollection) Font(i int) (f *Font, err error) {
	if i < 0 || i >= len(c.loaders) {
		return nil, fmt.Errorf("text: font %q: face %d out of range (the file has %d)", c.name, i, len(c.loaders))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fonts[i] != nil || c.errs[i] != nil {
		return c.fonts[i], c.errs[i]
	}
	name := c.name
	if len(c.loaders) > 1 {
		name += "#" + strconv.Itoa(i)
	}
	f, err = parseFace(name, c.loaders[i])
	c.fonts[i], c.errs[i] = f, err
	return f, err
}

// Lookup returns the face whose family name is family, compared without
// case, spaces or hyphens ("Noto Sans CJK JP", "notosanscjkjp"), or whose
// index is family written in decimal ("2"). When several faces share the
// family it returns the first that is neither bold nor italic if there is
// one. No match is an error listing the families the file has.
func (c *FontCollection) Lookup(family string) (*Font, error) {
	if i, err := strconv.Atoi(family); err == nil {
		return c.Font(i)
	}
	want := font.NormalizeFamily(family)
	var first *Font
	for i, fam := range c.families {
		if font.NormalizeFamily(fam) != want {
			continue
		}
		f, err := c.Font(i)
		if err != nil {
			return nil, err
		}
		if !f.Bold() && !f.Italic() {
			return f, nil
		}
		if first == nil {
			first = f
		}
	}
	if first != nil {
		return first, nil
	}
	return nil, fmt.Errorf("text: font %q: no face of family %q (it has %s)", c.name, family, strings.Join(c.families, ", "))
}

// parseFace parses one face and checks it.
func parseFace(name string, ld *ot.Loader) (f *Font, err error) {
	defer func() {
		if p := recover(); p != nil {
			f, err = nil, fmt.Errorf("text: font %q: malformed font (%v)", name, p)
		}
	}()
	ft, err := font.NewFont(ld)
	if err != nil {
		return nil, fmt.Errorf("text: font %q: %w", name, err)
	}
	if err := checkFont(ft); err != nil {
		return nil, fmt.Errorf("text: font %q: %w", name, err)
	}
	d := ft.Describe()
	return &Font{name: name, ft: ft, family: d.Family, aspect: d.Aspect, emoji: isEmojiFont(ft)}, nil
}

// checkFont loads what drawing will need.
func checkFont(ft *font.Font) error {
	if ft.Upem() == 0 {
		return errors.New("units per em is 0")
	}
	face := font.NewFace(ft)
	ext, ok := face.FontHExtents()
	if !ok || !(ext.Ascender-ext.Descender > 0) {
		return errors.New("bad vertical metrics")
	}
	_ = face.GlyphData(0) // .notdef: must not panic
	for r := rune(0x20); r < 0x7f; r++ {
		g, ok := face.NominalGlyph(r)
		if !ok {
			continue
		}
		_ = face.GlyphData(g)
		_ = face.HorizontalAdvance(g)
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
	defaultFont       = sync.OnceValue(func() *Font { return mustParseEmbedded("goregular.ttf", goregular.TTF) })
	defaultBold       = sync.OnceValue(func() *Font { return mustParseEmbedded("gobold.ttf", gobold.TTF) })
	defaultItalic     = sync.OnceValue(func() *Font { return mustParseEmbedded("goitalic.ttf", goitalic.TTF) })
	defaultBoldItalic = sync.OnceValue(func() *Font { return mustParseEmbedded("gobolditalic.ttf", gobolditalic.TTF) })
	defaultMonoFont   = sync.OnceValue(func() *Font { return mustParseEmbedded("gomono.ttf", gomono.TTF) })
)

// DefaultFont returns Go Regular, the font of Labels whose Font is nil. Every
// call returns the same *Font; it is safe to call from any goroutine.
func DefaultFont() *Font { return defaultFont() }

// DefaultMonoFont returns Go Mono, a fixed-width font. Every call returns the
// same *Font; it is safe to call from any goroutine.
func DefaultMonoFont() *Font { return defaultMonoFont() }

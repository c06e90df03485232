package text

import (
	"bytes"
	"runtime"
	"slices"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font/gofont/goregular"
)

// nullRig runs a scene's frames through the null backend, which validates
// every command (a draw with a deleted texture is an error) and counts the
// live textures as a GPU backend would.
type nullRig struct {
	t testing.TB
	s *scenegraph.Scene
	f *render.Frame
	b *null.Backend
	n uint64
}

func newNullRig(t testing.TB) *nullRig {
	s, _, f := scene2D(t)
	b := null.New()
	if err := b.Init(); err != nil {
		t.Fatal(err)
	}
	return &nullRig{t: t, s: s, f: f, b: b}
}

// frame records with before (if any) and then Extract, executes the frame
// and returns the commands it recorded (valid until the next frame).
func (r *nullRig) frame(before func(f *render.Frame)) (creates, deletes int) {
	r.t.Helper()
	r.f.Reset()
	if before != nil {
		before(r.f)
	}
	scenegraph.Extract(r.s, r.f)
	c, _ := resourceOps(r.f)
	creates, deletes = len(c), len(r.f.Deletes())
	r.n++
	r.f.SetNumber(r.n)
	if err := r.b.Execute(r.f); err != nil {
		r.t.Fatalf("frame %d: %v", r.n, err)
	}
	return creates, deletes
}

func (r *nullRig) liveTextures() int { return r.b.Live().Textures }

func heapInuse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// Loading a font, drawing labels with it and releasing it, 1,000 times (as
// the asset manager does on load and unload), leaves the live textures and
// the heap where they were: Font.Release deletes the font's atlas textures
// through the frame, drops their pixels and unlinks the font from the cache.
func TestFontReleaseFreesAtlases(t *testing.T) {
	r := newNullRig(t)
	labelAt(r.s, "Always here", 16, 400, 100) // a default-font atlas that stays
	l := labelAt(r.s, "Loaded font", 20, 400, 300)
	r.frame(nil)

	var font *Font
	cycle := func() {
		t.Helper()
		var err error
		font, err = ParseFont("goregular.ttf", goregular.TTF)
		if err != nil {
			t.Fatal(err)
		}
		l.Font = font
		base := r.liveTextures()
		if c, _ := r.frame(nil); c != 1 || r.liveTextures() != base+1 || CacheOf(r.s).Atlases(font) != 1 {
			t.Fatalf("drawing with the font: %d creates, %d live textures (base %d), %d atlases",
				c, r.liveTextures(), base, CacheOf(r.s).Atlases(font))
		}
		// Unload, as the asset manager's Free does, at the start of a frame
		// in which the label goes back to the default font.
		_, d := r.frame(func(f *render.Frame) {
			font.Release(f)
			l.Font = nil
		})
		if d != 1 || r.liveTextures() != base || CacheOf(r.s).Atlases(font) != 0 {
			t.Fatalf("after Release: %d deletes, %d live textures, want %d; %d atlases", d, r.liveTextures(), base, CacheOf(r.s).Atlases(font))
		}
		font.mu.Lock()
		refs := len(font.caches)
		font.mu.Unlock()
		if refs != 0 {
			t.Fatalf("the released font still lists %d caches", refs)
		}
	}
	// Warm up: the default-font atlas at 20 px, scratch buffers and the
	// frame's arenas reach their steady size.
	for range 3 {
		cycle()
	}
	baseTex := r.liveTextures()
	baseHeap := heapInuse()
	const n = 1000
	for range n {
		cycle()
	}
	font = nil
	if got := r.liveTextures(); got != baseTex {
		t.Fatalf("%d live textures after %d load/release cycles, want %d", got, n, baseTex)
	}
	// Without the release each cycle would keep a 512×512 atlas (256 KB of
	// coverage) and the parsed font: hundreds of MB in all.
	const slack = 4 << 20
	if h := heapInuse(); h > baseHeap+slack {
		t.Fatalf("heap in use grew from %d to %d bytes over %d cycles (allowed %d)", baseHeap, h, n, slack)
	}
}

// Released fonts are found in every cache that drew them, and only theirs;
// a cache that was garbage collected is not kept alive by the font.
func TestFontReleaseAcrossCaches(t *testing.T) {
	font, err := ParseFont("goregular.ttf", goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	var caches []*GlyphCache
	for range 2 {
		s, _, _ := scene2D(t)
		labelAt(s, "mine", 20, 400, 300).Font = font
		labelAt(s, "mine, larger", 90, 400, 400).Font = font
		labelAt(s, "default", 20, 400, 200)
		renderOne(s, f)
		caches = append(caches, CacheOf(s))
	}
	// A third cache that becomes garbage: Release must not need it.
	func() {
		s, _, _ := scene2D(t)
		labelAt(s, "gone", 24, 400, 300).Font = font
		renderOne(s, f)
	}()
	runtime.GC()

	f.Reset()
	font.Release(f)
	var deleted []render.TextureID
	for _, d := range f.Deletes() {
		deleted = append(deleted, d.Texture)
	}
	// Two atlases in each of two live caches; the third cache's atlas is
	// deleted too unless the collector already took that cache (its texture
	// then leaks with it, as any cache's dropped without Release).
	if n := len(deleted); n != 4 && n != 5 {
		t.Fatalf("Release recorded %d deletes, want 4 or 5", n)
	}
	for i, c := range caches {
		if c.Atlases(font) != 0 || c.Atlases(DefaultFont()) != 1 || c.Textures() != 1 {
			t.Fatalf("cache %d after Release: %d atlases of the font, %d of the default, %d textures",
				i, c.Atlases(font), c.Atlases(DefaultFont()), c.Textures())
		}
	}
	// Twice is harmless; Forget of an unknown font too.
	f.Reset()
	font.Release(f)
	if n := caches[0].Forget(f, font); n != 0 || len(f.Deletes()) != 0 {
		t.Fatalf("second release: %d atlases, %d deletes", n, len(f.Deletes()))
	}
	// Forget frees one cache's atlases of a font and reports how many.
	f.Reset()
	if n := caches[1].Forget(f, DefaultFont()); n != 1 || len(f.Deletes()) != 1 || caches[1].Textures() != 0 {
		t.Fatalf("Forget: %d atlases, %d deletes, %d textures left", n, len(f.Deletes()), caches[1].Textures())
	}
	if caches[0].Atlases(DefaultFont()) != 1 {
		t.Fatal("Forget touched another cache")
	}
}

// A label animating its size through 200 pixel sizes keeps at most
// MaxAtlasesPerFont atlases (and live textures) of its font: the least
// recently used ones are evicted, their textures deleted after the frame's
// draws. The null backend would fail a frame drawing with a deleted texture.
func TestLabelAnimatedSizeBoundsAtlases(t *testing.T) {
	for _, bound := range []int{0, 3} {
		r := newNullRig(t)
		UseCache(r.s, NewGlyphCache())
		CacheOf(r.s).MaxAtlasesPerFont = bound
		want := bound
		if want == 0 {
			want = DefaultMaxAtlasesPerFont
		}
		mono := labelAt(r.s, "other font", 30, 400, 100) // evictions are per font
		mono.Font = DefaultMonoFont()
		l := labelAt(r.s, "Animated", 10, 400, 300)
		r.frame(nil)
		base := r.liveTextures() - 1 // the mono atlas
		evicted := 0
		for i := range 200 {
			l.FontSize = float32(10 + i)
			_, d := r.frame(nil)
			evicted += d
			if n := CacheOf(r.s).Atlases(DefaultFont()); n > want {
				t.Fatalf("bound %d, size %d: %d atlases of the font", bound, 10+i, n)
			}
			if n := r.liveTextures(); n > base+want+1 {
				t.Fatalf("bound %d, size %d: %d live textures, want at most %d", bound, 10+i, n, base+want+1)
			}
			if CacheOf(r.s).Atlases(DefaultMonoFont()) != 1 {
				t.Fatalf("bound %d: the other font's atlas was evicted", bound)
			}
		}
		if evicted < 200-want {
			t.Fatalf("bound %d: %d atlases evicted over 200 sizes", bound, evicted)
		}
	}
}

// An atlas drawn with in the frame being recorded or the one before is
// never evicted: with more sizes on screen at once than the bound, the cache
// keeps them all (no re-rasterizing every frame), also when the label that
// needs a new size draws before the others; once fewer are drawn, the next
// new size evicts down to the bound.
func TestGlyphCacheKeepsAtlasesInUse(t *testing.T) {
	r := newNullRig(t)
	UseCache(r.s, NewGlyphCache())
	CacheOf(r.s).MaxAtlasesPerFont = 4
	var labels []*Label
	for i := range 6 {
		labels = append(labels, labelAt(r.s, "size", float32(12+2*i), 400, float32(50+80*i)))
	}
	if c, d := r.frame(nil); c != 6 || d != 0 {
		t.Fatalf("first frame: %d creates, %d deletes; want 6 atlases", c, d)
	}
	for range 3 {
		if c, d := r.frame(nil); c != 0 || d != 0 {
			t.Fatalf("steady frame with 6 sizes over a bound of 4: %d creates, %d deletes", c, d)
		}
	}
	// The first label animates while the others stay: it draws first, yet
	// the others keep their atlases.
	for px := 40; px < 45; px++ {
		labels[0].FontSize = float32(px)
		if c, d := r.frame(nil); c != 1 || d > 1 {
			t.Fatalf("size %d: %d creates, %d deletes; want only the new size created", px, c, d)
		}
		if n := CacheOf(r.s).Atlases(nil); n > 7 {
			t.Fatalf("size %d: %d atlases, want at most 7 (6 drawn, 1 from the last frame)", px, n)
		}
	}
	// Hide four labels: a frame later their atlases may go, and the next
	// new size evicts down to the bound, keeping the ones still drawn.
	for _, l := range labels[2:] {
		l.Node().SetActive(false)
	}
	r.frame(nil)
	labels[0].FontSize = 50
	c, d := r.frame(nil)
	if c != 1 || d < 4 || CacheOf(r.s).Atlases(nil) != 4 || r.liveTextures() != 4 {
		t.Fatalf("new size: %d creates, %d deletes, %d atlases, %d live textures; want 1, >= 4, 4, 4",
			c, d, CacheOf(r.s).Atlases(nil), r.liveTextures())
	}
	if labels[1].lay.atlases[0].released || labels[0].lay.atlases[0].released {
		t.Fatal("the atlas of a label drawn this frame was evicted")
	}
}

// drawing is what a label recorded: its glyph quads and the atlas pixels.
type drawing struct {
	verts []render.SpriteVertex
	pix   []byte // the atlas texture's pixels as last created
	tex   render.TextureID
}

// A label whose atlas was evicted rasterizes it again when it next draws,
// and draws exactly as before: same vertices, UVs and colors, and an atlas
// with the same pixels (under a new texture handle).
func TestEvictedAtlasDrawsIdentically(t *testing.T) {
	r := newNullRig(t)
	UseCache(r.s, NewGlyphCache())
	CacheOf(r.s).MaxAtlasesPerFont = 2
	l := labelAt(r.s, "Évicted, then back ½", 22, 400, 300)
	l.Node().SetAngle(0.3)
	l.WrapWidth = 120
	l.Color = render.RGBA(250, 200, 10, 255)

	record := func() drawing {
		t.Helper()
		var d drawing
		r.frame(nil)
		// r.frame executed and kept the frame's contents until the next Reset.
		d.verts = slices.Clone(r.f.SpriteVertices())
		d.tex = r.f.Items()[0].Texture
		for _, c := range r.f.Resources() {
			if c.Op == render.OpCreateTexture && c.Texture == d.tex {
				d.pix = slices.Clone(r.f.Bytes(c.Data))
			}
		}
		for _, it := range r.f.Items() {
			if it.Texture != d.tex {
				t.Fatalf("glyphs in several textures: %v and %v", it.Texture, d.tex)
			}
		}
		return d
	}
	first := record()
	if first.pix == nil || len(first.verts) == 0 {
		t.Fatal("first frame did not create the atlas")
	}
	atlas := l.lay.atlases[0]
	for px := 30; px < 34; px++ {
		l.FontSize = float32(px)
		r.frame(nil)
	}
	if !atlas.released || atlas.pix != nil || CacheOf(r.s).Atlases(nil) != 2 {
		t.Fatalf("the 22 px atlas was not evicted (released %v, %d atlases)", atlas.released, CacheOf(r.s).Atlases(nil))
	}
	l.FontSize = 22
	again := record()
	if again.pix == nil {
		t.Fatal("the evicted atlas was not created again")
	}
	if again.tex == first.tex {
		t.Fatalf("the new atlas reuses the deleted handle %v", first.tex)
	}
	if !slices.Equal(first.verts, again.verts) {
		t.Fatalf("vertices differ after re-rasterizing:\n%v\n%v", first.verts, again.verts)
	}
	if !bytes.Equal(first.pix, again.pix) {
		t.Fatal("the re-created atlas's pixels differ")
	}
}

// Eviction bookkeeping costs nothing per frame: drawing unchanged labels,
// alternating between two frames as a Renderer does, allocates nothing.
func TestLabelDrawAlternatingFramesAllocatesNothing(t *testing.T) {
	s, _, f1 := scene2D(t)
	f2 := render.NewFrame()
	f2.SetScreenSize(800, 600)
	for i := range 10 {
		labelAt(s, "Score: 1200", float32(12+2*i), float32(80*i), 300)
	}
	for _, f := range []*render.Frame{f1, f2} {
		scenegraph.Extract(s, f)
		f.Reset()
	}
	allocs := testing.AllocsPerRun(50, func() {
		scenegraph.Extract(s, f1)
		f1.Reset()
		scenegraph.Extract(s, f2)
		f2.Reset()
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per two frames", allocs)
	}
	if n := CacheOf(s).Atlases(nil); n != 10 {
		t.Fatalf("%d atlases for 10 sizes drawn every frame, want 10", n)
	}
}

package text

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// gpuTextures replays a frame's texture creates and updates into CPU
// copies, as a GPU would hold them, so a test can read what a draw samples.
type gpuTextures struct {
	pix  map[render.TextureID][]byte
	w, h map[render.TextureID]int
}

func newGPUTextures() *gpuTextures {
	return &gpuTextures{pix: map[render.TextureID][]byte{}, w: map[render.TextureID]int{}, h: map[render.TextureID]int{}}
}

func (g *gpuTextures) apply(f *render.Frame) {
	for _, c := range f.Resources() {
		switch c.Op {
		case render.OpCreateTexture:
			g.pix[c.Texture] = slices.Clone(f.Bytes(c.Data))
			if c.Data.Len == 0 { // uninitialized: garbage, so that reading it shows
				g.pix[c.Texture] = bytes.Repeat([]byte{1, 2, 3, 4}, c.Desc.Width*c.Desc.Height)
			}
			g.w[c.Texture], g.h[c.Texture] = c.Desc.Width, c.Desc.Height
		case render.OpUpdateTexture:
			p, w, src := g.pix[c.Texture], g.w[c.Texture], f.Bytes(c.Data)
			for y := range c.Rect.H {
				copy(p[((c.Rect.Y+y)*w+c.Rect.X)*4:((c.Rect.Y+y)*w+c.Rect.X+c.Rect.W)*4], src[y*c.Rect.W*4:(y+1)*c.Rect.W*4])
			}
		}
	}
	for _, d := range f.Deletes() {
		if d.Op == render.OpDeleteTexture {
			delete(g.pix, d.Texture)
		}
	}
}

// glyphs returns, per quad of l, the texels its glyph samples in the
// replayed texture, padding included (a neighbor's texels there would
// bleed in under bilinear filtering).
func (g *gpuTextures) glyphs(t *testing.T, l *Label) [][]byte {
	t.Helper()
	var out [][]byte
	for _, q := range l.lay.quads {
		a := l.lay.atlases[q.font]
		e := a.entries[q.entry]
		p, w := g.pix[a.tex], g.w[a.tex]
		if p == nil {
			t.Fatalf("the atlas texture %v was never created (or was deleted)", a.tex)
		}
		var b []byte
		for y := e.y - 1; y < e.y+e.h+1; y++ {
			b = append(b, p[(int(y)*w+int(e.x)-1)*4:(int(y)*w+int(e.x+e.w)+1)*4]...)
		}
		out = append(out, b)
	}
	return out
}

// With a raster budget, a screen of new glyphs is rasterized over several
// frames, one bitmap a frame at the smallest budget; a label draws nothing
// until all of its glyphs are in, then draws exactly as without a budget.
func TestRasterBudgetSpreadsGlyphs(t *testing.T) {
	r := newNullRig(t)
	c := NewGlyphCache()
	c.RasterBudget = time.Nanosecond // at least one bitmap a frame: one a frame
	UseCache(r.s, c)
	// 70 px: above the ASCII preload, so every glyph is asked for by a label.
	a := labelAt(r.s, "ABC", 70, 200, 300)
	b := labelAt(r.s, "DE", 70, 600, 300)
	var drawn []int
	for range 7 {
		r.frame(nil)
		drawn = append(drawn, len(r.f.Items()))
	}
	// Shaping a new text counts as one step too: frame 1 shapes "ABC",
	// frames 2-4 rasterize A, B, C (the first label draws in frame 4);
	// frame 5 shapes "DE", frames 6-7 rasterize D, E.
	if want := []int{0, 0, 0, 3, 3, 3, 5}; !slices.Equal(drawn, want) {
		t.Fatalf("items drawn per frame %v, want %v", drawn, want)
	}
	if c.Deferred() != 0 {
		t.Fatalf("%d bitmaps still deferred", c.Deferred())
	}
	got := slices.Clone(r.f.SpriteVertices())

	// The same labels without a budget, in one frame: the same picture.
	r2 := newNullRig(t)
	labelAt(r2.s, a.Text, 70, 200, 300)
	labelAt(r2.s, b.Text, 70, 600, 300)
	r2.frame(nil)
	if !slices.Equal(got, r2.f.SpriteVertices()) {
		t.Fatalf("budgeted labels draw differently:\n%v\n%v", got, r2.f.SpriteVertices())
	}

	// A steady frame costs nothing.
	if allocs := testing.AllocsPerRun(20, func() { r.frame(nil) }); allocs != 0 {
		t.Fatalf("%v allocations per steady frame", allocs)
	}
}

// Deferred counts what is put off, and Prewarm ignores the budget.
func TestRasterBudgetPrewarmAndDeferred(t *testing.T) {
	r := newNullRig(t)
	c := NewGlyphCache()
	c.RasterBudget = time.Nanosecond
	UseCache(r.s, c)
	l := labelAt(r.s, "", 70, 400, 300)
	r.frame(func(f *render.Frame) { l.Prewarm(f, "WXYZ") })
	l.Text = "ZYXW"
	r.frame(nil)
	if n := len(r.f.Items()); n != 4 || c.Deferred() != 0 {
		t.Fatalf("a prewarmed text: %d glyphs drawn (want 4), %d deferred", n, c.Deferred())
	}
	l.Text = "QRST"
	r.frame(nil)
	if n := len(r.f.Items()); n != 0 || c.Deferred() != 4 {
		t.Fatalf("a new text, budget of one step (its shaping): %d drawn (want 0), %d glyphs deferred (want 4)", n, c.Deferred())
	}
}

// The outline and shadow bitmaps count against the budget too, and a
// rich text waits for its glyphs as a label does.
func TestRasterBudgetEffectsAndRichText(t *testing.T) {
	r := newNullRig(t)
	c := NewGlyphCache()
	c.RasterBudget = time.Nanosecond
	UseCache(r.s, c)
	l := labelAt(r.s, "AB", 70, 200, 300)
	l.EnableOutline = true
	n := scenegraph.NewNode("Rich")
	n.SetPositionXY(600, 300)
	r.s.AddChild(n)
	scenegraph.AddComponent(n, NewRichText("[b]Q[/b][outline width=2]R[/outline]", 70, render.White))
	// The label: its shaping, then 2 glyphs and 2 outlines, 4 sprites; the
	// rich text: its parsing and shaping, then a bold Q, an R and its
	// outline, 3 sprites. 9 steps, one a frame.
	var drawn []int
	for range 10 {
		r.frame(nil)
		drawn = append(drawn, len(r.f.Items()))
	}
	if want := []int{0, 0, 0, 0, 4, 4, 4, 4, 7, 7}; !slices.Equal(drawn, want) {
		t.Fatalf("sprites drawn per frame %v, want %v", drawn, want)
	}
}

// An atlas at its largest size evicts its least recently used shelf for a
// new glyph; a label whose glyphs were on it looks them up again before it
// next draws and samples exactly the texels it sampled before, in a texture
// the frames' uploads made (no stale glyph, no neighbor's texels).
func TestShelfEvictionRedrawsCorrectly(t *testing.T) {
	r := newNullRig(t)
	c := NewGlyphCache()
	c.maxSide = 256
	UseCache(r.s, c)
	gpu := newGPUTextures()
	step := func() {
		t.Helper()
		r.frame(nil)
		gpu.apply(r.f)
	}
	a := labelAt(r.s, "HELLO", 66, 200, 300)
	step()
	want := gpu.glyphs(t, a)
	verts := slices.Clone(r.f.SpriteVertices())
	atlas := a.lay.atlases[0]

	// Other text fills the 256×256 atlas while the label is hidden.
	a.Node().SetActive(false)
	b := labelAt(r.s, "", 66, 600, 300)
	alphabet := []rune("ABCDFGIJKMNPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
	for i := 0; i+4 <= len(alphabet); i += 4 {
		b.Text = string(alphabet[i : i+4])
		// A shelf drawn from in the last frame is kept, so a new text may
		// wait a frame for room.
		for try := 0; try == 0 || try < 4 && b.lay.pending; try++ {
			step()
		}
		if len(r.f.Items()) != 4 {
			t.Fatalf("%q: %d glyphs drawn, want 4", b.Text, len(r.f.Items()))
		}
		for i, g := range gpu.glyphs(t, b) {
			if bytes.Count(g, []byte{255, 255, 255, 0}) == len(g)/4 {
				t.Fatalf("%q: glyph %d is empty in the texture", b.Text, i)
			}
		}
	}
	if atlas.gen == 0 || atlas.w != 256 {
		t.Fatalf("no shelf evicted (gen %d, atlas %d px)", atlas.gen, atlas.w)
	}
	hg := a.lay.quads[0].glyph
	if _, ok := atlas.index[glyphKey{g: hg}]; ok {
		t.Fatal("the hidden label's 'H' was not evicted")
	}

	b.Node().SetActive(false)
	a.Node().SetActive(true)
	step()
	if !slices.Equal(verts, r.f.SpriteVertices()[:len(verts)]) && !sameGeometry(verts, r.f.SpriteVertices()) {
		t.Fatal("the label's quads moved after eviction")
	}
	got := gpu.glyphs(t, a)
	for i := range want {
		if !bytes.Equal(want[i], got[i]) {
			t.Fatalf("glyph %d of %q samples other texels after eviction", i, a.Text)
		}
	}
}

// sameGeometry reports whether two vertex lists have the same positions
// and colors (the UVs change when a glyph lands elsewhere in the atlas).
func sameGeometry(a, b []render.SpriteVertex) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].X != b[i].X || a[i].Y != b[i].Y || a[i].Color != b[i].Color {
			return false
		}
	}
	return true
}

// A shelf drawn from in the frame being recorded is never evicted: labels
// that need more glyphs than the atlas holds at once wait, and the others
// draw right.
func TestShelfEvictionSparesShelvesInUse(t *testing.T) {
	r := newNullRig(t)
	c := NewGlyphCache()
	c.maxSide = 128
	UseCache(r.s, c)
	gpu := newGPUTextures()
	var ls []*Label
	for i, s := range []string{"AB", "CD", "EF", "GH", "IJ", "KM", "NP", "QR", "ST", "UV"} {
		ls = append(ls, labelAt(r.s, s, 66, float32(40+i*70), 300))
	}
	for range 3 {
		r.frame(nil)
		gpu.apply(r.f)
	}
	drawn := 0
	for _, l := range ls {
		if !l.lay.pending {
			drawn++
			want := gpu.glyphs(t, l)
			for i, g := range want {
				if bytes.Count(g, []byte{255, 255, 255, 0}) == len(g)/4 {
					t.Fatalf("%q: glyph %d drawn from empty texels", l.Text, i)
				}
			}
		}
	}
	if drawn == 0 || drawn == len(ls) {
		t.Fatalf("%d of %d labels drawn: the 128 px atlas holds some of them, not all", drawn, len(ls))
	}
	if len(r.f.Items()) != 2*drawn {
		t.Fatalf("%d sprites for %d labels of 2 glyphs", len(r.f.Items()), drawn)
	}
}

// firstFrameCJK builds the screen of BenchmarkFirstFrame3000CJK: 60 labels
// of 50 distinct ideographs at 20 px, on an empty glyph cache.
func firstFrameCJK(b *testing.B, budget time.Duration) (*scenegraph.Scene, *render.Frame, *GlyphCache) {
	cjk := sysFont(b, fontCJK, "Noto Sans CJK SC")
	rs := cjkText(cjk, 3000)
	// go-text parses a font's tables on first use (a one-time cost of the
	// font, ~0.1-0.4 s for this one, not of the screen): pay it here.
	warm := NewLabel(string(rs[:50]), 20, render.White)
	warm.Font = cjk
	warm.Size()
	s, _, f := scene2D(b)
	c := NewGlyphCache()
	c.RasterBudget = budget
	UseCache(s, c)
	for i := range 60 {
		l := labelAt(s, string(rs[i*50:(i+1)*50]), 20, 400, float32(10+i*10))
		l.Font = cjk
	}
	return s, f, c
}

// BenchmarkFillFrames3000CJK: the same screen with a 4 ms raster budget,
// drawn frame after frame until every label is in. It reports the frames
// that takes, the slowest frame and the first frame's cost.
func BenchmarkFillFrames3000CJK(b *testing.B) {
	var frames, worst, first time.Duration
	n := 0
	for b.Loop() {
		b.StopTimer()
		s, f, c := firstFrameCJK(b, 4*time.Millisecond)
		b.StartTimer()
		for k := 0; ; k++ {
			t0 := time.Now()
			f.Reset()
			scenegraph.Extract(s, f)
			d := time.Since(t0)
			worst = max(worst, d)
			if k == 0 {
				first += d
			}
			frames++
			if c.Deferred() == 0 {
				break
			}
		}
		n++
	}
	b.ReportMetric(float64(frames)/float64(n), "frames")
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(frames), "mean-frame-ms")
	b.ReportMetric(float64(first.Microseconds())/1000/float64(n), "first-ms")
}

// BenchmarkPrewarm3000CJK: Prewarm of the screen's 3,000 ideographs,
// synchronous and outside the budget (a loading screen's cost).
func BenchmarkPrewarm3000CJK(b *testing.B) {
	cjk := sysFont(b, fontCJK, "Noto Sans CJK SC")
	rs := cjkText(cjk, 3000)
	texts := make([]string, 60)
	for i := range texts {
		texts[i] = string(rs[i*50 : (i+1)*50])
	}
	for b.Loop() {
		b.StopTimer()
		s, _, f := scene2D(b)
		l := labelAt(s, "", 20, 400, 300)
		l.Font = cjk
		b.StartTimer()
		l.Prewarm(f, texts...)
	}
}

// BenchmarkShelfEviction: a label of 4 new glyphs every frame in an atlas
// capped at 256×256 (66 px glyphs), so that most frames evict a shelf.
func BenchmarkShelfEviction(b *testing.B) {
	r := newNullRig(b)
	c := NewGlyphCache()
	c.maxSide = 256
	UseCache(r.s, c)
	l := labelAt(r.s, "", 66, 400, 300)
	alphabet := []rune("ABCDFGIJKMNPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
	texts := make([]string, 0, len(alphabet))
	for i := range alphabet {
		texts = append(texts, string(alphabet[i:min(i+4, len(alphabet))]))
	}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		l.Text = texts[i%len(texts)]
		i++
		r.frame(nil)
	}
	b.ReportMetric(float64(l.lay.atlases[0].gen)/float64(i), "evictions/frame")
}

// A RichText changing to a markup it has shown before (or that another
// rich text of the scene showed) lays out from the cache: no parsing, no
// shaping, no allocation, and the same picture as a fresh layout.
func TestRichTextChangedAllocatesNothing(t *testing.T) {
	s, _, f := scene2D(t)
	texts := []string{
		"[b]Quest:[/b] bring [color=#ffcc00]3 apples[/color] to the [i]old mill[/i] [u]now[/u]",
		"[b]Quest:[/b] bring [color=#ffcc00]4 apples[/color] to the [i]old mill[/i] [outline width=2]now[/outline]",
		"[size=30]ภาษาไทย[/size] [img src=coin/] 40",
	}
	r := richAt(s, texts[0], 20, 400, 300)
	r.MaxWidth = 200
	r.Images = map[string]scenegraph.SpriteFrame{"coin": {Texture: 7, Size: [2]float32{16, 16}}}
	i := 0
	step := func() {
		r.String = texts[i%len(texts)]
		i++
		f.Reset()
		scenegraph.Extract(s, f)
	}
	for range texts {
		step()
	}
	if a := testing.AllocsPerRun(30, step); a != 0 {
		t.Fatalf("a changed rich text allocates %v times per frame", a)
	}
	for k, txt := range texts {
		r.String = txt
		f.Reset()
		scenegraph.Extract(s, f)
		got := slices.Clone(f.SpriteVertices())
		s2, _, f2 := scene2D(t)
		r2 := richAt(s2, txt, 20, 400, 300)
		r2.MaxWidth, r2.Images = r.MaxWidth, r.Images
		f2.Reset()
		scenegraph.Extract(s2, f2)
		if !slices.Equal(got, f2.SpriteVertices()) {
			t.Fatalf("text %d: the cached layout draws differently", k)
		}
	}
	// With other Images the cached layout is not used: image sizes are
	// read at layout time.
	r.String = texts[2]
	small := r.Size()
	r.Images = map[string]scenegraph.SpriteFrame{"coin": {Texture: 7, Size: [2]float32{16, 40}}}
	r.String = texts[0]
	r.Size()
	r.String = texts[2]
	if big := r.Size(); big[1] <= small[1] {
		t.Fatalf("with a 40 px coin the box is %v, with a 16 px one %v: the cache ignored Images", big, small)
	}
}

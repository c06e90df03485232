package text

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// measure returns the advance width of s in the default font at px pixels,
// kerning included, computed by x/image/font independently of Label.
func measure(t testing.TB, s string, px int) float32 {
	t.Helper()
	face, err := opentype.NewFace(goRegular(t), &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	return float32(font.MeasureString(face, s)) / 64
}

// lineHeight returns the default font's line height at px pixels.
func lineHeight(t testing.TB, px int) float32 {
	t.Helper()
	face, err := opentype.NewFace(goRegular(t), &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	m := face.Metrics()
	return float32(max(m.Height, m.Ascent+m.Descent)) / 64
}

// goRegular parses Go Regular with x/image, independently of ParseFont.
func goRegular(t testing.TB) *opentype.Font {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func near(a, b, tol float32) bool { return float32(math.Abs(float64(a-b))) <= tol }

// lineWidths returns the widths of l's laid-out lines.
func lineWidths(l *Label) []float32 {
	l.layout()
	var ws []float32
	for _, ln := range l.lay.lines {
		ws = append(ws, f26(ln.width))
	}
	return ws
}

func TestLabelLayoutLinesAndWidths(t *testing.T) {
	const px = 20
	lh := lineHeight(t, px)
	l := NewLabel("Hello, world", px, render.White)
	if got, want := l.Size(), (mgl32.Vec2{measure(t, "Hello, world", px), lh}); !near(got[0], want[0], 0.02) || !near(got[1], want[1], 0.02) {
		t.Fatalf("Size %v, want %v", got, want)
	}
	if n := l.LineCount(); n != 1 {
		t.Fatalf("%d lines, want 1", n)
	}

	l.Text = "ab\ncdef\n\nx"
	if n := l.LineCount(); n != 4 {
		t.Fatalf("'\\n' text: %d lines, want 4", n)
	}
	if got := l.Size(); !near(got[0], measure(t, "cdef", px), 0.02) || !near(got[1], 4*lh, 0.02) {
		t.Fatalf("Size %v, want %v x %v", got, measure(t, "cdef", px), 4*lh)
	}
	ws := lineWidths(l)
	if !near(ws[0], measure(t, "ab", px), 0.02) || ws[2] != 0 || !near(ws[3], measure(t, "x", px), 0.02) {
		t.Fatalf("line widths %v", ws)
	}

	// Trailing spaces take no width; LineHeight scales the spacing.
	l.Text, l.LineHeight = "ab   \ncd", 1.5
	if ws := lineWidths(l); !near(ws[0], measure(t, "ab", px), 0.02) {
		t.Fatalf("trailing spaces counted: %v", ws)
	}
	if got := l.Size()[1]; !near(got, 2*1.5*lh, 0.02) {
		t.Fatalf("height %v with LineHeight 1.5, want %v", got, 3*lh)
	}

	// Empty text: no lines, nothing to draw.
	l.Text = ""
	if l.LineCount() != 0 || l.Size() != (mgl32.Vec2{}) {
		t.Fatalf("empty text: %d lines, size %v", l.LineCount(), l.Size())
	}
}

func TestLabelWordWrap(t *testing.T) {
	const px = 16
	l := NewLabel("aaa bbb ccc", px, render.White)
	l.HAlign = AlignLeft
	wrap := measure(t, "aaa bbb", px) + 1
	l.WrapWidth = wrap
	if n := l.LineCount(); n != 2 {
		t.Fatalf("%d lines, want 2 (\"aaa bbb\", \"ccc\")", n)
	}
	ws := lineWidths(l)
	if !near(ws[0], measure(t, "aaa bbb", px), 0.02) || !near(ws[1], measure(t, "ccc", px), 0.02) {
		t.Fatalf("line widths %v", ws)
	}
	if got := l.Size(); got[0] != wrap || !near(got[1], 2*lineHeight(t, px), 0.02) {
		t.Fatalf("Size %v: the box is WrapWidth wide and two lines tall", got)
	}
	// The second line starts at the left edge, with "ccc".
	if q := l.lay.quads[l.lay.lines[0].end]; q.x != 0 {
		t.Fatalf("second line starts at x=%v", q.x)
	}

	// Narrower: one word per line.
	l.WrapWidth = measure(t, "bbb", px) + 0.5
	if n := l.LineCount(); n != 3 {
		t.Fatalf("%d lines at one word's width, want 3", n)
	}

	// A word wider than the wrap width breaks inside it, never over it.
	l.Text = "abcdefghij xy"
	l.WrapWidth = measure(t, "abcde", px) + 0.5
	ws = lineWidths(l)
	if len(ws) < 3 {
		t.Fatalf("long word: lines %v, want it split", ws)
	}
	for i, w := range ws {
		if w > l.WrapWidth || w == 0 {
			t.Fatalf("line %d width %v (wrap %v): %v", i, w, l.WrapWidth, ws)
		}
	}
	if got := len(l.lay.quads); got != 12 {
		t.Fatalf("%d glyphs, want 12: wrapping must not drop any", got)
	}

	// '\n' and wrapping together; a glyph wider than the width overflows alone.
	l.Text = "aaa\nbbb ccc"
	l.WrapWidth = measure(t, "bbb", px) + 0.5
	if n := l.LineCount(); n != 3 {
		t.Fatalf("%d lines, want 3", n)
	}
	l.Text, l.WrapWidth = "WW", 1
	if n := l.LineCount(); n != 2 || l.Size()[0] < measure(t, "W", px)-0.01 {
		t.Fatalf("glyphs wider than the wrap width: %d lines, size %v", n, l.Size())
	}
}

// renderOne extracts s into a fresh frame and returns the frame.
func renderOne(s *scenegraph.Scene, f *render.Frame) *render.Frame {
	f.Reset()
	scenegraph.Extract(s, f)
	return f
}

func labelAt(s *scenegraph.Scene, text string, px, x, y float32) *Label {
	n := scenegraph.NewNode("Label")
	n.SetPositionXY(x, y)
	s.AddChild(n)
	return scenegraph.AddComponent(n, NewLabel(text, px, render.White))
}

// minX returns the smallest x of the sprite vertices [from, to) (4 per glyph).
func minX(vs []render.SpriteVertex) float32 {
	m := float32(math.Inf(1))
	for _, v := range vs {
		m = min(m, v.X)
	}
	return m
}

func TestLabelAlignment(t *testing.T) {
	s, _, f := scene2D(t)
	const px = 24
	l := labelAt(s, "W\nWWW", px, 100, 300)
	l.Anchor = mgl32.Vec2{0, 1} // box's top-left at the node
	wBox := measure(t, "WWW", px)
	w0 := measure(t, "W", px)
	first := map[HAlign]float32{}
	last := map[HAlign]float32{}
	for _, a := range []HAlign{AlignLeft, AlignCenter, AlignRight} {
		l.HAlign = a
		vs := renderOne(s, f).SpriteVertices()
		if len(vs) != 4*4 {
			t.Fatalf("%d vertices, want 4 glyphs", len(vs))
		}
		first[a] = minX(vs[:4]) // line 0's "W"
		last[a] = minX(vs[4:8]) // line 1's first "W"
		if !near(l.Size()[0], wBox, 0.02) {
			t.Fatalf("box width %v, want %v", l.Size()[0], wBox)
		}
	}
	// The wide line fills the box: it does not move.
	if last[AlignLeft] != last[AlignCenter] || last[AlignLeft] != last[AlignRight] {
		t.Fatalf("the widest line moved: %v", last)
	}
	// The short line moves by half, then all, of the spare width (±1 for
	// rounding to whole pixels).
	spare := wBox - w0
	if d := first[AlignCenter] - first[AlignLeft]; !near(d, spare/2, 1) {
		t.Fatalf("center offset %v, want %v", d, spare/2)
	}
	if d := first[AlignRight] - first[AlignLeft]; !near(d, spare, 1) {
		t.Fatalf("right offset %v, want %v", d, spare)
	}
	if first[AlignLeft] < 100-1 || first[AlignLeft] > 100+3 {
		t.Fatalf("left-aligned glyph at x=%v, want near the box's left edge 100", first[AlignLeft])
	}

	// VAlign places the lines in a taller box.
	l.HAlign, l.Text, l.BoxHeight = AlignLeft, "W", 100
	textH := lineHeight(t, px)
	ys := map[VAlign]float32{}
	for _, a := range []VAlign{AlignTop, AlignMiddle, AlignBottom} {
		l.VAlign = a
		vs := renderOne(s, f).SpriteVertices()
		ys[a] = vs[0].Y // bottom-left corner of the glyph
		if l.Size() != (mgl32.Vec2{measure(t, "W", px), 100}) {
			t.Fatalf("Size %v with BoxHeight 100", l.Size())
		}
	}
	if d := ys[AlignTop] - ys[AlignMiddle]; !near(d, (100-textH)/2, 1) {
		t.Fatalf("middle is %v below top, want %v", d, (100-textH)/2)
	}
	if d := ys[AlignTop] - ys[AlignBottom]; !near(d, 100-textH, 1) {
		t.Fatalf("bottom is %v below top, want %v", d, 100-textH)
	}
}

// The glyphs lie in the box that Size and Anchor describe, under the node's
// transform; all share the atlas texture and batch into one draw call.
func TestLabelRenderPlacementAndBatching(t *testing.T) {
	s, _, f := scene2D(t)
	l := labelAt(s, "Tact engine", 32, 400, 300)
	l.Color = render.RGBA(255, 200, 0, 255)
	renderOne(s, f)
	size := l.Size()
	vs := f.SpriteVertices()
	if len(vs) != 4*10 { // the space draws nothing
		t.Fatalf("%d glyph quads, want 10", len(vs)/4)
	}
	const ink = 3 // ink may touch the box's edge; allow its rounding
	for _, v := range vs {
		if v.X < 400-size[0]/2-ink || v.X > 400+size[0]/2+ink || v.Y < 300-size[1]/2-ink || v.Y > 300+size[1]/2+ink {
			t.Fatalf("vertex (%v,%v) outside the %v box centered on (400,300)", v.X, v.Y, size)
		}
		if v.Color != l.Color {
			t.Fatalf("vertex color %x, want %x", v.Color, l.Color)
		}
	}
	tex := f.Items()[0].Texture
	for _, it := range f.Items() {
		if it.Texture != tex || tex == 0 || it.Blend != render.BlendAlpha {
			t.Fatalf("item %+v: want texture %v, alpha blend", it, tex)
		}
	}
	if bs, _ := f.Batches(); len(bs) != 1 || bs[0].Count != 10 {
		t.Fatalf("batches %+v, want one of 10 sprites", bs)
	}
	if st := s.RenderStats(); st.Rendered != 1 {
		t.Fatalf("stats %+v: a label counts once", st)
	}

	// Rotation and scale apply to the whole label: scaled 2x, the ink spans
	// about twice as wide.
	w1 := spanX(vs)
	l.Node().SetScale(mgl32.Vec3{2, 2, 1})
	renderOne(s, f)
	if w2 := spanX(f.SpriteVertices()); !near(w2, 2*w1, 0.5) {
		t.Fatalf("scaled span %v, want %v", w2, 2*w1)
	}

	// Far outside the view: culled, nothing recorded.
	l.Node().SetPositionXY(5000, 300)
	renderOne(s, f)
	if len(f.Items()) != 0 || s.RenderStats().Culled != 1 {
		t.Fatalf("offscreen label: %d items, stats %+v", len(f.Items()), s.RenderStats())
	}
}

func spanX(vs []render.SpriteVertex) float32 {
	lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, v := range vs {
		lo, hi = min(lo, v.X), max(hi, v.X)
	}
	return hi - lo
}

func TestLabelRelayoutOnlyOnChange(t *testing.T) {
	s, _, f := scene2D(t)
	l := labelAt(s, "Score: 10", 20, 400, 300)
	l.Size()
	l.Size()
	for range 3 {
		renderOne(s, f)
	}
	if l.lay.layouts != 1 {
		t.Fatalf("%d layouts for an unchanged label, want 1", l.lay.layouts)
	}
	// Fields that do not move glyphs relative to each other: no layout.
	l.Color = render.RGBA(1, 2, 3, 255)
	l.Anchor = mgl32.Vec2{0, 0}
	l.Order, l.SortLayer = 3, 1
	l.Node().SetPositionXY(300, 200)
	l.Text = strings.Clone("Score: 10") // equal text, another string
	renderOne(s, f)
	if l.lay.layouts != 1 {
		t.Fatalf("%d layouts after color/anchor/position changes, want 1", l.lay.layouts)
	}
	changes := []func(){
		func() { l.Text = "Score: 11" },
		func() { l.FontSize = 30 },
		func() { l.WrapWidth = 40 },
		func() { l.LineHeight = 2 },
		func() { l.Font = DefaultMonoFont() },
		func() { l.HAlign = AlignRight },
		func() { l.BoxHeight = 200 },
	}
	for i, change := range changes {
		change()
		renderOne(s, f)
		l.Size()
		if l.lay.layouts != i+2 {
			t.Fatalf("change %d: %d layouts, want %d", i, l.lay.layouts, i+2)
		}
	}
	// FontSize 30.2 rasterizes at 30 like 30: no new layout.
	l.FontSize = 30.2
	if l.Size(); l.lay.layouts != len(changes)+1 {
		t.Fatalf("sub-pixel size change re-laid out")
	}
}

func TestLabelExtractAllocatesNothing(t *testing.T) {
	s, _, f := scene2D(t)
	texts := []string{"Score: 1200", "Hello, wörld", "Game Over", "ÀÉÎÕÜ ñ ß", "A\nmulti-line\nlabel"}
	for i := range 20 {
		l := labelAt(s, texts[i%len(texts)], float32(12+4*(i%6)), float32(40*i%800), float32(30*i%600))
		if i%3 == 0 {
			l.WrapWidth = 60
		}
		if i%4 == 0 {
			l.Font = DefaultMonoFont()
		}
		l.Node().SetAngle(float32(i))
	}
	for i := range 1000 { // sprites among them, as in a game
		spriteAt(s, "S", float32(i%800), float32(i%600))
	}
	scenegraph.Extract(s, f)
	f.Reset()
	allocs := testing.AllocsPerRun(50, func() {
		scenegraph.Extract(s, f)
		f.Reset()
	})
	if allocs != 0 {
		t.Fatalf("Extract with labels allocates %v times per frame", allocs)
	}
	if st := s.RenderStats(); st.Rendered != 1020 {
		t.Fatalf("stats %+v", st)
	}
}

func resourceOps(f *render.Frame) (creates, updates []render.ResourceCommand) {
	for _, rc := range f.Resources() {
		switch rc.Op {
		case render.OpCreateTexture:
			creates = append(creates, rc)
		case render.OpUpdateTexture:
			updates = append(updates, rc)
		}
	}
	return creates, updates
}

func TestGlyphAtlasUploads(t *testing.T) {
	s, _, f := scene2D(t)
	labelAt(s, "Hello", 20, 200, 300)
	labelAt(s, "World!", 20, 600, 300)
	renderOne(s, f)
	creates, updates := resourceOps(f)
	if len(creates) != 1 || len(updates) != 0 || CacheOf(s).Textures() != 1 {
		t.Fatalf("ASCII text: %d creates, %d updates, %d textures; want the atlas created once, preloaded", len(creates), len(updates), CacheOf(s).Textures())
	}
	c := creates[0]
	if c.Desc.Width != atlasInitialSize || c.Desc.Height != atlasInitialSize || c.Data.Len != atlasInitialSize*atlasInitialSize*4 {
		t.Fatalf("atlas create %+v", c)
	}
	// White texels, coverage in alpha: some opaque, some clear.
	px := f.Bytes(c.Data)
	var opaque, clearPx int
	for i := 0; i < len(px); i += 4 {
		if px[i] != 255 || px[i+1] != 255 || px[i+2] != 255 {
			t.Fatalf("texel %d is %v, want white", i/4, px[i:i+4])
		}
		switch px[i+3] {
		case 255:
			opaque++
		case 0:
			clearPx++
		}
	}
	if opaque == 0 || clearPx == 0 {
		t.Fatalf("%d opaque and %d clear texels", opaque, clearPx)
	}

	// Steady: nothing to upload.
	renderOne(s, f)
	if c, u := resourceOps(f); len(c)+len(u) != 0 {
		t.Fatalf("steady frame uploads: %d creates, %d updates", len(c), len(u))
	}
	// A new label with non-ASCII glyphs: one update of just their rectangle.
	labelAt(s, "éñ", 20, 400, 100)
	renderOne(s, f)
	creates, updates = resourceOps(f)
	if len(creates) != 0 || len(updates) != 1 {
		t.Fatalf("new glyphs: %d creates, %d updates, want one update", len(creates), len(updates))
	}
	if r := updates[0].Rect; r.W*r.H > 60*60 || r.W <= 0 {
		t.Fatalf("update rect %v is not just the new glyphs", r)
	}
	// Another size is another atlas.
	labelAt(s, "Big", 40, 400, 500)
	renderOne(s, f)
	if CacheOf(s).Textures() != 2 {
		t.Fatalf("%d atlases, want 2", CacheOf(s).Textures())
	}

	// Release deletes every atlas; the labels upload again afterwards.
	f.Reset()
	CacheOf(s).Release(f)
	if len(f.Deletes()) != 2 || CacheOf(s).Textures() != 0 {
		t.Fatalf("Release: %d deletes, %d textures", len(f.Deletes()), CacheOf(s).Textures())
	}
	renderOne(s, f)
	if c, _ := resourceOps(f); len(c) != 2 || CacheOf(s).Textures() != 2 {
		t.Fatalf("after Release: %d creates", len(c))
	}
	for _, it := range f.Items() {
		if it.Texture == 0 {
			t.Fatalf("item with no texture after Release")
		}
	}
}

// Many glyphs at a large size overflow the first atlas: it grows into a new,
// larger texture holding every glyph at its old place, the old texture is
// deleted after the frame's draws, and the frame's glyphs use the new one.
func TestGlyphAtlasGrows(t *testing.T) {
	s, _, f := scene2D(t)
	// At 80 px nothing is preloaded: the first atlas holds "Hi".
	first := labelAt(s, "Hi", 80, 400, 300)
	renderOne(s, f)
	creates, _ := resourceOps(f)
	if len(creates) != 1 || creates[0].Desc.Width != atlasInitialSize {
		t.Fatalf("first frame: creates %+v", creates)
	}
	oldTex := creates[0].Texture
	oldPix := append([]byte(nil), f.Bytes(creates[0].Data)...)
	a := first.lay.atlases[0]
	h := a.entries[first.lay.quads[0].entry] // 'H'

	var b strings.Builder
	for r := rune('A'); r <= 'Z'; r++ {
		b.WriteRune(r)
	}
	for r := rune(0x391); r <= 0x3a9; r++ { // Greek capitals
		b.WriteRune(r)
	}
	for r := rune(0x410); r <= 0x42f; r++ { // Cyrillic capitals
		b.WriteRune(r)
	}
	labelAt(s, b.String(), 80, 400, 300)
	renderOne(s, f)
	creates, updates := resourceOps(f)
	if len(creates) != 1 || creates[0].Desc.Width <= atlasInitialSize || creates[0].Texture == oldTex {
		t.Fatalf("growth: creates %+v", creates)
	}
	// The new texture is created empty, and the used part of the atlas
	// (not the whole) uploaded.
	if creates[0].Data.Len != 0 || len(updates) != 1 || updates[0].Texture != creates[0].Texture ||
		updates[0].Rect.X != 0 || updates[0].Rect.Y != 0 || updates[0].Rect.W*updates[0].Rect.H >= creates[0].Desc.Width*creates[0].Desc.Height {
		t.Fatalf("growth: create %+v, updates %+v; want an empty create and one update of the used part", creates[0], updates)
	}
	dels := f.Deletes()
	if len(dels) != 1 || dels[0].Op != render.OpDeleteTexture || dels[0].Texture != oldTex {
		t.Fatalf("deletes %+v, want the old atlas", dels)
	}
	if CacheOf(s).Textures() != 1 || first.lay.atlases[0] != a {
		t.Fatalf("%d textures after growth, want 1", CacheOf(s).Textures())
	}
	// 'H' kept its texels: compare its rectangle in both uploads.
	newW := creates[0].Desc.Width
	newPix, upW := f.Bytes(updates[0].Data), updates[0].Rect.W
	for y := h.y; y < h.y+h.h; y++ {
		for x := h.x; x < h.x+h.w; x++ {
			if o, n := oldPix[(int(y)*atlasInitialSize+int(x))*4+3], newPix[(int(y)*upW+int(x))*4+3]; o != n {
				t.Fatalf("texel (%d,%d) of 'H' changed in growth: %d -> %d", x, y, o, n)
			}
		}
	}
	// The first label drew before the growth (this frame it uses the old
	// texture, which lives until after the draws); from the next frame on
	// every glyph uses the new one.
	renderOne(s, f)
	for _, it := range f.Items() {
		if it.Texture != creates[0].Texture {
			t.Fatalf("item uses %v after growth, want %v", it.Texture, creates[0].Texture)
		}
	}
	if bs, _ := f.Batches(); len(bs) != 1 {
		t.Fatalf("%d batches after growth, want 1", len(bs))
	}
	// UVs are relative to the new size: 'H' spans its texels / newW.
	vs := f.SpriteVertices()
	if u := vs[0].U; !near(u, float32(h.x)/float32(newW), 1e-6) {
		t.Fatalf("'H' u0 %v, want %v", u, float32(h.x)/float32(newW))
	}
}

func TestLabelBadInput(t *testing.T) {
	s, _, f := scene2D(t)
	empty := labelAt(s, "", 20, 400, 300)
	renderOne(s, f)
	if len(f.Items()) != 0 || len(f.Resources()) != 0 {
		t.Fatalf("empty label: %d items, %d resources", len(f.Items()), len(f.Resources()))
	}
	// Unknown runes, NUL, invalid UTF-8, odd sizes: no panic; at most one
	// quad (.notdef) per rune.
	empty.Text = "\U000F0000\x00\xff\xfe\u2028z"
	empty.FontSize = float32(math.NaN())
	empty.WrapWidth = float32(math.Inf(1))
	empty.LineHeight = -3
	renderOne(s, f)
	if n := len(f.Items()); n < 1 || n > 6 {
		t.Fatalf("%d glyphs for 6 odd runes", n)
	}
	empty.FontSize = 1e9
	empty.Text = "x"
	if sz := empty.Size(); !(sz[0] > 0 && sz[0] < 1000) {
		t.Fatalf("huge FontSize: Size %v (clamped to %d px)", sz, maxFontPixels)
	}
}

// Scenes sharing one GlyphCache share its atlases.
func TestGlyphCacheSharedAcrossScenes(t *testing.T) {
	cache := NewGlyphCache()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	for range 2 {
		s, _, _ := scene2D(t)
		UseCache(s, cache)
		labelAt(s, "shared", 20, 400, 300)
		renderOne(s, f)
	}
	if cache.Textures() != 1 {
		t.Fatalf("%d textures for two scenes at one size, want 1", cache.Textures())
	}
	if c, _ := resourceOps(f); len(c) != 0 {
		t.Fatalf("the second scene re-created the atlas")
	}
}

func BenchmarkExtractLabels(b *testing.B) {
	s, _, f := scene2D(b)
	for i := range 200 {
		labelAt(s, "Score: 123456", 18, float32(i*4%800), float32(i*3%600))
	}
	b.ReportAllocs()
	for b.Loop() {
		scenegraph.Extract(s, f)
		f.Reset()
	}
}

// goRegularTTF returns Go Regular's bytes.
func goRegularTTF() []byte { return goregular.TTF }

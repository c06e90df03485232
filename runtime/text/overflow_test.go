package text

import (
	"fmt"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

func TestLabelOverflowModes(t *testing.T) {
	const px = 16
	lh := lineHeight(t, px)
	para := "one two three four five six seven eight nine ten eleven twelve"
	l := NewLabel(para, px, render.White)
	l.WrapWidth = measure(t, "three four", px) + 1
	l.BoxHeight = 2*lh + 1
	all := l.LineCount()
	if all < 5 {
		t.Fatalf("%d lines", all)
	}
	// None: every line, the box as given.
	if sz := l.Size(); sz[1] != l.BoxHeight {
		t.Fatalf("none: box %v", sz)
	}
	// Clamp: two lines fit; the rest is cut.
	l.Overflow = OverflowClamp
	if n := l.LineCount(); n != 2 || !l.lay.truncated {
		t.Fatalf("clamp: %d lines, truncated %v", n, l.lay.truncated)
	}
	plain := len(l.lay.quads)
	// With an ellipsis the second line ends in "…".
	l.Ellipsis = true
	if n := l.LineCount(); n != 2 {
		t.Fatalf("clamp+ellipsis: %d lines", n)
	}
	ell, _ := font.NewFace(DefaultFont().ft).NominalGlyph('…')
	if q := l.lay.quads[len(l.lay.quads)-1]; q.glyph != ell || len(l.lay.quads) > plain+1 {
		t.Fatalf("last glyph %d, want the ellipsis %d", q.glyph, ell)
	}
	if w := f26(l.lay.lines[1].width); w > l.WrapWidth {
		t.Fatalf("ellipsis line %v wide, wrap %v", w, l.WrapWidth)
	}
	// Paragraph cut: the ellipsis goes on the last line kept.
	l.Text = "first\nsecond\nthird"
	if l.LineCount(); l.lay.quads[len(l.lay.quads)-1].glyph != ell {
		t.Fatal("no ellipsis when cutting whole paragraphs")
	}
	// Text that fits: no ellipsis.
	l.Text = "short"
	if l.LineCount(); l.lay.truncated || l.lay.quads[len(l.lay.quads)-1].glyph == ell {
		t.Fatal("ellipsis on text that fits")
	}

	// Shrink: the largest size at which the paragraph fits the box.
	l.Text, l.Ellipsis, l.Overflow = para, false, OverflowShrink
	n := l.LineCount()
	got := l.lay.px
	if got >= px || float32(n)*l.lay.lineH > l.BoxHeight {
		t.Fatalf("shrink: %d px, %d lines of %v in %v", got, n, l.lay.lineH, l.BoxHeight)
	}
	// One pixel more would not fit.
	bigger := NewLabel(para, float32(got+1), render.White)
	bigger.WrapWidth, bigger.BoxHeight, bigger.Overflow = l.WrapWidth, l.BoxHeight, OverflowShrink
	if bigger.LineCount(); bigger.lay.px != got {
		t.Fatalf("shrink from %d px gave %d, from %d gave %d", px, got, got+1, bigger.lay.px)
	}
	// Text that fits keeps its size.
	l.Text = "fits"
	if l.LineCount(); l.lay.px != px {
		t.Fatalf("shrink changed fitting text to %d px", l.lay.px)
	}

	// ResizeHeight: the box is as tall as the lines.
	l.Text, l.Overflow = para, OverflowResizeHeight
	if sz, n := l.Size(), l.LineCount(); !near(sz[1], float32(n)*lh, 0.02) || n != all {
		t.Fatalf("resize height: %v for %d lines", sz, n)
	}
}

// A label whose text changes among texts it had before lays out again
// without allocating (the shaper's layout cache); an unchanged one does
// not lay out at all.
func TestLabelChangedTextAllocatesNothing(t *testing.T) {
	s, _, f := scene2D(t)
	l := labelAt(s, "Score: 0", 20, 400, 300)
	texts := make([]string, 100)
	for i := range texts {
		texts[i] = fmt.Sprintf("Score: %d 世界", i)
	}
	UseFallback(s, ChainOf(sysFont(t, fontCJK, "Noto Sans CJK SC")))
	i := 0
	step := func() {
		l.Text = texts[i%len(texts)]
		i++
		scenegraph.Extract(s, f)
		f.Reset()
	}
	for range len(texts) {
		step()
	}
	if a := testing.AllocsPerRun(300, step); a != 0 {
		t.Fatalf("a changed label allocates %v times per frame", a)
	}
	before := l.lay.layouts
	scenegraph.Extract(s, f)
	f.Reset()
	scenegraph.Extract(s, f)
	if l.lay.layouts != before {
		t.Fatal("an unchanged label laid out again")
	}
}

// BenchmarkLabelRelayout: a label changing to a new text every frame,
// shaped from scratch (the layout cache misses).
func BenchmarkLabelRelayout(b *testing.B) {
	l := NewLabel("", 20, render.White)
	l.WrapWidth = 300
	texts := make([]string, 4096)
	for i := range texts {
		texts[i] = fmt.Sprintf("Score %d: the quick brown fox jumps over the lazy dog", i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		l.Text = texts[i%len(texts)]
		i++
		l.Size()
	}
}

// cjkText returns n distinct common ideographs (from U+4E00) that f has.
func cjkText(f *Font, n int) []rune {
	var rs []rune
	for r := rune(0x4e00); len(rs) < n && r < 0x9fff; r++ {
		if f.Has(r) {
			rs = append(rs, r)
		}
	}
	return rs
}

func TestLabelPrewarm(t *testing.T) {
	cjk := sysFont(t, fontCJK, "Noto Sans CJK SC")
	s, _, f := scene2D(t)
	l := labelAt(s, "", 20, 400, 300)
	l.Font = cjk
	rs := cjkText(cjk, 600)
	texts := []string{string(rs[:300]), string(rs[300:])}
	l.WrapWidth = 600
	l.Prewarm(f, texts...)
	if len(f.Resources()) == 0 || l.Text != "" {
		t.Fatalf("prewarm uploaded nothing (%d) or changed Text", len(f.Resources()))
	}
	cache := CacheOf(s)
	glyphs := len(cache.atlases[0].entries)
	for _, txt := range texts {
		f.Reset()
		l.Text = txt
		allocs := testing.AllocsPerRun(2, func() { f.Reset(); scenegraph.Extract(s, f) })
		if allocs != 0 || len(f.Resources()) != 0 {
			t.Fatalf("a prewarmed text: %v allocs, %d uploads", allocs, len(f.Resources()))
		}
		if len(f.Items()) != 300 {
			t.Fatalf("%d glyphs drawn, want 300", len(f.Items()))
		}
	}
	if len(cache.atlases[0].entries) != glyphs {
		t.Fatal("drawing rasterized glyphs again")
	}
}

// BenchmarkFirstFrame3000CJK: the first frame of a screen of 3,000
// distinct ideographs (60 labels of 50) at 20 px, with an empty glyph cache:
// shaping, rasterizing, atlas growth to 2048×2048 and the upload.
func BenchmarkFirstFrame3000CJK(b *testing.B) {
	cjk := sysFont(b, fontCJK, "Noto Sans CJK SC")
	rs := cjkText(cjk, 3000)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s, _, f := scene2D(b)
		for i := range 60 {
			l := labelAt(s, string(rs[i*50:(i+1)*50]), 20, 400, float32(10+i*10))
			l.Font = cjk
		}
		b.StartTimer()
		scenegraph.Extract(s, f)
	}
}

// Every bidi paragraph separator starts a new line, as '\n' does: the
// shaper's segmenter ends a paragraph at each and drops it, so a separator
// left inside a paragraph made the runs fall short of the text and the
// wrapper panicked (found by fuzzing rich text).
func TestLabelParagraphSeparators(t *testing.T) {
	l := NewLabel("0000A0000000AA000000000\x1c", 16, render.White)
	l.WrapWidth = 206
	nl := NewLabel("0000A0000000AA000000000\n", 16, render.White)
	nl.WrapWidth = 206
	if n, want := l.LineCount(), nl.LineCount(); n != want {
		t.Fatalf("%q: %d lines, want %d as with a newline", l.Text, n, want)
	}
	for _, sep := range []string{"\n", "\x1c", "\x1d", "\x1e", "\u0085", "\u2029"} {
		l := NewLabel("ab"+sep+"cd"+sep+"ef", 16, render.White)
		l.WrapWidth = 300
		if n, q := l.LineCount(), len(l.lay.quads); n != 3 || q != 6 {
			t.Errorf("separator %q: %d lines, %d glyphs; want 3 lines of 2", sep, n, q)
		}
	}
}

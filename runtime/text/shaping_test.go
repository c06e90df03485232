package text

import (
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/tact-engine/tact/render"
)

func TestFontCollections(t *testing.T) {
	c, err := ParseFontCollection("NotoSansCJK-Regular.ttc", readSysFont(t, fontCJK))
	if err != nil {
		t.Fatal(err)
	}
	fams := c.Families()
	if c.Len() < 4 || !strings.Contains(strings.Join(fams, "|"), "Noto Sans CJK JP") {
		t.Fatalf("%d faces %v", c.Len(), fams)
	}
	sc, err := c.Lookup("Noto Sans CJK SC")
	if err != nil || sc.Family() != "Noto Sans CJK SC" {
		t.Fatalf("Lookup SC = %v, %v", sc, err)
	}
	if again, _ := c.Lookup("notosanscjksc"); again != sc {
		t.Fatal("a second lookup must return the same *Font")
	}
	if !sc.Has('世') || !sc.Has('界') || sc.Has('\U0001F600') {
		t.Fatal("coverage of the CJK face")
	}
	byIndex, err := c.Lookup("2")
	if err != nil || byIndex.Name() != "NotoSansCJK-Regular.ttc#2" || byIndex.Family() != fams[2] {
		t.Fatalf("Lookup(\"2\") = %v (%q), %v", byIndex, byIndex.Name(), err)
	}
	if _, err := c.Font(c.Len()); err == nil || !strings.Contains(err.Error(), `text: font "NotoSansCJK-Regular.ttc": face `) {
		t.Fatalf("out of range: %v", err)
	}
	if _, err := c.Lookup("Comic Sans"); err == nil || !strings.Contains(err.Error(), "Noto Sans CJK JP") {
		t.Fatalf("unknown family: %v (must list the families)", err)
	}
	// ParseFont takes a collection's first face.
	f, err := ParseFont("wqy-microhei.ttc", readSysFont(t, fontWQY))
	if err != nil || f.Name() != "wqy-microhei.ttc#0" || !f.Has('界') {
		t.Fatalf("ParseFont(ttc) = %v, %v", f, err)
	}
	droid, err := ParseFont("DroidSansFallbackFull.ttf", readSysFont(t, fontDroid))
	if err != nil || droid.Name() != "DroidSansFallbackFull.ttf" || !droid.Has('世') {
		t.Fatalf("ParseFont(Droid) = %v, %v", droid, err)
	}
	// A collection built from Go Regular: two faces, one font each.
	tc := goTTC(2)
	c2, err := ParseFontCollection("go.ttc", tc)
	if err != nil || c2.Len() != 2 {
		t.Fatalf("go.ttc: %v, %v", c2, err)
	}
	if f, err := c2.Font(1); err != nil || f.Family() != "Go" {
		t.Fatalf("go.ttc#1: %v, %v", f, err)
	}
}

// goTTC returns a font collection of n faces, each Go Regular: a 'ttcf'
// header whose offsets all point at one copy of the font, with its table
// offsets moved past the header.
func goTTC(n int) []byte {
	src := DefaultFont()
	_ = src
	ttf := goRegularTTF()
	head := 12 + 4*n
	out := make([]byte, head+len(ttf))
	copy(out, "ttcf\x00\x01\x00\x00")
	be32 := func(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v) }
	be32(out[8:], uint32(n))
	for i := range n {
		be32(out[12+4*i:], uint32(head))
	}
	copy(out[head:], ttf)
	tables := int(ttf[4])<<8 | int(ttf[5])
	for i := range tables {
		rec := out[head+12+16*i:]
		off := uint32(rec[8])<<24 | uint32(rec[9])<<16 | uint32(rec[10])<<8 | uint32(rec[11])
		be32(rec[8:], off+uint32(head))
	}
	return out
}

// layoutOf lays l out and returns, per quad in visual order, its font
// index and glyph.
func quadsOf(l *Label) []glyphQuad {
	l.layout()
	return l.lay.quads
}

func TestFallbackChainPerCluster(t *testing.T) {
	cjk := sysFont(t, fontCJK, "Noto Sans CJK SC")
	l := NewLabel("Hello, 世界", 24, render.White)
	plain := quadsOf(l)
	if n := len(plain); n != 8 || plain[6].glyph != 0 || plain[7].glyph != 0 {
		t.Fatalf("without a fallback 世界 must be .notdef: %+v", plain)
	}
	l.Fallback = ChainOf(cjk)
	qs := quadsOf(l)
	if len(qs) != 8 {
		t.Fatalf("%d quads, want 8", len(qs))
	}
	if l.lay.fonts[0] != DefaultFont() || l.lay.fonts[1] != cjk {
		t.Fatalf("chain %v", l.lay.fonts)
	}
	face := font.NewFace(cjk.ft)
	for i, q := range qs {
		wantFont := uint8(0)
		if i >= 6 {
			wantFont = 1
		}
		if q.font != wantFont || q.glyph == 0 {
			t.Fatalf("quad %d: font %d glyph %d", i, q.font, q.glyph)
		}
	}
	if g, _ := face.NominalGlyph('世'); qs[6].glyph != g {
		t.Fatalf("世 drawn with glyph %d, want %d", qs[6].glyph, g)
	}
	// Latin stays in Go even though the CJK font has it too: first font wins.
	if qs[0].x >= qs[6].x {
		t.Fatal("世 must follow Hello")
	}
	// Bold picks the Go Bold face; the chain's family has no bold and
	// draws its regular.
	l.Bold = true
	quadsOf(l)
	if l.lay.fonts[0] != defaultBold() || l.lay.fonts[1] != cjk {
		t.Fatalf("bold chain %v", l.lay.fonts)
	}
	l.Italic = true
	if quadsOf(l); l.lay.fonts[0] != defaultBoldItalic() {
		t.Fatal("bold italic face")
	}
}

func TestShapingArabicJoiningAndRTL(t *testing.T) {
	ar := sysFont(t, fontArabic)
	face := font.NewFace(ar.ft)
	l := NewLabel("كتب", 32, render.White) // kaf, teh, beh: initial, medial, final
	l.Font = ar
	qs := quadsOf(l)
	if len(qs) != 3 {
		t.Fatalf("%d glyphs for كتب", len(qs))
	}
	// Joined forms differ from the isolated (nominal) ones, and the first
	// letter (kaf) is the rightmost: the line runs right to left.
	seen, _ := face.NominalGlyph('ك')
	joined := 0
	for _, r := range "كتب" {
		g, _ := face.NominalGlyph(r)
		for _, q := range qs {
			if q.glyph == g {
				joined--
				break
			}
		}
		joined++
	}
	if joined < 3 {
		t.Fatalf("only %d of 3 letters took a joining form: %+v", joined, qs)
	}
	right := qs[len(qs)-1]
	if right.glyph == seen {
		t.Fatal("the initial kaf must be a joining form")
	}
	for _, q := range qs[:len(qs)-1] {
		if q.x >= right.x {
			t.Fatalf("glyph order not right to left: %+v", qs)
		}
	}
	// Lam-alef forms one ligature: سلام has four letters, three glyphs.
	l.Text = "لا"
	if qs := quadsOf(l); len(qs) != 1 {
		t.Fatalf("لا: %d glyphs, want the lam-alef ligature", len(qs))
	}
	l.Text = "سلام"
	if qs := quadsOf(l); len(qs) != 3 {
		t.Fatalf("سلام: %d glyphs, want 3 (lam-alef)", len(qs))
	}
}

func TestShapingMixedDirections(t *testing.T) {
	he := sysFont(t, fontHebrew)
	l := NewLabel("abc שלום def", 24, render.White)
	l.Fallback = ChainOf(he)
	qs := quadsOf(l)
	if len(qs) != 10 {
		t.Fatalf("%d glyphs", len(qs))
	}
	hf := font.NewFace(he.ft)
	shin, _ := hf.NominalGlyph('ש')
	mem, _ := hf.NominalGlyph('ם')
	// Visual order: a b c ם ו ל ש d e f.
	if qs[3].font != 1 || qs[3].glyph != mem || qs[6].glyph != shin || qs[7].font != 0 {
		t.Fatalf("visual order wrong: %+v", qs)
	}
	for i := 1; i < len(qs); i++ {
		if qs[i].x <= qs[i-1].x {
			t.Fatalf("quads not left to right: %+v", qs)
		}
	}
	// An RTL paragraph puts the Latin word at its end, on the left.
	l.Text = "שלום abc"
	qs = quadsOf(l)
	if qs[0].font != 0 || qs[len(qs)-1].glyph != shin {
		t.Fatalf("RTL paragraph order: %+v", qs)
	}
}

func TestShapingIndicAndThaiClusters(t *testing.T) {
	dev := sysFont(t, fontDevanagari)
	l := NewLabel("क्ष", 32, render.White) // ka, virama, ssa: the conjunct kssa
	l.Font = dev
	df := font.NewFace(dev.ft)
	virama, _ := df.NominalGlyph('्')
	qs := quadsOf(l)
	if len(qs) >= 3 {
		t.Fatalf("क्ष: %d glyphs, want a conjunct (fewer than 3)", len(qs))
	}
	for _, q := range qs {
		if q.glyph == virama {
			t.Fatal("a visible virama: no conjunct formed")
		}
	}
	// The i-matra is drawn before (left of) the consonant it follows.
	l.Text = "कि"
	qs = quadsOf(l)
	ka, _ := df.NominalGlyph('क')
	if len(qs) != 2 || qs[1].glyph != ka || qs[0].x > qs[1].x {
		t.Fatalf("कि: %+v (the matra must come first)", qs)
	}

	th := sysFont(t, fontThai)
	l.Font, l.Text = th, "ที่"
	qs = quadsOf(l)
	if len(qs) != 3 {
		t.Fatalf("ที่: %d glyphs, want base and two marks", len(qs))
	}
	// The marks sit over the base: not after its advance, and stacked.
	tf := font.NewFace(th.ft)
	base, _ := tf.NominalGlyph('ท')
	adv := float32(tf.HorizontalAdvance(base)) * 32 / float32(th.ft.Upem())
	for _, q := range qs[1:] {
		if q.x-qs[0].x >= adv {
			t.Fatalf("mark after the base's advance: %+v (advance %v)", qs, adv)
		}
	}
}

func TestLineBreakingCJK(t *testing.T) {
	cjk := sysFont(t, fontCJK, "Noto Sans CJK JP")
	l := NewLabel("これは日本語の文章です。「括弧」もあります。ちょっと待ってください。", 20, render.White)
	l.Font = cjk
	l.HAlign = AlignLeft
	l.WrapWidth = 20*5 + 5 // five ideographs a line
	l.layout()
	if n := l.LineCount(); n < 6 {
		t.Fatalf("%d lines: CJK text must wrap between ideographs", n)
	}
	face := font.NewFace(cjk.ft)
	forbidden := map[font.GID]rune{}
	for _, r := range "。、」）ょっぁ" {
		g, _ := face.NominalGlyph(r)
		forbidden[g] = r
	}
	open, _ := face.NominalGlyph('「')
	start := 0
	for i, ln := range l.lay.lines {
		if ln.end > start {
			if r, bad := forbidden[l.lay.quads[start].glyph]; bad {
				t.Fatalf("line %d starts with %q", i, r)
			}
			if l.lay.quads[ln.end-1].glyph == open {
				t.Fatalf("line %d ends with an opening bracket", i)
			}
		}
		if w := f26(ln.width); w > l.WrapWidth {
			t.Fatalf("line %d is %v wide (wrap %v)", i, w, l.WrapWidth)
		}
		start = ln.end
	}
}

// FuzzParseFontCollection: collections (and single fonts) of any bytes
// give errors naming the file, never a panic; faces that parse lay out and
// draw mixed-script text without a panic.
func FuzzParseFontCollection(f *testing.F) {
	f.Add(goTTC(2))
	f.Add(goTTC(1)[:600])
	f.Add([]byte("ttcf\x00\x01\x00\x00\xff\xff\xff\xff"))
	f.Add([]byte("ttcf\x00\x02\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10"))
	f.Add(goRegularTTF()[:3000])
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseFontCollection("fuzz.ttc", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), `text: font "fuzz.ttc": `) {
				t.Fatalf("error %q does not name the font", err)
			}
			return
		}
		for i := range min(c.Len(), 3) {
			font, err := c.Font(i)
			if err != nil {
				if !strings.HasPrefix(err.Error(), `text: font "fuzz.ttc`) {
					t.Fatalf("error %q does not name the font", err)
				}
				continue
			}
			s, _, fr := scene2D(t)
			l := labelAt(s, "Hi, 世界 שלום كتب क्ष\nที่ fi…", 18, 400, 300)
			l.Font, l.WrapWidth, l.Overflow, l.BoxHeight, l.Ellipsis = font, 60, OverflowClamp, 30, true
			renderOne(s, fr)
		}
	})
}

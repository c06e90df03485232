package text

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

const testFnt = `info face="Tiny" size=-16 bold=0 italic=0 charset="" unicode=1 stretchH=100 smooth=1 aa=1 padding=0,0,0,0 spacing=1,1
common lineHeight=20 base=16 scaleW=64 scaleH=64 pages=2 packed=0
page id=0 file="tiny_0.png"
page id=1 file="tiny_1.png"
chars count=3
char id=65   x=0    y=0    width=10   height=12   xoffset=1    yoffset=4    xadvance=11   page=0  chnl=15
char id=86   x=12   y=0    width=10   height=12   xoffset=0    yoffset=4    xadvance=10   page=1  chnl=15
char id=32   x=0    y=0    width=0    height=0    xoffset=0    yoffset=16   xadvance=5    page=0  chnl=15
kernings count=1
kerning first=65  second=86  amount=-3
`

const testFntXML = `<?xml version="1.0"?>
<font>
  <info face="Tiny" size="-16" bold="0" italic="0"/>
  <common lineHeight="20" base="16" scaleW="64" scaleH="64" pages="2" packed="0"/>
  <pages>
    <page id="0" file="tiny_0.png"/>
    <page id="1" file="tiny_1.png"/>
  </pages>
  <chars count="3">
    <char id="65" x="0" y="0" width="10" height="12" xoffset="1" yoffset="4" xadvance="11" page="0" chnl="15"/>
    <char id="86" x="12" y="0" width="10" height="12" xoffset="0" yoffset="4" xadvance="10" page="1" chnl="15"/>
    <char id="32" x="0" y="0" width="0" height="0" xoffset="0" yoffset="16" xadvance="5" page="0" chnl="15"/>
  </chars>
  <kernings count="1">
    <kerning first="65" second="86" amount="-3"/>
  </kernings>
</font>
`

// testFntBinary encodes the same font in BMFont's binary form, version 3.
func testFntBinary() []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	b.WriteString("BMF\x03")
	block := func(typ byte, body []byte) {
		b.WriteByte(typ)
		binary.Write(&b, le, uint32(len(body)))
		b.Write(body)
	}
	info := make([]byte, 14)
	le.PutUint16(info, uint16(0x10000-16))
	block(1, append(info, "Tiny\x00"...))
	common := make([]byte, 15)
	le.PutUint16(common, 20)
	le.PutUint16(common[2:], 16)
	le.PutUint16(common[4:], 64)
	le.PutUint16(common[6:], 64)
	le.PutUint16(common[8:], 2)
	block(2, common)
	block(3, []byte("tiny_0.png\x00tiny_1.png\x00"))
	var chars []byte
	for _, c := range []struct {
		id          uint32
		x, y, w, h  uint16
		xo, yo, adv int16
		page        uint8
	}{{65, 0, 0, 10, 12, 1, 4, 11, 0}, {86, 12, 0, 10, 12, 0, 4, 10, 1}, {32, 0, 0, 0, 0, 0, 16, 5, 0}} {
		e := make([]byte, 20)
		le.PutUint32(e, c.id)
		le.PutUint16(e[4:], c.x)
		le.PutUint16(e[6:], c.y)
		le.PutUint16(e[8:], c.w)
		le.PutUint16(e[10:], c.h)
		le.PutUint16(e[12:], uint16(c.xo))
		le.PutUint16(e[14:], uint16(c.yo))
		le.PutUint16(e[16:], uint16(c.adv))
		e[18], e[19] = c.page, 15
		chars = append(chars, e...)
	}
	block(4, chars)
	k := make([]byte, 10)
	le.PutUint32(k, 65)
	le.PutUint32(k[4:], 86)
	le.PutUint16(k[8:], uint16(0x10000-3))
	block(5, k)
	return b.Bytes()
}

func TestParseBMFontForms(t *testing.T) {
	for form, data := range map[string][]byte{"text": []byte(testFnt), "xml": []byte(testFntXML), "binary": testFntBinary()} {
		f, err := ParseBMFont("tiny.fnt", data)
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		if f.Face != "Tiny" || f.Size != 16 || f.LineHeight != 20 || f.Base != 16 || f.Chars() != 3 ||
			len(f.Files) != 2 || f.Files[0] != "tiny_0.png" || f.Files[1] != "tiny_1.png" {
			t.Errorf("%s: %+v", form, f)
		}
		if c, ok := f.Char('V'); !ok || c != (BitmapChar{X: 12, Width: 10, Height: 12, YOffset: 4, XAdvance: 10, Page: 1}) {
			t.Errorf("%s: V = %+v %v", form, c, ok)
		}
		if k := f.Kerning('A', 'V'); k != -3 {
			t.Errorf("%s: kerning AV %d, want -3", form, k)
		}
		if k := f.Kerning('V', 'A'); k != 0 {
			t.Errorf("%s: kerning VA %d, want 0", form, k)
		}
	}
}

func TestParseBMFontErrors(t *testing.T) {
	for _, tc := range []struct{ data, err string }{
		{"info face=x\n", `text: bitmap font "bad.fnt": no common block (lineHeight, base)`},
		{"common base=3\n", `text: bitmap font "bad.fnt": line 1: common has no lineHeight`},
		{"common lineHeight=0\npage id=0 file=a.png\n", `text: bitmap font "bad.fnt": common lineHeight 0 is not positive`},
		{"common lineHeight=10 pages=1\n", `text: bitmap font "bad.fnt": common declares 1 pages, the file has 0`},
		{"common lineHeight=10\npage id=1 file=a.png\n", `text: bitmap font "bad.fnt": line 2: page id 1: ids must be 0..0`},
		{"common lineHeight=10\npage id=0\n", `text: bitmap font "bad.fnt": line 2: page 0 has no file`},
		{"common lineHeight=10\npage id=0 file=a.png\nchar id=65 x=-1\n", `text: bitmap font "bad.fnt": line 3: char 65 has a negative position, size or page`},
		{"common lineHeight=10\npage id=0 file=a.png\nchar id=65 x=1 page=3\n", `text: bitmap font "bad.fnt": char 65 is on page 3, but the font has 1 pages`},
		{"common lineHeight=10\npage id=0 file=a.png\nchar id=65\nchar id=65\n", `text: bitmap font "bad.fnt": line 4: char 65 is defined twice`},
		{"common lineHeight=ten\n", `text: bitmap font "bad.fnt": line 1: common lineHeight="ten" is not an integer in [-16384, 16384]`},
		{"common lineHeight=10\npage id=0 file=\"a.png\n", `text: bitmap font "bad.fnt": line 2: page file: unterminated quoted value`},
		{"<font><common lineHeight=\"10\"></font>", `text: bitmap font "bad.fnt": line 1: bad XML: XML syntax error on line 1: element <common> closed by </font>`},
		{"BMF\x02", `text: bitmap font "bad.fnt": binary: only version 3 is supported`},
		{"BMF\x03\x04\x09\x00\x00\x00abc", `text: bitmap font "bad.fnt": binary: block 4 at offset 4: size 9 runs past the end`},
	} {
		_, err := ParseBMFont("bad.fnt", []byte(tc.data))
		if err == nil || err.Error() != tc.err {
			t.Errorf("%q:\n got %v\nwant %s", tc.data, err, tc.err)
		}
	}
}

func TestBMFontWithPages(t *testing.T) {
	f, _ := ParseBMFont("tiny.fnt", []byte(testFnt))
	if _, err := f.WithPages([]BitmapPage{{Texture: 1, Width: 64, Height: 64}}); err == nil ||
		err.Error() != `text: bitmap font "tiny.fnt": 1 page textures for 2 pages` {
		t.Fatalf("page count: %v", err)
	}
	_, err := f.WithPages([]BitmapPage{{Texture: 1, Width: 64, Height: 64}, {Texture: 2, Width: 16, Height: 16}})
	if err == nil || err.Error() != `text: bitmap font "tiny.fnt": char 86 ('V') at 12,0 10x12 lies outside page 1 ("tiny_1.png", 16x16)` {
		t.Fatalf("small page: %v", err)
	}
	g, err := f.WithPages([]BitmapPage{{Texture: 1, Width: 64, Height: 64}, {Texture: 2, Width: 64, Height: 64}})
	if err != nil || g.Page(1).Texture != 2 || f.Page(1).Texture != 0 {
		t.Fatalf("WithPages: %v; the parsed font must stay as it was", err)
	}
}

func TestLabelWithBitmapFont(t *testing.T) {
	s, _, fr := scene2D(t)
	parsed, _ := ParseBMFont("tiny.fnt", []byte(testFnt))
	f, _ := parsed.WithPages([]BitmapPage{{Texture: 5, Width: 64, Height: 64}, {Texture: 6, Width: 64, Height: 64}})
	l := labelAt(s, "AV A", 0, 400, 300)
	l.BitmapFont = f
	l.Anchor = [2]float32{0, 1} // top-left at the node
	l.HAlign = AlignLeft
	// Width: A (11) + kerning AV (-3) + V (10) + space (5) + A (11) = 34.
	if sz := l.Size(); sz[0] != 34 || sz[1] != 20 || l.LineCount() != 1 {
		t.Fatalf("size %v, %d lines; want 34x20, 1 line", sz, l.LineCount())
	}
	renderOne(s, fr)
	bs, inst := fr.Batches()
	if len(inst) != 3 {
		t.Fatalf("%d sprites, want 3 (the space draws nothing)", len(inst))
	}
	// In drawing order: A at pen 0 (+xoffset 1), V at 11-3 = 8, A at 8+10+5 = 23;
	// tops at yoffset 4 below the line's top (y 300).
	type quad struct {
		x, y, w, h float32
		tex        render.TextureID
	}
	var got []quad
	for _, b := range bs {
		for i := b.First; i < b.First+b.Count; i++ {
			in := inst[i]
			got = append(got, quad{in.X, in.Y, in.AX, in.BY, b.Texture})
		}
	}
	want := map[quad]bool{{401, 284, 10, 12, 5}: true, {408, 284, 10, 12, 6}: true, {424, 284, 10, 12, 5}: true}
	for _, q := range got {
		if !want[q] {
			t.Errorf("sprite %+v not expected; want %v", q, want)
		}
	}
	// FontSize scales from the font's size; wrapping breaks at the space.
	l.FontSize = 32
	if sz := l.Size(); sz[0] != 68 || sz[1] != 40 {
		t.Fatalf("at 32 px: %v, want 68x40", sz)
	}
	l.FontSize, l.WrapWidth = 0, 20
	if n, sz := l.LineCount(), l.Size(); n != 2 || sz[0] != 20 || sz[1] != 40 {
		t.Fatalf("wrapped: %d lines, %v; want 2 lines, 20x40", n, sz)
	}
	l.WrapWidth = 0
	renderOne(s, fr)
	allocs := testing.AllocsPerRun(50, func() { renderOne(s, fr) })
	if allocs != 0 {
		t.Fatalf("a bitmap label frame allocates %v times", allocs)
	}
	if l.bm.layouts != 4 {
		t.Fatalf("%d layouts, want 4 (steady frames lay out nothing)", l.bm.layouts)
	}
}

func FuzzBMFont(f *testing.F) {
	f.Add([]byte(testFnt))
	f.Add([]byte(testFntXML))
	f.Add(testFntBinary())
	f.Add([]byte("common lineHeight=10\npage id=0 file=a.png\nchar id=65 width=3 height=3 xadvance=4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fnt, err := ParseBMFont("fuzz.fnt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), `text: bitmap font "fuzz.fnt": `) {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		if fnt.LineHeight <= 0 || len(fnt.Files) == 0 {
			t.Fatalf("accepted %+v", fnt)
		}
		pages := make([]BitmapPage, len(fnt.Files))
		for i := range pages {
			pages[i] = BitmapPage{Texture: render.TextureID(i + 1), Width: 1 << 14, Height: 1 << 14}
		}
		g, err := fnt.WithPages(pages)
		if err != nil {
			return
		}
		l := NewLabel("AV A\nxyz 123", 0, render.White)
		l.BitmapFont, l.WrapWidth = g, 30
		if sz := l.Size(); !(sz[0] >= 0 && sz[1] >= 0) {
			t.Fatalf("size %v", sz)
		}
	})
}

// One BitmapFont serves labels on several goroutines (it is read-only).
func TestBitmapFontSharedAcrossGoroutines(t *testing.T) {
	parsed, _ := ParseBMFont("tiny.fnt", []byte(testFnt))
	f, _ := parsed.WithPages([]BitmapPage{{Texture: 5, Width: 64, Height: 64}, {Texture: 6, Width: 64, Height: 64}})
	done := make(chan float32)
	for i := range 4 {
		go func() {
			l := NewLabel(strings.Repeat("AV ", i+1), 0, render.White)
			l.BitmapFont = f
			done <- l.Size()[0]
		}()
	}
	got := map[float32]bool{}
	for range 4 {
		got[<-done] = true
	}
	// "AV " n times: n*(11-3+10+5), less the trailing space, which takes
	// no width (as in a Label).
	for _, w := range []float32{18, 41, 64, 87} {
		if !got[w] {
			t.Fatalf("widths %v, want 18, 41, 64, 87", got)
		}
	}
}

func BenchmarkBitmapLabelLayout(b *testing.B) {
	parsed, _ := ParseBMFont("tiny.fnt", []byte(testFnt))
	f, _ := parsed.WithPages([]BitmapPage{{Texture: 5, Width: 64, Height: 64}, {Texture: 6, Width: 64, Height: 64}})
	l := NewLabel("", 0, render.White)
	l.BitmapFont, l.WrapWidth = f, 120
	texts := []string{"AV AV AV AV AV AV AV AV", "VA VA VA VA VA VA VA VA"}
	b.ReportAllocs()
	for i := range b.N {
		l.Text = texts[i%2]
		l.Size()
	}
}

func BenchmarkParseBMFont(b *testing.B) {
	data := []byte(testFnt)
	b.ReportAllocs()
	for range b.N {
		if _, err := ParseBMFont("tiny.fnt", data); err != nil {
			b.Fatal(err)
		}
	}
}

package text

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-text/typesetting/font"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// atlasRGBA returns the RGBA8 pixels the cache uploads for entry e of a.
func atlasRGBA(a *glyphAtlas, e glyphEntry) []byte {
	return a.cache.expand(a, image.Rect(int(e.x), int(e.y), int(e.x+e.w), int(e.y+e.h)))
}

// A color emoji (Noto Color Emoji: CBDT PNG strikes, no outlines) draws
// its own colors, scaled to the font size and drawn untinted but for the
// label's alpha, in the same batch as the text around it of its font.
func TestColorEmojiGlyph(t *testing.T) {
	emoji := sysFont(t, fontEmoji)
	s, _, f := scene2D(t)
	l := labelAt(s, "😀🍎", 32, 400, 300)
	l.Font = emoji
	l.Color = render.RGBA(255, 0, 0, 200) // tint ignored, alpha kept
	renderOne(s, f)
	vs := f.SpriteVertices()
	if len(vs) != 8 {
		t.Fatalf("%d quads, want 2 emoji", len(vs)/4)
	}
	for _, v := range vs {
		if v.Color != render.RGBA(255, 255, 255, 200) {
			t.Fatalf("emoji vertex color %x, want white with the label's alpha 200", v.Color)
		}
	}
	a := l.lay.atlases[l.lay.quads[0].font]
	e := a.entries[l.lay.quads[0].entry]
	if !e.color {
		t.Fatal("the emoji's entry is not a color glyph")
	}
	// Noto Color Emoji: 136×128 bitmaps at 109 ppem, advance 2550/2048 em.
	// At 32 px: about 40×38 pixels.
	if e.w < 36 || e.w > 42 || e.h < 34 || e.h > 40 {
		t.Fatalf("emoji bitmap %d×%d at 32 px, want about 40×38", e.w, e.h)
	}
	// 😀 is a yellow face; 🍎 a red apple: the atlas holds those colors.
	px := atlasRGBA(a, e)
	yellow, red := 0, 0
	for i := 0; i < len(px); i += 4 {
		if px[i+3] > 200 && px[i] > 200 && px[i+1] > 150 && px[i+2] < 100 {
			yellow++
		}
	}
	e2 := a.entries[l.lay.quads[1].entry]
	px = atlasRGBA(a, e2)
	for i := 0; i < len(px); i += 4 {
		if px[i+3] > 200 && int(px[i]) > int(px[i+1])+80 && int(px[i]) > int(px[i+2])+80 {
			red++
		}
	}
	if yellow < int(e.w*e.h)/4 || red < int(e2.w*e2.h)/4 {
		t.Fatalf("emoji colors: %d yellow pixels of %d, %d red of %d", yellow, e.w*e.h, red, e2.w*e2.h)
	}
	// The bitmap sits on the baseline as the font's extents say: its
	// bottom a little below it, its top near the ascent.
	if e.by > 0 || e.by < -12 || e.by+e.h < 24 {
		t.Fatalf("emoji placed at by=%d, h=%d: want it straddling the baseline", e.by, e.h)
	}
}

// A label mixing text and emoji through a fallback chain draws the emoji
// from the emoji font's atlas (one more texture), the text tinted.
func TestColorEmojiFallback(t *testing.T) {
	emoji := sysFont(t, fontEmoji)
	s, _, f := scene2D(t)
	l := labelAt(s, "Hi 👋", 24, 400, 300)
	l.Fallback = NewFontChain(FamilyOf(emoji))
	l.Color = render.RGBA(0, 255, 0, 255)
	renderOne(s, f)
	var colored, tinted int
	for _, v := range f.SpriteVertices() {
		switch v.Color {
		case render.White:
			colored++
		case l.Color:
			tinted++
		}
	}
	if colored != 4 || tinted != 8 {
		t.Fatalf("%d emoji vertices, %d tinted text vertices; want 4 and 8", colored, tinted)
	}
	if bs, _ := f.Batches(); len(bs) != 2 {
		t.Fatalf("%d batches, want 2 (text atlas, emoji atlas)", len(bs))
	}
}

// Outline and shadow: the shadow's sprites, then the outline's, then the
// glyphs', all in one batch; the bitmaps grow by the width (plus the
// antialiased pixel) and the blur.
func TestLabelOutlineAndShadow(t *testing.T) {
	s, _, f := scene2D(t)
	l := labelAt(s, "Tact", 32, 400, 300)
	l.Color = render.RGBA(250, 250, 250, 255)
	l.EnableOutline, l.OutlineColor, l.OutlineWidth = true, render.RGBA(200, 0, 0, 255), 3
	l.EnableShadow, l.ShadowColor, l.ShadowOffset, l.ShadowBlur = true, render.RGBA(0, 0, 0, 128), mgl32.Vec2{4, -4}, 2
	renderOne(s, f)
	vs := f.SpriteVertices()
	if len(vs) != 3*4*4 {
		t.Fatalf("%d quads, want 12: shadow, outline, glyph for 4 letters", len(vs)/4)
	}
	want := []render.Color{l.ShadowColor, l.OutlineColor, l.Color}
	for i, v := range vs {
		if c := want[i/16]; v.Color != c {
			t.Fatalf("vertex %d color %x, want %x (shadow, outline, then text)", i, v.Color, c)
		}
	}
	if bs, _ := f.Batches(); len(bs) != 1 || bs[0].Count != 12 {
		t.Fatalf("batches %+v, want one of 12 sprites", bs)
	}
	a := l.lay.atlases[0]
	q := l.lay.quads[0]
	g := a.entries[q.entry]
	o := a.entries[l.fx.outlineEntries[0]]
	sh := a.entries[l.fx.shadowEntries[0]]
	if o.w != g.w+2*4 || o.h != g.h+2*4 || o.bx != g.bx-4 || o.by != g.by-4 {
		t.Fatalf("outline bitmap %+v of glyph %+v: want 4 px more each side (width 3 + edge)", o, g)
	}
	if sh.w != o.w+2*2 || sh.bx != o.bx-2 {
		t.Fatalf("shadow bitmap %+v of outline %+v: want 2 px more each side (blur 2)", sh, o)
	}
	// The shadow is drawn ShadowOffset away: its first quad's bottom-left
	// vertex is the outline's moved by (4, -4) and out by the blur's 2.
	if dx, dy := vs[0].X-vs[16].X, vs[0].Y-vs[16].Y; dx != 4-2 || dy != -4-2 {
		t.Fatalf("shadow moved by (%v, %v) from the outline, want (2, -6)", dx, dy)
	}
	// Changing the width rasterizes new outline bitmaps; turning the
	// effects off draws the glyphs alone.
	n := len(a.entries)
	l.OutlineWidth = 1
	renderOne(s, f)
	if len(a.entries) <= n {
		t.Fatal("a new outline width drew the old bitmaps")
	}
	l.EnableOutline, l.EnableShadow = false, false
	renderOne(s, f)
	if len(f.SpriteVertices()) != 16 {
		t.Fatalf("%d quads with effects off, want 4", len(f.SpriteVertices())/4)
	}
}

// Outline width and blur are clamped; 0 width is Cocos' default 2.
func TestLabelEffectKey(t *testing.T) {
	for _, c := range []struct {
		w, b        float32
		width, blur uint8
	}{{0, 0, 2, 0}, {-1, -1, 2, 0}, {1.4, 2.6, 1, 3}, {100, 100, 16, 16}, {float32(nanf()), float32(nanf()), 2, 0}} {
		l := &Label{EnableOutline: true, EnableShadow: true, OutlineWidth: c.w, ShadowBlur: c.b}
		if k := l.effectKey(); k.width != c.width || k.blur != c.blur {
			t.Errorf("width %v blur %v: key %+v, want width %d blur %d", c.w, c.b, k, c.width, c.blur)
		}
	}
}

func nanf() float64 { z := 0.0; return z / z }

// Dilation: a one-pixel dot grows to a disc of radius r, fully covered
// within r, nothing beyond r+1.
func TestDilate(t *testing.T) {
	c := NewGlyphCache()
	b := c.dilate(glyphBitmap{cov: []byte{255}, w: 1, h: 1}, 2)
	if b.w != 7 || b.h != 7 || b.x != -3 || b.y != -3 {
		t.Fatalf("dilated %d×%d at (%d,%d), want 7×7 at (-3,-3)", b.w, b.h, b.x, b.y)
	}
	at := func(x, y int) byte { return b.cov[(y+3)*7+x+3] }
	if at(0, 0) != 255 || at(2, 0) != 255 || at(0, -2) != 255 || at(3, 0) != 0 || at(3, 1) != 0 {
		t.Fatalf("dilated dot: center %d, (2,0) %d, (0,-2) %d, (3,0) %d, (3,1) %d", at(0, 0), at(2, 0), at(0, -2), at(3, 0), at(3, 1))
	}
	// Distance 2.24 and 2.83: the one-pixel ramp, 1-(d-2) of the coverage.
	if v := at(2, 1); v < 190 || v > 205 {
		t.Fatalf("edge pixel (2,1) = %d, want about 194", v)
	}
	if v := at(2, 2); v < 38 || v > 46 {
		t.Fatalf("edge pixel (2,2) = %d, want about 42", v)
	}
}

// Blur spreads coverage without losing it, symmetrically.
func TestBlur(t *testing.T) {
	c := NewGlyphCache()
	b := c.blur(glyphBitmap{cov: []byte{255}, w: 1, h: 1}, 3)
	if b.w != 7 || b.h != 7 {
		t.Fatalf("blurred %d×%d, want 7×7", b.w, b.h)
	}
	sum := 0
	for _, v := range b.cov {
		sum += int(v)
	}
	if sum < 230 || sum > 280 {
		t.Fatalf("blur kept %d of 255 coverage", sum)
	}
	if b.cov[3*7+2] != b.cov[3*7+4] || b.cov[2*7+3] != b.cov[4*7+3] || b.cov[3*7+3] <= b.cov[3*7+2] {
		t.Fatalf("blur not symmetric or not peaked: %v", b.cov)
	}
}

// An unchanged label with outline, shadow and an emoji draws without
// allocating.
func TestLabelEffectsAllocateNothing(t *testing.T) {
	emoji := sysFont(t, fontEmoji)
	s, _, f := scene2D(t)
	for i := range 10 {
		l := labelAt(s, "Score 🍎 12", 20, float32(60*i+40), 300)
		l.Fallback = NewFontChain(FamilyOf(emoji))
		l.EnableOutline, l.OutlineColor = true, render.Black
		l.EnableShadow, l.ShadowOffset, l.ShadowBlur = true, mgl32.Vec2{2, -2}, float32(i%3)
	}
	renderOne(s, f)
	if allocs := testing.AllocsPerRun(50, func() { renderOne(s, f) }); allocs != 0 {
		t.Fatalf("a frame of labels with effects allocates %v times", allocs)
	}
}

// Bitmap glyph decoding: PNG and 1-bit masks; oversized or broken images
// are refused, not decoded.
func TestDecodeGlyphImage(t *testing.T) {
	var buf bytes.Buffer
	src := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	src.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	if m, col, ok := decodeGlyphImage(font.GlyphBitmap{Data: buf.Bytes(), Format: font.PNG}); !ok || !col || m.Bounds().Dx() != 2 {
		t.Fatalf("PNG: ok %v color %v", ok, col)
	}
	m, col, ok := decodeGlyphImage(font.GlyphBitmap{Data: []byte{0b1010_0000, 0b0100_0000}, Format: font.BlackAndWhiteByteAligned, Width: 3, Height: 2})
	if !ok || col {
		t.Fatalf("mono: ok %v color %v", ok, col)
	}
	if a := m.(*image.Alpha); a.Pix[0] != 255 || a.Pix[1] != 0 || a.Pix[2] != 255 || a.Pix[4] != 255 {
		t.Fatalf("mono pixels %v", a.Pix)
	}
	big := image.NewNRGBA(image.Rect(0, 0, maxBitmapSide+1, 1))
	buf.Reset()
	_ = png.Encode(&buf, big)
	for _, bm := range []font.GlyphBitmap{
		{Data: buf.Bytes(), Format: font.PNG},
		{Data: []byte("not a png"), Format: font.PNG},
		{Data: []byte{1}, Format: font.BlackAndWhite, Width: 8, Height: 2},
		{Data: []byte{1}, Format: font.JPG},
	} {
		if _, _, ok := decodeGlyphImage(bm); ok {
			t.Errorf("decoded %v bytes of format %d, want refused", len(bm.Data), bm.Format)
		}
	}
}

// Bitmap glyph data from a font is untrusted: decoding and scaling any
// bytes never panics and stays within the atlas's bounds.
func FuzzDecodeGlyphImage(f *testing.F) {
	var buf bytes.Buffer
	_ = png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 3, 2)))
	f.Add(buf.Bytes(), uint8(font.PNG), 3, 2)
	f.Add([]byte{0xff, 0x00}, uint8(font.BlackAndWhite), 4, 4)
	f.Add([]byte{0xaa}, uint8(font.BlackAndWhiteByteAligned), 3, 1)
	c := NewGlyphCache()
	f.Fuzz(func(t *testing.T, data []byte, format uint8, w, h int) {
		bm := font.GlyphBitmap{Data: data, Format: font.BitmapFormat(format), Width: w, Height: h}
		b, ok := c.scaleBitmap(bm, -2, -20, 24, 22)
		if ok && (b.w*b.h != len(b.cov) || b.w > atlasMaxSize || b.h > atlasMaxSize) {
			t.Fatalf("bitmap %d×%d with %d coverage bytes", b.w, b.h, len(b.cov))
		}
	})
}

// An emoji font in the chain draws emoji only: the digits, '#' and the
// space it also maps come from the text fonts.
func TestEmojiFontDrawsOnlyEmoji(t *testing.T) {
	emoji := sysFont(t, fontEmoji)
	if !emoji.emoji || DefaultFont().emoji {
		t.Fatalf("emoji flag: Noto Color Emoji %v, Go %v", emoji.emoji, DefaultFont().emoji)
	}
	l := NewLabel("1948 #3 🎉", 20, render.White)
	l.Font = sysFont(t, fontHebrew) // no digits
	l.Fallback = NewFontChain(FamilyOf(emoji))
	l.layout()
	var fromEmoji int
	for _, q := range l.lay.quads {
		if l.lay.fonts[q.font] == emoji {
			fromEmoji++
		}
	}
	if fromEmoji != 1 {
		t.Fatalf("%d glyphs from the emoji font, want 1 (🎉)", fromEmoji)
	}
}

// A space after an emoji is the text font's space, not the emoji font's
// 1.25 em one.
func TestSpaceAfterEmoji(t *testing.T) {
	emoji := sysFont(t, fontEmoji)
	l := NewLabel("a😀 b", 30, render.White)
	l.Fallback = NewFontChain(FamilyOf(emoji))
	l.layout()
	q := l.lay.quads
	if len(q) != 3 {
		t.Fatalf("%d quads, want 3", len(q))
	}
	emojiAdv := float32(2550) / 2048 * 30
	if gap := q[2].x - q[1].x - emojiAdv; gap < 7 || gap > 9.5 { // Go Regular's space: 0.26 em
		t.Fatalf("space after the emoji is %v px wide, want about 8 (the text font's)", gap)
	}
}

// 200 labels with outline and shadow, unchanged: the steady-state frame.
func BenchmarkExtractLabelsEffects(b *testing.B) {
	s, _, f := scene2D(b)
	for i := range 200 {
		l := labelAt(s, "Score: 123456", 18, float32(i*4%800), float32(i*3%600))
		l.EnableOutline, l.OutlineColor = true, render.Black
		l.EnableShadow, l.ShadowOffset, l.ShadowBlur = true, mgl32.Vec2{2, -2}, 2
	}
	scenegraph.Extract(s, f) // rasterize before timing: the steady state
	f.Reset()
	b.ReportAllocs()
	for b.Loop() {
		scenegraph.Extract(s, f)
		f.Reset()
	}
}

// The cost of drawing one glyph's bitmap at 32 px, paid once per glyph
// and effect (then it is in the atlas): plain, outlined (width 2),
// shadowed (outline 2, blur 4), and a color emoji (PNG decode and
// resample).
func BenchmarkRasterizeGlyph(b *testing.B) {
	for _, c := range []struct {
		name         string
		emoji        bool
		dilate, blur uint8
	}{{"plain", false, 0, 0}, {"outline2", false, 2, 0}, {"outline2_blur4", false, 2, 4}, {"emoji", true, 0, 0}} {
		b.Run(c.name, func(b *testing.B) {
			f, r := DefaultFont(), rune('W')
			if c.emoji {
				f, r = sysFont(b, fontEmoji), 0x1F600
			}
			cache := NewGlyphCache()
			face := cache.shaper().face(f)
			g, _ := face.NominalGlyph(r)
			b.ReportAllocs()
			for b.Loop() {
				bm, ok := cache.glyphBitmap(face, f, g, 32)
				if !ok {
					b.Fatal("no bitmap")
				}
				if c.dilate > 0 || c.blur > 0 {
					cache.effect(bm, int(c.dilate), int(c.blur))
				}
			}
		})
	}
}

// A label just outside the view whose shadow reaches into it is drawn,
// not culled.
func TestLabelShadowNotCulled(t *testing.T) {
	s, _, f := scene2D(t)
	l := labelAt(s, "x", 20, -40, 300) // its box ends left of the view
	renderOne(s, f)
	if len(f.Items()) != 0 {
		t.Fatal("the label off the view's left edge drew without a shadow")
	}
	l.EnableShadow, l.ShadowOffset = true, mgl32.Vec2{60, 0}
	renderOne(s, f)
	if len(f.Items()) != 2 {
		t.Fatalf("%d items, want the shadow and the glyph (the shadow is in view)", len(f.Items()))
	}
}

// A color atlas grows like an alpha one: its colors move with it, and the
// texture made after growth holds the first emoji's pixels unchanged.
func TestColorAtlasGrows(t *testing.T) {
	emoji := sysFont(t, fontEmoji)
	s, _, f := scene2D(t)
	l := labelAt(s, "😀", 64, 400, 300)
	l.Font = emoji
	renderOne(s, f)
	a := l.lay.atlases[0]
	e := a.entries[l.lay.quads[0].entry]
	before := append([]byte(nil), atlasRGBA(a, e)...)
	w0 := a.w
	var many []rune
	for r := rune(0x1F601); r < 0x1F640; r++ {
		many = append(many, r)
	}
	l.Text = string(many)
	renderOne(s, f)
	if a.w <= w0 || len(a.col) != a.w*a.h*4 {
		t.Fatalf("atlas %d×%d (was %d wide), %d color bytes", a.w, a.h, w0, len(a.col))
	}
	if !bytes.Equal(atlasRGBA(a, e), before) {
		t.Fatal("the first emoji's pixels changed when the atlas grew")
	}
}

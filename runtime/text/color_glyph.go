package text

import (
	"bytes"
	"image"
	"image/png"
	"unicode"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	xdraw "golang.org/x/image/draw"
)

// maxBitmapSide bounds the width and height of a font's bitmap glyph (a
// CBDT or sbix image) that is decoded: Noto Color Emoji's are 136×128, and
// a larger claim is a broken or hostile font, not worth the memory.
const maxBitmapSide = 1024

// glyphBitmap is a glyph (or an effect of one) drawn in the cache's scratch
// buffers: w×h coverage, straight RGBA colors for a color glyph (col nil
// otherwise), and the offset of its top-left corner from the pen position
// in pixels, y down.
type glyphBitmap struct {
	cov  []byte
	col  []byte
	w, h int
	x, y int
}

// glyphScratch holds the buffers a GlyphCache rasterizes into; they are
// reused, so a glyph costs no allocation beyond its atlas growth (and a
// bitmap glyph's PNG decoding).
type glyphScratch struct {
	cov, col []byte
	fxA, fxB []byte    // effect passes
	kern     []float32 // blur weights
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// covBuf returns the scratch coverage buffer, n bytes, cleared.
func (c *GlyphCache) covBuf(n int) []byte {
	c.cov = grow(c.cov, n)
	clear(c.cov)
	return c.cov
}

// glyphBitmap draws glyph g of f at px pixels into the scratch buffers: the
// font's color bitmap where it has one for g (a CBDT/sbix PNG strike,
// scaled), else its outline's coverage; ok is false for a glyph with
// nothing to draw (a space, a bitmap in an unsupported format, a broken
// glyph).
func (c *GlyphCache) glyphBitmap(face *font.Face, f *Font, g font.GID, px int) (glyphBitmap, bool) {
	if bm, ok := face.GlyphDataBitmap(g); ok {
		if ext, ok := face.GlyphExtents(g); ok {
			scale := float32(px) / float32(f.ft.Upem())
			if b, ok := c.scaleBitmap(bm, ext.XBearing*scale, -ext.YBearing*scale, ext.Width*scale, -ext.Height*scale); ok {
				return b, true
			}
		}
		if bm.Outline == nil {
			return glyphBitmap{}, false
		}
	}
	return c.outlineBitmap(face, f, g, px)
}

// decodeGlyphImage decodes a font's bitmap glyph: a PNG (color) or a
// 1-bit mask (monochrome bitmap fonts, drawn as coverage). It refuses
// images larger than maxBitmapSide on a side, and formats it cannot read
// (JPG, TIFF).
func decodeGlyphImage(bm font.GlyphBitmap) (img image.Image, color, ok bool) {
	switch bm.Format {
	case font.PNG:
		cfg, err := png.DecodeConfig(bytes.NewReader(bm.Data))
		if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxBitmapSide || cfg.Height > maxBitmapSide {
			return nil, false, false
		}
		m, err := png.Decode(bytes.NewReader(bm.Data))
		if err != nil {
			return nil, false, false
		}
		return m, true, true
	case font.BlackAndWhite, font.BlackAndWhiteByteAligned:
		w, h := bm.Width, bm.Height
		if w <= 0 || h <= 0 || w > maxBitmapSide || h > maxBitmapSide {
			return nil, false, false
		}
		stride := w // bits per row
		if bm.Format == font.BlackAndWhiteByteAligned {
			stride = (w + 7) / 8 * 8
		}
		if len(bm.Data)*8 < stride*(h-1)+w {
			return nil, false, false
		}
		m := image.NewAlpha(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				bit := y*stride + x
				if bm.Data[bit/8]&(0x80>>(bit%8)) != 0 {
					m.Pix[y*w+x] = 255
				}
			}
		}
		return m, false, true
	}
	return nil, false, false
}

// scaleBitmap resamples bitmap glyph bm into the pixel box whose top-left
// corner is (x, y) from the pen (y down) and whose size is w×h, all in
// pixels at the label's size, so that the glyph covers what the font's
// extents say whatever the strike's size. Colors are resampled
// premultiplied (no dark fringes) and stored straight.
func (c *GlyphCache) scaleBitmap(bm font.GlyphBitmap, x, y, w, h float32) (glyphBitmap, bool) {
	if !(w > 0 && h > 0 && w < atlasMaxSize && h < atlasMaxSize && x > -atlasMaxSize && x < atlasMaxSize && y > -atlasMaxSize && y < atlasMaxSize) {
		return glyphBitmap{}, false
	}
	src, color, ok := decodeGlyphImage(bm)
	if !ok {
		return glyphBitmap{}, false
	}
	x0, y0 := int(round32(x)), int(round32(y))
	iw, ih := max(int(round32(x+w))-x0, 1), max(int(round32(y+h))-y0, 1)
	dst := image.RGBA{Pix: grow(c.col, iw*ih*4), Stride: iw * 4, Rect: image.Rect(0, 0, iw, ih)}
	clear(dst.Pix)
	// Downscaling an emoji 4× or more: CatmullRom filters all the source
	// pixels under each target pixel; upscaling it interpolates smoothly.
	xdraw.CatmullRom.Scale(&dst, dst.Rect, src, src.Bounds(), xdraw.Src, nil)
	c.col = dst.Pix
	cov := c.covBuf(iw * ih)
	for i := range cov {
		p := dst.Pix[i*4 : i*4+4]
		a := p[3]
		cov[i] = a
		if a != 0 && a != 255 {
			for k := range 3 {
				p[k] = uint8(min(int(p[k])*255/int(a), 255))
			}
		}
	}
	b := glyphBitmap{cov: cov, w: iw, h: ih, x: x0, y: y0}
	if color {
		b.col = dst.Pix
	}
	return b, true
}

// isEmojiFont reports whether ft is a color emoji font: it has bitmap
// strikes (CBDT or sbix) and a glyph for 😀. Such fonts also map digits,
// '#', '*' and the space (the bases of keycap sequences) to grey emoji
// glyphs, which must not stand in for a text font's.
func isEmojiFont(ft *font.Font) bool {
	if len(ft.BitmapSizes()) == 0 {
		return false
	}
	_, ok := ft.NominalGlyph(0x1F600)
	return ok
}

// emojiRune reports whether an emoji font may draw r: not below U+2100,
// where the digits, '#', '*', the space, © and ® that emoji fonts carry for
// sequences default to text presentation (Unicode's Emoji_Presentation is
// No for all of them).
func emojiRune(r rune) bool { return r >= 0x2100 }

// shapeRun shapes run into s.outs. The segmenter keeps a space in the run
// before it, whatever font that is; in an emoji font a space is 1.25 em
// wide, so a run of an emoji font is cut at its text-presentation runes
// (spaces, digits), which are shaped with the first other font of the
// chain that has them.
func (s *shaper) shapeRun(run shaping.Input) {
	m := &s.fm
	if i := m.index(run.Face); i >= len(m.fonts) || !m.fonts[i].emoji {
		s.outs = append(s.outs, s.hb.Shape(run))
		return
	}
	start, end := run.RunStart, run.RunEnd
	for start < end {
		text := !emojiRune(run.Text[start]) && !joinsCluster(run.Text[start])
		j := start + 1
		for j < end && (!emojiRune(run.Text[j]) && !joinsCluster(run.Text[j])) == text {
			j++
		}
		sub := run
		sub.RunStart, sub.RunEnd = start, j
		if text {
			sub.Face = m.textFace(run.Text[start])
		}
		s.outs = append(s.outs, s.hb.Shape(sub))
		start = j
	}
}

// joinsCluster reports whether r continues the cluster before it (a mark,
// a zero-width joiner, a variation selector), as fontmap treats them.
func joinsCluster(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) || r == 0x200d || (r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xe0020 && r <= 0xe007f)
}

// textFace returns the face of the first font of the chain that is not an
// emoji font and has r, or the primary font's.
func (m *fontmap) textFace(r rune) *font.Face {
	for i, f := range m.fonts {
		if !f.emoji && f.Has(r) {
			return m.faces[i]
		}
	}
	return m.faces[0]
}

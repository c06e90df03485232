package text

import "math"

// maxEffectPixels bounds a Label's outline width and shadow blur, in
// pixels: the effect bitmaps grow by that much on every side.
const maxEffectPixels = 16

// effect turns glyph bitmap b (coverage; its colors are dropped: effects
// are tinted) into its outline shape, grown by dilate pixels, then blurred
// with a Gaussian of radius blur pixels, in the scratch buffers. The
// result is larger by dilate+1 (for the antialiased edge, when dilating)
// and blur pixels on each side, its offset moved to match.
func (c *GlyphCache) effect(b glyphBitmap, dilate, blur int) glyphBitmap {
	b.col = nil
	if dilate > 0 {
		b = c.dilate(b, dilate)
	}
	if blur > 0 {
		b = c.blur(b, blur)
	}
	return b
}

// dilate grows coverage by r pixels: each pixel takes the most coverage
// within distance r of it, fading out over the next pixel, so the outline's
// edge is as smooth as the glyph's.
func (c *GlyphCache) dilate(b glyphBitmap, r int) glyphBitmap {
	pad := r + 1
	w, h := b.w+2*pad, b.h+2*pad
	c.fxA = grow(c.fxA, w*h)
	out := c.fxA
	clear(out)
	// Weight of a source pixel at offset (dx, dy): 1 within r, then a
	// one-pixel ramp. Zero weights are skipped.
	for dy := -pad; dy <= pad; dy++ {
		for dx := -pad; dx <= pad; dx++ {
			wgt := min(max(float32(r)+1-float32(math.Sqrt(float64(dx*dx+dy*dy))), 0), 1)
			if wgt == 0 {
				continue
			}
			k := int(wgt * 256)
			for sy := 0; sy < b.h; sy++ {
				src := b.cov[sy*b.w : (sy+1)*b.w]
				dst := out[(sy+pad+dy)*w+pad+dx:]
				for sx, v := range src {
					if v == 0 {
						continue
					}
					if m := byte(int(v) * k >> 8); m > dst[sx] {
						dst[sx] = m
					}
				}
			}
		}
	}
	return glyphBitmap{cov: out, w: w, h: h, x: b.x - pad, y: b.y - pad}
}

// blur blurs coverage with a separable Gaussian (sigma r/2, r pixels each
// side), growing the bitmap by r on each side.
func (c *GlyphCache) blur(b glyphBitmap, r int) glyphBitmap {
	w, h := b.w+2*r, b.h+2*r
	// Weights, summing to 1.
	c.kern = c.kern[:0]
	sigma := float64(r) / 2
	var sum float32
	for i := -r; i <= r; i++ {
		v := float32(math.Exp(-float64(i*i) / (2 * sigma * sigma)))
		c.kern = append(c.kern, v)
		sum += v
	}
	for i := range c.kern {
		c.kern[i] /= sum
	}
	// Horizontal pass: b (b.w×b.h) into tmp (w×b.h).
	c.fxB = grow(c.fxB, w*b.h)
	tmp := c.fxB
	for y := 0; y < b.h; y++ {
		src := b.cov[y*b.w : (y+1)*b.w]
		for x := 0; x < w; x++ {
			var acc float32
			for i, k := range c.kern {
				if sx := x - 2*r + i; sx >= 0 && sx < b.w {
					acc += k * float32(src[sx])
				}
			}
			tmp[y*w+x] = byte(min(acc+0.5, 255))
		}
	}
	// Vertical pass: tmp into out (w×h). It reads only tmp, so the
	// coverage buffer (b.cov, when not dilated) is free again.
	c.cov = grow(c.cov, w*h)
	out := c.cov
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var acc float32
			for i, k := range c.kern {
				if sy := y - 2*r + i; sy >= 0 && sy < b.h {
					acc += k * float32(tmp[sy*w+x])
				}
			}
			out[y*w+x] = byte(min(acc+0.5, 255))
		}
	}
	return glyphBitmap{cov: out, w: w, h: h, x: b.x - r, y: b.y - r}
}

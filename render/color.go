package render

import "github.com/go-gl/mathgl/mgl32"

// Vec4 returns the color's channels as floats in 0..255, in R, G, B, A
// order: the form tweens and particles interpolate in.
func (c Color) Vec4() mgl32.Vec4 {
	return mgl32.Vec4{float32(c.R()), float32(c.G()), float32(c.B()), float32(c.A())}
}

// ColorFromVec4 is the inverse of Color.Vec4: each channel is rounded to
// the nearest integer and clamped to 0..255.
func ColorFromVec4(v mgl32.Vec4) Color {
	ch := func(x float32) uint8 { return uint8(min(max(x+0.5, 0), 255)) }
	return RGBA(ch(v[0]), ch(v[1]), ch(v[2]), ch(v[3]))
}

// WithAlpha returns c with its alpha channel replaced by a.
func (c Color) WithAlpha(a uint8) Color { return c&0x00FFFFFF | Color(a)<<24 }

// Lerp returns the color t of the way from c to to (t in 0..1), channel by
// channel.
func (c Color) Lerp(to Color, t float32) Color {
	a := c.Vec4()
	return ColorFromVec4(a.Add(to.Vec4().Sub(a).Mul(t)))
}

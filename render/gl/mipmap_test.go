package gl_test

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// checker returns a size×size RGBA8 checkerboard of 1-texel black and
// white squares.
func checker(size int) []byte {
	pix := make([]byte, size*size*4)
	for y := range size {
		for x := range size {
			v := byte(0)
			if (x+y)%2 == 0 {
				v = 255
			}
			copy(pix[(y*size+x)*4:], []byte{v, v, v, 255})
		}
	}
	return pix
}

// A 64×64 one-texel checkerboard, nearest-filtered, drawn 8×8 pixels
// large: without mipmaps each pixel takes one texel of the full-size
// image, black or white (aliasing); with mipmaps it takes one of the 8×8
// level, which is the board's average grey. After UpdateTexture paints the
// board white, the mipmaps follow (they are made again).
func TestMipmapsAverageWhenMinified(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	const size, drawn = 64, 8
	var plain, mipped render.TextureID
	// spread returns the darkest and brightest red of the square drawn at
	// x0, and how many of its pixels are neither black nor white.
	spread := func(img *image.RGBA, x0 int) (lo, hi uint8, mid int) {
		lo, hi = 255, 0
		for y := range drawn {
			for x := x0; x < x0+drawn; x++ {
				v := img.RGBAAt(x, screenH-drawn+y).R
				lo, hi = min(lo, v), max(hi, v)
				if v != 0 && v != 255 {
					mid++
				}
			}
		}
		return lo, hi, mid
	}
	img, _, err := h.frame(func(f *render.Frame) {
		plain = f.CreateTexture(render.TextureDesc{Width: size, Height: size, Filter: render.FilterNearest}, checker(size))
		mipped = f.CreateTexture(render.TextureDesc{Width: size, Height: size, Filter: render.FilterNearest, Mipmaps: true}, checker(size))
		f.BeginPass(render.Pass{Clear: render.ClearColor, ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{drawn, drawn}, Texture: plain, Color: render.White})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(drawn, 0, 0), Size: mgl32.Vec2{drawn, drawn}, Texture: mipped, Color: render.White})
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, mid := spread(img, 0); mid != 0 {
		t.Errorf("without mipmaps: %d grey pixels, want only black and white texels", mid)
	}
	if lo, hi, _ := spread(img, drawn); lo < 110 || hi > 145 {
		t.Errorf("with mipmaps: values %d..%d, want the board's average grey (about 128)", lo, hi)
	}
	white := make([]byte, size*size*4)
	for i := range white {
		white[i] = 255
	}
	img, _, err = h.frame(func(f *render.Frame) {
		f.UpdateTexture(mipped, render.Rect{W: size, H: size}, white)
		f.BeginPass(render.Pass{Clear: render.ClearColor, ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(drawn, 0, 0), Size: mgl32.Vec2{drawn, drawn}, Texture: mipped, Color: render.White})
		f.DeleteTexture(plain)
		f.DeleteTexture(mipped)
	})
	if err != nil {
		t.Fatal(err)
	}
	if lo, _, _ := spread(img, drawn); lo < 250 {
		t.Errorf("after UpdateTexture: darkest %d, want white (mipmaps made again)", lo)
	}
}

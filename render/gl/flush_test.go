package gl_test

import (
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// A sprite batch bigger than one GL draw takes (the backend draws it in
// parts, flushing between them) draws exactly what it draws in one piece:
// 70,000 overlapping, alpha-blended squares of distinct tints, in order, on
// the point and instanced paths against four streamed vertices per sprite
// (which draw each batch in one piece).
func TestBigSpriteBatchDrawsInOrder(t *testing.T) {
	const n = 70000
	record := func(f *render.Frame) {
		f.BeginPass(screenPass())
		insts := f.ReserveSprites(n)
		for i := range insts {
			side := float32(1 + i%4)
			x, y := float32(i*7%(screenW-4)), float32(i*13%(screenH-4))
			insts[i] = render.SpriteInstance{X: x, Y: y, AX: side, BY: side, U1: 1, V1: 1,
				Color: render.RGBA(uint8(i), uint8(i>>8), uint8(i*3), 200)}
		}
		f.CommitSprites(&render.SpriteDraw{Blend: render.BlendAlpha}, n)
	}
	var want []byte
	for _, c := range []struct {
		name   string
		path   gl.SpritePath
		points int
	}{{"vertices", gl.SpritesVertices, 0}, {"instanced", gl.SpritesInstanced, 0}, {"points", gl.SpritesAuto, 1}} {
		h := newHarness(t, true, gl.Options{Sprites: c.path})
		img, st, err := h.frame(record)
		if err != nil {
			t.Fatal(err)
		}
		h.close()
		if p, in, v := h.b.SpritePaths(); p != c.points || p+in+v != 1 {
			t.Errorf("%s: %d point, %d instanced, %d vertex batches; want %d point of 1", c.name, p, in, v, c.points)
		}
		if st.Triangles != 2*n || st.DrawCalls != 1 {
			t.Errorf("%s: %d triangles in %d draw calls", c.name, st.Triangles, st.DrawCalls)
		}
		if want == nil {
			want = img.Pix
			continue
		}
		bad := 0
		for i := range img.Pix {
			if img.Pix[i] != want[i] {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d channel values differ from the streamed-vertex picture", c.name, bad)
			savePNG(t, img)
		}
	}
}

package gl_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// staggered records one batch that covers the screen about twice over but
// hides little: 2×2 squares one pixel apart along each row (each shows its
// left column), rows two pixels apart, and every 16th square drawn twice
// at one spot (the first of the two is hidden: about 6% of the batch, less
// than HiddenSpritesAuto's 1/12). Each square has its own opaque tint.
func staggered(f *render.Frame) {
	f.BeginPass(screenPass())
	i := 0
	for y := 0; y+2 <= screenH; y += 2 {
		for x := 0; x+2 <= screenW; x++ {
			n := 1
			if i%16 == 0 {
				n = 2
			}
			for range n {
				f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(float32(x), float32(y), 0), Size: mgl32.Vec2{2, 2},
					Color: render.RGBA(uint8(i*7), uint8(i>>3), uint8(255-i), 255), Blend: render.BlendAlpha})
				i++
			}
		}
	}
}

// In HiddenSpritesAuto on a software rasterizer, a batch that the test
// would have to run on but that hides little gets the test one frame in
// HiddenRecheck+1, and a crowded one every frame again once a re-check
// finds it so; every frame shows the picture drawn with every sprite,
// threaded or on the main thread.
func TestHiddenAutoSkipsWhenLittleIsHidden(t *testing.T) {
	want, st, _ := picture(t, true, gl.Options{HiddenSprites: gl.HiddenSpritesOff}, staggered)
	if st.HiddenSprites != 0 {
		t.Fatalf("off: %d sprites hidden", st.HiddenSprites)
	}
	var crowd hiddenScene
	wantCrowd, _, _ := picture(t, true, gl.Options{HiddenSprites: gl.HiddenSpritesOff}, crowd.record)
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		if !gl.SoftwareRenderer(h.b) {
			h.close()
			t.Skip("HiddenSpritesAuto runs the test only on a software rasterizer")
		}
		k := gl.HiddenRecheck
		for i := range 2*(k+1) + 1 {
			img, st, err := h.frame(staggered)
			if err != nil {
				t.Fatal(err)
			}
			samePicture(t, "staggered", img, want, "the picture with every sprite")
			if !onMain {
				continue // the stats are the empty frame's that returned the error
			}
			tested := i%(k+1) == 0
			if n := st.HiddenSprites; tested != (n > 0) || n > 1512/12 {
				t.Fatalf("frame %d: %d sprites hidden, want the test %v (about 100 of 1,607 hidden when it runs)", i, n, tested)
			}
		}
		// Crowded from now on: untested until the re-check, then tested
		// in every frame.
		var sc hiddenScene
		for i := range 2 * k {
			img, st, err := h.frame(sc.record)
			if err != nil {
				t.Fatal(err)
			}
			samePicture(t, "crowded", img, wantCrowd, "the picture with every sprite")
			if onMain {
				if tested := i >= k; tested != (st.HiddenSprites > 3750) || !tested && st.HiddenSprites != 0 {
					t.Fatalf("crowded frame %d after the re-check's: %d sprites hidden, want the test %v", i, st.HiddenSprites, tested)
				}
			}
		}
		h.close()
	}
}

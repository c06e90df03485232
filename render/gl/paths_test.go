package gl_test

import (
	"image"
	"image/color"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// pathScene records square sprites at fractional positions, with texture
// regions, mirrors and tints (a batch every path may draw as points), then
// a batch that also holds rotated and edge-crossing sprites, into the screen
// and into a target shown on the screen.
type pathScene struct {
	tex, tgtTex render.TextureID
	tgt         render.TargetID
}

func (s *pathScene) record(f *render.Frame) {
	if s.tex == 0 {
		// 8×8, nearest: every texel distinct, so a texel off shows.
		px := make([]byte, 8*8*4)
		for i := 0; i < 64; i++ {
			px[4*i], px[4*i+1], px[4*i+2], px[4*i+3] = byte(i*4), byte(255-i*3), byte(i*37), 255
		}
		s.tex = f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterNearest}, px)
		s.tgt, s.tgtTex = f.CreateTarget(render.TargetDesc{Width: 32, Height: 24, Filter: render.FilterNearest})
	}
	r := rand.New(rand.NewSource(3))
	squares := func(n int, w, h float32) {
		for i := 0; i < n; i++ {
			side := []float32{1, 2, 3, 4, 5.5, 8, 12}[r.Intn(7)]
			x, y := r.Float32()*(w-side), r.Float32()*(h-side)
			tex, layer := s.tex, uint8(0)
			if i%5 == 0 {
				// On whole and half pixels, untextured: pixel centers fall
				// on the edges, so the fill rules show. (Textured, a pixel
				// center on a texel boundary may sample either texel: the
				// paths interpolate with different rounding, as GPUs do.)
				x, y = float32(int(x))+0.5*float32(i%2), float32(int(y))+0.5*float32(i/5%2)
				tex, layer = 0, 3 // a batch of their own, on top
			}
			uv := mgl32.Vec4{0, 0, 1, 1}
			if i%3 == 1 {
				uv = mgl32.Vec4{0.25, 0.125, 0.75, 0.875}
			}
			f.DrawSprite(&render.Sprite{Transform: mirrored(i, x, y, side),
				Size: mgl32.Vec2{side, side}, Pivot: mgl32.Vec2{0.5, 0.5}, UV: uv, Texture: tex,
				Color: render.RGBA(255, uint8(128+i), 255, uint8(160+i%96)), Blend: render.BlendAlpha, Layer: layer})
		}
	}
	f.BeginPass(render.Pass{Target: s.tgt, Clear: render.ClearColor, ClearColor: mgl32.Vec4{0.2, 0, 0, 1},
		ViewProj: mgl32.Ortho(0, 32, 0, 24, -1, 1)})
	squares(30, 32, 24)
	f.BeginPass(screenPass())
	squares(200, screenW, screenH)
	// Layer 1, additive (a batch of its own): squares, then one rotated
	// and one crossing the edge, so the batch cannot be points.
	for i := 0; i < 20; i++ {
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(float32(i*3)+0.3, 30.7, 0), Size: mgl32.Vec2{3, 3},
			Texture: s.tex, Color: render.RGBA(255, 255, 255, 128), Blend: render.BlendAdditive, Layer: 1})
	}
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(20, 20, 0).Mul4(mgl32.HomogRotate3DZ(0.5)), Size: mgl32.Vec2{9, 5},
		Texture: s.tex, Color: render.White, Blend: render.BlendAdditive, Layer: 1})
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(screenW-3, 10, 0), Size: mgl32.Vec2{6, 6},
		Texture: s.tex, Color: render.White, Blend: render.BlendAdditive, Layer: 1})
	// Layer 2: the target, upright.
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(1.5, 2.25, 0), Size: mgl32.Vec2{32, 24},
		UV: mgl32.Vec4{0, 1, 1, 0}, Texture: s.tgtTex, Color: render.White, Blend: render.BlendAlpha, Layer: 2})
}

// mirrored returns the transform of the i-th square of a scene: side×side
// with its lower left corner at (x, y), centered on its pivot, mirrored in
// x for every fourth square and in y for every seventh.
func mirrored(i int, x, y, side float32) mgl32.Mat4 {
	sx, sy := float32(1), float32(1)
	if i%4 == 2 {
		sx = -1
	}
	if i%7 == 3 {
		sy = -1
	}
	return mgl32.Translate3D(x+side/2, y+side/2, 0).Mul4(mgl32.Scale3D(sx, sy, 1))
}

// Every sprite path draws the same picture, threaded and on the main
// thread: point sprites and instanced quads against four streamed vertices
// per sprite.
func TestSpritePathsIdentical(t *testing.T) {
	type run struct {
		name   string
		path   gl.SpritePath
		onMain bool
		points int // sprite batches expected as points
	}
	runs := []run{
		{"vertices", gl.SpritesVertices, true, 0},
		{"instanced", gl.SpritesInstanced, false, 0},
		{"instanced-onmain", gl.SpritesInstanced, true, 0},
		{"auto", gl.SpritesAuto, false, 4},
		{"auto-onmain", gl.SpritesAuto, true, 4},
	}
	var want *image.RGBA
	for _, c := range runs {
		var sc pathScene
		img, st, b := picture(t, c.onMain, gl.Options{Sprites: c.path}, sc.record)
		// Threaded, the harness's last frame is an empty one: count on main.
		if p, in, v := b.SpritePaths(); c.onMain && (p != c.points || p+in+v != 6) {
			t.Errorf("%s: %d point, %d instanced, %d vertex batches; want %d point of 6", c.name, p, in, v, c.points)
		}
		if st.Triangles != 2*(30+200+22+1) {
			t.Errorf("%s: %d triangles", c.name, st.Triangles)
		}
		if want == nil {
			want = img
			continue
		}
		samePicture(t, c.name, img, want, "the streamed-vertex picture")
	}
}

// Alpha-blended sprites whose texels and tints are all opaque are drawn
// without blending: the picture is the one blending gives (the texel), and
// a texture with a translucent texel, or a translucent tint, still blends.
func TestOpaqueSpritesSameWithoutBlending(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	img, _, err := h.frame(func(f *render.Frame) {
		solid := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{0, 200, 0, 255})
		half := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{0, 0, 200, 128})
		f.BeginPass(render.Pass{Clear: render.ClearColor, ClearColor: mgl32.Vec4{1, 0, 0, 1},
			ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
		rect(f, 0, 0, 8, 8, solid, render.White)
		rect(f, 10, 0, 8, 8, half, render.White)
		rect(f, 20, 0, 8, 8, solid, render.RGBA(255, 255, 255, 128))
		rect(f, 30, 0, 8, 8, solid, render.White)
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(40, 0, 0), Size: mgl32.Vec2{8, 8}, Texture: solid,
			Color: render.White, Blend: render.BlendPremultiplied})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(50, 0, 0), Size: mgl32.Vec2{8, 8}, Texture: solid,
			Color: render.White, Blend: render.BlendAdditive})
	})
	if err != nil {
		t.Fatal(err)
	}
	y := screenH - 4
	expect(t, img, 4, y, color.RGBA{0, 200, 0, 255})
	expect(t, img, 14, y, color.RGBA{127, 0, 100, 255})
	expect(t, img, 24, y, color.RGBA{127, 100, 0, 255})
	expect(t, img, 34, y, color.RGBA{0, 200, 0, 255})
	expect(t, img, 44, y, color.RGBA{0, 200, 0, 255})
	expect(t, img, 54, y, color.RGBA{255, 200, 0, 255})
}

// cutoutScene records sprites of a texture whose texels are each fully
// opaque or fully clear, sampled nearest: overlapping squares with opaque
// tints (cutout batches, one into an RGBA8 target shown on the screen), a
// rotated one (instanced, not points), then squares that must still blend:
// a translucent tint, and the same texels filtered linearly.
type cutoutScene struct {
	tex, lin, tgtTex render.TextureID
	tgt              render.TargetID
}

func (s *cutoutScene) record(f *render.Frame) {
	if s.tex == 0 {
		px := make([]byte, 8*8*4)
		for i := 0; i < 64; i++ {
			a := byte(255)
			if (i/8+i%8)%3 == 0 {
				a = 0
			}
			px[4*i], px[4*i+1], px[4*i+2], px[4*i+3] = byte(i*4), byte(255-i*3), byte(i*37), a
		}
		s.tex = f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterNearest}, px)
		s.lin = f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterLinear}, px)
		s.tgt, s.tgtTex = f.CreateTarget(render.TargetDesc{Width: 32, Height: 24, Filter: render.FilterNearest})
	}
	r := rand.New(rand.NewSource(5))
	// Whole pixels plus a quarter, one or two pixels a texel: no pixel
	// center falls on a texel boundary, where the paths may round apart.
	squares := func(n int, w, h float32, tex render.TextureID, alpha, layer uint8) {
		for i := 0; i < n; i++ {
			side := float32(8 * (1 + i%2))
			x, y := float32(r.Intn(int(w-side)))+0.25, float32(r.Intn(int(h-side)))+0.25
			c := render.RGBA(255, uint8(100+i), 255, alpha)
			f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(x, y, 0), Size: mgl32.Vec2{side, side},
				Texture: tex, Color: c, Blend: render.BlendAlpha, Layer: layer})
		}
	}
	f.BeginPass(render.Pass{Target: s.tgt, Clear: render.ClearColor, ClearColor: mgl32.Vec4{0.2, 0, 0, 1},
		ViewProj: mgl32.Ortho(0, 32, 0, 24, -1, 1)})
	squares(12, 32, 24, s.tex, 255, 0)
	f.BeginPass(screenPass())
	squares(150, screenW, screenH, s.tex, 255, 0)
	// Layers keep the batches apart: batching joins neighbours that share
	// texture and blending, and a translucent tint makes its batch blend.
	squares(40, screenW, screenH, s.lin, 255, 1)
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(30.25, 20.25, 0).Mul4(mgl32.HomogRotate3DZ(0.5)), Size: mgl32.Vec2{16, 16},
		Texture: s.tex, Color: render.White, Blend: render.BlendAlpha, Layer: 2})
	squares(20, screenW, screenH, s.lin, 255, 3)
	squares(40, screenW, screenH, s.tex, 200, 4)
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(1.25, 2.25, 0), Size: mgl32.Vec2{32, 24},
		UV: mgl32.Vec4{0, 1, 1, 0}, Texture: s.tgtTex, Color: render.White, Blend: render.BlendAlpha, Layer: 5})
}

// Sprites whose texels are each fully opaque or fully clear, with opaque
// tints, are drawn with the cutout programs and no blending, on the point
// and the instanced path; the picture is the blended one, bit for bit. A
// translucent tint or linear filtering still blends.
func TestCutoutSpritesSameAsBlended(t *testing.T) {
	runs := []struct {
		name    string
		path    gl.SpritePath
		cutouts int
	}{
		{"vertices", gl.SpritesVertices, 0}, // blends: the reference
		{"instanced", gl.SpritesInstanced, 3},
		{"auto", gl.SpritesAuto, 3},
	}
	var want *image.RGBA
	for _, c := range runs {
		var sc cutoutScene
		img, _, b := picture(t, true, gl.Options{Sprites: c.path}, sc.record)
		if n := b.CutoutBatches(); n != c.cutouts {
			t.Errorf("%s: %d cutout batches, want %d", c.name, n, c.cutouts)
		}
		if want == nil {
			want = img
			continue
		}
		samePicture(t, c.name, img, want, "the blended picture")
	}
}

// picture renders one frame of record with a fresh backend of opts and
// returns the picture, the frame's stats and the backend, shut down.
func picture(t *testing.T, onMain bool, opts gl.Options, record func(*render.Frame)) (*image.RGBA, render.Stats, *gl.Backend) {
	t.Helper()
	h := newHarness(t, onMain, opts)
	img, st, err := h.frame(record)
	if err != nil {
		t.Fatal(err)
	}
	h.close()
	return img, st, h.b
}

// samePicture reports every channel of img that differs from want (the
// first five in detail) and saves img when any does.
func samePicture(t *testing.T, name string, img, want *image.RGBA, ref string) {
	t.Helper()
	bad := 0
	for i := range img.Pix {
		if img.Pix[i] != want.Pix[i] {
			bad++
			if bad <= 5 {
				px := i / 4
				t.Errorf("%s: pixel (%d,%d) channel %d = %d, %s has %d", name, px%screenW, px/screenW, i%4, img.Pix[i], ref, want.Pix[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d channel values differ from %s", name, bad, ref)
		savePNG(t, img)
	}
}

// hiddenScene records batches of many overlapping squares at fractional
// positions, each sprite with its own tint so that any sprite wrongly left
// out changes the picture: opaque texels and tints (blending skipped), a
// translucent texture drawn with BlendOpaque, translucent tints (these
// blend, so none may be left out), and a y-down camera into a target shown
// on the screen.
type hiddenScene struct {
	tex, half, tgtTex render.TextureID
	tgt               render.TargetID
	blendOnly         bool // record the blended batch alone
	sparse            bool // record a batch too sparse for the test alone
}

func (s *hiddenScene) record(f *render.Frame) {
	if s.tex == 0 {
		px := make([]byte, 8*8*4)
		for i := 0; i < 64; i++ {
			px[4*i], px[4*i+1], px[4*i+2], px[4*i+3] = byte(i*4), byte(255-i*3), byte(i*37), 255
		}
		s.tex = f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterNearest}, px)
		for i := 0; i < 64; i++ {
			px[4*i+3] = byte(64 + i)
		}
		s.half = f.CreateTexture(render.TextureDesc{Width: 8, Height: 8, Filter: render.FilterNearest}, px)
		s.tgt, s.tgtTex = f.CreateTarget(render.TargetDesc{Width: 32, Height: 24, Filter: render.FilterNearest})
	}
	r := rand.New(rand.NewSource(7))
	squares := func(n int, w, h float32, tex render.TextureID, alpha uint8, blend render.BlendMode, layer uint8) {
		for i := 0; i < n; i++ {
			side := []float32{1, 2, 3, 4, 4, 5.5, 8}[r.Intn(7)]
			x, y := r.Float32()*(w-side), r.Float32()*(h-side)
			if i%6 == 0 {
				x, y = float32(int(x))+0.5*float32(i%2), float32(int(y))+0.5*float32(i/6%2)
			}
			f.DrawSprite(&render.Sprite{Transform: mirrored(i, x, y, side),
				Size: mgl32.Vec2{side, side}, Pivot: mgl32.Vec2{0.5, 0.5}, Texture: tex,
				Color: render.RGBA(uint8(i), uint8(i>>8)*40, 255-uint8(i), alpha), Blend: blend, Layer: layer})
		}
	}
	if s.blendOnly {
		f.BeginPass(screenPass())
		squares(3000, screenW, screenH, s.tex, 200, render.BlendAlpha, 0)
		return
	}
	if s.sparse {
		// 2,000 one-pixel squares, each spot twice: half are hidden, but
		// the batch could cover the screen less than 1.5 times over.
		f.BeginPass(screenPass())
		for i := 0; i < 2000; i++ {
			rect(f, float32(i%1000%screenW)+0.25, float32(i%1000/screenW)+0.25, 1, 1, s.tex, render.White)
		}
		return
	}
	f.BeginPass(render.Pass{Target: s.tgt, Clear: render.ClearColor, ClearColor: mgl32.Vec4{0.2, 0, 0, 1},
		ViewProj: mgl32.Ortho(0, 32, 24, 0, -1, 1)})
	squares(1500, 32, 24, s.tex, 255, render.BlendAlpha, 0)
	f.BeginPass(screenPass())
	squares(4000, screenW, screenH, s.tex, 255, render.BlendAlpha, 0)
	squares(2000, 50, 40, s.half, 255, render.BlendOpaque, 1)
	squares(1500, 40, 30, s.tex, 200, render.BlendAlpha, 2)
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(30.5, 22.25, 0), Size: mgl32.Vec2{32, 24},
		Texture: s.tgtTex, Color: render.White, Blend: render.BlendAlpha, Layer: 3})
}

// Point-sprite batches drawn without blending leave out the sprites that
// later ones cover completely: the picture is the one with every sprite
// drawn, bit for bit, threaded or on the main thread; a batch that blends,
// or one too sparse to hide many, leaves none out.
func TestHiddenSpritesSamePicture(t *testing.T) {
	runs := []struct {
		name   string
		mode   gl.HiddenSpriteMode
		onMain bool
	}{
		{"off", gl.HiddenSpritesOff, true}, // every sprite drawn: the reference
		{"on", gl.HiddenSpritesOn, true},
		{"on-threaded", gl.HiddenSpritesOn, false},
		{"auto", gl.HiddenSpritesAuto, true},
	}
	var want *image.RGBA
	for _, c := range runs {
		var sc hiddenScene
		img, st, b := picture(t, c.onMain, gl.Options{HiddenSprites: c.mode}, sc.record)
		if c.onMain {
			on := c.mode == gl.HiddenSpritesOn || c.mode == gl.HiddenSpritesAuto && gl.SoftwareRenderer(b)
			// Of 7,500 sprites that may be left out, more than half are
			// hidden in a scene this crowded.
			if n := st.HiddenSprites; n != b.HiddenSprites() || on != (n > 3750) || !on && n != 0 {
				t.Errorf("%s: %d hidden sprites (backend: %d)", c.name, n, b.HiddenSprites())
			}
			t.Logf("%s: %d of 7,500 sprites hidden", c.name, st.HiddenSprites)
			if st.Triangles != 2*(1500+4000+2000+1500+1-st.HiddenSprites) {
				t.Errorf("%s: %d triangles with %d hidden sprites", c.name, st.Triangles, st.HiddenSprites)
			}
		}
		if want == nil {
			want = img
			continue
		}
		samePicture(t, c.name, img, want, "the picture with every sprite")
	}

	h := newHarness(t, true, gl.Options{HiddenSprites: gl.HiddenSpritesOn})
	defer h.close()
	for _, sc := range []hiddenScene{{blendOnly: true}, {sparse: true}} {
		if _, st, err := h.frame(sc.record); err != nil || st.HiddenSprites != 0 || st.DrawCalls != 1 {
			t.Errorf("%+v: %d sprites left out, %d draws (err %v)", sc, st.HiddenSprites, st.DrawCalls, err)
		}
	}
}

package gl_test

import (
	"bytes"
	"image"
	"image/color"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// shaderFS is the repository's shader directory (package shaders embeds the
// same files; its tests check that they match).
var shaderFS = os.DirFS("../../shaders")

var (
	black = color.RGBA{0, 0, 0, 255}
	red   = color.RGBA{255, 0, 0, 255}
	green = color.RGBA{0, 255, 0, 255}
	blue  = color.RGBA{0, 0, 255, 255}
)

// screenPass is a y-up orthographic pass over the whole screen, cleared to black.
func screenPass() render.Pass {
	return render.Pass{Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1},
		ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)}
}

// rect draws a sprite covering pixels [x, x+w) x [y, y+h) in y-up world units.
func rect(f *render.Frame, x, y, w, h float32, tex render.TextureID, c render.Color) {
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(x, y, 0), Size: mgl32.Vec2{w, h},
		Texture: tex, Color: c, Blend: render.BlendAlpha})
}

func TestClearColor(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	img, st, err := h.frame(func(f *render.Frame) {
		f.BeginPass(render.Pass{Clear: render.ClearColor, ClearColor: mgl32.Vec4{0.2, 0.4, 0.6, 1}})
	})
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, screenW, screenH) {
		t.Fatalf("read back %v", img.Bounds())
	}
	for _, p := range [][2]int{{0, 0}, {screenW - 1, screenH - 1}, {30, 20}} {
		expect(t, img, p[0], p[1], color.RGBA{51, 102, 153, 255})
	}
	if st.DrawCalls != 0 || st.Passes != 1 {
		t.Errorf("stats %+v", st)
	}
}

func TestTintedSprite(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	img, st, err := h.frame(func(f *render.Frame) {
		f.BeginPass(screenPass())
		rect(f, 8, 8, 16, 16, 0, render.RGBA(255, 0, 0, 255))
	})
	if err != nil {
		t.Fatal(err)
	}
	// y-up world [8,24) is rows [H-24, H-8) top-down.
	expect(t, img, 8, screenH-24, red)
	expect(t, img, 23, screenH-9, red)
	expect(t, img, 7, screenH-9, black)
	expect(t, img, 24, screenH-16, black)
	expect(t, img, 16, screenH-25, black)
	expect(t, img, 16, screenH-8, black)
	if st.DrawCalls != 1 || st.Triangles != 2 || st.BytesUploaded != 44 {
		t.Errorf("stats %+v", st)
	}
}

func TestTextureOrientationAndUpdate(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	// 2x2: top row red, green; bottom row blue, white.
	px := []byte{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255}
	var tex render.TextureID
	img, _, err := h.frame(func(f *render.Frame) {
		tex = f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Filter: render.FilterNearest}, px)
		f.BeginPass(screenPass())
		rect(f, 0, 0, 32, 32, tex, render.White)
	})
	if err != nil {
		t.Fatal(err)
	}
	top := screenH - 32
	expect(t, img, 4, top+4, red)
	expect(t, img, 28, top+4, green)
	expect(t, img, 4, top+28, blue)
	expect(t, img, 28, top+28, color.RGBA{255, 255, 255, 255})

	// Replace the bottom-right texel with black.
	img, st, err := h.frame(func(f *render.Frame) {
		f.UpdateTexture(tex, render.Rect{X: 1, Y: 1, W: 1, H: 1}, []byte{0, 0, 0, 255})
		f.BeginPass(screenPass())
		rect(f, 0, 0, 32, 32, tex, render.White)
		f.DeleteTexture(tex)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 28, top+28, black)
	expect(t, img, 4, top+4, red)
	if st.BytesUploaded != 4+44 {
		t.Errorf("bytes uploaded %d", st.BytesUploaded)
	}
}

func TestInterleavedTexturesBatch(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	var a, b render.TextureID
	img, st, err := h.frame(func(f *render.Frame) {
		a = f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{255, 0, 0, 255})
		b = f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{0, 0, 255, 255})
		f.BeginPass(screenPass())
		for i := 0; i < 8; i++ {
			s := render.Sprite{Transform: mgl32.Translate3D(float32(8*i), 0, 0), Size: mgl32.Vec2{8, 8},
				Color: render.White, Blend: render.BlendAlpha, Texture: a, Layer: 0}
			if i%2 == 1 {
				s.Texture, s.Layer = b, 1
			}
			f.DrawSprite(&s)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.DrawCalls != 2 || st.Items != 8 || st.Triangles != 16 {
		t.Errorf("two textures by layer: stats %+v, want 2 draw calls", st)
	}
	for i := 0; i < 8; i++ {
		want := red
		if i%2 == 1 {
			want = blue
		}
		expect(t, img, 8*i+4, screenH-4, want)
	}
	// Alternating textures in one layer with explicit order: one call each.
	_, st, err = h.frame(func(f *render.Frame) {
		f.BeginPass(screenPass())
		for i := 0; i < 8; i++ {
			tex := a
			if i%2 == 1 {
				tex = b
			}
			f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(float32(8*i), 0, 0), Size: mgl32.Vec2{8, 8},
				Color: render.White, Blend: render.BlendAlpha, Texture: tex, Order: int16(i)})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.DrawCalls != 8 {
		t.Errorf("alternating order: %d draw calls, want 8", st.DrawCalls)
	}
}

// cube returns a unit cube with one color per face. The front (+z) face is
// red and comes first in the index buffer; the back (-z) face is green and
// comes after it, so without depth testing the back face would win.
func cube() ([]render.MeshVertex, []uint32) {
	type face struct {
		n, u, v mgl32.Vec3
		c       render.Color
	}
	faces := []face{
		{mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, render.RGBA(255, 0, 0, 255)},
		{mgl32.Vec3{0, 0, -1}, mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 1, 0}, render.RGBA(0, 255, 0, 255)},
		{mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0}, render.RGBA(0, 0, 255, 255)},
		{mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}, render.RGBA(0, 0, 255, 255)},
		{mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}, render.RGBA(0, 0, 255, 255)},
		{mgl32.Vec3{0, -1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1}, render.RGBA(0, 0, 255, 255)},
	}
	var vs []render.MeshVertex
	var is []uint32
	for _, fc := range faces {
		base := uint32(len(vs))
		for _, k := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			p := fc.n.Mul(0.5).Add(fc.u.Mul(0.5 * k[0])).Add(fc.v.Mul(0.5 * k[1]))
			vs = append(vs, render.MeshVertex{Position: p, Normal: fc.n, UV: [2]float32{(k[0] + 1) / 2, (k[1] + 1) / 2}, Color: fc.c})
		}
		is = append(is, base, base+1, base+2, base+2, base+3, base)
	}
	return vs, is
}

func perspectivePass() render.Pass {
	proj := mgl32.Perspective(mgl32.DegToRad(60), float32(screenW)/screenH, 0.1, 100)
	view := mgl32.LookAtV(mgl32.Vec3{0, 0, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	return render.Pass{Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: proj.Mul4(view)}
}

func TestPerspectiveCubeDepth(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	vs, is := cube()
	var m render.MeshID
	img, st, err := h.frame(func(f *render.Frame) {
		m = f.CreateMesh(vs, is)
		f.BeginPass(perspectivePass())
		f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4()})
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, screenW/2, screenH/2, red) // the front face wins
	expect(t, img, 1, 1, black)
	if st.DrawCalls != 1 || st.Triangles != 12 {
		t.Errorf("stats %+v", st)
	}
	// Physically based, rough dielectric: a sun travelling along -z lights
	// the front face head-on; one travelling along +x leaves it the ambient
	// light alone. The screen gets tone-mapped, sRGB-encoded colors.
	head := mgl32.Vec3{0, 0, 1}
	for _, c := range []struct {
		dir, ambient mgl32.Vec3
		want         color.RGBA
	}{
		{mgl32.Vec3{0, 0, -1}, mgl32.Vec3{}, displayRGB(sunRef([3]float64{1, 0, 0}, 0, 1, head, head, head, 1))},
		{mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0.25, 0.25, 0.25}, displayRGB(ambientRef([3]float64{1, 0, 0}, 0, 1, 1, 0.25))},
	} {
		img, _, err := h.frame(func(f *render.Frame) {
			p := perspectivePass()
			p.Lights = render.Lights{Eye: mgl32.Vec3{0, 0, 3}, SunDir: c.dir, SunColor: mgl32.Vec3{1, 1, 1}, Ambient: c.ambient}
			f.BeginPass(p)
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Material: render.Material{Roughness: 1}})
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, screenW/2, screenH/2, c.want)
	}
}

func TestRenderTargetSampled(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	targetImg := make(chan *image.RGBA, 1)
	img, st, err := h.frame(func(f *render.Frame) {
		tg, tex := f.CreateTarget(render.TargetDesc{Width: 32, Height: 32, Filter: render.FilterNearest})
		// Into the target: blue, with a green left half.
		f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor, ClearColor: mgl32.Vec4{0, 0, 1, 1},
			ViewProj: mgl32.Ortho(0, 32, 0, 32, -1, 1)})
		rect(f, 0, 0, 16, 32, 0, render.RGBA(0, 255, 0, 255))
		// Onto the screen: the target's texture, flipped upright.
		f.BeginPass(screenPass())
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{screenW, screenH},
			Texture: tex, Color: render.White, UV: mgl32.Vec4{0, 1, 1, 0}})
		// The full-screen pass draws the same texture into the bottom-right corner.
		f.BeginPass(render.Pass{Viewport: render.Rect{X: screenW - 16, Y: screenH - 16, W: 16, H: 16},
			Clear: render.ClearColor, ClearColor: mgl32.Vec4{1, 0, 0, 1}})
		f.DrawFullscreen(&render.FullscreenDraw{Texture: tex, Color: mgl32.Vec4{1, 1, 1, 1}})
		f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { targetImg <- img })
		f.DeleteTarget(tg)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, 4, green)
	expect(t, img, screenW-20, 4, blue)
	expect(t, img, 4, screenH-20, green)
	expect(t, img, screenW-20, screenH-20, blue)
	// Bottom-right 16x16: left half green, right half blue, no red.
	expect(t, img, screenW-12, screenH-4, green)
	expect(t, img, screenW-4, screenH-4, blue)
	ti := <-targetImg
	expect(t, ti, 4, 4, green)
	expect(t, ti, 28, 28, blue)
	if st.Passes != 3 || st.DrawCalls != 3 {
		t.Errorf("stats %+v", st)
	}
}

func TestFeedbackLoopReported(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	_, _, err := h.frame(func(f *render.Frame) {
		tg, tex := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8})
		f.BeginPass(render.Pass{Target: tg})
		rect(f, 0, 0, 4, 4, tex, render.White)
		f.DeleteTarget(tg)
	})
	if err == nil || !strings.Contains(err.Error(), "while rendering into target#") {
		t.Errorf("got %v", err)
	}
}

const magentaFrag = `#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_tex;
out vec4 o_color;
void main() {
    o_color = vec4(1.0, 0.0, 1.0, 1.0) * v_color.a;
}
`

const brokenFrag = `#version 330 core
in vec2 v_uv;
out vec4 o_color;
void main() {
    o_color = vec4(0.0, 1.0, 0.0, 1.0) // missing semicolon
    o_color.r = undefined_thing;
}
`

func TestBrokenShaderKeepsPrevious(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	vertBytes, err := fs.ReadFile(shaderFS, "sprite.vert")
	if err != nil {
		t.Fatal(err)
	}
	vert := string(vertBytes)
	desc := render.ShaderDesc{VertexName: "shaders/sprite.vert", VertexSource: vert,
		FragmentName: "shaders/magenta.frag", FragmentSource: magentaFrag}
	var sh render.ShaderID
	draw := func(f *render.Frame) {
		f.BeginPass(screenPass())
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{16, 16}, Shader: sh, Color: render.White})
	}
	img, _, err := h.frame(func(f *render.Frame) {
		sh = f.CreateShader(desc)
		draw(f)
	})
	if err != nil {
		t.Fatal(err)
	}
	magenta := color.RGBA{255, 0, 255, 255}
	expect(t, img, 4, screenH-4, magenta)

	broken := desc
	broken.FragmentName, broken.FragmentSource = "shaders/broken.frag", brokenFrag
	img, _, err = h.frame(func(f *render.Frame) {
		f.UpdateShader(sh, broken)
		draw(f)
	})
	if err == nil {
		t.Fatal("broken shader compiled without error")
	}
	// The error is on line 6 (Mesa reports the statement after the missing ';').
	if msg := err.Error(); !strings.Contains(msg, "shaders/broken.frag:6: ") && !strings.Contains(msg, "shaders/broken.frag:5: ") {
		t.Errorf("error does not name file and line: %v", msg)
	} else {
		t.Logf("reported: %v", msg)
	}
	expect(t, img, 4, screenH-4, magenta) // previous program kept, frame rendered

	// A program that never compiled falls back to the built-in one.
	img, _, err = h.frame(func(f *render.Frame) {
		sh2 := f.CreateShader(broken)
		f.BeginPass(screenPass())
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{16, 16}, Shader: sh2, Color: render.RGBA(0, 0, 255, 255)})
		f.DeleteShader(sh2)
	})
	if err == nil || !strings.Contains(err.Error(), "shaders/broken.frag:") {
		t.Errorf("got %v", err)
	}
	expect(t, img, 4, screenH-4, blue)
}

func TestDevReloadBuiltins(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, name := range []string{gl.SpriteProgram, gl.MeshProgram, gl.PostProgram, gl.SpriteInstancedProgram, gl.SpritePointProgram, gl.DepthProgram, gl.SkyProgram} {
		for _, ext := range []string{".vert", ".frag"} {
			src, err := fs.ReadFile(shaderFS, name+ext)
			if err != nil {
				t.Fatal(err)
			}
			fsys[name+ext] = &fstest.MapFile{Data: src}
		}
	}
	addSkinnedSources(t, fsys) // skin_test.go
	addChunkSources(t, fsys)   // uniforms_test.go
	// Streamed vertices: the sprite is drawn by sprite.vert and sprite.frag.
	h := newHarness(t, true, gl.Options{Shaders: fsys, ReloadInterval: time.Nanosecond, Sprites: gl.SpritesVertices})
	defer h.close()
	draw := func(f *render.Frame) {
		f.BeginPass(screenPass())
		rect(f, 0, 0, 16, 16, 0, render.White)
	}
	img, _, err := h.frame(draw)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, screenH-4, color.RGBA{255, 255, 255, 255})
	fsys["sprite.frag"] = &fstest.MapFile{Data: []byte(magentaFrag)}
	time.Sleep(time.Millisecond)
	img, _, err = h.frame(draw)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, screenH-4, color.RGBA{255, 0, 255, 255})
	fsys["sprite.frag"] = &fstest.MapFile{Data: []byte(brokenFrag)}
	time.Sleep(time.Millisecond)
	img, _, err = h.frame(draw)
	if err == nil || !strings.Contains(err.Error(), "shaders/sprite.frag:") {
		t.Errorf("got %v", err)
	}
	expect(t, img, 4, screenH-4, color.RGBA{255, 0, 255, 255})
}

// scene records a frame using every feature; its resources are created on
// the first call.
type scene struct {
	tex  render.TextureID
	mesh render.MeshID
	tg   render.TargetID
	tgt  render.TextureID
}

func (s *scene) record(f *render.Frame, i int) {
	if s.tex == 0 {
		px := make([]byte, 4*4*4)
		for k := range px {
			px[k] = byte(k * 13)
		}
		s.tex = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4}, px)
		vs, is := cube()
		s.mesh = f.CreateMesh(vs, is)
		s.tg, s.tgt = f.CreateTarget(render.TargetDesc{Width: 32, Height: 32})
	}
	f.BeginPass(render.Pass{Target: s.tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0.1, 0.2, 0.3, 1},
		ViewProj: perspectivePass().ViewProj, Lights: render.Lights{Eye: mgl32.Vec3{0, 0, 3}, SunDir: mgl32.Vec3{-1, -1, -1},
			SunColor: mgl32.Vec3{1, 1, 1}, Ambient: mgl32.Vec3{0.2, 0.2, 0.2}}})
	f.DrawMesh(&render.MeshDraw{Mesh: s.mesh, Model: mgl32.HomogRotate3DY(float32(i) * 0.3), Material: render.Material{Roughness: 0.5}})
	f.BeginPass(screenPass())
	for k := 0; k < 20; k++ {
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(float32(k*3+i), float32(k*2), 0).Mul4(mgl32.HomogRotate3DZ(float32(k))),
			Size: mgl32.Vec2{10, 6}, Pivot: mgl32.Vec2{0.5, 0.5}, Texture: s.tex, Color: render.RGBA(255, uint8(k*12), 128, 200),
			Blend: render.BlendMode(1 + k%3), Layer: uint8(k % 2), Depth: float32(k)})
	}
	f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(30, 10, 0), Size: mgl32.Vec2{32, 32}, Texture: s.tgt,
		Color: render.White, UV: mgl32.Vec4{0, 1, 1, 0}, Layer: 3})
}

func TestThreadedAndOnMainIdentical(t *testing.T) {
	render3 := func(onMain bool) []*image.RGBA {
		h := newHarness(t, onMain, gl.Options{})
		defer h.close()
		var s scene
		var out []*image.RGBA
		for i := 0; i < 3; i++ {
			img, _, err := h.frame(func(f *render.Frame) { s.record(f, i) })
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, img)
		}
		return out
	}
	a, b := render3(false), render3(true)
	for i := range a {
		if !bytes.Equal(a[i].Pix, b[i].Pix) {
			t.Errorf("frame %d differs between threaded and on-main rendering", i)
			savePNG(t, a[i])
		}
	}
}

func TestLiveObjectsAndManyFrames(t *testing.T) {
	h := newHarness(t, false, gl.Options{SpritesPerDraw: 4})
	var s scene
	var prev render.TextureID
	for i := 0; i < 30; i++ {
		_, _, err := h.frame(func(f *render.Frame) {
			s.record(f, i)
			tex := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2}, nil)
			rect(f, 0, 0, 4, 4, tex, render.White)
			if prev != 0 {
				f.DeleteTexture(prev)
			}
			prev = tex
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := h.b.LiveObjects(); n == 0 { // read between frames: the render thread is idle
		t.Error("LiveObjects is 0 while resources exist")
	}
	h.close() // checks LiveObjects() == 0
}

func TestReadPixelsRect(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	sub := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		f.BeginPass(screenPass())
		rect(f, 0, float32(screenH-4), 4, 4, 0, render.RGBA(0, 255, 0, 255)) // top-left 4x4
		f.ReadPixels(0, render.Rect{X: 2, Y: 2, W: 4, H: 4}, func(img *image.RGBA) { sub <- img })
		f.ReadPixels(0, render.Rect{X: 60, Y: 0, W: 10, H: 4}, nil)
	})
	if err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("read-back outside the screen: got %v", err)
	}
	img := <-sub
	expect(t, img, 0, 0, green)
	expect(t, img, 1, 1, green)
	expect(t, img, 2, 2, black)
}

func TestSpriteBuffersGrow(t *testing.T) {
	h := newHarness(t, false, gl.Options{SpritesPerDraw: 2})
	defer h.close()
	img, st, err := h.frame(func(f *render.Frame) {
		f.BeginPass(screenPass())
		for i := 0; i < 100; i++ {
			rect(f, float32(i%screenW), float32(i/screenW), 1, 1, 0, render.RGBA(0, 0, 255, 255))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.DrawCalls != 1 || st.Triangles != 200 {
		t.Errorf("stats %+v", st)
	}
	expect(t, img, 0, screenH-1, blue)
	expect(t, img, 35, screenH-2, blue)
	expect(t, img, 37, screenH-2, black)
}

// paramsFrag paints u_params[1] (a custom program's free values).
const paramsFrag = `#version 330 core
uniform vec4 u_params[4];
out vec4 o_color;
void main() { o_color = u_params[1]; }
`

// A full-screen draw's Params reach the program as u_params.
func TestCustomProgramParams(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	vert, err := fs.ReadFile(shaderFS, "post.vert")
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := h.frame(func(f *render.Frame) {
		sh := f.CreateShader(render.ShaderDesc{VertexName: "post.vert", VertexSource: string(vert),
			FragmentName: "params.frag", FragmentSource: paramsFrag})
		f.BeginPass(screenPass())
		d := render.FullscreenDraw{Shader: sh}
		d.Params[1] = mgl32.Vec4{0, 1, 0, 1}
		f.DrawFullscreen(&d)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, 4, color.RGBA{0, 255, 0, 255})
}

// ReplaceTexture gives a handle a new image of another size: the same
// sprite draws the new picture, and no GL object leaks.
func TestReplaceTexture(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	var tex render.TextureID
	sprite := func(f *render.Frame) {
		f.BeginPass(screenPass())
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{16, 16}, Texture: tex, Color: render.White})
	}
	img, _, err := h.frame(func(f *render.Frame) {
		tex = f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{255, 0, 0, 255})
		sprite(f)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, screenH-4, color.RGBA{255, 0, 0, 255})
	live := h.b.LiveObjects()
	blue := make([]byte, 2*2*4)
	for i := 0; i < len(blue); i += 4 {
		copy(blue[i:], []byte{0, 0, 255, 255})
	}
	img, _, err = h.frame(func(f *render.Frame) {
		f.ReplaceTexture(tex, render.TextureDesc{Width: 2, Height: 2, Filter: render.FilterNearest}, blue)
		sprite(f)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, screenH-4, color.RGBA{0, 0, 255, 255})
	if got := h.b.LiveObjects(); got != live {
		t.Fatalf("live GL objects %d after a replace, were %d", got, live)
	}
}

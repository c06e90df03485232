package gl_test

import (
	"image"
	"image/color"
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// paramsShader creates the full-screen program that paints u_params[1]
// (paramsFrag): a way to write exact colors, above 1 too.
func paramsShader(t *testing.T, f *render.Frame) render.ShaderID {
	t.Helper()
	vert, err := fs.ReadFile(shaderFS, "post.vert")
	if err != nil {
		t.Fatal(err)
	}
	return f.CreateShader(render.ShaderDesc{VertexName: "post.vert", VertexSource: string(vert),
		FragmentName: "params.frag", FragmentSource: paramsFrag})
}

// paint records a full-screen draw of color c through paramsShader's program.
func paint(f *render.Frame, sh render.ShaderID, c mgl32.Vec4) {
	d := render.FullscreenDraw{Shader: sh}
	d.Params[1] = c
	f.DrawFullscreen(&d)
}

// copyTo records a pass into the w×h rectangle of the screen at (x, 0)
// (top-left origin) that draws tex scaled by k (the post program).
func copyTo(f *render.Frame, x, w, h int, tex render.TextureID, k float32) {
	f.BeginPass(render.Pass{Viewport: render.Rect{X: x, W: w, H: h}})
	f.DrawFullscreen(&render.FullscreenDraw{Texture: tex, Color: mgl32.Vec4{k, k, k, 1}})
}

// srgbDecode is the linear value of an sRGB-encoded byte.
func srgbDecode(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// An SRGB8A8 texture is decoded to linear values when sampled; an RGBA8
// texture with the same bytes is not. Alpha is never encoded.
func TestSRGBTextureDecodes(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	px := []byte{188, 100, 30, 128}
	got := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		lin := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1, Filter: render.FilterNearest}, px)
		srgb := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1, Filter: render.FilterNearest, Format: render.FormatSRGB8A8}, px)
		tg, _ := f.CreateTarget(render.TargetDesc{Width: 16, Height: 8})
		f.BeginPass(render.Pass{Target: tg, ViewProj: mgl32.Ortho(0, 16, 0, 8, -1, 1)})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{8, 8}, Texture: lin, Color: render.White})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(8, 0, 0), Size: mgl32.Vec2{8, 8}, Texture: srgb, Color: render.White})
		f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { got <- img })
		f.DeleteTexture(lin)
		f.DeleteTexture(srgb)
		f.DeleteTarget(tg)
	})
	if err != nil {
		t.Fatal(err)
	}
	img := <-got
	expect(t, img, 4, 4, color.RGBA{188, 100, 30, 128})
	want := color.RGBA{byteRef(srgbDecode(188)), byteRef(srgbDecode(100)), byteRef(srgbDecode(30)), 128}
	expect(t, img, 12, 4, want)
	if want.R > 140 || want.R < 120 {
		t.Fatalf("reference decode of 188 is %d, want about 128", want.R)
	}
}

// An RGBA16F target keeps values above 1: 4.0 copied at 0.25 is white,
// where an RGBA8 target clamps to 1 and the copy is a quarter gray. Read
// back, the float target gives clamped 8-bit values.
func TestHDRTargetKeepsValuesAboveOne(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	floatImg := make(chan *image.RGBA, 1)
	img, _, err := h.frame(func(f *render.Frame) {
		sh := paramsShader(t, f)
		hdr, hdrTex := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatRGBA16F})
		ldr, ldrTex := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8})
		for _, tg := range []render.TargetID{hdr, ldr} {
			f.BeginPass(render.Pass{Target: tg})
			paint(f, sh, mgl32.Vec4{4, 2, 0.5, 1})
		}
		f.BeginPass(render.Pass{Clear: render.ClearColor, ClearColor: mgl32.Vec4{0, 0, 0, 1}})
		copyTo(f, 0, 8, 8, hdrTex, 0.25)
		copyTo(f, 8, 8, 8, ldrTex, 0.25)
		f.ReadPixels(hdr, render.Rect{}, func(img *image.RGBA) { floatImg <- img })
		f.DeleteTarget(hdr)
		f.DeleteTarget(ldr)
		f.DeleteShader(sh)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 4, 4, color.RGBA{255, 128, 32, 255})
	expect(t, img, 12, 4, color.RGBA{64, 64, 32, 255})
	expect(t, <-floatImg, 4, 4, color.RGBA{255, 255, 128, 255})
}

// An SRGB8A8 target stores sRGB-encoded colors of the linear values drawn
// into it (GL_FRAMEBUFFER_SRGB during its passes), read back encoded and
// decoded again when sampled; the screen pass after it is not encoded.
// Multisampled, it resolves to the same colors.
func TestSRGBTargetEncodes(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	for _, samples := range []int{0, 4} {
		stored := make(chan *image.RGBA, 1)
		img, _, err := h.frame(func(f *render.Frame) {
			sh := paramsShader(t, f)
			tg, tex := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatSRGB8A8, Samples: samples})
			f.BeginPass(render.Pass{Target: tg})
			paint(f, sh, mgl32.Vec4{0.5, 0.2, 0, 0.5})
			f.BeginPass(render.Pass{Clear: render.ClearColor})
			paint(f, sh, mgl32.Vec4{0.5, 0.5, 0.5, 1})
			copyTo(f, 0, 8, 8, tex, 1)
			f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { stored <- img })
			f.DeleteTarget(tg)
			f.DeleteShader(sh)
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, <-stored, 4, 4, color.RGBA{byteRef(srgbRef(0.5)), byteRef(srgbRef(0.2)), 0, 128})
		expect(t, img, 4, 4, color.RGBA{128, 51, 0, 255}) // the screen has no alpha
		expect(t, img, 20, 20, color.RGBA{128, 128, 128, 255})
	}
}

// mrtFrag writes red to attachment 0 and green to attachment 1.
const mrtFrag = `#version 330 core
layout(location = 0) out vec4 o_color;
layout(location = 1) out vec4 o_normal;
void main() {
    o_color = vec4(1.0, 0.0, 0.0, 1.0);
    o_normal = vec4(0.0, 1.0, 0.0, 1.0);
}
`

// mrtTarget draws a white-on-black square of side 20, rotated 30 degrees,
// into both attachments of a two-color 32×32 target through a custom
// sprite program writing two outputs, and returns the screen showing
// attachment 0 on the left and attachment 1 on the right.
func mrtTarget(t *testing.T, samples int) *image.RGBA {
	t.Helper()
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	vert, err := fs.ReadFile(shaderFS, "sprite.vert")
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := h.frame(func(f *render.Frame) {
		sh := f.CreateShader(render.ShaderDesc{VertexName: "sprite.vert", VertexSource: string(vert),
			FragmentName: "mrt.frag", FragmentSource: mrtFrag})
		tg, tex0 := f.CreateTarget(render.TargetDesc{Width: 32, Height: 32, Filter: render.FilterNearest, Colors: 2, Samples: samples})
		tex1 := f.TargetTexture(tg, 1)
		if tex1 == 0 || tex1 == tex0 {
			t.Fatalf("TargetTexture(1) = %v", tex1)
		}
		f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1},
			ViewProj: mgl32.Ortho(0, 32, 0, 32, -1, 1)})
		tr := mgl32.Translate3D(16, 16, 0).Mul4(mgl32.HomogRotate3DZ(math.Pi / 6)).Mul4(mgl32.Translate3D(-10, -10, 0))
		f.DrawSprite(&render.Sprite{Transform: tr, Size: mgl32.Vec2{20, 20}, Color: render.White, Shader: sh})
		copyTo(f, 0, 32, 32, tex0, 1)
		copyTo(f, 32, 32, 32, tex1, 1)
		f.DeleteTarget(tg)
		f.DeleteShader(sh)
	})
	if err != nil {
		t.Fatalf("samples %d: %v", samples, err)
	}
	return img
}

// channelLevels counts the values of channel ch (0 R, 1 G, 2 B) in the
// 32×32 square of img at x0: full, empty and in between.
func channelLevels(img *image.RGBA, x0, ch int) (full, empty, mid int) {
	for y := 0; y < 32; y++ {
		for x := x0; x < x0+32; x++ {
			switch v := img.Pix[img.PixOffset(x, y)+ch]; v {
			case 255:
				full++
			case 0:
				empty++
			default:
				mid++
			}
		}
	}
	return
}

// Fragment outputs 0 and 1 reach a target's two attachments; with MSAA
// both are resolved (antialiased edges in each).
func TestMultipleRenderTargets(t *testing.T) {
	for _, samples := range []int{0, 4} {
		img := mrtTarget(t, samples)
		expect(t, img, 16, 16, red)
		expect(t, img, 48, 16, green)
		expect(t, img, 1, 1, black)
		expect(t, img, 33, 1, black)
		for _, a := range []struct{ x, ch int }{{0, 0}, {32, 1}} {
			full, empty, mid := channelLevels(img, a.x, a.ch)
			t.Logf("samples %d, attachment %d: %d full, %d empty, %d edge pixels", samples, a.x/32, full, empty, mid)
			if full < 200 || empty < 200 {
				t.Errorf("samples %d, attachment %d: square missing", samples, a.x/32)
			}
			if samples > 0 && mid < 20 {
				t.Errorf("samples %d, attachment %d: %d intermediate pixels, want a resolved, antialiased edge", samples, a.x/32, mid)
				savePNG(t, img)
			}
			if samples == 0 && mid != 0 {
				t.Errorf("samples %d, attachment %d: %d intermediate pixels without MSAA", samples, a.x/32, mid)
			}
		}
	}
}

// Sampling any texture of the target a pass renders into is refused:
// another attachment, and a full-screen draw's Inputs.
func TestFeedbackThroughOtherAttachments(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var tex1 render.TextureID
	var tg render.TargetID
	_, _, err := h.frame(func(f *render.Frame) {
		tg, _ = f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Colors: 3})
		tex1 = f.TargetTexture(tg, 2)
		f.BeginPass(render.Pass{Target: tg})
		f.DrawFullscreen(&render.FullscreenDraw{Inputs: [3]render.TextureID{0, tex1}})
		f.DrawMesh(&render.MeshDraw{Mesh: 0, Material: render.Material{OcclusionMap: tex1}})
		f.DeleteTarget(tg)
	})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{"DrawFullscreen (batch", "Inputs[1]: samples " + tex1.String() + " while rendering into " + tg.String(),
		"DrawMesh (batch", "Material.OcclusionMap: samples " + tex1.String()} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
}

// FullscreenDraw.Inputs reach a custom program as u_tex1 .. u_tex3.
func TestFullscreenInputs(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	vert, err := fs.ReadFile(shaderFS, "post.vert")
	if err != nil {
		t.Fatal(err)
	}
	const frag = `#version 330 core
in vec2 v_uv;
uniform sampler2D u_tex, u_tex1, u_tex2, u_tex3;
out vec4 o_color;
void main() {
    o_color = vec4(texture(u_tex, v_uv).r, texture(u_tex1, v_uv).g, texture(u_tex3, v_uv).b, texture(u_tex2, v_uv).a);
}
`
	img, _, err := h.frame(func(f *render.Frame) {
		sh := f.CreateShader(render.ShaderDesc{VertexName: "post.vert", VertexSource: string(vert), FragmentName: "inputs.frag", FragmentSource: frag})
		a := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{10, 20, 30, 40})
		b := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{50, 60, 70, 80})
		c := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{90, 100, 110, 120})
		f.BeginPass(screenPass())
		// Input 1 is left out: u_tex2 reads white.
		f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Texture: a, Inputs: [3]render.TextureID{b, 0, c}})
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 10, 10, color.RGBA{10, 60, 110, 255})
}

// Bad target descriptions and texture formats (which Frame refuses, so a
// test must edit recorded commands) are errors naming the command and
// handle, never panics.
func TestBadDescriptionsReported(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	for _, c := range []struct {
		name string
		edit func(c *render.ResourceCommand)
		want string
	}{
		{"colors", func(c *render.ResourceCommand) { c.TargetDesc.Colors = 9 }, "Colors outside 0..4"},
		{"format", func(c *render.ResourceCommand) { c.TargetDesc.Format = 200 }, "unknown format"},
		{"shadow with color", func(c *render.ResourceCommand) { c.TargetDesc.Depth, c.TargetDesc.Colors = render.DepthShadow, 2 }, "no color and no samples"},
		{"texture format", func(c *render.ResourceCommand) {
			*c = render.ResourceCommand{Op: render.OpCreateTexture, Texture: c.Texture, Desc: render.TextureDesc{Width: 1, Height: 1, Format: 200}}
		}, "unknown format 200"},
	} {
		live := h.b.LiveObjects()
		_, _, err := h.frame(func(f *render.Frame) {
			f.CreateTarget(render.TargetDesc{Width: 4, Height: 4})
			c.edit(&f.Resources()[0])
		})
		if !contains(err, c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if got := h.b.LiveObjects(); got != live {
			t.Errorf("%s: %d GL objects after a refused create, were %d", c.name, got, live)
		}
	}
}

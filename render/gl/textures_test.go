package gl_test

import (
	"fmt"
	"image/color"
	"io/fs"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/golden"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// kindsFrag shows four textures side by side, each in a quarter of the
// screen as 4×4 texels (nearest): layer u_params[0].x of an array
// texture, the 3D slice at depth u_params[0].y, the +Z face of a cube map
// (its first row at the top) and an R32UI texture, whose value's low
// three bytes become red, green and blue.
const kindsFrag = `#version 330 core
in vec2 v_uv;
uniform sampler2DArray u_tex;
uniform sampler3D u_tex1;
uniform samplerCube u_tex2;
uniform usampler2D u_tex3;
uniform vec4 u_params[4];
out vec4 o_color;
void main() {
	int band = int(v_uv.x * 4.0);
	float s = fract(v_uv.x * 4.0);
	float t = 1.0 - v_uv.y; // the first row at the top of the screen
	if (band == 0) {
		o_color = texture(u_tex, vec3(s, t, u_params[0].x));
	} else if (band == 1) {
		o_color = texture(u_tex1, vec3(s, t, u_params[0].y));
	} else if (band == 2) {
		// +Z face: s = (x + 1) / 2, t = (1 - y) / 2 (OpenGL's cube map table).
		o_color = texture(u_tex2, vec3(2.0 * s - 1.0, 1.0 - 2.0 * t, 1.0));
	} else {
		uint v = texelFetch(u_tex3, ivec2(int(s * 4.0), int(t * 4.0)), 0).r;
		o_color = vec4(float(v & 255u), float((v >> 8) & 255u), float((v >> 16) & 255u), 255.0) / 255.0;
	}
}
`

// customShader creates a full-screen program from post.vert and frag.
func customShader(t testing.TB, f *render.Frame, name, frag string) render.ShaderID {
	t.Helper()
	vert, err := fs.ReadFile(shaderFS, "post.vert")
	if err != nil {
		t.Fatal(err)
	}
	return f.CreateShader(render.ShaderDesc{VertexName: "post.vert", VertexSource: string(vert), FragmentName: name, FragmentSource: frag})
}

// kindTextures creates the textures kindsFrag shows, each with a partial
// update of one layer, face or slice, and returns them in its order.
func kindTextures(f *render.Frame) [4]render.TextureID {
	var ids [4]render.TextureID
	// Array, RGBA16F, 3 layers: texel (i, j) of layer L is (i/3, j/3, L/2).
	var fl []float32
	for l := range 3 {
		for j := range 4 {
			for i := range 4 {
				fl = append(fl, float32(i)/3, float32(j)/3, float32(l)/2, 1)
			}
		}
	}
	ids[0] = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureArray, Layers: 3,
		Format: render.FormatRGBA16F, Filter: render.FilterNearest}, render.AppendHalfs(nil, fl))
	// Layer 1's top row, second and third texels: 2.0 red (clamped on screen).
	f.UpdateTextureLayer(ids[0], 1, render.Rect{X: 1, W: 2, H: 1}, render.AppendHalfs(nil, []float32{2, 0, 0, 1, 2, 0, 0, 1}))
	// 3D, RGBA8, 4 slices: texel (i, j, k) is (80i, 80j, 80k).
	var vol []byte
	for k := range 4 {
		for j := range 4 {
			for i := range 4 {
				vol = append(vol, byte(80*i), byte(80*j), byte(80*k), 255)
			}
		}
	}
	ids[1] = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.Texture3D, Layers: 4, Filter: render.FilterNearest}, vol)
	white := []byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255}
	f.UpdateTextureLayer(ids[1], 2, render.Rect{X: 1, Y: 1, W: 2, H: 2}, white)
	// Cube, RGBA32F: each face one color; +Z (face 4) gets a yellow
	// top-left quarter.
	faces := [6][4]float32{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {0.5, 0.5, 0.5, 1}}
	var cube []float32
	for _, c := range faces {
		for range 16 {
			cube = append(cube, c[:]...)
		}
	}
	ids[2] = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureCube, Format: render.FormatRGBA32F,
		Filter: render.FilterNearest}, render.AppendFloat32s(nil, cube))
	yellow := render.AppendFloat32s(nil, []float32{1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1})
	f.UpdateTextureLayer(ids[2], 4, render.Rect{W: 2, H: 2}, yellow)
	// R32UI: texel (i, j) is 60i | 60j<<8 | 0x80<<16.
	var us []uint32
	for j := range 4 {
		for i := range 4 {
			us = append(us, uint32(60*i)|uint32(60*j)<<8|0x80<<16)
		}
	}
	ids[3] = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Format: render.FormatR32UI, Filter: render.FilterNearest},
		render.AppendUint32s(nil, us))
	return ids
}

// A custom full-screen program reads an array layer, a 3D slice, a cube
// face and an integer texture, after partial uploads to each, the same in
// both render modes (golden image texture_kinds).
func TestTextureKindsSampled(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		t.Run(fmt.Sprintf("onMain=%v", onMain), func(t *testing.T) {
			h := newHarness(t, onMain, gl.Options{})
			defer h.close()
			img, _, err := h.frame(func(f *render.Frame) {
				sh := customShader(t, f, "kinds.frag", kindsFrag)
				ids := kindTextures(f)
				f.BeginPass(render.Pass{Clear: render.ClearColor})
				d := render.FullscreenDraw{Shader: sh, Texture: ids[0], Inputs: [3]render.TextureID{ids[1], ids[2], ids[3]}}
				d.Params[0] = mgl32.Vec4{1, 2.5 / 4, 0, 0}
				f.DrawFullscreen(&d)
				for _, id := range ids {
					f.DeleteTexture(id)
				}
				f.DeleteShader(sh)
			})
			if err != nil {
				t.Fatal(err)
			}
			// Texel (i, j) of a band covers x 4i..4i+3 and y 12j..12j+11 of it.
			at := func(band, i, j int) (int, int) { return 16*band + 4*i + 2, 12*j + 6 }
			for _, c := range []struct {
				band, i, j int
				want       color.RGBA
			}{
				{0, 0, 0, color.RGBA{0, 0, 128, 255}},     // layer 1: blue 1/2
				{0, 1, 0, color.RGBA{255, 0, 0, 255}},     // updated: red 2.0, clamped
				{0, 3, 0, color.RGBA{255, 0, 128, 255}},   // not updated
				{0, 3, 2, color.RGBA{255, 170, 128, 255}}, // (1, 2/3, 1/2)
				{1, 0, 0, color.RGBA{0, 0, 160, 255}},     // slice 2
				{1, 1, 1, color.RGBA{255, 255, 255, 255}}, // updated
				{1, 3, 3, color.RGBA{240, 240, 160, 255}},
				{2, 0, 0, color.RGBA{255, 255, 0, 255}}, // +Z, updated top-left
				{2, 3, 3, color.RGBA{0, 255, 255, 255}}, // +Z
				{3, 0, 0, color.RGBA{0, 0, 128, 255}},
				{3, 2, 3, color.RGBA{120, 180, 128, 255}},
			} {
				x, y := at(c.band, c.i, c.j)
				expect(t, img, x, y, c.want)
			}
			golden.Check(t, "texture_kinds", img, false)
		})
	}
}

// Mipmapped float array, 3D and cube textures average their texels into
// the smaller levels: a 4×4 checker of 0 and 1 (and 0 and 3 in green) is
// 0.5 (1.5) at the 1×1 level, after a partial update too.
func TestTextureKindsMipmaps(t *testing.T) {
	const frag = `#version 330 core
in vec2 v_uv;
uniform sampler2DArray u_tex;
uniform sampler3D u_tex1;
uniform samplerCube u_tex2;
out vec4 o_color;
void main() {
	vec4 a = textureLod(u_tex, vec3(0.5, 0.5, 1.0), 2.0);
	vec4 b = textureLod(u_tex1, vec3(0.5), 2.0);
	vec4 c = textureLod(u_tex2, vec3(0.0, 0.0, 1.0), 2.0);
	// Left: red, right: green / 3 (both 0.5).
	o_color = v_uv.x < 0.5 ? vec4(a.r, b.r, c.r, 1.0) : vec4(a.g, b.g, c.g, 3.0) / 3.0;
}
`
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	checker := func(layers int) []byte {
		var v []float32
		for l := range layers {
			for j := range 4 {
				for i := range 4 {
					x := float32((i + j + l) % 2)
					v = append(v, x, 3*x, 0, 1)
				}
			}
		}
		return render.AppendFloat32s(nil, v)
	}
	img, _, err := h.frame(func(f *render.Frame) {
		sh := customShader(t, f, "mips.frag", frag)
		arr := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureArray, Layers: 2, Format: render.FormatRGBA32F, Mipmaps: true}, nil)
		f.UpdateTextureLayer(arr, 1, render.Rect{W: 4, H: 4}, checker(1))
		vol := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.Texture3D, Layers: 4, Format: render.FormatRGBA32F, Mipmaps: true}, checker(4))
		cube := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureCube, Format: render.FormatRGBA16F, Mipmaps: true},
			make([]byte, 6*4*4*8))
		var half []float32
		for j := range 4 {
			for i := range 4 {
				x := float32((i + j) % 2)
				half = append(half, x, 3*x, 0, 1)
			}
		}
		f.UpdateTextureLayer(cube, 4, render.Rect{W: 4, H: 4}, render.AppendHalfs(nil, half))
		f.BeginPass(render.Pass{})
		f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Texture: arr, Inputs: [3]render.TextureID{vol, cube}})
		f.DeleteTexture(arr)
		f.DeleteTexture(vol)
		f.DeleteTexture(cube)
		f.DeleteShader(sh)
	})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, img, 10, 10, color.RGBA{128, 128, 128, 255})
	expect(t, img, 50, 10, color.RGBA{128, 128, 128, 255})
}

// Bad texture commands that Frame cannot see (an update that does not fit
// the texture's format or layers) are errors naming the texture, and the
// GL backend reports what render/null reports.
func TestTextureUpdatesChecked(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var arr render.TextureID
	_, _, err := h.frame(func(f *render.Frame) {
		arr = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureArray, Layers: 3, Format: render.FormatRGBA32F}, nil)
		f.UpdateTextureLayer(arr, 3, render.Rect{W: 1, H: 1}, make([]byte, 16))
		f.UpdateTexture(arr, render.Rect{W: 1, H: 1}, make([]byte, 4))
		f.DeleteTexture(arr)
	})
	for _, want := range []string{
		"UpdateTexture: " + arr.String() + ": layer 3 outside 0..2 of a array texture",
		"UpdateTexture: " + arr.String() + ": 4 bytes for rect {0 0 1 1} of RGBA32F (want 16)",
	} {
		if !contains(err, want) {
			t.Errorf("error %v, want %q", err, want)
		}
	}
}

package gl_test

import (
	"image/color"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// uniformsFrag reads named uniforms of several types: the pass's u_time, a
// material's vec3 array u_colors, and each draw's u_pick (int), u_on (bool),
// u_gain (uint) and u_mix (mat3).
const uniformsFrag = `#version 330 core
uniform float u_time;
uniform vec3 u_colors[3];
uniform int u_pick;
uniform bool u_on;
uniform uint u_gain;
uniform mat3 u_mix;
out vec4 o_color;
void main() {
    vec3 c = u_mix * u_colors[u_pick] * u_time * float(u_gain);
    o_color = u_on ? vec4(c, 1.0) : vec4(0.0, 0.0, 0.0, 1.0);
}
`

// fullscreenShader creates a full-screen program from post.vert and frag.
func fullscreenShader(t *testing.T, f *render.Frame, name, frag string) render.ShaderID {
	t.Helper()
	vert, err := fs.ReadFile(shaderFS, "post.vert")
	if err != nil {
		t.Fatal(err)
	}
	return f.CreateShader(render.ShaderDesc{VertexName: "shaders/post.vert", VertexSource: string(vert),
		FragmentName: name, FragmentSource: frag})
}

// halfPass is a pass over the left (i = 0) or right (i = 1) half of the screen.
func halfPass(i int) render.Pass {
	return render.Pass{Viewport: render.Rect{X: i * screenW / 2, W: screenW / 2, H: screenH}}
}

// Named uniforms reach the program per pass, per material and per draw: the
// two halves share the pass's u_time and the material's colours and pick
// different ones with their own values.
func TestNamedUniformsPixels(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		h := newHarness(t, onMain, gl.Options{})
		var sh render.ShaderID
		var pass, material, left, right render.UniformSet
		pass.SetFloat("u_time", 0.5)
		material.SetVec3s("u_colors", []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0.4, 0.8, 1}})
		for _, s := range []*render.UniformSet{&left, &right} {
			s.SetBool("u_on", true)
			s.SetUint("u_gain", 2)
			s.SetMat3("u_mix", mgl32.Ident3())
		}
		left.SetInt("u_pick", 1)
		right.SetInt("u_pick", 2)
		right.SetMat3("u_mix", mgl32.Mat3{0, 1, 0, 1, 0, 0, 0, 0, 1}) // swaps red and green
		img, _, err := h.frame(func(f *render.Frame) {
			sh = fullscreenShader(t, f, "uniforms.frag", uniformsFrag)
			pu := f.RecordUniforms(render.Uniforms{}, &pass)
			mat := f.RecordUniforms(render.Uniforms{}, &material)
			for i, s := range []*render.UniformSet{&left, &right} {
				p := halfPass(i)
				p.Uniforms = pu
				f.BeginPass(p)
				f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(mat, s)})
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 4, 4, color.RGBA{0, 255, 0, 255})             // (0,1,0) * 0.5 * 2
		expect(t, img, screenW-4, 4, color.RGBA{204, 102, 255, 255}) // mix((0.4,0.8,1)) = (0.8,0.4,1)
		expect(t, img, screenW/2+2, screenH-4, color.RGBA{204, 102, 255, 255})

		// A draw's value overrides its material's; u_on false is black.
		left.SetBool("u_on", false)
		img, _, err = h.frame(func(f *render.Frame) {
			mat := f.RecordUniforms(render.Uniforms{}, &material)
			f.BeginPass(halfPass(0))
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(mat, &left)})
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 4, 4, black)
		h.close()
	}
}

// frameBlockFrag writes values of the frame block, declared by the
// built-in chunk: red is cc_time.x / 4, green the frame number plus the
// screen width, blue the camera's x / 10 plus 6 times the delta time.
func frameBlockFrag(t *testing.T) string {
	return `#version 330 core
#include <tact/frame.glsl>
out vec4 o_color;
void main() {
    o_color = vec4(cc_time.x / 4.0, (cc_time.z + cc_screenSize.x) / 255.0,
        cc_cameraPos.x / 10.0 + cc_time.y * 6.0, 1.0);
}
`
}

// Every program that declares TactFrame reads the pass's block.
func TestFrameBlock(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		h := newHarness(t, onMain, gl.Options{})
		frag := frameBlockFrag(t)
		var sh render.ShaderID
		// The frame numbers the harness's Submits give: threaded, two per frame.
		img, _, err := h.frame(func(f *render.Frame) {
			sh = fullscreenShader(t, f, "frameblock.frag", frag)
			f.SetTime(1, 1.0/60)
			p := render.Pass{View: mgl32.Translate3D(-5, 0, 0)} // the camera at x = 5
			f.BeginPass(p)
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh})
		})
		if err != nil {
			t.Fatal(err)
		}
		// Time 1, frame 1, width 64, camera x 5, delta 1/60.
		expect(t, img, 4, 4, color.RGBA{64, 65, 153, 255})
		img, _, err = h.frame(func(f *render.Frame) {
			f.SetTime(2, 1.0/60)
			// No View: the camera is Lights.Eye.
			f.BeginPass(render.Pass{Lights: render.Lights{Eye: mgl32.Vec3{2, 0, 0}}})
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh})
		})
		if err != nil {
			t.Fatal(err)
		}
		n := uint8(2)
		if !onMain {
			n = 3 // the threaded harness submits twice per frame
		}
		expect(t, img, 4, 4, color.RGBA{128, 64 + n, 77, 255})
		h.close()
	}
}

// eightSamplersFrag declares eight named samplers and weighs their red
// channels 1/8 .. 8/8: the red of the picture tells which one saw the red
// texture.
const eightSamplersFrag = `#version 330 core
uniform sampler2D u_s0, u_s1, u_s2, u_s3, u_s4, u_s5, u_s6, u_s7;
out vec4 o_color;
void main() {
    vec2 uv = vec2(0.5);
    float r = texture(u_s0, uv).r * 1.0 + texture(u_s1, uv).r * 2.0 + texture(u_s2, uv).r * 3.0 +
        texture(u_s3, uv).r * 4.0 + texture(u_s4, uv).r * 5.0 + texture(u_s5, uv).r * 6.0 +
        texture(u_s6, uv).r * 7.0 + texture(u_s7, uv).r * 8.0;
    o_color = vec4(r / 8.0, 0.0, 0.0, 1.0);
}
`

var samplerNames = [...]string{"u_s0", "u_s1", "u_s2", "u_s3", "u_s4", "u_s5", "u_s6", "u_s7"}

// Eight named samplers, bound per draw: each of eight strips binds the red
// texture to another one.
func TestNamedSamplers(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	var sets [8]render.UniformSet
	img, _, err := h.frame(func(f *render.Frame) {
		sh := fullscreenShader(t, f, "samplers.frag", eightSamplersFrag)
		red := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{255, 0, 0, 255})
		black := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{0, 0, 0, 255})
		for k := range sets {
			for j, name := range samplerNames {
				tex := black
				if j == k {
					tex = red
				}
				sets[k].SetTexture(name, tex)
			}
			f.BeginPass(render.Pass{Viewport: render.Rect{X: k * 8, W: 8, H: screenH}})
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(render.Uniforms{}, &sets[k])})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range sets {
		want := uint8((k + 1) * 255 / 8)
		expect(t, img, k*8+4, 10, color.RGBA{want, 0, 0, 255})
	}
}

// A uniform the program does not declare, of another type or with more
// elements than declared is an error naming the program's files and the
// uniform, once per program and uniform; pass uniforms a program does not
// declare are not errors.
func TestUniformErrors(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		h := newHarness(t, onMain, gl.Options{})
		var sh render.ShaderID
		var bad, pass render.UniformSet
		bad.SetFloat("u_tme", 1)                        // a typo
		bad.SetVec3("u_time", mgl32.Vec3{})             // float in the program
		bad.SetVec3s("u_colors", make([]mgl32.Vec3, 4)) // 3 elements in the program
		bad.SetFloat("u_gain", 1)                       // uint in the program
		pass.SetFloat("u_fog", 1)                       // another program's: ignored
		record := func(f *render.Frame) {
			p := halfPass(0)
			p.Uniforms = f.RecordUniforms(render.Uniforms{}, &pass)
			f.BeginPass(p)
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(render.Uniforms{}, &bad)})
		}
		_, _, err := h.frame(func(f *render.Frame) {
			sh = fullscreenShader(t, f, "shaders/uniforms.frag", uniformsFrag)
			record(f)
		})
		if err == nil {
			t.Fatal("bad uniforms reported nothing")
		}
		msg := err.Error()
		for _, want := range []string{
			`shaders/post.vert + shaders/uniforms.frag: uniform "u_tme" is not an active uniform`,
			`uniform "u_time" is float in the program, set as vec3`,
			`uniform "u_colors" has 3 elements in the program, set with 4`,
			`uniform "u_gain" is uint in the program, set as float`,
		} {
			if !strings.Contains(msg, want) {
				t.Errorf("on main %v: error lacks %q:\n%s", onMain, want, msg)
			}
		}
		if strings.Contains(msg, "u_fog") {
			t.Errorf("a pass uniform the program does not declare was reported: %s", msg)
		}
		// Reported once: the same draws in the next frame are quiet.
		if _, _, err := h.frame(record); err != nil {
			t.Errorf("on main %v: reported again: %v", onMain, err)
		}
		// A program that never compiled draws with the built-in one: its
		// uniforms are not checked against that.
		_, _, err = h.frame(func(f *render.Frame) {
			sh = fullscreenShader(t, f, "shaders/broken.frag", brokenFrag)
			record(f)
		})
		if err == nil || strings.Contains(err.Error(), "uniform") || !strings.Contains(err.Error(), "shaders/broken.frag:") {
			t.Errorf("on main %v: broken program with uniforms: %v", onMain, err)
		}
		h.close()
	}
}

// Recording and executing a frame with named uniforms and the frame block
// allocates nothing in steady state.
func TestUniformsAllocateNothing(t *testing.T) {
	h := newHarness(t, false, gl.Options{})
	defer h.close()
	var sh render.ShaderID
	var pass, mat, draw, drawS render.UniformSet
	f0 := h.r.Frame()
	sh = fullscreenShader(t, f0, "uniforms.frag", uniformsFrag)
	fb := fullscreenShader(t, f0, "frameblock.frag", frameBlockFrag(t))
	tex := f0.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{1, 2, 3, 4})
	samplers := fullscreenShader(t, f0, "samplers.frag", eightSamplersFrag)
	colors := []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	frame := func() {
		f := h.r.Frame()
		f.SetScreenSize(screenW, screenH)
		pass.SetFloat("u_time", 0.5)
		mat.SetVec3s("u_colors", colors)
		draw.SetInt("u_pick", 1)
		draw.SetBool("u_on", true)
		draw.SetUint("u_gain", 1)
		draw.SetMat3("u_mix", mgl32.Ident3())
		drawS.SetTexture("u_s3", tex)
		p := render.Pass{Uniforms: f.RecordUniforms(render.Uniforms{}, &pass)}
		f.BeginPass(p)
		m := f.RecordUniforms(render.Uniforms{}, &mat)
		f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(m, &draw), Blend: render.BlendAdditive})
		f.DrawFullscreen(&render.FullscreenDraw{Shader: fb, Blend: render.BlendAdditive})
		f.DrawFullscreen(&render.FullscreenDraw{Shader: samplers, Blend: render.BlendAdditive,
			Uniforms: f.RecordUniforms(render.Uniforms{}, &drawS)})
		if err := h.r.Submit(); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		frame()
	}
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per steady-state frame with uniforms", n)
	}
}

// Compile errors across includes name the file and line they are in: one
// in a quoted include (expanded as the asset manager does), one in the
// including file after a chunk and the include.
func TestIncludeErrorLines(t *testing.T) {
	files := fstest.MapFS{"fx/lib/inc.glsl": {Data: []byte("#pragma once\nfloat k() {\n    return 1.0 +;\n}\n")}}
	src := "#version 330 core\n#include <tact/frame.glsl>\n#include \"lib/inc.glsl\"\nout vec4 o_color;\nvoid main() {\n    o_color = vec4(k()) + undefinedThing;\n}\n"
	expanded, _, err := render.ExpandIncludes("fx/x.frag", src, render.QuotedIncludes(func(name string) ([]byte, error) {
		return fs.ReadFile(files, name)
	}))
	if err != nil {
		t.Fatal(err)
	}
	for _, onMain := range []bool{false, true} {
		h := newHarness(t, onMain, gl.Options{})
		_, _, err := h.frame(func(f *render.Frame) {
			sh := fullscreenShader(t, f, "fx/x.frag", expanded)
			f.BeginPass(screenPass())
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh})
		})
		if err == nil || !strings.Contains(err.Error(), "fx/lib/inc.glsl:3: ") {
			t.Errorf("on main %v: error does not name fx/lib/inc.glsl:3: %v", onMain, err)
		} else {
			t.Logf("reported: %v", err)
		}
		// Without the include's error, the root's error is on its line 6.
		fixed := strings.Replace(expanded, "1.0 +;", "1.0;", 1)
		_, _, err = h.frame(func(f *render.Frame) {
			sh := fullscreenShader(t, f, "fx/x.frag", fixed)
			f.BeginPass(screenPass())
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh})
		})
		if err == nil || !strings.Contains(err.Error(), "fx/x.frag:6: ") {
			t.Errorf("on main %v: error does not name fx/x.frag:6: %v", onMain, err)
		}
		// A quoted include that reaches the backend, and a missing chunk.
		_, _, err = h.frame(func(f *render.Frame) {
			f.CreateShader(render.ShaderDesc{VertexName: "v.vert", VertexSource: "#version 330 core\n#include <tact/nothing.glsl>\nvoid main() {}\n",
				FragmentName: "q.frag", FragmentSource: src})
		})
		if err == nil || !strings.Contains(err.Error(), "v.vert:2: #include <tact/nothing.glsl>: open tact/nothing.glsl: ") {
			t.Errorf("on main %v: missing chunk: %v", onMain, err)
		}
		h.close()
	}
}

// addChunkSources adds the built-in chunks (shaders/tact) to fsys, for
// tests that build a shader directory of their own.
func addChunkSources(t *testing.T, fsys fstest.MapFS) {
	t.Helper()
	chunks, err := fs.Glob(shaderFS, "tact/*.glsl")
	if err != nil || len(chunks) == 0 {
		t.Fatalf("no chunks: %v", err)
	}
	for _, name := range chunks {
		src, err := fs.ReadFile(shaderFS, name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: src}
	}
}

// BenchmarkNamedUniformDraws measures frames of 1,000 one-pixel full-screen
// draws, each with its own named uniforms (a float, a vec3 array of 3, an
// int, a bool, a uint and a mat3 over a shared material set): ns/op is a
// frame, recorded and executed.
func BenchmarkNamedUniformDraws(b *testing.B) {
	h := newHarness(b, true, gl.Options{})
	defer h.close()
	f0 := h.r.Frame()
	vert, err := fs.ReadFile(shaderFS, "post.vert")
	if err != nil {
		b.Fatal(err)
	}
	sh := f0.CreateShader(render.ShaderDesc{VertexName: "post.vert", VertexSource: string(vert), FragmentName: "u.frag", FragmentSource: uniformsFrag})
	var mat, draw render.UniformSet
	mat.SetVec3s("u_colors", []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}})
	frame := func() {
		f := h.r.Frame()
		f.SetScreenSize(screenW, screenH)
		f.BeginPass(render.Pass{Viewport: render.Rect{W: 1, H: 1}})
		m := f.RecordUniforms(render.Uniforms{}, &mat)
		for i := range 1000 {
			draw.SetFloat("u_time", float32(i)/1000)
			draw.SetInt("u_pick", int32(i%3))
			draw.SetBool("u_on", true)
			draw.SetUint("u_gain", 1)
			draw.SetMat3("u_mix", mgl32.Ident3())
			f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Order: int16(i), Uniforms: f.RecordUniforms(m, &draw)})
		}
		if err := h.r.Submit(); err != nil {
			b.Fatal(err)
		}
	}
	for range 3 {
		frame() // grow both frames' arenas
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		frame()
	}
}

package null_test

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

const nullUniformsFrag = `#version 330 core
// uniform float u_commented;
/* uniform float u_blocked; */
layout(std140) uniform TactFrame { mat4 cc_matView; vec4 cc_time; };
uniform float u_time;
uniform highp vec3 u_colors[3], u_extra;
uniform sampler2D u_noise;
uniform uint u_gain = 2u;
out vec4 o_color;
void main() { o_color = vec4(u_colors[0] * u_time, 1.0); }
`

// The null backend reads the sources' declarations and reports what
// render/gl reports: an undeclared uniform, another type, more elements,
// once per shader and uniform; and bad sampler textures.
func TestNullUniformErrors(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	sh := f.CreateShader(render.ShaderDesc{VertexName: "a.vert", VertexSource: "#version 330 core\nvoid main() {}\n",
		FragmentName: "a.frag", FragmentSource: nullUniformsFrag})
	tg, tgTex := f.CreateTarget(render.TargetDesc{Width: 4, Height: 4})
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	var good, bad, pass render.UniformSet
	good.SetFloat("u_time", 1)
	good.SetVec3s("u_colors", make([]mgl32.Vec3, 3))
	good.SetVec3("u_extra", mgl32.Vec3{})
	good.SetUint("u_gain", 1)
	good.SetTexture("u_noise", tgTex)
	bad.SetFloat("u_tme", 1)
	bad.SetFloat("u_commented", 1)
	bad.SetFloat("cc_time", 1) // a block member is not a plain uniform
	bad.SetVec4("u_time", mgl32.Vec4{})
	bad.SetVec3s("u_colors", make([]mgl32.Vec3, 4))
	pass.SetFloat("u_fog", 1)
	record := func(set *render.UniformSet) {
		p := render.Pass{Uniforms: f.RecordUniforms(render.Uniforms{}, &pass)}
		f.BeginPass(p)
		f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(render.Uniforms{}, set)})
	}
	record(&good)
	if err := run(t, b, f); err != nil {
		t.Fatalf("good uniforms: %v", err)
	}
	record(&bad)
	err := run(t, b, f)
	if err == nil {
		t.Fatal("bad uniforms reported nothing")
	}
	for _, want := range []string{
		`a.vert + a.frag: uniform "u_tme" is not declared`,
		`uniform "u_commented" is not declared`,
		`uniform "cc_time" is not declared`,
		`uniform "u_time" is float in the program, set as vec4`,
		`uniform "u_colors" has 3 elements in the program, set with 4`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "u_fog") {
		t.Errorf("pass uniform reported: %v", err)
	}
	record(&bad)
	if err := run(t, b, f); err != nil {
		t.Errorf("reported twice: %v", err)
	}
	// Names a chunk may declare are accepted; declared ones still checked.
	chunked := f.CreateShader(render.ShaderDesc{VertexName: "c.vert", FragmentName: "c.frag",
		FragmentSource: "#version 330 core\n#include <tact/pbr.glsl>\nuniform float u_k;\n"})
	var cs render.UniformSet
	cs.SetVec3("u_lightDir", mgl32.Vec3{})
	cs.SetInt("u_k", 1)
	f.BeginPass(render.Pass{})
	f.DrawFullscreen(&render.FullscreenDraw{Shader: chunked, Uniforms: f.RecordUniforms(render.Uniforms{}, &cs)})
	if err := run(t, b, f); err == nil || strings.Contains(err.Error(), "u_lightDir") || !strings.Contains(err.Error(), `uniform "u_k" is float in the program, set as int`) {
		t.Errorf("a program with a chunk: %v", err)
	}
	// A sampler on the target being rendered into, and a deleted texture.
	f.BeginPass(render.Pass{Target: tg})
	f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(render.Uniforms{}, &good)})
	if err := run(t, b, f); err == nil || !strings.Contains(err.Error(), `uniform "u_noise": samples`) {
		t.Errorf("feedback through a named sampler: %v", err)
	}
	f.DeleteTarget(tg)
	run(t, b, f)
	record(&good)
	if err := run(t, b, f); err == nil || !strings.Contains(err.Error(), `uniform "u_noise": deleted`) {
		t.Errorf("deleted texture through a named sampler: %v", err)
	}
}

// FuzzDeclareUniforms feeds arbitrary sources to the declaration reader
// through a frame: it must never panic.
func FuzzDeclareUniforms(f *testing.F) {
	f.Add(nullUniformsFrag, "u_time")
	f.Add("uniform vec3 a[", "a")
	f.Add("uniform ; uniform float x[2] = float[](1.0, 2.0), y;", "y")
	f.Add("/* unterminated uniform float z;", "z")
	f.Add("uniform Block { float q; } inst; uniform mat4 m[N];", "m")
	f.Fuzz(func(t *testing.T, src, name string) {
		if name == "" {
			name = "u"
		}
		b := null.New()
		b.Init()
		fr := render.NewFrame()
		sh := fr.CreateShader(render.ShaderDesc{FragmentSource: src})
		var s render.UniformSet
		s.SetFloat(name, 1)
		fr.BeginPass(render.Pass{})
		fr.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: fr.RecordUniforms(render.Uniforms{}, &s)})
		fr.SetNumber(1)
		_ = b.Execute(fr)
	})
}

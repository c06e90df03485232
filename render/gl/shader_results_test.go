package gl_test

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// The result of every CreateShader and UpdateShader comes back to the main
// thread with its executed frame, in both render modes: success, or the
// error with file and line; a failed update keeps the previous program.
func TestShaderResultsComeBack(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		h := newHarness(t, onMain, gl.Options{})
		var good, bad render.ShaderID
		_, _, err := h.frame(func(f *render.Frame) {
			good = fullscreenShader(t, f, "fx/good.frag", paramsFrag)
			bad = fullscreenShader(t, f, "fx/bad.frag", brokenFrag)
		})
		if err == nil {
			t.Fatal("the broken shader reported nothing")
		}
		res := h.r.ShaderResults()
		if len(res) != 2 || res[0].Shader != good || res[0].Op != render.OpCreateShader || res[0].Err != nil ||
			res[1].Shader != bad || res[1].Err == nil || !strings.Contains(res[1].Err.Error(), "fx/bad.frag:") {
			t.Fatalf("on main %v: results %+v", onMain, res)
		}
		if res[0].Frame == 0 || res[0].Frame != res[1].Frame {
			t.Errorf("on main %v: frame numbers %d, %d", onMain, res[0].Frame, res[1].Frame)
		}
		_, _, err = h.frame(func(f *render.Frame) {
			f.UpdateShader(good, render.ShaderDesc{VertexName: "shaders/post.vert", VertexSource: "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n",
				FragmentName: "fx/good2.frag", FragmentSource: brokenFrag})
		})
		res = h.r.ShaderResults()
		if err == nil || len(res) != 1 || res[0].Op != render.OpUpdateShader || res[0].Err == nil ||
			!strings.Contains(res[0].Err.Error(), "fx/good2.frag:") {
			t.Errorf("on main %v: failed update: %v, results %+v", onMain, err, res)
		}
		// The previous program still draws.
		img, _, err := h.frame(func(f *render.Frame) {
			f.BeginPass(screenPass())
			paint(f, good, [4]float32{0, 1, 0, 1})
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 4, 4, green)
		if len(h.r.ShaderResults()) != 0 {
			t.Errorf("a frame without shader commands has results %+v", h.r.ShaderResults())
		}
		h.close()
	}
}

// Renderer.CheckShader builds a program on the backend's thread and tells
// the main thread at once, in both render modes, leaving no GL object.
func TestCheckShader(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		h := newHarness(t, onMain, gl.Options{})
		if _, _, err := h.frame(func(*render.Frame) {}); err != nil {
			t.Fatal(err)
		}
		live := h.b.LiveObjects()
		vert := "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n"
		if err := h.r.CheckShader(render.ShaderDesc{VertexName: "v.vert", VertexSource: vert, FragmentName: "fx/ok.frag",
			FragmentSource: "#version 330 core\n#include <tact/tonemap.glsl>\nout vec4 o;\nvoid main() { o = tactOutput(vec3(1.0), 1.0); }\n"}); err != nil {
			t.Errorf("on main %v: a good program: %v", onMain, err)
		}
		err := h.r.CheckShader(render.ShaderDesc{VertexName: "v.vert", VertexSource: vert, FragmentName: "fx/bad.frag", FragmentSource: brokenFrag})
		if err == nil || !strings.Contains(err.Error(), "fx/bad.frag:") {
			t.Errorf("on main %v: a broken program: %v", onMain, err)
		}
		if n := h.b.LiveObjects(); n != live {
			t.Errorf("on main %v: %d GL objects after the checks, %d before", onMain, n, live)
		}
		if _, _, err := h.frame(func(*render.Frame) {}); err != nil {
			t.Errorf("on main %v: frame after the checks: %v", onMain, err)
		}
		h.close()
		if err := h.r.CheckShader(render.ShaderDesc{}); err != render.ErrClosed {
			t.Errorf("after Close: %v", err)
		}
	}
}

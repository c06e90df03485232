package asset

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

const includeVert = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n"

// A shader's quoted includes are read through the asset root, relative to
// the including file; chunks are left for the backend.
func TestShaderIncludes(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "fx/x.vert", []byte(includeVert))
	writeFile(t, root, "fx/x.frag", []byte("#version 330 core\n#include <tact/frame.glsl>\n#include \"lib/common.glsl\"\nout vec4 o;\nvoid main() { o = tint(); }\n"))
	writeFile(t, root, "fx/lib/common.glsl", []byte("#pragma once\nvec4 tint() { return vec4(1.0); }\n"))
	a, _, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("fx/x.shader")
	if err != nil {
		t.Fatal(err)
	}
	src := x.Shader().Desc.FragmentSource
	for _, want := range []string{"#include <tact/frame.glsl>\n", "//#file 1 fx/lib/common.glsl\n#line 1 1\n\nvec4 tint()", "#line 4 0\nout vec4 o;"} {
		if !strings.Contains(src, want) {
			t.Errorf("expanded source lacks %q:\n%s", want, src)
		}
	}
	if !slices.Contains(x.files, "fx/lib/common.glsl") {
		t.Errorf("the include is not among the asset's files %v", x.files)
	}
}

// Bad includes fail the load with the file, line and reason.
func TestShaderIncludeErrors(t *testing.T) {
	for _, c := range []struct {
		frag string
		inc  map[string]string
		want string
	}{
		{"#version 330 core\n#include \"missing.glsl\"\n", nil, "fx/x.frag: line 2: #include \"missing.glsl\": fx/missing.glsl: "},
		{"#version 330 core\n#include \"a.glsl\"\n", map[string]string{"fx/a.glsl": "#include \"b.glsl\"\n", "fx/b.glsl": "\n#include \"a.glsl\"\n"},
			"fx/b.glsl: line 2: #include cycle: fx/a.glsl -> fx/b.glsl -> fx/a.glsl"},
		{"#version 330 core\n#include \"../../up.glsl\"\n", nil, "fx/x.frag: line 2: #include \"../../up.glsl\": ../../up.glsl leaves the root"},
	} {
		root := t.TempDir()
		writeFile(t, root, "fx/x.vert", []byte(includeVert))
		writeFile(t, root, "fx/x.frag", []byte(c.frag))
		for p, s := range c.inc {
			writeFile(t, root, p, []byte(s))
		}
		a, _, _ := newTestAssets(t, root, Options{})
		_, err := a.Load("fx/x.shader")
		var ae *Error
		if err == nil || !errors.As(err, &ae) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("load: %v, want %q", err, c.want)
		}
	}
}

// Editing an included file reloads every shader that includes it, and
// only those.
func TestShaderIncludeWatched(t *testing.T) {
	root := t.TempDir()
	for _, n := range []string{"x", "y", "z"} {
		writeFile(t, root, "fx/"+n+".vert", []byte(includeVert))
	}
	writeFile(t, root, "fx/x.frag", []byte("#version 330 core\n#include \"lib/common.glsl\"\nvoid main() {}\n"))
	writeFile(t, root, "fx/y.frag", []byte("#version 330 core\n#include \"lib/more.glsl\"\nvoid main() {}\n"))
	writeFile(t, root, "fx/z.frag", []byte("#version 330 core\nvoid main() {}\n"))
	writeFile(t, root, "fx/lib/more.glsl", []byte("#include \"common.glsl\"\n"))
	writeFile(t, root, "fx/lib/common.glsl", []byte("float k() { return 1.0; }\n"))
	a, frames, _ := newTestAssets(t, root, Options{Watch: true})
	var shaders []*Asset
	for _, n := range []string{"x", "y", "z"} {
		s, err := a.Load("fx/" + n + ".shader")
		if err != nil {
			t.Fatal(err)
		}
		shaders = append(shaders, s)
	}
	var reloaded []string
	a.Reloaded.On(func(x *Asset) { reloaded = append(reloaded, x.Path()) })
	writeFile(t, root, "fx/lib/common.glsl", []byte("float k() { return 2.0; }\n"))
	pollUntil(t, a, "both including shaders to reload", func() bool { return len(reloaded) >= 2 })
	slices.Sort(reloaded)
	if strings.Join(reloaded, ",") != "fx/x.shader,fx/y.shader" {
		t.Errorf("reloaded %v", reloaded)
	}
	for _, s := range shaders[:2] {
		if !strings.Contains(s.Shader().Desc.FragmentSource, "return 2.0;") {
			t.Errorf("%s: not the new include: %s", s.Path(), s.Shader().Desc.FragmentSource)
		}
	}
	if n := frames.Count(render.OpUpdateShader); n != 2 {
		t.Errorf("%d UpdateShader commands, want 2", n)
	}
}

// checkingFrames is a frame source that checks programs as a renderer
// does: a source containing "BROKEN" fails at its line.
type checkingFrames struct {
	f      *render.Frame
	checks int
}

func (c *checkingFrames) Frame() *render.Frame { return c.f }

func (c *checkingFrames) CheckShader(d render.ShaderDesc) error {
	c.checks++
	for _, st := range []struct{ name, src string }{{d.VertexName, d.VertexSource}, {d.FragmentName, d.FragmentSource}} {
		if strings.Contains(st.src, "BROKEN") {
			return errors.New(st.name + ":" + "1: error: BROKEN")
		}
	}
	return nil
}

// With a frame source that checks programs, a shader that does not build
// fails its Load with the compile error, and a reload that does not build
// emits ReloadFailed, records nothing and keeps the old program; Reloaded
// fires after a successful check.
func TestShaderLoadChecksCompile(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "fx/x.vert", []byte(includeVert))
	writeFile(t, root, "fx/x.frag", []byte("#version 330 core\nvoid main() {}\n"))
	writeFile(t, root, "fx/bad.vert", []byte(includeVert))
	writeFile(t, root, "fx/bad.frag", []byte("#version 330 core\nBROKEN\n"))
	cf := &checkingFrames{f: render.NewFrame()}
	a, _, _ := newTestAssets(t, root, Options{Frames: cf})
	if _, err := a.Load("fx/bad.shader"); err == nil || err.Error() != "fx/bad.shader: fx/bad.frag:1: error: BROKEN" {
		t.Errorf("load of a broken shader: %v", err)
	}
	for _, c := range cf.f.Resources() {
		if c.Op == render.OpCreateShader {
			t.Error("a broken shader was created")
		}
	}
	x, err := a.Load("fx/x.shader")
	if err != nil {
		t.Fatal(err)
	}
	var failed []ReloadError
	var ok []int // cf.checks when Reloaded fired
	a.ReloadFailed.On(func(e ReloadError) { failed = append(failed, e) })
	a.Reloaded.On(func(*Asset) { ok = append(ok, cf.checks) })
	writeFile(t, root, "fx/x.frag", []byte("#version 330 core\nBROKEN\n"))
	a.Reload("fx/x.shader")
	pollUntil(t, a, "the failed reload", func() bool { return len(failed) == 1 })
	if !strings.Contains(failed[0].Err.Error(), "fx/x.frag:1: error: BROKEN") || strings.Contains(x.Shader().Desc.FragmentSource, "BROKEN") {
		t.Errorf("failed reload: %v; kept source %q", failed[0].Err, x.Shader().Desc.FragmentSource)
	}
	checks := cf.checks
	writeFile(t, root, "fx/x.frag", []byte("#version 330 core\nvoid main() { }\n"))
	a.Reload("fx/x.shader")
	pollUntil(t, a, "the reload", func() bool { return len(ok) == 1 })
	if ok[0] != checks+1 {
		t.Errorf("Reloaded fired before the check (%d checks, then %d)", checks, ok[0])
	}
	n := 0
	for _, c := range cf.f.Resources() {
		if c.Op == render.OpUpdateShader {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d UpdateShader commands, want 1 (the good reload)", n)
	}
}

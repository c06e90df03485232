package render_test

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tact-engine/tact/render"
)

func mapRead(m fstest.MapFS) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) { return fs.ReadFile(m, name) }
}

func TestExpandIncludes(t *testing.T) {
	files := fstest.MapFS{
		"fx/a.glsl":     {Data: []byte("#pragma once\nfloat a() { return 1.0; }\n#include \"lib/b.glsl\"\n")},
		"fx/lib/b.glsl": {Data: []byte("float b() { return 2.0; }")},
	}
	src := "#version 330 core\n#include \"a.glsl\"\n#include \"a.glsl\"\n#include <tact/frame.glsl>\nvoid main() {}\n"
	out, read, err := render.ExpandIncludes("fx/x.frag", src, render.QuotedIncludes(mapRead(files)))
	if err != nil {
		t.Fatal(err)
	}
	want := "#version 330 core\n" +
		"//#file 1 fx/a.glsl\n#line 1 1\n\nfloat a() { return 1.0; }\n" +
		"//#file 2 fx/lib/b.glsl\n#line 1 2\nfloat b() { return 2.0; }\n#line 4 1\n" +
		"#line 3 0\n" +
		"\n" + // the second include of a.glsl: once
		"#include <tact/frame.glsl>\n" + // kept for the backend
		"void main() {}\n"
	if out != want {
		t.Errorf("expanded:\n%s\nwant:\n%s", out, want)
	}
	if strings.Join(read, ",") != "fx/a.glsl,fx/lib/b.glsl" {
		t.Errorf("read %v", read)
	}
	if got := render.SourceFiles("fx/x.frag", out); strings.Join(got, ",") != "fx/x.frag,fx/a.glsl,fx/lib/b.glsl" {
		t.Errorf("source files %v", got)
	}

	// A second pass resolves the chunk and numbers it after the others,
	// resuming line 5 of string 0 after it.
	chunk := func(from, name string, quoted bool) (string, []byte, error) {
		if quoted {
			return "", nil, errors.New("quoted include in the second pass")
		}
		return "shaders/" + name, []byte("uniform float u_chunk;\n"), nil
	}
	out2, read2, err := render.ExpandIncludes("fx/x.frag", out, chunk)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out2, "//#file 3 shaders/tact/frame.glsl\n#line 1 3\nuniform float u_chunk;\n#line 5 0\nvoid main() {}\n") {
		t.Errorf("second pass:\n%s", out2)
	}
	if len(read2) != 1 || read2[0] != "shaders/tact/frame.glsl" {
		t.Errorf("second pass read %v", read2)
	}
}

func TestExpandIncludesErrors(t *testing.T) {
	files := fstest.MapFS{
		"a.glsl":   {Data: []byte("// a\n#include \"b.glsl\"\n")},
		"b.glsl":   {Data: []byte("\n\n#include \"a.glsl\"\n")},
		"v.glsl":   {Data: []byte("#version 330 core\n")},
		"bad.glsl": {Data: []byte("#include \"missing.glsl\"\n")},
	}
	read := render.QuotedIncludes(mapRead(files))
	for _, c := range []struct{ src, want string }{
		{"#version 330 core\n#include \"a.glsl\"\n", `b.glsl:3: #include cycle: a.glsl -> b.glsl -> a.glsl`},
		{"#version 330 core\n\n#include \"v.glsl\"\n", `v.glsl:1: #version in an included file (only the including source has one)`},
		{"#version 330 core\n#include \"bad.glsl\"\n", `bad.glsl:1: #include "missing.glsl": open missing.glsl: file does not exist`},
		{"#version 330 core\n#include a.glsl\n", `x.frag:2: #include a.glsl: want "file" or <tact/file>`},
		{"#include \"a.glsl\"\n#version 330 core\n", `x.frag:1: #include before #version`},
		{"#version 330 core\n#include \"../up.glsl\"\n", `x.frag:2: #include "../up.glsl": ../up.glsl leaves the root`},
	} {
		_, _, err := render.ExpandIncludes("x.frag", c.src, read)
		var ie *render.IncludeError
		if err == nil || !errors.As(err, &ie) || err.Error() != c.want {
			t.Errorf("%q: got %v, want %s", c.src, err, c.want)
		}
	}
	// A self-include is a cycle even with #pragma once: it cannot be meant.
	self := fstest.MapFS{"s.glsl": {Data: []byte("#pragma once\n#include \"s.glsl\"\n")}}
	_, _, err := render.ExpandIncludes("x.frag", "#version 330 core\n#include \"s.glsl\"\n", render.QuotedIncludes(mapRead(self)))
	if err == nil || !strings.Contains(err.Error(), "s.glsl:2: #include cycle: s.glsl -> s.glsl") {
		t.Errorf("self include: %v", err)
	}
}

// FuzzExpandIncludes expands arbitrary sources that include each other: it
// must not panic or loop, and an expansion that succeeds names in
// SourceFiles every file it read.
func FuzzExpandIncludes(f *testing.F) {
	f.Add("#version 330 core\n#include \"a.glsl\"\nvoid main(){}\n", "#pragma once\n#include \"b.glsl\"\n", "float b;\n#line 7 2\n")
	f.Add("#include <tact/x.glsl>\n", "#include \"a.glsl\"", "#version 330\n")
	f.Add("#  include   \"b.glsl\"\n#line 99 5\n#include \"a.glsl\"", "", "#include <x>\n")
	f.Fuzz(func(t *testing.T, root, a, b string) {
		files := fstest.MapFS{"a.glsl": {Data: []byte(a)}, "b.glsl": {Data: []byte(b)}}
		out, read, err := render.ExpandIncludes("root.frag", root, render.QuotedIncludes(mapRead(files)))
		if err != nil {
			return
		}
		names := render.SourceFiles("root.frag", out)
		for _, r := range read {
			found := false
			for _, n := range names {
				found = found || n == r
			}
			if !found {
				t.Fatalf("read %s, not in the source files %v", r, names)
			}
		}
	})
}

// A custom physically based program from the built-in chunks and a file of
// the game's: the asset manager resolves the quoted include (here a map
// stands in for the asset root), the backend the <tact/...> chunks.
func ExampleExpandIncludes() {
	files := fstest.MapFS{"fx/rim.glsl": {Data: []byte("#pragma once\nuniform vec3 u_rimColor;\n")}}
	frag := `#version 330 core
#include <tact/material.glsl>
#include <tact/pbr.glsl>
#include <tact/tonemap.glsl>
#include "rim.glsl"
void main() {}
`
	out, read, err := render.ExpandIncludes("fx/lit.frag", frag, render.QuotedIncludes(func(name string) ([]byte, error) {
		return fs.ReadFile(files, name)
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(read, render.SourceFiles("fx/lit.frag", out))
	fmt.Println(strings.Count(out, "#include <tact/"), "chunks left for the backend")
	// Output:
	// [fx/rim.glsl] [fx/lit.frag fx/rim.glsl]
	// 3 chunks left for the backend
}

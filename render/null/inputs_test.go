package null

import (
	"reflect"
	"testing"

	"github.com/tact-engine/tact/render"
)

func TestVertexInputs(t *testing.T) {
	src := `#version 330 core
// layout(location = 7) in vec4 a_commented;
/* in vec3 a_block; */
#define X 1
layout(location = 0) in vec3 a_pos;
layout (location=3) in vec4 a_color;
layout(location = 10) in mat4 a_instanceModel;
layout(location = 14) in vec4 a_instanceColor, a_instanceData;
flat in int a_id;
in vec2 a_unused;
uniform mat4 u_viewProj;
out vec4 v_color;
void main() {
    in vec3 notGlobal;
    v_color = a_color * a_instanceColor + vec4(float(a_id));
    gl_Position = u_viewProj * a_instanceModel * vec4(a_pos, 1.0) + a_instanceData;
}
`
	want := []render.ShaderInput{
		{Name: "a_pos", Type: "vec3", Location: 0},
		{Name: "a_color", Type: "vec4", Location: 3},
		{Name: "a_instanceModel", Type: "mat4", Location: 10},
		{Name: "a_instanceColor", Type: "vec4", Location: 14},
		{Name: "a_instanceData", Type: "vec4", Location: 15},
		{Name: "a_id", Type: "int", Location: -1},
	}
	if got := vertexInputs(src); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if got := vertexInputs("layout(location = 2 in vec3 a; /* unterminated"); got != nil {
		t.Errorf("broken source: %+v", got)
	}
}

// FuzzVertexInputs: the declaration scan reads any source without
// panicking, and every input it reports is named, typed and used.
func FuzzVertexInputs(f *testing.F) {
	f.Add("#version 330 core\nlayout(location = 0) in vec3 a_pos;\nvoid main() { gl_Position = vec4(a_pos, 1.0); }\n")
	f.Add("layout(location=) in ; in in in vec4 ; { } } ; layout(")
	f.Add("/* */ // \n# x\nflat in ivec2 a, b[2], c; void f() { a; b; }")
	f.Fuzz(func(t *testing.T, src string) {
		for _, in := range vertexInputs(src) {
			if in.Name == "" || in.Type == "" || !ident(in.Name) {
				t.Fatalf("input %+v from %q", in, src)
			}
		}
	})
}

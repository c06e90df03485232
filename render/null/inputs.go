package null

import (
	"strconv"
	"strings"

	"github.com/tact-engine/tact/render"
)

// shaderInfo is what the backend knows of a shader program: its files'
// names, as errors name them, and the vertex inputs its source declares
// and uses.
type shaderInfo struct {
	name   string
	inputs []render.ShaderInput
}

// noteShader remembers the inputs of shader c (OpCreateShader or
// OpUpdateShader) once it is alive.
func (b *Backend) noteShader(c *render.ResourceCommand) {
	id := uint32(c.Shader)
	if !b.shaders.alive(id) {
		return
	}
	in := b.shaders.info(id)
	in.prog = &shaderInfo{name: c.Source.VertexName + " + " + c.Source.FragmentName, inputs: vertexInputs(c.Source.VertexSource)}
	b.shaders.setInfo(id, in)
}

// The built-in programs' inputs, as render/gl's drivers report them.
var (
	meshInputs = []render.ShaderInput{{Name: "a_pos", Type: "vec3", Location: 0}, {Name: "a_normal", Type: "vec3", Location: 1},
		{Name: "a_uv", Type: "vec2", Location: 2}, {Name: "a_color", Type: "vec4", Location: 3}, {Name: "a_tangent", Type: "vec4", Location: 4}}
	meshInstancedInputs = append(append([]render.ShaderInput(nil), meshInputs...),
		render.ShaderInput{Name: "a_instanceModel", Type: "mat4", Location: render.InstanceModelLocation},
		render.ShaderInput{Name: "a_instanceColor", Type: "vec4", Location: render.InstanceColorLocation})
	depthInputs          = []render.ShaderInput{{Name: "a_pos", Type: "vec3", Location: 0}}
	depthInstancedInputs = []render.ShaderInput{{Name: "a_pos", Type: "vec3", Location: 0},
		{Name: "a_instanceModel", Type: "mat4", Location: render.InstanceModelLocation}}
)

// drawInputs returns the program mesh draw d is drawn with in a pass
// (shadow or not), as render/gl picks it: its name and inputs. ok is
// false where the inputs are unknown (a program whose source declares
// none the scan could read).
func (b *Backend) drawInputs(d *render.MeshDraw, shadow, instanced bool) (name string, inputs []render.ShaderInput, ok bool) {
	id := d.Shader
	if shadow {
		id = d.DepthShader
	}
	if id != 0 {
		p := b.shaders.info(uint32(id)).prog
		if p == nil || p.inputs == nil {
			return "", nil, false
		}
		return p.name, p.inputs, true
	}
	switch {
	case shadow && instanced:
		return "shaders/depth_instanced.vert + shaders/depth.frag", depthInstancedInputs, true
	case shadow:
		return "shaders/depth.vert + shaders/depth.frag", depthInputs, true
	case instanced:
		return "shaders/mesh_instanced.vert + shaders/mesh.frag", meshInstancedInputs, true
	}
	return "shaders/mesh.vert + shaders/mesh.frag", meshInputs, true
}

// storage qualifiers and precisions that may surround "in" in a
// declaration.
var qualifiers = map[string]bool{"flat": true, "smooth": true, "noperspective": true, "centroid": true,
	"invariant": true, "precise": true, "highp": true, "mediump": true, "lowp": true}

// vertexInputs reads the vertex inputs a GLSL vertex source declares at
// global scope ("layout(location = N) in TYPE NAME;", or without the
// layout: location -1) and uses: a driver drops inputs the program never
// reads, and so does this scan, by counting the name's other uses. It
// never fails; a source it cannot read gives nil.
func vertexInputs(src string) []render.ShaderInput {
	toks := tokens(src)
	uses := map[string]int{}
	for _, t := range toks {
		uses[t]++
	}
	var ins []render.ShaderInput
	var stmt []string
	depth := 0
	for _, t := range toks {
		switch {
		case t == "{":
			depth++
			stmt = stmt[:0]
		case t == "}":
			depth = max(depth-1, 0)
			stmt = stmt[:0]
		case depth > 0:
		case t == ";":
			ins = appendInputs(ins, stmt, uses)
			stmt = stmt[:0]
		default:
			stmt = append(stmt, t)
		}
	}
	return ins
}

// appendInputs appends the inputs statement st (a global declaration,
// without its ";") declares and uses elsewhere.
func appendInputs(ins []render.ShaderInput, st []string, uses map[string]int) []render.ShaderInput {
	loc, i := -1, 0
	if i < len(st) && st[i] == "layout" {
		if i+1 >= len(st) || st[i+1] != "(" {
			return ins
		}
		j := i + 2
		for ; j < len(st) && st[j] != ")"; j++ {
			if st[j] == "location" && j+2 < len(st) && st[j+1] == "=" {
				if n, err := strconv.Atoi(st[j+2]); err == nil {
					loc = n
				}
			}
		}
		i = j + 1
	}
	sawIn := false
	for i < len(st) && (qualifiers[st[i]] || st[i] == "in") {
		sawIn = sawIn || st[i] == "in"
		i++
	}
	if !sawIn || i+1 >= len(st) || !ident(st[i]) {
		return ins
	}
	typ := st[i]
	for _, name := range st[i+1:] {
		if name == "," || name == "[" || name == "]" || !ident(name) {
			continue
		}
		if uses[name] > 1 {
			ins = append(ins, render.ShaderInput{Name: name, Type: typ, Location: loc})
		}
		if loc >= 0 {
			loc += locations(typ)
		}
	}
	return ins
}

// locations returns how many attribute locations an input of GLSL type
// typ takes (a matrix one per column).
func locations(typ string) int {
	switch typ {
	case "mat2":
		return 2
	case "mat3":
		return 3
	case "mat4":
		return 4
	}
	return 1
}

func ident(s string) bool {
	return s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// tokens splits GLSL source into identifiers, numbers and single
// punctuation characters, leaving out comments and preprocessor lines.
func tokens(src string) []string {
	var out []string
	lineStart := true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case lineStart && c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 4
			continue
		}
		lineStart = false
		j := i + 1
		if ident(src[i:j]) || c >= '0' && c <= '9' {
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9' || src[j] == '.') {
				j++
			}
		}
		out = append(out, src[i:j])
		i = j
	}
	return out
}

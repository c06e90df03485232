package null

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tact-engine/tact/render"
)

// Named uniforms without a compiler.
//
// render/gl checks a draw's named uniforms against the program's active
// uniforms. The null backend has no compiler, so it reads the uniform
// declarations of the sources themselves (declareUniforms) and checks a
// draw's uniforms against those: a name no source declares, another type,
// or more array elements than declared is the same error as in render/gl,
// once per shader and uniform. What it cannot know it accepts: a uniform
// an unexpanded #include (a <tact/...> chunk) may declare, a uniform
// declared but unused (a GL compiler removes it, and render/gl reports it as
// not active), declarations in #if branches the preprocessor would drop, and
// an array size given by a macro.

// decl is one declared uniform: its type (0 for a GLSL type named uniforms
// do not set, as sampler2DShadow), its GLSL type name, and its array size
// (1 for a non-array, -1 where the size is not a literal).
type decl struct {
	typ  render.UniformType
	glsl string
	size int
}

// glslTypes maps GLSL type names to render's.
var glslTypes = map[string]render.UniformType{
	"float": render.UniformFloat, "vec2": render.UniformVec2, "vec3": render.UniformVec3, "vec4": render.UniformVec4,
	"mat3": render.UniformMat3, "mat4": render.UniformMat4,
	"int": render.UniformInt, "ivec2": render.UniformIVec2, "ivec3": render.UniformIVec3, "ivec4": render.UniformIVec4,
	"uint": render.UniformUint, "uvec2": render.UniformUVec2, "uvec3": render.UniformUVec3, "uvec4": render.UniformUVec4,
	"bool": render.UniformBool, "sampler2D": render.UniformSampler2D,
}

// declareUniforms returns the uniforms the GLSL sources declare outside
// uniform blocks. It never fails: what it cannot read it skips.
func declareUniforms(srcs ...string) map[string]decl {
	out := map[string]decl{}
	for _, src := range srcs {
		src = stripComments(src)
		var b strings.Builder
		for _, line := range strings.Split(src, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "#") {
				b.WriteString(line)
			}
			b.WriteByte('\n')
		}
		src = b.String()
		depth := 0
		start := 0
		for i := 0; i < len(src); i++ {
			switch src[i] {
			case '{':
				if depth == 0 {
					start = i + 1 // a block or function body: its statements are not top-level
				}
				depth++
			case '}':
				if depth > 0 {
					depth--
				}
				if depth == 0 {
					start = i + 1
				}
			case ';':
				if depth == 0 {
					declareStatement(src[start:i], out)
					start = i + 1
				}
			}
		}
	}
	return out
}

// declareStatement adds the uniforms of one top-level statement, as
// "layout(location = 2) uniform highp vec3 a[4], b".
func declareStatement(stmt string, out map[string]decl) {
	f := strings.Fields(strings.NewReplacer("[", " [ ", "]", " ] ", ",", " , ", "=", " = ").Replace(stmt))
	i := 0
	for i < len(f) && f[i] != "uniform" {
		i++
	}
	if i >= len(f) {
		return
	}
	i++
	for i < len(f) && (f[i] == "lowp" || f[i] == "mediump" || f[i] == "highp") {
		i++
	}
	if i >= len(f) {
		return
	}
	glsl := f[i]
	i++
	for i < len(f) {
		name := f[i]
		i++
		size := 1
		if i+2 < len(f) && f[i] == "[" {
			if n, err := strconv.Atoi(f[i+1]); err == nil && n > 0 && f[i+2] == "]" {
				size = n
			} else {
				size = -1
			}
			for i < len(f) && f[i] != "]" {
				i++
			}
			i++
		}
		if validName(name) {
			out[name] = decl{typ: glslTypes[glsl], glsl: glsl, size: size}
		}
		for i < len(f) && f[i] != "," { // an initializer
			i++
		}
		i++
	}
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// stripComments replaces // and /* */ comments with a space (newlines kept).
func stripComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			if i < len(s) {
				b.WriteByte('\n')
			}
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			end := len(s)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			b.WriteString(strings.Repeat("\n", strings.Count(s[i:end], "\n")))
			b.WriteByte(' ')
			i = end - 1
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// shaderDecls is what the backend knows of one shader's uniforms.
type shaderDecls struct {
	name     string // "a.vert + a.frag"
	decls    map[string]decl
	reported map[string]bool
	// partial: a source includes files the null backend does not read
	// (<tact/...> chunks), so a name it does not find may be declared
	// there: only the names it found are checked.
	partial bool
}

// declareShader records the declarations of shader id's sources.
func (b *Backend) declareShader(id render.ShaderID, src render.ShaderDesc) {
	if b.decls == nil {
		b.decls = map[render.ShaderID]*shaderDecls{}
	}
	b.decls[id] = &shaderDecls{name: src.VertexName + " + " + src.FragmentName,
		decls: declareUniforms(src.VertexSource, src.FragmentSource), reported: map[string]bool{},
		partial: strings.Contains(src.VertexSource, "#include") || strings.Contains(src.FragmentSource, "#include")}
}

// checkUniforms checks a draw's named uniforms (and its pass's) as render/gl
// does. Draws of built-in programs are not checked: the null backend does
// not read the built-in sources. Only sampler textures are checked for
// them.
func (b *Backend) checkUniforms(f *render.Frame, i int, bt *render.Batch, u render.Uniforms, shadowPass bool) bool {
	if shadowPass {
		return true
	}
	var sd *shaderDecls
	if bt.Shader != 0 {
		sd = b.decls[bt.Shader]
	}
	if pu := f.Passes()[bt.Pass].Uniforms; !pu.IsZero() && !b.checkSet(f, i, bt, sd, pu, true) {
		return false
	}
	return u.IsZero() || b.checkSet(f, i, bt, sd, u, false)
}

func (b *Backend) checkSet(f *render.Frame, i int, bt *render.Batch, sd *shaderDecls, u render.Uniforms, fromPass bool) bool {
	vals, base := f.UniformValues(u)
	if !base.IsZero() && !b.checkSet(f, i, bt, sd, base, fromPass) {
		return false
	}
	for k := range vals {
		v := &vals[k]
		if v.Type == render.UniformSampler2D && v.Texture != 0 && !b.samplable(f, bt, v.Texture) {
			// The message's prefix is built only here: checking allocates nothing.
			b.sampled(f, i, bt, "uniform "+strconv.Quote(v.Name)+": ", v.Texture)
			return false
		}
		if sd == nil {
			continue
		}
		d, ok := sd.decls[v.Name]
		var why string
		switch {
		case !ok && (fromPass || sd.partial):
		case !ok:
			why = "is not declared by the program"
		case d.typ != v.Type:
			what := d.glsl
			if d.size > 1 {
				what = fmt.Sprintf("%s[%d]", what, d.size)
			}
			why = fmt.Sprintf("is %s in the program, set as %v", what, v.Type)
		case d.size >= 0 && v.Count > d.size:
			why = fmt.Sprintf("has %d elements in the program, set with %d", d.size, v.Count)
		}
		if why != "" && !sd.reported[v.Name] {
			sd.reported[v.Name] = true
			b.fail("%v (batch %d, pass %d): %s: uniform %q %s", bt.Kind, i, bt.Pass, sd.name, v.Name, why)
		}
	}
	return true
}

// samplable reports whether sampled would accept texture id, without
// reporting anything.
func (b *Backend) samplable(f *render.Frame, bt *render.Batch, id render.TextureID) bool {
	if !b.textures.alive(uint32(id)) {
		return false
	}
	in := b.textures.info(uint32(id))
	return !in.shadow && (in.target == 0 || in.target != f.Passes()[bt.Pass].Target)
}

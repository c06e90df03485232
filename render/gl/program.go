package gl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// ShaderError is one compile or link diagnostic, located in a source file.
type ShaderError struct {
	File    string // the source's name, e.g. "shaders/sprite.frag"
	Line    int    // 1-based; 0 when the driver gave no line
	Message string
}

// SourceFile returns the name of the shader source that failed. Packages
// that must not import a backend (the asset manager) find shader errors by
// this method.
func (e *ShaderError) SourceFile() string { return e.File }

// Error returns "file:line: message" (or "file: message" without a line).
func (e *ShaderError) Error() string {
	if e.Line > 0 {
		return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Message
	}
	return e.File + ": " + e.Message
}

// parseLog turns a driver's info log into one error per diagnostic line,
// recognizing Mesa ("0:12(3): error: x"), AMD/Intel ("ERROR: 0:12: x") and
// NVIDIA ("0(12) : error C0000: x") formats.
func parseLog(file, log string) error { return parseLogFiles([]string{file}, log) }

// parseLogFiles is parseLog for a source of several source strings (an
// expansion of #include, see render.SourceFiles): a diagnostic in string N
// names files[N].
func parseLogFiles(files []string, log string) error {
	var errs []error
	for _, line := range strings.Split(log, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		errs = append(errs, parseLogLine(files, line))
	}
	if len(errs) == 0 {
		return &ShaderError{File: files[0], Message: "failed without a log"}
	}
	return errors.Join(errs...)
}

func parseLogLine(files []string, line string) *ShaderError {
	file := files[0]
	rest := strings.TrimPrefix(line, "ERROR: ")
	prefix := ""
	if rest != line {
		prefix = "error: "
	}
	num := func(s string) (int, string, bool) {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return 0, s, false
		}
		n, _ := strconv.Atoi(s[:i])
		return n, s[i:], true
	}
	if str, s, ok := num(rest); ok {
		if str > 0 && str < len(files) && files[str] != "" {
			file = files[str]
		}
		switch {
		case strings.HasPrefix(s, ":"): // Mesa or AMD/Intel: 0:LINE
			if n, s2, ok := num(s[1:]); ok {
				if strings.HasPrefix(s2, "(") { // Mesa column
					if j := strings.Index(s2, ")"); j >= 0 {
						s2 = s2[j+1:]
					}
				}
				if strings.HasPrefix(s2, ":") {
					return &ShaderError{File: file, Line: n, Message: prefix + strings.TrimSpace(s2[1:])}
				}
			}
		case strings.HasPrefix(s, "("): // NVIDIA: 0(LINE) : msg
			if n, s2, ok := num(s[1:]); ok && strings.HasPrefix(s2, ")") {
				s2 = strings.TrimSpace(s2[1:])
				return &ShaderError{File: file, Line: n, Message: prefix + strings.TrimSpace(strings.TrimPrefix(s2, ":"))}
			}
		}
	}
	return &ShaderError{File: file, Message: line}
}

// program is a linked program with its uniform locations (-1 where the
// program does not declare the uniform).
type program struct {
	id                     uint32
	viewProj, model, color int32
	params                 int32 // u_params[0]
	pointScale             int32 // u_pointScale (the point-sprite program)
	// The pass's lights (loaded once per pass).
	lit, linearOut, eye, ambient, lightDir, lightColor int32
	pointPos, pointColor, pointRange, numPoints        int32
	shadowOn, shadowMatrix, shadowBias, shadowRadius   int32
	exposure                                           int32
	// The draw's material.
	metallic, roughness, emissive, normalScale, occlusionStrength, hasNormalMap, unlit int32
	units                                                                              uint16 // bit u: the program has a sampler on texture unit u
	pass                                                                               uint64 // stamp of the pass whose uniforms are loaded; 0: none
	// name is the program's files, "a.vert + a.frag", for errors.
	name string
	// named holds every active uniform by name (arrays without "[0]"),
	// read once at link (uniforms.go).
	named map[string]uniformInfo
	// reported holds the uniforms already reported as wrong.
	reported map[string]struct{}
	// frameBlock: the program declares TactFrame (counted in Backend.uni.users).
	frameBlock bool
	// inputs are the active vertex inputs, which custom mesh layouts
	// must feed (meshes.go).
	inputs []render.ShaderInput
	// morph holds the morph uniforms (morph.go).
	morph morphProg
}

// samples reports whether p declares a sampler on texture unit u.
func (p *program) samples(u int) bool { return p.units&(1<<u) != 0 }

// samplerUnits are the sampler uniforms programs may declare and the
// texture units they read: the ones of mesh programs and full-screen
// programs overlap, as a draw binds those of its kind only.
var samplerUnits = [...]struct {
	name string
	unit int
}{
	{"u_tex", unitBase},
	{"u_metallicRoughnessMap", unitMetallicRoughness},
	{"u_normalMap", unitNormal},
	{"u_emissiveMap", unitEmissive},
	{"u_occlusionMap", unitOcclusion},
	{"u_shadowMap", unitShadow},
	{"u_envSpecular", unitEnvSpecular},
	{"u_envBRDF", unitEnvBRDF},
	{"u_sky", unitBase},
	{"u_tex1", 1},
	{"u_tex2", 2},
	{"u_tex3", 3},
}

// compile compiles one stage; on failure it deletes the shader and returns the
// parsed log.
func (b *Backend) compile(stage uint32, name, src string) (uint32, error) {
	sh := ogl.CreateShader(stage)
	b.live++
	csrc, free := ogl.Strs(src + "\x00")
	ogl.ShaderSource(sh, 1, csrc, nil)
	free()
	ogl.CompileShader(sh)
	var ok int32
	ogl.GetShaderiv(sh, ogl.COMPILE_STATUS, &ok)
	if ok == ogl.FALSE {
		err := parseLogFiles(render.SourceFiles(name, src), shaderLog(sh))
		ogl.DeleteShader(sh)
		b.live--
		return 0, err
	}
	return sh, nil
}

func shaderLog(sh uint32) string {
	var n int32
	ogl.GetShaderiv(sh, ogl.INFO_LOG_LENGTH, &n)
	if n <= 1 {
		return ""
	}
	buf := make([]byte, n)
	ogl.GetShaderInfoLog(sh, n, nil, &buf[0])
	return strings.TrimRight(string(buf), "\x00")
}

// link builds a program from desc, or returns errors naming the files and lines.
func (b *Backend) link(desc render.ShaderDesc) (*program, error) {
	desc, err := b.expandChunks(desc)
	if err != nil {
		return nil, err
	}
	vs, err := b.compile(ogl.VERTEX_SHADER, desc.VertexName, desc.VertexSource)
	if err != nil {
		return nil, err
	}
	fsh, err := b.compile(ogl.FRAGMENT_SHADER, desc.FragmentName, desc.FragmentSource)
	if err != nil {
		ogl.DeleteShader(vs)
		b.live--
		return nil, err
	}
	id := ogl.CreateProgram()
	b.live++
	ogl.AttachShader(id, vs)
	ogl.AttachShader(id, fsh)
	ogl.LinkProgram(id)
	ogl.DetachShader(id, vs)
	ogl.DetachShader(id, fsh)
	ogl.DeleteShader(vs)
	ogl.DeleteShader(fsh)
	b.live -= 2
	var ok int32
	ogl.GetProgramiv(id, ogl.LINK_STATUS, &ok)
	if ok == ogl.FALSE {
		var n int32
		ogl.GetProgramiv(id, ogl.INFO_LOG_LENGTH, &n)
		log := ""
		if n > 1 {
			buf := make([]byte, n)
			ogl.GetProgramInfoLog(id, n, nil, &buf[0])
			log = strings.TrimRight(string(buf), "\x00")
		}
		ogl.DeleteProgram(id)
		b.live--
		return nil, fmt.Errorf("%s + %s: link: %s", desc.VertexName, desc.FragmentName, strings.TrimSpace(log))
	}
	p := &program{id: id}
	loc := func(name string) int32 { return ogl.GetUniformLocation(id, ogl.Str(name+"\x00")) }
	p.viewProj, p.model, p.color = loc("u_viewProj"), loc("u_model"), loc("u_color")
	p.params = loc("u_params[0]")
	p.pointScale = loc("u_pointScale")
	p.lit, p.linearOut, p.eye, p.ambient = loc("u_lit"), loc("u_linearOut"), loc("u_eye"), loc("u_ambient")
	p.lightDir, p.lightColor = loc("u_lightDir"), loc("u_lightColor")
	p.pointPos, p.pointColor, p.pointRange = loc("u_pointPos[0]"), loc("u_pointColor[0]"), loc("u_pointRange[0]")
	p.numPoints = loc("u_numPoints")
	p.shadowOn, p.shadowMatrix, p.shadowBias, p.shadowRadius = loc("u_shadowOn"), loc("u_shadowMatrix"), loc("u_shadowBias"), loc("u_shadowRadius")
	p.exposure = loc("u_exposure")
	p.metallic, p.roughness, p.emissive = loc("u_metallic"), loc("u_roughness"), loc("u_emissive")
	p.normalScale, p.occlusionStrength = loc("u_normalScale"), loc("u_occlusionStrength")
	p.hasNormalMap, p.unlit = loc("u_hasNormalMap"), loc("u_unlit")
	ogl.UseProgram(id)
	b.st.program = id
	bindJointBlock(id) // skin.go
	b.linkMorph(p)     // morph.go
	for _, s := range samplerUnits {
		if l := loc(s.name); l >= 0 {
			ogl.Uniform1i(l, int32(s.unit))
			p.units |= 1 << s.unit
		}
	}
	p.name = desc.VertexName + " + " + desc.FragmentName
	p.inputs = activeInputs(id)
	if err := b.introspect(p); err != nil {
		b.deleteProgram(p)
		return nil, err
	}
	return p, nil
}

func (b *Backend) deleteProgram(p *program) {
	if p == nil {
		return
	}
	if b.st.program == p.id {
		ogl.UseProgram(0)
		b.st.program = 0
	}
	ogl.DeleteProgram(p.id)
	b.live--
	if p.frameBlock {
		b.uni.users--
	}
}

package gl

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// Named uniforms (render.UniformSet) and the frame block.
//
// At link every active uniform of a program is read once (glGetActiveUniform)
// into a table by name: its location, GLSL type and array size. Draws look
// their uniforms up there and never ask GL for a location. Sampler uniforms
// other than the built-in ones get texture units firstCustomUnit and up, set
// once at link. Programs that declare the std140 block TactFrame read it from
// binding point frameBinding: one buffer holds every pass's block, uploaded
// once per frame, and each pass binds its range.

const (
	// firstCustomUnit is the first texture unit of named sampler uniforms;
	// the units below are the built-in samplers' (state.go).
	firstCustomUnit = numBuiltinUnits
	// maxCustomSamplers is how many named sampler uniforms one program may
	// declare (GL 3.3 guarantees 16 fragment texture units).
	maxCustomSamplers = numUnits - firstCustomUnit
	// frameBinding is the uniform buffer binding point of TactFrame (0 is
	// the skinned programs' Joints block, skin.go).
	frameBinding = 1
	// frameBlockName is the block's name in GLSL (shaders/tact/frame.glsl).
	frameBlockName = "TactFrame"
)

// uniformInfo is one active uniform of a program.
type uniformInfo struct {
	loc  int32
	typ  render.UniformType // 0: a GLSL type named uniforms do not set
	gl   uint32             // the GL type, for errors about unsupported types
	size int32              // array elements (1 for a non-array)
	unit int32              // a sampler's texture unit; -1 for a sampler array
}

// glUniformTypes maps GL's uniform types to render's.
var glUniformTypes = map[uint32]render.UniformType{
	ogl.FLOAT: render.UniformFloat, ogl.FLOAT_VEC2: render.UniformVec2, ogl.FLOAT_VEC3: render.UniformVec3,
	ogl.FLOAT_VEC4: render.UniformVec4, ogl.FLOAT_MAT3: render.UniformMat3, ogl.FLOAT_MAT4: render.UniformMat4,
	ogl.INT: render.UniformInt, ogl.INT_VEC2: render.UniformIVec2, ogl.INT_VEC3: render.UniformIVec3, ogl.INT_VEC4: render.UniformIVec4,
	ogl.UNSIGNED_INT: render.UniformUint, ogl.UNSIGNED_INT_VEC2: render.UniformUVec2,
	ogl.UNSIGNED_INT_VEC3: render.UniformUVec3, ogl.UNSIGNED_INT_VEC4: render.UniformUVec4,
	ogl.BOOL: render.UniformBool, ogl.SAMPLER_2D: render.UniformSampler2D,
}

// builtinSampler reports whether name is a sampler the backend binds itself.
func builtinSampler(name string) bool {
	for _, s := range samplerUnits {
		if s.name == name {
			return true
		}
	}
	return false
}

// introspect reads p's active uniforms into p.named, gives its named
// samplers their units and binds its frame block. The program is in use.
func (b *Backend) introspect(p *program) error {
	var n, maxLen int32
	ogl.GetProgramiv(p.id, ogl.ACTIVE_UNIFORMS, &n)
	ogl.GetProgramiv(p.id, ogl.ACTIVE_UNIFORM_MAX_LENGTH, &maxLen)
	p.named = make(map[string]uniformInfo, n)
	buf := make([]byte, maxLen+1)
	unit := int32(firstCustomUnit)
	for i := range uint32(n) {
		var length, size int32
		var typ uint32
		ogl.GetActiveUniform(p.id, i, int32(len(buf)), &length, &size, &typ, &buf[0])
		full := string(buf[:length])
		loc := ogl.GetUniformLocation(p.id, ogl.Str(full+"\x00"))
		if loc < 0 {
			continue // a member of a uniform block (TactFrame)
		}
		name := strings.TrimSuffix(full, "[0]")
		info := uniformInfo{loc: loc, typ: glUniformTypes[typ], gl: typ, size: size, unit: -1}
		if info.typ == render.UniformSampler2D && size == 1 && !builtinSampler(name) {
			if unit >= numUnits {
				return fmt.Errorf("%s: more than %d sampler uniforms besides the built-in ones", p.name, maxCustomSamplers)
			}
			info.unit = unit
			ogl.Uniform1i(loc, unit)
			p.units |= 1 << unit
			unit++
		}
		for _, s := range samplerUnits {
			if s.name == name {
				info.unit = int32(s.unit)
			}
		}
		p.named[name] = info
	}
	if idx := ogl.GetUniformBlockIndex(p.id, ogl.Str(frameBlockName+"\x00")); idx != ogl.INVALID_INDEX {
		var size int32
		ogl.GetActiveUniformBlockiv(p.id, idx, ogl.UNIFORM_BLOCK_DATA_SIZE, &size)
		if size != render.FrameBlockSize {
			return fmt.Errorf("%s: uniform block %s has %d bytes, not %d: declare it with #include <tact/frame.glsl>",
				p.name, frameBlockName, size, render.FrameBlockSize)
		}
		ogl.UniformBlockBinding(p.id, idx, frameBinding)
		p.frameBlock = true
		b.uni.users++
	}
	return nil
}

// uniformState is the frame block's buffer and the scratch it is filled from.
type uniformState struct {
	ubo    uint32
	stride int    // bytes between passes' blocks (the driver's offset alignment)
	data   []byte // every pass's block, by pass
	size   int    // bytes of the buffer's store
	users  int    // live programs that declare the block: none, no upload
}

func (b *Backend) initUniforms() {
	var align int32
	ogl.GetIntegerv(ogl.UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align)
	align = max(align, 16)
	b.uni.stride = (render.FrameBlockSize + int(align) - 1) / int(align) * int(align)
	ogl.GenBuffers(1, &b.uni.ubo)
	b.live++
}

func (b *Backend) deleteUniforms() {
	b.deleteGL(&b.uni.ubo, ogl.DeleteBuffers)
	b.uni.size = 0
}

// prepareFrameBlocks uploads the frame block of every pass of f, in one
// buffer store (orphaned each frame, so the GPU never waits on it), when a
// live program declares the block; the bytes count in f.Stats.BytesUploaded.
func (b *Backend) prepareFrameBlocks(f *render.Frame) {
	passes := f.Passes()
	b.uni.data = b.uni.data[:0]
	if len(passes) == 0 || b.uni.users == 0 {
		return // no program reads the block: upload nothing
	}
	n := len(passes) * b.uni.stride
	if cap(b.uni.data) < n {
		b.uni.data = make([]byte, n)
	}
	b.uni.data = b.uni.data[:n]
	for i := range passes {
		w, h, _, _ := b.surfaceSize(f, passes[i].Target)
		fb := f.FrameBlock(&passes[i], w, h)
		copy(b.uni.data[i*b.uni.stride:], fb.Bytes())
	}
	ogl.BindBuffer(ogl.UNIFORM_BUFFER, b.uni.ubo)
	if n > b.uni.size {
		b.uni.size = n
	}
	ogl.BufferData(ogl.UNIFORM_BUFFER, b.uni.size, nil, ogl.STREAM_DRAW)
	ogl.BufferSubData(ogl.UNIFORM_BUFFER, 0, n, unsafe.Pointer(&b.uni.data[0]))
	f.Stats.BytesUploaded += int64(n)
}

// bindFrameBlock binds pass i's frame block to frameBinding.
func (b *Backend) bindFrameBlock(i int) {
	if len(b.uni.data) < (i+1)*b.uni.stride {
		return
	}
	ogl.BindBufferRange(ogl.UNIFORM_BUFFER, frameBinding, b.uni.ubo, i*b.uni.stride, render.FrameBlockSize)
}

// applyUniforms loads the pass's named uniforms and then the draw's own (u)
// into prog. It reports false if a sampler's texture may not be drawn (the
// draw is then skipped, as for any bad texture); other problems are
// reported once per program and uniform and the draw goes on.
func (b *Backend) applyUniforms(f *render.Frame, i int, bt *render.Batch, prog *program, u render.Uniforms) bool {
	if b.pass.shadow {
		return true // the depth program: a shadow pass ignores uniforms
	}
	if bt.Shader != 0 {
		if p, _ := b.lookupProgram(bt.Shader); p == nil {
			// The program never compiled (that error is reported) and the
			// built-in one draws: its uniforms are not the ones set.
			return true
		}
	}
	pass := &f.Passes()[bt.Pass]
	if !pass.Uniforms.IsZero() && !b.applySet(f, i, bt, prog, pass.Uniforms, true) {
		return false
	}
	return u.IsZero() || b.applySet(f, i, bt, prog, u, false)
}

// applySet loads the values of u, after those of its base. Values a program
// does not declare are skipped silently where fromPass (a pass offers its
// uniforms to every program) and reported otherwise.
func (b *Backend) applySet(f *render.Frame, i int, bt *render.Batch, prog *program, u render.Uniforms, fromPass bool) bool {
	vals, base := f.UniformValues(u)
	if !base.IsZero() && !b.applySet(f, i, bt, prog, base, fromPass) {
		return false
	}
	for k := range vals {
		v := &vals[k]
		info, ok := prog.named[v.Name]
		switch {
		case !ok && fromPass:
			continue
		case !ok:
			b.uniformError(bt, i, prog, v.Name, "is not an active uniform of the program (not declared, or unused and removed by the compiler)")
			continue
		case info.typ != v.Type:
			what := uniformTypeName(info)
			if info.size > 1 {
				what = fmt.Sprintf("%s[%d]", what, info.size)
			}
			b.uniformError(bt, i, prog, v.Name, fmt.Sprintf("is %s in the program, set as %v", what, v.Type))
			continue
		case int32(v.Count) > info.size:
			b.uniformError(bt, i, prog, v.Name, fmt.Sprintf("has %d elements in the program, set with %d", info.size, v.Count))
			continue
		}
		if v.Type == render.UniformSampler2D {
			if info.unit < 0 {
				b.uniformError(bt, i, prog, v.Name, "is a sampler array (named samplers are single sampler2D uniforms)")
				continue
			}
			tex := b.white
			if v.Texture != 0 {
				t := b.lookupTexture(v.Texture)
				switch {
				case t == nil:
					b.fail("%v (batch %d, pass %d): uniform %q: unknown or deleted %v", bt.Kind, i, bt.Pass, v.Name, v.Texture)
					return false
				case t.target != 0 && t.target == b.pass.target:
					b.fail("%v (batch %d, pass %d): uniform %q: samples %v while rendering into %v", bt.Kind, i, bt.Pass, v.Name, v.Texture, t.target)
					return false
				case t.shadow:
					b.fail("%v (batch %d, pass %d): uniform %q: %v is a shadow map (sample it through Lights.Shadow)", bt.Kind, i, bt.Pass, v.Name, v.Texture)
					return false
				}
				tex = t.gl
			}
			b.bindTexture(int(info.unit), tex)
			continue
		}
		w := f.UniformWords(v.Data)
		fp := (*float32)(unsafe.Pointer(&w[0]))
		ip := (*int32)(unsafe.Pointer(&w[0]))
		n := int32(v.Count)
		switch v.Type {
		case render.UniformFloat:
			ogl.Uniform1fv(info.loc, n, fp)
		case render.UniformVec2:
			ogl.Uniform2fv(info.loc, n, fp)
		case render.UniformVec3:
			ogl.Uniform3fv(info.loc, n, fp)
		case render.UniformVec4:
			ogl.Uniform4fv(info.loc, n, fp)
		case render.UniformMat3:
			ogl.UniformMatrix3fv(info.loc, n, false, fp)
		case render.UniformMat4:
			ogl.UniformMatrix4fv(info.loc, n, false, fp)
		case render.UniformInt, render.UniformBool:
			ogl.Uniform1iv(info.loc, n, ip)
		case render.UniformIVec2:
			ogl.Uniform2iv(info.loc, n, ip)
		case render.UniformIVec3:
			ogl.Uniform3iv(info.loc, n, ip)
		case render.UniformIVec4:
			ogl.Uniform4iv(info.loc, n, ip)
		case render.UniformUint:
			ogl.Uniform1uiv(info.loc, n, &w[0])
		case render.UniformUVec2:
			ogl.Uniform2uiv(info.loc, n, &w[0])
		case render.UniformUVec3:
			ogl.Uniform3uiv(info.loc, n, &w[0])
		case render.UniformUVec4:
			ogl.Uniform4uiv(info.loc, n, &w[0])
		}
	}
	return true
}

// uniformTypeName names an active uniform's GLSL type in errors.
func uniformTypeName(info uniformInfo) string {
	if info.typ != 0 {
		return info.typ.String()
	}
	return fmt.Sprintf("GL type 0x%x (not settable by name)", info.gl)
}

// uniformError reports a problem with uniform name of prog, once per program
// and uniform: a wrong value set every frame is one error, not one a frame.
func (b *Backend) uniformError(bt *render.Batch, i int, prog *program, name, why string) {
	if _, ok := prog.reported[name]; ok {
		return
	}
	if prog.reported == nil {
		prog.reported = make(map[string]struct{})
	}
	prog.reported[name] = struct{}{}
	b.fail("%v (batch %d, pass %d): %s: uniform %q %s", bt.Kind, i, bt.Pass, prog.name, name, why)
}

// expandChunks resolves the `#include <tact/...>` directives of desc's
// sources from the shader directory (Options.Shaders), naming the chunks
// ShaderDir/name in errors. Quoted includes are the asset manager's to
// resolve (runtime/asset reads them through the asset file system); one
// left here is an error. A failure is a ShaderError at the directive.
func (b *Backend) expandChunks(desc render.ShaderDesc) (render.ShaderDesc, error) {
	if !strings.Contains(desc.VertexSource, "include") && !strings.Contains(desc.FragmentSource, "include") {
		return desc, nil
	}
	dir := strings.TrimSuffix(b.opts.ShaderDir, "/") + "/"
	resolve := func(from, name string, quoted bool) (string, []byte, error) {
		if quoted {
			return "", nil, fmt.Errorf("a quoted include is a file of the game's: load the shader through the asset manager, which resolves them")
		}
		src, err := fs.ReadFile(b.opts.Shaders, name)
		return dir + name, src, err
	}
	for _, st := range []struct{ name, src *string }{{&desc.VertexName, &desc.VertexSource}, {&desc.FragmentName, &desc.FragmentSource}} {
		out, _, err := render.ExpandIncludes(*st.name, *st.src, resolve)
		if err != nil {
			var ie *render.IncludeError
			if errors.As(err, &ie) {
				return desc, &ShaderError{File: ie.File, Line: ie.Line, Message: ie.Err.Error()}
			}
			return desc, err
		}
		*st.src = out
	}
	return desc, nil
}

// CheckShader compiles and links desc (resolving its chunks) and deletes
// the program again: render.Renderer.CheckShader's way to learn whether a
// program builds before it is created. The error names the file and line.
func (b *Backend) CheckShader(desc render.ShaderDesc) error {
	if !b.inited {
		return errors.New("render/gl: CheckShader before Init")
	}
	p, err := b.link(desc)
	if err != nil {
		return err
	}
	b.deleteProgram(p)
	return nil
}

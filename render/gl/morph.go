package gl

import (
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// Morph targets (blend shapes). A mesh's morph deltas live in one texture
// buffer of RGBA32F texels (render.MorphLayout: per target, per vertex, the
// position delta, then the normal and tangent deltas when some target has
// them), which vertex stages read by gl_VertexID through
// <tact/morph.glsl>. A texture buffer rather than a 2D texture: one fetch
// by index, no row arithmetic, and no size limit short of the driver's
// texture buffer size (128 Mi texels on desktop drivers). A draw's weights
// go to the uniform array u_morphWeights (16 vec4, render.MaxMorphTargets
// floats) and u_morph.x is set to its target count; draws without weights
// get u_morph.x = 0 and read nothing. The built-in mesh, skinned mesh and
// depth programs all include the chunk, so the shadow pass morphs too, and
// morphing precedes skinning as glTF orders them.

// unitMorph is the texture unit of u_morphDeltas: past the units the 2D
// binding cache (glState.textures) tracks, so a texture buffer never
// shares a unit with a 2D sampler of the same program (an
// INVALID_OPERATION at draw time). OpenGL 3.3 guarantees 48 combined units.
const unitMorph = numUnits

// morphMesh is a mesh's morph targets on the GPU.
type morphMesh struct {
	buf, tex uint32 // the deltas' buffer and its texture buffer; 0: no targets
	layout   render.MorphLayout
}

// morphProg is a program's morph uniforms.
type morphProg struct {
	layout, weights int32 // u_morph, u_morphWeights[0]; -1: not declared
	on              bool  // u_morph.x was last set non-zero
}

// morphState is the backend's morphing scratch and binding cache.
type morphState struct {
	bound     uint32    // texture buffer bound to unitMorph
	texels    []float32 // packing scratch, kept between creates
	weights   [render.MaxMorphTargets]float32
	maxTexels int // GL_MAX_TEXTURE_BUFFER_SIZE; 0: not asked yet
}

// linkMorph finds program p's morph uniforms (it is in use) and points its
// delta sampler at unitMorph.
func (b *Backend) linkMorph(p *program) {
	loc := func(name string) int32 { return ogl.GetUniformLocation(p.id, ogl.Str(name+"\x00")) }
	p.morph = morphProg{layout: loc("u_morph"), weights: loc("u_morphWeights[0]")}
	if l := loc("u_morphDeltas"); l >= 0 {
		ogl.Uniform1i(l, unitMorph)
	}
}

// createMorphTargets runs OpCreateMorphTargets: the command checked as
// render/null checks it, packed, and uploaded into a new texture buffer
// that replaces the mesh's previous one.
func (b *Backend) createMorphTargets(f *render.Frame, c *render.ResourceCommand) {
	m := b.lookupMesh(c.Mesh)
	if m == nil {
		b.fail("%v: unknown or deleted %v", c.Op, c.Mesh)
		return
	}
	vertices := int(m.ext.vertices)
	if msg := render.CheckMorphTargets(f, c, vertices); msg != "" {
		b.fail("%v: %v: %s", c.Op, c.Mesh, msg)
		return
	}
	s := &b.morph
	if s.maxTexels == 0 {
		var n int32
		ogl.GetIntegerv(ogl.MAX_TEXTURE_BUFFER_SIZE, &n)
		s.maxTexels = max(int(n), 1<<16)
	}
	l := render.MorphLayoutOf(f, c, vertices)
	if l.Texels() > s.maxTexels {
		b.fail("%v: %v: %d morph texels, the driver's texture buffers hold %d", c.Op, c.Mesh, l.Texels(), s.maxTexels)
		return
	}
	s.texels = render.PackMorphDeltas(s.texels[:0], f, c, l)
	b.deleteMorph(m)
	ogl.GenBuffers(1, &m.morph.buf)
	ogl.GenTextures(1, &m.morph.tex)
	b.live += 2
	ogl.BindBuffer(ogl.TEXTURE_BUFFER, m.morph.buf)
	ogl.BufferData(ogl.TEXTURE_BUFFER, 4*len(s.texels), unsafe.Pointer(&s.texels[0]), ogl.STATIC_DRAW)
	ogl.BindBuffer(ogl.TEXTURE_BUFFER, 0)
	// TexBuffer names the texture bound on the active unit: attach the
	// buffer on unitMorph, where the texture stays bound.
	ogl.ActiveTexture(ogl.TEXTURE0 + unitMorph)
	ogl.BindTexture(ogl.TEXTURE_BUFFER, m.morph.tex)
	ogl.TexBuffer(ogl.TEXTURE_BUFFER, ogl.RGBA32F, m.morph.buf)
	ogl.ActiveTexture(ogl.TEXTURE0 + uint32(b.st.unit))
	b.morph.bound = m.morph.tex
	m.morph.layout = l
	f.Stats.BytesUploaded += int64(4 * len(s.texels))
}

// bindMorph binds texture buffer tex to unitMorph, leaving the active
// unit as the binding cache knows it.
func (b *Backend) bindMorph(tex uint32) {
	if b.morph.bound == tex {
		return
	}
	ogl.ActiveTexture(ogl.TEXTURE0 + unitMorph)
	ogl.BindTexture(ogl.TEXTURE_BUFFER, tex)
	ogl.ActiveTexture(ogl.TEXTURE0 + uint32(b.st.unit))
	b.morph.bound = tex
}

// deleteMorph deletes mesh m's morph targets, if it has any.
func (b *Backend) deleteMorph(m *mesh) {
	if m.morph.tex == b.morph.bound {
		b.morph.bound = 0 // deleting a texture unbinds it
	}
	b.deleteGL(&m.morph.tex, ogl.DeleteTextures)
	b.deleteGL(&m.morph.buf, ogl.DeleteBuffers)
	m.morph = morphMesh{}
}

// morphDraw checks mesh draw md (batch i) of mesh m against the mesh's
// morph targets, as render/null does, and loads program prog's (in use)
// morph uniforms: the draw's weights, or none. It returns false, having
// reported why, when the draw cannot be made.
func (b *Backend) morphDraw(f *render.Frame, i int, bt *render.Batch, md *render.MeshDraw, prog *program, m *mesh) bool {
	if msg := render.CheckWeights(f, md, m.morph.layout.Targets, len(f.MeshInstances(bt.First))); msg != "" {
		b.fail("%v (batch %d, pass %d): %v: %s", bt.Kind, i, bt.Pass, md.Mesh, msg)
		return false
	}
	p := &prog.morph
	if p.layout < 0 {
		return true // the program does not morph: the base shape
	}
	if md.Weights == 0 {
		if p.on {
			ogl.Uniform4i(p.layout, 0, 0, 0, 0)
			p.on = false
		}
		return true
	}
	l := &m.morph.layout
	flags := int32(0)
	if l.Normals {
		flags |= 1
	}
	if l.Tangents {
		flags |= 2
	}
	ogl.Uniform4i(p.layout, int32(l.Targets), int32(l.Vertices), int32(l.Stride), flags)
	p.on = true
	if p.weights >= 0 {
		w := &b.morph.weights
		n := copy(w[:], f.Weights(md.Weights))
		clear(w[n : (n+3)&^3])
		ogl.Uniform4fv(p.weights, int32((n+3)/4), &w[0])
	}
	b.bindMorph(m.morph.tex)
	return true
}

package gl

import (
	"fmt"
	"io/fs"
	"strings"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// Built-in programs of instanced mesh draws: their own vertex stages
// (mesh_instanced.vert, depth_instanced.vert) with the fragment stages of
// the mesh and depth programs, so that instances are shaded by the very
// code DrawMesh's meshes are.
const (
	MeshInstancedProgram  = "mesh_instanced"
	DepthInstancedProgram = "depth_instanced"
)

// instancedPrograms lists them with their fragment files.
var instancedPrograms = [...]struct{ vert, frag string }{
	{MeshInstancedProgram, MeshProgram},
	{DepthInstancedProgram, DepthProgram},
}

// instanceState holds the instanced draws' GL objects: a ring of instance
// buffers (as the sprites' stream, see streamRing) refilled once a frame
// with every instance of the frame, and the instanced built-in programs,
// compiled at the first instanced draw (so that a backend whose shader
// files lack them, as tests' trimmed file systems do, still starts).
type instanceState struct {
	ring    [streamRing]streamBuf
	slot    int
	buf     uint32 // this frame's buffer
	progs   [len(instancedPrograms)]*program
	src     [len(instancedPrograms)]render.ShaderDesc
	tried   [len(instancedPrograms)]bool
	errs    [len(instancedPrograms)]error
	created bool
	reload  int64 // b.lastReload (UnixNano) when the sources were last compared
}

// prepareInstances uploads the frame's mesh instances into this frame's
// ring buffer, and recompiles the instanced programs when development
// reloading found changed sources.
func (b *Backend) prepareInstances(f *render.Frame) {
	in := &b.inst
	if b.opts.ReloadInterval > 0 && in.reload != b.lastReload.UnixNano() {
		in.reload = b.lastReload.UnixNano()
		for k := range in.progs {
			if in.tried[k] {
				b.reloadInstanced(k)
			}
		}
	}
	all := f.AllMeshInstances()
	if len(all) == 0 {
		return
	}
	if !in.created {
		for i := range in.ring {
			ogl.GenBuffers(1, &in.ring[i].id)
			b.live++
		}
		in.created = true
	}
	in.slot = (in.slot + 1) % streamRing
	s := &in.ring[in.slot]
	b.upload(f, ogl.ARRAY_BUFFER, s, render.MeshInstanceBytes(all), 1<<16)
	in.buf = s.id
}

// deleteInstances deletes what prepareInstances and instancedProgram made.
func (b *Backend) deleteInstances() {
	in := &b.inst
	for i := range in.ring {
		b.deleteGL(&in.ring[i].id, ogl.DeleteBuffers)
		in.ring[i].size = 0
	}
	for k, p := range in.progs {
		b.deleteProgram(p)
		in.progs[k] = nil
	}
	*in = instanceState{}
}

// loadInstanced reads instanced program k's sources.
func (b *Backend) loadInstanced(k int) (render.ShaderDesc, error) {
	pr := instancedPrograms[k]
	v, err := fs.ReadFile(b.opts.Shaders, pr.vert+".vert")
	if err != nil {
		return render.ShaderDesc{}, fmt.Errorf("built-in shader: %w", err)
	}
	fr, err := fs.ReadFile(b.opts.Shaders, pr.frag+".frag")
	if err != nil {
		return render.ShaderDesc{}, fmt.Errorf("built-in shader: %w", err)
	}
	dir := strings.TrimSuffix(b.opts.ShaderDir, "/") + "/"
	// Chunks (#include) expanded as for the other built-ins, so that a
	// reload sees edits to them too.
	return b.expandChunks(render.ShaderDesc{VertexName: dir + pr.vert + ".vert", VertexSource: string(v),
		FragmentName: dir + pr.frag + ".frag", FragmentSource: string(fr)})
}

// instancedProgram returns instanced built-in program k, compiling it at
// the first call; nil (and the error, reported at every draw that needs
// it) when its sources are missing or do not compile.
func (b *Backend) instancedProgram(k int) (*program, error) {
	in := &b.inst
	if !in.tried[k] {
		in.tried[k] = true
		desc, err := b.loadInstanced(k)
		if err == nil {
			in.src[k] = desc
			in.progs[k], err = b.link(desc)
		}
		in.errs[k] = err
	}
	return in.progs[k], in.errs[k]
}

// reloadInstanced recompiles instanced program k if its sources changed,
// keeping the previous program when the new one fails.
func (b *Backend) reloadInstanced(k int) {
	in := &b.inst
	desc, err := b.loadInstanced(k)
	if err != nil {
		b.fail("reload %s: %v", instancedPrograms[k].vert, err)
		return
	}
	if desc == in.src[k] {
		return
	}
	in.src[k] = desc
	p, err := b.link(desc)
	if err != nil {
		b.fail("reload: %v", err)
		return
	}
	b.deleteProgram(in.progs[k])
	in.progs[k], in.errs[k] = p, nil
}

// meshProgram returns the program mesh draw md (batch i) draws with, given
// prog, the one chosen so far: in a shadow pass its DepthShader if it has
// one; for an instanced draw the instanced variant of a built-in program
// (custom programs read the instance attributes themselves). It returns
// nil, having reported why, when the draw cannot be made.
func (b *Backend) meshProgram(f *render.Frame, i int, bt *render.Batch, md *render.MeshDraw, prog *program) *program {
	if b.pass.shadow && md.DepthShader != 0 {
		p, ok := b.lookupProgram(md.DepthShader)
		if !ok {
			b.fail("%v (batch %d, pass %d): DepthShader: unknown or deleted %v", bt.Kind, i, bt.Pass, md.DepthShader)
			return nil
		}
		if p == nil {
			return prog // failed to compile (reported then): the built-in depth program
		}
		prog = p
	}
	if len(f.MeshInstances(bt.First)) == 0 {
		return prog
	}
	k := -1
	switch prog {
	case b.builtin[render.KindMesh]:
		k = 0
	case b.builtin[progDepth]:
		k = 1
	case b.builtin[progMeshSkinned], b.builtin[progDepthSkinned]:
		b.fail("%v (batch %d, pass %d): %v: a skinned mesh cannot be drawn instanced", bt.Kind, i, bt.Pass, md.Mesh)
		return nil
	}
	if k < 0 {
		return prog
	}
	p, err := b.instancedProgram(k)
	if p == nil {
		b.fail("%v (batch %d, pass %d): instanced program: %v", bt.Kind, i, bt.Pass, err)
		return nil
	}
	return p
}

// bindInstanced binds mesh m's instanced vertex array (made at its first
// instanced draw: the mesh's layout plus the instance attributes, one per
// instance) with the instance attributes starting at instance first of
// this frame's instance buffer.
func (b *Backend) bindInstanced(m *mesh, first int) {
	if m.ext.instVAO == 0 {
		ogl.GenVertexArrays(1, &m.ext.instVAO)
		b.live++
		ogl.BindVertexArray(m.ext.instVAO)
		b.st.vao = m.ext.instVAO
		ogl.BindBuffer(ogl.ARRAY_BUFFER, m.vbo)
		setLayout(m.ext.attrs, m.ext.stride)
		if m.ibo != 0 {
			ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, m.ibo)
		}
		for loc := uint32(render.InstanceModelLocation); loc <= render.InstanceDataLocation; loc++ {
			ogl.EnableVertexAttribArray(loc)
			ogl.VertexAttribDivisor(loc, 1)
		}
	}
	b.bindVAO(m.ext.instVAO)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.inst.buf)
	const stride = int32(render.MeshInstanceSize)
	base := uintptr(first * render.MeshInstanceSize)
	for c := range uint32(4) {
		ogl.VertexAttribPointerWithOffset(render.InstanceModelLocation+c, 4, ogl.FLOAT, false, stride, base+16*uintptr(c))
	}
	ogl.VertexAttribPointerWithOffset(render.InstanceColorLocation, 4, ogl.UNSIGNED_BYTE, true, stride, base+64)
	ogl.VertexAttribPointerWithOffset(render.InstanceDataLocation, 4, ogl.FLOAT, false, stride, base+68)
}

package null

import (
	"unsafe"

	"github.com/tact-engine/tact/render"
)

// mesh is what the backend remembers of a mesh beyond info.indices: what
// UpdateMesh and draws check against. Its zero value, with info.indices,
// is a CreateMesh mesh: MeshVertex's stride, indexed triangles.
type mesh struct {
	vertices   int
	stride     int // 0: MeshVertex's
	primitive  render.PrimitiveMode
	nonIndexed bool
	custom     bool                     // from CreateMeshFrom: programs' inputs are checked against attrs
	attrs      []render.VertexAttribute // nil: MeshVertex's
}

// createMeshFrom runs OpCreateMeshFrom as render/gl does: the layout and
// data checked by MeshDesc.Check.
func (b *Backend) createMeshFrom(f *render.Frame, c *render.ResourceCommand, st *render.Stats) {
	if b.meshes.alive(uint32(c.Mesh)) {
		b.fail("%v: %v already exists", c.Op, c.Mesh)
		return
	}
	vs := f.Bytes(c.Data)
	is := f.Indices(c.Indices)
	d := &c.MeshDesc
	if err := d.Check(len(vs), is); err != nil {
		b.fail("%v: %v: %v", c.Op, c.Mesh, err)
		return
	}
	_, stride := d.Layout()
	m := mesh{vertices: len(vs) / stride, stride: stride, primitive: d.Primitive, nonIndexed: len(is) == 0, custom: true, attrs: d.Attributes}
	n := len(is)
	if m.nonIndexed {
		n = m.vertices
	}
	b.meshes.create(uint32(c.Mesh), info{indices: n, mesh: m})
	st.BytesUploaded += int64(len(vs) + 4*len(is))
}

// updateMesh checks OpUpdateMesh with render.CheckMeshUpdate, as
// render/gl does before it writes the buffers.
func (b *Backend) updateMesh(f *render.Frame, c *render.ResourceCommand, st *render.Stats) {
	if !b.meshes.alive(uint32(c.Mesh)) {
		b.fail("%v: %s %v", c.Op, b.meshes.state(uint32(c.Mesh)), c.Mesh)
		return
	}
	in := b.meshes.info(uint32(c.Mesh))
	vs := f.Bytes(c.Data)
	is := f.Indices(c.Indices)
	stride := in.mesh.stride
	if stride == 0 {
		stride = int(unsafe.Sizeof(render.MeshVertex{}))
	}
	indices := in.indices
	if in.mesh.nonIndexed {
		indices = 0
	}
	if msg := render.CheckMeshUpdate(c, len(vs), is, stride, in.mesh.vertices, indices); msg != "" {
		b.fail("%v: %v: %s", c.Op, c.Mesh, msg)
		return
	}
	st.BytesUploaded += int64(len(vs) + 4*len(is))
}

// meshPrimitives checks what render/gl checks of mesh draw batch i beyond
// the mesh's handle (a live DepthShader in shadow passes, no skinned mesh
// drawn instanced) and returns the primitives it draws, or -1 (reported).
func (b *Backend) meshPrimitives(f *render.Frame, i int, bt *render.Batch, shadowPass bool) int {
	d := &f.MeshDraws()[bt.First]
	if shadowPass && d.DepthShader != 0 && !b.shaders.alive(uint32(d.DepthShader)) {
		b.fail("%v (batch %d, pass %d): DepthShader: %s %v", bt.Kind, i, bt.Pass, b.shaders.state(uint32(d.DepthShader)), d.DepthShader)
		return -1
	}
	in := b.meshes.info(uint32(d.Mesh))
	n := len(f.MeshInstances(bt.First))
	builtin := bt.Shader == 0 // the program drawing it is a built-in one: it has no instanced skinned variant
	if shadowPass {
		builtin = d.DepthShader == 0
	}
	if n > 0 && in.skinned && builtin {
		b.fail("%v (batch %d, pass %d): %v: a skinned mesh cannot be drawn instanced", bt.Kind, i, bt.Pass, d.Mesh)
		return -1
	}
	if in.mesh.custom {
		// As render/gl checks the program's active inputs (inputs.go).
		if name, inputs, ok := b.drawInputs(d, shadowPass, n > 0); ok {
			if msg := render.CheckInputs(name, inputs, d.Mesh, in.mesh.attrs, n > 0); msg != "" {
				b.fail("%v (batch %d, pass %d): %v: %s", bt.Kind, i, bt.Pass, d.Mesh, msg)
				return -1
			}
		}
	}
	return in.mesh.primitive.Primitives(in.indices) * max(n, 1)
}

// countInstances adds the frame's mesh instances to BytesUploaded, as
// render/gl streams them: once per frame, MeshInstanceSize bytes each.
func countInstances(f *render.Frame, st *render.Stats) {
	st.BytesUploaded += int64(len(render.MeshInstanceBytes(f.AllMeshInstances())))
}

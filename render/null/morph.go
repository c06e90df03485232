package null

import "github.com/tact-engine/tact/render"

// createMorphTargets checks OpCreateMorphTargets as render/gl does, with
// render.CheckMorphTargets against the mesh's vertex count, and remembers
// how many weights the mesh's draws may carry. A refused command leaves
// the mesh as it was.
func (b *Backend) createMorphTargets(f *render.Frame, c *render.ResourceCommand, st *render.Stats) {
	if !b.meshes.alive(uint32(c.Mesh)) {
		b.fail("%v: %s %v", c.Op, b.meshes.state(uint32(c.Mesh)), c.Mesh)
		return
	}
	in := b.meshes.info(uint32(c.Mesh))
	if msg := render.CheckMorphTargets(f, c, in.mesh.vertices); msg != "" {
		b.fail("%v: %v: %s", c.Op, c.Mesh, msg)
		return
	}
	in.morphs = c.Morph.Len
	b.meshes.setInfo(uint32(c.Mesh), in)
	st.BytesUploaded += 16 * int64(render.MorphLayoutOf(f, c, in.mesh.vertices).Texels())
}

// morphDraw checks mesh draw batch i's weights against its mesh, as
// render/gl does (render.CheckWeights).
func (b *Backend) morphDraw(f *render.Frame, i int, bt *render.Batch) bool {
	d := &f.MeshDraws()[bt.First]
	in := b.meshes.info(uint32(d.Mesh))
	if msg := render.CheckWeights(f, d, in.morphs, len(f.MeshInstances(bt.First))); msg != "" {
		b.fail("%v (batch %d, pass %d): %v: %s", bt.Kind, i, bt.Pass, d.Mesh, msg)
		return false
	}
	return true
}

package null

import "github.com/tact-engine/tact/render"

// createSkinnedMesh checks and creates a skinned mesh as render/gl does:
// CreateMesh's checks plus one skin vertex a vertex, and remembers how
// many palette entries its draws need.
func (b *Backend) createSkinnedMesh(f *render.Frame, c *render.ResourceCommand, st *render.Stats) {
	if b.meshes.alive(uint32(c.Mesh)) {
		b.fail("%v: %v already exists", c.Op, c.Mesh)
		return
	}
	if why := render.CheckSkinnedMesh(f, c); why != "" {
		b.fail("%v: %v: %s", c.Op, c.Mesh, why)
		return
	}
	skin := f.SkinVertices(c.Skin)
	b.meshes.create(uint32(c.Mesh), info{indices: c.Indices.Len, skinned: true, joints: render.SkinJoints(skin), mesh: mesh{vertices: c.Vertices.Len}})
	st.BytesUploaded += int64(len(render.MeshVertexBytes(f.MeshVertices(c.Vertices)))+len(render.SkinVertexBytes(skin))) + 4*int64(c.Indices.Len)
}

// uploadPalettes counts the frame's palettes as uploaded, once, as
// render/gl uploads them in one buffer before the first pass.
func (b *Backend) uploadPalettes(f *render.Frame, st *render.Stats) {
	st.BytesUploaded += int64(len(render.MatrixBytes(f.Palettes())))
}

// skinnedDraw checks mesh draw batch i's palette against its mesh, as
// render/gl does: a skinned mesh needs a palette of this frame holding
// every joint its vertices weight; any other mesh takes none.
func (b *Backend) skinnedDraw(f *render.Frame, i int, bt *render.Batch) bool {
	d := &f.MeshDraws()[bt.First]
	in := b.meshes.info(uint32(d.Mesh))
	if msg := render.CheckPalette(f, d, in.skinned, in.joints); msg != "" {
		b.fail("%v (batch %d, pass %d): %v: %s", bt.Kind, i, bt.Pass, d.Mesh, msg)
		return false
	}
	return true
}

package gl

import (
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// GPU skinning. A skinned mesh is a mesh with a second vertex buffer of
// render.SkinVertex (attribute 5: four joint indices, uvec4; attribute 6:
// four weights). Every palette of a frame goes to the GPU once, before the
// first pass, in one uniform buffer (orphaned each frame); a draw binds its
// palette's range of it to the Joints uniform block, so that the camera's
// pass and the shadow pass, and several meshes of one skin, share one
// upload. Skinned draws of the built-in programs use mesh_skinned.vert
// (with mesh.frag) and depth_skinned.vert (with depth.frag).

// skinnedSuffix marks the skinned variant of a built-in mesh program: its
// vertex stage is NAME_skinned.vert, its fragment stage NAME.frag.
const skinnedSuffix = "_skinned"

// jointBinding is the uniform buffer binding point of the Joints block.
const jointBinding = 0

// jointBlockBytes is the size of the Joints block: render.MaxJoints mat4.
const jointBlockBytes = render.MaxJoints * 64

// skinState is the backend's palette buffer.
type skinState struct {
	ubo   uint32
	size  int    // bytes allocated in ubo
	align int    // GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT
	bound uint32 // offset+1 of the range bound to jointBinding; 0: none
	zeros []byte // jointBlockBytes of zeros: the buffer's tail
	// perDraw: the driver's offset alignment does not divide the 256
	// bytes palettes are padded to, so each draw uploads its palette
	// to the start of the buffer instead (never on known drivers).
	perDraw bool
	// uploaded is the offset+1 of the palette last uploaded per draw.
	uploaded int
}

// initSkin creates the palette buffer.
func (b *Backend) initSkin() {
	s := &b.skin
	var a int32
	ogl.GetIntegerv(ogl.UNIFORM_BUFFER_OFFSET_ALIGNMENT, &a)
	s.align = max(int(a), 1)
	s.perDraw = 256%s.align != 0
	s.zeros = make([]byte, jointBlockBytes)
	ogl.GenBuffers(1, &s.ubo)
	b.live++
}

func (b *Backend) deleteSkin() {
	b.deleteGL(&b.skin.ubo, ogl.DeleteBuffers)
	b.skin.size, b.skin.bound = 0, 0
}

// bindJointBlock binds program id's Joints uniform block, if it declares
// one, to jointBinding: the built-in skinned programs and custom programs
// that skin their meshes read the draw's palette there.
func bindJointBlock(id uint32) {
	if i := ogl.GetUniformBlockIndex(id, ogl.Str("Joints\x00")); i != ogl.INVALID_INDEX {
		ogl.UniformBlockBinding(id, i, jointBinding)
	}
}

// uploadPalettes sends every palette of f to the palette buffer at once,
// followed by a block of zeros so that the range a draw binds (a whole
// Joints block from its palette's start) lies inside the buffer and reads
// zeros, never garbage, past the frame's last palette.
func (b *Backend) uploadPalettes(f *render.Frame) {
	s := &b.skin
	s.bound, s.uploaded = 0, 0
	data := render.MatrixBytes(f.Palettes())
	if len(data) == 0 || s.perDraw {
		return
	}
	need := len(data) + jointBlockBytes
	ogl.BindBuffer(ogl.UNIFORM_BUFFER, s.ubo)
	if need > s.size {
		s.size = max(need, 2*s.size)
	}
	// Orphan the storage: the GPU may still read last frame's palettes.
	ogl.BufferData(ogl.UNIFORM_BUFFER, s.size, nil, ogl.STREAM_DRAW)
	ogl.BufferSubData(ogl.UNIFORM_BUFFER, 0, len(data), unsafe.Pointer(&data[0]))
	ogl.BufferSubData(ogl.UNIFORM_BUFFER, len(data), jointBlockBytes, unsafe.Pointer(&s.zeros[0]))
	f.Stats.BytesUploaded += int64(len(data))
}

// skinDraw checks mesh draw md (batch i) against its mesh and, for a
// skinned one, binds its palette and returns the program to draw with:
// the skinned variant of prog when prog is a built-in mesh program, prog
// itself when it is a custom one. It returns nil, having reported why,
// when the draw cannot be made. An unknown mesh is left to draw to report.
func (b *Backend) skinDraw(f *render.Frame, i int, bt *render.Batch, md *render.MeshDraw, prog *program) *program {
	m := b.lookupMesh(md.Mesh)
	if m == nil {
		return prog // draw reports the mesh
	}
	if msg := render.CheckPalette(f, md, m.skin != 0, int(m.joints)); msg != "" {
		b.fail("%v (batch %d, pass %d): %v: %s", bt.Kind, i, bt.Pass, md.Mesh, msg)
		return nil
	}
	if m.skin == 0 {
		return prog
	}
	switch prog {
	case b.builtin[render.KindMesh]:
		prog = b.builtin[progMeshSkinned]
	case b.builtin[progDepth]:
		prog = b.builtin[progDepthSkinned]
	}
	sp, _ := f.PaletteSpan(md.Palette)
	s := &b.skin
	off := sp.Off * 64
	if s.perDraw {
		if s.uploaded != sp.Off+1 {
			pal := render.MatrixBytes(f.Palette(md.Palette))
			ogl.BindBuffer(ogl.UNIFORM_BUFFER, s.ubo)
			ogl.BufferData(ogl.UNIFORM_BUFFER, jointBlockBytes, unsafe.Pointer(&s.zeros[0]), ogl.STREAM_DRAW)
			ogl.BufferSubData(ogl.UNIFORM_BUFFER, 0, len(pal), unsafe.Pointer(&pal[0]))
			f.Stats.BytesUploaded += int64(len(pal))
			s.uploaded, s.bound = sp.Off+1, 0
		}
		off = 0
	}
	if s.bound != uint32(off)+1 {
		ogl.BindBufferRange(ogl.UNIFORM_BUFFER, jointBinding, s.ubo, off, jointBlockBytes)
		s.bound = uint32(off) + 1
	}
	return prog
}

// createSkinnedMesh creates a mesh (as OpCreateMesh) with its skin stream.
func (b *Backend) createSkinnedMesh(f *render.Frame, c *render.ResourceCommand) {
	if why := render.CheckSkinnedMesh(f, c); why != "" {
		b.fail("%v: %v: %s", c.Op, c.Mesh, why)
		return
	}
	plain := *c
	plain.Op = render.OpCreateMesh
	b.resource(f, &plain)
	m := b.lookupMesh(c.Mesh)
	if m == nil {
		return // reported
	}
	skin := f.SkinVertices(c.Skin)
	bs := render.SkinVertexBytes(skin)
	m.joints = int32(render.SkinJoints(skin))
	ogl.GenBuffers(1, &m.skin)
	b.live++
	b.bindVAO(m.vao)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, m.skin)
	ogl.BufferData(ogl.ARRAY_BUFFER, len(bs), unsafe.Pointer(&bs[0]), ogl.STATIC_DRAW)
	const stride = int32(unsafe.Sizeof(render.SkinVertex{}))
	ogl.EnableVertexAttribArray(5)
	ogl.VertexAttribIPointerWithOffset(5, 4, ogl.UNSIGNED_BYTE, stride, 0)
	ogl.EnableVertexAttribArray(6)
	ogl.VertexAttribPointerWithOffset(6, 4, ogl.FLOAT, false, stride, 4)
	f.Stats.BytesUploaded += int64(len(bs))
}

package gl

import (
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

func slot(v uint32) int { return int(v & (1<<24 - 1)) }

// grow extends s so that index i exists.
func grow[T any](s []T, i int) []T {
	for len(s) <= i {
		var zero T
		s = append(s, zero)
	}
	return s
}

func (b *Backend) lookupTexture(id render.TextureID) *texture {
	s := slot(uint32(id))
	if s < len(b.textures) && b.textures[s].id == id && b.textures[s].gl != 0 {
		return &b.textures[s]
	}
	return nil
}

func (b *Backend) lookupMesh(id render.MeshID) *mesh {
	s := slot(uint32(id))
	if s < len(b.meshes) && b.meshes[s].id == id && b.meshes[s].vao != 0 {
		return &b.meshes[s]
	}
	return nil
}

func (b *Backend) lookupTarget(id render.TargetID) *target {
	s := slot(uint32(id))
	if s < len(b.targets) && b.targets[s].id == id && b.targets[s].fbo != 0 {
		return &b.targets[s]
	}
	return nil
}

// lookupProgram returns the program of a live shader handle; ok is false for
// a handle that was never created (or deleted). p is nil for a handle whose
// creation failed to compile.
func (b *Backend) lookupProgram(id render.ShaderID) (p *program, ok bool) {
	s := slot(uint32(id))
	if s < len(b.progIDs) && b.progIDs[s] == id {
		return b.programs[s], true
	}
	return nil, false
}

// genTexture creates a 2D texture of internal format internal (RGBA8,
// SRGB8_ALPHA8 or RGBA16F) from RGBA8 pixels, or uninitialized for nil.
// With mipmaps it gets a generated mipmap chain and a mipmapped
// minification filter.
func (b *Backend) genTexture(w, h int, filter render.Filter, wrap render.Wrap, internal int32, pix []byte, mipmaps bool) uint32 {
	var id uint32
	ogl.GenTextures(1, &id)
	b.live++
	b.bindTexture(b.st.unit, id)
	f := int32(ogl.LINEAR)
	if filter == render.FilterNearest {
		f = ogl.NEAREST
	}
	wr := int32(ogl.CLAMP_TO_EDGE)
	if wrap == render.WrapRepeat {
		wr = ogl.REPEAT
	}
	minF := f
	if mipmaps {
		minF = ogl.LINEAR_MIPMAP_LINEAR
		if filter == render.FilterNearest {
			minF = ogl.NEAREST_MIPMAP_NEAREST
		}
	}
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MIN_FILTER, minF)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MAG_FILTER, f)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_WRAP_S, wr)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_WRAP_T, wr)
	var p unsafe.Pointer
	if len(pix) > 0 {
		p = unsafe.Pointer(&pix[0])
	}
	ogl.PixelStorei(ogl.UNPACK_ALIGNMENT, 1)
	ogl.TexImage2D(ogl.TEXTURE_2D, 0, internal, int32(w), int32(h), 0, ogl.RGBA, ogl.UNSIGNED_BYTE, p)
	if mipmaps {
		// Always, even without pixels: a mipmapped filter on a texture
		// missing its smaller levels samples black.
		ogl.GenerateMipmap(ogl.TEXTURE_2D)
	}
	return id
}

// genShadowTexture creates a shadow map's 24-bit depth texture, set up for
// sampler2DShadow: depth comparison (LEQUAL against the reference),
// bilinear filtering of the comparison results, and a border of depth 1 so
// that everything outside the map is lit. depth, if not nil, holds its
// initial texels (32-bit depth values, 0xffffffff the far plane).
func (b *Backend) genShadowTexture(w, h int, depth []uint32) uint32 {
	var id uint32
	ogl.GenTextures(1, &id)
	b.live++
	b.bindTexture(b.st.unit, id)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MIN_FILTER, ogl.LINEAR)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MAG_FILTER, ogl.LINEAR)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_WRAP_S, ogl.CLAMP_TO_BORDER)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_WRAP_T, ogl.CLAMP_TO_BORDER)
	b.vec = mgl32.Vec4{1, 1, 1, 1}
	ogl.TexParameterfv(ogl.TEXTURE_2D, ogl.TEXTURE_BORDER_COLOR, &b.vec[0])
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_COMPARE_MODE, ogl.COMPARE_REF_TO_TEXTURE)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_COMPARE_FUNC, ogl.LEQUAL)
	var p unsafe.Pointer
	if len(depth) > 0 {
		p = unsafe.Pointer(&depth[0])
	}
	ogl.PixelStorei(ogl.UNPACK_ALIGNMENT, 4)
	ogl.TexImage2D(ogl.TEXTURE_2D, 0, ogl.DEPTH_COMPONENT24, int32(w), int32(h), 0, ogl.DEPTH_COMPONENT, ogl.UNSIGNED_INT, p)
	return id
}

// internalFormat returns the GL internal format of render format f.
func internalFormat(f render.Format) int32 {
	switch f {
	case render.FormatSRGB8A8:
		return ogl.SRGB8_ALPHA8
	case render.FormatRGBA16F:
		return ogl.RGBA16F
	}
	return ogl.RGBA8
}

// textureFormatOK reports whether a texture (not a target) may have format f.
func textureFormatOK(f render.Format) bool {
	return f == render.FormatRGBA8 || f == render.FormatSRGB8A8
}

func (b *Backend) resource(f *render.Frame, c *render.ResourceCommand) {
	if b.textureCommand(f, c) { // textures.go: other kinds and formats, layers
		return
	}
	st := &f.Stats
	switch c.Op {
	case render.OpCreateTexture:
		s := slot(uint32(c.Texture))
		b.textures = grow(b.textures, s)
		if b.textures[s].gl != 0 {
			b.fail("%v: %v: slot still holds %v", c.Op, c.Texture, b.textures[s].id)
			return
		}
		if !textureFormatOK(c.Desc.Format) {
			b.fail("%v: %v: format %v (textures are RGBA8 or SRGB8A8)", c.Op, c.Texture, c.Desc.Format)
			return
		}
		pix := f.Bytes(c.Data)
		opaque, binary := alphaKinds(pix)
		b.textures[s] = texture{id: c.Texture, w: c.Desc.Width, h: c.Desc.Height, opaque: opaque, mipmaps: c.Desc.Mipmaps,
			cutout: binary && cutoutSampling(&c.Desc),
			gl:     b.genTexture(c.Desc.Width, c.Desc.Height, c.Desc.Filter, c.Desc.Wrap, internalFormat(c.Desc.Format), pix, c.Desc.Mipmaps)}
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpReplaceTexture:
		t := b.lookupTexture(c.Texture)
		if t == nil {
			b.fail("%v: unknown or deleted %v", c.Op, c.Texture)
			return
		}
		if t.target != 0 {
			b.fail("%v: %v belongs to %v", c.Op, c.Texture, t.target)
			return
		}
		if !textureFormatOK(c.Desc.Format) {
			b.fail("%v: %v: format %v (textures are RGBA8 or SRGB8A8)", c.Op, c.Texture, c.Desc.Format)
			return
		}
		b.forgetTexture(t.gl)
		b.deleteGL(&t.gl, ogl.DeleteTextures)
		t.w, t.h = c.Desc.Width, c.Desc.Height
		pix := f.Bytes(c.Data)
		opaque, binary := alphaKinds(pix)
		t.opaque, t.cutout, t.mipmaps = opaque, binary && cutoutSampling(&c.Desc), c.Desc.Mipmaps
		t.gl = b.genTexture(c.Desc.Width, c.Desc.Height, c.Desc.Filter, c.Desc.Wrap, internalFormat(c.Desc.Format), pix, c.Desc.Mipmaps)
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpUpdateTexture:
		t := b.lookupTexture(c.Texture)
		if t == nil {
			b.fail("%v: unknown or deleted %v", c.Op, c.Texture)
			return
		}
		r := c.Rect
		if r.X < 0 || r.Y < 0 || r.X+r.W > t.w || r.Y+r.H > t.h {
			b.fail("%v: %v: rect %v outside %dx%d", c.Op, c.Texture, r, t.w, t.h)
			return
		}
		if t.shadow {
			b.fail("%v: %v is a shadow map (only passes write it)", c.Op, c.Texture)
			return
		}
		pix := f.Bytes(c.Data)
		opaque, binary := alphaKinds(pix)
		t.opaque, t.cutout = t.opaque && opaque, t.cutout && binary
		b.bindTexture(b.st.unit, t.gl)
		ogl.PixelStorei(ogl.UNPACK_ALIGNMENT, 1)
		ogl.TexSubImage2D(ogl.TEXTURE_2D, 0, int32(r.X), int32(r.Y), int32(r.W), int32(r.H), ogl.RGBA, ogl.UNSIGNED_BYTE, unsafe.Pointer(&pix[0]))
		if t.mipmaps {
			ogl.GenerateMipmap(ogl.TEXTURE_2D)
		}
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpCreateMesh:
		s := slot(uint32(c.Mesh))
		b.meshes = grow(b.meshes, s)
		if b.meshes[s].vao != 0 {
			b.fail("%v: %v: slot still holds %v", c.Op, c.Mesh, b.meshes[s].id)
			return
		}
		vs := render.MeshVertexBytes(f.MeshVertices(c.Vertices))
		is := f.Indices(c.Indices)
		m := mesh{id: c.Mesh, count: int32(len(is))}
		m.ext.vertices = int32(c.Vertices.Len)
		ogl.GenVertexArrays(1, &m.vao)
		ogl.GenBuffers(1, &m.vbo)
		ogl.GenBuffers(1, &m.ibo)
		b.live += 3
		ogl.BindVertexArray(m.vao)
		b.st.vao = m.vao
		ogl.BindBuffer(ogl.ARRAY_BUFFER, m.vbo)
		ogl.BufferData(ogl.ARRAY_BUFFER, len(vs), unsafe.Pointer(&vs[0]), ogl.STATIC_DRAW)
		ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, m.ibo)
		ogl.BufferData(ogl.ELEMENT_ARRAY_BUFFER, 4*len(is), unsafe.Pointer(&is[0]), ogl.STATIC_DRAW)
		const stride = int32(unsafe.Sizeof(render.MeshVertex{}))
		ogl.EnableVertexAttribArray(0)
		ogl.VertexAttribPointerWithOffset(0, 3, ogl.FLOAT, false, stride, 0)
		ogl.EnableVertexAttribArray(1)
		ogl.VertexAttribPointerWithOffset(1, 3, ogl.FLOAT, false, stride, 12)
		ogl.EnableVertexAttribArray(2)
		ogl.VertexAttribPointerWithOffset(2, 2, ogl.FLOAT, false, stride, 24)
		ogl.EnableVertexAttribArray(3)
		ogl.VertexAttribPointerWithOffset(3, 4, ogl.UNSIGNED_BYTE, true, stride, 32)
		ogl.EnableVertexAttribArray(4)
		ogl.VertexAttribPointerWithOffset(4, 4, ogl.FLOAT, false, stride, 36)
		b.meshes[s] = m
		st.BytesUploaded += int64(len(vs) + 4*len(is))
	case render.OpCreateShader:
		s := slot(uint32(c.Shader))
		b.programs = grow(b.programs, s)
		b.progIDs = grow(b.progIDs, s)
		if b.progIDs[s] != 0 {
			b.fail("%v: %v: slot still holds %v", c.Op, c.Shader, b.progIDs[s])
			return
		}
		b.progIDs[s] = c.Shader
		p, err := b.link(c.Source)
		f.ReportShader(c.Shader, c.Op, err) // the main thread learns of it (render.Renderer.ShaderResults)
		if err != nil {
			b.fail("%v %v (draws use the built-in program): %w", c.Op, c.Shader, err)
		}
		b.programs[s] = p
	case render.OpUpdateShader:
		if _, ok := b.lookupProgram(c.Shader); !ok {
			b.fail("%v: unknown or deleted %v", c.Op, c.Shader)
			return
		}
		p, err := b.link(c.Source)
		f.ReportShader(c.Shader, c.Op, err)
		if err != nil {
			b.fail("%v %v (previous program kept): %w", c.Op, c.Shader, err)
			return
		}
		s := slot(uint32(c.Shader))
		b.deleteProgram(b.programs[s])
		b.programs[s] = p
	case render.OpCreateTarget:
		b.createTarget(c)
	case render.OpCreateSkinnedMesh:
		b.createSkinnedMesh(f, c)
	case render.OpCreateMeshFrom:
		b.createMeshFrom(f, c) // meshes.go
	case render.OpUpdateMesh:
		b.updateMesh(f, c)
	case render.OpCreateMorphTargets:
		b.createMorphTargets(f, c) // morph.go
	default:
		b.fail("%v: not a create or update command", c.Op)
	}
}

func (b *Backend) delete(c *render.ResourceCommand) {
	switch c.Op {
	case render.OpDeleteTexture:
		t := b.lookupTexture(c.Texture)
		if t == nil {
			b.fail("%v: unknown or deleted %v", c.Op, c.Texture)
			return
		}
		if t.target != 0 {
			b.fail("%v: %v belongs to %v; delete the target", c.Op, c.Texture, t.target)
			return
		}
		b.deleteTexture(t)
	case render.OpDeleteMesh:
		m := b.lookupMesh(c.Mesh)
		if m == nil {
			b.fail("%v: unknown or deleted %v", c.Op, c.Mesh)
			return
		}
		b.deleteMesh(m)
	case render.OpDeleteShader:
		p, ok := b.lookupProgram(c.Shader)
		if !ok {
			b.fail("%v: unknown or deleted %v", c.Op, c.Shader)
			return
		}
		b.deleteProgram(p)
		s := slot(uint32(c.Shader))
		b.programs[s], b.progIDs[s] = nil, 0
	case render.OpDeleteTarget:
		t := b.lookupTarget(c.Target)
		if t == nil {
			b.fail("%v: unknown or deleted %v", c.Op, c.Target)
			return
		}
		b.deleteTarget(t)
	default:
		b.fail("%v: not a delete command", c.Op)
	}
}

func (b *Backend) deleteTexture(t *texture) {
	if t.gl == 0 {
		return
	}
	b.forgetTexture(t.gl)
	b.deleteGL(&t.gl, ogl.DeleteTextures)
	*t = texture{}
}

func (b *Backend) deleteMesh(m *mesh) {
	if m.vao == 0 {
		return
	}
	if b.st.vao == m.vao {
		ogl.BindVertexArray(0)
		b.st.vao = 0
	}
	b.deleteGL(&m.vao, ogl.DeleteVertexArrays)
	b.deleteGL(&m.vbo, ogl.DeleteBuffers)
	b.deleteGL(&m.ibo, ogl.DeleteBuffers)
	b.deleteGL(&m.skin, ogl.DeleteBuffers)
	b.deleteMeshExt(m)
	b.deleteMorph(m) // morph.go
	m.joints = 0
	m.id = 0
}

// alphaKinds reports whether RGBA8 pixels all have alpha 255 (opaque),
// and whether they all have alpha 0 or 255 (binary); empty
// (uninitialized) pixels are neither.
func alphaKinds(pix []byte) (opaque, binary bool) {
	if len(pix) == 0 {
		return false, false
	}
	opaque, binary = true, true
	for i := 3; i < len(pix); i += 4 {
		switch pix[i] {
		case 255:
		case 0:
			opaque = false
		default:
			return false, false
		}
	}
	return opaque, binary
}

// cutoutSampling reports whether a texture is sampled so that a texel's
// alpha reaches the fragment unchanged: nearest filtering, no mipmaps.
func cutoutSampling(d *render.TextureDesc) bool {
	return d.Filter == render.FilterNearest && !d.Mipmaps
}

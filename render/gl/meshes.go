package gl

import (
	"fmt"
	"strings"
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// meshExt is what meshes of CreateMeshFrom (custom layouts, other
// primitives, updates) and instanced draws add to a mesh. Its zero value
// (with mesh.count) describes a CreateMesh mesh: MeshVertex's layout,
// indexed triangles.
type meshExt struct {
	custom     bool                     // created by CreateMeshFrom: program inputs are checked against attrs
	attrs      []render.VertexAttribute // the layout; nil: MeshVertex's
	stride     int32                    // 0: MeshVertex's
	primitive  render.PrimitiveMode
	nonIndexed bool  // drawn with glDrawArrays; count is then the vertex count
	vertices   int32 // vertex count
	instVAO    uint32
	// The last program checked against the layout, for instanced draws or
	// not, and whether it matched.
	checked     *program
	checkedInst bool
	checkOK     bool
}

// activeInputs lists program id's active vertex inputs (glGetActiveAttrib),
// leaving out built-ins (gl_VertexID and the like).
func activeInputs(id uint32) []render.ShaderInput {
	var n, maxLen int32
	ogl.GetProgramiv(id, ogl.ACTIVE_ATTRIBUTES, &n)
	ogl.GetProgramiv(id, ogl.ACTIVE_ATTRIBUTE_MAX_LENGTH, &maxLen)
	if n <= 0 || maxLen <= 0 {
		return nil
	}
	buf := make([]byte, maxLen+1)
	var ins []render.ShaderInput
	for i := range uint32(n) {
		var length, size int32
		var typ uint32
		ogl.GetActiveAttrib(id, i, maxLen+1, &length, &size, &typ, &buf[0])
		name := string(buf[:length])
		if strings.HasPrefix(name, "gl_") {
			continue
		}
		loc := ogl.GetAttribLocation(id, ogl.Str(name+"\x00"))
		ins = append(ins, render.ShaderInput{Name: name, Type: glslType(typ), Location: int(loc)})
	}
	return ins
}

// glslType names a GL attribute type as GLSL writes it.
func glslType(t uint32) string {
	switch t {
	case ogl.FLOAT:
		return "float"
	case ogl.FLOAT_VEC2:
		return "vec2"
	case ogl.FLOAT_VEC3:
		return "vec3"
	case ogl.FLOAT_VEC4:
		return "vec4"
	case ogl.FLOAT_MAT2:
		return "mat2"
	case ogl.FLOAT_MAT3:
		return "mat3"
	case ogl.FLOAT_MAT4:
		return "mat4"
	case ogl.INT:
		return "int"
	case ogl.INT_VEC2:
		return "ivec2"
	case ogl.INT_VEC3:
		return "ivec3"
	case ogl.INT_VEC4:
		return "ivec4"
	case ogl.UNSIGNED_INT:
		return "uint"
	case ogl.UNSIGNED_INT_VEC2:
		return "uvec2"
	case ogl.UNSIGNED_INT_VEC3:
		return "uvec3"
	case ogl.UNSIGNED_INT_VEC4:
		return "uvec4"
	}
	return fmt.Sprintf("type 0x%x", t)
}

// checkInputs reports (as batch i's error) and returns false when prog
// cannot draw mesh m: see render.CheckInputs. Meshes of CreateMesh are not
// checked (their programs were never asked to match), nor is a program
// whose source failed: a pair is checked once, then remembered.
func (b *Backend) checkInputs(bt *render.Batch, i int, prog *program, m *mesh, instanced bool) bool {
	if !m.ext.custom {
		return true
	}
	if m.ext.checked == prog && m.ext.checkedInst == instanced && m.ext.checkOK {
		return true
	}
	msg := render.CheckInputs(prog.name, prog.inputs, m.id, m.ext.attrs, instanced)
	m.ext.checked, m.ext.checkedInst, m.ext.checkOK = prog, instanced, msg == ""
	if msg != "" {
		b.fail("%v (batch %d, pass %d): %v: %s", bt.Kind, i, bt.Pass, m.id, msg)
		return false
	}
	return true
}

// glMode returns the GL primitive of m.
func glMode(m render.PrimitiveMode) uint32 {
	switch m {
	case render.PointList:
		return ogl.POINTS
	case render.LineList:
		return ogl.LINES
	case render.LineStrip:
		return ogl.LINE_STRIP
	case render.TriangleStrip:
		return ogl.TRIANGLE_STRIP
	}
	return ogl.TRIANGLES
}

// setLayout points the bound vertex array's attributes at the bound
// vertex buffer as attrs (nil: MeshVertex's) describe.
func setLayout(attrs []render.VertexAttribute, stride int32) {
	if attrs == nil {
		d := render.MeshDesc{}
		a, s := d.Layout()
		attrs, stride = a, int32(s)
	}
	for _, a := range attrs {
		loc := uint32(a.Location)
		ogl.EnableVertexAttribArray(loc)
		switch a.Format {
		case render.AttribInt32:
			ogl.VertexAttribIPointerWithOffset(loc, int32(a.Components), ogl.INT, stride, uintptr(a.Offset))
		case render.AttribUint8Norm:
			ogl.VertexAttribPointerWithOffset(loc, int32(a.Components), ogl.UNSIGNED_BYTE, true, stride, uintptr(a.Offset))
		default:
			ogl.VertexAttribPointerWithOffset(loc, int32(a.Components), ogl.FLOAT, false, stride, uintptr(a.Offset))
		}
	}
}

// createMeshFrom runs OpCreateMeshFrom: a mesh of the command's layout,
// checked as render/null checks it.
func (b *Backend) createMeshFrom(f *render.Frame, c *render.ResourceCommand) {
	s := slot(uint32(c.Mesh))
	b.meshes = grow(b.meshes, s)
	if b.meshes[s].vao != 0 {
		b.fail("%v: %v: slot still holds %v", c.Op, c.Mesh, b.meshes[s].id)
		return
	}
	vs := f.Bytes(c.Data)
	is := f.Indices(c.Indices)
	d := &c.MeshDesc
	if err := d.Check(len(vs), is); err != nil {
		b.fail("%v: %v: %v", c.Op, c.Mesh, err)
		return
	}
	attrs, stride := d.Layout()
	usage := uint32(ogl.STATIC_DRAW)
	if d.Dynamic {
		usage = ogl.DYNAMIC_DRAW
	}
	m := mesh{id: c.Mesh}
	m.ext = meshExt{custom: true, attrs: d.Attributes, stride: int32(stride), primitive: d.Primitive,
		nonIndexed: len(is) == 0, vertices: int32(len(vs) / stride)}
	ogl.GenVertexArrays(1, &m.vao)
	ogl.GenBuffers(1, &m.vbo)
	b.live += 2
	ogl.BindVertexArray(m.vao)
	b.st.vao = m.vao
	ogl.BindBuffer(ogl.ARRAY_BUFFER, m.vbo)
	ogl.BufferData(ogl.ARRAY_BUFFER, len(vs), unsafe.Pointer(&vs[0]), usage)
	if len(is) > 0 {
		ogl.GenBuffers(1, &m.ibo)
		b.live++
		ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, m.ibo)
		ogl.BufferData(ogl.ELEMENT_ARRAY_BUFFER, 4*len(is), unsafe.Pointer(&is[0]), usage)
		m.count = int32(len(is))
	} else {
		m.count = m.ext.vertices
	}
	setLayout(attrs, int32(stride))
	b.meshes[s] = m
	f.Stats.BytesUploaded += int64(len(vs) + 4*len(is))
}

// updateMesh runs OpUpdateMesh: glBufferSubData into the mesh's buffers,
// which keep their size. A range outside them, a partial vertex or an
// index outside the vertices drops the whole update and is reported.
func (b *Backend) updateMesh(f *render.Frame, c *render.ResourceCommand) {
	m := b.lookupMesh(c.Mesh)
	if m == nil {
		b.fail("%v: unknown or deleted %v", c.Op, c.Mesh)
		return
	}
	vs := f.Bytes(c.Data)
	is := f.Indices(c.Indices)
	stride := int(m.ext.stride)
	if stride == 0 {
		stride = int(unsafe.Sizeof(render.MeshVertex{}))
	}
	indices := int(m.count)
	if m.ext.nonIndexed {
		indices = 0
	}
	if msg := render.CheckMeshUpdate(c, len(vs), is, stride, int(m.ext.vertices), indices); msg != "" {
		b.fail("%v: %v: %s", c.Op, c.Mesh, msg)
		return
	}
	if len(vs) > 0 {
		ogl.BindBuffer(ogl.ARRAY_BUFFER, m.vbo)
		ogl.BufferSubData(ogl.ARRAY_BUFFER, c.FirstVertex*stride, len(vs), unsafe.Pointer(&vs[0]))
	}
	if len(is) > 0 {
		// The element buffer binding belongs to the vertex array: bind
		// the mesh's own.
		b.bindVAO(m.vao)
		ogl.BufferSubData(ogl.ELEMENT_ARRAY_BUFFER, 4*c.FirstIndex, 4*len(is), unsafe.Pointer(&is[0]))
	}
	f.Stats.BytesUploaded += int64(len(vs) + 4*len(is))
}

// deleteMeshExt deletes what meshExt holds (the instanced vertex array).
func (b *Backend) deleteMeshExt(m *mesh) {
	if m.ext.instVAO != 0 && b.st.vao == m.ext.instVAO {
		ogl.BindVertexArray(0)
		b.st.vao = 0
	}
	b.deleteGL(&m.ext.instVAO, ogl.DeleteVertexArrays)
	m.ext = meshExt{}
}

// drawMesh issues mesh draw md of mesh m with prog (in use, uniforms
// set): its primitives, indexed or not, once or once per instance from
// instance first on. It returns the primitives drawn, or -1 when prog's
// inputs do not match the mesh (reported).
func (b *Backend) drawMesh(bt *render.Batch, i int, prog *program, m *mesh, instances, first int) int {
	inst := instances > 0
	if !b.checkInputs(bt, i, prog, m, inst) {
		return -1
	}
	mode := glMode(m.ext.primitive)
	if inst {
		b.bindInstanced(m, first)
	} else {
		b.bindVAO(m.vao)
	}
	n := max(instances, 1)
	switch {
	case m.ext.nonIndexed && inst:
		ogl.DrawArraysInstanced(mode, 0, m.count, int32(n))
	case m.ext.nonIndexed:
		ogl.DrawArrays(mode, 0, m.count)
	case inst:
		ogl.DrawElementsInstanced(mode, m.count, ogl.UNSIGNED_INT, nil, int32(n))
	default:
		ogl.DrawElements(mode, m.count, ogl.UNSIGNED_INT, nil)
	}
	return m.ext.primitive.Primitives(int(m.count)) * n
}

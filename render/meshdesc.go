package render

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// PrimitiveMode is how a mesh's vertices (or indices) make primitives;
// the names are Cocos Creator's gfx.PrimitiveMode.
type PrimitiveMode uint8

const (
	// TriangleList makes a triangle of every three vertices: the default,
	// and the only mode meshes lit by the built-in program use.
	TriangleList PrimitiveMode = iota
	// PointList draws every vertex as a point (gl_PointSize from the
	// vertex program; 1 pixel when it sets none).
	PointList
	// LineList makes a line of every two vertices.
	LineList
	// LineStrip joins every vertex to the next.
	LineStrip
	// TriangleStrip makes a triangle of every vertex with the two before it.
	TriangleStrip
	primitiveCount
)

// String returns the mode's Cocos name.
func (m PrimitiveMode) String() string {
	switch m {
	case TriangleList:
		return "TRIANGLE_LIST"
	case PointList:
		return "POINT_LIST"
	case LineList:
		return "LINE_LIST"
	case LineStrip:
		return "LINE_STRIP"
	case TriangleStrip:
		return "TRIANGLE_STRIP"
	}
	return "PrimitiveMode(invalid)"
}

// Primitives returns how many primitives n vertices (or indices) make in
// mode m: what Stats.Triangles counts for a draw (points and lines
// included, one each).
func (m PrimitiveMode) Primitives(n int) int {
	switch m {
	case TriangleList:
		return n / 3
	case PointList:
		return n
	case LineList:
		return n / 2
	case LineStrip:
		return max(n-1, 0)
	case TriangleStrip:
		return max(n-2, 0)
	}
	return 0
}

// AttribFormat is the type of one vertex attribute's components in the
// vertex buffer, and so which GLSL type reads it.
type AttribFormat uint8

const (
	// AttribFloat32 components are 32-bit floats, read as float/vecN.
	AttribFloat32 AttribFormat = iota
	// AttribUint8Norm components are bytes mapped to [0, 1] (colors),
	// read as float/vecN.
	AttribUint8Norm
	// AttribInt32 components are 32-bit signed integers, read as
	// int/ivecN (not converted to float).
	AttribInt32
	attribFormatCount
)

// Size returns the size in bytes of one component.
func (a AttribFormat) Size() int {
	if a == AttribUint8Norm {
		return 1
	}
	return 4
}

// String returns the format's name.
func (a AttribFormat) String() string {
	switch a {
	case AttribFloat32:
		return "float32"
	case AttribUint8Norm:
		return "uint8-normalized"
	case AttribInt32:
		return "int32"
	}
	return "AttribFormat(invalid)"
}

// MaxVertexLocation is the highest attribute location a mesh's layout may
// use. The locations above it (InstanceModelLocation ..) carry the
// per-instance values of instanced draws.
const MaxVertexLocation = 9

// Locations of the per-instance attributes of [Frame.DrawMeshInstanced]:
// a_instanceModel (mat4, four locations from InstanceModelLocation),
// a_instanceColor (vec4) and a_instanceData (vec4); see [MeshInstance].
const (
	InstanceModelLocation = 10
	InstanceColorLocation = 14
	InstanceDataLocation  = 15
)

// VertexAttribute is one attribute of a vertex layout, as the vertex
// program declares it: "layout(location = Location) in TYPE Name;". The
// names are Cocos Creator's gfx.Attribute where they exist.
type VertexAttribute struct {
	Name       string       // the program's input variable, e.g. "a_pos"
	Location   int          // 0 .. MaxVertexLocation
	Format     AttribFormat // component type in the buffer
	Components int          // 1 .. 4
	Offset     int          // byte offset in the vertex
}

// MeshDesc describes a mesh's vertex layout and primitives, for
// [Frame.CreateMeshFrom]. The zero MeshDesc is CreateMesh's: MeshVertex's
// layout, indexed triangles, static.
type MeshDesc struct {
	// Attributes is the layout, one per attribute the vertex program
	// reads; nil means MeshVertex's ([MeshVertexLayout]). Every attribute
	// a draw's program declares must be here, by name, at the location
	// and of the kind (float or integer) the program declares: a mismatch
	// is an error naming the shader and the attribute. (The built-in mesh
	// programs read all five of MeshVertex's.)
	Attributes []VertexAttribute
	// Stride is the size of one vertex in bytes; 0 with nil Attributes
	// means MeshVertex's 52.
	Stride int
	// Primitive is how vertices make primitives.
	Primitive PrimitiveMode
	// Dynamic hints that the mesh is updated often ([Frame.UpdateMesh]):
	// its buffers are allocated for frequent rewriting.
	Dynamic bool
	// Bounds is the model-space box the mesh's vertices lie in, which
	// instanced draws cull by. The zero value makes CreateMeshFrom compute
	// it from the float32 attribute named "a_pos" (2 or 3 components), or,
	// where there is none, leaves the mesh unculled. Set it larger for
	// programs that move vertices.
	Bounds Bounds
}

// Bounds is an axis-aligned box, Min to Max on each axis. The zero
// Bounds is empty (no box).
type Bounds struct{ Min, Max mgl32.Vec3 }

// Empty reports whether b holds no point (Min above Max on an axis, or the
// zero value).
func (b Bounds) Empty() bool {
	return b == Bounds{} || b.Min[0] > b.Max[0] || b.Min[1] > b.Max[1] || b.Min[2] > b.Max[2]
}

// Union returns the smallest box holding b and c.
func (b Bounds) Union(c Bounds) Bounds {
	if b.Empty() {
		return c
	}
	if c.Empty() {
		return b
	}
	for i := range 3 {
		b.Min[i] = min(b.Min[i], c.Min[i])
		b.Max[i] = max(b.Max[i], c.Max[i])
	}
	return b
}

// meshVertexStride is the size of MeshVertex.
const meshVertexStride = int(unsafe.Sizeof(MeshVertex{}))

// meshVertexLayout is MeshVertex's layout, as the built-in programs read it.
var meshVertexLayout = [...]VertexAttribute{
	{Name: "a_pos", Location: 0, Format: AttribFloat32, Components: 3, Offset: 0},
	{Name: "a_normal", Location: 1, Format: AttribFloat32, Components: 3, Offset: 12},
	{Name: "a_uv", Location: 2, Format: AttribFloat32, Components: 2, Offset: 24},
	{Name: "a_color", Location: 3, Format: AttribUint8Norm, Components: 4, Offset: 32},
	{Name: "a_tangent", Location: 4, Format: AttribFloat32, Components: 4, Offset: 36},
}

// MeshVertexLayout returns MeshVertex's layout (a new slice each call),
// the one CreateMesh's meshes have: a_pos, a_normal, a_uv, a_color
// (uint8-normalized) and a_tangent at locations 0 to 4.
func MeshVertexLayout() []VertexAttribute { return slices.Clone(meshVertexLayout[:]) }

// Layout returns d's attributes and stride, MeshVertex's where d has none.
// The slice is d's own or a shared one: do not modify it.
func (d *MeshDesc) Layout() ([]VertexAttribute, int) {
	if d.Attributes == nil {
		return meshVertexLayout[:], meshVertexStride
	}
	return d.Attributes, d.Stride
}

// Check reports what is wrong with a mesh of layout d holding
// vertexBytes bytes of vertices and the given indices (none: the vertices
// are drawn in order): a bad stride, an attribute outside the vertex or
// at a location used twice, an unknown format or mode, a vertex count
// that is not a whole number of vertices, an index outside the vertices,
// or a count the mode cannot use. Backends check creates with it, so a
// hand-built command is rejected by render/gl and render/null alike.
func (d *MeshDesc) Check(vertexBytes int, indices []uint32) error {
	attrs, stride := d.Layout()
	if d.Attributes != nil && len(d.Attributes) == 0 {
		return errors.New("no attributes")
	}
	if d.Attributes == nil && d.Stride != 0 && d.Stride != meshVertexStride {
		return fmt.Errorf("stride %d without attributes (MeshVertex's layout is %d bytes)", d.Stride, meshVertexStride)
	}
	if stride <= 0 {
		return fmt.Errorf("stride %d", stride)
	}
	if d.Primitive >= primitiveCount {
		return fmt.Errorf("unknown primitive mode %d", d.Primitive)
	}
	var used uint32
	for i := range attrs {
		a := &attrs[i]
		switch {
		case a.Name == "":
			return fmt.Errorf("attribute %d has no name", i)
		case a.Location < 0 || a.Location > MaxVertexLocation:
			return fmt.Errorf("attribute %q: location %d outside 0..%d (higher ones carry instances)", a.Name, a.Location, MaxVertexLocation)
		case used&(1<<a.Location) != 0:
			return fmt.Errorf("attribute %q: location %d used twice", a.Name, a.Location)
		case a.Format >= attribFormatCount:
			return fmt.Errorf("attribute %q: unknown format %d", a.Name, a.Format)
		case a.Components < 1 || a.Components > 4:
			return fmt.Errorf("attribute %q: %d components (1 to 4)", a.Name, a.Components)
		case a.Offset < 0 || a.Offset+a.Components*a.Format.Size() > stride:
			return fmt.Errorf("attribute %q: bytes %d..%d outside the %d-byte vertex", a.Name, a.Offset, a.Offset+a.Components*a.Format.Size(), stride)
		case a.Format != AttribUint8Norm && a.Offset%4 != 0:
			return fmt.Errorf("attribute %q: offset %d is not a multiple of 4", a.Name, a.Offset)
		}
		used |= 1 << a.Location
	}
	for i := 0; i < len(attrs); i++ {
		for j := i + 1; j < len(attrs); j++ {
			if attrs[i].Name == attrs[j].Name {
				return fmt.Errorf("attribute %q twice", attrs[i].Name)
			}
		}
	}
	if vertexBytes <= 0 || vertexBytes%stride != 0 {
		return fmt.Errorf("%d vertex bytes: not a whole, positive number of %d-byte vertices", vertexBytes, stride)
	}
	nv := vertexBytes / stride
	n := nv
	if len(indices) > 0 {
		n = len(indices)
		for k, ix := range indices {
			if int(ix) >= nv {
				return fmt.Errorf("index %d (%d) out of %d vertices", k, ix, nv)
			}
		}
	}
	switch d.Primitive {
	case TriangleList:
		if n%3 != 0 {
			return fmt.Errorf("%d elements do not make whole triangles", n)
		}
	case LineList:
		if n%2 != 0 {
			return fmt.Errorf("%d elements do not make whole lines", n)
		}
	}
	return nil
}

// meshInfo is what the main thread knows of a mesh: its bounds for
// culling instances, and where positions lie in a vertex so that
// UpdateMesh can grow the bounds.
type meshInfo struct {
	id     MeshID
	bounds Bounds
	stride int
	posOff int // offset of a float32 a_pos with posN components; -1: none
	posN   int
}

// meshTable holds meshInfo by handle slot; a Renderer's frames share it
// through their handleSet.
type meshTable struct{ infos []meshInfo }

func (t *meshTable) set(in meshInfo) {
	s := int(in.id.Index())
	for len(t.infos) <= s {
		t.infos = append(t.infos, meshInfo{})
	}
	t.infos[s] = in
}

func (t *meshTable) get(id MeshID) *meshInfo {
	s := int(id.Index())
	if s < len(t.infos) && t.infos[s].id == id {
		return &t.infos[s]
	}
	return nil
}

// positionOf returns where a float32 "a_pos" of 2 or 3 components lies in
// a vertex of attrs, or -1.
func positionOf(attrs []VertexAttribute) (off, n int) {
	for _, a := range attrs {
		if a.Name == "a_pos" && a.Format == AttribFloat32 && (a.Components == 2 || a.Components == 3) {
			return a.Offset, a.Components
		}
	}
	return -1, 0
}

// positionBounds returns the box of the positions at off (n float32s) in
// each stride-byte vertex of vs.
func positionBounds(vs []byte, stride, off, n int) Bounds {
	if off < 0 || len(vs) < stride {
		return Bounds{}
	}
	inf := float32(math.Inf(1))
	b := Bounds{Min: mgl32.Vec3{inf, inf, inf}, Max: mgl32.Vec3{-inf, -inf, -inf}}
	for v := 0; v+stride <= len(vs); v += stride {
		for k := range 3 {
			var x float32
			if k < n {
				x = math.Float32frombits(binary.LittleEndian.Uint32(vs[v+off+4*k:]))
			}
			b.Min[k] = min(b.Min[k], x)
			b.Max[k] = max(b.Max[k], x)
		}
	}
	if b == (Bounds{}) {
		// A mesh whose every vertex is the origin: a box of no size,
		// which the zero value cannot say.
		b.Max[0] = math.SmallestNonzeroFloat32
	}
	return b
}

// noteMesh remembers a new mesh's layout and bounds on the main thread.
func (f *Frame) noteMesh(id MeshID, d *MeshDesc, vs []byte) {
	attrs, stride := d.Layout()
	off, n := positionOf(attrs)
	b := d.Bounds
	if b.Empty() {
		b = positionBounds(vs, stride, off, n)
	}
	f.handles.meshInfo.set(meshInfo{id: id, bounds: b, stride: stride, posOff: off, posN: n})
}

// MeshBounds returns the model-space bounds mesh id's instances are
// culled by (empty: not culled): MeshDesc.Bounds, or the box of its
// positions at creation, grown by every UpdateMesh since.
func (f *Frame) MeshBounds(id MeshID) Bounds {
	if in := f.handles.meshInfo.get(id); in != nil {
		return in.bounds
	}
	return Bounds{}
}

// CreateMeshFrom records the creation of a mesh of layout desc from raw
// vertex bytes (desc's stride each) and optional indices (none: the
// vertices are drawn in order), and returns its handle, valid at once.
// The bytes and indices are copied; so is desc.Attributes (this
// allocates, as creates may). It panics with desc.Check's reason on a bad
// layout or data, naming the call.
func (f *Frame) CreateMeshFrom(desc MeshDesc, vertices []byte, indices []uint32) MeshID {
	if err := desc.Check(len(vertices), indices); err != nil {
		panic("render: CreateMeshFrom: " + err.Error())
	}
	if desc.Attributes != nil {
		desc.Attributes = slices.Clone(desc.Attributes)
	}
	id := MeshID(f.handles.meshes.alloc())
	is := Span{len(f.indices), len(indices)}
	f.indices = append(f.indices, indices...)
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateMeshFrom, Mesh: id, Data: f.copyBytes(vertices), Indices: is, MeshDesc: desc})
	f.noteMesh(id, &desc, vertices)
	return id
}

// UpdateMesh records that mesh id's vertices from firstVertex on are
// replaced by vertices (whole vertices of the mesh's stride: 52 bytes,
// MeshVertexBytes, for CreateMesh's meshes) and its indices from
// firstIndex on by indices, either of which may be empty. The mesh keeps
// its buffers (no reallocation): a range past the mesh's vertices or
// indices, a partial vertex, an index outside the vertices, or indices
// for a mesh drawn without them, is an error the backend reports naming
// the mesh, and the update is dropped. Draws of this frame see the new
// data. The bytes are copied; once the frame's arenas have grown it
// allocates nothing.
func (f *Frame) UpdateMesh(id MeshID, firstVertex int, vertices []byte, firstIndex int, indices []uint32) {
	is := Span{len(f.indices), len(indices)}
	f.indices = append(f.indices, indices...)
	f.resources = append(f.resources, ResourceCommand{Op: OpUpdateMesh, Mesh: id, Data: f.copyBytes(vertices), Indices: is,
		FirstVertex: firstVertex, FirstIndex: firstIndex})
	if in := f.handles.meshInfo.get(id); in != nil && in.posOff >= 0 && !in.bounds.Empty() && len(vertices) > 0 {
		in.bounds = in.bounds.Union(positionBounds(vertices, in.stride, in.posOff, in.posN))
	}
}

// CheckMeshUpdate returns why update c (OpUpdateMesh, with vertexBytes
// bytes of vertices and the given indices) cannot apply to a mesh of
// vertices vertices of stride bytes and indexCount indices (0: drawn
// without indices), or "" when it can. Backends share it, so that
// render/gl and render/null reject the same updates.
func CheckMeshUpdate(c *ResourceCommand, vertexBytes int, indices []uint32, stride, vertices, indexCount int) string {
	if vertexBytes > 0 {
		if vertexBytes%stride != 0 {
			return fmt.Sprintf("%d bytes are not whole %d-byte vertices", vertexBytes, stride)
		}
		if n := vertexBytes / stride; c.FirstVertex < 0 || c.FirstVertex+n > vertices {
			return fmt.Sprintf("vertices %d..%d outside its %d vertices", c.FirstVertex, c.FirstVertex+n, vertices)
		}
	}
	if len(indices) > 0 {
		if indexCount == 0 {
			return "indices for a mesh drawn without indices"
		}
		if c.FirstIndex < 0 || c.FirstIndex+len(indices) > indexCount {
			return fmt.Sprintf("indices %d..%d outside its %d indices", c.FirstIndex, c.FirstIndex+len(indices), indexCount)
		}
		for k, ix := range indices {
			if int(ix) >= vertices {
				return fmt.Sprintf("index %d (%d) out of %d vertices", c.FirstIndex+k, ix, vertices)
			}
		}
	}
	return ""
}

// ShaderInput is one vertex input a program reads: its name, GLSL type
// ("vec3", "ivec4", "mat4") and location (-1 where the program leaves it
// to the linker).
type ShaderInput struct {
	Name     string
	Type     string
	Location int
}

// Integer reports whether the input is of an integer type (int, uint and
// their vectors), which only AttribInt32 attributes feed.
func (in ShaderInput) Integer() bool {
	return in.Type != "" && (in.Type[0] == 'i' || in.Type[0] == 'u')
}

// instanceInputs are the inputs an instanced draw feeds, as programs must
// declare them.
var instanceInputs = [...]ShaderInput{
	{"a_instanceModel", "mat4", InstanceModelLocation},
	{"a_instanceColor", "vec4", InstanceColorLocation},
	{"a_instanceData", "vec4", InstanceDataLocation},
}

// CheckInputs returns why a program (shader names its files) reading
// inputs cannot draw mesh with layout attrs (nil: MeshVertex's) — an
// input the layout lacks, at another location, or of the other kind
// (integer or float) — or "" when it can. In an instanced draw the
// instance attributes are fed too, and must be declared as MeshInstance
// describes. Backends share it, so render/gl (which reads the inputs with
// glGetActiveAttrib) and render/null (which reads the declarations) word
// their errors alike.
func CheckInputs(shader string, inputs []ShaderInput, mesh MeshID, attrs []VertexAttribute, instanced bool) string {
	if attrs == nil {
		attrs = meshVertexLayout[:]
	}
next:
	for _, in := range inputs {
		if instanced {
			for _, ii := range instanceInputs {
				if ii.Name != in.Name {
					continue
				}
				if in.Location != ii.Location || in.Type != ii.Type {
					return fmt.Sprintf("%s: instance attribute %s is %s at location %d; instanced draws feed it as %s at location %d",
						shader, in.Name, in.Type, in.Location, ii.Type, ii.Location)
				}
				continue next
			}
		}
		for _, a := range attrs {
			if a.Name != in.Name {
				continue
			}
			if in.Location >= 0 && a.Location != in.Location {
				return fmt.Sprintf("%s: attribute %s is at location %d, but %v's layout puts it at %d",
					shader, in.Name, in.Location, mesh, a.Location)
			}
			if (a.Format == AttribInt32) != in.Integer() {
				return fmt.Sprintf("%s: attribute %s is %s, but %v's layout gives %s components",
					shader, in.Name, in.Type, mesh, a.Format)
			}
			continue next
		}
		return fmt.Sprintf("%s: reads attribute %s (%s, location %d), which %v's layout lacks",
			shader, in.Name, in.Type, in.Location, mesh)
	}
	return ""
}

package render

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxJoints is the most joints one skinned draw's palette may hold: the
// built-in skinned programs read the palette as a uniform block of 64 mat4
// (4 KiB, a quarter of the 16 KiB every OpenGL 3.3 driver allows a block).
const MaxJoints = 64

// SkinVertex is the second vertex stream of a skinned mesh, one per
// MeshVertex: 20 bytes, the indices of up to four joints into the draw's
// palette and their weights. A vertex's bind-pose position p is drawn at
// Σ Weights[k] · palette[Joints[k]] · p; the weights should sum to 1
// (glTF's loader normalizes them). Influences of weight 0 are ignored, so
// their joint index may be anything below MaxJoints.
type SkinVertex struct {
	Joints  [4]uint8
	Weights [4]float32
}

// PaletteID names a joint palette recorded into one frame by
// [Frame.AddPalette]. It is valid in that frame's recording only (a
// palette is per frame data, like a draw); 0 is no palette.
type PaletteID uint32

// String returns "palette N".
func (id PaletteID) String() string { return fmt.Sprintf("palette %d", uint32(id)) }

// paletteStride is the number of matrices each palette's room in the
// frame's palette arena is rounded up to: 4 mat4 are 256 bytes, the
// largest uniform buffer offset alignment OpenGL allows, so that a backend
// can bind every palette in place from one buffer.
const paletteStride = 4

// skinArena is a Frame's skinning data: skinned meshes' second vertex
// streams, and the frame's joint palettes.
type skinArena struct {
	verts    []SkinVertex
	palettes []mgl32.Mat4 // every palette, each padded to paletteStride
	spans    []Span       // by PaletteID-1: where each palette lies in palettes
	// recording counts the frame's recordings (resets), so that a palette
	// cache can tell this recording from an earlier one of the same Frame.
	recording uint64
}

func (a *skinArena) reset() {
	a.verts = a.verts[:0]
	a.palettes = a.palettes[:0]
	a.spans = a.spans[:0]
	a.recording++
}

// CreateSkinnedMesh records the creation of a skinned mesh: CreateMesh's
// vertices and indices plus skin, one SkinVertex a vertex. It returns the
// mesh's handle, valid at once. Draws of it must carry a palette
// (MeshDraw.Palette) with more entries than the highest joint index its
// vertices weight; backends report one drawn without, or with too small a
// palette. It panics on what CreateMesh panics on, on a skin of another
// length than vertices, a joint index of MaxJoints or more, or a weight
// that is negative or not finite.
func (f *Frame) CreateSkinnedMesh(vertices []MeshVertex, skin []SkinVertex, indices []uint32) MeshID {
	if len(vertices) == 0 || len(indices) == 0 || len(indices)%3 != 0 || len(skin) != len(vertices) {
		panic(fmt.Sprintf("render: CreateSkinnedMesh: %d vertices, %d skin vertices, %d indices", len(vertices), len(skin), len(indices)))
	}
	for i := range skin {
		s := &skin[i]
		for k := range 4 {
			if s.Joints[k] >= MaxJoints {
				panic(fmt.Sprintf("render: CreateSkinnedMesh: vertex %d: joint %d, at most %d joints", i, s.Joints[k], MaxJoints))
			}
			if w := float64(s.Weights[k]); w < 0 || math.IsNaN(w) || math.IsInf(w, 0) {
				panic(fmt.Sprintf("render: CreateSkinnedMesh: vertex %d: weight %v, not finite from 0", i, s.Weights[k]))
			}
		}
	}
	id := MeshID(f.handles.meshes.alloc())
	vs := Span{len(f.meshVerts), len(vertices)}
	f.meshVerts = append(f.meshVerts, vertices...)
	ss := Span{len(f.skin.verts), len(skin)}
	f.skin.verts = append(f.skin.verts, skin...)
	is := Span{len(f.indices), len(indices)}
	f.indices = append(f.indices, indices...)
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateSkinnedMesh, Mesh: id, Vertices: vs, Skin: ss, Indices: is})
	return id
}

// AddPalette copies joints, a skin's joint matrices (as
// scenegraph.Skin.Palette computes them: bind-pose mesh space to posed
// mesh space), into the frame and returns its id for MeshDraw.Palette.
// Every draw of the frame that names the id, in any pass (the camera's
// and the shadow map's), shares the one copy: a backend uploads each
// palette once per frame. It allocates nothing once the frame's buffers
// have grown, and panics on no joints or more than MaxJoints.
func (f *Frame) AddPalette(joints []mgl32.Mat4) PaletteID {
	if len(joints) == 0 || len(joints) > MaxJoints {
		panic(fmt.Sprintf("render: AddPalette: %d joints (1 to %d)", len(joints), MaxJoints))
	}
	a := &f.skin
	off := len(a.palettes)
	a.palettes = append(a.palettes, joints...)
	for len(a.palettes)%paletteStride != 0 {
		a.palettes = append(a.palettes, mgl32.Mat4{})
	}
	a.spans = append(a.spans, Span{off, len(joints)})
	return PaletteID(len(a.spans))
}

// Palette returns the matrices of palette id of this recording, or nil if
// id is 0 or not one of its palettes. The slice is valid until the frame
// is reset.
func (f *Frame) Palette(id PaletteID) []mgl32.Mat4 {
	s, ok := f.PaletteSpan(id)
	if !ok {
		return nil
	}
	return f.skin.palettes[s.Off : s.Off+s.Len : s.Off+s.Len]
}

// PaletteSpan returns where palette id lies in [Frame.Palettes], in
// matrices, and whether id is one of this recording's palettes. Each
// palette starts at a multiple of 4 matrices (256 bytes).
func (f *Frame) PaletteSpan(id PaletteID) (Span, bool) {
	if id == 0 || int(id) > len(f.skin.spans) {
		return Span{}, false
	}
	return f.skin.spans[id-1], true
}

// Palettes returns every palette of the recording, in one slice (each
// padded to a multiple of 4 matrices), for a backend to upload at once.
func (f *Frame) Palettes() []mgl32.Mat4 { return f.skin.palettes }

// SkinVertices returns the skin vertices s locates in the frame's skin
// arena (ResourceCommand.Skin of OpCreateSkinnedMesh).
func (f *Frame) SkinVertices(s Span) []SkinVertex {
	return f.skin.verts[s.Off : s.Off+s.Len : s.Off+s.Len]
}

// Recording returns a number that changes whenever the frame is reset for
// a new recording: with the Frame's pointer it names one recording, so
// that a component drawn in several passes (a camera's and the shadow
// map's) records its palette once (see scenegraph.Skin.PaletteIn).
func (f *Frame) Recording() uint64 { return f.skin.recording }

// SkinVertexBytes returns vs as raw bytes (20 per vertex), for uploading.
func SkinVertexBytes(vs []SkinVertex) []byte {
	if len(vs) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), len(vs)*int(unsafe.Sizeof(vs[0])))
}

// MatrixBytes returns ms as raw bytes (64 per matrix, column-major), for
// uploading palettes.
func MatrixBytes(ms []mgl32.Mat4) []byte {
	if len(ms) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&ms[0])), len(ms)*int(unsafe.Sizeof(ms[0])))
}

// SkinJoints returns how many palette entries a skinned mesh of skin
// needs: one more than the highest joint index an influence of non-zero
// weight names (0 for none). Backends check draws against it.
func SkinJoints(skin []SkinVertex) int {
	n := 0
	for i := range skin {
		s := &skin[i]
		for k := range 4 {
			if s.Weights[k] != 0 {
				n = max(n, int(s.Joints[k])+1)
			}
		}
	}
	return n
}

// CheckSkinnedMesh returns what is wrong with an OpCreateSkinnedMesh
// command's streams (a skin vertex per vertex, indices within the
// vertices), or "" when nothing is: both backends report the same faults
// in the same words.
func CheckSkinnedMesh(f *Frame, c *ResourceCommand) string {
	if c.Skin.Len != c.Vertices.Len {
		return fmt.Sprintf("%d skin vertices for %d vertices", c.Skin.Len, c.Vertices.Len)
	}
	for _, ix := range f.Indices(c.Indices) {
		if int(ix) >= c.Vertices.Len {
			return fmt.Sprintf("index %d out of %d vertices", ix, c.Vertices.Len)
		}
	}
	return ""
}

// CheckPalette returns what is wrong with draw d's Palette for a mesh
// that is skinned (or not) and needs joints palette entries, or "" when
// nothing is: both backends report the same faults in the same words.
func CheckPalette(f *Frame, d *MeshDraw, skinned bool, joints int) string {
	switch {
	case !skinned && d.Palette != 0:
		return fmt.Sprintf("%v on a mesh without skin (CreateMesh; skinned meshes come from CreateSkinnedMesh)", d.Palette)
	case !skinned:
		return ""
	case d.Palette == 0:
		return "a skinned mesh drawn without a Palette"
	}
	s, ok := f.PaletteSpan(d.Palette)
	switch {
	case !ok:
		return fmt.Sprintf("unknown %v (palettes are recorded by AddPalette in the same frame)", d.Palette)
	case s.Len < joints:
		return fmt.Sprintf("%v has %d joints, the mesh's vertices use %d", d.Palette, s.Len, joints)
	}
	return ""
}

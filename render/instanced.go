package render

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// MeshInstance is one instance of an instanced mesh draw: 84 bytes,
// streamed to the GPU as they are. Programs read Model as the mat4
// a_instanceModel (locations InstanceModelLocation to +3), Color as the
// vec4 a_instanceColor and Data as the vec4 a_instanceData.
type MeshInstance struct {
	// Model maps the mesh's model space to world space (what
	// MeshDraw.Model is for DrawMesh).
	Model mgl32.Mat4
	// Color tints the instance, multiplying the vertex color (and so
	// MeshDraw.Color); the built-in programs read 0 as white, custom ones
	// get it as it is.
	Color Color
	// Data are free values for custom programs (a_instanceData); the
	// built-in programs ignore them.
	Data [4]float32
}

// MeshInstanceSize is the size of one MeshInstance in bytes.
const MeshInstanceSize = int(unsafe.Sizeof(MeshInstance{}))

// MeshInstanceBytes returns s as raw bytes (MeshInstanceSize per
// instance), for uploading.
func MeshInstanceBytes(s []MeshInstance) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*MeshInstanceSize)
}

// meshArena holds a frame's mesh instances: the instances of every
// instanced draw, end to end, and by mesh draw the run each one covers.
type meshArena struct {
	instances []MeshInstance
	reserved  int    // instances handed out by ReserveMeshInstances, not yet committed
	runs      []Span // by mesh draw; shorter than the mesh draws when the last ones have none
	culled    int    // instances left out by culling this frame
}

func (a *meshArena) reset() {
	a.instances = a.instances[:0]
	a.reserved = 0
	a.runs = a.runs[:0]
	a.culled = 0
}

// ReserveMeshInstances returns room for n instances in the frame's arena,
// to fill and then record with CommitMeshInstances before any other
// instanced draw. Its contents are stale: set every field of the
// instances committed. An earlier reservation not committed is dropped.
// Once the arena has grown it allocates nothing.
func (f *Frame) ReserveMeshInstances(n int) []MeshInstance {
	if n < 0 {
		panic(fmt.Sprintf("render: ReserveMeshInstances(%d)", n))
	}
	a := &f.mesh
	a.instances = a.instances[:len(a.instances)-a.reserved]
	k := len(a.instances)
	if cap(a.instances)-k < n {
		t := make([]MeshInstance, k, max(2*cap(a.instances), k+n, 64))
		copy(t, a.instances)
		a.instances = t
	}
	a.instances = a.instances[:k+n]
	a.reserved = n
	return a.instances[k : k+n : k+n]
}

// CommitMeshInstances records the first n instances of the last
// reservation as one instanced draw of d in the current pass (d is copied;
// d.Model is not used) and returns how many it kept. It culls: an
// instance whose mesh bounds ([Frame.MeshBounds]) under its Model lie
// wholly outside the pass's view volume is left out, on the main thread,
// here (a mesh without bounds is not culled; Frame.CulledInstances counts
// those left out). No draw is recorded when none is left. The draw is
// sorted by the depth of its first instance's origin. It panics if no pass
// was begun or n exceeds the reservation, and allocates nothing once the
// frame's buffers have grown.
func (f *Frame) CommitMeshInstances(d *MeshDraw, n int) int {
	pass := f.currentPass(KindMesh)
	a := &f.mesh
	if n < 0 || n > a.reserved {
		panic(fmt.Sprintf("render: CommitMeshInstances(%d) after ReserveMeshInstances(%d)", n, a.reserved))
	}
	start := len(a.instances) - a.reserved
	run := a.instances[start : start+n]
	kept := n
	if b := f.MeshBounds(d.Mesh); !b.Empty() {
		kept = cullInstances(run, &f.passes[pass].ViewProj, b)
	}
	a.culled += n - kept
	a.instances = a.instances[:start+kept]
	a.reserved = 0
	if kept == 0 {
		return 0
	}
	first := f.meshDrawsLen()
	dd := *d
	dd.Model = run[0].Model
	f.DrawMesh(&dd)
	for len(a.runs) < first {
		a.runs = append(a.runs, Span{})
	}
	a.runs = append(a.runs, Span{start, kept})
	return kept
}

// DrawMeshInstanced records instances as one instanced draw of d in the
// current pass: ReserveMeshInstances, a copy, and CommitMeshInstances,
// whose culling and result it has. The built-in mesh program lights every
// instance exactly as DrawMesh with the instance's Model and Color would,
// and passes into shadow maps draw it with an instanced depth program (or
// d.DepthShader).
func (f *Frame) DrawMeshInstanced(d *MeshDraw, instances []MeshInstance) int {
	copy(f.ReserveMeshInstances(len(instances)), instances)
	return f.CommitMeshInstances(d, len(instances))
}

// MeshInstances returns the instances of mesh draw i (an index into
// MeshDraws, as Batch.First is): nil for a draw recorded by DrawMesh.
func (f *Frame) MeshInstances(i int) []MeshInstance {
	a := &f.mesh
	if i < 0 || i >= len(a.runs) || a.runs[i].Len == 0 {
		return nil
	}
	s := a.runs[i]
	return a.instances[s.Off : s.Off+s.Len : s.Off+s.Len]
}

// AllMeshInstances returns every committed instance of the frame, end to
// end, and InstanceOffset tells where draw i's start in it: backends
// upload them once per frame.
func (f *Frame) AllMeshInstances() []MeshInstance {
	a := &f.mesh
	return a.instances[:len(a.instances)-a.reserved]
}

// InstanceOffset returns the index in AllMeshInstances of mesh draw i's
// first instance (0 for a draw without instances).
func (f *Frame) InstanceOffset(i int) int {
	if i < 0 || i >= len(f.mesh.runs) {
		return 0
	}
	return f.mesh.runs[i].Off
}

// CulledInstances returns how many instances culling left out of this
// frame's instanced draws so far.
func (f *Frame) CulledInstances() int { return f.mesh.culled }

func (f *Frame) meshDrawsLen() int { return len(f.meshDraws) }

// cullInstances moves the instances of run whose box b under their Model
// may be seen through viewProj to the front, in order, and returns how
// many there are. A box is left out when all its corners lie outside one
// of the clip volume's six planes: exact for boxes outside a plane, and
// conservative (kept) for the few near the volume's edges that the test
// cannot rule out.
func cullInstances(run []MeshInstance, viewProj *mgl32.Mat4, b Bounds) int {
	c := b.Min.Add(b.Max).Mul(0.5)
	e := b.Max.Sub(b.Min).Mul(0.5)
	vp := viewProj
	kept := 0
	for i := range run {
		m := &run[i].Model
		// Clip = VP·M·corner. Corners are c ± e along the model axes, so
		// clip(corner) = C + Σ ±E_k, with C the clip center and E_k the
		// clip image of each half axis.
		mvp := vp.Mul4(*m)
		cc := mvp.Mul4x1(mgl32.Vec4{c[0], c[1], c[2], 1})
		var ax [3]mgl32.Vec4
		for k := range 3 {
			col := mvp.Col(k)
			ax[k] = col.Mul(e[k])
		}
		if visibleBox(cc, &ax) {
			if kept != i {
				run[kept] = run[i]
			}
			kept++
		}
	}
	return kept
}

// visibleBox reports whether the clip-space box around center cc with
// half axes ax has a corner inside each of the planes -w ≤ x, y, z ≤ w.
func visibleBox(cc mgl32.Vec4, ax *[3]mgl32.Vec4) bool {
	abs := func(v float32) float32 {
		if v < 0 {
			return -v
		}
		return v
	}
	// For each plane p·v ≥ 0 (p one of w±x, w±y, w±z), the largest value
	// over the corners is p·C + Σ|p·E_k|: the box is outside when even
	// that is negative.
	for k := range 3 {
		for _, s := range [2]float32{1, -1} {
			d := cc[3] + s*cc[k]
			r := float32(0)
			for j := range 3 {
				r += abs(ax[j][3] + s*ax[j][k])
			}
			if d+r < 0 {
				return false
			}
		}
	}
	return true
}

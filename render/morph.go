package render

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxMorphTargets is the most morph targets (blend shapes) one mesh may
// have, and so the most weights one draw carries: the built-in programs
// read the weights as a uniform array of 16 vec4.
const MaxMorphTargets = 64

// MaxMorphTexels is the most texels (one RGBA32F texel per vertex, target
// and morphed attribute) a mesh's morph deltas may take: 16 Mi texels,
// 256 MiB. OpenGL only promises 64 Ki texels in a texture buffer, but every
// desktop driver holds at least 128 Mi; render/gl also reports a mesh over
// its driver's own limit.
const MaxMorphTexels = 1 << 24

// MorphTarget is one morph target (glTF's name; a blend shape in Cocos
// Creator) of a mesh: per-vertex deltas that a draw adds, times the
// target's weight, to the mesh's vertices before skinning. Each slice is
// empty (the target moves no such attribute) or holds one delta per
// vertex of the mesh. Tangents are the deltas of MeshVertex.Tangent's xyz
// (its w, the bitangent sign, is not morphed).
type MorphTarget struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3
	Tangents  []mgl32.Vec3
}

// WeightsID names a set of morph weights recorded into one frame by
// [Frame.AddWeights]. It is valid in that frame's recording only; 0 is no
// weights.
type WeightsID uint32

// String returns "weights N".
func (id WeightsID) String() string { return fmt.Sprintf("weights %d", uint32(id)) }

// morphSpans locates one recorded target's deltas in the morph arena.
type morphSpans struct{ pos, nrm, tan Span }

// morphData is a Frame's morphing data: the deltas of the morph targets
// created in it and the weights of its draws.
type morphData struct {
	deltas  []mgl32.Vec3
	targets []morphSpans
	weights []float32
	spans   []Span // by WeightsID-1
}

func (a *morphData) reset() {
	a.deltas = a.deltas[:0]
	a.targets = a.targets[:0]
	a.weights = a.weights[:0]
	a.spans = a.spans[:0]
}

// CreateMorphTargets records giving mesh (of CreateMesh, CreateSkinnedMesh
// or CreateMeshFrom, created in this frame or before) the morph targets
// targets, replacing any it had; the deltas are copied. Draws of the mesh
// then carry one weight per target (MeshDraw.Weights) or none (the base
// mesh is drawn). The backend reports, naming the mesh, more than
// MaxMorphTargets targets, none, a target whose deltas are not one per
// vertex of the mesh, a delta that is not finite, and deltas over
// MaxMorphTexels; the mesh then keeps drawing as before.
func (f *Frame) CreateMorphTargets(mesh MeshID, targets []MorphTarget) {
	a := &f.morph
	first := len(a.targets)
	for i := range targets {
		t := &targets[i]
		var s morphSpans
		s.pos, a.deltas = appendDeltas(a.deltas, t.Positions)
		s.nrm, a.deltas = appendDeltas(a.deltas, t.Normals)
		s.tan, a.deltas = appendDeltas(a.deltas, t.Tangents)
		a.targets = append(a.targets, s)
	}
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateMorphTargets, Mesh: mesh, Morph: Span{first, len(targets)}})
}

func appendDeltas(dst, src []mgl32.Vec3) (Span, []mgl32.Vec3) {
	s := Span{len(dst), len(src)}
	return s, append(dst, src...)
}

// MorphTarget returns target k of the targets s locates
// (ResourceCommand.Morph of OpCreateMorphTargets); its slices point into
// the frame and are valid until it is reset.
func (f *Frame) MorphTarget(s Span, k int) MorphTarget {
	t := f.morph.targets[s.Off+k]
	d := f.morph.deltas
	return MorphTarget{
		Positions: d[t.pos.Off : t.pos.Off+t.pos.Len : t.pos.Off+t.pos.Len],
		Normals:   d[t.nrm.Off : t.nrm.Off+t.nrm.Len : t.nrm.Off+t.nrm.Len],
		Tangents:  d[t.tan.Off : t.tan.Off+t.tan.Len : t.tan.Off+t.tan.Len],
	}
}

// AddWeights copies weights, one per morph target of a mesh, into the
// frame and returns their id for MeshDraw.Weights. Every draw of the frame
// naming the id, in any pass (the camera's and the shadow map's), shares
// the copy. It allocates nothing once the frame's buffers have grown, and
// panics on no weights, more than MaxMorphTargets, or a weight that is not
// finite.
func (f *Frame) AddWeights(weights []float32) WeightsID {
	if len(weights) == 0 || len(weights) > MaxMorphTargets {
		panic(fmt.Sprintf("render: AddWeights: %d weights (1 to %d)", len(weights), MaxMorphTargets))
	}
	for i, w := range weights {
		if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
			panic(fmt.Sprintf("render: AddWeights: weight %d is %v, not finite", i, w))
		}
	}
	a := &f.morph
	a.spans = append(a.spans, Span{len(a.weights), len(weights)})
	a.weights = append(a.weights, weights...)
	return WeightsID(len(a.spans))
}

// Weights returns the weights id names in this recording, or nil if id is
// 0 or not one of its weights. The slice is valid until the frame is reset.
func (f *Frame) Weights(id WeightsID) []float32 {
	if id == 0 || int(id) > len(f.morph.spans) {
		return nil
	}
	s := f.morph.spans[id-1]
	return f.morph.weights[s.Off : s.Off+s.Len : s.Off+s.Len]
}

// MorphLayout is how a mesh's morph deltas lie in its delta texture: for
// target t and vertex v, Stride texels from (t·Vertices + v)·Stride on,
// the position delta first, then the normal delta if Normals, then the
// tangent delta if Tangents (an attribute that some target moves has a
// texel in every target; zero where a target does not move it).
type MorphLayout struct {
	Targets, Vertices, Stride int
	Normals, Tangents         bool
}

// Texels returns how many texels the layout takes.
func (l MorphLayout) Texels() int { return l.Targets * l.Vertices * l.Stride }

// CheckMorphTargets returns what is wrong with OpCreateMorphTargets
// command c for a mesh of vertices vertices, or "" when nothing is: both
// backends report the same faults in the same words.
func CheckMorphTargets(f *Frame, c *ResourceCommand, vertices int) string {
	n := c.Morph.Len
	switch {
	case n == 0:
		return "no morph targets"
	case n > MaxMorphTargets:
		return fmt.Sprintf("%d morph targets, at most %d", n, MaxMorphTargets)
	}
	for k := range n {
		t := f.MorphTarget(c.Morph, k)
		for _, a := range [...]struct {
			name string
			d    []mgl32.Vec3
		}{{"position", t.Positions}, {"normal", t.Normals}, {"tangent", t.Tangents}} {
			if len(a.d) != 0 && len(a.d) != vertices {
				return fmt.Sprintf("target %d: %d %s deltas for %d vertices", k, len(a.d), a.name, vertices)
			}
			for v, d := range a.d {
				for _, x := range d {
					if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
						return fmt.Sprintf("target %d: vertex %d: %s delta %v is not finite", k, v, a.name, d)
					}
				}
			}
		}
	}
	if l := MorphLayoutOf(f, c, vertices); l.Texels() > MaxMorphTexels {
		return fmt.Sprintf("%d morph texels, at most %d", l.Texels(), MaxMorphTexels)
	}
	return ""
}

// MorphLayoutOf returns the layout of command c's deltas for a mesh of
// vertices vertices (checked by CheckMorphTargets).
func MorphLayoutOf(f *Frame, c *ResourceCommand, vertices int) MorphLayout {
	l := MorphLayout{Targets: c.Morph.Len, Vertices: vertices, Stride: 1}
	for k := range c.Morph.Len {
		t := f.MorphTarget(c.Morph, k)
		l.Normals = l.Normals || len(t.Normals) != 0
		l.Tangents = l.Tangents || len(t.Tangents) != 0
	}
	if l.Normals {
		l.Stride++
	}
	if l.Tangents {
		l.Stride++
	}
	return l
}

// PackMorphDeltas appends command c's deltas (checked by
// CheckMorphTargets) to dst as RGBA32F texels (w = 0) in layout l, for a
// backend to upload, and returns the extended slice.
func PackMorphDeltas(dst []float32, f *Frame, c *ResourceCommand, l MorphLayout) []float32 {
	for k := range l.Targets {
		t := f.MorphTarget(c.Morph, k)
		for v := range l.Vertices {
			dst = appendTexel(dst, t.Positions, v)
			if l.Normals {
				dst = appendTexel(dst, t.Normals, v)
			}
			if l.Tangents {
				dst = appendTexel(dst, t.Tangents, v)
			}
		}
	}
	return dst
}

func appendTexel(dst []float32, d []mgl32.Vec3, v int) []float32 {
	if v >= len(d) {
		return append(dst, 0, 0, 0, 0)
	}
	return append(dst, d[v][0], d[v][1], d[v][2], 0)
}

// CheckWeights returns what is wrong with draw d's Weights for a mesh of
// targets morph targets (0: none), drawn with instances instances, or ""
// when nothing is: both backends report the same faults in the same
// words. A morphed mesh drawn without weights draws its base shape.
func CheckWeights(f *Frame, d *MeshDraw, targets, instances int) string {
	if d.Weights == 0 {
		return ""
	}
	w := f.Weights(d.Weights)
	switch {
	case w == nil:
		return fmt.Sprintf("unknown %v (weights are recorded by AddWeights in the same frame)", d.Weights)
	case targets == 0:
		return fmt.Sprintf("%v on a mesh without morph targets (CreateMorphTargets)", d.Weights)
	case len(w) != targets:
		return fmt.Sprintf("%v has %d weights, the mesh has %d morph targets", d.Weights, len(w), targets)
	case instances > 0:
		return "a morphed mesh cannot be drawn instanced with weights"
	}
	return ""
}

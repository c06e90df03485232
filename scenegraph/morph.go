package scenegraph

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// morphCache is a MeshRenderer's weights recorded into one frame
// recording, shared by its draws in the camera's and the shadow pass.
type morphCache struct {
	frame    *render.Frame
	rec      uint64
	id       render.WeightsID
	reported bool // bad weights were logged (once, until they are fixed)
}

// SetWeights sets the mesh's morph weights (Cocos Creator's
// MeshRenderer.setWeights), one per morph target of Mesh
// (render.Frame.CreateMorphTargets), copying weights into Weights. No
// weights draws the base shape. It panics on a weight that is not finite
// or more than render.MaxMorphTargets weights.
func (m *MeshRenderer) SetWeights(weights []float32) {
	if len(weights) > render.MaxMorphTargets {
		panic(fmt.Sprintf("scenegraph: MeshRenderer.SetWeights: %d weights, at most %d", len(weights), render.MaxMorphTargets))
	}
	for i, w := range weights {
		checkWeight("SetWeights", w, i)
	}
	m.Weights = append(m.Weights[:0], weights...)
}

// SetWeight sets the weight of morph target shapeIndex (Cocos Creator's
// MeshRenderer.setWeight(weight, shapeIndex)). It panics if shapeIndex is
// not an index of Weights (SetWeights, or glTF's Instantiate, gives the
// mesh its weights) or weight is not finite.
func (m *MeshRenderer) SetWeight(weight float32, shapeIndex int) {
	if shapeIndex < 0 || shapeIndex >= len(m.Weights) {
		panic(fmt.Sprintf("scenegraph: MeshRenderer.SetWeight: shape %d of %d weights", shapeIndex, len(m.Weights)))
	}
	checkWeight("SetWeight", weight, shapeIndex)
	m.Weights[shapeIndex] = weight
}

func checkWeight(fn string, w float32, i int) {
	if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
		panic(fmt.Sprintf("scenegraph: MeshRenderer.%s: weight %d is %v, not finite", fn, i, w))
	}
}

// weightsIn records the weights into f once per recording and returns
// their id; 0 without weights.
func (m *MeshRenderer) weightsIn(f *render.Frame) render.WeightsID {
	if len(m.Weights) == 0 {
		return 0
	}
	c := &m.morph
	if c.frame != f || c.rec != f.Recording() {
		c.frame, c.rec, c.id = f, f.Recording(), 0
		if why := badWeights(m.Weights); why != "" {
			// Weights is a plain field (scene files, tracks and code set
			// it): a bad value draws the base shape and is reported
			// once, rather than panicking in extraction.
			if !c.reported {
				c.reported = true
				LoggerOf(m.Node()).Printf("scenegraph: MeshRenderer on %q: %s: drawn without morphing", m.Node().Path(), why)
			}
			return 0
		}
		c.reported = false
		c.id = f.AddWeights(m.Weights)
	}
	return c.id
}

// badWeights says what makes weights unfit for Frame.AddWeights ("" if
// nothing).
func badWeights(weights []float32) string {
	if len(weights) > render.MaxMorphTargets {
		return fmt.Sprintf("%d weights, at most %d", len(weights), render.MaxMorphTargets)
	}
	for i, w := range weights {
		if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
			return fmt.Sprintf("weight %d is %v, not finite", i, w)
		}
	}
	return ""
}

// morphReach returns how far, in the mesh's local units, the weighted
// morph targets may move a vertex from its base position: Σ |wᵢ|·MorphRadii[i]
// (each delta is at most MorphRadii[i] long, so the sum of the weighted
// deltas is at most this long). Culling grows the mesh's sphere by it.
func (m *MeshRenderer) morphReach() float32 {
	var r float32
	for i, w := range m.Weights {
		if i < len(m.MorphRadii) {
			r += float32(math.Abs(float64(w))) * m.MorphRadii[i]
		}
	}
	return r
}

// MorphRadii returns, for each target, the length of its longest
// position delta: what MeshRenderer.MorphRadii needs so that culling
// covers the morphed mesh at any weights.
func MorphRadii(targets []render.MorphTarget) []float32 {
	radii := make([]float32, len(targets))
	for k, t := range targets {
		for _, d := range t.Positions {
			radii[k] = max(radii[k], d.Len())
		}
	}
	return radii
}

// maxScale returns the largest scale of world's axes.
func maxScale(world mgl32.Mat4) float32 {
	sx := mgl32.Vec3{world[0], world[1], world[2]}.Len()
	sy := mgl32.Vec3{world[4], world[5], world[6]}.Len()
	sz := mgl32.Vec3{world[8], world[9], world[10]}.Len()
	return max(sx, sy, sz)
}

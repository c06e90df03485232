package modelviewer

import (
	"math"
	"testing"

	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/scenegraph"
)

// The committed testdata/morph.gltf is what morphGLTF generates (rewrite
// it with TACT_UPDATE_GOLDEN=1).
func TestMorphFileUpToDate(t *testing.T) { checkGenerated(t, "testdata/morph.gltf", morphGLTF) }

// The blob loads with two morph targets on Body's MeshRenderer (weights
// [0, 0], radii the targets' longest deltas) and one clip "breathe" of
// two weight tracks.
func TestMorphLoads(t *testing.T) {
	m, root := loadGenerated(t, WriteMorph, MorphFile)
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Find("Blob/Body"))
	if mr == nil || len(mr.Weights) != 2 || mr.Weights[0] != 0 || mr.Weights[1] != 0 || m.Meshes[0].Primitives[0].Targets != 2 {
		t.Fatalf("renderer %+v", mr)
	}
	// Stretch moves the top most: 1.6 · (1.6 - 1) = 0.96; ripple the
	// equator at its lobes' middles by 0.6.
	if r := mr.MorphRadii; len(r) != 2 || math.Abs(float64(r[0])-0.96) > 1e-5 || math.Abs(float64(r[1])-0.6) > 1e-5 {
		t.Errorf("MorphRadii %v", r)
	}
	if c := m.Clip("breathe"); c == nil || len(c.Tracks) != 2 || c.Duration != MorphSeconds || c.Tracks[1].Property != "weights[1]" {
		t.Fatalf("clip %+v", c)
	}
}

// The modelviewer plays the blob's breathe and draws it morphed, with its
// morphed shadow: the golden image at 1.5 s (90 frames at 1/60 s),
// fully stretched and half rippled, the same in both render
// modes. The weights are checked at a frame against the keys
// interpolated at the player's time.
func TestMorphGolden(t *testing.T) {
	playGolden(t, &Options.Morph, "morph", "breathe", func(p *animation.Player, tm float64) {
		mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](p.Node().Find("Blob/Body"))
		// Keys 1 s: [1, 0], 2 s: [1, 1], linear.
		want := [2]float64{1, tm - 1}
		if tm < 1 || tm > 2 || math.Abs(float64(mr.Weights[0])-want[0]) > 1e-5 || math.Abs(float64(mr.Weights[1])-want[1]) > 1e-5 {
			t.Errorf("weights %v at %.3f s, want %v", mr.Weights, tm, want)
		}
	})
}

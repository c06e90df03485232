package modelviewer

import (
	"math"
	"testing"

	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/scenegraph"
)

// The committed testdata/arm.gltf is what armGLTF generates (rewrite it
// with TACT_UPDATE_GOLDEN=1).
func TestArmFileUpToDate(t *testing.T) { checkGenerated(t, "testdata/arm.gltf", armGLTF) }

// The arm loads as a skinned mesh: one Skin of four joints on Base, fitted
// (Radii), given to its MeshRenderer, and one clip "wave" of three
// quaternion tracks.
func TestArmLoads(t *testing.T) {
	m, root := loadGenerated(t, WriteArm, ArmFile)
	base := root.Find("Arm/Base")
	sk := scenegraph.GetComponent[*scenegraph.Skin](base)
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](base)
	if sk == nil || len(sk.Joints) != ArmJoints || len(sk.Radii) != ArmJoints || mr == nil || mr.Skin != sk || !m.Meshes[0].Primitives[0].Skinned {
		t.Fatalf("skin %+v, renderer %+v", sk, mr)
	}
	// Each joint moves the vertices of the segments beside it, up to the
	// ring before the next joint (1/8 short of it): sqrt(0.875² + 0.3²)
	// ≈ 0.925 from it.
	for j, r := range sk.Radii {
		if math.Abs(float64(r)-0.925) > 1e-3 {
			t.Errorf("Radii[%d] = %v", j, r)
		}
	}
	if c := m.Clip("wave"); c == nil || len(c.Tracks) != 3 || c.Duration != ArmWaveSeconds {
		t.Fatalf("clip %+v", c)
	}
}

// The modelviewer plays the arm's wave and draws it posed, with its
// posed shadow: the golden image at 1.5 s (90 frames at 1/60 s), the
// same in both render modes. The pose is checked too: J1 bent by the
// wave's key values interpolated at the player's time.
func TestArmGolden(t *testing.T) {
	playGolden(t, &Options.Arm, "arm", "wave", func(p *animation.Player, tm float64) {
		q := p.Node().Find("Arm/J0/J1").Rotation()
		got := 2 * math.Atan2(float64(q.V[2]), float64(q.W)) * 180 / math.Pi
		// Keys 0 s: 0°, 1 s: 30°, 2 s: 0°: slerp is linear in the angle.
		want := 30 * (1 - math.Abs(tm-1))
		if tm < 1 || tm > 2 || math.Abs(got-want) > 0.01 {
			t.Errorf("J1 at %.3f° at %.3f s, want %.3f°", got, tm, want)
		}
	})
}

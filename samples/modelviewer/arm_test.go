package modelviewer

import (
	"bytes"
	"math"
	"os"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

// The committed testdata/arm.gltf is what armGLTF generates (rewrite it
// with TACT_UPDATE_GOLDEN=1).
func TestArmFileUpToDate(t *testing.T) {
	const file = "testdata/arm.gltf"
	if os.Getenv("TACT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(file, armGLTF(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, armGLTF()) {
		t.Errorf("%s differs from armGLTF(): run with TACT_UPDATE_GOLDEN=1", file)
	}
}

// The arm loads as a skinned mesh: one Skin of four joints on Base, fitted
// (Radii), given to its MeshRenderer, and one clip "wave" of three
// quaternion tracks.
func TestArmLoads(t *testing.T) {
	dir := t.TempDir()
	if err := WriteArm(dir); err != nil {
		t.Fatal(err)
	}
	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer assets.Close()
	gltf.Register(assets)
	x, err := assets.Load(ArmFile)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	m := gltf.ModelOf(x)
	root, err := m.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
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
	old := Options
	defer func() { Options = old }()
	Options.Arm = true
	var vw *Viewer
	s := watched(Sample, &vw)
	begin := s.Start
	s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
		sc, err := begin(g)
		if vw != nil {
			vw.NoGPU = true // timings differ run to run
		}
		return sc, err
	}
	const frames = 90
	checked := false
	s.Script = func(g *tact.Game, frame uint64) { // at the end of a frame, in the game
		if frame != 70 || vw == nil || vw.Player == nil {
			return
		}
		checked = true
		p := vw.Player
		if p.Current() == nil || p.Current().Name() != "wave" {
			t.Errorf("player %+v", p)
			return
		}
		tm := p.Current().LocalTime()
		q := p.Node().Find("Arm/J0/J1").Rotation()
		got := 2 * math.Atan2(float64(q.V[2]), float64(q.W)) * 180 / math.Pi
		// Keys 0 s: 0°, 1 s: 30°, 2 s: 0°: slerp is linear in the angle.
		want := 30 * (1 - math.Abs(tm-1))
		if tm < 1 || tm > 2 || math.Abs(got-want) > 0.01 {
			t.Errorf("J1 at %.3f° at %.3f s, want %.3f°", got, tm, want)
		}
	}
	g, img := sampletest.Run(t, s, frames)
	if rerr := g.Director().RenderErr(); rerr != nil {
		t.Fatalf("render error: %v", rerr)
	}
	v := must(t, vw)
	if !checked {
		t.Error("frame 70 not reached")
	}
	if st := v.Stats; st.Name != "arm" || st.Meshes != 2 {
		t.Errorf("stats %+v", st)
	}
	sampletest.SavePNG(t, img, "modelviewer_arm.png")
	sampletest.Golden(t, "arm", img)

	cfg := sampletest.Config(frames)
	cfg.RenderOnMain = true
	_, img = sampletest.RunConfig(t, s, cfg)
	sampletest.Golden(t, "arm", img)
}

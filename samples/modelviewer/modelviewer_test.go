package modelviewer

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// watched returns s with a Start that records the scene's Viewer in *v:
// the Game has no scene left once Run returns.
func watched(s sample.Sample, v **Viewer) sample.Sample {
	start := s.Start
	s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
		sc, err := start(g)
		if sc != nil {
			if n := sc.Find("Info"); n != nil {
				*v = scenegraph.GetComponent[*Viewer](n)
			}
		}
		return sc, err
	}
	return s
}

// must fails t when Start did not make a Viewer.
func must(t *testing.T, v *Viewer) *Viewer {
	t.Helper()
	if v == nil {
		t.Fatal("no Viewer: Start did not finish")
	}
	return v
}

// The generated robot loads through the asset manager with its hierarchy,
// and the label says so.
func TestRobotLoads(t *testing.T) {
	s := Sample
	s.Script = nil
	var vw *Viewer
	g, img := sampletest.Run(t, watched(s, &vw), 10) // GPU timings come a few frames late
	if rerr := g.Director().RenderErr(); rerr != nil {
		t.Fatalf("render error: %v", rerr)
	}
	v := must(t, vw)
	st := v.Stats
	want := Stats{Name: "robot", Nodes: RobotNodes, Meshes: RobotMeshes, Triangles: RobotTriangles, Drawn: len(robotParts)*12 + 2}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
	for _, s := range []string{"robot:", "11 nodes", "8 meshes", "86 triangles", "110 drawn", "shadows on", "bloom on", "gpu "} {
		if !strings.Contains(v.Label.Text, s) {
			t.Errorf("label %q lacks %q", v.Label.Text, s)
		}
	}
	if v.Model.Meshes[0].Name != "Hips" {
		t.Errorf("first mesh %q, want Hips", v.Model.Meshes[0].Name)
	}
	// Without input the camera stays where it started.
	o := v.Orbit
	if o.Yaw != 30 || o.Pitch != 20 {
		t.Errorf("camera moved without input: yaw %v pitch %v", o.Yaw, o.Pitch)
	}
	if n := sampletest.Colors(img); n < 8 {
		t.Errorf("%d colors: want a shaded model", n)
	}
}

// The script turns the camera with the arrow keys and a drag and zooms with
// the wheel; the picture matches its golden image in both render modes
// (the render thread and the main thread).
func TestScriptedOrbit(t *testing.T) {
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
	g, img := sampletest.Run(t, s, 70)
	if rerr := g.Director().RenderErr(); rerr != nil {
		t.Fatalf("render error: %v", rerr)
	}
	v := must(t, vw)
	o := v.Orbit
	start := &Orbit{Target: o.Target, Yaw: 30, Pitch: 20, Distance: 0}
	// 40 frames of Right at 90°/s: +60°; the drag 10×-5 px: +20° yaw, 10×2 px: +8° pitch.
	if d := o.Yaw - 30; d < 70 || d > 90 {
		t.Errorf("yaw %v: want about 110 after the arrow key and the drag", o.Yaw)
	}
	if d := o.Pitch - 20; d < 4 || d > 12 {
		t.Errorf("pitch %v: want about 28 after the drag", o.Pitch)
	}
	dist0 := o.MaxDistance / 4
	if want := dist0 * 0.81; mgl32.Abs(o.Distance-want) > 0.01*want {
		t.Errorf("distance %v: want %v after two wheel notches", o.Distance, want)
	}
	start.Distance = dist0
	if cam := o.Placed; cam.ApproxEqualThreshold(start.Eye(), 0.01) || !cam.ApproxEqualThreshold(o.Eye(), 1e-3) {
		t.Errorf("camera at %v: want it moved from %v to %v", cam, start.Eye(), o.Eye())
	}
	sampletest.SavePNG(t, img, "modelviewer.png")
	sampletest.Golden(t, "robot", img)

	// The same frames rendered on the main thread give the same picture.
	cfg := sampletest.Config(70)
	cfg.RenderOnMain = true
	_, img = sampletest.RunConfig(t, s, cfg)
	sampletest.Golden(t, "robot", img)
}

// -model loads a user's file, its folder the asset root.
func TestModelFlag(t *testing.T) {
	dir := t.TempDir()
	if err := WriteRobot(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir+"/"+RobotFile, dir+"/mine.gltf"); err != nil {
		t.Fatal(err)
	}
	old := Options
	defer func() { Options = old }()
	Options.Model = dir + "/mine.gltf"
	s := Sample
	s.Script = nil
	var vw *Viewer
	g, _ := sampletest.Run(t, watched(s, &vw), 3)
	if got := g.Config().AssetRoot; got != dir {
		t.Errorf("asset root %q, want %q", got, dir)
	}
	if st := must(t, vw).Stats; st.Name != "mine" || st.Triangles != RobotTriangles {
		t.Errorf("stats %+v", st)
	}
	if _, err := os.Stat(Options.Model); err != nil {
		t.Errorf("the user's file is gone: %v", err)
	}
}

// The generated file's node hierarchy, loaded without a GPU: the arms hang
// from the torso, which sits on the hips, and the rotated arm keeps its roll.
func TestRobotHierarchy(t *testing.T) {
	dir := t.TempDir()
	if err := WriteRobot(dir); err != nil {
		t.Fatal(err)
	}
	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer assets.Close()
	gltf.Register(assets)
	x, err := assets.Load(RobotFile)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	root, err := gltf.ModelOf(x).Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	arm := root.Find("Robot/Hips/Torso/ArmR")
	if arm == nil {
		t.Fatal("no Robot/Hips/Torso/ArmR")
	}
	if mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](arm); mr == nil || mr.Color != (mgl32.Vec4{0.98, 0.6, 0.15, 1}) {
		t.Errorf("ArmR renderer %+v: want the orange arm", mr)
	}
	if got := mgl32.RadToDeg(arm.Rotation().Rotate(mgl32.Vec3{0, 1, 0}).Mul(-1).X()); got < 0 {
		t.Errorf("ArmR not rolled outwards")
	}
	if root.Find("Robot/Hips/Torso/Head/Antenna") == nil || root.Find("Robot/Hips/LegL") == nil {
		t.Error("head or legs missing")
	}
}

// The toggle keys turn shadows, the post effects and the lamp off, the
// label says so, the chain skips the effects' passes, and the picture
// changes: without the vignette the corners are brighter.
func TestToggles(t *testing.T) {
	keys := []platform.Key{platform.KeyS, platform.KeyB, platform.KeyF, platform.KeyV, platform.KeyL}
	s := Sample
	s.Script = func(g *tact.Game, frame uint64) {
		if frame == 3 {
			for _, k := range keys {
				g.Input().InjectKey(k, true)
			}
		}
		if frame == 4 {
			for _, k := range keys {
				g.Input().InjectKey(k, false)
			}
		}
	}
	var vw *Viewer
	g, off := sampletest.Run(t, watched(s, &vw), 8)
	if rerr := g.Director().RenderErr(); rerr != nil {
		t.Fatalf("render error: %v", rerr)
	}
	v := must(t, vw)
	if v.Sun.Shadows || v.Lamp.Active() || v.Effects["bloom"] || v.Effects["fxaa"] || v.Effects["vignette"] {
		t.Errorf("after the toggles: shadows %v lamp %v effects %v", v.Sun.Shadows, v.Lamp.Active(), v.Effects)
	}
	for _, want := range []string{"shadows off", "bloom off", "fxaa off", "vignette off", "lamp off"} {
		if !strings.Contains(v.Label.Text, want) {
			t.Errorf("label %q lacks %q", v.Label.Text, want)
		}
	}
	for _, name := range []string{"bloom", "fxaa", "vignette"} {
		if v.Chain.Graph().Enabled(name) {
			t.Errorf("chain pass %q still enabled", name)
		}
	}
	s.Script = nil
	_, on := sampletest.Run(t, watched(s, &vw), 8)
	corner := image.Rect(0, 0, 40, 40)
	if a, b := meanRed(on, corner), meanRed(off, corner); b <= a {
		t.Errorf("corner red %.1f with the vignette, %.1f without: want brighter without", a, b)
	}
}

// meanRed returns the mean red channel of r in img.
func meanRed(img *image.RGBA, r image.Rectangle) float64 {
	sum := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += int(img.RGBAAt(x, y).R)
		}
	}
	return float64(sum) / float64(r.Dx()*r.Dy())
}

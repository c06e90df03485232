package modelviewer

import (
	"bytes"
	"os"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

// checkGenerated fails t unless the committed file is what gen returns
// (and rewrites it first with TACT_UPDATE_GOLDEN=1).
func checkGenerated(t *testing.T, file string, gen func() []byte) {
	t.Helper()
	if os.Getenv("TACT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(file, gen(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, gen()) {
		t.Errorf("%s differs from what its generator writes: run with TACT_UPDATE_GOLDEN=1", file)
	}
}

// loadGenerated writes a generated model with write into a fresh asset
// folder, loads it as name and instantiates it.
func loadGenerated(t *testing.T, write func(dir string) error, name string) (*gltf.Model, *scenegraph.Node) {
	t.Helper()
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { assets.Close() })
	gltf.Register(assets)
	x, err := assets.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(x.Release)
	m := gltf.ModelOf(x)
	root, err := m.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	return m, root
}

// playGolden runs the modelviewer on the model that option selects for
// 90 frames (1.5 s), calls check at frame 70 with the player, which must
// be playing clip, and its clip time, and compares the last frame with
// golden image name in both render modes.
func playGolden(t *testing.T, option *bool, name, clip string, check func(p *animation.Player, tm float64)) {
	old := Options
	defer func() { Options = old }()
	*option = true
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
		if p.Current() == nil || p.Current().Name() != clip {
			t.Errorf("player %+v, want clip %q playing", p, clip)
			return
		}
		check(p, p.Current().LocalTime())
	}
	g, img := sampletest.Run(t, s, frames)
	if rerr := g.Director().RenderErr(); rerr != nil {
		t.Fatalf("render error: %v", rerr)
	}
	v := must(t, vw)
	if !checked {
		t.Error("frame 70 not reached")
	}
	if st := v.Stats; st.Name != name || st.Meshes != 2 {
		t.Errorf("stats %+v", st)
	}
	sampletest.SavePNG(t, img, "modelviewer_"+name+".png")
	sampletest.Golden(t, name, img)

	cfg := sampletest.Config(frames)
	cfg.RenderOnMain = true
	_, img = sampletest.RunConfig(t, s, cfg)
	sampletest.Golden(t, name, img)
}

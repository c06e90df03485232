package post_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/shaders"
)

// nullRig records a chain into NewFrames executed by the null backend,
// which checks every command against the live resources.
type nullRig struct {
	t testing.TB
	c *post.Chain
	f *render.Frame
	b *null.Backend
	n uint64
}

func newNullRig(t testing.TB, o post.Options) *nullRig {
	b := null.New()
	b.Init()
	return &nullRig{t: t, c: post.New(o), f: render.NewFrame(), b: b}
}

// frame records one frame as a camera would (its own pass into the scene
// image, then the graph) and executes it; it returns Record's error.
func (r *nullRig) frame(w, h int) error {
	r.t.Helper()
	r.f.Reset()
	g := r.c.Graph()
	if err := g.Prepare(r.f, w, h); err != nil {
		return err
	}
	scene, _ := g.Target(graph.Scene)
	r.f.BeginPass(render.Pass{Target: scene, Name: "camera", Clear: render.ClearColor | render.ClearDepth})
	err := g.Record(r.f, 0, render.Rect{}, w, h)
	r.n++
	r.f.SetNumber(r.n)
	if xerr := r.b.Execute(r.f); xerr != nil {
		r.t.Fatal(xerr)
	}
	return err
}

func allOn() post.Options {
	return post.Options{Exposure: 1.5, Bloom: &post.Bloom{Threshold: 1, Knee: 0.5, Intensity: 0.8}, FXAA: true,
		Vignette: &post.Vignette{Strength: 0.4, Radius: 0.35}}
}

func TestEffectsSwitchPasses(t *testing.T) {
	r := newNullRig(t, allOn())
	if err := r.frame(64, 48); err != nil {
		t.Fatal(err)
	}
	want := []string{"bloom.bright", "bloom.blur0h", "bloom.blur0v", "bloom.blur1h", "bloom.blur1v",
		"bloom.blur2h", "bloom.blur2v", "bloom.combine", "tonemap", "fxaa", "vignette"}
	if got := r.c.Graph().Passes(); !slices.Equal(got, want) {
		t.Fatalf("passes %q, want %q", got, want)
	}
	steps := []struct {
		effect string
		want   []string
	}{
		{post.EffectBloom, []string{"tonemap", "fxaa", "vignette"}},
		{post.EffectFXAA, []string{"tonemap", "vignette"}},
		{post.EffectVignette, []string{"tonemap", "vignette (pass-through)"}},
	}
	for _, s := range steps {
		if err := r.c.SetEnabled(s.effect, false); err != nil {
			t.Fatal(err)
		}
		if r.c.Enabled(s.effect) {
			t.Errorf("%s still enabled", s.effect)
		}
		if err := r.frame(64, 48); err != nil {
			t.Fatal(err)
		}
		if got := r.c.Graph().Passes(); !slices.Equal(got, s.want) {
			t.Errorf("%s off: passes %q, want %q", s.effect, got, s.want)
		}
	}
	// Only the scene and LDR images are left.
	if live := r.b.Live(); live.Targets != 2 {
		t.Errorf("%d targets alive with every effect off, want 2 (scene and LDR)", live.Targets)
	}
	if err := r.c.SetEnabled("bokeh", true); err == nil || !strings.Contains(err.Error(), `"bokeh"`) {
		t.Errorf("SetEnabled of an unknown effect: %v", err)
	}
}

func TestSettingsReachTheShaders(t *testing.T) {
	r := newNullRig(t, allOn())
	r.c.SetExposure(2)
	r.c.SetBloom(post.Bloom{Threshold: 3, Knee: 0.25, Intensity: 0.7})
	r.c.SetVignette(post.Vignette{Strength: 0.9, Radius: 0.2})
	if err := r.frame(64, 48); err != nil {
		t.Fatal(err)
	}
	ds := r.f.FullscreenDraws()
	byPass := map[string]render.FullscreenDraw{}
	for _, it := range r.f.Items() {
		byPass[r.f.Passes()[it.Pass].Name] = ds[it.Index]
	}
	if p := byPass["tonemap"].Params[0]; p[0] != 2 {
		t.Errorf("tonemap params %v, want exposure 2", p)
	}
	if p := byPass["bloom.bright"].Params; p[0][0] != 3 || p[0][1] != 0.25 || p[1][0] != 1.0/64 || p[1][1] != 1.0/48 {
		t.Errorf("bright params %v, want threshold, knee and the scene's texel", p)
	}
	if p := byPass["bloom.combine"]; p.Params[0][0] != 0.7 || p.Inputs[0] == 0 || p.Inputs[1] == 0 || p.Inputs[2] == 0 {
		t.Errorf("combine draw %+v, want intensity 0.7 and three blurred levels", p)
	}
	if p := byPass["bloom.blur2v"].Params[0]; p[0] != 0 || p[1] != 1.0/6 {
		t.Errorf("eighth-size vertical blur params %v, want (0, 1/6)", p)
	}
	if p := byPass["vignette"].Params[0]; p[0] != 0.9 || p[1] != 0.2 {
		t.Errorf("vignette params %v, want strength 0.9, radius 0.2", p)
	}
	// The programs are named after their files, for compile errors.
	var names []string
	for _, rc := range r.f.Resources() {
		if rc.Op == render.OpCreateShader {
			names = append(names, rc.Source.FragmentName)
		}
	}
	for _, n := range []string{"tonemap", "bloom_bright", "bloom_blur", "bloom_combine", "fxaa", "vignette"} {
		if !slices.Contains(names, "shaders/"+n+".frag") {
			t.Errorf("created programs %q: no shaders/%s.frag", names, n)
		}
	}
	if len(names) != 6 {
		t.Errorf("%d programs created, want 6 (one per effect program)", len(names))
	}
}

func TestSteadyFramesAllocateNothing(t *testing.T) {
	r := newNullRig(t, allOn())
	if err := r.frame(64, 48); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(20, func() {
		r.f.Reset()
		if err := r.c.Graph().Record(r.f, 0, render.Rect{}, 64, 48); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a steady frame allocates %v times, want 0", allocs)
	}
	if len(r.f.Passes()) != 11 {
		t.Errorf("%d passes recorded, want 11", len(r.f.Passes()))
	}
}

func TestReleaseLeavesNothing(t *testing.T) {
	r := newNullRig(t, allOn())
	if err := r.frame(32, 32); err != nil {
		t.Fatal(err)
	}
	r.f.Reset()
	r.c.Release(r.f)
	r.b.Execute(r.f)
	if live := r.b.Live(); live != (null.Counts{}) {
		t.Errorf("after Release: %+v alive", live)
	}
	// And the chain records again.
	if err := r.frame(32, 32); err != nil {
		t.Fatal(err)
	}
	if live := r.b.Live(); live.Shaders != 6 {
		t.Errorf("after recording again: %+v, want 6 programs", live)
	}
}

// sourceFS copies the embedded sources into a map file system a test may
// edit.
func sourceFS(t *testing.T) fstest.MapFS {
	m := fstest.MapFS{}
	for _, n := range []string{"tonemap", "bloom_bright", "bloom_blur", "bloom_combine", "fxaa", "vignette"} {
		v, f, err := shaders.Load(shaders.FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		m[n+".vert"] = &fstest.MapFile{Data: []byte(v)}
		m[n+".frag"] = &fstest.MapFile{Data: []byte(f)}
	}
	return m
}

func TestMissingSourceIsReported(t *testing.T) {
	fsys := sourceFS(t)
	delete(fsys, "fxaa.frag")
	r := newNullRig(t, post.Options{FXAA: true, Shaders: fsys})
	err := r.frame(16, 16)
	if err == nil || !strings.Contains(err.Error(), "fxaa.frag") {
		t.Fatalf("Record error %v, want one naming fxaa.frag", err)
	}
	// The frame is whole: FXAA draws with the built-in copy instead.
	if got := r.c.Graph().Passes(); len(got) != 3 || len(r.f.FullscreenDraws()) != 3 || r.f.FullscreenDraws()[1].Shader != 0 {
		t.Errorf("passes %q, draws %+v: want tonemap, a built-in FXAA copy and the output copy", got, r.f.FullscreenDraws())
	}
	// Without reloading, the missing file is not looked for every frame
	// (nor reported again).
	if err := r.frame(16, 16); err != nil {
		t.Errorf("second frame: %v", err)
	}
}

func TestReloadUpdatesChangedSources(t *testing.T) {
	fsys := sourceFS(t)
	r := newNullRig(t, post.Options{Shaders: fsys, ShaderDir: "dev", ReloadInterval: time.Nanosecond})
	if err := r.frame(16, 16); err != nil {
		t.Fatal(err)
	}
	// Unchanged sources: nothing recompiles.
	time.Sleep(time.Millisecond)
	if err := r.frame(16, 16); err != nil {
		t.Fatal(err)
	}
	if n := len(r.f.Resources()); n != 0 {
		t.Errorf("%d resource commands with unchanged sources, want 0", n)
	}
	fsys["tonemap.frag"] = &fstest.MapFile{Data: []byte("#version 330 core\n// edited\n")}
	time.Sleep(time.Millisecond)
	if err := r.frame(16, 16); err != nil {
		t.Fatal(err)
	}
	rs := r.f.Resources()
	if len(rs) != 1 || rs[0].Op != render.OpUpdateShader || rs[0].Source.FragmentName != "dev/tonemap.frag" ||
		!strings.Contains(rs[0].Source.FragmentSource, "edited") {
		t.Errorf("resources %+v, want one UpdateShader of dev/tonemap.frag with the edit", rs)
	}
	// A source that disappears keeps the program and is reported.
	delete(fsys, "tonemap.frag")
	time.Sleep(time.Millisecond)
	if err := r.frame(16, 16); err == nil || !strings.Contains(err.Error(), "tonemap.frag") {
		t.Errorf("frame with tonemap.frag gone: %v, want an error naming it", err)
	}
	if d := r.f.FullscreenDraws()[0]; d.Shader == 0 {
		t.Error("tonemap lost its program when its source disappeared")
	}
}

// The effects' programs are embedded, and the embedded sources are the
// repository's (what DevFS reads for live editing).
func TestSourcesEmbedded(t *testing.T) {
	for _, n := range []string{"tonemap", "bloom_bright", "bloom_blur", "bloom_combine", "fxaa", "vignette"} {
		v1, f1, err := shaders.Load(shaders.FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		v2, f2, err := shaders.Load(shaders.DevFS("../../shaders"), n)
		if err != nil {
			t.Fatal(err)
		}
		if v1 != v2 || f1 != f2 {
			t.Errorf("%s: embedded and on-disk sources differ", n)
		}
		if !strings.HasPrefix(v1, "#version 330 core") || !strings.HasPrefix(f1, "#version 330 core") {
			t.Errorf("%s: a source does not start with #version 330 core", n)
		}
	}
}

// BenchmarkRecord measures recording the whole chain (every effect on)
// for a 1280×720 output: the CPU side of a frame's post-processing.
func BenchmarkRecord(b *testing.B) {
	r := newNullRig(b, allOn())
	if err := r.frame(1280, 720); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r.f.Reset()
		r.c.Graph().Record(r.f, 0, render.Rect{}, 1280, 720)
	}
}

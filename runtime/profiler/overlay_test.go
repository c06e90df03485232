package profiler

import (
	"strings"
	"testing"
	"time"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// statsRenderer records frames in memory, counts each pass's items at
// Submit, and reports made-up render stats.
type statsRenderer struct {
	f      *render.Frame
	stats  render.Stats
	passes []int // items per pass of the last frame
}

func newStatsRenderer() *statsRenderer {
	f := render.NewFrame()
	f.SetScreenSize(640, 480)
	return &statsRenderer{f: f}
}

func (r *statsRenderer) Frame() *render.Frame { return r.f }
func (r *statsRenderer) Stats() render.Stats  { return r.stats }
func (r *statsRenderer) Submit() error {
	r.passes = r.passes[:0]
	for range r.f.Passes() {
		r.passes = append(r.passes, 0)
	}
	for _, it := range r.f.Items() {
		r.passes[it.Pass]++
	}
	r.f.Reset()
	r.stats.Frame++
	r.stats.DrawCalls++
	r.stats.RenderTime = 3 * time.Millisecond
	return nil
}

// gameScene is a camera that sees every layer and one sprite.
func gameScene(name string) *scenegraph.Scene {
	s := scenegraph.NewScene(name)
	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	sp := scenegraph.NewNode("Sprite")
	s.AddChild(sp)
	scenegraph.AddComponent(sp, scenegraph.NewSprite(0, 10, 10))
	return s
}

// overlayDirector returns a Director with a statsRenderer and an overlay
// whose clock advances 1/60 s at every frame.
func overlayDirector() (*director.Director, *statsRenderer, *StatsOverlay, *time.Duration) {
	d := director.New()
	r := newStatsRenderer()
	d.SetFrameSink(r, scenegraph.Extract)
	clock := new(time.Duration)
	d.BeginFrame.On(func(*director.Director) { *clock += time.Second / 60 })
	o := NewStatsOverlay(d)
	o.now = func() time.Duration { return *clock }
	return d, r, o, clock
}

// Shown, the overlay draws in a pass of its own after the game's, with its
// own camera and layer; the game's camera (which sees every layer) draws
// none of it. Hidden, it leaves the scene.
func TestOverlayDrawsUnderItsOwnCamera(t *testing.T) {
	d, r, o, _ := overlayDirector()
	d.RunScene(gameScene("Game"))
	d.Tick(1.0 / 60)
	if len(r.passes) != 1 || r.passes[0] != 1 {
		t.Fatalf("hidden overlay: passes %v, want one pass with the sprite", r.passes)
	}
	o.Toggle()
	for range 3 {
		d.Tick(1.0 / 60)
	}
	if !o.Visible() || len(r.passes) != 2 {
		t.Fatalf("shown overlay: passes %v, want the game's and the overlay's", r.passes)
	}
	if r.passes[0] != 1 {
		t.Fatalf("the game's camera drew %d items, want only its sprite", r.passes[0])
	}
	// Panel, 4 frames of stacked bars (main and render), the 60 Hz line, glyphs.
	if r.passes[1] < 1+4*2+1+20 {
		t.Fatalf("the overlay drew %d items", r.passes[1])
	}
	if o.cam.Priority != OverlayPriority || o.cam.Visibility != OverlayLayer || o.root.Layer != OverlayLayer || o.labelNode.Layer != OverlayLayer {
		t.Fatalf("overlay camera priority %d visibility %x, layers %x %x", o.cam.Priority, o.cam.Visibility, o.root.Layer, o.labelNode.Layer)
	}
	// The counts are the game's scene only: the overlay's nodes are not in it.
	text := o.Text()
	for _, want := range []string{"FPS 60.0", "render 3.00 ms", "draw calls ", "nodes 3   components 2", "heap ", "GC "} {
		if !strings.Contains(text, want) {
			t.Fatalf("overlay text %q lacks %q", text, want)
		}
	}
	o.Toggle()
	d.Tick(1.0 / 60)
	if len(r.passes) != 1 || o.Visible() {
		t.Fatalf("hidden again: passes %v, visible %v", r.passes, o.Visible())
	}
}

// The text is redone at most four times a second of the overlay's clock.
func TestOverlayTextFourTimesASecond(t *testing.T) {
	d, _, o, _ := overlayDirector()
	d.RunScene(gameScene("Game"))
	o.SetVisible(true)
	changes := 0
	last := ""
	for range 120 { // two seconds at 60 Hz; draw calls change every frame
		d.Tick(1.0 / 60)
		if o.Text() != last {
			changes++
			last = o.Text()
		}
	}
	if changes < 7 || changes > 9 {
		t.Fatalf("text changed %d times in 2 s, want 8 (every 250 ms)", changes)
	}
}

// A shown overlay's frame allocates nothing while its text stays.
func TestOverlayAllocatesNothing(t *testing.T) {
	d, r, o, clock := overlayDirector()
	d.RunScene(gameScene("Game"))
	r.gpuStats("scene", "ui") // the gpu line is part of the text
	o.SetVisible(true)
	for range 5 {
		d.Tick(1.0 / 60)
	}
	frozen := *clock
	d.BeginFrame.On(func(*director.Director) { *clock = frozen }) // no text update
	if a := testing.AllocsPerRun(100, func() { d.Tick(1.0 / 60) }); a != 0 {
		t.Fatalf("a frame with the overlay shown allocates %v times", a)
	}
}

// The overlay moves to each new scene; the old scene takes its nodes down,
// and the overlay builds new ones.
func TestOverlayFollowsSceneSwitch(t *testing.T) {
	d, r, o, _ := overlayDirector()
	s1 := gameScene("One")
	before := len(s1.Root().Children())
	d.RunScene(s1)
	o.SetVisible(true)
	d.Tick(1.0 / 60)
	// The overlay draws from a scene of its own: the game's scene does not
	// hold its nodes, so saving or hashing the game's scene cannot see it.
	if o.root.Scene() == s1 || len(s1.Root().Children()) != before {
		t.Fatalf("overlay nodes in the game's scene: %d children, was %d", len(s1.Root().Children()), before)
	}
	s2 := gameScene("Two")
	d.RunScene(s2)
	d.Tick(1.0 / 60) // the switch happens at the end of this frame
	d.Tick(1.0 / 60)
	if d.Scene() != s2 || !o.root.ActiveInHierarchy() || len(s2.Root().Children()) != before {
		t.Fatalf("after the switch: running %v, overlay active %v", d.Scene(), o.root.ActiveInHierarchy())
	}
	if len(r.passes) != 2 || r.passes[1] < 10 {
		t.Fatalf("after the switch: passes %v", r.passes)
	}
	o.SetVisible(false)
	d.Tick(1.0 / 60)
	if len(r.passes) != 1 {
		t.Fatalf("hidden overlay still draws: passes %v", r.passes)
	}
}

// gpuStats sets made-up GPU pass times on r's stats.
func (r *statsRenderer) gpuStats(names ...string) {
	st := &r.stats
	st.PassCount, st.GPUFrame, st.GPUFrameNumber = len(names), 0, 1
	for i, n := range names {
		st.GPUPasses[i] = render.PassTime{Name: n, GPU: time.Duration(i+1) * 250 * time.Microsecond}
		st.GPUFrame += st.GPUPasses[i].GPU
	}
}

// The text has gpu lines with every pass's GPU time by name, an effect's
// passes summed.
func TestOverlayGPUPasses(t *testing.T) {
	d, r, o, _ := overlayDirector()
	d.RunScene(gameScene("Game"))
	r.gpuStats("scene", "ui")
	o.SetVisible(true)
	d.Tick(1.0 / 60)
	text := o.Text()
	for _, want := range []string{"\ngpu 0.75 ms   scene 0.25 ms   ui 0.50 ms\n"} {
		if !strings.Contains(text, want) {
			t.Fatalf("overlay text %q lacks %q", text, want)
		}
	}
	// An effect's passes are summed under its name; five entries take two
	// lines.
	r.gpuStats("shadow", "scene", "bloom.bright", "bloom.blur0h", "bloom.combine", "tonemap", "fxaa", "ui")
	for range 20 { // past the text interval
		d.Tick(1.0 / 60)
	}
	want := "\ngpu 9.00 ms   shadow 0.25 ms   scene 0.50 ms   bloom 3.00 ms   tonemap 1.50 ms\n      fxaa 1.75 ms   ui 2.00 ms\n"
	if text := o.Text(); !strings.Contains(text, want) {
		t.Fatalf("eight passes: overlay text %q lacks %q", text, want)
	}
	r.stats.NoGPUTimes = true
	for range 20 {
		d.Tick(1.0 / 60)
	}
	if text := o.Text(); !strings.Contains(text, "\ngpu n/a\n") {
		t.Fatalf("no GPU timers: overlay text %q lacks gpu n/a", text)
	}
}

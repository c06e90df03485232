package director

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

type recorder struct{ log []string }

func (r *recorder) add(format string, args ...any) {
	r.log = append(r.log, fmt.Sprintf(format, args...))
}
func (r *recorder) take() string { s := strings.Join(r.log, " "); r.log = nil; return s }

// comp records its callbacks; hooks run inside them.
type comp struct {
	scenegraph.Component
	name  string
	r     *recorder
	start func()
}

func (c *comp) OnLoad()                { c.r.add("%s.onLoad", c.name) }
func (c *comp) OnEnable()              { c.r.add("%s.onEnable", c.name) }
func (c *comp) Start()                 { c.r.add("%s.start", c.name); call(c.start) }
func (c *comp) Update(float64)         { c.r.add("%s.update", c.name) }
func (c *comp) LateUpdate(float64)     { c.r.add("%s.lateUpdate", c.name) }
func (c *comp) FixedUpdate(dt float64) { c.r.add("%s.fixed", c.name) }
func (c *comp) OnDisable()             { c.r.add("%s.onDisable", c.name) }
func (c *comp) OnDestroy()             { c.r.add("%s.onDestroy", c.name) }

func call(f func()) {
	if f != nil {
		f()
	}
}

type sys struct {
	name string
	r    *recorder
}

func (s *sys) Update(float64)      { s.r.add("%s.update", s.name) }
func (s *sys) PostUpdate(float64)  { s.r.add("%s.post", s.name) }
func (s *sys) FixedUpdate(float64) { s.r.add("%s.fixed", s.name) }

type input struct{ r *recorder }

func (i input) Dispatch() { i.r.add("input") }

type fakeRenderer struct {
	r *recorder
	f *render.Frame
}

func (f *fakeRenderer) Frame() *render.Frame { return f.f }
func (f *fakeRenderer) Submit() error        { f.r.add("submit"); return nil }

func newDirector(r *recorder) *Director {
	d := New()
	d.BeginFrame.On(func(*Director) { r.add("BeginFrame") })
	d.BeforeUpdate.On(func(*Director) { r.add("BeforeUpdate") })
	d.AfterUpdate.On(func(*Director) { r.add("AfterUpdate") })
	d.BeforeDraw.On(func(*Director) { r.add("BeforeDraw") })
	d.AfterDraw.On(func(*Director) { r.add("AfterDraw") })
	d.EndFrame.On(func(*Director) { r.add("EndFrame") })
	d.BeforeSceneLaunch.On(func(s *scenegraph.Scene) { r.add("BeforeSceneLaunch:%s", s.Name()) })
	d.AfterSceneLaunch.On(func(s *scenegraph.Scene) { r.add("AfterSceneLaunch:%s", s.Name()) })
	d.SetInput(input{r})
	d.SetFrameSink(&fakeRenderer{r: r, f: render.NewFrame()}, func(s *scenegraph.Scene, f *render.Frame) { r.add("extract") })
	return d
}

// The order of Director.Tick, as one recorded trace.
func TestTickOrder(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	d.AddSystem(&sys{"low", r}, 100)
	d.AddSystem(&sys{"high", r}, 300)
	d.AddSystem(&sys{"low2", r}, 100)
	d.SetFixedStep(0.1, 0.25)
	s := scenegraph.NewScene("S")
	n := scenegraph.NewNode("N")
	s.AddChild(n)
	a := scenegraph.AddComponent(n, &comp{name: "a", r: r})
	victim := scenegraph.NewNode("V")
	s.AddChild(victim)
	scenegraph.AddComponent(victim, &comp{name: "v", r: r})
	d.RunScene(s)
	if got := r.take(); got != "BeforeSceneLaunch:S a.onLoad v.onLoad a.onEnable v.onEnable AfterSceneLaunch:S" {
		t.Fatalf("launch: %s", got)
	}
	a.Schedule(func(float64) { r.add("timer") }, 0, -1, 0)
	d.Tick(0.1) // primes the timer
	r.take()
	victim.Destroy()
	r.take()
	d.Tick(0.1)
	want := "BeginFrame input BeforeUpdate " +
		"a.fixed high.fixed low.fixed low2.fixed " +
		"a.update high.update timer low.update low2.update " +
		"a.lateUpdate AfterUpdate v.onDestroy high.post low.post low2.post " +
		"BeforeDraw extract submit AfterDraw EndFrame"
	if got := r.take(); got != want {
		t.Fatalf("tick order\n got: %s\nwant: %s", got, want)
	}
	if d.TotalFrames() != 2 {
		t.Fatalf("TotalFrames = %d", d.TotalFrames())
	}
}

// While paused: input and drawing go on and frames count; nothing starts,
// updates, times or is destroyed until the first unpaused frame.
func TestPause(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	s := scenegraph.NewScene("S")
	n := scenegraph.NewNode("N")
	s.AddChild(n)
	a := scenegraph.AddComponent(n, &comp{name: "a", r: r})
	d.RunScene(s)
	a.Schedule(func(float64) { r.add("timer") }, 0, -1, 0)
	d.Tick(0.1)
	d.Pause()
	r.take()
	a.Destroy()
	d.Tick(0.1)
	d.Tick(0.1)
	paused := "BeginFrame input BeforeDraw extract submit AfterDraw EndFrame"
	if got := r.take(); got != "a.onDisable "+paused+" "+paused {
		t.Fatalf("paused frames: %s", got)
	}
	if d.TotalFrames() != 3 || !a.IsValid() {
		t.Fatal("paused frames count, and destroy waits")
	}
	d.Resume()
	d.Tick(0.1)
	if got := r.take(); !strings.Contains(got, "AfterUpdate a.onDestroy") {
		t.Fatalf("destroy after resume: %s", got)
	}
	d.End()
	d.Tick(0.1)
	if r.take() != "" || d.TotalFrames() != 4 {
		t.Fatal("a stopped director ticks nothing and counts nothing")
	}
}

// Scene switch: requested mid-frame, done at the frame's end; old scene
// OnDisable pre-order then OnDestroy children first; then the launch events.
func TestSceneSwitch(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	old := scenegraph.NewScene("Old")
	p, c := scenegraph.NewNode("P"), scenegraph.NewNode("C")
	old.AddChild(p)
	p.AddChild(c)
	scenegraph.AddComponent(p, &comp{name: "p", r: r})
	next := scenegraph.NewScene("Next")
	nn := scenegraph.NewNode("N")
	next.AddChild(nn)
	scenegraph.AddComponent(nn, &comp{name: "n", r: r})
	pc := scenegraph.AddComponent(c, &comp{name: "c", r: r})
	pc.start = func() { d.RunScene(next) }
	d.RunScene(old)
	r.take()
	d.Tick(0.1)
	want := "BeginFrame input BeforeUpdate p.start c.start p.update c.update p.lateUpdate c.lateUpdate AfterUpdate " +
		"BeforeDraw extract submit AfterDraw EndFrame " +
		"p.onDisable c.onDisable c.onDestroy p.onDestroy BeforeSceneLaunch:Next n.onLoad n.onEnable AfterSceneLaunch:Next"
	got := r.take()
	got = strings.ReplaceAll(got, " p.fixed c.fixed", "")
	if got != want {
		t.Fatalf("scene switch\n got: %s\nwant: %s", got, want)
	}
	if d.Scene() != next || p.IsValid() {
		t.Fatal("old scene must be gone")
	}
}

// Fixed step: the accumulator runs whole steps, clamps a stall, and leaves
// the fraction as Alpha.
func TestFixedStep(t *testing.T) {
	d := New()
	d.SetFixedStep(0.1, 0.25)
	s := scenegraph.NewScene("S")
	n := scenegraph.NewNode("N")
	s.AddChild(n)
	r := &recorder{}
	scenegraph.AddComponent(n, &comp{name: "a", r: r})
	d.RunScene(s)
	steps := func() int { return strings.Count(r.take(), "a.fixed") }
	d.Tick(0.05)
	if steps() != 0 || !near(d.Alpha(), 0.5) {
		t.Fatalf("alpha after half a step: %v", d.Alpha())
	}
	d.Tick(0.05)
	if steps() != 1 || !near(d.Alpha(), 0) {
		t.Fatalf("one step, alpha %v", d.Alpha())
	}
	d.Tick(0.25)
	if got := steps(); got != 2 || !near(d.Alpha(), 0.5) {
		t.Fatalf("two steps, alpha .5: got %d, %v", got, d.Alpha())
	}
	d.Tick(10) // a stall: clamped to 0.25 s
	if got := steps(); got != 3 || !near(d.Alpha(), 0) {
		t.Fatalf("a 10 s stall must run 3 steps (0.05 s left + 0.25 s), ran %d, alpha %v", got, d.Alpha())
	}
	for range 60 {
		d.Tick(1.0 / 60)
	}
	if d.FixedSteps() != 16 {
		t.Fatalf("FixedSteps = %d", d.FixedSteps())
	}
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

// Same fixed step and the same inputs: the same state, every time.
func TestDeterministic(t *testing.T) {
	run := func() string {
		d := New()
		s := scenegraph.NewScene("S")
		mover := scenegraph.NewNode("M")
		s.AddChild(mover)
		scenegraph.AddComponent(mover, &body{})
		d.RunScene(s)
		dts := []float64{0.016, 0.033, 0.001, 0.3, 0.017, 0.016}
		for i := range 300 {
			d.Tick(dts[i%len(dts)])
		}
		p := mover.Position()
		return fmt.Sprintf("%x %x %v", p[0], p[1], d.Alpha())
	}
	if a, b := run(), run(); a != b {
		t.Fatalf("two runs differ: %s vs %s", a, b)
	}
}

type body struct {
	scenegraph.Component
	vy float32
}

func (b *body) FixedUpdate(dt float64) {
	n := b.Node()
	b.vy -= 9.8 * float32(dt)
	p := n.Position()
	p[0] += 1.5 * float32(dt)
	p[1] += b.vy * float32(dt)
	if p[1] < 0 {
		p[1], b.vy = 0, -b.vy*0.8
	}
	n.SetPosition(p)
}

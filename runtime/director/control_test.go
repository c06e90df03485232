package director

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

// twoScenes returns a running scene with component "o" and a scene to
// switch to with component "n".
func twoScenes(d *Director, r *recorder) (old, next *scenegraph.Scene, o *comp) {
	old = scenegraph.NewScene("Old")
	p := scenegraph.NewNode("P")
	old.AddChild(p)
	o = scenegraph.AddComponent(p, &comp{name: "o", r: r})
	next = scenegraph.NewScene("Next")
	nn := scenegraph.NewNode("N")
	next.AddChild(nn)
	scenegraph.AddComponent(nn, &comp{name: "n", r: r})
	d.RunScene(old)
	return old, next, o
}

// RunSceneImmediate switches inside the call, mid-frame: the old scene is
// disabled and destroyed, the launch events bracket the new scene's
// activation, and the rest of the frame (late update, extraction) runs on the
// new scene.
func TestRunSceneImmediate(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	_, next, _ := twoScenes(d, r)
	d.Tick(0.1)
	r.take()
	d.AddSystem(&switcher{fn: func() {
		d.RunSceneImmediate(next)
		r.add("returned")
	}}, 0)
	d.Tick(0.1)
	got := r.take()
	want := "o.onDisable o.onDestroy BeforeSceneLaunch:Next n.onLoad n.onEnable AfterSceneLaunch:Next returned"
	if !strings.Contains(got, want) {
		t.Fatalf("switch: %s\nwant it to contain %s", got, want)
	}
	if d.Scene() != next || Of(next) != d {
		t.Fatal("the new scene is not running")
	}
	// Nothing of the old scene runs after the switch in that frame.
	after := got[strings.Index(got, "returned"):]
	if strings.Contains(after, "o.") {
		t.Fatalf("old scene called after the switch: %s", after)
	}
	d.Tick(0.1)
	if got := r.take(); !strings.Contains(got, "n.start n.fixed") || !strings.Contains(got, "n.update n.lateUpdate") {
		t.Fatalf("next frame: %s", got)
	}
}

// End called during a frame lets the frame finish and count; the next Tick
// does nothing.
func TestEndAtFrameEnd(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	_, _, o := twoScenes(d, r)
	o.start = func() { d.End() }
	r.take()
	d.Tick(0.1)
	got := r.take()
	if !strings.Contains(got, "o.update o.lateUpdate AfterUpdate BeforeDraw extract submit AfterDraw EndFrame o.onDisable o.onDestroy") {
		t.Fatalf("ending frame: %s", got)
	}
	if d.TotalFrames() != 1 || !d.Ended() || d.Scene() != nil {
		t.Fatalf("frames %d ended %v scene %v", d.TotalFrames(), d.Ended(), d.Scene())
	}
	d.Tick(0.1)
	if r.take() != "" || d.TotalFrames() != 1 {
		t.Fatal("an ended director ticks")
	}
}

// Stop halts everything, drawing and counting included, until Start.
func TestStopStart(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	twoScenes(d, r)
	d.Tick(0.1)
	r.take()
	d.Stop()
	d.Tick(0.1)
	d.Tick(0.1)
	if got := r.take(); got != "" || d.TotalFrames() != 1 || !d.Stopped() {
		t.Fatalf("stopped: %q, frames %d", got, d.TotalFrames())
	}
	d.Start()
	d.Tick(0.1)
	if got := r.take(); !strings.Contains(got, "o.update") || d.TotalFrames() != 2 {
		t.Fatalf("started again: %q, frames %d", got, d.TotalFrames())
	}
}

// The fixed step has a lower bound; bad values are refused and change
// nothing.
func TestFixedStepBounds(t *testing.T) {
	d := New()
	for _, c := range []struct{ step, max float64 }{
		{1e-5, 0}, {-1, 0}, {math.NaN(), 0}, {math.Inf(1), 0}, {0.01, -1}, {0.01, math.NaN()},
	} {
		if err := d.SetFixedStep(c.step, c.max); err == nil || !strings.Contains(err.Error(), "director: ") {
			t.Errorf("SetFixedStep(%v, %v) = %v, want an error", c.step, c.max, err)
		}
	}
	if d.FixedStep() != DefaultFixedStep || d.MaxFrameTime() != DefaultMaxFrameTime {
		t.Fatal("a refused step changed the settings")
	}
	if err := d.SetFixedStep(MinFixedStep, 0); err != nil || d.FixedStep() != MinFixedStep {
		t.Fatalf("the smallest step: %v", err)
	}
}

// A frame runs at most the capped number of fixed steps; the whole steps
// beyond are dropped (and counted), the fraction kept for Alpha.
func TestFixedStepCap(t *testing.T) {
	d := New()
	if err := d.SetFixedStep(0.001, 0.25); err != nil {
		t.Fatal(err)
	}
	d.SetMaxFixedSteps(10)
	steps := &stepCounter{}
	d.AddSystem(steps, 0)
	d.Tick(0.25) // 250 steps' worth
	if steps.n != 10 || d.FixedSteps() != 10 {
		t.Fatalf("%d steps in one frame, want the cap, 10", steps.n)
	}
	if got := d.DroppedTime(); math.Abs(got-0.24) > 1e-6 {
		t.Fatalf("dropped %v s, want 0.24", got)
	}
	if a := d.Alpha(); a < 0 || a >= 1 {
		t.Fatalf("Alpha %v after the cap", a)
	}
	d.SetMaxFixedSteps(0)
	d.Tick(0.016)
	if steps.n != 26 {
		t.Fatalf("%d steps after a normal frame, want 26", steps.n)
	}
}

// switcher calls fn from its first Update (after the components' Update).
type switcher struct{ fn func() }

func (s *switcher) Update(float64) {
	if s.fn != nil {
		s.fn()
		s.fn = nil
	}
}
func (s *switcher) PostUpdate(float64) {}

type stepCounter struct{ n int }

func (s *stepCounter) Update(float64)      {}
func (s *stepCounter) PostUpdate(float64)  {}
func (s *stepCounter) FixedUpdate(float64) { s.n++ }

type lines struct{ got []string }

func (l *lines) Printf(format string, args ...any) {
	l.got = append(l.got, fmt.Sprintf(format, args...))
}

// A panic in a listener of a Director signal or in a game-level timer is
// reported through the Director's logger and that listener or timer
// removed; the frame goes on. SetPanicFatal makes it propagate.
func TestDirectorListenerAndTimerPanics(t *testing.T) {
	d := New()
	log := &lines{}
	d.SetLogger(log)
	calls := 0
	d.BeforeDraw.On(func(*Director) { panic("listener boom") })
	d.EndFrame.On(func(*Director) { calls++ })
	d.Scheduler().Schedule(d, func(float64) { panic("timer boom") }, 0, -1, 0, false)
	for range 3 {
		d.Tick(0.1)
	}
	all := strings.Join(log.got, "\n")
	if calls != 3 || d.TotalFrames() != 3 || strings.Count(all, "listener boom") != 1 || strings.Count(all, "timer boom") != 1 {
		t.Fatalf("calls %d frames %d, log:\n%s", calls, d.TotalFrames(), all)
	}
	d.SetPanicFatal(true)
	d.AfterDraw.On(func(*Director) { panic("fatal boom") })
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "fatal boom") {
			t.Fatalf("fatal mode: recovered %v", r)
		}
	}()
	d.Tick(0.1)
}

// A scene with no enabled Camera draws nothing; the Director says so once.
func TestWarnsOnceAboutNoCamera(t *testing.T) {
	r := &recorder{}
	d := newDirector(r)
	log := &lines{}
	d.SetLogger(log)
	s := scenegraph.NewScene("Dark")
	d.RunScene(s)
	d.Tick(0.1)
	d.Tick(0.1)
	if len(log.got) != 1 || !strings.Contains(log.got[0], `scene "Dark" has no enabled Camera`) {
		t.Fatalf("log: %q", log.got)
	}
	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(0))
	lit := scenegraph.NewScene("Lit")
	litCam := scenegraph.NewNode("Camera")
	lit.AddChild(litCam)
	scenegraph.AddComponent(litCam, scenegraph.NewOrthoCamera(0))
	d.RunSceneImmediate(lit)
	d.Tick(0.1)
	if len(log.got) != 1 {
		t.Fatalf("warned about a scene with a camera: %q", log.got)
	}
}

// onceSys removes itself in its first Update and may add another system.
type onceSys struct {
	d     *Director
	name  string
	r     *recorder
	add   System
	calls int
}

func (s *onceSys) Update(float64) {
	s.calls++
	s.r.add("%s.update", s.name)
	if s.calls == 1 {
		s.d.RemoveSystem(s)
		if s.add != nil {
			s.d.AddSystem(s.add, 5)
		}
	}
}
func (s *onceSys) PostUpdate(float64) { s.r.add("%s.post", s.name) }

// Systems that remove themselves, or add others, during a Tick skip and
// repeat nobody; an added one runs from the next frame.
func TestSystemsChangedDuringTick(t *testing.T) {
	r := &recorder{}
	d := New()
	late := &sys{name: "late", r: r}
	first := &onceSys{d: d, name: "first", r: r, add: late}
	d.AddSystem(first, 10)
	d.AddSystem(&sys{name: "next", r: r}, 9)
	d.SetFixedStep(1, 0) // no fixed steps in these frames
	d.Tick(0.1)
	if got := r.take(); got != "first.update next.update next.post" {
		t.Fatalf("frame 1: %s", got)
	}
	if _, ok := Find[*sys](d); !ok {
		t.Fatal("Find misses a system")
	}
	d.Tick(0.1)
	if got := r.take(); got != "next.update late.update next.post late.post" {
		t.Fatalf("frame 2: %s", got)
	}
}

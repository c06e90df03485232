package tween

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// x is the node's local x, for short assertions.
func x(n *scenegraph.Node) float32 { return n.Position()[0] }

// xs ticks d once per dt and records x after each tick.
func xsAfter(tick func(float64), n *scenegraph.Node, dts ...float64) []float32 {
	var out []float32
	for _, dt := range dts {
		tick(dt)
		out = append(out, x(n))
	}
	return out
}

func eqXs(t *testing.T, what string, got []float32, want ...float32) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: x per frame %v, want %v", what, got, want)
	}
}

// The first frame after Start samples time 0 whatever its dt; one paused
// before its first frame samples 0 on its first frame after Resume.
func TestFirstFrameSamplesZero(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	New(n).By(1, nil, PositionX(4)).Start()
	eqXs(t, "started", xsAfter(d.Tick, n, 0.75, 0.25, 0.25, 0.25, 0.25), 0, 1, 2, 3, 4)

	m := addNode(s, "M")
	tw := New(m).By(1, nil, PositionX(4)).Start()
	tw.Pause()
	d.Tick(0.25)
	tw.Resume()
	eqXs(t, "paused first", xsAfter(d.Tick, m, 0.5, 0.25), 0, 1)
}

// Start on a running or paused tween restarts it from its beginning, from
// the current values, unpaused.
func TestStartRestartsRunningAndPausedTweens(t *testing.T) {
	d, sys, s := newWorld(t)
	n := addNode(s, "N")
	tw := New(n).By(1, nil, PositionX(4)).Start()
	eqXs(t, "first run", xsAfter(d.Tick, n, 0.25, 0.25, 0.25), 0, 1, 2)
	tw.Start()
	eqXs(t, "restarted", xsAfter(d.Tick, n, 0.25, 0.25), 2, 3)
	tw.Pause()
	d.Tick(0.25)
	tw.Start()
	if tw.Paused() || !tw.Running() || sys.Count() != 1 {
		t.Fatalf("restarted from pause: paused=%v running=%v count=%d", tw.Paused(), tw.Running(), sys.Count())
	}
	eqXs(t, "restarted from pause", xsAfter(d.Tick, n, 0.25, 0.25, 0.25, 0.25, 0.25), 3, 4, 5, 6, 7)
	if !tw.Done() {
		t.Fatal("the restarted tween did not end")
	}
}

// Running stays true while paused; it turns false at the end or at Stop.
func TestRunningWhilePaused(t *testing.T) {
	d, sys, s := newWorld(t)
	n := addNode(s, "N")
	tw := New(n).Delay(0.5).Start()
	if !tw.Running() || tw.Paused() {
		t.Fatalf("started: running=%v paused=%v", tw.Running(), tw.Paused())
	}
	d.Tick(0.25)
	tw.Pause()
	if !tw.Running() || !tw.Paused() || sys.RunningCount(n) != 1 {
		t.Fatalf("paused: running=%v paused=%v count=%d", tw.Running(), tw.Paused(), sys.RunningCount(n))
	}
	tw.Resume()
	d.Tick(0.25)
	d.Tick(0.25)
	if tw.Running() || !tw.Done() {
		t.Fatalf("ended: running=%v done=%v", tw.Running(), tw.Done())
	}
	tw.Start()
	tw.Pause()
	tw.Stop()
	if tw.Running() || !tw.Stopped() || sys.Count() != 0 {
		t.Fatalf("stopped while paused: running=%v stopped=%v count=%d", tw.Running(), tw.Stopped(), sys.Count())
	}
}

// A tween started from a Call of another tween of the same node steps in
// that frame; one of a node whose turn came earlier waits for the next; one
// of a node with no tweens yet comes last and also steps in that frame.
func TestCallStartsSameNodeTweenInSameFrame(t *testing.T) {
	d, _, s := newWorld(t)
	early, n, fresh := addNode(s, "Early"), addNode(s, "N"), addNode(s, "Fresh")
	frame := 0
	var log []string
	mark := func(name string) func() { return func() { log = append(log, fmt.Sprintf("%s@%d", name, frame)) } }
	New(early).Delay(5).Start()
	same := New(n).Call(mark("same")).By(0.5, nil, PositionX(2))
	other := New(early).Call(mark("early"))
	later := New(fresh).Call(mark("fresh"))
	New(n).Delay(0.25).Call(func() { same.Start(); other.Start(); later.Start() }).Start()
	for frame = 1; frame <= 3; frame++ {
		d.Tick(0.25)
	}
	if got := strings.Join(log, " "); got != "same@2 fresh@2 early@3" {
		t.Fatalf("calls %q, want %q", got, "same@2 fresh@2 early@3")
	}
	if x(n) != 1 {
		t.Fatalf("x = %v, want 1: time 0 in frame 2, 0.25 s in frame 3", x(n))
	}
}

// Tweens step grouped by target: the nodes in the order their first tween
// started, each node's tweens in start order.
func TestTweensStepGroupedByTarget(t *testing.T) {
	d, _, s := newWorld(t)
	a, b := addNode(s, "A"), addNode(s, "B")
	var log []string
	each := func(n *scenegraph.Node, name string) {
		New(n).RepeatForever(New(nil).Call(func() { log = append(log, name) }).Delay(0.25)).Start()
	}
	each(b, "b1")
	each(a, "a1")
	each(b, "b2")
	each(a, "a2")
	d.Tick(0.25)
	if got := strings.Join(log, " "); got != "b1 b2 a1 a2" {
		t.Fatalf("order %q, want %q", got, "b1 b2 a1 a2")
	}
}

// A repeated action's overshoot carries whole into the next cycle, for
// Repeat and RepeatForever alike.
func TestRepeatCarriesOvershootWhole(t *testing.T) {
	d, _, s := newWorld(t)
	n, m := addNode(s, "N"), addNode(s, "M")
	rep := New(n).Repeat(3, New(nil).By(0.5, nil, PositionX(4))).Start()
	New(m).RepeatForever(New(nil).By(0.5, nil, PositionX(4))).Start()
	var got, gotM []float32
	for range 3 {
		d.Tick(0.75)
		got, gotM = append(got, x(n)), append(gotM, x(m))
	}
	eqXs(t, "Repeat", got, 0, 6, 12)
	eqXs(t, "RepeatForever", gotM, 0, 6, 12)
	if !rep.Done() {
		t.Fatal("Repeat(3) of 0.5 s did not end after 1.5 s")
	}
	eqXs(t, "RepeatForever goes on", xsAfter(d.Tick, m, 0.75, 0.25), 18, 20)
}

// Calls, Sets and zero-duration actions in a row all run in one frame; a
// StopAllByTarget from a Call stops the tween under way at once.
func TestInstantActionsRunInOneFrame(t *testing.T) {
	d, sys, s := newWorld(t)
	n := addNode(s, "N")
	var log []string
	rec := func(s string) func() { return func() { log = append(log, fmt.Sprintf("%s:%v", s, x(n))) } }
	tw := New(n).Call(rec("a")).To(0, nil, PositionX(5)).Call(rec("b")).Set(PositionX(7)).Call(rec("c")).
		Repeat(3, New(nil).Call(rec("r"))).
		Call(func() { sys.StopAllByTarget(n) }).Call(rec("never")).Start()
	d.Tick(0.25)
	if got := strings.Join(log, " "); got != "a:0 b:5 c:7 r:7 r:7 r:7" || !tw.Stopped() {
		t.Fatalf("calls %q stopped=%v", got, tw.Stopped())
	}
	d.Tick(0.25)
	if len(log) != 6 {
		t.Fatalf("a stopped tween called again: %v", log)
	}
}

// Set is an instant property set; the action after it starts from its
// value.
func TestSet(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	New(n).Set(PositionX(7), Angle(30)).To(0.5, nil, PositionX(9)).Start()
	eqXs(t, "Set", xsAfter(d.Tick, n, 0.25, 0.25, 0.25), 7, 8, 9)
	if n.Angle() != 30 {
		t.Fatalf("angle %v, want 30", n.Angle())
	}
}

func TestTagsStopAllAndTargets(t *testing.T) {
	d, sys, s := newWorld(t)
	a, b := addNode(s, "A"), addNode(s, "B")
	a1 := New(a).Tag(7).Delay(1).Start()
	a2 := New(a).Tag(8).Delay(1).Start()
	b1 := New(b).Tag(7).Delay(1).Start()
	b2 := New(b).Tag(7).Delay(1).Start()
	if sys.RunningCount(a) != 2 || sys.RunningCount(b) != 2 || sys.Count() != 4 {
		t.Fatalf("counts %d %d %d", sys.RunningCount(a), sys.RunningCount(b), sys.Count())
	}
	sys.StopAllByTag(7, a)
	if !a1.Stopped() || a2.Stopped() || b1.Stopped() || sys.RunningCount(a) != 1 {
		t.Fatal("StopAllByTag(7, A) stopped the wrong tweens")
	}
	sys.StopAllByTag(7, nil)
	if !b1.Stopped() || !b2.Stopped() || a2.Stopped() || sys.RunningCount(b) != 0 {
		t.Fatal("StopAllByTag(7, nil) stopped the wrong tweens")
	}
	sys.StopAll()
	d.Tick(0.25)
	if !a2.Stopped() || sys.Count() != 0 || sys.RunningCount(a) != 0 {
		t.Fatal("StopAll left tweens")
	}
	var none *System // SystemOf of a node in no running scene
	none.StopAll()
	none.StopAllByTarget(a)
	none.PauseAllByTarget(a)
	if none.RunningCount(a) != 0 || none.Count() != 0 {
		t.Fatal("a nil System has tweens")
	}
}

// PauseAllByTarget holds a target's tweens, those started meanwhile too.
func TestPauseAllByTarget(t *testing.T) {
	d, sys, s := newWorld(t)
	n := addNode(s, "N")
	New(n).By(1, nil, PositionX(4)).Start()
	eqXs(t, "before", xsAfter(d.Tick, n, 0.25, 0.25), 0, 1)
	sys.PauseAllByTarget(n)
	second := New(n).By(1, nil, PositionY(4)).Start()
	eqXs(t, "held", xsAfter(d.Tick, n, 0.25, 0.25), 1, 1)
	if n.Position()[1] != 0 || second.Paused() || sys.RunningCount(n) != 2 {
		t.Fatalf("held: y=%v paused=%v count=%d", n.Position()[1], second.Paused(), sys.RunningCount(n))
	}
	sys.ResumeAllByTarget(n)
	eqXs(t, "resumed", xsAfter(d.Tick, n, 0.25, 0.25), 2, 3)
	if y := n.Position()[1]; y != 1 {
		t.Fatalf("second tween: y=%v, want 1 (time 0, then 0.25 s)", y)
	}
}

func TestTimeScales(t *testing.T) {
	d, sys, s := newWorld(t)
	n, m, h := addNode(s, "N"), addNode(s, "M"), addNode(s, "Held")
	tw := New(n).By(1, nil, PositionX(4)).SetTimeScale(2).Start()
	New(m).By(1, nil, PositionX(4)).Start()
	held := New(h).Call(func() { t.Error("a tween at time scale 0 ran its first frame") }).SetTimeScale(0).Start()
	eqXs(t, "scale 2", xsAfter(d.Tick, n, 0.25, 0.25), 0, 2)
	sys.SetTimeScale(0.5)
	d.Tick(0.25)
	if x(n) != 3 || x(m) != 1.5 || tw.TimeScale() != 2 || sys.TimeScale() != 0.5 {
		t.Fatalf("system scale 0.5: x=%v %v", x(n), x(m))
	}
	tw.SetTimeScale(1) // applies to the running tween at once
	d.Tick(0.5)
	if x(n) != 4 || x(m) != 2.5 || !tw.Done() || !held.Running() {
		t.Fatalf("x=%v %v done=%v", x(n), x(m), tw.Done())
	}
}

// StartAt starts at an offset: what comes before it runs in the first frame.
func TestStartAt(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	called := 0
	New(n).Call(func() { called++ }).By(1, nil, PositionX(4)).StartAt(0.5)
	eqXs(t, "StartAt(0.5)", xsAfter(d.Tick, n, 0.75, 0.25), 2, 3)
	if called != 1 {
		t.Fatalf("the Call before the offset ran %d times", called)
	}
	m := addNode(s, "M")
	past := New(m).By(1, nil, PositionX(4)).StartAt(5)
	d.Tick(0.25)
	if x(m) != 4 || !past.Done() {
		t.Fatalf("StartAt past the end: x=%v done=%v", x(m), past.Done())
	}
}

// ReverseTime plays its inner tween backwards: the end state first, then
// back to the start; Calls run as the time passes back over them.
func TestReverseTime(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	var log []string
	rec := func(s string) func() { return func() { log = append(log, fmt.Sprintf("%s:%v", s, x(n))) } }
	tw := New(n).ReverseTime(New(nil).Call(rec("start")).To(0.5, nil, PositionX(4)).Call(rec("mid")).
		By(0.5, QuadIn, PositionX(4)).Call(rec("end"))).Call(rec("after")).Start()
	eqXs(t, "ReverseTime", xsAfter(d.Tick, n, 0.25, 0.25, 0.25, 0.25, 0.25), 8, 5, 4, 2, 0)
	if got := strings.Join(log, " "); got != "end:8 mid:4 start:0 after:0" || !tw.Done() {
		t.Fatalf("calls %q done=%v", got, tw.Done())
	}
	m := addNode(s, "M")
	New(m).To(1, nil, PositionX(4)).ReverseTime(nil).Start()
	eqXs(t, "ReverseTime(nil)", xsAfter(d.Tick, m, 0.25, 0.25, 0.5), 4, 3, 1)
	bad := New(m).ReverseTime(New(nil).Repeat(2, New(nil).Delay(1)))
	bad.Start()
	if bad.Running() {
		t.Fatal("ReverseTime of a Repeat started")
	}
}

// Reverse undoes a tween: By backwards, sequences last first.
func TestReverse(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	var log []string
	fwd := New(n).By(0.5, nil, PositionX(4)).Call(func() { log = append(log, fmt.Sprint("call:", n.Position())) }).
		By(0.25, nil, PositionY(2)).SetTimeScale(0.5)
	back := fwd.Reverse()
	if back.Target() != n || back.TimeScale() != 0.5 {
		t.Fatal("Reverse lost the target or the time scale")
	}
	n.SetPosition(mgl32.Vec3{4, 2, 0})
	back.SetTimeScale(1).Start()
	d.Tick(0.25)
	d.Tick(0.25)
	if p := n.Position(); p != (mgl32.Vec3{4, 0, 0}) || len(log) != 1 || log[0] != "call:[4 0 0]" {
		t.Fatalf("after the reversed By y: %v %v", p, log)
	}
	eqXs(t, "reversed By x", xsAfter(d.Tick, n, 0.25, 0.25), 2, 0)
	bad := New(n).To(1, nil, PositionX(1)).Reverse()
	bad.Start()
	if bad.Running() {
		t.Fatal("the Reverse of a To started")
	}
	// Reverse of a ReverseTime is its inner tween played forwards.
	fw := New(n).ReverseTime(New(nil).By(0.5, nil, PositionX(4))).Reverse().Start()
	eqXs(t, "Reverse(ReverseTime)", xsAfter(d.Tick, n, 0.25, 0.25, 0.25), 0, 2, 4)
	if !fw.Done() {
		t.Fatal("not done")
	}
}

func TestUnionRepeatsAllBefore(t *testing.T) {
	d, _, s := newWorld(t)
	n, m := addNode(s, "N"), addNode(s, "M")
	New(n).By(0.25, nil, PositionX(1)).By(0.25, nil, PositionX(1)).Union().Repeat(2, nil).Start()
	New(m).By(0.25, nil, PositionX(1)).By(0.25, nil, PositionX(1)).Repeat(2, nil).Start()
	for range 5 {
		d.Tick(0.25)
	}
	if x(n) != 4 || x(m) != 3 {
		t.Fatalf("union: x=%v, want 4; without: x=%v, want 3", x(n), x(m))
	}
}

func TestCloneOntoAnotherTarget(t *testing.T) {
	d, sys, s := newWorld(t)
	a, b, c := addNode(s, "A"), addNode(s, "B"), addNode(s, "C")
	calls := 0
	orig := New(a).By(0.5, nil, PositionX(4)).Sequence(New(c).By(0.25, nil, PositionY(1))).
		Call(func() { calls++ }).SetTimeScale(2).Tag(3)
	cl := orig.Clone(b)
	orig.Start()
	cl.Start()
	if cl.Target() != b || cl.TimeScale() != 2 || sys.RunningCount(b) != 1 {
		t.Fatal("the clone is not on B at scale 2")
	}
	sys.StopAllByTag(3, nil) // the tag is not cloned
	if cl.Stopped() || !orig.Stopped() {
		t.Fatal("the clone kept the tag")
	}
	orig.Start()
	for range 3 {
		d.Tick(0.25)
	}
	if x(a) != 4 || x(b) != 4 || b.Position()[1] != 1 || a.Position()[1] != 0 || c.Position()[1] != 1 || calls != 2 {
		t.Fatalf("a=%v b=%v c=%v calls=%d", a.Position(), b.Position(), c.Position(), calls)
	}
}

// X-only and y-only properties leave the other axes to other tweens.
func TestAxisProps(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	n.SetPosition(mgl32.Vec3{0, 0, 3})
	New(n).To(1, nil, PositionX(4), ScaleX(3)).Start()
	New(n).By(1, nil, PositionY(8), ScaleY(-1)).Start()
	d.Tick(0.25)
	d.Tick(0.25)
	if p, sc := n.Position(), n.Scale(); p != (mgl32.Vec3{1, 2, 3}) || sc != (mgl32.Vec3{1.5, 0.75, 1}) {
		t.Fatalf("position %v scale %v", p, sc)
	}
}

func TestOpacityProp(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "Panel")
	New(n).To(1, nil, Opacity(0)).Start()
	var got []uint8
	for range 5 {
		d.Tick(0.25)
		got = append(got, n.Opacity())
	}
	if fmt.Sprint(got) != "[255 191 128 64 0]" {
		t.Fatalf("opacity per frame %v", got)
	}
}

func TestOutInAndConstantEasings(t *testing.T) {
	for _, c := range []struct {
		name string
		e    Easing
		t, v float64
	}{
		{"quadOutIn", QuadOutIn, 0.25, 0.375}, {"quadOutIn", QuadOutIn, 0.75, 0.625},
		{"cubicOutIn", CubicOutIn, 0.25, 0.4375}, {"quartOutIn", QuartOutIn, 0.25, 0.46875},
		{"quintOutIn", QuintOutIn, 0.75, 0.515625}, {"sineOutIn", SineOutIn, 0.5, 0.5},
		{"expoOutIn", ExpoOutIn, 0.5, 0.5}, {"circOutIn", CircOutIn, 0.5, 0.5},
		{"elasticOutIn", ElasticOutIn, 0.5, 0.5}, {"backOutIn", BackOutIn, 0.5, 0.5},
		{"bounceOutIn", BounceOutIn, 0.25, 0.5 * 0.765625}, {"constant", Constant, 0.5, 0},
	} {
		if got := c.e(c.t); got != c.v {
			t.Errorf("%s(%v) = %v, want %v", c.name, c.t, got, c.v)
		}
		e, err := EasingByName(c.name)
		if err != nil || e(c.t) != c.v {
			t.Errorf("EasingByName(%q): %v", c.name, err)
		}
		if c.name != "constant" && (math.Abs(c.e(0)) > 1e-12 || math.Abs(c.e(1)-1) > 1e-12) {
			t.Errorf("%s: e(0)=%v e(1)=%v", c.name, c.e(0), c.e(1))
		}
	}
	// Constant holds the start value and takes the end value at the end.
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	New(n).To(0.5, Constant, PositionX(4)).Start()
	eqXs(t, "Constant", xsAfter(d.Tick, n, 0.25, 0.25, 0.25), 0, 0, 4)
}

// The new action kinds, tags, target pauses, time scales and restarts run
// without allocating once built.
func TestNewAPIRunsWithoutAllocating(t *testing.T) {
	d, sys, s := newWorld(t)
	var restart []*Tween
	nodes := make([]*scenegraph.Node, 50)
	for i := range nodes {
		n := addNode(s, "N")
		nodes[i] = n
		New(n).Tag(i % 3).SetTimeScale(1.5).RepeatForever(New(nil).
			Set(PositionX(0), Opacity(255)).
			To(0.2, QuadOutIn, PositionX(10), ScaleY(2), Opacity(100)).
			ReverseTime(New(nil).By(0.1, BackOutIn, PositionY(3)).Call(func() {})).
			By(0.1, Constant, ScaleX(0.5))).Start()
		restart = append(restart, New(n).By(0.5, nil, Angle(10)).Delay(0.1).Reverse())
	}
	frame := 0
	step := func() {
		frame++
		for i, tw := range restart {
			if (i+frame)%4 == 0 {
				tw.StartAt(0.05)
			}
		}
		n := nodes[frame%len(nodes)]
		sys.PauseAllByTarget(n)
		if sys.RunningCount(n) == 0 {
			t.Error("no tweens")
		}
		sys.ResumeAllByTarget(nodes[(frame+7)%len(nodes)])
		sys.StopAllByTag(99, nil)
		d.Tick(1.0 / 60)
	}
	for range 20 {
		step()
	}
	if allocs := testing.AllocsPerRun(200, step); allocs != 0 {
		t.Fatalf("%v allocations per frame", allocs)
	}
}

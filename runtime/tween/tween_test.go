package tween

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Steps of 1/4 s are exact in binary, so positions can be compared exactly.
func TestTweenToAndByAtExactTimes(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "Mover")
	tw := New(n).
		To(1, Linear, Position(mgl32.Vec3{100, 0, 0})).
		To(1, QuadIn, Position(mgl32.Vec3{100, 100, 0}), Scale(mgl32.Vec3{3, 3, 1})).
		By(0.5, nil, Angle(90)).
		Start()
	d.Tick(0.25) // the first frame samples time 0, whatever its dt
	if got := n.Position(); got != (mgl32.Vec3{}) {
		t.Fatalf("first frame: position %v, want 0", got)
	}
	want := []mgl32.Vec3{{25, 0, 0}, {50, 0, 0}, {75, 0, 0}, {100, 0, 0},
		{100, 6.25, 0}, {100, 25, 0}, {100, 56.25, 0}, {100, 100, 0}}
	for i, w := range want {
		d.Tick(0.25)
		if got := n.Position(); got != w {
			t.Fatalf("tick %d: position %v, want %v", i+1, got, w)
		}
	}
	if got := n.Scale(); got != (mgl32.Vec3{3, 3, 1}) {
		t.Fatalf("scale %v, want {3 3 1}", got)
	}
	d.Tick(0.25)
	if a := n.Angle(); math.Abs(float64(a-45)) > 1e-4 {
		t.Fatalf("angle after half the By: %v, want 45", a)
	}
	if !tw.Running() {
		t.Fatal("tween ended early")
	}
	d.Tick(0.25)
	if a := n.Angle(); math.Abs(float64(a-90)) > 1e-4 || !tw.Done() {
		t.Fatalf("angle %v done=%v, want 90 and done", a, tw.Done())
	}
}

// A frame longer than an action carries the rest into the next one, and 60
// frames of 1/60 s end a 1 s action on the 61st frame (the first samples 0).
func TestTweenCarriesTimeAcrossActions(t *testing.T) {
	d, sys, s := newWorld(t)
	n := addNode(s, "N")
	New(n).To(0.25, nil, Position(mgl32.Vec3{10, 0, 0})).To(0.5, nil, Position(mgl32.Vec3{20, 0, 0})).Start()
	d.Tick(0.25) // time 0
	d.Tick(0.5)  // 0.25 for the first action, 0.25 into the second
	if got := n.Position()[0]; got != 15 {
		t.Fatalf("x = %v, want 15", got)
	}
	tw := New(n).To(1, nil, Float(func() float32 { return 0 }, func(float32) {}, 1))
	sys.Start(tw)
	for i := 1; i <= 61; i++ {
		d.Tick(1.0 / 60)
		if tw.Done() != (i == 61) {
			t.Fatalf("frame %d: done=%v", i, tw.Done())
		}
	}
}

func TestEasingValues(t *testing.T) {
	names := []string{"linear", "quadIn", "quadOut", "quadInOut", "cubicIn", "cubicOut", "cubicInOut",
		"quartIn", "quartOut", "quartInOut", "quintIn", "quintOut", "quintInOut", "sineIn", "sineOut",
		"sineInOut", "expoIn", "expoOut", "expoInOut", "circIn", "circOut", "circInOut", "elasticIn",
		"elasticOut", "elasticInOut", "backIn", "backOut", "backInOut", "bounceIn", "bounceOut", "bounceInOut"}
	for _, name := range names {
		e, err := EasingByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if v0, v1 := e(0), e(1); math.Abs(v0) > 1e-12 || math.Abs(v1-1) > 1e-12 {
			t.Errorf("%s: e(0)=%v e(1)=%v, want 0 and 1", name, v0, v1)
		}
		if strings.HasSuffix(name, "InOut") && !strings.HasPrefix(name, "elastic") {
			if v := e(0.5); math.Abs(v-0.5) > 1e-12 {
				t.Errorf("%s(0.5) = %v, want 0.5 (symmetric)", name, v)
			}
		}
	}
	cases := []struct {
		name string
		e    Easing
		t, v float64
	}{
		{"QuadIn", QuadIn, 0.5, 0.25},
		{"QuadOut", QuadOut, 0.5, 0.75},
		{"QuadInOut", QuadInOut, 0.25, 0.125},
		{"CubicIn", CubicIn, 0.5, 0.125},
		{"CubicOut", CubicOut, 0.5, 0.875},
		{"QuartIn", QuartIn, 0.5, 0.0625},
		{"QuartOut", QuartOut, 0.5, 0.9375},
		{"QuintIn", QuintIn, 0.5, 0.03125},
		{"QuintOut", QuintOut, 0.5, 0.96875},
		{"SineIn", SineIn, 0.5, 1 - math.Sqrt2/2},
		{"SineOut", SineOut, 0.5, math.Sqrt2 / 2},
		{"ExpoIn", ExpoIn, 0.5, 1.0 / 32},
		{"ExpoOut", ExpoOut, 0.5, 1 - 1.0/32},
		{"CircIn", CircIn, 0.5, 1 - math.Sqrt(0.75)},
		{"CircOut", CircOut, 0.5, math.Sqrt(0.75)},
		{"BackIn", BackIn, 0.5, 0.25 * (2.70158*0.5 - 1.70158)},
		{"BackOut", BackOut, 0.5, 1 - 0.25*(2.70158*0.5-1.70158)},
		{"BounceOut", BounceOut, 0.5, 0.765625},
		{"BounceOut", BounceOut, 1 / 2.75, 1},
		{"BounceIn", BounceIn, 0.5, 0.234375},
		{"ElasticOut", ElasticOut, 0.1, 1 - 0.5}, // 2^-1·sin(0) + 1 - ... see below
		{"ElasticIn", ElasticIn, 0.9, -math.Pow(2, -1) * math.Sin(-0.2*2*math.Pi/0.4)},
	}
	// ElasticOut(0.1) = 2^-1·sin((0.1-0.1)·2π/0.4) + 1 = 1.
	cases[20].v = 1
	for _, c := range cases {
		if got := c.e(c.t); math.Abs(got-c.v) > 1e-9 {
			t.Errorf("%s(%v) = %v, want %v", c.name, c.t, got, c.v)
		}
	}
	if _, err := EasingByName("quadratic"); err == nil || !strings.Contains(err.Error(), `"quadratic"`) {
		t.Fatalf("unknown easing: err = %v", err)
	}
}

func TestTweenSequenceCallsInOrder(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	var log []string
	tick := 0
	rec := func(name string) func() { return func() { log = append(log, name+"@"+string(rune('0'+tick))) } }
	New(n).
		Call(rec("a")).
		To(0.5, nil, Position(mgl32.Vec3{1, 0, 0})).
		Call(rec("b")).
		Sequence(New(nil).Delay(0.25).Call(rec("c")), New(nil).Call(rec("d"))).
		Parallel(New(nil).Delay(0.5).Call(rec("f")), New(nil).Call(rec("e"))).
		Repeat(2, New(nil).Delay(0.25).Call(rec("g"))).
		Call(rec("h")).
		Start()
	for tick = 1; tick <= 9; tick++ {
		d.Tick(0.25)
	}
	got := strings.Join(log, " ")
	want := "a@1 b@3 c@4 d@4 e@4 f@6 g@7 g@8 h@8" // tick 1 samples time 0
	if got != want {
		t.Fatalf("calls %q, want %q", got, want)
	}
}

func TestTweenStopsWhenTargetDestroyed(t *testing.T) {
	d, sys, s := newWorld(t)
	n := addNode(s, "Doomed")
	called := false
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 10, 10))
	tw := New(n).To(1, nil, Position(mgl32.Vec3{100, 0, 0}), SpriteColor(sp, render.RGBA(0, 0, 0, 0))).
		Call(func() { called = true }).Start()
	d.Tick(0.25)
	n.Destroy()
	at := n.Position()
	for range 8 {
		d.Tick(0.25)
	}
	if !tw.Stopped() || called || n.Position() != at || sys.Count() != 0 {
		t.Fatalf("stopped=%v called=%v pos %v (was %v) count=%d", tw.Stopped(), called, n.Position(), at, sys.Count())
	}
}

func TestTweenPauseStopRestartAndInactive(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	tw := New(n).By(1, nil, Position(mgl32.Vec3{4, 0, 0})).Start()
	d.Tick(0.25) // time 0
	d.Tick(0.25)
	tw.Pause()
	d.Tick(0.25)
	if x := n.Position()[0]; x != 1 {
		t.Fatalf("paused: x=%v, want 1", x)
	}
	tw.Resume()
	n.SetActive(false)
	d.Tick(0.25)
	if x := n.Position()[0]; x != 1 {
		t.Fatalf("inactive: x=%v, want 1", x)
	}
	n.SetActive(true)
	d.Tick(0.25)
	tw.Stop()
	d.Tick(0.25)
	if x := n.Position()[0]; x != 2 || !tw.Stopped() {
		t.Fatalf("stopped: x=%v stopped=%v, want 2", x, tw.Stopped())
	}
	tw.Start() // replays the By from x=2
	for range 5 {
		d.Tick(0.25)
	}
	if x := n.Position()[0]; x != 6 || !tw.Done() {
		t.Fatalf("replayed: x=%v done=%v, want 6", x, tw.Done())
	}
}

func TestTweenColorAndFloat(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 10, 10))
	sp.Color = render.RGBA(0, 100, 200, 255)
	var f float32 = 10
	New(n).To(1, nil, SpriteColor(sp, render.RGBA(200, 100, 0, 55)),
		Float(func() float32 { return f }, func(v float32) { f = v }, 30)).Start()
	d.Tick(0.5) // time 0
	d.Tick(0.5)
	if sp.Color != render.RGBA(100, 100, 100, 155) || f != 20 {
		t.Fatalf("halfway: color %08x f=%v", uint32(sp.Color), f)
	}
}

func TestTweenErrors(t *testing.T) {
	_, sys, _ := newWorld(t)
	tw := New(nil).To(1, nil, Position(mgl32.Vec3{1, 2, 3}))
	sys.Start(tw) // reported, not started, no panic
	if tw.Running() || sys.Count() != 0 {
		t.Fatal("a position tween without a node must not start")
	}
	detached := New(scenegraph.NewNode("Loose")).Delay(1)
	detached.Start() // no scene: reported
	if detached.Running() {
		t.Fatal("a tween of a node in no scene must not start through Tween.Start")
	}
}

// A running tree of every action kind steps without allocating.
func TestTweenRunsWithoutAllocating(t *testing.T) {
	d, _, s := newWorld(t)
	var tws []*Tween
	calls := 0
	for i := range 100 {
		n := addNode(s, "N")
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 10, 10))
		var f float32
		tw := New(n).RepeatForever(New(nil).
			To(0.3, QuadInOut, Position(mgl32.Vec3{float32(i), 5, 0}), SpriteColor(sp, render.Black)).
			By(0.2, BounceOut, Angle(45), Scale(mgl32.Vec3{0.1, 0.1, 0})).
			Parallel(New(nil).Delay(0.1), New(nil).To(0.15, ElasticOut, Float(func() float32 { return f }, func(v float32) { f = v }, 1))).
			Call(func() { calls++ })).Start()
		tws = append(tws, tw)
	}
	for range 10 {
		d.Tick(1.0 / 60)
	}
	allocs := testing.AllocsPerRun(200, func() { d.Tick(1.0 / 60) })
	if allocs != 0 {
		t.Fatalf("running tweens allocate %v times per frame", allocs)
	}
	if calls < 100*5 || !tws[0].Running() {
		t.Fatalf("the tweens did not run: %d calls", calls)
	}
}

func TestInstallTwice(t *testing.T) {
	d := director.New()
	a, b := Install(d), Install(d)
	if f, ok := director.Find[*System](d); a != b || !ok || f != a {
		t.Fatalf("second install: same=%v, found=%v", a == b, f == a)
	}
	if Install(director.New()) == a {
		t.Fatal("two Directors share a tween System")
	}
}

// A tween started while its scene is being built runs once the scene is
// launched by a Director with systems.
func TestTweenStartedBeforeRunScene(t *testing.T) {
	d := director.New()
	Install(d)
	s := scenegraph.NewScene("Built")
	n := addNode(s, "N")
	tw := New(n).To(0.5, nil, Position(mgl32.Vec3{10, 0, 0})).Start()
	d.RunScene(s)
	d.Tick(0.25) // time 0
	d.Tick(0.25)
	if x := n.Position()[0]; x != 5 || !tw.Running() {
		t.Fatalf("x=%v running=%v, want 5 and running", x, tw.Running())
	}
}

// The 2D props move x and y with a Vec2 and keep z.
func TestPosition2AndScale2KeepZ(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "N")
	n.SetPosition(mgl32.Vec3{0, 0, 7})
	n.SetScale(mgl32.Vec3{1, 1, 3})
	New(n).To(0.5, nil, Position2(mgl32.Vec2{10, 20}), Scale2(mgl32.Vec2{2, 4})).By(0.5, nil, Position2(mgl32.Vec2{1, 1})).Start()
	d.Tick(0.25) // time 0
	d.Tick(0.25)
	if p := n.Position(); p != (mgl32.Vec3{5, 10, 7}) {
		t.Fatalf("halfway: %v", p)
	}
	d.Tick(0.25)
	d.Tick(0.5)
	if p, sc := n.Position(), n.Scale(); p != (mgl32.Vec3{11, 21, 7}) || sc != (mgl32.Vec3{2, 4, 3}) {
		t.Fatalf("end: position %v scale %v", p, sc)
	}
}

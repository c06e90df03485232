package director

import (
	"math"
	"strings"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

// dtProbe records the dt its Update and FixedUpdate get.
type dtProbe struct {
	scenegraph.Component
	updates []float64
	fixed   int
}

func (p *dtProbe) Update(dt float64)   { p.updates = append(p.updates, dt) }
func (p *dtProbe) FixedUpdate(float64) { p.fixed++ }

// A NaN, negative or infinite dt runs the frame with dt 0: TotalTime,
// Alpha and the timers stay finite and keep counting the good frames, and
// the first bad dt is reported once.
func TestTickRefusesNonFiniteDt(t *testing.T) {
	d := New()
	log := &lines{}
	d.SetLogger(log)
	s := scenegraph.NewScene("Main")
	n := scenegraph.NewNode("N")
	s.AddChild(n)
	p := scenegraph.AddComponent(n, &dtProbe{})
	d.RunScene(s)
	var timer float64
	d.Scheduler().Schedule(d, func(dt float64) { timer += dt }, 0, -1, 0, false)

	good := 1.0 / 60
	dts := []float64{good, math.NaN(), good, -1, math.Inf(1), math.Inf(-1), good, good}
	for _, dt := range dts {
		d.Tick(dt)
		if dt != good && d.DeltaTime() != 0 {
			t.Fatalf("Tick(%v): DeltaTime %v, want 0", dt, d.DeltaTime())
		}
	}
	if tt := d.TotalTime(); math.Abs(tt-4*good) > 1e-12 {
		t.Fatalf("TotalTime %v, want %v (the four good frames)", tt, 4*good)
	}
	if a := d.Alpha(); !(a >= 0 && a < 1) {
		t.Fatalf("Alpha %v after bad dts", a)
	}
	if p.fixed != 4 || d.FixedSteps() != 4 {
		t.Fatalf("%d fixed steps (%d seen), want 4: one per good frame", d.FixedSteps(), p.fixed)
	}
	for i, dt := range p.updates {
		if math.IsNaN(dt) || dt < 0 || math.IsInf(dt, 0) {
			t.Fatalf("Update %d got dt %v", i, dt)
		}
	}
	if math.IsNaN(timer) || math.IsInf(timer, 0) {
		t.Fatalf("timer total %v", timer)
	}
	all := strings.Join(log.got, "\n")
	if len(log.got) != 1 || !strings.Contains(all, "director: Tick(NaN): dt must be a finite, non-negative number of seconds") {
		t.Fatalf("reports: %q; want one, naming the first bad dt", log.got)
	}
}

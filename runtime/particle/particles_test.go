package particle

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// emitterScene is a scene with one emitter at (100, 50), and a frame and
// view to draw it into.
func emitterScene(t testing.TB, e *Emitter) (*director.Director, *render.Frame, *scenegraph.View) {
	d := director.New()
	s := scenegraph.NewScene("Particles")
	s.PanicFatal = true
	d.RunScene(s)
	n := scenegraph.NewNode("Fountain")
	s.AddChild(n)
	n.SetPositionXY(100, 50)
	scenegraph.AddComponent(n, e)
	f := render.NewFrame()
	return d, f, &scenegraph.View{Frame: f, ViewProj: mgl32.Ident4()}
}

func drawParticles(f *render.Frame, v *scenegraph.View, e *Emitter) {
	f.Reset()
	f.BeginPass(render.Pass{})
	e.Render(v)
}

// Emission at a rate over a lifetime settles at rate × lifetime live
// particles; they move, fall, shrink and fade.
func TestParticlesSteadyState(t *testing.T) {
	// Steps of 1/64 s are exact in binary: ages reach the lifetime exactly.
	e := NewEmitter(1000, 64, 0.5, 200, 8)
	e.Gravity = mgl32.Vec2{0, -400}
	e.EndSize = 2
	e.EndColor = render.RGBA(255, 0, 0, 0)
	d, f, v := emitterScene(t, e)
	for range 100 {
		d.Tick(1.0 / 64)
	}
	if e.Live() != 32 {
		t.Fatalf("%d live particles, want 64/s × 0.5 s = 32", e.Live())
	}
	drawParticles(f, v, e)
	items, verts := f.Items(), f.SpriteVertices()
	if len(items) != 32 || len(verts) != 128 {
		t.Fatalf("drew %d items, %d vertices", len(items), len(verts))
	}
	tex, key := items[0].Texture, items[0].Key
	for _, it := range items {
		if it.Texture != tex || it.Blend != render.BlendAdditive || it.Key != key {
			t.Fatalf("particles must batch: one texture, blend and key; got %+v", it)
		}
	}
	// The oldest particle: near its end, high above and red-ish, small.
	var top float32
	for i := 0; i < len(verts); i += 4 {
		top = max(top, verts[i+2].Y)
	}
	// Launched up at 200 px/s under 400 px/s² gravity: the apex is 50 px up.
	if top < 50+40 || top > 50+50+8 {
		t.Fatalf("highest particle edge at y=%v, want about 100", top)
	}
}

func TestParticlesBurstPoolAndLocalSpace(t *testing.T) {
	e := NewEmitter(10, 0, 1, 0, 4)
	e.WorldSpace = false
	d, f, v := emitterScene(t, e)
	e.Burst(25) // the pool holds 10
	if e.Live() != 10 {
		t.Fatalf("burst of 25 in a pool of 10: %d live", e.Live())
	}
	e.Node().SetPositionXY(300, 0) // local particles move with the node
	d.Tick(0.5)
	drawParticles(f, v, e)
	vs := f.SpriteVertices()
	if cx := (vs[0].X + vs[2].X) / 2; math.Abs(float64(cx-300)) > 1e-3 {
		t.Fatalf("local-space particle drawn at x=%v, want 300", cx)
	}
	d.Tick(0.6)
	if e.Live() != 0 {
		t.Fatalf("%d particles outlived their lifetime", e.Live())
	}
	e.MaxParticles = 20
	e.Burst(25)
	if e.Live() != 20 {
		t.Fatalf("after growing the pool: %d live", e.Live())
	}
}

// Two emitters with the same seed make the same particles.
func TestParticlesRepeatable(t *testing.T) {
	run := func() []render.SpriteVertex {
		e := NewEmitter(500, 300, 1, 100, 5)
		e.AngleVar, e.SpeedVar, e.Seed = 180, 50, 42
		d, f, v := emitterScene(t, e)
		for range 30 {
			d.Tick(1.0 / 60)
		}
		drawParticles(f, v, e)
		return append([]render.SpriteVertex(nil), f.SpriteVertices()...)
	}
	a, b := run(), run()
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d vs %d vertices", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("vertex %d differs: %+v vs %+v", i, a[i], b[i])
		}
	}
}

// Steady emission and drawing allocate nothing.
func TestParticlesSteadyStateAllocatesNothing(t *testing.T) {
	e := NewEmitter(5000, 2000, 1, 100, 4)
	e.AngleVar = 180
	d, f, v := emitterScene(t, e)
	for range 120 {
		d.Tick(1.0 / 60)
		drawParticles(f, v, e)
	}
	allocs := testing.AllocsPerRun(100, func() {
		d.Tick(1.0 / 60)
		drawParticles(f, v, e)
	})
	if allocs != 0 {
		t.Fatalf("a particle frame allocates %v times", allocs)
	}
	if e.Live() < 1900 || len(f.Items()) != e.Live() {
		t.Fatalf("%d live, %d drawn", e.Live(), len(f.Items()))
	}
}

// BenchmarkParticles20000 is one frame of 20,000 live particles: the
// emitter's LateUpdate (age, move, kill, emit) and recording every particle
// into the frame's sprite batch.
func BenchmarkParticles20000(b *testing.B) {
	e := NewEmitter(20000, 20000, 1, 150, 4)
	e.AngleVar, e.Gravity = 180, mgl32.Vec2{0, -100}
	d, f, v := emitterScene(b, e)
	for range 70 {
		d.Tick(1.0 / 60)
	}
	drawParticles(f, v, e)
	b.ReportAllocs()
	for b.Loop() {
		e.LateUpdate(1.0 / 60)
		drawParticles(f, v, e)
	}
	b.ReportMetric(float64(e.Live()), "particles")
}

// A burst finishes when its last particle dies: Finished once, and the node
// goes with AutoDestroy. A Duration stops continuous emission and finishes
// the same way.
func TestEmitterFinishes(t *testing.T) {
	e := NewEmitter(64, 0, 0.5, 10, 2)
	e.AutoDestroy = true
	d, _, _ := emitterScene(t, e)
	node := e.Node()
	finished := 0
	e.Finished.On(func(*Emitter) { finished++ })
	d.Tick(0.1)
	if finished != 0 {
		t.Fatal("an emitter that never emitted finished")
	}
	e.Burst(10)
	for range 4 {
		d.Tick(0.1)
	}
	if finished != 0 || e.Live() != 10 {
		t.Fatalf("finished %d with %d live", finished, e.Live())
	}
	d.Tick(0.2)
	d.Tick(0.1) // the deferred destroy
	if finished != 1 || node.IsValid() {
		t.Fatalf("after the burst: finished %d, node valid %v", finished, node.IsValid())
	}

	f := NewEmitter(64, 20, 0.25, 10, 2)
	f.Emitting, f.Duration = true, 1
	d2, _, _ := emitterScene(t, f)
	done := 0
	f.Finished.On(func(*Emitter) { done++ })
	for range 10 {
		d2.Tick(0.1)
	}
	if f.Emitting || f.Live() == 0 || done != 0 {
		t.Fatalf("after 1 s: emitting %v, live %d, finished %d", f.Emitting, f.Live(), done)
	}
	for range 4 {
		d2.Tick(0.1)
	}
	if done != 1 || f.Live() != 0 || !f.Node().IsValid() {
		t.Fatalf("after the last particle: finished %d, live %d", done, f.Live())
	}
	d2.Tick(0.1)
	if done != 1 {
		t.Fatal("Finished twice")
	}
}

// A panic in a Finished listener is reported to the scene's logger with the
// emitter's node path, and the listener stays for the next finish.
func TestEmitterFinishedListenerPanicReported(t *testing.T) {
	e := NewEmitter(8, 0, 0.1, 10, 2)
	d, _, _ := emitterScene(t, e)
	log := &reports{}
	e.Node().Scene().PanicFatal = false
	e.Node().Scene().Logger = log
	calls := 0
	e.Finished.On(func(*Emitter) { calls++; panic("finished boom") })
	for round := range 2 {
		e.Burst(2)
		for range 4 {
			d.Tick(0.1)
		}
		if calls != round+1 {
			t.Fatalf("round %d: the listener ran %d times", round, calls)
		}
	}
	if len(log.lines) != 2 || !strings.Contains(log.lines[0], `"Particles/Fountain"`) || !strings.Contains(log.lines[0], "finished boom") {
		t.Fatalf("reports %q; want two naming the node and the panic", log.lines)
	}
}

type reports struct{ lines []string }

func (r *reports) Printf(format string, args ...any) {
	r.lines = append(r.lines, fmt.Sprintf(format, args...))
}

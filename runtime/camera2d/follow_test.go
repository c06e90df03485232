package camera2d

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

const quarter = 0.25 // the frame time of the exact-value tests

func TestFollowSmoothingHalvesPerHalfLife(t *testing.T) {
	r := newRig(t, 400, 300)
	f := scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, Smoothing: 0.25})
	r.tick(quarter)
	r.want("first frame snaps", 0, 0)
	r.Target.SetPositionXY(100, -40)
	for _, w := range [][2]float32{{50, -20}, {75, -30}, {87.5, -35}, {93.75, -37.5}} {
		r.tick(quarter)
		r.want("smoothing 0.25 s at 0.25 s frames", w[0], w[1])
	}
	// A half-life of 0.5 s closes 1-2^-0.5 of the gap per 0.25 s frame.
	f.Smoothing = 0.5
	r.Target.SetPositionXY(100+200, -40)
	r.tick(quarter)
	k := float32(1 - math.Exp2(-0.5))
	if got, want := r.camXY()[0], 93.75+(300-93.75)*k; got != want {
		t.Fatalf("half-life 0.5: x %v, want %v", got, want)
	}
	// Smoothing 0 follows exactly.
	f.Smoothing = 0
	r.tick(quarter)
	r.want("no smoothing", 300, -40)
}

func TestFollowDeadZone(t *testing.T) {
	r := newRig(t, 400, 300)
	f := scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, DeadZone: mgl32.Vec2{40, 20}})
	r.tick(quarter)
	steps := []struct {
		tx, ty, cx, cy float32
		what           string
	}{
		{15, 5, 0, 0, "inside the dead zone: the camera stays"},
		{30, 5, 10, 0, "past the right edge by 10"},
		{-25, 12, -5, 2, "past the left edge, and the top"},
		{-5, 2, -5, 2, "back to the center: stays"},
	}
	for _, s := range steps {
		r.Target.SetPositionXY(s.tx, s.ty)
		r.tick(quarter)
		r.want(s.what, s.cx, s.cy)
	}
	// With smoothing the camera closes half the gap to the dead zone's edge.
	f.Smoothing = 0.25
	r.Target.SetPositionXY(55, 2) // goal x 35: the gap is 40
	r.tick(quarter)
	r.want("dead zone and smoothing", 15, 2)
	r.tick(quarter) // target 55 is 40 to the right of 15: goal 35 again
	r.want("dead zone and smoothing, second frame", 25, 2)
}

func TestFollowLookAheadAndOffset(t *testing.T) {
	r := newRig(t, 400, 300)
	scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, LookAhead: 0.5, Offset: mgl32.Vec2{0, 30}})
	r.tick(quarter)
	r.want("offset", 0, 30)
	r.Target.SetPositionXY(10, 0) // 40 units/s: half a second ahead is 20
	r.tick(quarter)
	r.want("look-ahead", 30, 30)
	r.tick(quarter) // standing still: no lead
	r.want("stopped", 10, 30)
}

func TestFollowBounds(t *testing.T) {
	r := newRig(t, 400, 300) // OrthoHeight 0: the view is 400×300 units
	f := scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target,
		Bounds: Bounds{Min: mgl32.Vec2{0, 0}, Max: mgl32.Vec2{1000, 200}}})
	r.tick(quarter)
	r.want("at the bottom-left corner; the map is lower than the view: centered", 200, 100)
	r.Target.SetPositionXY(990, 50)
	r.tick(quarter)
	r.want("right edge", 800, 100)
	r.Target.SetPositionXY(500, 50)
	r.tick(quarter)
	r.want("inside", 500, 100)
	if v := ViewSize(r.Cam); v != (mgl32.Vec2{400, 300}) {
		t.Fatalf("ViewSize %v, want (400, 300)", v)
	}
	r.Cam.OrthoHeight = 50 // 100 high, 400/300·100 wide
	f.Bounds.Max[1] = 1000
	r.Target.SetPositionXY(-100, -100)
	r.tick(quarter) // the extraction of the last frame gave the view
	want := 100 * float32(400) / 300 / 2
	r.want("zoomed in, bottom-left", want, 50)
}

func TestFollowPixelSnap(t *testing.T) {
	r := newRig(t, 400, 300)
	r.Cam.OrthoHeight = 75 // 150 units over 300 pixels: half a unit a pixel
	r.tick(quarter)
	scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, PixelSnap: true})
	for _, c := range [][3]float32{{10.3, 10.2, 10.5}, {10.2, 10.24, 10}, {-3.8, -3.74, -4}} {
		r.Target.SetPositionXY(c[0], c[1])
		r.tick(quarter)
		r.want("snapped to half units", c[2], float32(math.Round(float64(c[1])*2))/2)
	}
}

func TestFollowShake(t *testing.T) {
	run := func(seed uint32) []mgl32.Vec2 {
		r := newRig(t, 400, 300)
		f := scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, Seed: seed})
		r.tick(quarter)
		f.Shake(8, 1)
		var got []mgl32.Vec2
		for i := 0; i < 5; i++ {
			r.tick(quarter)
			p := r.camXY()
			if f.Focus() != (mgl32.Vec2{}) {
				t.Fatalf("shake moved the focus to %v", f.Focus())
			}
			lim := 8 * float32(1-0.25*float64(i))
			if abs(p[0]) > lim || abs(p[1]) > lim {
				t.Fatalf("frame %d: offset %v beyond the fading amplitude %v", i, p, lim)
			}
			got = append(got, p)
		}
		if f.Shaking() || got[4] != (mgl32.Vec2{}) {
			t.Fatalf("still shaking after its duration: %v", got[4])
		}
		return got
	}
	a, b, c := run(7), run(7), run(8)
	moved := false
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("frame %d: the same seed shook %v and %v", i, a[i], b[i])
		}
		moved = moved || a[i] != c[i]
	}
	if !moved || a[0] == (mgl32.Vec2{}) {
		t.Fatalf("the shake did not move, or did not depend on the seed: %v %v", a, c)
	}
}

func abs(x float32) float32 { return float32(math.Abs(float64(x))) }

// fakePhysics writes a step pose in Update and an interpolated pose in
// PostUpdate, at physics2d's priority, as physics2d does.
type fakePhysics struct {
	n            *scenegraph.Node
	step, interp float32
}

func (p *fakePhysics) Update(float64)     { p.n.SetPositionXY(p.step, 0) }
func (p *fakePhysics) PostUpdate(float64) { p.n.SetPositionXY(p.interp, 0) }

// lateMover checks that LateUpdate sees the step pose, not the drawn one.
type lateMover struct {
	scenegraph.Component
	sawCamera float32
}

func (l *lateMover) LateUpdate(float64) { l.sawCamera = l.Node().Position()[0] }

// The camera moves after physics interpolation: in BeforeDraw it is on the
// interpolated pose, never on the step pose that LateUpdate sees.
func TestFollowRunsAfterPhysicsInterpolation(t *testing.T) {
	r := newRig(t, 400, 300)
	ph := &fakePhysics{n: r.Target}
	r.d.AddSystem(ph, 0) // physics2d.Priority
	scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target})
	lm := scenegraph.AddComponent(r.CamNode, &lateMover{})
	var atDraw []float32
	r.d.BeforeDraw.On(func(*director.Director) { atDraw = append(atDraw, r.camXY()[0]) })
	for i := 1; i <= 3; i++ {
		ph.step, ph.interp = float32(10*i), float32(10*i)-2.5
		r.tick(quarter)
		if got := atDraw[len(atDraw)-1]; got != ph.interp {
			t.Fatalf("frame %d: camera drawn at %v, want the interpolated pose %v", i, got, ph.interp)
		}
		if i > 1 && lm.sawCamera != float32(10*(i-1))-2.5 {
			t.Fatalf("frame %d: LateUpdate saw the camera at %v: it moved before LateUpdate", i, lm.sawCamera)
		}
	}
	if sys, ok := director.Find[*System](r.d); !ok || len(sys.follows) != 1 {
		t.Fatal("the Follow did not install its System")
	}
}

func TestFollowWithoutTargetStays(t *testing.T) {
	r := newRig(t, 400, 300)
	r.CamNode.SetPositionXY(7, 8)
	f := scenegraph.AddComponent(r.CamNode, &Follow{})
	r.tick(quarter)
	r.want("no target", 7, 8)
	f.Target = r.Target
	r.Target.SetPositionXY(1, 2)
	r.Target.Destroy()
	r.tick(quarter) // destroyed at the end of this frame
	r.tick(quarter)
	r.want("destroyed target", 7, 8)
}

func TestFollowDisableUnregisters(t *testing.T) {
	r := newRig(t, 400, 300)
	f := scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target})
	r.tick(quarter)
	f.SetEnabled(false)
	r.Target.SetPositionXY(50, 0)
	r.tick(quarter)
	r.want("disabled", 0, 0)
	f.SetEnabled(true)
	r.tick(quarter)
	r.want("re-enabled: snaps", 50, 0)
}

func TestFollowAndParallaxAllocateNothing(t *testing.T) {
	r := newRig(t, 400, 300)
	f := scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, Smoothing: 0.2,
		DeadZone: mgl32.Vec2{10, 10}, LookAhead: 0.1, PixelSnap: true,
		Bounds: Bounds{Max: mgl32.Vec2{5000, 5000}}})
	bg := scenegraph.NewNode("Bg")
	r.s.AddChild(bg)
	scenegraph.AddComponent(bg, newTestSprite())
	scenegraph.AddComponent(bg, &Parallax{Camera: r.CamNode, Factor: mgl32.Vec2{0.5, 0.5}, RepeatX: true, RepeatY: true})
	r.tick(quarter)
	x := float32(0)
	allocs := testing.AllocsPerRun(100, func() {
		x += 3
		r.Target.SetPositionXY(x, x/2)
		if int(x)%30 == 0 {
			f.Shake(4, 0.5)
		}
		r.tick(1.0 / 60)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per frame, want 0", allocs)
	}
}

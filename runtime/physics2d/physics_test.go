package physics2d

import (
	"math"
	"strings"
	"testing"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// contactLog records contact callbacks as "begin:self>other".
type contactLog struct {
	scenegraph.Component
	log *[]string
}

func (c *contactLog) OnBeginContact(self, other *Collider) {
	*c.log = append(*c.log, "begin:"+self.Node().Name()+">"+other.Node().Name())
}
func (c *contactLog) OnEndContact(self, other *Collider) {
	*c.log = append(*c.log, "end:"+self.Node().Name()+">"+other.Node().Name())
}

// physicsScene is a 400×20 static ground whose top is at y = 0, and a 20×20
// dynamic box whose bottom starts at y = drop.
func physicsScene(t testing.TB, drop float32, log *[]string) (*director.Director, *System, *scenegraph.Node, *scenegraph.Node) {
	d, sys, s := newWorld(t)
	ground := addNode(s, "Ground")
	ground.SetPositionXY(0, -10)
	scenegraph.AddComponent(ground, NewBoxCollider(400, 20)) // the collider first: it waits for the body
	scenegraph.AddComponent(ground, NewRigidBody(StaticBody))
	box := addNode(s, "Box")
	box.SetPositionXY(0, drop+10)
	scenegraph.AddComponent(box, NewRigidBody(DynamicBody))
	scenegraph.AddComponent(box, NewBoxCollider(20, 20))
	if log != nil {
		scenegraph.AddComponent(ground, &contactLog{log: log})
		scenegraph.AddComponent(box, &contactLog{log: log})
	}
	return d, sys, ground, box
}

// A box dropped on the ground comes to rest on it: its center one half-size
// above the ground's top, within Box2D's linear slop (0.005 m).
func TestPhysicsBoxComesToRest(t *testing.T) {
	var log []string
	d, sys, _, box := physicsScene(t, 100, &log)
	rb := scenegraph.GetComponent[*RigidBody](box)
	for range 240 {
		d.Tick(1.0 / 60)
	}
	// Box2D keeps polygons a skin apart: 2 polygon radii less the linear slop.
	want := 10 + (2*box2d.B2_polygonRadius-box2d.B2_linearSlop)*DefaultPixelsPerMeter
	if y := box.Position()[1]; math.Abs(float64(y)-want) > 0.05 {
		t.Fatalf("box rests at y=%v, want %v ± 0.05", y, want)
	}
	if v := rb.LinearVelocity(); v.Len() > 1 {
		t.Fatalf("box still moving at %v", v)
	}
	if sys.Steps() != 240 {
		t.Fatalf("%d steps for 240 frames of one fixed step", sys.Steps())
	}
	if got := strings.Join(log, " "); got != "begin:Ground>Box begin:Box>Ground" {
		t.Fatalf("contacts: %q", got)
	}
	box.Destroy() // ends the contact from OnDisable
	if got := strings.Join(log[2:], " "); got != "end:Ground>Box end:Box>Ground" {
		t.Fatalf("contacts after Destroy: %q", got)
	}
	d.Tick(1.0 / 60)
	if sys.Bodies() != 1 {
		t.Fatalf("%d bodies after the box was destroyed", sys.Bodies())
	}
}

// Two runs of the same scene give the same poses, bit for bit.
func TestPhysicsDeterministic(t *testing.T) {
	run := func() []float32 {
		d, _, s := newWorld(t)
		ground := addNode(s, "Ground")
		ground.SetPositionXY(0, -10)
		scenegraph.AddComponent(ground, NewRigidBody(StaticBody))
		scenegraph.AddComponent(ground, NewBoxCollider(1000, 20))
		var nodes []*scenegraph.Node
		for i := range 30 {
			n := addNode(s, "B")
			n.SetPositionXY(float32(i%6)*18-50, 30+float32(i)*25)
			n.SetAngle(float32(i * 7))
			scenegraph.AddComponent(n, NewRigidBody(DynamicBody))
			if i%2 == 0 {
				scenegraph.AddComponent(n, NewBoxCollider(16, 16))
			} else {
				c := scenegraph.AddComponent(n, NewCircleCollider(8))
				c.Restitution = 0.4
			}
			nodes = append(nodes, n)
		}
		// Uneven frames exercise the accumulator and the interpolation.
		for i := range 300 {
			d.Tick([]float64{1.0 / 60, 1.0 / 45, 1.0 / 90}[i%3])
		}
		var out []float32
		for _, n := range nodes {
			p := n.Position()
			out = append(out, p[0], p[1], n.Angle())
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("value %d differs between runs: %v vs %v", i, a[i], b[i])
		}
	}
	if a[1] > 500 {
		t.Fatalf("bodies did not fall: %v", a[:3])
	}
}

func TestPhysicsRaycastGravityAndScale(t *testing.T) {
	d, sys, ground, box := physicsScene(t, 100, nil)
	hit, ok := sys.RaycastClosest(mgl32.Vec2{50, 500}, mgl32.Vec2{50, -500})
	if !ok || hit.Collider.Node() != ground || math.Abs(float64(hit.Point[1])) > 1e-3 || hit.Normal != (mgl32.Vec2{0, 1}) {
		t.Fatalf("ray down at x=50: ok=%v %+v", ok, hit)
	}
	all := sys.RaycastAll(mgl32.Vec2{0, 500}, mgl32.Vec2{0, -500}, nil)
	if len(all) != 2 || all[0].Collider.Node() != box || all[1].Collider.Node() != ground {
		t.Fatalf("ray through box and ground: %+v", all)
	}
	sys.SetGravity(mgl32.Vec2{0, 0})
	for range 30 {
		d.Tick(1.0 / 60)
	}
	if y := box.Position()[1]; y != 110 {
		t.Fatalf("no gravity: box moved to y=%v", y)
	}
	if err := sys.SetPixelsPerMeter(100); err == nil {
		t.Fatal("changing the scale with bodies in the world must fail")
	}
	if g := sys.Gravity(); g != (mgl32.Vec2{}) {
		t.Fatalf("gravity %v", g)
	}
}

// The pixels-per-meter ratio changes the simulation's units, not the
// result in pixels.
func TestPhysicsPixelsPerMeter(t *testing.T) {
	d, sys, s := newWorld(t)
	if err := sys.SetPixelsPerMeter(-1); err == nil {
		t.Fatal("a negative scale must be refused")
	}
	if err := sys.SetPixelsPerMeter(100); err != nil {
		t.Fatal(err)
	}
	if g := sys.Gravity(); math.Abs(float64(g[1]+320)) > 1e-3 {
		t.Fatalf("gravity after the scale change: %v, want (0, -320) px/s²", g)
	}
	n := addNode(s, "Falling")
	n.SetPositionXY(0, 1000)
	scenegraph.AddComponent(n, NewRigidBody(DynamicBody))
	scenegraph.AddComponent(n, NewCircleCollider(5))
	for range 30 {
		d.Tick(1.0 / 60)
	}
	// v = g·t with semi-implicit Euler: y drops by g·dt²·(1+2+...+30).
	want := 1000 - 320*(1.0/3600)*465
	rb := scenegraph.GetComponent[*RigidBody](n)
	if y := rb.Position()[1]; math.Abs(float64(y)-want) > 0.05 {
		t.Fatalf("y=%v after 0.5 s, want %v", y, want)
	}
	// The node is drawn between the last two steps: with no time left over
	// (Alpha 0) that is the step before, 1+...+29.
	if y, lag := n.Position()[1], 1000-320*(1.0/3600)*435; math.Abs(float64(y)-lag) > 0.05 {
		t.Fatalf("node drawn at y=%v, want %v", y, lag)
	}
}

// Drawing between steps: with Alpha() = 0.5 the node is halfway between the
// last two steps; a node moved by the game teleports its body.
func TestPhysicsInterpolationAndTeleport(t *testing.T) {
	d, _, _, box := physicsScene(t, 300, nil)
	rb := scenegraph.GetComponent[*RigidBody](box)
	d.Tick(1.0 / 60)
	d.Tick(1.5 / 60) // one step, half a step left over
	if a := d.Alpha(); math.Abs(a-0.5) > 1e-9 {
		t.Fatalf("alpha %v", a)
	}
	mid := float32((rb.prev[1] + rb.cur[1]) / 2)
	if y := box.Position()[1]; math.Abs(float64(y-mid)) > 1e-3 || rb.prev == rb.cur {
		t.Fatalf("drawn at y=%v, want %v (between %v and %v)", y, mid, rb.prev[1], rb.cur[1])
	}
	box.SetPositionXY(200, 50)
	d.Tick(0.5 / 60) // completes the step
	if p := rb.Position(); math.Abs(float64(p[0]-200)) > 1e-3 || p[1] > 50 || p[1] < 49 {
		t.Fatalf("teleported body at %v, want near (200, 50)", p)
	}
}

// BenchmarkPhysicsFrame is one 60 Hz frame (one fixed step) of 100 boxes
// settling on a ground. Box2D itself allocates per step (its island
// buffers); allocs/op reports how much.
func BenchmarkPhysicsFrame(b *testing.B) {
	d, _, s := newWorld(b)
	ground := addNode(s, "Ground")
	ground.SetPositionXY(0, -10)
	scenegraph.AddComponent(ground, NewRigidBody(StaticBody))
	scenegraph.AddComponent(ground, NewBoxCollider(2000, 20))
	for i := range 100 {
		n := addNode(s, "B")
		n.SetPositionXY(float32(i%20)*30-300, 20+float32(i/20)*30)
		scenegraph.AddComponent(n, NewRigidBody(DynamicBody))
		scenegraph.AddComponent(n, NewBoxCollider(20, 20))
	}
	b.ReportAllocs()
	for b.Loop() {
		d.Tick(1.0 / 60)
	}
}

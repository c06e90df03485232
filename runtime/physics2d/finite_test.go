package physics2d

import (
	"math"
	"strings"
	"testing"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

var nan32 = float32(math.NaN())

// pile is a ground and ten dynamic boxes stacked on it, touching each
// other, with the scene's reports going to the returned log.
func pile(t *testing.T) (*director.Director, *scenegraph.Scene, []*RigidBody, *assettest.Log) {
	t.Helper()
	d, _, s := newWorld(t)
	log := &assettest.Log{}
	s.Logger = log
	ground := addNode(s, "Ground")
	ground.SetPositionXY(0, -10)
	scenegraph.AddComponent(ground, NewRigidBody(StaticBody))
	scenegraph.AddComponent(ground, NewBoxCollider(400, 20))
	var bodies []*RigidBody
	for i := range 10 {
		n := addNode(s, "Box"+string(rune('0'+i)))
		n.SetPositionXY(float32(i%2)*5, 10+float32(i)*20)
		bodies = append(bodies, scenegraph.AddComponent(n, NewRigidBody(DynamicBody)))
		scenegraph.AddComponent(n, NewBoxCollider(20, 20))
	}
	for range 30 { // let them touch
		d.Tick(1.0 / 60)
	}
	return d, s, bodies, log
}

// finiteBodies fails t for every body whose pose, node or velocity is not
// finite.
func finiteBodies(t *testing.T, bodies []*RigidBody) {
	t.Helper()
	for _, rb := range bodies {
		p, v, n := rb.Position(), rb.LinearVelocity(), rb.Node().Position()
		if !finite2(p) || !finite2(v) || !finite(float64(n[0]), float64(n[1]), float64(rb.Node().Angle()), float64(rb.AngularVelocity())) {
			t.Errorf("%s: position %v, velocity %v, node %v angle %v: not finite", rb.Node().Path(), p, v, n, rb.Node().Angle())
		}
	}
}

// A NaN or infinite velocity, spin, force or impulse is refused with an
// error naming the node and the value; gravity too. The body keeps moving.
func TestPhysicsSettersRefuseNonFinite(t *testing.T) {
	d, _, bodies, _ := pile(t)
	rb := bodies[3]
	inf := float32(math.Inf(1))
	for name, err := range map[string]error{
		"SetLinearVelocity":    rb.SetLinearVelocity(mgl32.Vec2{nan32, 0}),
		"SetAngularVelocity":   rb.SetAngularVelocity(-inf),
		"ApplyForceToCenter":   rb.ApplyForceToCenter(mgl32.Vec2{0, inf}),
		"ApplyImpulseToCenter": rb.ApplyImpulseToCenter(mgl32.Vec2{nan32, nan32}),
	} {
		if err == nil || !strings.Contains(err.Error(), `"World/Box3"`) || !strings.Contains(err.Error(), name) ||
			!(strings.Contains(err.Error(), "NaN") || strings.Contains(err.Error(), "Inf")) {
			t.Errorf("%s with a non-finite value: %v; want an error naming the node, the call and the value", name, err)
		}
	}
	sys := SystemOf(rb.Node())
	if err := sys.SetGravity(mgl32.Vec2{0, nan32}); err == nil || !strings.Contains(err.Error(), "NaN") {
		t.Errorf("SetGravity(NaN) = %v, want an error naming the value", err)
	}
	if g := sys.Gravity(); g != (mgl32.Vec2{0, -320}) {
		t.Errorf("gravity after a refused SetGravity: %v", g)
	}
	if err := rb.SetLinearVelocity(mgl32.Vec2{0, 100}); err != nil {
		t.Fatal(err)
	}
	for range 60 {
		d.Tick(1.0 / 60)
	}
	finiteBodies(t, bodies)
}

// One body whose velocity is made NaN through Box2D's own API (which checks
// nothing) does not poison the nine it touches: before the step it is put
// back at its last pose and stopped, and the report names its node.
func TestPhysicsNaNBodyDoesNotPoisonOthers(t *testing.T) {
	d, _, bodies, log := pile(t)
	bad := bodies[4]
	bad.Body().SetLinearVelocity(box2d.MakeB2Vec2(math.NaN(), 1))
	bad.Body().SetAngularVelocity(math.Inf(-1))
	for range 120 {
		d.Tick(1.0 / 60)
	}
	finiteBodies(t, bodies)
	if got := log.String(); !strings.Contains(got, `physics2d: RigidBody on "World/Box4": Box2D body state is not finite`) ||
		!strings.Contains(got, "NaN") || strings.Count(got, "not finite") != 1 {
		t.Fatalf("reports: %q; want one naming World/Box4 and the NaN", got)
	}
}

// A node whose position is NaN when its RigidBody is enabled gets no body
// and a report naming its path and the value, not a bare "B2Assert" panic
// (the test scene makes callback panics fatal); the world goes on.
// Shapes with a NaN size are refused the same way.
func TestPhysicsNaNNodeAtEnable(t *testing.T) {
	d, s, bodies, log := pile(t)
	n := addNode(s, "Bad")
	n.SetPositionXY(nan32, 5)
	rb := scenegraph.AddComponent(n, NewRigidBody(DynamicBody))
	scenegraph.AddComponent(n, NewBoxCollider(10, 10))
	if rb.Body() != nil || SystemOf(n).Bodies() != 11 {
		t.Fatalf("a body was made at a NaN position (%d bodies)", SystemOf(n).Bodies())
	}
	if got := log.String(); !strings.Contains(got, `physics2d: RigidBody on "World/Bad": node world position (NaN, 5) is not finite; no body is created`) {
		t.Fatalf("report: %q", got)
	}
	damp := addNode(s, "Damp")
	r := NewRigidBody(DynamicBody)
	r.LinearDamping = math.Inf(1)
	scenegraph.AddComponent(damp, r)
	if r.Body() != nil || !strings.Contains(log.String(), `"World/Damp": damping (linear +Inf`) {
		t.Fatalf("infinite damping accepted: %q", log)
	}
	shape := addNode(s, "Shape")
	shape.SetPositionXY(100, 100)
	srb := scenegraph.AddComponent(shape, NewRigidBody(DynamicBody))
	scenegraph.AddComponent(shape, NewBoxCollider(nan32, 10))
	scenegraph.AddComponent(shape, NewCircleCollider(float32(math.Inf(1))))
	if got := log.String(); !strings.Contains(got, `physics2d: *physics2d.BoxCollider on "World/Shape": Size (NaN, 10) is not finite`) ||
		!strings.Contains(got, `*physics2d.CircleCollider on "World/Shape": Radius +Inf is not finite`) {
		t.Fatalf("bad shapes: %q", got)
	}
	if srb.Body() == nil || srb.Body().GetFixtureList() != nil {
		t.Fatal("the body must exist without the refused shapes")
	}
	// Fixed and enabled again, the body is made.
	rb.SetEnabled(false)
	n.SetPositionXY(-100, 50)
	rb.SetEnabled(true)
	if rb.Body() == nil {
		t.Fatal("no body after the node was fixed")
	}
	for range 60 {
		d.Tick(1.0 / 60)
	}
	finiteBodies(t, append(bodies, rb, srb))
}

// A node moved to a NaN pose between steps does not drag its body there:
// the teleport is refused and reported once, and the step puts the node
// back at the body's pose.
func TestPhysicsNaNTeleportRefused(t *testing.T) {
	d, _, bodies, log := pile(t)
	n := bodies[9].Node()
	before := bodies[9].Position()
	n.SetPositionXY(nan32, 0)
	for range 30 {
		d.Tick(1.0 / 60)
	}
	finiteBodies(t, bodies)
	if p := bodies[9].Position(); p.Sub(before).Len() > 50 {
		t.Fatalf("body moved from %v to %v", before, p)
	}
	if got := log.String(); strings.Count(got, `"World/Box9": node moved to a non-finite pose (NaN, 0)`) != 1 {
		t.Fatalf("reports: %q; want one", got)
	}
}

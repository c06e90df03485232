package physics2d

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

const step = 1.0 / 60

// skin is how far above a floor the character's box stops: the time of
// impact leaves Box2D's linear slop between the shapes' cores.
const skin float32 = 0.005 * DefaultPixelsPerMeter

// block adds a static w×h box centered at (x, y).
func block(s *scenegraph.Scene, name string, x, y, w, h float32) *Collider {
	n := addNode(s, name)
	n.SetPositionXY(x, y)
	scenegraph.AddComponent(n, NewRigidBody(StaticBody))
	return &scenegraph.AddComponent(n, NewBoxCollider(w, h)).Collider
}

// walker drives a CharacterBody from FixedUpdate as a game does: run
// speed across, gravity down, MoveAndSlide.
type walker struct {
	scenegraph.Component
	c       *CharacterBody
	run     float32
	gravity float32
	err     error
}

func (w *walker) FixedUpdate(dt float64) {
	w.c.Velocity[0] = w.run
	w.c.Velocity[1] -= w.gravity * float32(dt)
	if err := w.c.MoveAndSlide(dt); err != nil && w.err == nil {
		w.err = err
	}
}

// hero adds a 20×20 character centered at (x, y) with a driver.
func hero(s *scenegraph.Scene, x, y float32) (*CharacterBody, *walker) {
	n := addNode(s, "Hero")
	n.SetPositionXY(x, y)
	scenegraph.AddComponent(n, NewRigidBody(KinematicBody))
	scenegraph.AddComponent(n, NewBoxCollider(20, 20))
	c := scenegraph.AddComponent(n, NewCharacterBody())
	w := scenegraph.AddComponent(n, &walker{c: c, gravity: 320})
	return c, w
}

func near(a, b, tol float32) bool { return math.Abs(float64(a-b)) <= float64(tol) }

func ticks(d *director.Director, n int) {
	for range n {
		d.Tick(step)
	}
}

func pos(c *CharacterBody) mgl32.Vec2 {
	return scenegraph.GetComponent[*RigidBody](c.Node()).Position()
}

// A box landing on the ground reports the contact normal from each side
// and two contact points on the ground's top, under the box's corners.
func TestPhysicsContactNormalAndPoints(t *testing.T) {
	d, _, s := newWorld(t)
	ground := block(s, "Ground", 0, -10, 400, 20)
	box := addNode(s, "Box")
	box.SetPositionXY(0, 40)
	scenegraph.AddComponent(box, NewRigidBody(DynamicBody)).FixedRotation = true
	bc := scenegraph.AddComponent(box, NewBoxCollider(20, 20))
	var got []Contact
	rec := &contactRecorder{got: &got}
	scenegraph.AddComponent(box, rec)
	scenegraph.AddComponent(ground.Node(), &contactRecorder{got: &got})
	ticks(d, 60)
	if len(got) != 2 {
		t.Fatalf("%d begin contacts, want 2 (box and ground)", len(got))
	}
	fromGround, fromBox := got[0], got[1]
	if fromGround.Normal != (mgl32.Vec2{0, 1}) || fromBox.Normal != (mgl32.Vec2{0, -1}) {
		t.Fatalf("normals: from the ground %v, from the box %v; want (0,1) and (0,-1)", fromGround.Normal, fromBox.Normal)
	}
	if fromBox.PointCount != 2 || fromBox.Points != fromGround.Points {
		t.Fatalf("points: %+v vs %+v", fromBox, fromGround)
	}
	for _, p := range fromBox.Points[:2] {
		if !near(float32(math.Abs(float64(p[0]))), 10, 0.5) || !near(p[1], 0, 0.5) {
			t.Fatalf("contact point %v, want (±10, 0) ± 0.5", p)
		}
	}
	if bc.Contact() != fromBox {
		t.Fatalf("Collider.Contact after the callback: %+v", bc.Contact())
	}
	// Lifted away, the shapes part: the end contact has no normal.
	var ended []Contact
	rec.ended = &ended
	box.SetPositionXY(0, 200)
	ticks(d, 1)
	if len(ended) != 1 || ended[0] != (Contact{}) {
		t.Fatalf("end contacts after parting: %+v, want one zero Contact", ended)
	}
	// Destroyed while touching, the end contact is the last one.
	ticks(d, 150) // falls back
	if len(got) != 4 {
		t.Fatalf("%d begin contacts, want 4: the box did not land again", len(got))
	}
	ended = ended[:0]
	box.Destroy()
	if len(ended) != 1 || ended[0].Normal != (mgl32.Vec2{0, -1}) || ended[0].PointCount != 2 {
		t.Fatalf("end contact when destroyed while touching: %+v", ended)
	}
}

type contactRecorder struct {
	scenegraph.Component
	got, ended *[]Contact
}

func (r *contactRecorder) OnBeginContact(self, other *Collider) {
	*r.got = append(*r.got, self.Contact())
}

func (r *contactRecorder) OnEndContact(self, other *Collider) {
	if r.ended != nil {
		*r.ended = append(*r.ended, self.Contact())
	}
}

// A box resting on the ground is grounded; one falling, or pressed only
// against a wall, is not.
func TestPhysicsGrounded(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 400, 20)
	block(s, "Wall", 110, 200, 20, 400)
	n := addNode(s, "Box")
	n.SetPositionXY(0, 60)
	rb := scenegraph.AddComponent(n, NewRigidBody(DynamicBody))
	scenegraph.AddComponent(n, NewBoxCollider(20, 20))
	ticks(d, 5)
	if rb.Grounded() {
		t.Fatal("a falling box is grounded")
	}
	ticks(d, 60)
	if !rb.Grounded() {
		t.Fatalf("a box resting at %v is not grounded", rb.Position())
	}
	if a := testing.AllocsPerRun(100, func() { rb.Grounded() }); a != 0 {
		t.Fatalf("Grounded allocates %v", a)
	}
	// Lifted and pushed against the wall with no gravity: touching, not grounded.
	SystemOf(n).SetGravity(mgl32.Vec2{})
	n.SetPositionXY(80, 200)
	rb.SetLinearVelocity(mgl32.Vec2{200, 0})
	ticks(d, 30)
	if !touching(rb) || rb.Grounded() {
		t.Fatalf("against the wall: touching %v, grounded %v (at %v)", touching(rb), rb.Grounded(), rb.Position())
	}
}

func touching(rb *RigidBody) bool {
	for e := rb.Body().GetContactList(); e != nil; e = e.Next {
		if e.Contact.IsTouching() {
			return true
		}
	}
	return false
}

// Ray casts honour the category mask, the ignored body and sensors.
func TestPhysicsRaycastFilter(t *testing.T) {
	d, sys, s := newWorld(t)
	ground := block(s, "Ground", 0, -10, 400, 20)
	plat := block(s, "Platform", 0, 50, 100, 10)
	plat.Category = 2
	sensor := block(s, "Sensor", 0, 100, 100, 10)
	sensor.Sensor = true
	// Categories are read when the shape joins the body: re-add them.
	for _, c := range []*Collider{plat, sensor} {
		c.SetEnabled(false)
		c.SetEnabled(true)
	}
	d.Tick(step)
	from, to := mgl32.Vec2{0, 500}, mgl32.Vec2{0, -500}
	name := func(h RaycastHit, ok bool) string {
		if !ok {
			return "none"
		}
		return h.Collider.Node().Name()
	}
	for _, tc := range []struct {
		f    QueryFilter
		want string
	}{
		{QueryFilter{}, "Platform"},
		{QueryFilter{Sensors: true}, "Sensor"},
		{QueryFilter{Mask: 1}, "Ground"},
		{QueryFilter{Mask: 2}, "Platform"},
		{QueryFilter{Ignore: plat.RigidBody()}, "Ground"},
		{QueryFilter{Mask: 4}, "none"},
	} {
		if got := name(sys.RaycastClosest(from, to, tc.f)); got != tc.want {
			t.Errorf("RaycastClosest with %+v hit %s, want %s", tc.f, got, tc.want)
		}
	}
	if got := name(sys.RaycastClosest(from, to)); got != "Platform" {
		t.Errorf("unfiltered ray hit %s", got)
	}
	all := sys.RaycastAll(from, to, nil, QueryFilter{Sensors: true, Ignore: plat.RigidBody()})
	if len(all) != 2 || all[0].Collider != sensor || all[1].Collider != ground {
		t.Fatalf("RaycastAll: %+v", all)
	}
}

// A box cast stops with its skin on what it meets: the fraction, point
// and normal are exact to Box2D's tolerance.
func TestPhysicsCastBoxAndCircle(t *testing.T) {
	d, sys, s := newWorld(t)
	ground := block(s, "Ground", 0, -10, 400, 20)
	wall := block(s, "Wall", 100, 50, 20, 100)
	d.Tick(step)
	h, ok, err := sys.CastBox(mgl32.Vec2{20, 20}, mgl32.Vec2{0, 110}, mgl32.Vec2{0, -90})
	if err != nil || !ok || h.Collider != ground {
		t.Fatalf("box cast down: %+v %v %v", h, ok, err)
	}
	// The center stops at 10 + skin above the top (y = 0): 100 - skin of 200.
	if want := (100 - skin) / 200; !near(float32(h.Fraction), want, 0.02/200) {
		t.Fatalf("fraction %v, want %v", h.Fraction, want)
	}
	if h.Normal != (mgl32.Vec2{0, 1}) || !near(h.Point[1], 0, 0.05) {
		t.Fatalf("normal %v point %v, want (0,1) at y=0", h.Normal, h.Point)
	}
	h, ok, _ = sys.CastCircle(10, mgl32.Vec2{0, 50}, mgl32.Vec2{200, 50})
	if !ok || h.Collider != wall || h.Normal != (mgl32.Vec2{-1, 0}) || !near(h.Point[0], 90, 0.05) {
		t.Fatalf("circle cast right: %+v %v", h, ok)
	}
	if want := (80 - skin) / 200; !near(float32(h.Fraction), want, 0.02/200) {
		t.Fatalf("circle fraction %v, want %v", h.Fraction, want)
	}
	if _, ok, _ := sys.CastCircle(10, mgl32.Vec2{0, 50}, mgl32.Vec2{200, 50}, QueryFilter{Ignore: wall.RigidBody()}); ok {
		t.Fatal("the ignored wall was hit")
	}
	if a := testing.AllocsPerRun(100, func() { sys.CastBox(mgl32.Vec2{20, 20}, mgl32.Vec2{0, 110}, mgl32.Vec2{0, -90}) }); a != 0 {
		t.Fatalf("CastBox allocates %v per call", a)
	}
	if _, _, err := sys.CastBox(mgl32.Vec2{nan32, 1}, mgl32.Vec2{}, mgl32.Vec2{1, 1}); err == nil || !strings.Contains(err.Error(), "CastBox") {
		t.Fatalf("NaN size: %v", err)
	}
	if _, _, err := sys.CastCircle(-1, mgl32.Vec2{}, mgl32.Vec2{1, 1}); err == nil {
		t.Fatal("a negative radius was accepted")
	}
}

// dynBox adds a dynamic 20×20 box centered at (x, y) that does not rotate.
func dynBox(s *scenegraph.Scene, name string, x, y float32) *RigidBody {
	n := addNode(s, name)
	n.SetPositionXY(x, y)
	rb := scenegraph.AddComponent(n, NewRigidBody(DynamicBody))
	rb.FixedRotation = true
	scenegraph.AddComponent(n, NewBoxCollider(20, 20))
	return rb
}

// A dynamic box thrown up from under a one-way platform passes through it
// and lands on top; one dropped from above lands; one sliding in from the
// side passes.
func TestPhysicsOneWayPlatform(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 2000, 20)
	plat := block(s, "Platform", 0, 60, 200, 10)
	plat.OneWay = true
	up := dynBox(s, "Up", 0, 10.5)
	drop := dynBox(s, "Drop", 60, 200)
	side := dynBox(s, "Side", -300, 55)
	ticks(d, 2)
	up.SetLinearVelocity(mgl32.Vec2{0, 400})
	side.SetLinearVelocity(mgl32.Vec2{300, 0})
	ticks(d, 180)
	// Resting on the platform's top (y = 65): center 10 above, plus the
	// skin Box2D keeps between resting polygons.
	rest := 75 + (2*0.01-0.005)*DefaultPixelsPerMeter
	for _, rb := range []*RigidBody{up, drop} {
		if p := rb.Position(); !near(p[1], float32(rest), 0.05) || !rb.Grounded() {
			t.Errorf("%s at %v, grounded %v; want on the platform at y=%v", rb.Node().Name(), p, rb.Grounded(), rest)
		}
	}
	if p := side.Position(); p[0] < 100 || p[1] > 20 {
		t.Errorf("the box slid in from the side is at %v; want past the platform, on the ground", p)
	}
}

// Edges and chains are floors: a box lands on an edge, a ball rolls down
// a chain slope onto a flat part; bad points are refused with the node
// path and the reason.
func TestPhysicsEdgeAndChain(t *testing.T) {
	d, _, s := newWorld(t)
	e := addNode(s, "Edge")
	scenegraph.AddComponent(e, NewRigidBody(StaticBody))
	scenegraph.AddComponent(e, NewEdgeCollider(mgl32.Vec2{-100, 0}, mgl32.Vec2{100, 0}))
	box := dynBox(s, "Box", 0, 50)
	ch := addNode(s, "Chain")
	ch.SetPositionXY(500, 0)
	scenegraph.AddComponent(ch, NewRigidBody(StaticBody))
	scenegraph.AddComponent(ch, NewChainCollider(mgl32.Vec2{-100, 100}, mgl32.Vec2{0, 0}, mgl32.Vec2{3000, 0}))
	bn := addNode(s, "Ball")
	bn.SetPositionXY(420, 100)
	ball := scenegraph.AddComponent(bn, NewRigidBody(DynamicBody))
	scenegraph.AddComponent(bn, NewCircleCollider(8))
	ticks(d, 240)
	// An edge's skin is one polygon radius, like a box's.
	rest := 10 + (2*0.01-0.005)*DefaultPixelsPerMeter
	if p := box.Position(); !near(p[1], float32(rest), 0.05) || !near(p[0], 0, 1e-3) || !box.Grounded() {
		t.Fatalf("box on the edge at %v (grounded %v), want (0, %v)", p, box.Grounded(), rest)
	}
	if p := ball.Position(); p[0] < 520 || !near(p[1], 8, 0.5) {
		t.Fatalf("ball at %v; want rolled past the chain's corner, resting on its flat part at y=8", p)
	}

	log := &assettest.Log{}
	s.Logger = log
	for name, f := range map[string]fixtureMaker{
		"One":  NewChainCollider(mgl32.Vec2{0, 0}),
		"Same": NewChainCollider(mgl32.Vec2{0, 0}, mgl32.Vec2{0.01, 0}),
		"NaN":  NewEdgeCollider(mgl32.Vec2{nan32, 0}, mgl32.Vec2{1, 0}),
		"Loop": &ChainCollider{Points: []mgl32.Vec2{{0, 0}, {10, 0}}, Loop: true},
	} {
		n := addNode(s, name)
		rb := scenegraph.AddComponent(n, NewRigidBody(StaticBody))
		scenegraph.AddComponent(n, f)
		if rb.Body().GetFixtureList() != nil {
			t.Errorf("%s: a bad shape joined the body", name)
		}
	}
	for _, want := range []string{
		`*physics2d.ChainCollider on "World/One": 1 points, need at least 2`,
		`*physics2d.ChainCollider on "World/Same": points 0 and 1 are closer than 0.16 world units`,
		`*physics2d.EdgeCollider on "World/NaN": point 0 (NaN, 0) is not finite`,
		`*physics2d.ChainCollider on "World/Loop": 2 points, need at least 3`,
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("reports %q lack %q", log, want)
		}
	}
	ticks(d, 10)
}

package physics2d

import (
	"errors"
	"fmt"
	"math"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// DefaultPixelsPerMeter is the physics scale when none is set: 32 world
// units (pixels) per meter, Cocos' PHYSICS_2D_PTM_RATIO.
const DefaultPixelsPerMeter = 32

// System steps a Box2D world (github.com/ByteArena/box2d) in the
// Director's fixed step, after the components' FixedUpdate, and keeps the
// nodes of its RigidBody components where their bodies are. World values
// (positions, velocities, gravity, raycasts) are in world units ("pixels");
// the system converts them with PixelsPerMeter. Angles are in degrees.
//
// After each step every moving body's pose is written to its node, so that
// Update sees the simulated state; with Interpolate set (the default), its
// PostUpdate then moves each node to the pose between the last two steps
// given by Director.Alpha(), for smooth drawing at any frame rate. A node
// moved by anyone else between steps (a teleport) moves its body before the
// next step.
//
// Contacts are reported after each step, not during it, so callbacks may
// create and destroy bodies. The same inputs give the same results bit for
// bit: bodies are stepped and reported in a fixed order.
type System struct {
	// Interpolate draws bodies between the last two steps (default true).
	Interpolate bool
	// VelocityIterations and PositionIterations are the solver's iterations
	// per step (defaults 8 and 3, Box2D's).
	VelocityIterations, PositionIterations int

	director *director.Director
	world    *box2d.B2World
	ptm      float64
	bodies   []*RigidBody
	events   []physEvent
	stepping bool
	busy     bool // dispatching
	steps    uint64
	// passing holds the contacts with a one-way platform that were
	// entered from the wrong side: they stay disabled until they end.
	passing []box2d.B2ContactInterface
	// scratch for shape casts, kept here so that casts allocate nothing.
	cast castScratch
	wm   box2d.B2WorldManifold // scratch for reading contacts
}

type physEvent struct {
	begin   bool
	a, b    *Collider
	contact Contact // normal from a to b
}

// Priority is the priority of a Director's physics System (Cocos' LOW): its
// work is in the fixed step; PostUpdate writes interpolated poses before
// the collision system (-100) looks at them.
const Priority = 0

// Install registers a physics System with d at Priority, once: installing
// again returns the System already there. A RigidBody installs one in the
// Director running its scene by itself, so a game that imports physics2d
// needs no call; a game that does not, does not link Box2D.
func Install(d *director.Director) *System {
	return director.Install(d, Priority, func() *System { return NewSystem(d) })
}

// SystemOf returns the physics System of the Director running n's scene
// (installing one if that Director has none), or nil when n is in no scene
// run by a Director.
func SystemOf(n *scenegraph.Node) *System {
	if d := director.OfNode(n); d != nil {
		return Install(d)
	}
	return nil
}

// NewSystem returns a System for d (whose Alpha it reads for
// interpolation; nil: no interpolation) with gravity (0, -10 m/s²) and
// DefaultPixelsPerMeter. Install gives a Director its own.
func NewSystem(d *director.Director) *System {
	w := box2d.MakeB2World(box2d.MakeB2Vec2(0, -10))
	s := &System{Interpolate: true, VelocityIterations: 8, PositionIterations: 3,
		director: d, world: &w, ptm: DefaultPixelsPerMeter}
	w.SetContactListener(contactListener{s})
	return s
}

// World returns the Box2D world, for what this API does not cover (joints).
// Its units are meters and radians.
func (s *System) World() *box2d.B2World { return s.world }

// PixelsPerMeter returns the world units per physics meter.
func (s *System) PixelsPerMeter() float64 { return s.ptm }

// SetPixelsPerMeter sets the world units per physics meter. It must be
// positive and set while there are no bodies (gravity keeps its value in
// world units).
func (s *System) SetPixelsPerMeter(ptm float64) error {
	if !(ptm > 0) || math.IsInf(ptm, 0) {
		return fmt.Errorf("physics2d: SetPixelsPerMeter(%v): not a positive number", ptm)
	}
	if len(s.bodies) > 0 {
		return errors.New("physics2d: SetPixelsPerMeter: the world already has bodies")
	}
	g := s.Gravity()
	s.ptm = ptm
	return s.SetGravity(g) // finite: it was accepted before
}

// Gravity returns the gravity in world units per second².
func (s *System) Gravity() mgl32.Vec2 {
	g := s.world.GetGravity()
	return mgl32.Vec2{float32(g.X * s.ptm), float32(g.Y * s.ptm)}
}

// SetGravity sets the gravity in world units per second² (default (0,
// -320): 10 m/s² at 32 pixels per meter). A non-finite g (NaN or ±Inf,
// which would poison every dynamic body) is refused with an error naming
// the value, and the gravity stays.
func (s *System) SetGravity(g mgl32.Vec2) error {
	if !finite2(g) {
		return fmt.Errorf("physics2d: SetGravity(%v, %v): not a finite acceleration; the gravity stays %v", g[0], g[1], s.Gravity())
	}
	s.world.SetGravity(box2d.MakeB2Vec2(float64(g[0])/s.ptm, float64(g[1])/s.ptm))
	return nil
}

// Steps returns the number of steps taken.
func (s *System) Steps() uint64 { return s.steps }

// Bodies returns the number of bodies in the world.
func (s *System) Bodies() int { return len(s.bodies) }

// Update does nothing; the world steps in FixedUpdate.
func (s *System) Update(float64) {}

// FixedUpdate moves teleported bodies, steps the world by step seconds,
// writes the new poses to the nodes and reports the contacts.
// An empty world is not stepped: Box2D's Step allocates its island buffers
// on every call, bodies or not.
//
// Non-finite values never enter a step: the setters refuse them, a node
// teleported to a non-finite pose is refused, and before each step a body
// whose state was made non-finite through Body() (Box2D's own API) is put
// back at its last pose and stopped; each is reported to the scene's
// logger with the node path and the value. So one bad body cannot turn the
// others NaN.
func (s *System) FixedUpdate(step float64) {
	if len(s.bodies) == 0 {
		return
	}
	for _, rb := range s.bodies {
		rb.pullTeleport()
		rb.contain()
	}
	s.stepping = true
	s.world.Step(step, max(s.VelocityIterations, 1), max(s.PositionIterations, 1))
	s.stepping = false
	s.steps++
	for _, rb := range s.bodies {
		if rb.driven {
			rb.driven = false
			rb.body.SetLinearVelocity(box2d.MakeB2Vec2(0, 0))
		}
		rb.capture()
		rb.write(rb.cur)
	}
	s.dispatch()
}

// PostUpdate writes interpolated poses to the nodes of moving bodies.
func (s *System) PostUpdate(float64) {
	if !s.Interpolate || s.director == nil {
		return
	}
	alpha := s.director.Alpha()
	for _, rb := range s.bodies {
		if rb.Type == StaticBody || rb.prev == rb.cur {
			continue
		}
		if rb.moved() {
			continue // moved by someone else since the step: keep that
		}
		var p pose
		for i := range p {
			p[i] = rb.prev[i] + (rb.cur[i]-rb.prev[i])*alpha
		}
		rb.write(p)
	}
}

// contactListener receives Box2D's contact callbacks and queues them.
type contactListener struct{ s *System }

func (l contactListener) BeginContact(c box2d.B2ContactInterface) {
	l.s.beginOneWay(c)
	l.s.queue(true, c)
}

func (l contactListener) EndContact(c box2d.B2ContactInterface) {
	l.s.endOneWay(c)
	l.s.queue(false, c)
}

// PreSolve keeps a contact that entered a one-way platform from the wrong
// side disabled (Box2D re-enables every contact each step).
func (l contactListener) PreSolve(c box2d.B2ContactInterface, _ box2d.B2Manifold) {
	for _, p := range l.s.passing {
		if p == c {
			c.SetEnabled(false)
			return
		}
	}
}

func (contactListener) PostSolve(box2d.B2ContactInterface, *box2d.B2ContactImpulse) {}

func (s *System) queue(begin bool, c box2d.B2ContactInterface) {
	a, _ := c.GetFixtureA().GetUserData().(*Collider)
	b, _ := c.GetFixtureB().GetUserData().(*Collider)
	if a == nil || b == nil {
		return
	}
	s.events = append(s.events, physEvent{begin: begin, a: a, b: b, contact: s.contactOf(begin, c)})
	if !s.stepping && !s.busy {
		s.dispatch() // an EndContact from DestroyBody between steps
	}
}

// dispatch delivers queued contact events in order; events queued by the
// callbacks themselves (bodies destroyed) are delivered in the same walk.
func (s *System) dispatch() {
	if s.busy {
		return
	}
	s.busy = true
	for i := 0; i < len(s.events); i++ {
		ev := s.events[i]
		ev.a.contact = ev.contact
		ev.a.notify(ev.begin, ev.a, ev.b)
		ev.b.contact = ev.contact.flipped()
		ev.b.notify(ev.begin, ev.b, ev.a)
	}
	clear(s.events)
	s.events = s.events[:0]
	s.busy = false
}

// RaycastHit is one fixture a ray met.
type RaycastHit struct {
	// Collider is the collider hit.
	Collider *Collider
	// Point is where, in world units; Normal the surface normal there.
	Point, Normal mgl32.Vec2
	// Fraction is how far along the ray, 0 at from and 1 at to.
	Fraction float64
}

// RaycastClosest returns the first collider on the segment from→to (world
// units), and false when there is none. Sensors are skipped, and with a
// filter (the first of filter) only the categories in its Mask are hit,
// its Ignore body never is, and Sensors brings sensors back.
func (s *System) RaycastClosest(from, to mgl32.Vec2, filter ...QueryFilter) (RaycastHit, bool) {
	var best RaycastHit
	found := false
	q := firstFilter(filter)
	s.world.RayCast(func(f *box2d.B2Fixture, p, n box2d.B2Vec2, frac float64) float64 {
		c, ok := q.accepts(f)
		if !ok {
			return -1
		}
		best, found = s.hit(c, p, n, frac), true
		return frac
	}, s.meters(from), s.meters(to))
	return best, found
}

// RaycastAll appends every collider on the segment from→to to dst, nearest
// first, and returns it. Sensors are skipped; a filter (the first of
// filter) narrows the hits as in RaycastClosest.
func (s *System) RaycastAll(from, to mgl32.Vec2, dst []RaycastHit, filter ...QueryFilter) []RaycastHit {
	start := len(dst)
	q := firstFilter(filter)
	s.world.RayCast(func(f *box2d.B2Fixture, p, n box2d.B2Vec2, frac float64) float64 {
		c, ok := q.accepts(f)
		if !ok {
			return -1
		}
		dst = append(dst, s.hit(c, p, n, frac))
		return 1
	}, s.meters(from), s.meters(to))
	hits := dst[start:]
	for i := 1; i < len(hits); i++ { // insertion sort: few hits, stable
		for j := i; j > 0 && hits[j].Fraction < hits[j-1].Fraction; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	return dst
}

func (s *System) hit(c *Collider, p, n box2d.B2Vec2, frac float64) RaycastHit {
	return RaycastHit{Collider: c, Point: mgl32.Vec2{float32(p.X * s.ptm), float32(p.Y * s.ptm)},
		Normal: mgl32.Vec2{float32(n.X), float32(n.Y)}, Fraction: frac}
}

func (s *System) meters(v mgl32.Vec2) box2d.B2Vec2 {
	return box2d.MakeB2Vec2(float64(v[0])/s.ptm, float64(v[1])/s.ptm)
}

func (s *System) addBody(rb *RigidBody) {
	rb.slot = len(s.bodies)
	s.bodies = append(s.bodies, rb)
}

func (s *System) removeBody(rb *RigidBody) {
	i := rb.slot
	if i < 0 || i >= len(s.bodies) || s.bodies[i] != rb {
		return
	}
	// Keep the order (determinism does not depend on it, but reports read
	// better in creation order).
	copy(s.bodies[i:], s.bodies[i+1:])
	s.bodies[len(s.bodies)-1] = nil
	s.bodies = s.bodies[:len(s.bodies)-1]
	for j := i; j < len(s.bodies); j++ {
		s.bodies[j].slot = j
	}
	rb.slot = -1
}

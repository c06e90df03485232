package physics2d

import (
	"math"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
)

// Contact is where two colliders touch: Cocos' world manifold
// (IPhysics2DContact.getWorldManifold), seen from one of them.
type Contact struct {
	// Normal is the unit contact normal, pointing from the collider the
	// contact is read from (self) toward the other one. In OnEndContact
	// it is zero when the shapes moved apart, and the last contact when a
	// body or shape left the world while touching.
	Normal mgl32.Vec2
	// Points are the contact points in world units; PointCount of them
	// (0, 1 or 2) are set.
	Points     [2]mgl32.Vec2
	PointCount int
}

// flipped returns the contact seen from the other collider.
func (c Contact) flipped() Contact {
	c.Normal = mgl32.Vec2{0 - c.Normal[0], 0 - c.Normal[1]} // 0 - x: no -0 for a 0

	return c
}

// Contact returns the contact being reported to a listener on this
// collider's node: valid inside OnBeginContact and OnEndContact, where
// self is this collider, and holding the last reported contact after. Its
// normal points from this collider to the other one, so a box landing on
// the ground reads (0, -1) from the box and (0, 1) from the ground.
func (c *Collider) Contact() Contact { return c.contact }

// contactOf reads c's world manifold, normal from fixture A to B. An
// ending contact whose shapes' fat bounds no longer meet in the broad
// phase (a body moved away between steps: Box2D ends the contact without
// updating it) has parted: its manifold is stale, so it reads zero.
func (s *System) contactOf(begin bool, c box2d.B2ContactInterface) Contact {
	var out Contact
	if !c.IsTouching() {
		return out
	}
	if !begin {
		fa, fb := c.GetFixtureA(), c.GetFixtureB()
		ia, ib := c.GetChildIndexA(), c.GetChildIndexB()
		if ia >= fa.M_proxyCount || ib >= fb.M_proxyCount ||
			!s.world.M_contactManager.M_broadPhase.TestOverlap(fa.M_proxies[ia].ProxyId, fb.M_proxies[ib].ProxyId) {
			return out
		}
	}
	m := c.GetManifold()
	if m == nil || m.PointCount == 0 {
		return out
	}
	wm := &s.wm
	c.GetWorldManifold(wm)
	out.Normal = mgl32.Vec2{float32(wm.Normal.X), float32(wm.Normal.Y)}
	out.PointCount = min(m.PointCount, 2)
	for i := range out.PointCount {
		out.Points[i] = mgl32.Vec2{float32(wm.Points[i].X * s.ptm), float32(wm.Points[i].Y * s.ptm)}
	}
	return out
}

// oneWayCos is the cosine of the widest angle (about 45°) between a one-way
// platform's up and a contact normal that still lands on it.
const oneWayCos = 0.7

// beginOneWay decides, when a contact with a one-way platform begins,
// whether it passes through: it does when the other shape meets the
// platform from below or from the side (the normal from the platform to it
// is more than about 45° off the platform's up), or while it moves up
// relative to the platform. The decision holds until the contact ends, so
// a body half-way through is not pushed out of the top (Godot's
// one_way_collision).
func (s *System) beginOneWay(c box2d.B2ContactInterface) {
	fa, fb := c.GetFixtureA(), c.GetFixtureB()
	ca, _ := fa.GetUserData().(*Collider)
	cb, _ := fb.GetUserData().(*Collider)
	if ca == nil || cb == nil || fa.IsSensor() || fb.IsSensor() || !(ca.OneWay || cb.OneWay) {
		return
	}
	wm := &s.wm
	c.GetWorldManifold(wm)
	n := wm.Normal
	plat, other := fa.GetBody(), fb.GetBody()
	if !ca.OneWay { // B is the platform: turn the normal to point away from it
		plat, other = other, plat
		n = box2d.MakeB2Vec2(-n.X, -n.Y)
	}
	q := plat.GetTransform().Q
	up := box2d.MakeB2Vec2(-q.S, q.C)
	rel := box2d.B2Vec2Sub(other.GetLinearVelocity(), plat.GetLinearVelocity())
	if box2d.B2Vec2Dot(n, up) < oneWayCos || box2d.B2Vec2Dot(rel, up) > 1e-3 {
		s.passing = append(s.passing, c)
		c.SetEnabled(false)
	}
}

// endOneWay forgets a passing contact.
func (s *System) endOneWay(c box2d.B2ContactInterface) {
	for i, p := range s.passing {
		if p == c {
			last := len(s.passing) - 1
			s.passing[i] = s.passing[last]
			s.passing[last] = nil
			s.passing = s.passing[:last]
			return
		}
	}
}

// passingThrough reports whether c is a one-way contact passed through.
func (s *System) passingThrough(c box2d.B2ContactInterface) bool {
	for _, p := range s.passing {
		if p == c {
			return true
		}
	}
	return false
}

// DefaultFloorMaxAngle is the steepest slope, in degrees, that counts as
// floor (Godot's floor_max_angle).
const DefaultFloorMaxAngle = 45

// Grounded reports whether the body stands on something: it touches a
// non-sensor shape (not a one-way platform it is passing through) whose
// contact normal, from that shape to this body, is within
// DefaultFloorMaxAngle of up (against gravity; +y when there is none). A
// box resting on the ground is grounded; one in the air or only touching
// a wall is not. It reads Box2D's contacts of the last step and allocates
// nothing.
func (rb *RigidBody) Grounded() bool {
	if rb.body == nil {
		return false
	}
	up := rb.sys.up()
	cos := math.Cos(DefaultFloorMaxAngle*math.Pi/180) - 1e-6
	for e := rb.body.GetContactList(); e != nil; e = e.Next {
		c := e.Contact
		if !c.IsTouching() || !c.IsEnabled() || c.GetFixtureA().IsSensor() || c.GetFixtureB().IsSensor() || rb.sys.passingThrough(c) {
			continue
		}
		// A scratch manifold: one on the stack escapes through the
		// interface call and would allocate.
		wm := &rb.sys.wm
		c.GetWorldManifold(wm)
		n := wm.Normal // from A to B
		if c.GetFixtureA().GetBody() == rb.body {
			n = box2d.MakeB2Vec2(-n.X, -n.Y)
		}
		if box2d.B2Vec2Dot(n, up) >= cos {
			return true
		}
	}
	return false
}

// up is the unit vector against gravity, +y without gravity.
func (s *System) up() box2d.B2Vec2 {
	g := s.world.GetGravity()
	l := g.Length()
	if l == 0 {
		return box2d.MakeB2Vec2(0, 1)
	}
	return box2d.MakeB2Vec2(-g.X/l, -g.Y/l)
}

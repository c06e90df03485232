package physics2d

import (
	"errors"
	"fmt"
	"math"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// CharacterBody is a kinematic character controller for platformers
// (Godot's CharacterBody2D): the game sets Velocity and calls MoveAndSlide
// from FixedUpdate; the body's shape is swept through the world, stops at
// what it meets and slides along it, and the controller tells whether it
// stands on a floor, touches a wall or hits a ceiling.
//
// It needs a RigidBody of type KinematicBody and a BoxCollider or
// CircleCollider on the same node. The character is moved by placing its
// body, not by its Box2D velocity (which stays zero), so the step never
// moves it further; dynamic bodies it walks into are pushed out by the
// solver, not knocked away. It stops Box2D's skin short of what it meets:
// a box stands 0.005 m (0.16 px at 32 px/m) above the floor.
type CharacterBody struct {
	scenegraph.Component

	// Velocity is the velocity in world units per second. MoveAndSlide
	// removes from it what walls, floors and ceilings stop: landing zeroes
	// the fall, a ceiling zeroes the rise, a wall the push into it.
	Velocity mgl32.Vec2
	// Up is the direction floors face (normalized when used); zero means
	// against the world's gravity, +y without gravity.
	Up mgl32.Vec2
	// FloorMaxAngle is the steepest slope, in degrees from Up, that is
	// floor (NewCharacterBody: DefaultFloorMaxAngle). Steeper surfaces
	// are walls: the character slides down them and cannot walk up them.
	FloorMaxAngle float32
	// StepHeight is the highest ledge, in world units, the character
	// walks up onto without jumping while on the floor (0: none).
	StepHeight float32
	// SnapLength keeps the character on the floor over small drops (down
	// slopes and steps, moving platforms that sink): when it was on the
	// floor and is not moving up, it is pulled down by up to this many
	// world units onto floor below (NewCharacterBody: 2).
	SnapLength float32
	// MaxSlides bounds the collisions resolved per move (NewCharacterBody:
	// 4, Godot's max_slides).
	MaxSlides int

	onFloor, onWall, onCeiling bool
	floorNormal, wallNormal    mgl32.Vec2
	floor                      *RigidBody
	// m is the state of a move, kept here: its proxy is pointed at from
	// the System's cast scratch, so on the stack it would escape.
	m character
}

// NewCharacterBody returns a controller with Godot's defaults: floors up
// to 45°, a 2-unit floor snap, 4 slides, no step height.
func NewCharacterBody() *CharacterBody {
	return &CharacterBody{FloorMaxAngle: DefaultFloorMaxAngle, SnapLength: 2, MaxSlides: 4}
}

// IsOnFloor reports whether the last MoveAndSlide ended on a floor.
func (c *CharacterBody) IsOnFloor() bool { return c.onFloor }

// IsOnWall reports whether the last MoveAndSlide met a wall.
func (c *CharacterBody) IsOnWall() bool { return c.onWall }

// IsOnCeiling reports whether the last MoveAndSlide met a ceiling.
func (c *CharacterBody) IsOnCeiling() bool { return c.onCeiling }

// FloorNormal returns the normal of the floor under the character (zero
// when not on a floor).
func (c *CharacterBody) FloorNormal() mgl32.Vec2 { return c.floorNormal }

// WallNormal returns the normal of the last wall met (zero when none).
func (c *CharacterBody) WallNormal() mgl32.Vec2 { return c.wallNormal }

// Floor returns the body the character stands on, nil when none.
func (c *CharacterBody) Floor() *RigidBody { return c.floor }

// character is the state of one MoveAndSlide.
type character struct {
	c     *CharacterBody
	sys   *System
	rb    *RigidBody
	proxy box2d.B2DistanceProxy
	q     box2d.B2Rot
	pos   box2d.B2Vec2
	start box2d.B2Vec2
	up    box2d.B2Vec2
	cos   float64
	opts  sweepOpts
}

// MoveAndSlide moves the character by Velocity for dt seconds, sliding
// along what it meets, and updates IsOnFloor, IsOnWall,
// IsOnCeiling and Velocity. Standing on a moving kinematic or dynamic
// body, it first moves with that body's surface, so it rides platforms.
// Slopes up to FloorMaxAngle are walked at the horizontal speed given,
// and gravity does not slide the character down them; ledges up to
// StepHeight are climbed; SnapLength keeps it on the floor going down.
// Sensors, shapes outside its collider's Mask and one-way platforms met
// from below are passed through; shapes it starts inside of are ignored
// so it can move out of them. It allocates nothing.
//
// Call it from FixedUpdate with the step it is given: the move is made by
// the physics step that follows (the body gets the velocity that takes it
// there in dt, and is stopped after), so the node and Position show it
// after that step, drawn interpolated like every body. Call it once per
// step: a second call starts again from where the body still is. A move
// longer than Box2D's per-step limit (2 m) places the body at once.
//
// It returns an error naming the node, and moves nothing, when the node
// has no kinematic RigidBody with a box or circle shape in the world, or
// when dt or Velocity is not finite (Velocity is then zeroed, so one bad
// frame does not freeze the character).
func (c *CharacterBody) MoveAndSlide(dt float64) error {
	rb := scenegraph.GetComponent[*RigidBody](c.Node())
	if rb == nil || rb.body == nil || rb.Type != KinematicBody {
		return fmt.Errorf("physics2d: CharacterBody on %q: needs an enabled RigidBody of type KinematicBody in the world", c.Node().Path())
	}
	if !finite(dt) || dt < 0 {
		return fmt.Errorf("physics2d: CharacterBody on %q: MoveAndSlide(%v): not a finite, non-negative time", c.Node().Path(), dt)
	}
	if !finite2(c.Velocity) || !finite2(c.Up) || !finite(float64(c.FloorMaxAngle), float64(c.StepHeight), float64(c.SnapLength)) {
		v := c.Velocity
		c.Velocity = mgl32.Vec2{}
		return fmt.Errorf("physics2d: CharacterBody on %q: Velocity (%v, %v), Up %v, FloorMaxAngle %v, StepHeight %v or SnapLength %v is not finite; the velocity is zeroed",
			c.Node().Path(), v[0], v[1], c.Up, c.FloorMaxAngle, c.StepHeight, c.SnapLength)
	}
	m := &c.m
	*m = character{c: c, sys: rb.sys, rb: rb}
	if err := m.init(); err != nil {
		return err
	}
	ptm := m.sys.ptm
	wasOnFloor := c.onFloor
	c.onFloor, c.onWall, c.onCeiling = false, false, false
	c.floorNormal, c.wallNormal, c.floor = mgl32.Vec2{}, mgl32.Vec2{}, nil

	vel := box2d.MakeB2Vec2(float64(c.Velocity[0])/ptm, float64(c.Velocity[1])/ptm)
	motion := box2d.B2Vec2MulScalar(dt, vel)
	for range max(c.MaxSlides, 1) {
		if motion.LengthSquared() < 1e-18 {
			break
		}
		h, ok := m.sweep(motion)
		if !ok {
			m.pos = box2d.B2Vec2Add(m.pos, motion)
			break
		}
		m.pos = box2d.B2Vec2Add(m.pos, box2d.B2Vec2MulScalar(h.t, motion))
		rem := box2d.B2Vec2MulScalar(1-h.t, motion)
		n := h.normal
		nu := box2d.B2Vec2Dot(n, m.up)
		switch {
		case nu >= m.cos:
			m.land(h)
			// Keep the motion across the floor (not along up), re-aimed
			// along the slope: slopes are walked at the speed given and
			// gravity does not slide the character down them.
			rem = m.alongFloor(rem, n)
			if vu := box2d.B2Vec2Dot(vel, m.up); vu < 0 {
				vel = box2d.B2Vec2Sub(vel, box2d.B2Vec2MulScalar(vu, m.up))
			}
		case -nu >= m.cos:
			c.onCeiling = true
			rem, vel = slide(rem, n), clip(vel, n)
		default:
			if wasOnFloor || c.onFloor {
				if left, ok := m.step(rem); ok {
					motion = left
					continue
				}
			}
			c.onWall = true
			c.wallNormal = mgl32.Vec2{float32(n.X), float32(n.Y)}
			// Sliding along a wall or a steep slope never lifts the
			// character: walking into a 60° slope does not climb it.
			rem, vel = m.noRise(rem, slide(rem, n)), m.noRise(vel, clip(vel, n))
		}
		motion = rem
	}
	// Snap down onto the floor when it was under the character a step ago.
	if wasOnFloor && !c.onFloor && c.SnapLength > 0 && box2d.B2Vec2Dot(vel, m.up) <= 1e-9 {
		d := box2d.B2Vec2MulScalar(-float64(c.SnapLength)/ptm, m.up)
		if h, ok := m.sweep(d); ok && box2d.B2Vec2Dot(h.normal, m.up) >= m.cos {
			m.pos = box2d.B2Vec2Add(m.pos, box2d.B2Vec2MulScalar(h.t, d))
			m.land(h)
		}
	}
	// Ride the floor: move with its surface by what it moves in the step
	// that follows (walls stop the ride; the floor itself does not).
	if f := c.floor; c.onFloor && f != nil && f.body != nil && f.body.GetType() != box2d.B2BodyType.B2_staticBody {
		if d := box2d.B2Vec2MulScalar(dt, f.body.GetLinearVelocityFromWorldPoint(m.pos)); d.LengthSquared() > 0 {
			m.opts.floor = f
			if h, ok := m.sweep(d); ok {
				m.pos = box2d.B2Vec2Add(m.pos, box2d.B2Vec2MulScalar(h.t, d))
			} else {
				m.pos = box2d.B2Vec2Add(m.pos, d)
			}
		}
	}
	c.Velocity = mgl32.Vec2{float32(vel.X * ptm), float32(vel.Y * ptm)}
	// Let the coming step carry the body there: Box2D's SetTransform
	// allocates, and a moving kinematic body passes its velocity on to
	// the dynamic bodies it pushes. The System zeroes it after the step.
	// Box2D clamps a step's travel to B2_maxTranslation (2 m): a longer
	// move (a fast dash, a long step) places the body instead.
	if move := box2d.B2Vec2Sub(m.pos, m.start); move.LengthSquared() > 0.9*box2d.B2_maxTranslationSquared || dt == 0 {
		rb.body.SetTransform(m.pos, m.q.GetAngle())
		rb.body.SetLinearVelocity(box2d.MakeB2Vec2(0, 0))
	} else {
		rb.body.SetLinearVelocity(box2d.B2Vec2MulScalar(1/dt, move))
		rb.driven = true
	}
	return nil
}

// init finds the character's shape and frame.
func (m *character) init() error {
	b := m.rb.body
	for f := b.GetFixtureList(); f != nil; f = f.GetNext() {
		if f.IsSensor() {
			continue
		}
		switch f.GetShape().(type) {
		case *box2d.B2PolygonShape, *box2d.B2CircleShape:
			setProxy(&m.proxy, f.GetShape(), 0)
			fd := f.GetFilterData()
			m.opts = sweepOpts{QueryFilter: QueryFilter{Mask: fd.MaskBits, Ignore: m.rb}, category: fd.CategoryBits,
				oneWay: true, intoOnly: true, skipStart: true}
			xf := b.GetTransform()
			m.pos, m.start, m.q = xf.P, xf.P, xf.Q
			if u := m.c.Up; u != (mgl32.Vec2{}) {
				l := math.Hypot(float64(u[0]), float64(u[1]))
				m.up = box2d.MakeB2Vec2(float64(u[0])/l, float64(u[1])/l)
			} else {
				m.up = m.sys.up()
			}
			m.cos = math.Cos(float64(m.c.FloorMaxAngle)*math.Pi/180) - 1e-6
			return nil
		}
	}
	return errors.New("physics2d: CharacterBody on " + fmt.Sprintf("%q", m.c.Node().Path()) + ": the RigidBody has no BoxCollider or CircleCollider shape")
}

func (m *character) sweep(d box2d.B2Vec2) (sweepHit, bool) {
	return m.sys.sweep(&m.proxy, box2d.B2Transform{P: m.pos, Q: m.q}, d, &m.opts)
}

// land records h as the floor.
func (m *character) land(h sweepHit) {
	m.c.onFloor = true
	m.c.floorNormal = mgl32.Vec2{float32(h.normal.X), float32(h.normal.Y)}
	m.c.floor = h.c.body
}

// alongFloor turns the part of rem across up into motion along the floor
// of normal n, keeping its length across up.
func (m *character) alongFloor(rem, n box2d.B2Vec2) box2d.B2Vec2 {
	h := box2d.B2Vec2Sub(rem, box2d.B2Vec2MulScalar(box2d.B2Vec2Dot(rem, m.up), m.up))
	hl := h.Length()
	if hl < 1e-12 {
		return box2d.MakeB2Vec2(0, 0)
	}
	t := box2d.MakeB2Vec2(n.Y, -n.X) // along the floor
	if box2d.B2Vec2Dot(t, h) < 0 {
		t = box2d.MakeB2Vec2(-t.X, -t.Y)
	}
	across := box2d.B2Vec2Dot(t, box2d.B2Vec2MulScalar(1/hl, h)) // cos of the slope
	if across < 1e-6 {
		return box2d.MakeB2Vec2(0, 0)
	}
	return box2d.B2Vec2MulScalar(hl/across, t)
}

// step tries to climb a ledge of up to StepHeight in the way of rem: up,
// across, then down onto a floor. It reports whether it did, leaving the
// character on the ledge, and the motion left.
func (m *character) step(rem box2d.B2Vec2) (box2d.B2Vec2, bool) {
	h := box2d.B2Vec2Sub(rem, box2d.B2Vec2MulScalar(box2d.B2Vec2Dot(rem, m.up), m.up))
	if m.c.StepHeight <= 0 || h.LengthSquared() < 1e-18 {
		return rem, false
	}
	start := m.pos
	rise := box2d.B2Vec2MulScalar(float64(m.c.StepHeight)/m.sys.ptm, m.up)
	if hit, ok := m.sweep(rise); ok {
		rise = box2d.B2Vec2MulScalar(hit.t, rise)
	}
	m.pos = box2d.B2Vec2Add(start, rise)
	across, left := h, box2d.MakeB2Vec2(0, 0)
	if hit, ok := m.sweep(h); ok {
		across, left = box2d.B2Vec2MulScalar(hit.t, h), box2d.B2Vec2MulScalar(1-hit.t, h)
	}
	m.pos = box2d.B2Vec2Add(m.pos, across)
	fall := box2d.B2Vec2MulScalar(-1, rise)
	hit, ok := m.sweep(fall)
	if !ok || box2d.B2Vec2Dot(hit.normal, m.up) < m.cos || across.LengthSquared() < 1e-14 {
		m.pos = start
		return rem, false
	}
	m.pos = box2d.B2Vec2Add(m.pos, box2d.B2Vec2MulScalar(hit.t, fall))
	if box2d.B2Vec2Dot(box2d.B2Vec2Sub(m.pos, start), m.up) < box2d.B2_linearSlop {
		m.pos = start // no higher: it was a wall, not a ledge
		return rem, false
	}
	m.land(hit)
	return left, true
}

// noRise returns after without its part along up when before had none.
func (m *character) noRise(before, after box2d.B2Vec2) box2d.B2Vec2 {
	if u := box2d.B2Vec2Dot(after, m.up); u > 0 && box2d.B2Vec2Dot(before, m.up) <= 0 {
		return box2d.B2Vec2Sub(after, box2d.B2Vec2MulScalar(u, m.up))
	}
	return after
}

// slide removes from v its part into the surface of normal n.
func slide(v, n box2d.B2Vec2) box2d.B2Vec2 {
	return box2d.B2Vec2Sub(v, box2d.B2Vec2MulScalar(box2d.B2Vec2Dot(v, n), n))
}

// clip removes from v its part into the surface of normal n, if any.
func clip(v, n box2d.B2Vec2) box2d.B2Vec2 {
	if d := box2d.B2Vec2Dot(v, n); d < 0 {
		return box2d.B2Vec2Sub(v, box2d.B2Vec2MulScalar(d, n))
	}
	return v
}

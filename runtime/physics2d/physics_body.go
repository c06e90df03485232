package physics2d

import (
	"fmt"
	"math"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// BodyType is how a RigidBody moves.
type BodyType uint8

const (
	// StaticBody never moves (ground, walls).
	StaticBody BodyType = iota
	// KinematicBody moves by its velocity only, pushing dynamic bodies.
	KinematicBody
	// DynamicBody is moved by forces, gravity and contacts.
	DynamicBody
)

// pose is x, y (world units) and the angle (degrees).
type pose [3]float64

// RigidBody puts its node in the physics world of its scene (Cocos'
// RigidBody2D). Its shapes are the BoxCollider and CircleCollider
// components of the same node. The body starts at the node's world
// position and angle when it is enabled and leaves the world when it is
// disabled or destroyed (ending its contacts with OnEndContact). Put bodies
// under unrotated, unscaled parents: the body's angle is the node's local
// angle.
type RigidBody struct {
	scenegraph.Component

	// Type is static, kinematic or dynamic; read when the body is enabled.
	Type BodyType
	// GravityScale multiplies gravity for this body (NewRigidBody sets 1).
	GravityScale float64
	// LinearDamping and AngularDamping slow the body down.
	LinearDamping, AngularDamping float64
	// FixedRotation keeps the body from rotating.
	FixedRotation bool
	// Bullet enables continuous collision against other dynamic bodies.
	Bullet bool
	// NoSleep keeps the body awake.
	NoSleep bool

	sys   *System
	body  *box2d.B2Body
	slot  int
	prev  pose
	cur   pose
	wrote pose // the pose last written to the node
	// driven is set by a CharacterBody's move: the System stops the body
	// after the step that carried it.
	driven bool
	// badNode is set while the node holds a non-finite pose that
	// pullTeleport refused, so that it is reported once, not every step.
	badNode bool
}

// NewRigidBody returns a body of type t with a gravity scale of 1.
func NewRigidBody(t BodyType) *RigidBody {
	return &RigidBody{Type: t, GravityScale: 1, slot: -1}
}

// Body returns the Box2D body (nil while disabled), for what this API does
// not cover. Its units are meters and radians.
func (rb *RigidBody) Body() *box2d.B2Body { return rb.body }

// OnEnable creates the body at the node's pose, with the node's enabled
// colliders.
//
// Box2D asserts (panics) on non-finite input and spreads a NaN of one body
// to every body it touches, so non-finite values are stopped here, at the
// edge: a node whose world position or angle is not finite (NaN or ±Inf),
// or a GravityScale, LinearDamping or AngularDamping that is not finite (or
// a negative damping), gets no body; the refusal is reported to the scene's
// logger with the node path and the value, and the rest of the world is
// untouched. Fix the node and enable the RigidBody again to retry.
func (rb *RigidBody) OnEnable() {
	p := SystemOf(rb.Node())
	if p == nil {
		scenegraph.LoggerOf(rb.Node()).Printf("physics2d: RigidBody on %q: its scene is run by no Director; it will not move", rb.Node().Path())
		return
	}
	n := rb.Node()
	wp := n.WorldPosition()
	if err := rb.checkDef(wp, n.Angle()); err != nil {
		scenegraph.LoggerOf(n).Printf("%v; no body is created", err)
		return
	}
	def := box2d.MakeB2BodyDef()
	switch rb.Type {
	case DynamicBody:
		def.Type = box2d.B2BodyType.B2_dynamicBody
	case KinematicBody:
		def.Type = box2d.B2BodyType.B2_kinematicBody
	default:
		def.Type = box2d.B2BodyType.B2_staticBody
	}
	def.Position = box2d.MakeB2Vec2(float64(wp[0])/p.ptm, float64(wp[1])/p.ptm)
	def.Angle = float64(mgl32.DegToRad(n.Angle()))
	def.GravityScale = rb.GravityScale
	def.LinearDamping, def.AngularDamping = rb.LinearDamping, rb.AngularDamping
	def.FixedRotation, def.Bullet = rb.FixedRotation, rb.Bullet
	def.AllowSleep = !rb.NoSleep
	rb.sys = p
	rb.body = p.world.CreateBody(&def)
	rb.body.SetUserData(rb)
	rb.cur = rb.bodyPose()
	rb.prev, rb.wrote = rb.cur, rb.cur
	p.addBody(rb)
	for _, b := range n.Components() {
		if f, ok := b.(fixtureMaker); ok && b.Base().EnabledInHierarchy() {
			f.collider().attach(rb, f)
		}
	}
}

// OnDisable takes the body out of the world; Box2D ends its contacts.
func (rb *RigidBody) OnDisable() {
	if rb.body == nil {
		return
	}
	p := rb.sys
	for _, b := range rb.Node().Components() {
		if f, ok := b.(fixtureMaker); ok {
			if c := f.collider(); c.body == rb {
				c.fixture, c.body = nil, nil
			}
		}
	}
	p.world.DestroyBody(rb.body)
	p.removeBody(rb)
	rb.body = nil
}

// checkDef refuses what Box2D's body definition asserts on, or what would
// poison the world: a non-finite pose, gravity scale or damping.
func (rb *RigidBody) checkDef(wp mgl32.Vec3, angle float32) error {
	switch {
	case !finite(float64(wp[0]), float64(wp[1])):
		return rb.errorf("node world position (%v, %v) is not finite", wp[0], wp[1])
	case !finite(float64(angle)):
		return rb.errorf("node angle %v is not finite", angle)
	case !finite(rb.GravityScale):
		return rb.errorf("GravityScale %v is not finite", rb.GravityScale)
	case !finite(rb.LinearDamping, rb.AngularDamping) || rb.LinearDamping < 0 || rb.AngularDamping < 0:
		return rb.errorf("damping (linear %v, angular %v) is not a finite, non-negative number", rb.LinearDamping, rb.AngularDamping)
	}
	return nil
}

// errorf returns an error naming the body's node.
func (rb *RigidBody) errorf(format string, args ...any) error {
	return fmt.Errorf("physics2d: RigidBody on %q: %s", rb.Node().Path(), fmt.Sprintf(format, args...))
}

// finite reports whether every v is a number other than NaN and ±Inf.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

func finite2(v mgl32.Vec2) bool { return finite(float64(v[0]), float64(v[1])) }

func (rb *RigidBody) bodyPose() pose {
	t := rb.body.GetTransform()
	return pose{t.P.X * rb.sys.ptm, t.P.Y * rb.sys.ptm, float64(mgl32.RadToDeg(float32(t.Q.GetAngle())))}
}

func (rb *RigidBody) nodePose() pose {
	n := rb.Node()
	wp := n.WorldPosition()
	return pose{float64(wp[0]), float64(wp[1]), float64(n.Angle())}
}

// moved reports whether the node was moved since the system last wrote it.
func (rb *RigidBody) moved() bool {
	w, n := rb.wrote, rb.nodePose()
	return float32(w[0]) != float32(n[0]) || float32(w[1]) != float32(n[1]) || float32(w[2]) != float32(n[2])
}

// pullTeleport moves the body to its node if someone moved the node. A node
// moved to a non-finite pose is refused (reported once, with the node path
// and the value): the body stays where it was, and the next step's pose
// overwrites the node (a static body's node keeps the bad pose until it is
// moved again).
func (rb *RigidBody) pullTeleport() {
	if !rb.moved() {
		rb.badNode = false
		return
	}
	p := rb.nodePose()
	if !finite(p[0], p[1], p[2]) {
		if !rb.badNode {
			rb.badNode = true
			scenegraph.LoggerOf(rb.Node()).Printf("%v; the body stays at (%v, %v)",
				rb.errorf("node moved to a non-finite pose (%v, %v) angle %v", float32(p[0]), float32(p[1]), float32(p[2])),
				float32(rb.cur[0]), float32(rb.cur[1]))
		}
		return
	}
	rb.badNode = false
	rb.body.SetTransform(box2d.MakeB2Vec2(p[0]/rb.sys.ptm, p[1]/rb.sys.ptm), p[2]*math.Pi/180)
	rb.body.SetAwake(true)
	rb.cur, rb.prev, rb.wrote = p, p, p
}

// contain is the backstop behind the checked setters, run before every
// step: a body whose state is not finite (set through Body(), Box2D's own
// API, which checks nothing) would spread NaN to every body it touches in
// that step. Such a body is put back at its last pose, stopped and
// reported, so the others stay finite.
func (rb *RigidBody) contain() {
	b := rb.body
	t, v, w := b.GetTransform(), b.GetLinearVelocity(), b.GetAngularVelocity()
	if finite(t.P.X, t.P.Y, t.Q.S, t.Q.C, v.X, v.Y, w, b.M_force.X, b.M_force.Y, b.M_torque) {
		return
	}
	scenegraph.LoggerOf(rb.Node()).Printf("%v; it is put back at (%v, %v) and stopped",
		rb.errorf("Box2D body state is not finite (position (%v, %v), angle %v rad, velocity (%v, %v), spin %v rad/s, force (%v, %v), torque %v)",
			t.P.X, t.P.Y, t.Q.GetAngle(), v.X, v.Y, w, b.M_force.X, b.M_force.Y, b.M_torque),
		float32(rb.cur[0]), float32(rb.cur[1]))
	b.SetTransform(box2d.MakeB2Vec2(rb.cur[0]/rb.sys.ptm, rb.cur[1]/rb.sys.ptm), rb.cur[2]*math.Pi/180)
	b.SetLinearVelocity(box2d.MakeB2Vec2(0, 0))
	b.SetAngularVelocity(0)
	b.M_force.SetZero()
	b.M_torque = 0
}

// capture records the pose after a step. A non-finite pose (which contain
// keeps out of the step) never reaches the node.
func (rb *RigidBody) capture() {
	rb.prev = rb.cur
	if rb.body.GetType() != box2d.B2BodyType.B2_staticBody {
		if p := rb.bodyPose(); finite(p[0], p[1], p[2]) {
			rb.cur = p
		}
	}
}

// write puts p on the node (world position, keeping z; local angle).
func (rb *RigidBody) write(p pose) {
	n := rb.Node()
	if rb.Type == StaticBody {
		return
	}
	wp := n.WorldPosition()
	n.SetWorldPosition(mgl32.Vec3{float32(p[0]), float32(p[1]), wp[2]})
	if !rb.FixedRotation || float32(p[2]) != n.Angle() {
		n.SetAngle(float32(p[2]))
	}
	// Store what the node now holds (rounded to float32), so the next
	// comparison sees no move.
	rb.wrote = rb.nodePose()
}

// Position returns the body's position in world units (the simulated pose
// of the last step, not the interpolated one).
func (rb *RigidBody) Position() mgl32.Vec2 { return mgl32.Vec2{float32(rb.cur[0]), float32(rb.cur[1])} }

// LinearVelocity returns the velocity in world units per second.
func (rb *RigidBody) LinearVelocity() mgl32.Vec2 {
	if rb.body == nil {
		return mgl32.Vec2{}
	}
	v := rb.body.GetLinearVelocity()
	return mgl32.Vec2{float32(v.X * rb.sys.ptm), float32(v.Y * rb.sys.ptm)}
}

// SetLinearVelocity sets the velocity in world units per second. A
// non-finite v (NaN or ±Inf) is refused with an error naming the node and
// the value, and the body keeps its velocity. Without a body (disabled) it
// does nothing.
func (rb *RigidBody) SetLinearVelocity(v mgl32.Vec2) error {
	if rb.body == nil {
		return nil
	}
	if !finite2(v) {
		return rb.errorf("SetLinearVelocity(%v, %v): not a finite velocity; the body keeps its own", v[0], v[1])
	}
	rb.body.SetLinearVelocity(rb.sys.meters(v))
	return nil
}

// AngularVelocity returns the spin in degrees per second.
func (rb *RigidBody) AngularVelocity() float32 {
	if rb.body == nil {
		return 0
	}
	return mgl32.RadToDeg(float32(rb.body.GetAngularVelocity()))
}

// SetAngularVelocity sets the spin in degrees per second. A non-finite deg
// is refused with an error naming the node and the value, and the body
// keeps its spin. Without a body (disabled) it does nothing.
func (rb *RigidBody) SetAngularVelocity(deg float32) error {
	if rb.body == nil {
		return nil
	}
	if !finite(float64(deg)) {
		return rb.errorf("SetAngularVelocity(%v): not a finite spin; the body keeps its own", deg)
	}
	rb.body.SetAngularVelocity(float64(mgl32.DegToRad(deg)))
	return nil
}

// ApplyForceToCenter pushes the body with a force in world units (mass ×
// world units / s²), waking it. A non-finite f is refused with an error
// naming the node and the value, and nothing is applied. Without a body
// (disabled) it does nothing.
func (rb *RigidBody) ApplyForceToCenter(f mgl32.Vec2) error {
	if rb.body == nil {
		return nil
	}
	if !finite2(f) {
		return rb.errorf("ApplyForceToCenter(%v, %v): not a finite force; nothing is applied", f[0], f[1])
	}
	rb.body.ApplyForceToCenter(rb.sys.meters(f), true)
	return nil
}

// ApplyImpulseToCenter changes the momentum by an impulse in world units
// (mass × world units / s), waking the body. A non-finite i is refused
// with an error naming the node and the value, and nothing is applied.
// Without a body (disabled) it does nothing.
func (rb *RigidBody) ApplyImpulseToCenter(i mgl32.Vec2) error {
	if rb.body == nil {
		return nil
	}
	if !finite2(i) {
		return rb.errorf("ApplyImpulseToCenter(%v, %v): not a finite impulse; nothing is applied", i[0], i[1])
	}
	rb.body.ApplyLinearImpulseToCenter(rb.sys.meters(i), true)
	return nil
}

// Awake reports whether the body is simulated (not asleep).
func (rb *RigidBody) Awake() bool { return rb.body != nil && rb.body.IsAwake() }

// The contact callbacks, Cocos Creator's onBeginContact/onEndContact. Any
// component on a collider's node may implement them; they are found when
// needed and cached until the node's components change. self is the
// collider of the component's own node. They run after the step, so they
// may create and destroy bodies.
type (
	// ContactBeginner is told when two colliders start touching.
	ContactBeginner interface {
		OnBeginContact(self, other *Collider)
	}
	// ContactEnder is told when two colliders stop touching, also when one
	// of them leaves the world.
	ContactEnder interface {
		OnEndContact(self, other *Collider)
	}
)

// fixtureMaker is a physics collider component: it makes its Box2D shape.
type fixtureMaker interface {
	scenegraph.Behavior
	collider() *Collider
	shape(ptm float64, sx, sy float32) box2d.B2ShapeInterface
}

// Collider is what BoxCollider and CircleCollider share: the material
// and filtering of a shape on the RigidBody of the same node. Its fields
// are read when the shape joins the body; a shape enabled before its node
// has an enabled RigidBody joins the body when the body is enabled. Box2D
// keeps polygons apart by a skin of 2×linear slop (0.01 m), so a box
// resting on a box sits about 0.015 m (0.48 px at 32 px/m) above the
// surface.
type Collider struct {
	scenegraph.Component

	// Offset moves the shape from the node's origin, in local units.
	Offset mgl32.Vec2
	// Density (mass per square meter; 0 on a dynamic body counts as 1),
	// Friction (0..1) and Restitution (bounciness, 0..1).
	Density, Friction, Restitution float64
	// Sensor detects contacts without colliding.
	Sensor bool
	// Category is the shape's category bits and Mask the categories it
	// collides with (zero values: category 1, mask all).
	Category, Mask uint16
	// OneWay makes the shape a one-way platform (Godot's
	// one_way_collision): shapes landing on it from above (along the
	// body's up, +y rotated by its angle) collide; shapes meeting it from
	// below or from the side pass through until they have left it. A
	// CharacterBody honours it in its casts too.
	OneWay bool

	contact Contact // the one being reported
	body    *RigidBody
	fixture *box2d.B2Fixture
	seen    []scenegraph.Behavior
	begin   []ContactBeginner
	end     []ContactEnder
}

// RigidBody returns the body the shape is on (nil while it is not).
func (c *Collider) RigidBody() *RigidBody { return c.body }

func (c *Collider) collider() *Collider { return c }

// enable joins the node's RigidBody, if it is in the world.
func (c *Collider) enable(f fixtureMaker) {
	// Without a RigidBody yet, the shape waits: the body takes the node's
	// enabled shapes when it is enabled.
	if rb := scenegraph.GetComponent[*RigidBody](c.Node()); rb != nil && rb.body != nil {
		c.attach(rb, f)
	}
}

// attach puts the shape on rb. A shape with a non-finite size, offset,
// density, friction or restitution, or on a node whose world scale is not
// finite, is refused (Box2D would assert, or spread NaN): it is reported to
// the scene's logger with the node path and the value and stays off the
// body.
func (c *Collider) attach(rb *RigidBody, f fixtureMaker) {
	if c.fixture != nil {
		return
	}
	s := rb.Node().WorldMatrix()
	sx := float32(math.Hypot(float64(s[0]), float64(s[1])))
	sy := float32(math.Hypot(float64(s[4]), float64(s[5])))
	if err := c.check(f, rb.sys.ptm, sx, sy); err != nil {
		scenegraph.LoggerOf(c.Node()).Printf("%v; the shape is not added to the body", err)
		return
	}
	def := box2d.MakeB2FixtureDef()
	def.Shape = f.shape(rb.sys.ptm, sx, sy)
	def.Density = max(c.Density, 0) // Box2D asserts on a negative density
	if def.Density == 0 && rb.Type == DynamicBody {
		def.Density = 1
	}
	def.Friction, def.Restitution, def.IsSensor = c.Friction, c.Restitution, c.Sensor
	def.Filter.CategoryBits, def.Filter.MaskBits = 1, 0xFFFF
	if c.Category != 0 {
		def.Filter.CategoryBits = c.Category
	}
	if c.Mask != 0 {
		def.Filter.MaskBits = c.Mask
	}
	def.UserData = c
	c.body = rb
	c.fixture = rb.body.CreateFixtureFromDef(&def)
}

// check refuses a shape Box2D cannot take.
func (c *Collider) check(f fixtureMaker, ptm float64, sx, sy float32) error {
	var bad string
	switch {
	case !finite(float64(sx), float64(sy)):
		bad = fmt.Sprintf("node world scale (%v, %v)", sx, sy)
	case !finite2(c.Offset):
		bad = fmt.Sprintf("Offset (%v, %v)", c.Offset[0], c.Offset[1])
	case !finite(c.Density, c.Friction, c.Restitution):
		bad = fmt.Sprintf("Density %v, Friction %v, Restitution %v", c.Density, c.Friction, c.Restitution)
	default:
		switch sh := f.(type) {
		case *BoxCollider:
			if !finite2(sh.Size) {
				bad = fmt.Sprintf("Size (%v, %v)", sh.Size[0], sh.Size[1])
			}
		case *CircleCollider:
			if !finite(float64(sh.Radius)) {
				bad = fmt.Sprintf("Radius %v", sh.Radius)
			}
		case *EdgeCollider, *ChainCollider:
			if err := checkPoints(f, ptm, sx, sy, c.Node().Path()); err != nil {
				return err
			}
		}
	}
	if bad == "" {
		return nil
	}
	return fmt.Errorf("physics2d: %T on %q: %s is not finite", f, c.Node().Path(), bad)
}

// disable takes the shape off its body; Box2D ends its contacts.
func (c *Collider) disable() {
	if c.fixture == nil || c.body == nil || c.body.body == nil {
		c.fixture, c.body = nil, nil
		return
	}
	c.body.body.DestroyFixture(c.fixture)
	c.fixture, c.body = nil, nil
}

func (c *Collider) notify(begin bool, self, other *Collider) {
	n := c.Node()
	if n == nil {
		return
	}
	comps := n.Components()
	same := len(comps) == len(c.seen)
	for i := 0; same && i < len(comps); i++ {
		same = comps[i] == c.seen[i]
	}
	if !same {
		c.seen = append(c.seen[:0], comps...)
		c.begin, c.end = c.begin[:0], c.end[:0]
		for _, b := range comps {
			if x, ok := b.(ContactBeginner); ok {
				c.begin = append(c.begin, x)
			}
			if x, ok := b.(ContactEnder); ok {
				c.end = append(c.end, x)
			}
		}
	}
	if begin {
		for _, l := range c.begin {
			if enabled(l) {
				safeContact(n, l, true, self, other)
			}
		}
		return
	}
	for _, l := range c.end {
		if b, ok := l.(scenegraph.Behavior); !ok || b.Base().IsValid() {
			safeContact(n, l, false, self, other)
		}
	}
}

func safeContact(n *scenegraph.Node, l any, begin bool, self, other *Collider) {
	defer func() {
		if r := recover(); r != nil {
			name := "OnEndContact"
			if begin {
				name = "OnBeginContact"
			}
			scenegraph.ReportPanic(n, l, name, r, "the component is disabled")
			if b, ok := l.(scenegraph.Behavior); ok {
				b.Base().SetEnabled(false)
			}
		}
	}()
	if begin {
		l.(ContactBeginner).OnBeginContact(self, other)
	} else {
		l.(ContactEnder).OnEndContact(self, other)
	}
}

// BoxCollider is a box shape on the node's RigidBody (Cocos'
// BoxCollider).
type BoxCollider struct {
	Collider
	// Size is the box's width and height in local units (scaled by the
	// node's world scale when the shape joins the body).
	Size mgl32.Vec2
}

// NewBoxCollider returns a w×h box shape.
func NewBoxCollider(w, h float32) *BoxCollider {
	return &BoxCollider{Size: mgl32.Vec2{w, h}, Collider: Collider{Friction: 0.2}}
}

// OnEnable puts the shape on the node's RigidBody.
func (c *BoxCollider) OnEnable() { c.enable(c) }

// OnDisable takes it off.
func (c *BoxCollider) OnDisable() { c.disable() }

func (c *BoxCollider) shape(ptm float64, sx, sy float32) box2d.B2ShapeInterface {
	sh := box2d.MakeB2PolygonShape()
	hx := float64(c.Size[0]*sx) / 2 / ptm
	hy := float64(c.Size[1]*sy) / 2 / ptm
	center := box2d.MakeB2Vec2(float64(c.Offset[0]*sx)/ptm, float64(c.Offset[1]*sy)/ptm)
	sh.SetAsBoxFromCenterAndAngle(max(hx, 1e-4), max(hy, 1e-4), center, 0)
	return &sh
}

// CircleCollider is a circle shape on the node's RigidBody (Cocos'
// CircleCollider).
type CircleCollider struct {
	Collider
	// Radius is in local units (scaled by the node's largest world scale).
	Radius float32
}

// NewCircleCollider returns a circle shape of radius r.
func NewCircleCollider(r float32) *CircleCollider {
	return &CircleCollider{Radius: r, Collider: Collider{Friction: 0.2}}
}

// OnEnable puts the shape on the node's RigidBody.
func (c *CircleCollider) OnEnable() { c.enable(c) }

// OnDisable takes it off.
func (c *CircleCollider) OnDisable() { c.disable() }

func (c *CircleCollider) shape(ptm float64, sx, sy float32) box2d.B2ShapeInterface {
	sh := box2d.MakeB2CircleShape()
	sh.M_radius = max(float64(c.Radius*max(sx, sy))/ptm, 1e-4)
	sh.M_p = box2d.MakeB2Vec2(float64(c.Offset[0]*sx)/ptm, float64(c.Offset[1]*sy)/ptm)
	return &sh
}

// enabled reports whether l is a component enabled in hierarchy.
func enabled(l any) bool {
	b, ok := l.(scenegraph.Behavior)
	return ok && b.Base().EnabledInHierarchy()
}

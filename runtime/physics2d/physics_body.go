package physics2d

import (
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
func (rb *RigidBody) OnEnable() {
	p := SystemOf(rb.Node())
	if p == nil {
		scenegraph.LoggerOf(rb.Node()).Printf("physics2d: RigidBody on %q: its scene is run by no Director; it will not move", rb.Node().Path())
		return
	}
	n := rb.Node()
	wp := n.WorldPosition()
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

// pullTeleport moves the body to its node if someone moved the node.
func (rb *RigidBody) pullTeleport() {
	if !rb.moved() {
		return
	}
	p := rb.nodePose()
	rb.body.SetTransform(box2d.MakeB2Vec2(p[0]/rb.sys.ptm, p[1]/rb.sys.ptm), p[2]*math.Pi/180)
	rb.body.SetAwake(true)
	rb.cur, rb.prev, rb.wrote = p, p, p
}

// capture records the pose after a step.
func (rb *RigidBody) capture() {
	rb.prev = rb.cur
	if rb.body.GetType() != box2d.B2BodyType.B2_staticBody {
		rb.cur = rb.bodyPose()
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

// SetLinearVelocity sets the velocity in world units per second.
func (rb *RigidBody) SetLinearVelocity(v mgl32.Vec2) {
	if rb.body != nil {
		rb.body.SetLinearVelocity(rb.sys.meters(v))
	}
}

// AngularVelocity returns the spin in degrees per second.
func (rb *RigidBody) AngularVelocity() float32 {
	if rb.body == nil {
		return 0
	}
	return mgl32.RadToDeg(float32(rb.body.GetAngularVelocity()))
}

// SetAngularVelocity sets the spin in degrees per second.
func (rb *RigidBody) SetAngularVelocity(deg float32) {
	if rb.body != nil {
		rb.body.SetAngularVelocity(float64(mgl32.DegToRad(deg)))
	}
}

// ApplyForceToCenter pushes the body with a force in world units (mass ×
// world units / s²), waking it.
func (rb *RigidBody) ApplyForceToCenter(f mgl32.Vec2) {
	if rb.body != nil {
		rb.body.ApplyForceToCenter(rb.sys.meters(f), true)
	}
}

// ApplyImpulseToCenter changes the momentum by an impulse in world units
// (mass × world units / s), waking the body.
func (rb *RigidBody) ApplyImpulseToCenter(i mgl32.Vec2) {
	if rb.body != nil {
		rb.body.ApplyLinearImpulseToCenter(rb.sys.meters(i), true)
	}
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

func (c *Collider) attach(rb *RigidBody, f fixtureMaker) {
	if c.fixture != nil {
		return
	}
	s := rb.Node().WorldMatrix()
	sx := float32(math.Hypot(float64(s[0]), float64(s[1])))
	sy := float32(math.Hypot(float64(s[4]), float64(s[5])))
	def := box2d.MakeB2FixtureDef()
	def.Shape = f.shape(rb.sys.ptm, sx, sy)
	def.Density = c.Density
	if def.Density <= 0 && rb.Type == DynamicBody {
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

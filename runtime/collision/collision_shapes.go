package collision

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// ShapeKind is the shape of a Collider.
type ShapeKind uint8

const (
	// ShapeBox is a rectangle of Collider.Size centered on Offset.
	ShapeBox ShapeKind = iota
	// ShapeCircle is a circle of Collider.Radius centered on Offset.
	ShapeCircle
	// ShapePolygon is the convex polygon of Collider.Points.
	ShapePolygon
)

// The collision callbacks, Cocos Creator 2.x's onCollisionEnter/Stay/Exit.
// Any component on a Collider's node may implement them; the System
// finds them when the collider is enabled (and again if the node's
// components change), never per call. self is the collider of the
// component's own node and other the collider touched (the order of every
// Tact contact callback, as in Cocos 3's onBeginContact). Enter and Stay go to components
// enabled in hierarchy; Exit goes to every component still attached, so
// that a node being disabled or destroyed hears its contacts end.
type (
	// CollisionEnterer is told when two colliders start to overlap.
	CollisionEnterer interface{ OnCollisionEnter(self, other *Collider) }
	// CollisionStayer is told, once per frame after the first, while two
	// colliders keep overlapping.
	CollisionStayer interface{ OnCollisionStay(self, other *Collider) }
	// CollisionExiter is told once when an overlap ends: the colliders moved
	// apart, or one was disabled or destroyed (then at once, from its
	// OnDisable).
	CollisionExiter interface{ OnCollisionExit(self, other *Collider) }
)

// Collider is a collision shape on a node, for overlap detection without
// physics (Cocos 2.x's BoxCollider, CircleCollider and PolygonCollider in
// one component). Its shape follows the node's world transform: position,
// rotation and scale. Make one with NewBoxCollider, NewCircleCollider or
// NewPolygonCollider. The System of its scene tests it while it is
// enabled.
type Collider struct {
	scenegraph.Component

	// Offset moves the shape's center (box, circle) or origin (polygon) from
	// the node's origin, in local units.
	Offset mgl32.Vec2
	// Size is a box's width and height, in local units.
	Size mgl32.Vec2
	// Radius is a circle's radius, in local units (scaled by the node's
	// largest axis scale).
	Radius float32
	// Group is the collision group, 0..31; System's matrix says
	// which groups meet. It is read when the collider is enabled.
	Group int

	kind   ShapeKind
	points []mgl32.Vec2 // polygon, local

	sys   *System
	id    int32
	group int
	// World shape, recomputed every pass.
	minX, minY, maxX, maxY float32
	cx, cy, r              float32 // circle
	world                  []mgl32.Vec2
	touching               int

	// Listener cache.
	seen  []scenegraph.Behavior
	enter []CollisionEnterer
	stay  []CollisionStayer
	exit  []CollisionExiter
}

// NewBoxCollider returns a w×h box collider centered on its node.
func NewBoxCollider(w, h float32) *Collider {
	return &Collider{kind: ShapeBox, Size: mgl32.Vec2{w, h}, id: -1, world: make([]mgl32.Vec2, 4)}
}

// NewCircleCollider returns a circle collider of radius r centered on its node.
func NewCircleCollider(r float32) *Collider {
	return &Collider{kind: ShapeCircle, Radius: r, id: -1}
}

// NewPolygonCollider returns a collider of a convex polygon (local points,
// either winding). Fewer than three points, a concave or degenerate
// polygon, or a point that is not finite is an error.
func NewPolygonCollider(points []mgl32.Vec2) (*Collider, error) {
	if err := checkConvex(points); err != nil {
		return nil, err
	}
	c := &Collider{kind: ShapePolygon, id: -1, points: append([]mgl32.Vec2(nil), points...)}
	c.world = make([]mgl32.Vec2, len(points))
	return c, nil
}

func checkConvex(p []mgl32.Vec2) error {
	if len(p) < 3 {
		return fmt.Errorf("collision: polygon collider: %d points, need at least 3", len(p))
	}
	sign := 0
	for i := range p {
		a, b, c := p[i], p[(i+1)%len(p)], p[(i+2)%len(p)]
		for _, v := range [...]float32{a[0], a[1]} {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return fmt.Errorf("collision: polygon collider: point %d is not finite", i)
			}
		}
		cross := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		s := 0
		if cross > 0 {
			s = 1
		} else if cross < 0 {
			s = -1
		}
		if s == 0 {
			continue
		}
		if sign != 0 && s != sign {
			return fmt.Errorf("collision: polygon collider: not convex at point %d", (i+1)%len(p))
		}
		sign = s
	}
	if sign == 0 {
		return fmt.Errorf("collision: polygon collider: the points are on one line")
	}
	return nil
}

// Kind returns the collider's shape.
func (c *Collider) Kind() ShapeKind { return c.kind }

// Points returns a polygon collider's local points (nil for other shapes).
// The slice belongs to the collider.
func (c *Collider) Points() []mgl32.Vec2 { return c.points }

// Touching returns the number of colliders this one overlaps, as of the last
// collision pass (minus those ended since).
func (c *Collider) Touching() int { return c.touching }

// Bounds returns the collider's world axis-aligned bounding box as of the
// last collision pass.
func (c *Collider) Bounds() (minX, minY, maxX, maxY float32) { return c.minX, c.minY, c.maxX, c.maxY }

// OnEnable joins the System of the node's scene.
func (c *Collider) OnEnable() {
	s := SystemOf(c.Node())
	if s == nil {
		scenegraph.LoggerOf(c.Node()).Printf("collision: Collider on %q: its scene is run by no Director; it will not collide", c.Node().Path())
		return
	}
	s.add(c)
}

// Start finds the node's collision listeners once all the components the
// node was built with are there, so the first contact finds them cached.
func (c *Collider) Start() {
	if c.sys != nil {
		c.resolve()
	}
}

// OnDisable leaves the System, ending the collider's contacts with
// an exit on both sides.
func (c *Collider) OnDisable() {
	if c.sys != nil {
		c.sys.remove(c)
	}
}

// updateWorld recomputes the world shape and bounds from the node.
func (c *Collider) updateWorld() {
	m := c.Node().WorldMatrix()
	a, b, cc, d, tx, ty := m[0], m[1], m[4], m[5], m[12], m[13]
	xf := func(x, y float32) mgl32.Vec2 { return mgl32.Vec2{a*x + cc*y + tx, b*x + d*y + ty} }
	switch c.kind {
	case ShapeCircle:
		p := xf(c.Offset[0], c.Offset[1])
		s := float32(math.Sqrt(float64(max(a*a+b*b, cc*cc+d*d))))
		c.cx, c.cy, c.r = p[0], p[1], c.Radius*s
		c.minX, c.minY, c.maxX, c.maxY = c.cx-c.r, c.cy-c.r, c.cx+c.r, c.cy+c.r
		return
	case ShapeBox:
		if len(c.world) != 4 { // a zero Collider made without NewBoxCollider
			c.world = make([]mgl32.Vec2, 4)
		}
		hx, hy := c.Size[0]/2, c.Size[1]/2
		ox, oy := c.Offset[0], c.Offset[1]
		c.world[0] = xf(ox-hx, oy-hy)
		c.world[1] = xf(ox+hx, oy-hy)
		c.world[2] = xf(ox+hx, oy+hy)
		c.world[3] = xf(ox-hx, oy+hy)
	default:
		for i, p := range c.points {
			c.world[i] = xf(p[0]+c.Offset[0], p[1]+c.Offset[1])
		}
	}
	c.minX, c.minY = c.world[0][0], c.world[0][1]
	c.maxX, c.maxY = c.minX, c.minY
	for _, p := range c.world[1:] {
		c.minX, c.maxX = min(c.minX, p[0]), max(c.maxX, p[0])
		c.minY, c.maxY = min(c.minY, p[1]), max(c.maxY, p[1])
	}
}

// overlaps is the narrow phase: exact overlap of the two world shapes
// (touching counts).
func overlaps(a, b *Collider) bool {
	ac, bc := a.kind == ShapeCircle, b.kind == ShapeCircle
	switch {
	case ac && bc:
		dx, dy, r := a.cx-b.cx, a.cy-b.cy, a.r+b.r
		return dx*dx+dy*dy <= r*r
	case ac:
		return circlePolygon(a.cx, a.cy, a.r, b.world)
	case bc:
		return circlePolygon(b.cx, b.cy, b.r, a.world)
	}
	return !separated(a.world, b.world) && !separated(b.world, a.world)
}

// separated reports whether an edge normal of p separates p from q (SAT).
func separated(p, q []mgl32.Vec2) bool {
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		nx, ny := b[1]-a[1], a[0]-b[0]
		pmin, pmax := project(p, nx, ny)
		qmin, qmax := project(q, nx, ny)
		if pmax < qmin || qmax < pmin {
			return true
		}
	}
	return false
}

func project(p []mgl32.Vec2, nx, ny float32) (lo, hi float32) {
	lo = p[0][0]*nx + p[0][1]*ny
	hi = lo
	for _, v := range p[1:] {
		d := v[0]*nx + v[1]*ny
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// circlePolygon reports whether a circle overlaps a convex polygon of
// either winding: the center is inside, or an edge is within the radius.
func circlePolygon(cx, cy, r float32, p []mgl32.Vec2) bool {
	inside, sign := true, float32(0)
	best := float32(math.MaxFloat32)
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		ex, ey := b[0]-a[0], b[1]-a[1]
		px, py := cx-a[0], cy-a[1]
		cross := ex*py - ey*px
		if cross != 0 {
			if sign == 0 {
				sign = cross
			} else if (cross > 0) != (sign > 0) {
				inside = false
			}
		}
		l2 := ex*ex + ey*ey
		t := float32(0)
		if l2 > 0 {
			t = min(max((px*ex+py*ey)/l2, 0), 1)
		}
		dx, dy := px-t*ex, py-t*ey
		best = min(best, dx*dx+dy*dy)
	}
	return inside || best <= r*r
}

// resolve refreshes the listener cache when the node's components changed.
func (c *Collider) resolve() {
	comps := c.Node().Components()
	if len(comps) == len(c.seen) {
		same := true
		for i := range comps {
			if comps[i] != c.seen[i] {
				same = false
				break
			}
		}
		if same {
			return
		}
	}
	c.seen = append(c.seen[:0], comps...)
	c.enter, c.stay, c.exit = c.enter[:0], c.stay[:0], c.exit[:0]
	for _, b := range comps {
		if x, ok := b.(CollisionEnterer); ok {
			c.enter = append(c.enter, x)
		}
		if x, ok := b.(CollisionStayer); ok {
			c.stay = append(c.stay, x)
		}
		if x, ok := b.(CollisionExiter); ok {
			c.exit = append(c.exit, x)
		}
	}
}

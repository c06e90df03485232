package physics2d

import (
	"fmt"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
)

// EdgeCollider is a line segment from A to B on the node's RigidBody: a
// thin floor, wall or slope with no inside (Box2D's edge shape; Godot's
// SegmentShape2D). Edges collide with boxes and circles, not with each
// other. Give them to static or kinematic bodies: they have no mass.
type EdgeCollider struct {
	Collider
	// A and B are the ends in local units (scaled by the node's world
	// scale, moved by Offset). They must be finite and apart by more than
	// Box2D's linear slop (0.005 m).
	A, B mgl32.Vec2
}

// NewEdgeCollider returns a segment from a to b.
func NewEdgeCollider(a, b mgl32.Vec2) *EdgeCollider {
	return &EdgeCollider{A: a, B: b, Collider: Collider{Friction: 0.2}}
}

// OnEnable puts the shape on the node's RigidBody.
func (c *EdgeCollider) OnEnable() { c.enable(c) }

// OnDisable takes it off.
func (c *EdgeCollider) OnDisable() { c.disable() }

func (c *EdgeCollider) shape(ptm float64, sx, sy float32) box2d.B2ShapeInterface {
	sh := box2d.MakeB2EdgeShape()
	sh.Set(local(c.A, c.Offset, ptm, sx, sy), local(c.B, c.Offset, ptm, sx, sy))
	return &sh
}

// ChainCollider is a polyline through Points on the node's RigidBody,
// closed into a loop with Loop (Box2D's chain shape): ground of many
// segments that bodies slide across without catching on the joints
// between them. Like edges it has no inside and no mass.
type ChainCollider struct {
	Collider
	// Points are the vertices in local units (scaled by the node's world
	// scale, moved by Offset): at least 2, or 3 for a loop, finite, each
	// apart from the next by more than Box2D's linear slop (0.005 m). The
	// slice is read when the shape joins the body.
	Points []mgl32.Vec2
	// Loop joins the last point back to the first.
	Loop bool
}

// NewChainCollider returns an open chain through points (copied).
func NewChainCollider(points ...mgl32.Vec2) *ChainCollider {
	return &ChainCollider{Points: append([]mgl32.Vec2(nil), points...), Collider: Collider{Friction: 0.2}}
}

// OnEnable puts the shape on the node's RigidBody.
func (c *ChainCollider) OnEnable() { c.enable(c) }

// OnDisable takes it off.
func (c *ChainCollider) OnDisable() { c.disable() }

func (c *ChainCollider) shape(ptm float64, sx, sy float32) box2d.B2ShapeInterface {
	vs := make([]box2d.B2Vec2, len(c.Points))
	for i, p := range c.Points {
		vs[i] = local(p, c.Offset, ptm, sx, sy)
	}
	sh := box2d.MakeB2ChainShape()
	if c.Loop {
		sh.CreateLoop(vs, len(vs))
	} else {
		sh.CreateChain(vs, len(vs))
	}
	return &sh
}

// local converts a shape point to body meters.
func local(p, off mgl32.Vec2, ptm float64, sx, sy float32) box2d.B2Vec2 {
	return box2d.MakeB2Vec2(float64((p[0]+off[0])*sx)/ptm, float64((p[1]+off[1])*sy)/ptm)
}

// checkPoints refuses an edge or chain Box2D would assert on: a
// non-finite point, too few points, or two neighbours closer than the
// linear slop once scaled.
func checkPoints(f fixtureMaker, ptm float64, sx, sy float32, path string) error {
	var pts []mgl32.Vec2
	loop := false
	var off mgl32.Vec2
	switch sh := f.(type) {
	case *EdgeCollider:
		pts, off = []mgl32.Vec2{sh.A, sh.B}, sh.Offset
	case *ChainCollider:
		pts, loop, off = sh.Points, sh.Loop, sh.Offset
	}
	need := 2
	if loop {
		need = 3
	}
	if len(pts) < need {
		return fmt.Errorf("physics2d: %T on %q: %d points, need at least %d", f, path, len(pts), need)
	}
	for i, p := range pts {
		if !finite2(p) {
			return fmt.Errorf("physics2d: %T on %q: point %d (%v, %v) is not finite", f, path, i, p[0], p[1])
		}
	}
	n := len(pts)
	if !loop {
		n--
	}
	for i := range n {
		a, b := local(pts[i], off, ptm, sx, sy), local(pts[(i+1)%len(pts)], off, ptm, sx, sy)
		if box2d.B2Vec2DistanceSquared(a, b) <= box2d.B2_linearSlop*box2d.B2_linearSlop {
			return fmt.Errorf("physics2d: %T on %q: points %d and %d are closer than %v world units", f, path, i, (i+1)%len(pts), box2d.B2_linearSlop*ptm)
		}
	}
	return nil
}

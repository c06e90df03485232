package physics2d

import (
	"fmt"
	"math"

	"github.com/ByteArena/box2d"
	"github.com/go-gl/mathgl/mgl32"
)

// QueryFilter narrows a ray or shape cast.
type QueryFilter struct {
	// Mask is the categories (Collider.Category) that are hit; 0 hits all.
	Mask uint16
	// Ignore is a body whose shapes are never hit, such as the caster's.
	Ignore *RigidBody
	// Sensors makes sensor shapes hit too (they are skipped otherwise).
	Sensors bool
}

// accepts reports whether the filter lets fixture f be hit. It reads the
// fields: Box2D's getters take the fixture by value, a copy per call.
func (q *QueryFilter) accepts(f *box2d.B2Fixture) (*Collider, bool) {
	c, _ := f.M_userData.(*Collider)
	if c == nil || (f.M_isSensor && !q.Sensors) {
		return nil, false
	}
	if q.Mask != 0 && f.M_filter.CategoryBits&q.Mask == 0 {
		return nil, false
	}
	if q.Ignore != nil && c.body == q.Ignore {
		return nil, false
	}
	return c, true
}

// firstFilter returns the first of fs, or the filter that hits every
// non-sensor shape.
func firstFilter(fs []QueryFilter) QueryFilter {
	if len(fs) > 0 {
		return fs[0]
	}
	return QueryFilter{}
}

// castScratch is the state of a shape cast, kept in the System so that a
// cast allocates nothing.
type castScratch struct {
	toi    box2d.B2TOIInput
	toiOut box2d.B2TOIOutput
	dist   box2d.B2DistanceInput
	distO  box2d.B2DistanceOutput
	cache  box2d.B2SimplexCache
	self   box2d.B2DistanceProxy
	box    box2d.B2PolygonShape
	edge   box2d.B2EdgeShape
}

// sweepHit is the nearest shape a sweep met, in meters.
type sweepHit struct {
	fixture *box2d.B2Fixture
	c       *Collider
	t       float64
	normal  box2d.B2Vec2 // from the shape hit toward the swept one
	point   box2d.B2Vec2
}

// sweepOpts are what the character adds to a QueryFilter.
type sweepOpts struct {
	QueryFilter
	category  uint16     // nonzero: the other shape's mask must accept it
	oneWay    bool       // honour one-way platforms
	intoOnly  bool       // skip shapes the motion does not go into
	skipStart bool       // skip shapes overlapping at the start
	floor     *RigidBody // a second body to skip: the floor being ridden
}

// sweep moves the proxy self (body-local vertices) from xf by d (meters)
// and returns the first RigidBody shape it meets. Every proxy carries
// Box2D's polygon skin (polygons have it, circles get it added), so the
// time of impact, which stops the cores its target apart (the radii less
// 3 linear slops), leaves exactly one linear slop (0.005 m) between the
// surfaces of any two shapes. Every body's shapes are
// tested against the swept bounds in the System's body order, so results
// are deterministic and nothing is allocated.
func (s *System) sweep(self *box2d.B2DistanceProxy, xf box2d.B2Transform, d box2d.B2Vec2, o *sweepOpts) (sweepHit, bool) {
	var best sweepHit
	found := false
	// The swept bounds of self.
	lo, hi := box2d.MakeB2Vec2(math.Inf(1), math.Inf(1)), box2d.MakeB2Vec2(math.Inf(-1), math.Inf(-1))
	for i := range self.M_count {
		v := box2d.B2TransformVec2Mul(xf, self.M_vertices[i])
		for _, p := range [2]box2d.B2Vec2{v, box2d.B2Vec2Add(v, d)} {
			lo = box2d.MakeB2Vec2(min(lo.X, p.X), min(lo.Y, p.Y))
			hi = box2d.MakeB2Vec2(max(hi.X, p.X), max(hi.Y, p.Y))
		}
	}
	// The margin covers the skins and more: ByteArena's polygon bounds
	// stop one radius short of the shape on their upper sides.
	r := self.M_radius + 2*box2d.B2_polygonRadius + box2d.B2_linearSlop
	swept := box2d.B2AABB{LowerBound: box2d.MakeB2Vec2(lo.X-r, lo.Y-r), UpperBound: box2d.MakeB2Vec2(hi.X+r, hi.Y+r)}
	dl := d.Length()
	sc := &s.cast
	for _, rb := range s.bodies {
		if o.Ignore == rb || o.floor == rb {
			continue
		}
		for f := rb.body.M_fixtureList; f != nil; f = f.M_next {
			near := false
			for i := range f.M_proxyCount {
				near = near || box2d.B2TestOverlapBoundingBoxes(f.M_proxies[i].Aabb, swept)
			}
			if !near {
				continue
			}
			c, ok := o.accepts(f)
			if !ok || (o.category != 0 && f.M_filter.MaskBits&o.category == 0) {
				continue
			}
			up := box2d.MakeB2Vec2(0, 0)
			if o.oneWay && c.OneWay {
				q := rb.body.GetTransform().Q
				up = box2d.MakeB2Vec2(-q.S, q.C)
				if box2d.B2Vec2Dot(d, up) >= 0 {
					continue // moving up or along it: passes
				}
			}
			sh := f.M_shape
			for child := range f.M_proxyCount {
				if !box2d.B2TestOverlapBoundingBoxes(f.M_proxies[child].Aabb, swept) {
					continue
				}
				setProxy(&sc.toi.ProxyA, sh, child)
				sc.toi.ProxyB = *self
				bxf := rb.body.GetTransform()
				sc.toi.SweepA = box2d.B2Sweep{C0: bxf.P, C: bxf.P, A0: bxf.Q.GetAngle(), A: bxf.Q.GetAngle()}
				a := xf.Q.GetAngle()
				sc.toi.SweepB = box2d.B2Sweep{C0: xf.P, C: box2d.B2Vec2Add(xf.P, d), A0: a, A: a}
				sc.toi.TMax = 1
				box2d.B2TimeOfImpact(&sc.toiOut, &sc.toi)
				t := sc.toiOut.T
				switch sc.toiOut.State {
				case box2d.B2TOIOutput_State.E_separated:
					continue
				case box2d.B2TOIOutput_State.E_overlapped:
					if o.skipStart || c.OneWay && o.oneWay {
						continue
					}
					t = 0
				}
				if found && t >= best.t {
					continue
				}
				// The normal at the time of impact, from the cores' witness
				// points (no radii: the skins touch).
				sc.dist.ProxyA, sc.dist.ProxyB = sc.toi.ProxyA, sc.toi.ProxyB
				sc.dist.TransformA = bxf
				sc.dist.TransformB = box2d.B2Transform{P: box2d.B2Vec2Add(xf.P, box2d.B2Vec2MulScalar(t, d)), Q: xf.Q}
				sc.dist.UseRadii = false
				sc.cache.Count = 0
				box2d.B2Distance(&sc.distO, &sc.cache, &sc.dist)
				n := box2d.B2Vec2Sub(sc.distO.PointB, sc.distO.PointA)
				if l := n.Length(); l > 1e-9 {
					n = box2d.B2Vec2MulScalar(1/l, n)
				} else if dl > 0 {
					n = box2d.B2Vec2MulScalar(-1/dl, d)
				}
				// Moving along or away from it (an absolute bound: a long
				// slide along a floor must still see a slight fall into it).
				if o.intoOnly && box2d.B2Vec2Dot(n, d) > -1e-9 {
					continue
				}
				if up != (box2d.B2Vec2{}) && box2d.B2Vec2Dot(n, up) < oneWayCos {
					continue // met from the side or below
				}
				// The surface point: a polygon's hull is its surface (its
				// radius is Box2D's skin), a circle's is its radius out.
				p := box2d.B2Vec2Add(sc.distO.PointA, box2d.B2Vec2MulScalar(sc.toi.ProxyA.M_radius-box2d.B2_polygonRadius, n))
				best, found = sweepHit{fixture: f, c: c, t: t, normal: n, point: p}, true
			}
		}
	}
	return best, found
}

// setProxy points p at child of sh without allocating (Box2D's
// B2DistanceProxy.Set allocates for circles and edges).
func setProxy(p *box2d.B2DistanceProxy, sh box2d.B2ShapeInterface, child int) {
	switch sh := sh.(type) {
	case *box2d.B2PolygonShape:
		p.M_vertices, p.M_count, p.M_radius = sh.M_vertices[:sh.M_count], sh.M_count, sh.M_radius
	case *box2d.B2CircleShape:
		// Circles get the polygons' skin too, so that every pair of
		// shapes stops the same linear slop apart (see sweep).
		p.M_buffer[0] = sh.M_p
		p.M_vertices, p.M_count, p.M_radius = p.M_buffer[:1], 1, sh.M_radius+box2d.B2_polygonRadius
	case *box2d.B2EdgeShape:
		p.M_buffer[0], p.M_buffer[1] = sh.M_vertex1, sh.M_vertex2
		p.M_vertices, p.M_count, p.M_radius = p.M_buffer[:2], 2, sh.M_radius
	case *box2d.B2ChainShape:
		p.M_buffer[0] = sh.M_vertices[child]
		p.M_buffer[1] = sh.M_vertices[(child+1)%sh.M_count]
		p.M_vertices, p.M_count, p.M_radius = p.M_buffer[:2], 2, sh.M_radius
	}
}

// CastBox sweeps a w×h box (world units, unrotated) with its center moving
// from→to, and returns the first RigidBody shape it meets, as a
// RaycastHit: Fraction of the way at which it stops (the box's skin
// touching), the point touched, and the normal from that shape toward the
// box. A box that starts overlapping a shape hits it at Fraction 0 with
// the normal against the motion. Sensors are skipped unless the filter
// (the first of filter, if any) says otherwise. It allocates nothing.
func (s *System) CastBox(size, from, to mgl32.Vec2, filter ...QueryFilter) (RaycastHit, bool, error) {
	if !finite2(size) || !(size[0] > 0 && size[1] > 0) || !finite2(from) || !finite2(to) {
		return RaycastHit{}, false, fmt.Errorf("physics2d: CastBox(size %v, from %v, to %v): sizes must be positive and every value finite", size, from, to)
	}
	sc := &s.cast
	sc.box.SetAsBox(float64(size[0])/2/s.ptm, float64(size[1])/2/s.ptm)
	sc.box.M_radius = box2d.B2_polygonRadius
	setProxy(&sc.self, &sc.box, 0)
	return s.castSelf(from, to, filter)
}

// CastCircle sweeps a circle of radius r (world units) with its center
// moving from→to, and reports the first shape it meets as CastBox does.
func (s *System) CastCircle(r float32, from, to mgl32.Vec2, filter ...QueryFilter) (RaycastHit, bool, error) {
	if !finite(float64(r)) || !(r > 0) || !finite2(from) || !finite2(to) {
		return RaycastHit{}, false, fmt.Errorf("physics2d: CastCircle(radius %v, from %v, to %v): the radius must be positive and every value finite", r, from, to)
	}
	sc := &s.cast
	sc.self.M_buffer[0] = box2d.MakeB2Vec2(0, 0)
	sc.self.M_vertices, sc.self.M_count, sc.self.M_radius = sc.self.M_buffer[:1], 1, float64(r)/s.ptm+box2d.B2_polygonRadius
	return s.castSelf(from, to, filter)
}

func (s *System) castSelf(from, to mgl32.Vec2, filter []QueryFilter) (RaycastHit, bool, error) {
	o := sweepOpts{QueryFilter: firstFilter(filter)}
	xf := box2d.B2Transform{P: s.meters(from), Q: box2d.MakeB2RotFromAngle(0)}
	h, ok := s.sweep(&s.cast.self, xf, box2d.B2Vec2Sub(s.meters(to), xf.P), &o)
	if !ok {
		return RaycastHit{}, false, nil
	}
	return s.hit(h.c, h.point, h.normal, h.t), true, nil
}

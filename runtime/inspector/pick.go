package inspector

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// PickResult is what tact.pick returns: the node under the point, if any.
type PickResult struct {
	Node *NodeSummary `json:"node"`
}

// pick returns the topmost sprite, label, UI rect or mesh under screen
// pixel (x, y) (top-left origin, as in the game view's PNG): cameras are
// tried from the last drawn (highest Priority) down; within a camera the
// winner is the one drawn last: highest SortLayer, then Order, then (for
// two meshes) the nearer, then tree order. A MeshRenderer is hit within
// its bounding sphere (Radius, scaled as its node); one with no Radius has
// no bounds and is never picked.
func (s *Server) pick(x, y float32) PickResult {
	r := s.root()
	if r == nil {
		return PickResult{}
	}
	var cams []*scenegraph.Camera
	r.Walk(func(n *scenegraph.Node) bool {
		if !n.ActiveInHierarchy() {
			return false
		}
		for _, c := range n.Components() {
			if cam, ok := c.(*scenegraph.Camera); ok && cam.EnabledInHierarchy() && cam.Target == 0 && !cam.ScreenRect().Empty() {
				cams = append(cams, cam)
			}
		}
		return true
	})
	// Highest priority first; equal priorities keep the later one on top.
	for i := len(cams) - 1; i >= 0; i-- {
		best := i
		for j := i - 1; j >= 0; j-- {
			if cams[j].Priority > cams[best].Priority {
				best = j
			}
		}
		cam := cams[best]
		cams = append(cams[:best], cams[best+1:]...)
		sr := cam.ScreenRect()
		if x < float32(sr.X) || y < float32(sr.Y) || x >= float32(sr.X+sr.W) || y >= float32(sr.Y+sr.H) {
			continue
		}
		if n := s.pickIn(r, cam, x, y); n != nil {
			sum := s.summary(n)
			return PickResult{Node: &sum}
		}
	}
	return PickResult{}
}

type pickKey struct {
	layer uint8
	order int16
	dist  float32 // along the ray, for meshes; 0 for flat things
	seq   int
}

func (a pickKey) above(b pickKey) bool {
	if a.layer != b.layer {
		return a.layer > b.layer
	}
	if a.order != b.order {
		return a.order > b.order
	}
	if a.dist > 0 && b.dist > 0 && a.dist != b.dist {
		return a.dist < b.dist // depth-tested: the nearer one shows
	}
	return a.seq > b.seq
}

func (s *Server) pickIn(root *scenegraph.Node, cam *scenegraph.Camera, x, y float32) *scenegraph.Node {
	origin, dir := cam.ScreenRay(x, y)
	vis := cam.Visibility
	if vis == 0 {
		vis = ^scenegraph.EngineLayer
	}
	var hit *scenegraph.Node
	var hitKey pickKey
	seq := 0
	root.Walk(func(n *scenegraph.Node) bool {
		if !n.ActiveInHierarchy() {
			return false
		}
		seq++
		if n.Layer&vis == 0 {
			return true
		}
		for _, c := range n.Components() {
			if !c.Base().Enabled() {
				continue
			}
			var size, anchor mgl32.Vec2
			var key pickKey
			switch v := c.(type) {
			case *scenegraph.Sprite:
				size, anchor, key = v.Size, v.Anchor, pickKey{layer: v.SortLayer, order: v.Order, seq: seq}
			case *text.Label:
				size, anchor, key = v.Size(), v.Anchor, pickKey{layer: v.SortLayer, order: v.Order, seq: seq}
			case *ui.Rect:
				size, anchor, key = mgl32.Vec2{v.Width(), v.Height()}, v.Anchor(), pickKey{seq: seq}
			case *scenegraph.MeshRenderer:
				if t, ok := sphereHit(n, v.Radius, origin, dir); ok {
					if k := (pickKey{v.SortLayer, v.Order, t, seq}); hit == nil || k.above(hitKey) {
						hit, hitKey = n, k
					}
				}
				continue
			default:
				continue
			}
			if hit != nil && !key.above(hitKey) {
				continue
			}
			if p, ok := localHit(n, origin, dir); ok {
				x0, y0 := -anchor[0]*size[0], -anchor[1]*size[1]
				if p[0] >= x0 && p[0] <= x0+size[0] && p[1] >= y0 && p[1] <= y0+size[1] {
					hit, hitKey = n, key
				}
			}
		}
		return true
	})
	return hit
}

// localHit intersects the world ray with n's local z = 0 plane and returns
// the point in n's local coordinates.
func localHit(n *scenegraph.Node, origin, dir mgl32.Vec3) (mgl32.Vec2, bool) {
	m := n.WorldMatrix()
	if m.Det() == 0 {
		return mgl32.Vec2{}, false
	}
	inv := m.Inv()
	o := inv.Mul4x1(origin.Vec4(1)).Vec3()
	d := inv.Mul4x1(dir.Vec4(0)).Vec3()
	if d[2] > -1e-9 && d[2] < 1e-9 {
		return mgl32.Vec2{}, false
	}
	t := -o[2] / d[2]
	return mgl32.Vec2{o[0] + t*d[0], o[1] + t*d[1]}, true
}

// sphereHit intersects the world ray with the sphere of radius r (in n's
// local units) around n's origin; it returns the first hit's distance
// along the ray (in units of dir, > 0).
func sphereHit(n *scenegraph.Node, r float32, origin, dir mgl32.Vec3) (float32, bool) {
	if r <= 0 {
		return 0, false
	}
	m := n.WorldMatrix()
	c := m.Col(3).Vec3()
	s := max(m.Col(0).Vec3().Len(), m.Col(1).Vec3().Len(), m.Col(2).Vec3().Len())
	r *= s
	oc := origin.Sub(c)
	a := dir.Dot(dir)
	b := oc.Dot(dir)
	disc := b*b - a*(oc.Dot(oc)-r*r)
	if a == 0 || disc < 0 {
		return 0, false
	}
	sq := float32(math.Sqrt(float64(disc)))
	t := (-b - sq) / a
	if t <= 0 {
		t = (-b + sq) / a // the ray starts inside the sphere
	}
	if t <= 0 {
		return 0, false
	}
	return t, true
}

package ui

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// Node events a Rect emits on its node (Node.Emit; they do not bubble). Arg
// is the *Rect.
const (
	// EventSizeChanged is emitted after SetSize changed the size.
	EventSizeChanged = "size-changed"
	// EventAnchorChanged is emitted after SetAnchor changed the anchor.
	EventAnchorChanged = "anchor-changed"
)

// Rect gives its node a rectangle in the node's local space, as Cocos
// Creator's UITransform does: a content size and an anchor, the point of the
// rectangle (0..1 per axis, {0.5, 0.5} the center) at the node's origin. The
// rectangle spans [-Anchor.x·W, (1-Anchor.x)·W] × [-Anchor.y·H,
// (1-Anchor.y)·H], y up. Hit testing, Layout, Widget, ScrollView and the
// components that draw to a size (NineSlice, ProgressBar, TextInput) read
// it.
//
// Create one with NewRect; the zero Rect is 0×0 with its anchor at the
// bottom-left corner. The size and anchor are state a scene file saves
// (ContentSize and AnchorPoint, Cocos' names); at run time change them
// through SetSize and SetAnchor, which keep them finite and emit
// EventSizeChanged and EventAnchorChanged, so layouts and widgets follow.
type Rect struct {
	scenegraph.Component

	// BlockInput makes the node take pointer events (and hide what lies
	// under it from them) even when nothing on it listens, as Cocos'
	// BlockInputEvents does: a modal panel's background.
	BlockInput bool

	// ContentSize is the size in local units, never negative (SetSize's
	// rules). Assign it only before the component attaches, as a scene file
	// does; later, call SetSize.
	ContentSize mgl32.Vec2
	// AnchorPoint is the point of the rectangle at the node's origin, 0..1
	// per axis. Assign it only before the component attaches; later, call
	// SetAnchor.
	AnchorPoint mgl32.Vec2

	sys *System // the System it is registered with, while enabled
	at  int     // place in the System's list (see listed)
}

// NewRect returns a w×h Rect anchored at its center; w and h are taken
// as SetSize takes them.
func NewRect(w, h float32) *Rect {
	r := &Rect{AnchorPoint: mgl32.Vec2{0.5, 0.5}}
	r.SetSize(w, h)
	return r
}

// Size returns the content size in local units.
func (r *Rect) Size() mgl32.Vec2 { return r.ContentSize }

// Width returns the content width.
func (r *Rect) Width() float32 { return r.ContentSize[0] }

// Height returns the content height.
func (r *Rect) Height() float32 { return r.ContentSize[1] }

// SetSize sets the content size and emits EventSizeChanged on the node if
// it changed. Negative values count as 0, and so do non-finite ones (NaN,
// ±Inf), which would spread to every layout, hit test and scroll view that
// reads the size; a non-finite one is also logged, naming the node.
func (r *Rect) SetSize(w, h float32) {
	if !finite(w) || !finite(h) {
		scenegraph.LoggerOf(r.Node()).Printf("ui: Rect on %q: SetSize(%v, %v): a non-finite size counts as 0", r.path(), w, h)
		w, h = finiteOr(w, 0), finiteOr(h, 0)
	}
	s := mgl32.Vec2{max(w, 0), max(h, 0)}
	if s == r.ContentSize {
		return
	}
	r.ContentSize = s
	if n := r.Node(); n != nil {
		n.Emit(EventSizeChanged, r)
	}
}

// Anchor returns the anchor: the point of the rectangle at the node's
// origin, 0..1 per axis.
func (r *Rect) Anchor() mgl32.Vec2 { return r.AnchorPoint }

// SetAnchor sets the anchor and emits EventAnchorChanged on the node if it
// changed. A non-finite component (NaN, ±Inf) counts as 0.5, the center,
// and is logged, naming the node.
func (r *Rect) SetAnchor(x, y float32) {
	if !finite(x) || !finite(y) {
		scenegraph.LoggerOf(r.Node()).Printf("ui: Rect on %q: SetAnchor(%v, %v): a non-finite anchor counts as 0.5", r.path(), x, y)
		x, y = finiteOr(x, 0.5), finiteOr(y, 0.5)
	}
	a := mgl32.Vec2{x, y}
	if a == r.AnchorPoint {
		return
	}
	r.AnchorPoint = a
	if n := r.Node(); n != nil {
		n.Emit(EventAnchorChanged, r)
	}
}

// Bounds returns the rectangle's corners in local units: the bottom-left
// min and the top-right max.
func (r *Rect) Bounds() (minP, maxP mgl32.Vec2) {
	x0 := -r.AnchorPoint[0] * r.ContentSize[0]
	y0 := -r.AnchorPoint[1] * r.ContentSize[1]
	return mgl32.Vec2{x0, y0}, mgl32.Vec2{x0 + r.ContentSize[0], y0 + r.ContentSize[1]}
}

// Contains reports whether the local point p lies in the rectangle, edges
// included.
func (r *Rect) Contains(p mgl32.Vec2) bool {
	lo, hi := r.Bounds()
	return p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1]
}

// RayLocal returns where the world-space ray from origin along dir meets the
// node's plane (its local z = 0), in the node's local x, y, honouring the
// node's whole world transform (translation, rotation, scale, parents).
// ok is false when the Rect has no node, the ray runs parallel to the
// plane, or the node's transform flattens it (a zero scale).
func (r *Rect) RayLocal(origin, dir mgl32.Vec3) (local mgl32.Vec2, ok bool) {
	n := r.Node()
	if n == nil {
		return mgl32.Vec2{}, false
	}
	local, _, ok = rayLocal(n.WorldMatrix(), origin, dir)
	return local, ok
}

// HitTestRay reports whether the world-space ray from origin along dir
// meets the rectangle (see RayLocal), and where, in local units.
func (r *Rect) HitTestRay(origin, dir mgl32.Vec3) (local mgl32.Vec2, hit bool) {
	local, ok := r.RayLocal(origin, dir)
	return local, ok && r.Contains(local)
}

// HitTestWorld reports whether the world point p, looked at along the world
// -Z axis as a 2D camera looks, falls in the rectangle: for a 2D scene,
// whether the point is inside the node's drawn rectangle.
func (r *Rect) HitTestWorld(p mgl32.Vec3) bool {
	_, hit := r.HitTestRay(p, mgl32.Vec3{0, 0, -1})
	return hit
}

// HitTestScreen reports whether the screen point (x, y) (pixels, origin
// top-left, y down; see Camera.ScreenToWorld) falls in the rectangle as cam
// draws it. It does not look at what else is drawn there: System.HitTest
// finds the topmost node.
func (r *Rect) HitTestScreen(cam *scenegraph.Camera, x, y float32) bool {
	if cam == nil {
		return false
	}
	o, d := cam.ScreenRay(x, y)
	_, hit := r.HitTestRay(o, d)
	return hit
}

// rayLocal intersects the ray (o, d) with the plane of world matrix m (its
// local z = 0) and returns the point in m's local x, y and in world space.
// It solves in world space from the matrix's x and y axes, so a zero z
// scale does not matter and nothing is inverted.
func rayLocal(m mgl32.Mat4, o, d mgl32.Vec3) (local mgl32.Vec2, world mgl32.Vec3, ok bool) {
	a := mgl32.Vec3{m[0], m[1], m[2]}
	b := mgl32.Vec3{m[4], m[5], m[6]}
	p0 := mgl32.Vec3{m[12], m[13], m[14]}
	nrm := a.Cross(b)
	den := nrm.Dot(d)
	if den == 0 || !finite(den) {
		return mgl32.Vec2{}, mgl32.Vec3{}, false
	}
	t := nrm.Dot(p0.Sub(o)) / den
	world = o.Add(d.Mul(t))
	h := world.Sub(p0)
	aa, ab, bb := a.Dot(a), a.Dot(b), b.Dot(b)
	det := aa*bb - ab*ab
	if det == 0 || !finite(det) {
		return mgl32.Vec2{}, mgl32.Vec3{}, false
	}
	ha, hb := h.Dot(a), h.Dot(b)
	local = mgl32.Vec2{(ha*bb - hb*ab) / det, (hb*aa - ha*ab) / det}
	if !finite(local[0]) || !finite(local[1]) {
		return mgl32.Vec2{}, mgl32.Vec3{}, false
	}
	return local, world, true
}

func finite(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }

// finiteOr returns x, or def when x is not finite.
func finiteOr(x, def float32) float32 {
	if !finite(x) {
		return def
	}
	return x
}

// path returns the path of the Rect's node, or "" while it has none.
func (r *Rect) path() string {
	if n := r.Node(); n != nil {
		return n.Path()
	}
	return ""
}

// rectOf returns the enabled Rect on n, or nil.
func rectOf(n *scenegraph.Node) *Rect {
	for _, b := range n.Components() {
		if r, ok := b.(*Rect); ok && r.Enabled() {
			return r
		}
	}
	return nil
}

// extent returns the rectangle of n in its parent's space along each axis,
// given n's Rect (nil: a point): the size times the absolute scale, and the
// effective anchor (flipped along an axis of negative scale).
func extent(n *scenegraph.Node, r *Rect) (size, anchor mgl32.Vec2) {
	if r == nil {
		return mgl32.Vec2{}, mgl32.Vec2{0.5, 0.5}
	}
	sc := n.Scale()
	size = mgl32.Vec2{r.ContentSize[0] * abs32(sc[0]), r.ContentSize[1] * abs32(sc[1])}
	anchor = r.AnchorPoint
	if sc[0] < 0 {
		anchor[0] = 1 - anchor[0]
	}
	if sc[1] < 0 {
		anchor[1] = 1 - anchor[1]
	}
	return size, anchor
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// OnEnable registers the Rect with its scene's System for hit testing. A
// size or anchor assigned directly (a scene file's) is held to SetSize's and
// SetAnchor's rules first, so a file's NaN or negative size cannot spread.
func (r *Rect) OnEnable() {
	if sz, a := r.ContentSize, r.AnchorPoint; !finite(sz[0]) || !finite(sz[1]) || sz[0] < 0 || sz[1] < 0 || !finite(a[0]) || !finite(a[1]) {
		r.ContentSize, r.AnchorPoint = mgl32.Vec2{}, mgl32.Vec2{0.5, 0.5}
		r.SetSize(sz[0], sz[1])
		r.SetAnchor(a[0], a[1])
	}
	if s := SystemOf(r.Node()); s != nil {
		s.addRect(r)
	}
}

// OnDisable unregisters the Rect.
func (r *Rect) OnDisable() {
	if r.sys != nil {
		r.sys.removeRect(r)
	}
}

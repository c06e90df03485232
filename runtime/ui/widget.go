package ui

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// Edge is a set of edges a Widget aligns to.
type Edge uint8

// Edges. Left with Right (or Top with Bottom) stretches the node's Rect
// between them; HCenter and VCenter center the node, offset by HCenter and
// VCenter, and count only without Left or Right (Top or Bottom).
const (
	EdgeLeft Edge = 1 << iota
	EdgeRight
	EdgeTop
	EdgeBottom
	EdgeHCenter
	EdgeVCenter
)

// AlignTarget is what a Widget aligns to.
type AlignTarget uint8

// Align targets.
const (
	// AlignToParent aligns to the parent's Rect (a parent without one
	// leaves the widget alone).
	AlignToParent AlignTarget = iota
	// AlignToScreen aligns to the area the node's camera draws into (the
	// screen, or the camera's viewport), seen on the parent's plane. It
	// needs an orthographic camera drawing to the screen.
	AlignToScreen
)

// AlignMode is when a Widget aligns.
type AlignMode uint8

// Align modes.
const (
	// AlignOnResize aligns when enabled and again whenever what it aligns
	// to, or its own size, anchor, scale or settings, change: the screen's
	// size (a resized window), the parent's Rect. Cocos' ON_WINDOW_RESIZE.
	AlignOnResize AlignMode = iota
	// AlignOnce aligns once after being enabled.
	AlignOnce
	// AlignAlways aligns every frame, so that the node cannot be moved away.
	AlignAlways
)

// Widget keeps its node at fixed distances from the edges of its parent's
// Rect or of the screen, after Cocos Creator's Widget: with EdgeLeft, the
// left edge of the node's Rect (its bounds times its scale, in the parent's
// space) is Left units right of the target's left edge; EdgeRight, Right
// units left of its right edge; both, the node's Rect is stretched between
// them (its width set, its position kept on the left margin); and so on
// for Top and Bottom, and HCenter and VCenter for the centers. A node
// without a Rect aligns its origin.
//
// The System aligns once per drawn frame (before and after the layouts),
// comparing what the alignment depends on with what it was, so a Widget
// with AlignOnResize follows a window resize (the frame's screen size) in
// the frame it happens and otherwise costs a comparison and allocates
// nothing. UpdateAlignment aligns at once.
type Widget struct {
	scenegraph.Component

	// Edges are the edges aligned to.
	Edges Edge
	// Left, Right, Top and Bottom are the margins, in the parent's units;
	// negative margins put the node outside the target.
	Left, Right, Top, Bottom float32
	// HCenter and VCenter offset the centered node (right and up).
	HCenter, VCenter float32
	// Target is what the widget aligns to.
	Target AlignTarget
	// Mode is when it aligns.
	Mode AlignMode

	sys     *System
	at      int // place in the System's list (see listed)
	valid   bool
	aligned bool
	last    widgetInputs
	applies int
	warned  bool
}

// widgetInputs is everything an alignment depends on.
type widgetInputs struct {
	lo, hi              mgl32.Vec2 // the target, in the parent's space
	size, anchor, scale mgl32.Vec2
	edges               Edge
	l, r, t, b, hc, vc  float32
	target              AlignTarget
	hasRect             bool
}

// OnEnable registers the widget with its scene's System and marks it for
// aligning.
func (w *Widget) OnEnable() {
	w.valid, w.aligned = false, false
	if s := SystemOf(w.Node()); s != nil {
		s.addWidget(w)
	}
}

// OnDisable unregisters the widget.
func (w *Widget) OnDisable() {
	if w.sys != nil {
		w.sys.removeWidget(w)
	}
}

// Applies returns how many times the widget has aligned its node.
func (w *Widget) Applies() int { return w.applies }

// UpdateAlignment aligns the node now (for AlignToScreen, it needs the
// node's System for the screen size).
func (w *Widget) UpdateAlignment() {
	w.valid, w.aligned = false, false
	s := w.sys
	if s == nil {
		s = SystemOf(w.Node())
	}
	w.arrange(s)
}

func (w *Widget) arrange(s *System) {
	n := w.Node()
	if n == nil || n.Parent() == nil || w.Mode == AlignOnce && w.aligned {
		return
	}
	lo, hi, ok := w.targetRect(s, n)
	if !ok {
		return
	}
	in := w.inputs(n, lo, hi)
	if w.valid && in == w.last && w.Mode != AlignAlways {
		return
	}
	w.apply(n, lo, hi)
	w.last = w.inputs(n, lo, hi)
	w.valid, w.aligned = true, true
	w.applies++
}

func (w *Widget) inputs(n *scenegraph.Node, lo, hi mgl32.Vec2) widgetInputs {
	r := rectOf(n)
	in := widgetInputs{lo: lo, hi: hi, edges: w.Edges, l: w.Left, r: w.Right, t: w.Top, b: w.Bottom,
		hc: w.HCenter, vc: w.VCenter, target: w.Target, hasRect: r != nil}
	if r != nil {
		in.size, in.anchor = r.ContentSize, r.AnchorPoint
	}
	sc := n.Scale()
	in.scale = mgl32.Vec2{sc[0], sc[1]}
	return in
}

// targetRect returns the rectangle aligned to, in the parent's space.
func (w *Widget) targetRect(s *System, n *scenegraph.Node) (lo, hi mgl32.Vec2, ok bool) {
	parent := n.Parent()
	if w.Target == AlignToParent {
		pr := rectOf(parent)
		if pr == nil {
			return lo, hi, false
		}
		lo, hi = pr.Bounds()
		return lo, hi, true
	}
	if s == nil {
		return lo, hi, false
	}
	cam := s.CameraOf(n)
	if cam == nil {
		return lo, hi, false
	}
	if cam.Projection != scenegraph.Orthographic {
		if !w.warned {
			w.warned = true
			scenegraph.LoggerOf(n).Printf("ui: Widget on %q aligns to the screen through a perspective camera; it needs an orthographic one", n.Path())
		}
		return lo, hi, false
	}
	sw, sh := s.ScreenSize()
	vw, vh := viewportSize(cam, sw, sh)
	if vw <= 0 || vh <= 0 {
		return lo, hi, false
	}
	p := cam.ProjectionMatrix(vw, vh)
	hw, hh := 1/p[0], 1/p[5]
	cm := cam.Node().WorldMatrix()
	dir := mgl32.Vec3{-cm[8], -cm[9], -cm[10]}
	pm := parent.WorldMatrix()
	first := true
	for _, c := range [4]mgl32.Vec2{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}} {
		world := cm.Mul4x1(mgl32.Vec4{c[0], c[1], 0, 1}).Vec3()
		q, _, ok := rayLocal(pm, world, dir)
		if !ok {
			return lo, hi, false
		}
		if first {
			lo, hi, first = q, q, false
			continue
		}
		lo = mgl32.Vec2{min(lo[0], q[0]), min(lo[1], q[1])}
		hi = mgl32.Vec2{max(hi[0], q[0]), max(hi[1], q[1])}
	}
	return lo, hi, true
}

// viewportSize returns the size in pixels of what cam draws into on a
// screen of sw×sh: its Viewport of the screen (or of its Target), rounded
// as extraction rounds it.
func viewportSize(cam *scenegraph.Camera, sw, sh int) (int, int) {
	w, h := sw, sh
	if cam.Target != 0 {
		w, h = cam.TargetWidth, cam.TargetHeight
	}
	if vp := cam.Viewport; vp != (mgl32.Vec4{}) {
		return int(vp[2]*float32(w) + 0.5), int(vp[3]*float32(h) + 0.5)
	}
	return w, h
}

// apply aligns n in the target lo..hi.
func (w *Widget) apply(n *scenegraph.Node, lo, hi mgl32.Vec2) {
	r := rectOf(n)
	size, an := extent(n, r)
	sc := n.Scale()
	p := n.Position()
	var newSize mgl32.Vec2
	if r != nil {
		newSize = r.Size()
	}
	e := w.Edges
	var stretched bool
	p[0], stretched = alignAxis(lo[0], hi[0], size[0], an[0], e&EdgeLeft != 0, e&EdgeRight != 0, e&EdgeHCenter != 0,
		w.Left, w.Right, w.HCenter, r != nil && sc[0] != 0, p[0])
	if stretched {
		newSize[0] = max(hi[0]-w.Right-(lo[0]+w.Left), 0) / abs32(sc[0])
	}
	p[1], stretched = alignAxis(lo[1], hi[1], size[1], an[1], e&EdgeBottom != 0, e&EdgeTop != 0, e&EdgeVCenter != 0,
		w.Bottom, w.Top, w.VCenter, r != nil && sc[1] != 0, p[1])
	if stretched {
		newSize[1] = max(hi[1]-w.Top-(lo[1]+w.Bottom), 0) / abs32(sc[1])
	}
	if r != nil {
		r.SetSize(newSize[0], newSize[1])
	}
	setPos(n, p)
}

// alignAxis places a node along one axis of the area lo..hi: against the
// low edge (margin low), the high edge (margin high), both (stretched, when
// the node can be resized: then it reports true), or centred (offset
// center); with none of them, at pos. size and anchor are the node's extent
// and anchor along the axis.
func alignAxis(lo, hi, size, anchor float32, atLow, atHigh, centred bool, low, high, center float32, resizable bool, pos float32) (float32, bool) {
	switch {
	case atLow && atHigh && resizable:
		return lo + low + anchor*max(hi-high-(lo+low), 0), true
	case atLow:
		return lo + low + anchor*size, false
	case atHigh:
		return hi - high - (1-anchor)*size, false
	case centred:
		return (lo+hi)/2 + center + (anchor-0.5)*size, false
	}
	return pos, false
}

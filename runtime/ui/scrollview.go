package ui

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Scroll view defaults.
const (
	// DefaultWheelStep is how far one wheel notch scrolls, in the view's
	// local units.
	DefaultWheelStep = 40
	// DefaultDragThreshold is how far, in screen pixels, a press must move
	// along a scrolling axis before it becomes a drag (Cocos' 7).
	DefaultDragThreshold = 7
)

// ClipNodeName is the name of the node a ScrollView makes for its clip
// camera, under the camera that draws the view. The name is reserved: a
// saved scene holds these nodes, and a ScrollView of the reloaded scene
// takes one over (a child of its camera's node with this name and a
// Camera that no other ScrollView uses) instead of adding another; the
// System destroys those that no ScrollView took over by the end of its
// Arrange. Do not give the name to nodes of your own under a camera.
const ClipNodeName = "ScrollClip"

// ScrollView scrolls its Content, a child of its node, inside its node's
// Rect (the view), after Cocos Creator's ScrollView: a press anywhere in
// the view (on a Button in the content too) that moves more than
// DragThreshold pixels along an enabled axis drags the content (the press
// becomes the ScrollView's: System.Capture cancels it on the button, which
// does not click), and the mouse wheel scrolls it by WheelStep per notch.
// The content's position is clamped so that its Rect always covers the
// view along each enabled axis; content smaller than the view sticks to
// the view's left and top edges. Scrolled is emitted when the content moved.
//
// # Clipping
//
// The content is clipped to the view by a camera of its own: the
// ScrollView puts the whole content subtree on a layer of its own
// (ClipLayer, or a free bit of System.ClipLayers), takes that layer out of
// every other camera's Visibility, and adds a clip camera (on a node
// named ClipNodeName under the camera that draws the view; a reloaded
// scene's ScrollView takes over the one its file holds) that sees only
// that layer and whose Viewport is the view's rectangle on the screen. The
// clip camera copies its camera's projection restricted to that rectangle
// (same units per pixel, same place), so the content is drawn exactly where
// it would be, and nothing of it outside the view: the GPU clips every
// primitive to the viewport. Input follows the picture: content nodes are
// hit only through the clip camera, that is, only inside the view.
//
// The clip camera has the Priority of the camera drawing the view and is
// kept right after it in drawing order: the content is drawn after
// everything that camera draws, so a panel meant to cover a scroll view
// must be drawn by a later camera. Clipping needs an orthographic camera
// drawing to the screen or a target; under a perspective one the content
// is drawn unclipped (and that is logged). Nested scroll views work (each
// clips to its view within its parent's), each using one clip layer. The
// layers of content nodes are set every frame, so nodes added to the
// content are clipped from their first frame; do not give them layers of
// your own.
//
// The ScrollView needs its scene's System (a Director with Install, or
// System.SetScene) for the dragging, clamping and clipping. Create one with
// NewScrollView.
type ScrollView struct {
	scenegraph.Component

	// Content is the scrolled node, a child of the ScrollView's node, with
	// a Rect giving the scrollable size.
	Content *scenegraph.Node
	// Horizontal and Vertical enable scrolling along each axis.
	Horizontal, Vertical bool
	// WheelStep is the distance one wheel notch scrolls; 0 means
	// DefaultWheelStep.
	WheelStep float32
	// DragThreshold is the distance in screen pixels a press moves before
	// dragging; 0 means DefaultDragThreshold.
	DragThreshold float32
	// Camera is the camera that draws the view; nil means the System's
	// CameraOf the ScrollView's node.
	Camera *scenegraph.Camera
	// ClipLayer is the layer bit of the content; 0 takes a free one from
	// System.ClipLayers.
	ClipLayer uint32
	// Scrolled is emitted after the content moved (by a drag, the wheel,
	// ScrollTo, or clamping).
	Scrolled scenegraph.Listeners[*ScrollView]

	sys      *System
	at       int    // place in the System's list (see listed)
	layer    uint32 // the content's layer, 0 while not clipping
	pooled   bool   // layer came from the System's pool
	clipNode *scenegraph.Node
	clip     *scenegraph.Camera
	pressed  bool
	dragging bool
	dragID   PointerID
	startX   float32
	startY   float32
	last     mgl32.Vec2 // the pointer in the view's local units
	warned   bool
}

// NewScrollView returns a vertical ScrollView of content.
func NewScrollView(content *scenegraph.Node) *ScrollView {
	return &ScrollView{Content: content, Vertical: true}
}

// ClipCamera returns the camera that draws the content (nil while the
// ScrollView does not clip).
func (v *ScrollView) ClipCamera() *scenegraph.Camera { return v.clip }

// Dragging reports whether a pointer is dragging the content.
func (v *ScrollView) Dragging() bool { return v.dragging }

// OnEnable listens to the node's pointer events and registers the
// ScrollView with its scene's System.
func (v *ScrollView) OnEnable() {
	n := v.Node()
	n.On(EventPointerDown, v.onDown, v)
	n.On(EventPointerMove, v.onMove, v)
	n.On(EventPointerUp, v.onUp, v)
	n.On(EventPointerCancel, v.onCancel, v)
	n.On(EventWheel, v.onWheel, v)
	if s := SystemOf(n); s != nil {
		s.addScroll(v)
	}
}

// OnDisable stops listening, removes the clip camera and gives the content
// back its view's layer.
func (v *ScrollView) OnDisable() {
	v.Node().TargetOff(v)
	v.pressed, v.dragging = false, false
	v.stopClipping()
	if v.sys != nil {
		v.sys.removeScroll(v)
	}
}

func (v *ScrollView) onDown(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	if v.pressed || pe.Button != PrimaryButton {
		return
	}
	l, ok := pe.Local(v.Node())
	if !ok {
		return
	}
	v.pressed, v.dragging, v.dragID = true, false, pe.ID
	v.startX, v.startY, v.last = pe.X, pe.Y, l
}

func (v *ScrollView) onMove(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	if !v.pressed || pe.ID != v.dragID {
		return
	}
	l, ok := pe.Local(v.Node())
	if !ok {
		return
	}
	if !v.dragging {
		var dx, dy float32
		if v.Horizontal {
			dx = pe.X - v.startX
		}
		if v.Vertical {
			dy = pe.Y - v.startY
		}
		th := v.DragThreshold
		if th <= 0 {
			th = DefaultDragThreshold
		}
		if dx*dx+dy*dy <= th*th {
			return
		}
		v.dragging = true
		if v.sys != nil {
			v.sys.Capture(pe.ID, v.Node())
		}
	}
	d := l.Sub(v.last)
	v.last = l
	v.moveBy(d)
	pe.Handled = true
}

func (v *ScrollView) onUp(e *scenegraph.Event) {
	if pe := e.Arg.(*PointerEvent); v.pressed && pe.ID == v.dragID && pe.Button == PrimaryButton {
		v.pressed, v.dragging = false, false
	}
}

func (v *ScrollView) onCancel(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	if pe.CapturedBy == v.Node() {
		return // our own capture: the drag goes on
	}
	if v.pressed && pe.ID == v.dragID {
		v.pressed, v.dragging = false, false
	}
}

func (v *ScrollView) onWheel(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	step := v.WheelStep
	if !(step > 0) || !finite(step) { // also NaN
		step = DefaultWheelStep
	}
	if !finite(pe.WheelX) || !finite(pe.WheelY) {
		return // a NaN turn would leave the content at NaN for good
	}
	var d mgl32.Vec2
	if v.Horizontal {
		d[0] = -pe.WheelX * step
		if !v.Vertical && pe.WheelX == 0 {
			d[0] = pe.WheelY * step // a plain wheel scrolls a horizontal-only view
		}
	}
	if v.Vertical {
		d[1] = -pe.WheelY * step // turning away from the user shows what is above
	}
	if v.moveBy(d) {
		e.StopPropagation()
	}
}

// content returns the content node and its Rect when the content is usable:
// a child of the view with an enabled Rect.
func (v *ScrollView) content() (*scenegraph.Node, *Rect) {
	c := v.Content
	if c == nil || c.Parent() != v.Node() || !c.IsValidStrict() {
		return nil, nil
	}
	r := rectOf(c)
	if r == nil {
		return nil, nil
	}
	return c, r
}

// moveBy moves the content by d (local units of the view) along the
// enabled axes, clamped, and reports whether it moved.
func (v *ScrollView) moveBy(d mgl32.Vec2) bool {
	c, _ := v.content()
	if c == nil {
		return false
	}
	p := c.Position()
	if v.Horizontal {
		p[0] += d[0]
	}
	if v.Vertical {
		p[1] += d[1]
	}
	return v.place(p)
}

// place moves the content to p, clamped, and reports whether it moved.
// A non-finite coordinate along a scrolling axis (a NaN that reached the
// content's position, or its scale) is taken as scrolled to the start
// (offset 0); where even that is not finite, the content is left alone, so
// that NaN never makes it move and emit Scrolled on every frame.
func (v *ScrollView) place(p mgl32.Vec3) bool {
	c, cr := v.content()
	vr := rectOf(v.Node())
	if c == nil || vr == nil {
		return false
	}
	lo, hi := vr.Bounds()
	size, an := extent(c, cr)
	if v.Horizontal {
		x0 := p[0] - an[0]*size[0]
		if size[0] <= hi[0]-lo[0] || !finite(x0) {
			x0 = lo[0]
		} else {
			x0 = min(max(x0, hi[0]-size[0]), lo[0])
		}
		p[0] = x0 + an[0]*size[0]
	}
	if v.Vertical {
		y1 := p[1] + (1-an[1])*size[1]
		if size[1] <= hi[1]-lo[1] || !finite(y1) {
			y1 = hi[1]
		} else {
			y1 = min(max(y1, hi[1]), lo[1]+size[1])
		}
		p[1] = y1 - (1-an[1])*size[1]
	}
	// Compare the scrolling axes only: a NaN elsewhere never equals itself.
	cur := c.Position()
	moved := v.Horizontal && p[0] != cur[0] || v.Vertical && p[1] != cur[1]
	if !moved || v.Horizontal && !finite(p[0]) || v.Vertical && !finite(p[1]) {
		return false
	}
	c.SetPosition(p)
	v.Scrolled.Emit(v)
	return true
}

// Offset returns how far the content is scrolled: x from its left edge,
// y from its top edge, in the view's local units (0, 0 at the top-left).
func (v *ScrollView) Offset() mgl32.Vec2 {
	c, cr := v.content()
	vr := rectOf(v.Node())
	if c == nil || vr == nil {
		return mgl32.Vec2{}
	}
	lo, hi := vr.Bounds()
	size, an := extent(c, cr)
	p := c.Position()
	return mgl32.Vec2{lo[0] - (p[0] - an[0]*size[0]), p[1] + (1-an[1])*size[1] - hi[1]}
}

// MaxOffset returns the largest Offset: how much larger than the view the
// content is.
func (v *ScrollView) MaxOffset() mgl32.Vec2 {
	c, cr := v.content()
	vr := rectOf(v.Node())
	if c == nil || vr == nil {
		return mgl32.Vec2{}
	}
	size, _ := extent(c, cr)
	return mgl32.Vec2{max(size[0]-vr.Width(), 0), max(size[1]-vr.Height(), 0)}
}

// ScrollTo scrolls the content to offset o (see Offset), clamped, along
// the enabled axes. An o that is not finite (NaN, ±Inf) is refused: the
// content stays where it is and the error names the node and the value.
func (v *ScrollView) ScrollTo(o mgl32.Vec2) error {
	if !finite(o[0]) || !finite(o[1]) {
		path := ""
		if n := v.Node(); n != nil {
			path = n.Path()
		}
		return fmt.Errorf("ui: ScrollView on %q: ScrollTo(%v, %v): the offset is not finite", path, o[0], o[1])
	}
	d := v.Offset().Sub(o)
	v.moveBy(mgl32.Vec2{d[0], -d[1]})
	return nil
}

// arrange clamps the content (its size may have changed) and keeps the
// clipping up to date.
func (v *ScrollView) arrange(s *System) {
	c, _ := v.content()
	if c == nil {
		return
	}
	v.place(c.Position())
	v.updateClip(s)
}

func (v *ScrollView) warnf(format string, args ...any) {
	if !v.warned {
		v.warned = true
		scenegraph.LoggerOf(v.Node()).Printf(format, args...)
	}
}

// updateClip keeps the content's layer, the other cameras' Visibility and
// the clip camera's viewport and projection in step with the view.
func (v *ScrollView) updateClip(s *System) {
	n := v.Node()
	host := v.Camera
	if host == nil || !host.EnabledInHierarchy() {
		host = s.CameraOf(n)
	}
	if host == nil || host.Node() == nil {
		v.stopClipping()
		return
	}
	if host.Projection != scenegraph.Orthographic {
		v.warnf("ui: ScrollView on %q: the camera drawing it is not orthographic; its content is not clipped", n.Path())
		v.stopClipping()
		return
	}
	if !v.takeLayer(s) {
		v.warnf("ui: ScrollView on %q: no free clip layer (System.ClipLayers); its content is not clipped", n.Path())
		return
	}
	v.setLayers(v.Content)
	if v.clip == nil || !v.clipNode.IsValidStrict() || v.clipNode.Parent() != host.Node() {
		v.dropClipCamera()
		if cn, cam := s.freeClipCamera(host.Node()); cn != nil {
			// A saved scene's: take it over rather than add another.
			v.clipNode, v.clip = cn, cam
		} else {
			v.clipNode = scenegraph.NewNode(ClipNodeName)
			v.clipNode.Layer = host.Node().Layer
			if err := host.Node().AddChild(v.clipNode); err != nil {
				v.warnf("ui: ScrollView on %q: %v", n.Path(), err)
				v.clipNode = nil
				return
			}
			v.clip = scenegraph.AddComponent(v.clipNode, &scenegraph.Camera{Projection: scenegraph.Orthographic})
		}
		s.clipCams = append(s.clipCams, v.clip)
	}
	cam := v.clip
	cam.Near, cam.Far = host.Near, host.Far
	cam.Target, cam.TargetWidth, cam.TargetHeight = host.Target, host.TargetWidth, host.TargetHeight
	cam.Priority = host.Priority
	cam.Visibility = v.layer
	cam.Clear = 0

	// The host's drawing rectangle, as extraction computes it.
	sw, sh := s.ScreenSize()
	tw, th := sw, sh
	if host.Target != 0 {
		tw, th = host.TargetWidth, host.TargetHeight
	}
	hr := render.Rect{W: tw, H: th}
	if vp := host.Viewport; vp != (mgl32.Vec4{}) {
		w, h := float32(tw), float32(th)
		x, y := int(vp[0]*w+0.5), int(vp[1]*h+0.5)
		rw, rh := int(vp[2]*w+0.5), int(vp[3]*h+0.5)
		hr = render.Rect{X: x, Y: th - y - rh, W: rw, H: rh}
	}
	if hr.Empty() {
		cam.SetEnabled(false)
		return
	}
	// The view's rectangle on the screen, in whole pixels, within the host's.
	vr := rectOf(n)
	if vr == nil {
		cam.SetEnabled(false)
		return
	}
	vpm := host.ViewProj(hr.W, hr.H).Mul4(n.WorldMatrix())
	lo, hi := vr.Bounds()
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, q := range [4]mgl32.Vec2{{lo[0], lo[1]}, {hi[0], lo[1]}, {hi[0], hi[1]}, {lo[0], hi[1]}} {
		c := vpm.Mul4x1(mgl32.Vec4{q[0], q[1], 0, 1})
		px := float32(hr.X) + (c[0]/c[3]+1)/2*float32(hr.W)
		py := float32(hr.Y) + (1-c[1]/c[3])/2*float32(hr.H)
		minX, maxX = min(minX, px), max(maxX, px)
		minY, maxY = min(minY, py), max(maxY, py)
	}
	x0 := max(int(math.Round(float64(minX))), hr.X)
	y0 := max(int(math.Round(float64(minY))), hr.Y)
	x1 := min(int(math.Round(float64(maxX))), hr.X+hr.W)
	y1 := min(int(math.Round(float64(maxY))), hr.Y+hr.H)
	if x1 <= x0 || y1 <= y0 {
		cam.SetEnabled(false) // the view is off the screen: nothing of the content shows
		return
	}
	cam.Viewport = mgl32.Vec4{float32(x0) / float32(tw), float32(th-y1) / float32(th),
		float32(x1-x0) / float32(tw), float32(y1-y0) / float32(th)}
	// Same units per pixel as the host; centred where the rectangle is.
	hp := host.ProjectionMatrix(hr.W, hr.H)
	upp := 2 / hp[5] / float32(hr.H)
	cam.OrthoHeight = float32(y1-y0) / 2 * upp
	ox := (float32(x0+x1)/2 - (float32(hr.X) + float32(hr.W)/2)) * upp
	oy := ((float32(hr.Y) + float32(hr.H)/2) - float32(y0+y1)/2) * upp
	setPos(v.clipNode, mgl32.Vec3{ox, oy, 0})
	if !cam.Enabled() {
		cam.SetEnabled(true)
	}
	v.keepAfter(host)
}

// keepAfter makes sure the clip camera draws right after host among the
// scene's cameras (re-enabling a camera moves it after those of its
// priority).
func (v *ScrollView) keepAfter(host *scenegraph.Camera) {
	sc := v.Node().Scene()
	if sc == nil {
		return
	}
	hi, ci := -1, -1
	for i, c := range sc.Cameras() {
		switch c {
		case host:
			hi = i
		case v.clip:
			ci = i
		}
	}
	if hi >= 0 && ci >= 0 && ci < hi {
		v.clip.SetEnabled(false)
		v.clip.SetEnabled(true)
	}
}

// takeLayer makes sure the ScrollView has its clip layer.
func (v *ScrollView) takeLayer(s *System) bool {
	want := v.ClipLayer
	if want != 0 {
		if v.pooled {
			s.releaseClipLayer(v.layer)
			v.pooled = false
		}
		v.layer = want
		return true
	}
	if v.layer != 0 && v.pooled {
		return true
	}
	v.layer = s.takeClipLayer()
	v.pooled = v.layer != 0
	return v.layer != 0
}

// setLayers puts n's subtree on the clip layer, except the content of
// another ScrollView inside it, which that one clips.
func (v *ScrollView) setLayers(n *scenegraph.Node) {
	if n.Layer != v.layer {
		n.Layer = v.layer
	}
	inner := scenegraph.GetComponent[*ScrollView](n)
	for _, c := range n.Children() {
		if inner != nil && inner != v && inner.Enabled() && c == inner.Content {
			continue
		}
		v.setLayers(c)
	}
}

// restoreLayers gives n's subtree (as setLayers walks it) the layer l.
func (v *ScrollView) restoreLayers(n *scenegraph.Node, l uint32) {
	n.Layer = l
	inner := scenegraph.GetComponent[*ScrollView](n)
	for _, c := range n.Children() {
		if inner != nil && inner != v && inner.Enabled() && c == inner.Content {
			continue
		}
		v.restoreLayers(c, l)
	}
}

// stopClipping removes the clip camera, gives the content its view's layer
// back and frees the clip layer.
func (v *ScrollView) stopClipping() {
	v.dropClipCamera()
	if v.layer != 0 {
		if c := v.Content; c != nil && c.IsValid() && v.Node() != nil {
			v.restoreLayers(c, v.Node().Layer)
		}
		if v.pooled && v.sys != nil {
			v.sys.releaseClipLayer(v.layer)
		}
		v.layer, v.pooled = 0, false
	}
}

func (v *ScrollView) dropClipCamera() {
	if v.clip != nil && v.sys != nil {
		v.sys.clipCams = removeFrom(v.sys.clipCams, v.clip)
	}
	if v.clipNode != nil && v.clipNode.IsValidStrict() {
		v.clipNode.Destroy()
	}
	v.clip, v.clipNode = nil, nil
}

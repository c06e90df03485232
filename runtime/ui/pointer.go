package ui

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// Node events of pointers, focus and keys. The pointer events' Arg is a
// *PointerEvent and the key events' a *KeyEvent, valid during the dispatch
// only; focus and blur have no Arg.
const (
	// EventPointerDown is dispatched (bubbling) to the topmost node under a
	// pointer when it is pressed; a further button pressed on a pressed
	// pointer is dispatched to the node that has it.
	EventPointerDown = "pointer-down"
	// EventPointerMove is dispatched (bubbling) to the node that has the
	// pointer while it is pressed, else to the topmost node under it.
	EventPointerMove = "pointer-move"
	// EventPointerUp is dispatched (bubbling) to the node that has the
	// pointer when a button is released, wherever the pointer is.
	EventPointerUp = "pointer-up"
	// EventPointerCancel is dispatched (bubbling) to the node that has a
	// pointer when its press ends without a release (PointerCancel), or
	// when Capture gives the pointer to another node.
	EventPointerCancel = "pointer-cancel"
	// EventPointerEnter is emitted (not bubbling) on each node that comes
	// under the pointer: the topmost node and its ancestors, outermost
	// first.
	EventPointerEnter = "pointer-enter"
	// EventPointerLeave is emitted (not bubbling) on each node that is no
	// longer under the pointer, innermost first.
	EventPointerLeave = "pointer-leave"
	// EventClick is dispatched (bubbling) to the node that had a pointer
	// when its primary button is released over it (the topmost node under
	// the pointer is that node or a descendant), after EventPointerUp,
	// unless the pointer was captured away or cancelled.
	EventClick = "click"
	// EventWheel is dispatched (bubbling) to the topmost node under the
	// mouse when the wheel turns.
	EventWheel = "pointer-wheel"
	// EventFocus is emitted on a node when it gains keyboard focus.
	EventFocus = "focus"
	// EventBlur is emitted on a node when it loses keyboard focus.
	EventBlur = "blur"
	// EventKeyDown is dispatched (bubbling) to the focused node for each
	// key press, auto-repeats included.
	EventKeyDown = "key-down"
	// EventTextInput is dispatched (bubbling) to the focused node with the
	// text typed.
	EventTextInput = "text-input"
)

// pointerEvents are the events that make a node take pointer events.
var pointerEvents = [...]string{EventPointerDown, EventPointerMove, EventPointerUp, EventPointerCancel,
	EventPointerEnter, EventPointerLeave, EventClick, EventWheel}

// PointerID identifies a pointer: MouseID for the mouse, any other value a
// touch finger (the Game passes the finger's id).
type PointerID int64

// MouseID is the mouse's PointerID.
const MouseID PointerID = -1

// PointerButton is a mouse button; a touch presses PrimaryButton. The
// values are SDL's, and platform.MouseButton's: ui.PointerButton(b)
// converts.
type PointerButton uint8

// Pointer buttons.
const (
	PrimaryButton   PointerButton = 1 // the left mouse button; a touch
	MiddleButton    PointerButton = 2
	SecondaryButton PointerButton = 3 // the right mouse button
)

// PointerEvent is the Arg of pointer events.
type PointerEvent struct {
	// ID is the pointer.
	ID PointerID
	// Button is the button pressed or released (pointer-down, pointer-up,
	// click); 0 for other events.
	Button PointerButton
	// X and Y are the pointer's position in screen pixels, origin top-left,
	// y down; DX and DY its motion since its previous event.
	X, Y, DX, DY float32
	// WheelX and WheelY are the wheel's turn (pointer-wheel): WheelY > 0
	// away from the user, WheelX > 0 to the right.
	WheelX, WheelY float32
	// Camera is the camera through which the pointer's node was hit (for a
	// pressed pointer, at the press): Local converts through it.
	Camera *scenegraph.Camera
	// Hit is the topmost node under the pointer now, or nil.
	Hit *scenegraph.Node
	// Over reports whether the pointer is over the event's target: Hit is
	// the target or one of its descendants.
	Over bool
	// CapturedBy is, for a pointer-cancel sent by Capture, the node that
	// took the pointer; nil otherwise.
	CapturedBy *scenegraph.Node
	// Handled is set by a component that acted on the event (a Button that
	// was pressed), so that components above it ignore it (another Button)
	// while it still bubbles to those that need it (a ScrollView).
	Handled bool
}

// Ray returns the world-space ray under the pointer through Camera
// (Camera.ScreenRay); NaN without a Camera.
func (e *PointerEvent) Ray() (origin, dir mgl32.Vec3) {
	if e.Camera == nil {
		return nanVec3(), nanVec3()
	}
	return e.Camera.ScreenRay(e.X, e.Y)
}

// Local returns the pointer's position on n's plane in n's local units,
// seen through Camera; ok is false without a Camera or when the ray misses
// the plane.
func (e *PointerEvent) Local(n *scenegraph.Node) (p mgl32.Vec2, ok bool) {
	if e.Camera == nil || n == nil {
		return mgl32.Vec2{}, false
	}
	o, d := e.Camera.ScreenRay(e.X, e.Y)
	p, _, ok = rayLocal(n.WorldMatrix(), o, d)
	return p, ok
}

// Key is a physical key, by its USB HID usage id, which is SDL's scancode
// and platform.Key's value: ui.Key(k) converts a platform.Key.
type Key uint16

// The keys the ui components use.
const (
	KeyEnter       Key = 40
	KeyEscape      Key = 41
	KeyBackspace   Key = 42
	KeyTab         Key = 43
	KeyHome        Key = 74
	KeyDelete      Key = 76
	KeyEnd         Key = 77
	KeyRight       Key = 79
	KeyLeft        Key = 80
	KeyDown        Key = 81
	KeyUp          Key = 82
	KeyKeypadEnter Key = 88
)

// KeyEvent is the Arg of key-down and text-input events.
type KeyEvent struct {
	// Key is the key pressed (key-down).
	Key Key
	// Text is the text typed (text-input), UTF-8.
	Text string
}

// SortOrderer is implemented by renderables that sort their draw items by a
// sort layer, an order and a blend mode (render.SortKey), so that hit
// testing ranks their nodes as they are drawn. Sprite, text.Label and
// MeshRenderer are known without it.
type SortOrderer interface {
	SortOrder() (layer uint8, order int16, blend render.BlendMode)
}

// pointerState is one pointer the System follows.
type pointerState struct {
	id          PointerID
	buttons     uint32 // bit per PointerButton held
	pressButton PointerButton
	x, y        float32
	known       bool // x, y hold a position
	target      *scenegraph.Node
	cam         *scenegraph.Camera
	noClick     bool
	hover       []*scenegraph.Node // the hovered chain, innermost first
	spare       []*scenegraph.Node
}

// move records the pointer's new position and returns its motion.
func (p *pointerState) move(x, y float32) (dx, dy float32) {
	if p.known {
		dx, dy = x-p.x, y-p.y
	}
	p.x, p.y, p.known = x, y, true
	return dx, dy
}

// inputState is the System's pointer bookkeeping and scratch space.
type inputState struct {
	pointers []*pointerState
	free     []*pointerState
	evs      [8]PointerEvent
	evDepth  int
	keys     [4]KeyEvent
	keyDepth int
	cams     []*scenegraph.Camera
	pathA    []*scenegraph.Node
	pathB    []*scenegraph.Node
}

// reset forgets every pointer, without events.
func (in *inputState) reset() {
	for _, p := range in.pointers {
		in.recycle(p)
	}
	in.pointers = in.pointers[:0]
}

func (in *inputState) recycle(p *pointerState) {
	clear(p.hover)
	clear(p.spare)
	*p = pointerState{hover: p.hover[:0], spare: p.spare[:0]}
	in.free = append(in.free, p)
}

// pointer returns the state of id, creating it when create is set.
func (in *inputState) pointer(id PointerID, create bool) *pointerState {
	for _, p := range in.pointers {
		if p.id == id {
			return p
		}
	}
	if !create {
		return nil
	}
	var p *pointerState
	if n := len(in.free); n > 0 {
		p = in.free[n-1]
		in.free = in.free[:n-1]
	} else {
		p = new(pointerState)
	}
	p.id = id
	in.pointers = append(in.pointers, p)
	return p
}

func (in *inputState) drop(p *pointerState) {
	if i := slices.Index(in.pointers, p); i >= 0 {
		in.pointers = slices.Delete(in.pointers, i, i+1)
		in.recycle(p)
	}
}

// event returns a cleared PointerEvent from the stack; done pops it.
func (in *inputState) event() *PointerEvent {
	var e *PointerEvent
	if in.evDepth < len(in.evs) {
		e = &in.evs[in.evDepth]
		*e = PointerEvent{}
	} else {
		e = new(PointerEvent)
	}
	in.evDepth++
	return e
}

func (in *inputState) done() { in.evDepth-- }

// Pointers returns how many pointers the System follows: the mouse once it
// has moved, and each touch from its press to its release.
func (s *System) Pointers() int { return len(s.input.pointers) }

// PointerDown feeds a press of button on pointer id at (x, y), in screen
// pixels (origin top-left, y down; for a screen camera the window's
// drawable pixels). The topmost node under the pointer (see the package
// documentation) gets pointer-down and the pointer: its later events go to
// that node. Keyboard focus is dropped unless the focused node is that node
// or one of its ancestors. A button pressed while another is held goes to
// the node that has the pointer.
func (s *System) PointerDown(id PointerID, button PointerButton, x, y float32) {
	p := s.input.pointer(id, true)
	dx, dy := p.move(x, y)
	bit := buttonBit(button)
	if p.buttons != 0 {
		p.buttons |= bit
		if t := p.target; alive(t) {
			hit, _ := s.HitTest(x, y)
			e := s.input.event()
			*e = PointerEvent{ID: id, Button: button, X: x, Y: y, DX: dx, DY: dy, Camera: p.cam, Hit: hit,
				Over: isSelfOrAncestor(t, hit)}
			s.send(t, EventPointerDown, e)
			s.input.done()
		}
		return
	}
	hit, cam := s.HitTest(x, y)
	if f := s.focus; f != nil && !isSelfOrAncestor(f, hit) {
		s.SetFocus(nil)
	}
	s.setHover(p, hit, cam)
	p.buttons, p.pressButton = bit, button
	p.target, p.cam, p.noClick = hit, cam, false
	if hit == nil {
		return
	}
	e := s.input.event()
	*e = PointerEvent{ID: id, Button: button, X: x, Y: y, DX: dx, DY: dy, Camera: cam, Hit: hit, Over: true}
	s.send(hit, EventPointerDown, e)
	s.input.done()
}

// PointerMove feeds a move of pointer id to (x, y). A pressed pointer's
// move goes to the node that has it, with Over telling whether the pointer
// is over it; otherwise hover follows the pointer and the topmost node
// under it gets pointer-move. A touch that was not pressed is ignored.
func (s *System) PointerMove(id PointerID, x, y float32) {
	p := s.input.pointer(id, id == MouseID)
	if p == nil {
		return
	}
	dx, dy := p.move(x, y)
	if p.buttons != 0 {
		t := p.target
		if !alive(t) {
			return
		}
		hit, _ := s.HitTest(x, y)
		e := s.input.event()
		*e = PointerEvent{ID: id, X: x, Y: y, DX: dx, DY: dy, Camera: p.cam, Hit: hit, Over: isSelfOrAncestor(t, hit)}
		s.send(t, EventPointerMove, e)
		s.input.done()
		return
	}
	hit, cam := s.HitTest(x, y)
	s.setHover(p, hit, cam)
	if hit == nil {
		return
	}
	e := s.input.event()
	*e = PointerEvent{ID: id, X: x, Y: y, DX: dx, DY: dy, Camera: cam, Hit: hit, Over: true}
	s.send(hit, EventPointerMove, e)
	s.input.done()
}

// PointerUp feeds the release of button on pointer id at (x, y): the node
// that has the pointer gets pointer-up, then click if the button is the
// primary one that pressed it and the pointer is over it. When no button is
// left held, the pointer is released: the mouse's hover moves to what is
// under it, a touch leaves.
func (s *System) PointerUp(id PointerID, button PointerButton, x, y float32) {
	p := s.input.pointer(id, false)
	if p == nil {
		return
	}
	dx, dy := p.move(x, y)
	bit := buttonBit(button)
	if p.buttons&bit == 0 {
		return
	}
	p.buttons &^= bit
	hit, cam := s.HitTest(x, y)
	if t := p.target; alive(t) {
		over := isSelfOrAncestor(t, hit)
		e := s.input.event()
		*e = PointerEvent{ID: id, Button: button, X: x, Y: y, DX: dx, DY: dy, Camera: p.cam, Hit: hit, Over: over}
		s.send(t, EventPointerUp, e)
		if over && button == PrimaryButton && p.pressButton == PrimaryButton && !p.noClick && p.target == t && alive(t) {
			*e = PointerEvent{ID: id, Button: button, X: x, Y: y, Camera: p.cam, Hit: hit, Over: true}
			s.send(t, EventClick, e)
		}
		s.input.done()
	}
	if p.buttons != 0 {
		return
	}
	p.target, p.cam = nil, nil
	if id == MouseID {
		s.setHover(p, hit, cam)
	} else {
		s.setHover(p, nil, nil)
		s.input.drop(p)
	}
}

// PointerCancel feeds the end of pointer id's press without a release (the
// platform took the touch away, the window lost the mouse): the node that
// has it gets pointer-cancel, no click follows, and the pointer leaves what
// it hovered.
func (s *System) PointerCancel(id PointerID) {
	p := s.input.pointer(id, false)
	if p == nil {
		return
	}
	t := p.target
	pressed := p.buttons != 0
	p.buttons, p.target = 0, nil
	if pressed && alive(t) {
		e := s.input.event()
		*e = PointerEvent{ID: id, X: p.x, Y: p.y, Camera: p.cam}
		s.send(t, EventPointerCancel, e)
		s.input.done()
	}
	p.cam = nil
	s.setHover(p, nil, nil)
	if id != MouseID {
		s.input.drop(p)
	}
}

// Capture gives pressed pointer id to n: its later moves, release and
// cancel go to n, and no click follows its release. The node that had it
// gets pointer-cancel with CapturedBy n. It returns false, and does
// nothing, when the pointer is not pressed.
func (s *System) Capture(id PointerID, n *scenegraph.Node) bool {
	p := s.input.pointer(id, false)
	if p == nil || p.buttons == 0 || n == nil {
		return false
	}
	old := p.target
	p.target, p.noClick = n, true
	if old != n && alive(old) {
		e := s.input.event()
		*e = PointerEvent{ID: id, X: p.x, Y: p.y, Camera: p.cam, CapturedBy: n}
		s.send(old, EventPointerCancel, e)
		s.input.done()
	}
	return true
}

// Wheel feeds a turn of the mouse wheel with the mouse at (x, y): the
// topmost node there gets pointer-wheel. It reports whether a node got it.
// A turn with a non-finite dx or dy (NaN, ±Inf: a broken driver or
// replay) is ignored, and reported as not taken, so that no node is moved
// to NaN by it.
func (s *System) Wheel(x, y, dx, dy float32) bool {
	if !finite(dx) || !finite(dy) {
		return false
	}
	hit, cam := s.HitTest(x, y)
	if hit == nil {
		return false
	}
	e := s.input.event()
	*e = PointerEvent{ID: MouseID, X: x, Y: y, WheelX: dx, WheelY: dy, Camera: cam, Hit: hit, Over: true}
	s.send(hit, EventWheel, e)
	s.input.done()
	return true
}

// SetFocus gives keyboard focus to n (nil: to nobody): the node losing it
// gets "blur", n gets "focus", then FocusChanged is emitted. Focus also
// goes when the focused node is destroyed or deactivated (at the next
// Arrange) and when a press lands outside it.
func (s *System) SetFocus(n *scenegraph.Node) {
	if n == s.focus {
		return
	}
	old := s.focus
	s.focus = n
	if old != nil && old.IsValid() {
		old.Emit(EventBlur, nil)
	}
	if n != nil && s.focus == n {
		n.Emit(EventFocus, nil)
	}
	if s.focus == n {
		s.FocusChanged.Emit(n)
	}
}

// Focused returns the node with keyboard focus, or nil.
func (s *System) Focused() *scenegraph.Node { return s.focus }

// KeyDown feeds a key press (auto-repeats too): the focused node gets
// key-down. It reports whether a node has focus, so that the caller can
// keep the key from the game.
func (s *System) KeyDown(k Key) bool {
	f := s.focus
	if f == nil || !alive(f) {
		return false
	}
	e := s.keyEvent()
	*e = KeyEvent{Key: k}
	s.sendKey(f, EventKeyDown, e)
	s.input.keyDepth--
	return true
}

// TextInput feeds typed text (UTF-8, after the keyboard layout and input
// methods): the focused node gets text-input. It reports whether a node
// has focus.
func (s *System) TextInput(txt string) bool {
	f := s.focus
	if f == nil || !alive(f) || txt == "" {
		return f != nil && alive(f)
	}
	e := s.keyEvent()
	*e = KeyEvent{Text: txt}
	s.sendKey(f, EventTextInput, e)
	s.input.keyDepth--
	return true
}

func (s *System) keyEvent() *KeyEvent {
	in := &s.input
	in.keyDepth++
	if in.keyDepth <= len(in.keys) {
		return &in.keys[in.keyDepth-1]
	}
	return new(KeyEvent)
}

func (s *System) sendKey(n *scenegraph.Node, typ string, e *KeyEvent) {
	if listensUp(n, typ) {
		n.Dispatch(typ, e)
	}
}

// send dispatches e on n if a listener on n's path to the root would get it
// (Dispatch allocates its Event, so nothing is dispatched to nobody).
func (s *System) send(n *scenegraph.Node, typ string, e *PointerEvent) {
	if alive(n) && listensUp(n, typ) {
		n.Dispatch(typ, e)
	}
}

func listensUp(n *scenegraph.Node, typ string) bool {
	for ; n != nil; n = n.Parent() {
		if n.HasListener(typ) {
			return true
		}
	}
	return false
}

// takesInput reports whether r's node takes pointer events.
func (r *Rect) takesInput() bool {
	if r.BlockInput {
		return true
	}
	n := r.Node()
	for _, typ := range pointerEvents {
		if n.HasListener(typ) {
			return true
		}
	}
	return false
}

func alive(n *scenegraph.Node) bool { return n != nil && n.IsValidStrict() }

func buttonBit(b PointerButton) uint32 { return 1 << (b & 31) }

// isSelfOrAncestor reports whether a is n or one of n's ancestors.
func isSelfOrAncestor(a, n *scenegraph.Node) bool {
	if a == nil {
		return false
	}
	for ; n != nil; n = n.Parent() {
		if n == a {
			return true
		}
	}
	return false
}

// setHover makes hit's chain (hit and its ancestors) p's hover: nodes that
// leave it get pointer-leave (innermost first), nodes that join it
// pointer-enter (outermost first).
func (s *System) setHover(p *pointerState, hit *scenegraph.Node, cam *scenegraph.Camera) {
	next := p.spare[:0]
	for n := hit; n != nil; n = n.Parent() {
		next = append(next, n)
	}
	old := p.hover
	if slices.Equal(old, next) {
		p.spare = next
		return
	}
	p.hover, p.spare = next, nil // a listener feeding input gets fresh buffers
	e := s.input.event()
	for _, n := range old {
		if !slices.Contains(next, n) && alive(n) && n.HasListener(EventPointerLeave) {
			*e = PointerEvent{ID: p.id, X: p.x, Y: p.y, Camera: cam, Hit: hit}
			n.Emit(EventPointerLeave, e)
		}
	}
	for i := len(next) - 1; i >= 0; i-- {
		if n := next[i]; !slices.Contains(old, n) && alive(n) && n.HasListener(EventPointerEnter) {
			*e = PointerEvent{ID: p.id, X: p.x, Y: p.y, Camera: cam, Hit: hit, Over: true}
			n.Emit(EventPointerEnter, e)
		}
	}
	s.input.done()
	clear(old)
	if p.spare == nil {
		p.spare = old[:0]
	}
}

// drawKey ranks a node among the hits of one camera: what the renderer's
// sort key compares, in its order (see the package documentation).
type drawKey struct {
	layer       uint8
	transparent bool
	order       int16
	depth       uint64 // larger is nearer: drawn later
}

// less reports whether a is drawn before b.
func (a drawKey) less(b drawKey) bool {
	switch {
	case a.layer != b.layer:
		return a.layer < b.layer
	case a.transparent != b.transparent:
		return !a.transparent
	case a.order != b.order:
		return a.order < b.order
	}
	return a.depth < b.depth
}

// keyOf returns n's drawKey at normalized depth z: the highest of its
// enabled renderables', or layer 0, order 0, transparent.
func keyOf(n *scenegraph.Node, z float32) drawKey {
	// The renderer's own quantization of depth, back to front.
	depth := render.SortKey(0, 0, 0, render.BlendAlpha, 0, 0, z)
	best := drawKey{transparent: true, depth: depth}
	found := false
	for _, b := range n.Components() {
		if !b.Base().EnabledInHierarchy() {
			continue
		}
		var k drawKey
		switch c := b.(type) {
		case *scenegraph.Sprite:
			k = drawKey{c.SortLayer, c.Blend.Transparent(), c.Order, depth}
		case *text.Label:
			k = drawKey{c.SortLayer, true, c.Order, depth}
		case *scenegraph.MeshRenderer:
			k = drawKey{c.SortLayer, c.Blend.Transparent(), c.Order, depth}
		case SortOrderer:
			l, o, bl := c.SortOrder()
			k = drawKey{l, bl.Transparent(), o, depth}
		default:
			continue
		}
		if !found || best.less(k) {
			best, found = k, true
		}
	}
	return best
}

// HitTest returns the topmost node under screen point (x, y) that takes
// pointer events, and the camera through which it was hit; nil, nil when
// there is none. See the package documentation for the rule. It allocates
// nothing.
func (s *System) HitTest(x, y float32) (*scenegraph.Node, *scenegraph.Camera) {
	sc := s.Scene()
	if sc == nil || len(s.rects) == 0 {
		return nil, nil
	}
	cams := s.sortedCameras(sc.Cameras())
	for i := len(cams) - 1; i >= 0; i-- {
		c := cams[i]
		if c.Target != 0 || c.Node() == nil {
			continue
		}
		r := c.ScreenRect()
		if r.Empty() || x < float32(r.X) || y < float32(r.Y) || x >= float32(r.X+r.W) || y >= float32(r.Y+r.H) {
			continue
		}
		o, d := c.ScreenRay(x, y)
		if !finite(o[0]) || !finite(d[0]) {
			continue
		}
		vp := c.ViewProj(r.W, r.H)
		mask := visibility(c)
		var best *scenegraph.Node
		var bestKey drawKey
		for _, rc := range s.rects {
			n := rc.Node()
			if n == nil || n.Layer&mask == 0 || n.Scene() != sc || !n.ActiveInHierarchy() || !rc.takesInput() {
				continue
			}
			m := n.WorldMatrix()
			local, world, ok := rayLocal(m, o, d)
			if !ok || !rc.Contains(local) {
				continue
			}
			if clip := vp.Mul4x1(world.Vec4(1)); !(clip[3] > 0) || clip[2] < -clip[3] || clip[2] > clip[3] {
				continue // in front of the near plane or beyond the far one: not drawn
			}
			// Extraction sorts by the depth of the drawing's center.
			lo, hi := rc.Bounds()
			cx, cy := (lo[0]+hi[0])/2, (lo[1]+hi[1])/2
			cc := vp.Mul4x1(m.Mul4x1(mgl32.Vec4{cx, cy, 0, 1}))
			z := cc[2]
			if cc[3] != 0 {
				z /= cc[3]
			}
			k := keyOf(n, z)
			if best == nil || bestKey.less(k) || k == bestKey && s.treeBefore(best, n) {
				best, bestKey = n, k
			}
		}
		if best != nil {
			return best, c
		}
	}
	return nil, nil
}

// sortedCameras copies cams into scratch space, stably sorted by Priority
// (the scene sorts its list at extraction; a Priority changed since is
// honoured here too).
func (s *System) sortedCameras(cams []*scenegraph.Camera) []*scenegraph.Camera {
	out := append(s.input.cams[:0], cams...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Priority < out[j-1].Priority; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	s.input.cams = out
	return out
}

// treeBefore reports whether a comes before b in the tree's pre-order.
func (s *System) treeBefore(a, b *scenegraph.Node) bool {
	pa := rootPath(s.input.pathA[:0], a)
	pb := rootPath(s.input.pathB[:0], b)
	s.input.pathA, s.input.pathB = pa, pb
	i := 0
	for i < len(pa) && i < len(pb) && pa[i] == pb[i] {
		i++
	}
	switch {
	case i == len(pa):
		return true // a is b or an ancestor of b
	case i == len(pb):
		return false
	}
	return pa[i].SiblingIndex() < pb[i].SiblingIndex()
}

// rootPath appends the nodes from the root down to n to dst.
func rootPath(dst []*scenegraph.Node, n *scenegraph.Node) []*scenegraph.Node {
	start := len(dst)
	for ; n != nil; n = n.Parent() {
		dst = append(dst, n)
	}
	slices.Reverse(dst[start:])
	return dst
}

func nanVec3() mgl32.Vec3 {
	nan := float32(math.NaN())
	return mgl32.Vec3{nan, nan, nan}
}

package ui

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// NavAction is a step of keyboard or gamepad navigation between the
// focusable controls (Buttons, Toggles and TextInputs), for UI without a
// mouse: System.Navigate performs one.
type NavAction uint8

// Navigation actions.
const (
	// NavNone does nothing.
	NavNone NavAction = iota
	// NavUp, NavDown, NavLeft and NavRight move focus to the nearest
	// focusable control in that direction on the screen (the arrow keys,
	// the D-pad).
	NavUp
	NavDown
	NavLeft
	NavRight
	// NavNext and NavPrev move focus along the focus order, wrapping
	// around (Tab, Shift-Tab).
	NavNext
	NavPrev
	// NavSubmit clicks the focused Button or Toggle (Enter, gamepad A).
	NavSubmit
	// NavCancel dispatches EventCancel from the focused node and emits
	// System.Canceled (Escape, gamepad B): the game decides what it
	// means, typically closing a menu.
	NavCancel
)

var navNames = [...]string{"none", "up", "down", "left", "right", "next", "prev", "submit", "cancel"}

// String returns the action's name, e.g. "left".
func (a NavAction) String() string {
	if int(a) < len(navNames) {
		return navNames[a]
	}
	return "nav(invalid)"
}

// EventCancel is dispatched (bubbling, no Arg) to the focused node on
// NavCancel, so that a menu panel above its buttons can close itself;
// System.Canceled is emitted after it, also with nothing focused.
const EventCancel = "nav-cancel"

// NavKey returns the navigation a key press means: the arrows move, Tab
// goes to the next control and Shift-Tab to the previous, Enter (and the
// keypad's) submits, Escape cancels; any other key is NavNone.
func NavKey(k Key, shift bool) NavAction {
	switch k {
	case KeyUp:
		return NavUp
	case KeyDown:
		return NavDown
	case KeyLeft:
		return NavLeft
	case KeyRight:
		return NavRight
	case KeyTab:
		if shift {
			return NavPrev
		}
		return NavNext
	case KeyEnter, KeyKeypadEnter:
		return NavSubmit
	case KeyEscape:
		return NavCancel
	}
	return NavNone
}

// navState is the System's navigation bookkeeping.
type navState struct {
	order []*scenegraph.Node // SetFocusOrder's, or nil: tree order
	cands []*scenegraph.Node // scratch: the focusable nodes, in focus order
}

// NavigateKey performs the navigation that key k (with Shift held or not)
// means (NavKey), while Navigation is on, after the focused node had its
// key-down: feed it every key press after KeyDown. A focused TextInput keeps the keys it edits
// with: Left, Right and Enter move its caret or finish its editing, and
// navigate nowhere; while an input method composes (Composing), every key
// is the composition's. It reports whether the key navigated.
func (s *System) NavigateKey(k Key, shift bool) bool {
	a := NavKey(k, shift)
	if !s.Navigation || a == NavNone || s.Composing() {
		return false
	}
	if s.textInputOf(s.focus) != nil && (a == NavLeft || a == NavRight || a == NavSubmit) {
		return false
	}
	return s.Navigate(a)
}

// Navigate performs a: it moves focus (SetFocus, so "blur", "focus" and
// FocusChanged follow), clicks the focused control, or cancels. With
// nothing focused (or a node focused that is not a focusable control), a
// move or NavNext focuses the first control of the focus order and
// NavPrev its last. A directional move with nothing in that direction, a
// submit with no Button focused (or one that is not interactable), and
// NavNone do nothing. It reports whether something happened.
//
// The focusable controls are the served scene's enabled Buttons and
// Toggles that are interactable, and its enabled TextInputs, on nodes
// active in hierarchy.
func (s *System) Navigate(a NavAction) bool {
	switch a {
	case NavSubmit:
		b := s.buttonOf(s.focus)
		if b == nil || !b.Interactable() {
			return false
		}
		b.click()
		return true
	case NavCancel:
		f := s.focus
		if alive(f) && listensUp(f, EventCancel) {
			f.Dispatch(EventCancel, nil)
		}
		s.Canceled.Emit(f)
		return true
	case NavNone:
		return false
	}
	c := s.focusables()
	if len(c) == 0 {
		return false
	}
	cur := -1
	for i, n := range c {
		if n == s.focus {
			cur = i
			break
		}
	}
	next := -1
	switch {
	case cur < 0 && a == NavPrev:
		next = len(c) - 1
	case cur < 0:
		next = 0
	case a == NavNext:
		next = (cur + 1) % len(c)
	case a == NavPrev:
		next = (cur + len(c) - 1) % len(c)
	default:
		next = s.nearest(c, cur, a)
	}
	if next < 0 || next == cur {
		return false
	}
	old := s.focus
	s.SetFocus(c[next])
	// Show the focus move at once rather than at the next Arrange, and
	// without the Buttons listening to focus and blur: Node.Emit would
	// allocate an Event per move.
	for _, n := range [2]*scenegraph.Node{old, c[next]} {
		if b := s.buttonOf(n); b != nil {
			b.refresh()
		}
	}
	return true
}

// SetFocusOrder sets the order NavNext and NavPrev follow: the nodes
// given, skipping those that are not focusable controls at the time.
// Focusable controls left out are not reached by Tab (the arrows still
// reach them). No nodes go back to the default, tree order (pre-order:
// a parent before its children, earlier siblings first). The System
// keeps its own copy of the list.
func (s *System) SetFocusOrder(nodes ...*scenegraph.Node) {
	s.nav.order = append(s.nav.order[:0], nodes...)
	if len(nodes) == 0 {
		s.nav.order = nil
	}
}

// FocusOrder returns the explicit focus order (SetFocusOrder), or nil for
// tree order. The slice belongs to the System.
func (s *System) FocusOrder() []*scenegraph.Node { return s.nav.order }

// Focusables returns the focusable controls in focus order (see Navigate
// and SetFocusOrder). The slice belongs to the System and is valid until
// the next call of Focusables or Navigate.
func (s *System) Focusables() []*scenegraph.Node { return s.focusables() }

// focusables fills the scratch list with the focusable nodes in focus
// order, allocating nothing once it has grown.
func (s *System) focusables() []*scenegraph.Node {
	c := s.nav.cands[:0]
	if s.nav.order != nil {
		for _, n := range s.nav.order {
			if s.focusable(n) && !containsNode(c, n) {
				c = append(c, n)
			}
		}
		s.nav.cands = c
		return c
	}
	for _, o := range s.others {
		var n *scenegraph.Node
		switch x := o.(type) {
		case *Button:
			if !x.Interactable() {
				continue
			}
			n = x.Node()
		case *TextInput:
			n = x.Node()
		default:
			continue
		}
		if n != nil && alive(n) && n.ActiveInHierarchy() {
			c = append(c, n)
		}
	}
	// Insertion sort by tree order: the System's list mostly keeps the
	// order the controls were enabled in, usually tree order already, so
	// this is about one pass; and nothing is allocated.
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j] != c[j-1] && s.treeBefore(c[j], c[j-1]); j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	// A node with two controls (a Button and a TextInput) sorts next to
	// itself: keep it once.
	k := 0
	for i, n := range c {
		if i == 0 || n != c[k-1] {
			c[k] = n
			k++
		}
	}
	clear(c[k:])
	c = c[:k]
	s.nav.cands = c
	return c
}

func containsNode(list []*scenegraph.Node, n *scenegraph.Node) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// focusable reports whether n carries a focusable control of s.
func (s *System) focusable(n *scenegraph.Node) bool {
	if n == nil || !alive(n) || !n.ActiveInHierarchy() {
		return false
	}
	if b := s.buttonOf(n); b != nil {
		return b.Interactable()
	}
	return s.textInputOf(n) != nil
}

// buttonOf returns the enabled Button (or Toggle's Button) of s on n, or
// nil.
func (s *System) buttonOf(n *scenegraph.Node) *Button {
	if n == nil {
		return nil
	}
	for _, o := range s.others {
		if b, ok := o.(*Button); ok && b.Node() == n {
			return b
		}
	}
	return nil
}

// textInputOf returns the enabled TextInput of s on n, or nil.
func (s *System) textInputOf(n *scenegraph.Node) *TextInput {
	if n == nil {
		return nil
	}
	for _, o := range s.others {
		if t, ok := o.(*TextInput); ok && t.Node() == n {
			return t
		}
	}
	return nil
}

// navBox is a node's rectangle in world space (x right, y up).
type navBox struct{ lo, hi mgl32.Vec2 }

func (b navBox) center() mgl32.Vec2 { return b.lo.Add(b.hi).Mul(0.5) }

// navBoxOf returns n's Rect in world space: the bounding box of its four
// corners (a point at the node's position without a Rect).
func navBoxOf(n *scenegraph.Node) navBox {
	m := n.WorldMatrix()
	r := rectOf(n)
	if r == nil {
		p := m.Col(3).Vec2()
		return navBox{p, p}
	}
	lo, hi := r.Bounds()
	var b navBox
	for i, c := range [4]mgl32.Vec2{lo, {hi[0], lo[1]}, {lo[0], hi[1]}, hi} {
		w := m.Mul4x1(mgl32.Vec4{c[0], c[1], 0, 1}).Vec2()
		if i == 0 {
			b = navBox{w, w}
			continue
		}
		b.lo = mgl32.Vec2{min(b.lo[0], w[0]), min(b.lo[1], w[1])}
		b.hi = mgl32.Vec2{max(b.hi[0], w[0]), max(b.hi[1], w[1])}
	}
	return b
}

// nearest returns the index in c of the control nearest to c[cur] in the
// direction of a, or -1. Positions are the Rects' boxes in world space,
// as a 2D UI camera shows them (up is +y). A candidate must lie ahead: its
// centre further along the direction than the current one's. Of those,
// the ones in the current control's beam (their boxes overlap it across
// the direction: the same row for left and right, the same column for up
// and down) come first; then the smallest distance ahead plus twice the
// distance across, between centres, so that a near control slightly off
// the line beats a far one on it; ties go to the earlier in focus order.
func (s *System) nearest(c []*scenegraph.Node, cur int, a NavAction) int {
	var dir mgl32.Vec2
	switch a {
	case NavUp:
		dir = mgl32.Vec2{0, 1}
	case NavDown:
		dir = mgl32.Vec2{0, -1}
	case NavLeft:
		dir = mgl32.Vec2{-1, 0}
	case NavRight:
		dir = mgl32.Vec2{1, 0}
	default:
		return -1
	}
	from := navBoxOf(c[cur])
	fc := from.center()
	across := 1 // the axis across the direction
	if dir[1] != 0 {
		across = 0
	}
	best, bestBeam, bestScore := -1, false, float32(0)
	for i, n := range c {
		if i == cur {
			continue
		}
		b := navBoxOf(n)
		d := b.center().Sub(fc)
		ahead := d.Dot(dir)
		if !(ahead > 1e-3) {
			continue
		}
		side := d[across]
		if side < 0 {
			side = -side
		}
		beam := b.lo[across] < from.hi[across] && b.hi[across] > from.lo[across]
		score := ahead + 2*side
		if best < 0 || (beam && !bestBeam) || (beam == bestBeam && score < bestScore) {
			best, bestBeam, bestScore = i, beam, score
		}
	}
	return best
}

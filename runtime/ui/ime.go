package ui

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// imeState is a TextInput's part for input methods.
type imeState struct {
	comp      string // the composition, shown at the caret
	cursor    int    // the input method's cursor: a byte offset in comp
	underline *scenegraph.Sprite
	caretBox  [4]float32 // the caret drawn: x0, y0, x1, y1 in the node's space
	caretOK   bool       // caretBox is set

	// The text shown while composing, kept while Value, the caret and
	// the composition stay, so that a blinking caret costs no allocation.
	disp             string
	dispOf, dispComp string
	dispAt           int
}

// EventTextEditing is dispatched (bubbling) to the focused node for each
// change of an input method's composition; its Arg is a *TextEditingEvent.
const EventTextEditing = "text-editing"

// TextEditingEvent is the Arg of text-editing events: an input method's
// composition, the text being composed (pinyin "nihao" before it becomes
// 你好), which is not yet typed. Text replaces the composition shown so
// far; "" ends it (cancelled, or committed: the committed text then comes
// as text-input). Start is the input method's cursor in Text and Length
// the length of its selection, both in runes.
type TextEditingEvent struct {
	Text          string
	Start, Length int
}

// TextEditing feeds a change of an input method's composition (SDL's
// SDL_TEXTEDITING: the text, the cursor and the selection length in runes;
// "" when the composition ends): the focused node gets text-editing. It
// reports whether a node has focus.
func (s *System) TextEditing(txt string, start, length int) bool {
	f := s.focus
	if f == nil || !alive(f) {
		return false
	}
	if listensUp(f, EventTextEditing) {
		f.Dispatch(EventTextEditing, &TextEditingEvent{Text: txt, Start: start, Length: length})
	}
	return true
}

// TextInputRect returns the screen rectangle where an input method's
// candidate window belongs: the caret of the focused TextInput
// (TextInput.CaretScreenRect), and false when no TextInput has focus or
// its caret has no screen position yet. A Game hands it to
// platform.Input.SetTextInputRect after each drawn frame, so that the
// candidate window follows the caret and the field as they move.
func (s *System) TextInputRect() (render.Rect, bool) {
	f := s.focus
	if f == nil || !alive(f) {
		return render.Rect{}, false
	}
	ti := scenegraph.GetComponent[*TextInput](f)
	if ti == nil {
		return render.Rect{}, false
	}
	return ti.CaretScreenRect()
}

// CaretScreenRect returns the rectangle of the caret as drawn (inside a
// composition, at the input method's cursor), in screen pixels of the
// field's camera (System.CameraOf): origin at the top left, y down, as
// pointer positions are; the smallest whole-pixel rectangle covering the
// caret's projected corners. It reports false while the field is not
// focused, or before its camera has drawn a frame (so has no screen).
func (t *TextInput) CaretScreenRect() (render.Rect, bool) {
	n := t.Node()
	if !t.focused || n == nil || t.sys == nil || !t.ime.caretOK {
		return render.Rect{}, false
	}
	cam := t.sys.CameraOf(n)
	if cam == nil {
		return render.Rect{}, false
	}
	m := n.WorldMatrix()
	b := t.ime.caretBox
	x0, y0 := float32(math.Inf(1)), float32(math.Inf(1))
	x1, y1 := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, c := range [4][2]float32{{b[0], b[1]}, {b[2], b[1]}, {b[0], b[3]}, {b[2], b[3]}} {
		p := m.Mul4x1(mgl32.Vec4{c[0], c[1], 0, 1})
		x, y := cam.WorldToScreen(p.Vec3())
		if x != x || y != y { // NaN: no screen yet
			return render.Rect{}, false
		}
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	fx0, fy0 := math.Floor(float64(x0)), math.Floor(float64(y0))
	fx1, fy1 := math.Ceil(float64(x1)), math.Ceil(float64(y1))
	const lim = 1 << 30 // far outside any screen, and safe to add up
	clampI := func(v float64) int { return int(min(max(v, -lim), lim)) }
	return render.Rect{X: clampI(fx0), Y: clampI(fy0), W: clampI(fx1 - fx0), H: clampI(fy1 - fy0)}, true
}

// Composing reports whether the focused TextInput shows an input method's
// composition. A Game watches it to tell the platform's input method to
// drop its composition when the field has (Escape, a blur).
func (s *System) Composing() bool {
	f := s.focus
	if f == nil || !alive(f) {
		return false
	}
	ti := scenegraph.GetComponent[*TextInput](f)
	return ti != nil && ti.ime.comp != ""
}

// Composition returns the input method's composition the field shows at
// its caret (not part of Value), or "" when there is none.
func (t *TextInput) Composition() string { return t.ime.comp }

// loadUnderline takes over the "Underline" child node of a saved field.
// A field creates it only for its first composition (ensureUnderline), so
// that games that never compose save the scenes they always did.
func (t *TextInput) loadUnderline() {
	if c := t.Node().ChildByName("Underline"); c != nil {
		t.ime.underline = scenegraph.GetComponent[*scenegraph.Sprite](c)
	}
}

// ensureUnderline creates the "Underline" child node, whose Sprite
// underlines a composition, unless the field has one.
func (t *TextInput) ensureUnderline() {
	if t.ime.underline != nil && t.ime.underline.Node() != nil {
		return
	}
	n := t.Node()
	c := scenegraph.NewNode("Underline")
	c.Layer = n.Layer
	n.AddChild(c)
	t.ime.underline = scenegraph.AddComponent(c, scenegraph.NewSprite(0, 0, 1))
	t.ime.underline.SetEnabled(false) // placeUnderline shows it
}

// onEditing shows the composition of a text-editing event at the caret.
// A composition cut by SDL (31 bytes) is shown as it arrives; a cursor
// beyond it is put at its end.
func (t *TextInput) onEditing(e *scenegraph.Event) {
	te := e.Arg.(*TextEditingEvent)
	e.StopPropagation()
	if !t.focused {
		return
	}
	comp := sanitize(te.Text)
	cursor := 0
	for i := max(te.Start, 0); i > 0 && cursor < len(comp); i-- {
		cursor = nextRune(comp, cursor)
	}
	if comp == t.ime.comp && cursor == t.ime.cursor {
		return
	}
	if comp != "" {
		t.ensureUnderline()
	}
	t.ime.comp, t.ime.cursor = comp, cursor
	t.blink = 0
	t.refresh()
}

// composingKey handles a key pressed during a composition: the input
// method uses the editing keys itself (SDL still reports them on some
// systems), so the field ignores them, and keeps them from the game;
// Escape drops the composition.
func (t *TextInput) composingKey(e *scenegraph.Event, k Key) {
	e.StopPropagation()
	if k == KeyEscape {
		t.dropComposition()
		t.blink = 0
		t.refresh()
	}
}

// dropComposition forgets the composition (the caller refreshes).
func (t *TextInput) dropComposition() { t.ime.comp, t.ime.cursor = "", 0 }

// composedWindow is window for the text shown while composing: Value with
// the composition at the caret, the caret at the input method's cursor.
// It also returns the composition's pen span, for the underline, from the
// shown text's start. The view start it keeps stays within Value's part
// before the composition, where both texts agree.
func (t *TextInput) composedWindow(avail float32) (shown string, caretX, ux0, ux1 float32) {
	t.clampCaret()
	v, c := t.Value, t.caret
	m := &t.ime
	if m.dispOf != v || m.dispAt != c || m.dispComp != m.comp {
		m.disp, m.dispOf, m.dispAt, m.dispComp = v[:c]+m.comp+v[c:], v, c, m.comp
	}
	disp := m.disp
	t.Value, t.caret = disp, c+t.ime.cursor
	shown, caretX = t.window(avail)
	vs := t.viewStart
	ux0 = t.caretWidth(disp[vs:max(c, vs)])
	ux1 = t.caretWidth(disp[vs:max(min(c+len(t.ime.comp), vs+len(shown)), vs)])
	t.Value, t.caret = v, c
	t.viewStart = min(vs, c)
	return shown, caretX, ux0, ux1
}

// placeUnderline draws the composition's underline from x0 to x1 (the
// field's local units) just under the text centered at cy, or hides it.
func (t *TextInput) placeUnderline(x0, x1, cy, size float32) {
	u := t.ime.underline
	if u == nil || u.Node() == nil {
		return
	}
	on := t.focused && t.ime.comp != "" && x1 > x0
	if on {
		u.Color = t.TextColor
		u.Size = mgl32.Vec2{x1 - x0, max(1, float32(math.Round(float64(size/16))))}
		u.Anchor = mgl32.Vec2{0, 0.5}
		setPos(u.Node(), mgl32.Vec3{x0, cy - size*0.5, u.Node().Position()[2]})
	}
	if u.Enabled() != on {
		u.SetEnabled(on)
	}
}

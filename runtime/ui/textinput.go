package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// DefaultCaretBlink is NewTextInput's caret blink: visible and hidden for
// half a second each.
const DefaultCaretBlink = 0.5

// TextInput is a one-line text field, after Cocos Creator's EditBox. Its
// node needs a Rect (the field; draw a background with a NineSlice or a
// Sprite on the same node). A click on it gives it keyboard focus
// (System.SetFocus); a press elsewhere, Escape, or Blur takes focus away.
// While focused:
//
//   - text typed (System.TextInput) is inserted at the caret, control
//     characters dropped, at most MaxLength runes in all, and Changed is
//     emitted;
//   - Backspace and Delete remove the rune before or after the caret, Left,
//     Right, Home and End move it (by runes), and Changed is emitted for
//     removals;
//   - Enter (or the keypad's) emits Submitted; the field keeps focus;
//   - a caret is drawn at the insertion point, blinking every CaretBlink
//     seconds of the Director's updates (0: steady);
//   - an input method's composition (System.TextEditing: pinyin "nihao"
//     on the way to 你好) is shown at the caret, underlined, with the caret
//     at the input method's cursor in it, but is not part of Value and
//     emits nothing; its commit arrives as typed text (one edit, one
//     Changed). While composing, the editing keys belong to the input
//     method and the field ignores them, except Escape, which drops the
//     composition (keeping focus). Losing focus drops it too.
//
// The text is drawn by a text.Label on a child node "Text" and the caret
// by a Sprite on a child node "Caret", which the field creates when it
// loads (or takes over, when the nodes exist already: a saved scene), and
// a composition's underline by a Sprite on a child node "Underline",
// created for the first composition (or taken over). All are
// left-aligned and vertically centered in the Rect, Padding from its left
// edge. Text wider than the field scrolls so that the caret stays in view:
// only the runes that fit whole between the paddings are shown. Placeholder
// is shown, in PlaceholderColor, while the text is empty.
//
// The field needs its scene's System (Install, or System.SetScene) for
// focus and keys. Create one with NewTextInput.
type TextInput struct {
	scenegraph.Component

	// Placeholder is shown while the text is empty.
	Placeholder string
	// MaxLength is the most runes the text holds; 0: no limit.
	MaxLength int
	// Font is the font (nil: text.DefaultFont); FontSize its size in local
	// units (0: text.DefaultFontSize).
	Font     *text.Font
	FontSize float32
	// TextColor, PlaceholderColor and CaretColor colour the text, the
	// placeholder and the caret.
	TextColor, PlaceholderColor, CaretColor render.Color
	// Padding is the space kept free at the left and right edges.
	Padding float32
	// CaretWidth is the caret's width in local units; 0 means 2.
	CaretWidth float32
	// CaretBlink is the caret's half-period in seconds; 0 keeps it steady.
	CaretBlink float64
	// Value is the text. It is saved with the scene; Text and SetText read
	// and write it. A Value set directly (or read from a scene file) is
	// shown from the next arrange, the caret kept within it; when the
	// field loads, Value is cleaned as SetText cleans it and the caret put
	// at its end. Changed is not emitted for it.
	Value string
	// Submitted is emitted when Enter is pressed.
	Submitted scenegraph.Listeners[*TextInput]
	// Changed is emitted after the user changed the text (typing,
	// Backspace, Delete); SetText does not emit it.
	Changed scenegraph.Listeners[*TextInput]

	caret     int // byte offset, on a rune boundary (see clampCaret)
	viewStart int // byte offset of the first rune shown
	focused   bool
	blink     float64
	label     *text.Label
	caretSpr  *scenegraph.Sprite
	measure   text.Label // unattached, for widths
	shown     inputLook
	measured  int // bytes of text measured, for tests
	sys       *System
	at        int // place in the System's list (see listed)

	ime imeState // the input method's composition (ime.go)
}

// inputLook is everything the field's drawing depends on.
type inputLook struct {
	text, placeholder  string
	caret              int
	focused, caretOn   bool
	font               *text.Font
	size, pad, caretW  float32
	color, pcol, ccol  render.Color
	rsize, ranchor     mgl32.Vec2
	labelOK, caretOK   bool
	labelPtr, caretPtr *scenegraph.Node
	comp               string
	compCursor         int
	underPtr           *scenegraph.Node
}

// NewTextInput returns a field showing placeholder at fontSize, with white
// text, a grey placeholder, a white blinking caret and 6 units of padding.
func NewTextInput(placeholder string, fontSize float32) *TextInput {
	return &TextInput{Placeholder: placeholder, FontSize: fontSize, TextColor: render.White,
		PlaceholderColor: render.RGBA(150, 150, 150, 255), CaretColor: render.White, Padding: 6,
		CaretBlink: DefaultCaretBlink}
}

// Text returns the text (Value).
func (t *TextInput) Text() string { return t.Value }

// SetText replaces the text (control characters dropped, invalid bytes
// made U+FFFD, cut to MaxLength runes) and puts the caret at its end; it
// does not emit Changed. It takes time linear in len(s).
func (t *TextInput) SetText(s string) {
	t.Value = t.limit(sanitize(s), 0)
	t.caret = len(t.Value)
	t.blink = 0
	t.refresh()
}

// Caret returns the caret's byte offset in the text.
func (t *TextInput) Caret() int {
	t.clampCaret()
	return t.caret
}

// clampCaret keeps the caret and the view's start on rune boundaries
// within Value, which code (or a scene file) may have replaced directly.
func (t *TextInput) clampCaret() {
	t.caret = runeStart(t.Value, min(max(t.caret, 0), len(t.Value)))
	t.viewStart = runeStart(t.Value, min(max(t.viewStart, 0), t.caret))
}

// runeStart returns i, moved back to the start of the rune it falls in.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// nextRune returns the offset of the rune after the one starting at i.
func nextRune(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	_, w := utf8.DecodeRuneInString(s[i:])
	return i + w
}

// Focused reports whether the field has keyboard focus.
func (t *TextInput) Focused() bool { return t.focused }

// Focus gives the field keyboard focus.
func (t *TextInput) Focus() {
	if t.sys != nil && t.Node() != nil {
		t.sys.SetFocus(t.Node())
	}
}

// Blur takes keyboard focus from the field.
func (t *TextInput) Blur() {
	if t.sys != nil && t.focused && t.sys.Focused() == t.Node() {
		t.sys.SetFocus(nil)
	}
}

// OnLoad cleans Value (a scene file's) as SetText does, puts the caret at
// its end, and creates (or finds) the "Text" and "Caret" child nodes.
func (t *TextInput) OnLoad() {
	t.Value = t.limit(sanitize(t.Value), 0)
	t.caret = len(t.Value)
	n := t.Node()
	if c := n.ChildByName("Text"); c != nil {
		t.label = scenegraph.GetComponent[*text.Label](c)
	}
	if t.label == nil {
		c := scenegraph.NewNode("Text")
		c.Layer = n.Layer
		n.AddChild(c)
		t.label = scenegraph.AddComponent(c, &text.Label{})
	}
	if c := n.ChildByName("Caret"); c != nil {
		t.caretSpr = scenegraph.GetComponent[*scenegraph.Sprite](c)
	}
	if t.caretSpr == nil {
		c := scenegraph.NewNode("Caret")
		c.Layer = n.Layer
		n.AddChild(c)
		t.caretSpr = scenegraph.AddComponent(c, scenegraph.NewSprite(0, 2, 16))
	}
	t.loadUnderline()
}

// OnEnable listens to the node's click, focus and key events.
func (t *TextInput) OnEnable() {
	n := t.Node()
	n.On(EventClick, t.onClick, t)
	n.On(EventFocus, t.onFocus, t)
	n.On(EventBlur, t.onBlur, t)
	n.On(EventKeyDown, t.onKey, t)
	n.On(EventTextInput, t.onText, t)
	n.On(EventTextEditing, t.onEditing, t)
	if s := SystemOf(n); s != nil {
		t.register(s)
	}
	t.refresh()
}

// OnDisable gives up focus and stops listening.
func (t *TextInput) OnDisable() {
	t.Blur()
	t.focused = false
	t.dropComposition()
	t.Node().TargetOff(t)
	if t.sys != nil {
		t.sys.removeOther(t)
		t.sys = nil
	}
	t.refresh()
}

func (t *TextInput) detach() { t.sys = nil }

func (t *TextInput) register(s *System) {
	if t.sys != nil && t.sys != s {
		t.sys.removeOther(t)
	}
	t.sys = s
	s.addOther(t)
}

// Update blinks the caret.
func (t *TextInput) Update(dt float64) {
	if t.focused && t.CaretBlink > 0 {
		t.blink += dt
		t.refresh()
	}
}

func (t *TextInput) onClick(e *scenegraph.Event) {
	if pe := e.Arg.(*PointerEvent); pe.Button == PrimaryButton {
		t.Focus()
	}
}

func (t *TextInput) onFocus(*scenegraph.Event) {
	t.focused, t.blink = true, 0
	t.refresh()
}

func (t *TextInput) onBlur(*scenegraph.Event) {
	t.focused = false
	t.dropComposition()
	t.refresh()
}

func (t *TextInput) onKey(e *scenegraph.Event) {
	ke := e.Arg.(*KeyEvent)
	if t.ime.comp != "" {
		t.composingKey(e, ke.Key)
		return
	}
	changed := false
	t.clampCaret()
	switch ke.Key {
	case KeyBackspace:
		if t.caret > 0 {
			_, w := utf8.DecodeLastRuneInString(t.Value[:t.caret])
			t.Value = t.Value[:t.caret-w] + t.Value[t.caret:]
			t.caret -= w
			changed = true
		}
	case KeyDelete:
		if t.caret < len(t.Value) {
			_, w := utf8.DecodeRuneInString(t.Value[t.caret:])
			t.Value = t.Value[:t.caret] + t.Value[t.caret+w:]
			changed = true
		}
	case KeyLeft:
		if t.caret > 0 {
			_, w := utf8.DecodeLastRuneInString(t.Value[:t.caret])
			t.caret -= w
		}
	case KeyRight:
		if t.caret < len(t.Value) {
			_, w := utf8.DecodeRuneInString(t.Value[t.caret:])
			t.caret += w
		}
	case KeyHome:
		t.caret = 0
	case KeyEnd:
		t.caret = len(t.Value)
	case KeyEnter, KeyKeypadEnter:
		e.StopPropagation()
		t.Submitted.Emit(t)
		return
	case KeyEscape:
		e.StopPropagation()
		t.Blur()
		return
	default:
		return
	}
	e.StopPropagation()
	t.blink = 0
	t.refresh()
	if changed {
		t.Changed.Emit(t)
	}
}

func (t *TextInput) onText(e *scenegraph.Event) {
	ke := e.Arg.(*KeyEvent)
	e.StopPropagation()
	t.dropComposition() // a commit replaces the composition
	have := 0
	if t.MaxLength > 0 { // counting is only needed for the limit
		have = utf8.RuneCountInString(t.Value)
	}
	ins := t.limit(sanitize(ke.Text), have)
	if ins == "" {
		return
	}
	t.clampCaret()
	t.Value = t.Value[:t.caret] + ins + t.Value[t.caret:]
	t.caret += len(ins)
	t.blink = 0
	t.refresh()
	t.Changed.Emit(t)
}

// sanitize returns s without control characters, invalid bytes as U+FFFD.
func sanitize(s string) string {
	clean := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// limit cuts s so that have+its runes stay within MaxLength.
func (t *TextInput) limit(s string, have int) string {
	if t.MaxLength <= 0 {
		return s
	}
	room := t.MaxLength - have
	if room <= 0 {
		return ""
	}
	for k := range s {
		if room == 0 {
			return s[:k]
		}
		room--
	}
	return s
}

// arrange redraws the field when something it shows changed (a field set
// by hand, the Rect resized).
func (t *TextInput) arrange(*System) { t.refresh() }

func (t *TextInput) look() inputLook {
	t.clampCaret()
	l := inputLook{text: t.Value, placeholder: t.Placeholder, caret: t.caret, focused: t.focused,
		font: t.Font, size: t.FontSize, pad: t.Padding, caretW: t.CaretWidth,
		color: t.TextColor, pcol: t.PlaceholderColor, ccol: t.CaretColor}
	l.caretOn = t.focused && (t.CaretBlink <= 0 || int(t.blink/t.CaretBlink)%2 == 0)
	if n := t.Node(); n != nil {
		if r := rectOf(n); r != nil {
			l.rsize, l.ranchor = r.ContentSize, r.AnchorPoint
		}
	}
	l.comp, l.compCursor = t.ime.comp, t.ime.cursor
	if t.ime.underline != nil {
		l.underPtr = t.ime.underline.Node()
	}
	l.labelOK = t.label != nil && t.label.Node() != nil
	l.caretOK = t.caretSpr != nil && t.caretSpr.Node() != nil
	if l.labelOK {
		l.labelPtr = t.label.Node()
	}
	if l.caretOK {
		l.caretPtr = t.caretSpr.Node()
	}
	return l
}

// refresh updates the label and the caret if what they show changed.
func (t *TextInput) refresh() {
	l := t.look()
	if l == t.shown {
		return
	}
	if blinked := t.shown; l.caretOK {
		// Only the caret's blink changed: nothing moves, so nothing is
		// laid out again (which could allocate, as a composition does).
		blinked.caretOn = l.caretOn
		if blinked == l {
			t.shown = l
			t.caretSpr.SetEnabled(l.caretOn)
			return
		}
	}
	t.shown = l
	n := t.Node()
	if n == nil || !l.labelOK {
		return
	}
	r := rectOf(n)
	var lo, hi mgl32.Vec2
	if r != nil {
		lo, hi = r.Bounds()
	}
	pad := max(t.Padding, 0)
	left := lo[0] + pad
	avail := max(hi[0]-lo[0]-2*pad, 0)
	cy := (lo[1] + hi[1]) / 2
	size := t.FontSize
	if !(size > 0) {
		size = text.DefaultFontSize
	}

	lb := t.label
	lb.Font, lb.FontSize = t.Font, size
	lb.Anchor = mgl32.Vec2{0, 0.5}
	lb.HAlign, lb.VAlign = text.AlignLeft, text.AlignMiddle
	lb.WrapWidth, lb.BoxHeight = 0, 0
	caretX := float32(0)
	var ux0, ux1 float32 // the composition's underline, from the shown text's start
	switch {
	case t.ime.comp != "":
		var shown string
		shown, caretX, ux0, ux1 = t.composedWindow(avail)
		lb.Text, lb.Color = shown, t.TextColor
	case t.Value == "":
		lb.Text, lb.Color = t.Placeholder, t.PlaceholderColor
		t.viewStart = 0
	default:
		shown, x := t.window(avail)
		lb.Text, lb.Color = shown, t.TextColor
		caretX = x
	}
	setPos(lb.Node(), mgl32.Vec3{left, cy, lb.Node().Position()[2]})
	t.placeUnderline(left+ux0, left+ux1, cy, size)

	t.ime.caretOK = false
	if !l.caretOK {
		return
	}
	cs := t.caretSpr
	cw := t.CaretWidth
	if cw <= 0 {
		cw = 2
	}
	cs.Color = t.CaretColor
	cs.Size = mgl32.Vec2{cw, size * 1.2}
	cs.Anchor = mgl32.Vec2{0, 0.5}
	setPos(cs.Node(), mgl32.Vec3{left + caretX, cy, cs.Node().Position()[2]})
	t.ime.caretBox = [4]float32{left + caretX, cy - size*0.6, left + caretX + cw, cy + size*0.6}
	t.ime.caretOK = true
	if cs.Enabled() != l.caretOn {
		cs.SetEnabled(l.caretOn)
	}
}

// window chooses the part of the text shown in avail units, keeping the
// caret in it, and returns it with the caret's x from its start. The view
// scrolls as little as it can: its start moves only when the caret would
// leave it, and goes back to the text's start when the whole text fits.
//
// Every search gallops out from a known point and then bisects, so the
// runes measured are a small multiple of those that fit in the field,
// whatever the text's length: a long paste costs time linear in the
// paste, not quadratic (BenchmarkTextInputPaste100K).
func (t *TextInput) window(avail float32) (string, float32) {
	s := t.Value
	t.clampCaret()
	if t.fitsFrom(0, avail) == len(s) {
		t.viewStart = 0
		return s, t.caretWidth(s[:t.caret])
	}
	t.viewStart = t.startFor(t.viewStart, avail)
	end := t.fitsFrom(t.viewStart, avail)
	if end < t.caret {
		end = t.caret // the runes before the caret are shown even if one overflows
	}
	return s[t.viewStart:end], t.caretWidth(s[t.viewStart:t.caret])
}

// startFor returns the smallest view start at or after from (a rune
// boundary at most the caret) from which the caret's pen position is
// within avail: from itself when it is.
func (t *TextInput) startFor(from int, avail float32) int {
	s, caret := t.Value, t.caret
	if from >= caret {
		return caret
	}
	fits := func(i int) bool { return t.caretWidth(s[i:caret]) <= avail }
	// Gallop back from the caret (which always fits) until a start does
	// not fit or from is reached.
	good, bad := caret, -1
	for d := 1; ; d *= 2 {
		i := runeStart(s, max(caret-d, from))
		if i >= good {
			i = runeStart(s, good-1)
		}
		if !fits(i) {
			bad = i
			break
		}
		good = i
		if i <= from {
			return from
		}
	}
	// Bisect between bad (does not fit) and good (fits).
	for {
		mid := runeStart(s, bad+(good-bad)/2)
		if mid <= bad {
			mid = nextRune(s, bad)
		}
		if mid >= good {
			return good
		}
		if fits(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
}

// fitsFrom returns the largest end (a rune boundary) such that the runes
// from start to end fit whole in avail, at least start.
func (t *TextInput) fitsFrom(start int, avail float32) int {
	s := t.Value
	fits := func(i int) bool { return t.width(s[start:i]) <= avail }
	// Gallop forward from start (the empty text fits) until an end does
	// not fit or the text's end is reached.
	good, bad := start, -1
	for d := 1; ; d *= 2 {
		i := min(start+d, len(s))
		if i < len(s) {
			i = runeStart(s, i)
		}
		if i <= good {
			i = nextRune(s, good)
		}
		if !fits(i) {
			bad = i
			break
		}
		good = i
		if i >= len(s) {
			return good
		}
	}
	// Bisect between good (fits) and bad (does not).
	for {
		mid := runeStart(s, good+(bad-good)/2)
		if mid <= good {
			mid = nextRune(s, good)
		}
		if mid >= bad {
			return good
		}
		if fits(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
}

// width returns the laid-out width of s in the field's font.
func (t *TextInput) width(s string) float32 {
	m := &t.measure
	m.Font, m.FontSize, m.Text = t.Font, t.FontSize, s
	t.measured += len(s)
	return m.Size()[0]
}

// caretWidth returns the pen position after s: its width including
// trailing spaces (which a Label's box leaves out), measured as the width
// of s followed by a no-break space, less that space's advance.
func (t *TextInput) caretWidth(s string) float32 {
	if s == "" {
		return 0
	}
	if r, _ := utf8.DecodeLastRuneInString(s); !unicode.IsSpace(r) {
		return t.width(s)
	}
	const nbsp = "\u00a0"
	return t.width(s+nbsp) - t.width(nbsp)
}

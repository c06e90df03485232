package ui

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// ButtonState is the state a Button shows.
type ButtonState uint8

// Button states: the first four are the indexes of Button.Colors and
// Button.Frames.
const (
	StateNormal ButtonState = iota
	StateHover
	StatePressed
	StateDisabled
	// StateFocused is shown while the button has keyboard focus (keyboard
	// or gamepad navigation, System.Navigate) and is not pressed or
	// disabled: its look is FocusedColor and FocusedFrame, not an index
	// of Colors and Frames, which keep the four pointer states.
	StateFocused
)

// String returns the state's name.
func (s ButtonState) String() string {
	switch s {
	case StateNormal:
		return "normal"
	case StateHover:
		return "hover"
	case StatePressed:
		return "pressed"
	case StateDisabled:
		return "disabled"
	case StateFocused:
		return "focused"
	}
	return "state(invalid)"
}

// Transition says what a Button changes on its target per state; the
// flags combine. The zero value changes nothing.
type Transition uint8

// Transitions.
const (
	// TransitionColor sets the target's Color to Colors[state].
	TransitionColor Transition = 1 << iota
	// TransitionSprite sets the target's texture and UV to Frames[state].
	TransitionSprite
)

// SpriteFrame is a texture region: what a Sprite or NineSlice draws.
type SpriteFrame struct {
	// Texture is the image (0: plain white).
	Texture render.TextureID
	// UV is the region {u0, v0, u1, v1}, v0 the top edge; zero: the whole
	// texture.
	UV mgl32.Vec4
}

// Button is a clickable node, after Cocos Creator's Button. Its node needs
// a Rect (the area that takes the pointer). It shows four states on its
// Target (a Sprite or a NineSlice) with a colour and/or a sprite frame per
// state, and emits Click when a press ends over it, with the mouse (primary
// button) or a touch:
//
//   - pressing it shows StatePressed; while pressed, a pointer that leaves
//     it shows StateNormal and one that comes back StatePressed again;
//     releasing it over the button clicks, releasing it elsewhere does not
//     (Cocos' touch-end versus touch-cancel);
//   - a pointer-cancel (the press taken away: a ScrollView starting to
//     drag, PointerCancel) ends the press without a click;
//   - keyboard focus (System.Navigate: arrows, Tab, the D-pad) shows
//     StateFocused, over hover (at once after Navigate, at the next
//     Arrange after SetFocus); NavSubmit (Enter, gamepad A) clicks it;
//   - the mouse over it shows StateHover (touches do not hover); a disabled button
//     (SetInteractable(false)) shows StateDisabled and ignores the pointer,
//     though it still takes pointer events, so what lies under it is not
//     pressed either.
//
// One pointer presses a button at a time. Pointer events still bubble past
// the button (a ScrollView above can start dragging from it); the button
// marks the press PointerEvent.Handled, so that a Button around it does not
// react as well. Create one with NewButton.
type Button struct {
	scenegraph.Component

	// Transition says what each state changes on Target.
	Transition Transition
	// Colors are the target's colour per state (TransitionColor).
	Colors [4]render.Color
	// Frames are the target's texture region per state (TransitionSprite);
	// a zero frame for Hover, Pressed or Disabled means Frames[StateNormal].
	Frames [4]SpriteFrame
	// Duration is how long, in seconds, a TransitionColor change fades
	// from the colour shown to the new state's (Cocos Creator's duration,
	// whose default is 0.1 s). 0, NewButton's, changes it at once. A fade
	// advances in each Arrange by the Director's dt, so it takes the same
	// frames in a replay; a System without a Director does not fade.
	Duration float64
	// FocusedColor is the target's colour while focused (TransitionColor);
	// zero means Colors[StateHover], so a button from an older scene file
	// still shows its focus.
	FocusedColor render.Color
	// FocusedFrame is the target's texture region while focused
	// (TransitionSprite); zero means Frames[StateHover], or Frames[StateNormal].
	FocusedFrame SpriteFrame
	// Target is the *scenegraph.Sprite or *NineSlice the states change; nil
	// means the first NineSlice, else the first Sprite, on the button's
	// node. Set by code only (scene files leave it nil).
	Target scenegraph.Behavior `scene:"-"`
	// Click is emitted when the button is clicked. A listener that panics
	// is reported with the button's node path to the scene's Logger and
	// stays subscribed, so the button keeps working; in PanicFatal mode
	// the panic propagates (see scenegraph.Listeners).
	Click scenegraph.Listeners[*Button]

	disabled bool
	hovered  bool
	pressed  bool
	inside   bool // the pressing pointer is over the button
	pressID  PointerID
	applied  buttonLook
	fade     colorFade
	force    bool   // apply the look even if unchanged: a fade moved
	onClick  func() // a Toggle's flip, before Click
	onLook   func() // a Toggle's checkmark, on each refresh
	sys      *System
	at       int // place in the System's list (see listed)
}

// buttonLook is what a Button last applied to its target.
type buttonLook struct {
	target scenegraph.Behavior
	tr     Transition
	color  render.Color
	frame  SpriteFrame
}

// Default button colours: NewButton's Colors.
var (
	DefaultNormalColor   = render.White
	DefaultHoverColor    = render.RGBA(225, 225, 225, 255)
	DefaultPressedColor  = render.RGBA(180, 180, 180, 255)
	DefaultDisabledColor = render.RGBA(124, 124, 124, 255)
	// DefaultFocusedColor tints a focused button light blue: told apart
	// from hover (a lighter grey) at a glance, also on a white sprite.
	DefaultFocusedColor = render.RGBA(150, 200, 255, 255)
)

// NewButton returns an interactable button with TransitionColor and the
// default colours.
func NewButton() *Button {
	b := &Button{}
	b.setDefaults()
	return b
}

func (b *Button) setDefaults() {
	b.Transition = TransitionColor
	b.Colors = [4]render.Color{DefaultNormalColor, DefaultHoverColor, DefaultPressedColor, DefaultDisabledColor}
	b.FocusedColor = DefaultFocusedColor
}

// Interactable reports whether the button reacts to the pointer.
func (b *Button) Interactable() bool { return !b.disabled }

// SetInteractable enables or disables the button; disabling ends a press
// without a click.
func (b *Button) SetInteractable(on bool) {
	b.disabled = !on
	if !on {
		b.pressed = false
	}
	b.refresh()
}

// State returns the state the button shows.
func (b *Button) State() ButtonState {
	switch {
	case b.disabled:
		return StateDisabled
	case b.pressed && b.inside:
		return StatePressed
	case b.pressed:
		return StateNormal
	case b.focused():
		return StateFocused
	case b.hovered:
		return StateHover
	}
	return StateNormal
}

// OnEnable listens to the node's pointer events and shows the state.
func (b *Button) OnEnable() {
	n := b.Node()
	n.On(EventPointerDown, b.onDown, b)
	n.On(EventPointerMove, b.onMove, b)
	n.On(EventPointerUp, b.onUp, b)
	n.On(EventPointerCancel, b.onCancel, b)
	n.On(EventPointerEnter, b.onEnter, b)
	n.On(EventPointerLeave, b.onLeave, b)
	if s := SystemOf(n); s != nil {
		b.register(s)
	}
	b.refresh()
}

// OnDisable stops listening and forgets any press and hover.
func (b *Button) OnDisable() {
	b.Node().TargetOff(b)
	b.pressed, b.hovered = false, false
	if b.sys != nil {
		b.sys.removeOther(b)
		b.sys = nil
	}
	b.refresh()
}

func (b *Button) detach() { b.sys = nil }

func (b *Button) register(s *System) {
	if b.sys != nil && b.sys != s {
		b.sys.removeOther(b)
	}
	b.sys = s
	s.addOther(b)
}

func (b *Button) onDown(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	if b.disabled || pe.Handled || pe.Button != PrimaryButton || b.pressed {
		return
	}
	b.pressed, b.inside, b.pressID = true, true, pe.ID
	pe.Handled = true
	b.refresh()
}

func (b *Button) onMove(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	if !b.pressed || pe.ID != b.pressID {
		return
	}
	b.inside = isSelfOrAncestor(b.Node(), pe.Hit)
	b.refresh()
}

func (b *Button) onUp(e *scenegraph.Event) {
	pe := e.Arg.(*PointerEvent)
	if !b.pressed || pe.ID != b.pressID || pe.Button != PrimaryButton {
		return
	}
	inside := isSelfOrAncestor(b.Node(), pe.Hit)
	b.pressed = false
	pe.Handled = true
	b.refresh()
	if inside && !b.disabled {
		b.click()
	}
}

func (b *Button) onCancel(e *scenegraph.Event) {
	if pe := e.Arg.(*PointerEvent); b.pressed && pe.ID == b.pressID {
		b.pressed = false
		b.refresh()
	}
}

func (b *Button) onEnter(e *scenegraph.Event) {
	if e.Arg.(*PointerEvent).ID == MouseID { // hover is the mouse's, as in Cocos
		b.hovered = true
		b.refresh()
	}
}

func (b *Button) onLeave(e *scenegraph.Event) {
	if e.Arg.(*PointerEvent).ID == MouseID {
		b.hovered = false
		b.refresh()
	}
}

// focused reports whether the button's node has its System's focus.
func (b *Button) focused() bool {
	return b.sys != nil && b.sys.focus != nil && b.sys.focus == b.Node()
}

func (b *Button) click() {
	if b.onClick != nil {
		b.onClick()
	}
	b.Click.Emit(b)
}

// target returns the Sprite or NineSlice the states change, or nil.
func (b *Button) target() scenegraph.Behavior {
	if b.Target != nil {
		return b.Target
	}
	n := b.Node()
	if n == nil {
		return nil
	}
	if s := scenegraph.GetComponent[*NineSlice](n); s != nil {
		return s
	}
	if s := scenegraph.GetComponent[*scenegraph.Sprite](n); s != nil {
		return s
	}
	return nil
}

// colorFade is a TransitionColor change under way (Button.Duration).
type colorFade struct {
	from, to render.Color
	t        float64 // seconds since it began
	on       bool
}

// lerpColor mixes a and b, k of the way to b (0..1), channel by channel.
func lerpColor(a, b render.Color, k float64) render.Color {
	ch := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*k + 0.5) }
	return render.RGBA(ch(a.R(), b.R()), ch(a.G(), b.G()), ch(a.B(), b.B()), ch(a.A(), b.A()))
}

// arrange advances a fade and re-applies the look when a field changed
// since it was applied.
func (b *Button) arrange(s *System) {
	if b.fade.on {
		if s.d != nil {
			b.fade.t += s.d.DeltaTime()
		}
		if s.d == nil || b.fade.t >= b.Duration {
			b.fade.on = false
		}
		b.force = true
	}
	b.refresh()
}

// shownColor returns the colour the target shows now.
func shownColor(t scenegraph.Behavior) render.Color {
	switch t := t.(type) {
	case *scenegraph.Sprite:
		return t.Color
	case *NineSlice:
		return t.Color
	}
	return 0
}

// refresh applies the current state's look to the target if it differs
// from what was applied last.
func (b *Button) refresh() {
	if b.onLook != nil {
		b.onLook()
	}
	st := b.State()
	var color render.Color
	var f SpriteFrame
	if st == StateFocused {
		color, f = b.FocusedColor, b.FocusedFrame
		if color == 0 {
			color = b.Colors[StateHover]
		}
		if f == (SpriteFrame{}) {
			f = b.Frames[StateHover]
		}
	} else {
		color, f = b.Colors[st], b.Frames[st]
	}
	if f == (SpriteFrame{}) {
		f = b.Frames[StateNormal]
	}
	l := buttonLook{target: b.target(), tr: b.Transition, color: color, frame: f}
	if l == b.applied && !b.force {
		return
	}
	b.force = false
	if l.color != b.applied.color && b.Duration > 0 && l.target != nil && l.target == b.applied.target &&
		l.tr&TransitionColor != 0 && b.sys != nil && b.sys.d != nil {
		// A new state's colour: fade to it from what shows now (mid-way
		// through another fade, too).
		b.fade = colorFade{from: shownColor(l.target), to: l.color, on: true}
	}
	if !b.fade.on || b.fade.to != l.color {
		b.fade.on = false
	}
	b.applied = l
	shown := l.color
	if b.fade.on {
		shown = lerpColor(b.fade.from, b.fade.to, min(b.fade.t/b.Duration, 1))
	}
	switch t := l.target.(type) {
	case *scenegraph.Sprite:
		if l.tr&TransitionColor != 0 {
			t.Color = shown
		}
		if l.tr&TransitionSprite != 0 {
			t.Texture, t.UV = f.Texture, f.UV
		}
	case *NineSlice:
		if l.tr&TransitionColor != 0 {
			t.Color = shown
		}
		if l.tr&TransitionSprite != 0 {
			t.Texture, t.UV = f.Texture, f.UV
		}
	}
}

// Toggle is a Button with a checked state, after Cocos Creator's Toggle:
// each click flips it, shows or hides its Checkmark and emits Toggled
// (then Click). Create one with NewToggle.
type Toggle struct {
	Button

	// IsChecked is the checked state (Cocos' isChecked). It is saved with
	// the scene; Checked and SetChecked read and write it. Set directly
	// (or read from a scene file), it is shown from the next arrange (or
	// when the toggle is enabled), without Toggled.
	IsChecked bool
	// Checkmark is the node shown (active) while checked; nil means the
	// child named "Checkmark", if any.
	Checkmark *scenegraph.Node
	// Toggled is emitted after the checked state changed, by a click or by
	// SetChecked.
	Toggled scenegraph.Listeners[*Toggle]

	shown, shownOK bool // the state showCheck last showed
}

// NewToggle returns a toggle in the given state, with NewButton's look.
func NewToggle(checked bool) *Toggle {
	t := &Toggle{IsChecked: checked}
	t.setDefaults()
	return t
}

// Checked reports whether the toggle is checked.
func (t *Toggle) Checked() bool { return t.IsChecked }

// SetChecked sets the checked state, showing or hiding the checkmark, and
// emits Toggled if it changed.
func (t *Toggle) SetChecked(on bool) {
	if on == t.IsChecked {
		return
	}
	t.IsChecked = on
	t.showCheck()
	t.Toggled.Emit(t)
}

// OnEnable does Button's OnEnable and shows the checked state.
func (t *Toggle) OnEnable() {
	t.onClick = func() { t.SetChecked(!t.IsChecked) }
	t.onLook = func() {
		if t.sys != nil && (!t.shownOK || t.shown != t.IsChecked) { // not while disabling
			t.showCheck()
		}
	}
	t.Button.OnEnable()
	t.showCheck()
}

func (t *Toggle) showCheck() {
	t.shown, t.shownOK = t.IsChecked, true
	m := t.Checkmark
	if m == nil && t.Node() != nil {
		m = t.Node().ChildByName("Checkmark")
	}
	if m != nil {
		m.SetActive(t.IsChecked)
	}
}

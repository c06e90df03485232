package platform

import (
	"fmt"
	"math"
	"os"

	"github.com/tact-engine/tact/core"
	"github.com/veandco/go-sdl2/sdl"
)

// MouseButton identifies a mouse button; the values are SDL's.
type MouseButton uint8

// Mouse buttons.
const (
	MouseLeft   MouseButton = sdl.BUTTON_LEFT
	MouseMiddle MouseButton = sdl.BUTTON_MIDDLE
	MouseRight  MouseButton = sdl.BUTTON_RIGHT
	MouseX1     MouseButton = sdl.BUTTON_X1
	MouseX2     MouseButton = sdl.BUTTON_X2
)

// mouseButtonCount bounds the MouseButton values tracked; others are ignored.
const mouseButtonCount = 8

// MouseMotionEvent is a mouse move, in window coordinates.
type MouseMotionEvent struct {
	X, Y   float32 // the new position (undefined in relative mode)
	DX, DY float32 // the motion since the previous event
}

// MouseButtonEvent is a mouse button press or release, in window coordinates.
type MouseButtonEvent struct {
	Button MouseButton
	X, Y   float32
	Clicks int // 1 for a single click, 2 for a double click, ...
}

// WheelEvent is a mouse-wheel or touchpad scroll. DY > 0 scrolls away from
// the user, DX > 0 to the right, whatever the system's "natural scrolling"
// setting. Fractions come from precise touchpads.
type WheelEvent struct{ DX, DY float32 }

// TouchEvent is a finger touching, moving on or leaving a touch device.
// Coordinates are normalized to 0..1 over the device (the window for a touch
// screen), deltas to -1..1.
type TouchEvent struct {
	Device, Finger int64
	X, Y, DX, DY   float32
	Pressure       float32 // 0..1
}

// TextEditingEvent is an input method's composition: text being composed
// (pinyin before it becomes 你好, a dead key's accent), not yet typed. Text
// replaces the whole composition shown so far; "" ends it (the user
// cancelled, or committed it, in which case a TextInput event follows with
// the committed text). Start is the input method's cursor in Text and
// Length the length of its selection there, both in runes (SDL's
// characters).
//
// SDL delivers at most 31 bytes of a composition: a longer one arrives cut
// (on a rune boundary). SDL_TEXTEDITING_EXT, SDL's event for longer
// compositions, is left off: go-sdl2 has no Go type for it, and its text is
// SDL-allocated memory that only cgo could free.
type TextEditingEvent struct {
	Text          string
	Start, Length int
}

// Touch is a finger currently down, as Input.Touches lists it.
type Touch struct {
	Device, Finger int64
	X, Y           float32 // normalized, 0..1
	Pressure       float32
}

// initialQueue is the event capacity preallocated for one frame. A frame with
// more events grows the queue once; the larger queue is then kept.
const initialQueue = 256

// queuedEvent is a copy of what the Input needs from one SDL event. SDL's
// event values are reused by the next poll, so nothing points into them.
type queuedEvent struct {
	kind     uint32 // SDL event type
	sub      uint8  // window event id, mouse button, gamepad button or axis
	flag     uint8  // key repeat
	clicks   uint8
	key      Key
	mod      Mod
	code     Keycode
	which    int32 // gamepad device index (added) or instance id
	x, y     int32 // mouse position; window event data1, data2
	dx, dy   int32 // mouse motion
	fx, fy   float32
	fdx, fdy float32
	pressure float32
	device   int64 // touch device
	finger   int64
	str      string // dropped file path (already a Go string from go-sdl2)
	text     [len(sdl.TextInputEvent{}.Text)]byte
}

// Input buffers SDL events and holds the polled input state. It belongs to
// the main thread: call Pump whenever convenient (at least once a frame, and
// while waiting), and Dispatch once at the start of each frame. Its signals
// fire only inside Dispatch, in event order; a listener sees the polled state
// as of its own event. Listeners may call Pump and Discard, not Dispatch.
// A listener that panics is removed and reported to Options.Logger
// (standard error when none), and Dispatch goes on with the next listener
// and the next event.
type Input struct {
	// KeyDown fires for each key press, including auto-repeats (Repeat true).
	KeyDown core.Signal[KeyEvent]
	// KeyUp fires for each key release.
	KeyUp core.Signal[KeyEvent]
	// TextInput fires with the UTF-8 text typed (after layout, dead keys and
	// input methods). It allocates the string, so only with listeners.
	TextInput core.Signal[string]
	// TextEditing fires for each change of an input method's composition
	// (see TextEditingEvent), before the TextInput event of its commit.
	// It allocates the string, so only with listeners.
	TextEditing core.Signal[TextEditingEvent]
	// MouseMotion fires for each mouse move.
	MouseMotion core.Signal[MouseMotionEvent]
	// MouseButtonDown fires for each mouse button press.
	MouseButtonDown core.Signal[MouseButtonEvent]
	// MouseButtonUp fires for each mouse button release.
	MouseButtonUp core.Signal[MouseButtonEvent]
	// MouseWheel fires for each scroll, always with finite values (a NaN
	// or infinite precise value from SDL falls back to its integer
	// notches; InjectWheel drops such a scroll).
	MouseWheel core.Signal[WheelEvent]
	// TouchDown fires when a finger touches a touch device.
	TouchDown core.Signal[TouchEvent]
	// TouchUp fires when a finger leaves a touch device.
	TouchUp core.Signal[TouchEvent]
	// TouchMotion fires when a finger moves on a touch device.
	TouchMotion core.Signal[TouchEvent]
	// GamepadAdded fires when a gamepad is connected (also for those
	// connected at Init), after it is open and listed by Gamepads.
	GamepadAdded core.Signal[GamepadID]
	// GamepadRemoved fires when a gamepad is disconnected, after it is closed.
	GamepadRemoved core.Signal[GamepadID]
	// GamepadButtonDown fires for each gamepad button press.
	GamepadButtonDown core.Signal[GamepadButtonEvent]
	// GamepadButtonUp fires for each gamepad button release.
	GamepadButtonUp core.Signal[GamepadButtonEvent]
	// GamepadAxisMotion fires for each change of a gamepad axis.
	GamepadAxisMotion core.Signal[GamepadAxisEvent]
	// Resized fires with the new window size, in window coordinates, when
	// the window's size changes (by the user or by Window.SetSize). Query
	// Window.DrawableSize for the size in pixels.
	Resized core.Signal[Size]
	// FocusGained fires when the window gains keyboard focus.
	FocusGained core.Signal[struct{}]
	// FocusLost fires when the window loses keyboard focus.
	FocusLost core.Signal[struct{}]
	// Minimized fires when the window is minimized.
	Minimized core.Signal[struct{}]
	// Restored fires when a minimized window is restored or maximized.
	Restored core.Signal[struct{}]
	// QuitRequested fires once for each request to quit: the window's close
	// button, or SDL_QUIT (a signal, Cmd-Q). Nothing closes by itself; the
	// game decides.
	QuitRequested core.Signal[struct{}]
	// FileDropped fires with the path of a file dropped on the window.
	FileDropped core.Signal[string]

	p      *Platform
	window *Window // the first open window, for pixel coordinates

	queue       []queuedEvent // filled by Pump
	spare       []queuedEvent // the other buffer, swapped in by Dispatch
	dispatching bool

	keyDown, keyPressed, keyReleased [KeyCount]bool
	keyPrev                          [KeyCount]bool // keyDown before this frame's events, for Actions
	mod                              Mod

	text    []byte
	textStr string // string(text), made on the first Text call of a frame

	mouseX, mouseY, mouseDX, mouseDY, wheelX, wheelY float32
	btnDown, btnPressed, btnReleased                 [mouseButtonCount]bool
	btnPrev                                          [mouseButtonCount]bool // btnDown before this frame's events

	touches     []Touch
	pads        []*Gamepad
	virtualPads int32 // virtual gamepads connected so far: the next id is -(virtualPads+1)

	imeRect    [4]int // the last SetTextInputRect
	imeRectSet bool

	focused, minimized bool
}

func newInput(p *Platform) *Input {
	in := &Input{
		p:       p,
		queue:   make([]queuedEvent, 0, initialQueue),
		spare:   make([]queuedEvent, 0, initialQueue),
		text:    make([]byte, 0, 64),
		touches: make([]Touch, 0, 10),
		pads:    make([]*Gamepad, 0, 4),
	}
	in.handleListenerPanics()
	return in
}

// handleListenerPanics gives every signal of in a panic handler: Dispatch
// runs outside any component callback (in Director.Tick's first step), so
// a core.Signal without one would hand a listener's panic to Dispatch's
// caller and lose the rest of the frame's events. A listener's panic is
// reported to Options.Logger (standard error when that is nil, since a
// panic must not vanish), the listener is removed, and dispatch goes on.
func (in *Input) handleListenerPanics() {
	log := in.p.logger
	if _, none := log.(core.DiscardLogger); none || log == nil {
		log = core.NewLogger(os.Stderr)
	}
	h := func(p *core.ListenerPanic) { log.Printf("platform: input %v; the listener is removed\n%s", p, p.Stack) }
	for _, sig := range in.signals() {
		sig.SetPanicHandler(h)
	}
}

// SetPanicFatal makes a panic in a listener of any of in's signals
// propagate out of Dispatch (after the listener is removed) instead of being
// reported and contained; Config.PanicFatal sets it, so that a test fails
// on it.
func (in *Input) SetPanicFatal(fatal bool) {
	for _, sig := range in.signals() {
		sig.SetPanicFatal(fatal)
	}
}

// panicSignal is what a core.Signal of any type offers for panics.
type panicSignal interface {
	SetPanicHandler(func(*core.ListenerPanic))
	SetPanicFatal(bool)
}

// signals lists every signal of in.
func (in *Input) signals() []panicSignal {
	return []panicSignal{&in.KeyDown, &in.KeyUp, &in.TextInput, &in.TextEditing, &in.MouseMotion, &in.MouseButtonDown, &in.MouseButtonUp,
		&in.MouseWheel, &in.TouchDown, &in.TouchUp, &in.TouchMotion, &in.GamepadAdded, &in.GamepadRemoved,
		&in.GamepadButtonDown, &in.GamepadButtonUp, &in.GamepadAxisMotion, &in.Resized, &in.FocusGained,
		&in.FocusLost, &in.Minimized, &in.Restored, &in.QuitRequested, &in.FileDropped}
}

// Pump moves every event waiting in SDL's queue into the Input's buffer,
// copying what it needs, and calls no listener. Call it on the main thread at
// least once a frame and while waiting, or the window stops responding. It
// does not allocate unless a frame's events outgrow the buffer (which then
// stays grown) or a file is dropped. Pump does nothing after Platform.Close.
func (in *Input) Pump() {
	if in.p.closed {
		return
	}
	for ev := sdl.PollEvent(); ev != nil; ev = sdl.PollEvent() {
		in.enqueue(ev)
	}
}

// enqueue copies the fields the Input uses from ev; other events are dropped.
func (in *Input) enqueue(ev sdl.Event) {
	var q queuedEvent
	switch e := ev.(type) {
	case *sdl.KeyboardEvent:
		q = queuedEvent{kind: e.Type, key: Key(e.Keysym.Scancode), code: Keycode(e.Keysym.Sym), mod: Mod(e.Keysym.Mod), flag: e.Repeat}
	case *sdl.TextInputEvent:
		q = queuedEvent{kind: e.Type, text: e.Text}
	case *sdl.TextEditingEvent:
		q = queuedEvent{kind: e.Type, text: e.Text, x: max(e.Start, 0), y: max(e.Length, 0)}
	case *sdl.MouseMotionEvent:
		q = queuedEvent{kind: e.Type, x: e.X, y: e.Y, dx: e.XRel, dy: e.YRel}
	case *sdl.MouseButtonEvent:
		q = queuedEvent{kind: e.Type, sub: e.Button, clicks: e.Clicks, x: e.X, y: e.Y}
	case *sdl.MouseWheelEvent:
		fx, fy := e.PreciseX, e.PreciseY
		// SDL before 2.0.18, or a synthetic event, leaves the precise values
		// 0; a broken driver or injector may make them NaN or infinite. The
		// integer notches, always finite, stand in for both.
		if (fx == 0 && fy == 0) || !finite32(fx) || !finite32(fy) {
			fx, fy = float32(e.X), float32(e.Y)
		}
		if e.Direction == sdl.MOUSEWHEEL_FLIPPED {
			fx, fy = -fx, -fy
		}
		q = queuedEvent{kind: e.Type, fx: fx, fy: fy}
	case *sdl.TouchFingerEvent:
		q = queuedEvent{kind: e.Type, device: int64(e.TouchID), finger: int64(e.FingerID), fx: e.X, fy: e.Y, fdx: e.DX, fdy: e.DY, pressure: e.Pressure}
	case *sdl.ControllerDeviceEvent:
		q = queuedEvent{kind: e.Type, which: int32(e.Which)}
	case *sdl.ControllerButtonEvent:
		q = queuedEvent{kind: e.Type, which: int32(e.Which), sub: e.Button}
	case *sdl.ControllerAxisEvent:
		q = queuedEvent{kind: e.Type, which: int32(e.Which), sub: e.Axis, x: int32(e.Value)}
	case *sdl.WindowEvent:
		q = queuedEvent{kind: e.Type, sub: e.Event, x: e.Data1, y: e.Data2}
	case *sdl.QuitEvent:
		q = queuedEvent{kind: e.Type}
	case *sdl.DropEvent:
		if e.Type != sdl.DROPFILE {
			return
		}
		q = queuedEvent{kind: e.Type, str: e.File}
	default:
		return
	}
	in.queue = append(in.queue, q)
}

// finite32 reports whether v is neither NaN nor ±Inf.
func finite32(v float32) bool { return v-v == 0 }

// clampFinite32 maps ±Inf to ±math.MaxFloat32 (an overflowing sum).
func clampFinite32(v float32) float32 { return min(max(v, -math.MaxFloat32), math.MaxFloat32) }

// Pending returns how many events Pump has buffered for the next Dispatch.
func (in *Input) Pending() int { return len(in.queue) }

// Dispatch starts an input frame: it clears the per-frame state
// (JustPressed, JustReleased, wheel, mouse delta, text), applies the buffered
// events in order to the polled state, emitting the signals as it goes, and
// empties the buffer. Events pumped by a listener wait for the next Dispatch.
// Dispatch allocates nothing unless listeners or text input do. It panics if
// called from one of its own listeners.
func (in *Input) Dispatch() {
	if in.dispatching {
		panic("platform: Input.Dispatch called from an input listener")
	}
	in.dispatching = true
	defer in.endDispatch()
	in.beginFrame()
	in.snapshot()

	events := in.queue
	in.queue = in.spare[:0]
	in.spare = events
	for i := range events {
		in.apply(&events[i])
	}
}

func (in *Input) endDispatch() {
	clear(in.spare) // drop strings; also on a listener's panic
	in.spare = in.spare[:0]
	in.dispatching = false
}

// beginFrame clears the state that lasts one frame.
func (in *Input) beginFrame() {
	clear(in.keyPressed[:])
	clear(in.keyReleased[:])
	clear(in.btnPressed[:])
	clear(in.btnReleased[:])
	in.mouseDX, in.mouseDY = 0, 0
	in.wheelX, in.wheelY = 0, 0
	in.text = in.text[:0]
	in.textStr = ""
	for _, g := range in.pads {
		g.beginFrame()
	}
}

// snapshot records the held state before this frame's events (the state
// the previous frame ended with), from which Actions tells presses and
// releases of an action apart from changes among its bindings.
func (in *Input) snapshot() {
	in.keyPrev = in.keyDown
	in.btnPrev = in.btnDown
	for _, g := range in.pads {
		g.snapshot()
	}
}

// apply updates the polled state with q and emits its signal.
func (in *Input) apply(q *queuedEvent) {
	switch q.kind {
	case sdl.KEYDOWN:
		if q.key < KeyCount && !in.keyDown[q.key] {
			in.keyDown[q.key] = true
			in.keyPressed[q.key] = true
		}
		in.mod = q.mod
		in.KeyDown.Emit(KeyEvent{Key: q.key, Code: q.code, Mod: q.mod, Repeat: q.flag != 0})
	case sdl.KEYUP:
		if q.key < KeyCount && in.keyDown[q.key] {
			in.keyDown[q.key] = false
			in.keyReleased[q.key] = true
		}
		in.mod = q.mod
		in.KeyUp.Emit(KeyEvent{Key: q.key, Code: q.code, Mod: q.mod})
	case sdl.TEXTINPUT:
		n := textLen(&q.text)
		in.text = append(in.text, q.text[:n]...)
		in.textStr = ""
		if in.TextInput.Len() > 0 {
			in.TextInput.Emit(string(q.text[:n]))
		}
	case sdl.TEXTEDITING:
		if in.TextEditing.Len() > 0 {
			n := textLen(&q.text)
			in.TextEditing.Emit(TextEditingEvent{Text: string(q.text[:n]), Start: int(q.x), Length: int(q.y)})
		}
	case sdl.MOUSEMOTION:
		in.mouseX, in.mouseY = float32(q.x), float32(q.y)
		in.mouseDX += float32(q.dx)
		in.mouseDY += float32(q.dy)
		in.MouseMotion.Emit(MouseMotionEvent{X: in.mouseX, Y: in.mouseY, DX: float32(q.dx), DY: float32(q.dy)})
	case sdl.MOUSEBUTTONDOWN, sdl.MOUSEBUTTONUP:
		in.mouseX, in.mouseY = float32(q.x), float32(q.y)
		b := q.sub
		ev := MouseButtonEvent{Button: MouseButton(b), X: in.mouseX, Y: in.mouseY, Clicks: int(q.clicks)}
		if q.kind == sdl.MOUSEBUTTONDOWN {
			if b < mouseButtonCount && !in.btnDown[b] {
				in.btnDown[b] = true
				in.btnPressed[b] = true
			}
			in.MouseButtonDown.Emit(ev)
		} else {
			if b < mouseButtonCount && in.btnDown[b] {
				in.btnDown[b] = false
				in.btnReleased[b] = true
			}
			in.MouseButtonUp.Emit(ev)
		}
	case sdl.MOUSEWHEEL:
		// Each value is finite (enqueue and InjectWheel see to it); the sum
		// is kept finite too, so Wheel never reports ±Inf.
		in.wheelX = clampFinite32(in.wheelX + q.fx)
		in.wheelY = clampFinite32(in.wheelY + q.fy)
		in.MouseWheel.Emit(WheelEvent{DX: q.fx, DY: q.fy})
	case sdl.FINGERDOWN, sdl.FINGERUP, sdl.FINGERMOTION:
		in.applyTouch(q)
	case sdl.CONTROLLERDEVICEADDED:
		in.openGamepad(int(q.which))
	case sdl.CONTROLLERDEVICEREMOVED:
		in.removeGamepad(GamepadID(q.which))
	case virtualAdded:
		in.applyVirtualAdded(q)
	case sdl.CONTROLLERBUTTONDOWN, sdl.CONTROLLERBUTTONUP:
		in.applyGamepadButton(GamepadID(q.which), GamepadButton(q.sub), q.kind == sdl.CONTROLLERBUTTONDOWN)
	case sdl.CONTROLLERAXISMOTION:
		in.applyGamepadAxis(GamepadID(q.which), GamepadAxis(q.sub), int16(q.x))
	case sdl.WINDOWEVENT:
		in.applyWindow(q)
	case sdl.QUIT:
		in.QuitRequested.Emit(struct{}{})
	case sdl.DROPFILE:
		in.FileDropped.Emit(q.str)
	}
}

// textLen returns the length of the NUL-terminated text in b.
func textLen(b *[len(sdl.TextInputEvent{}.Text)]byte) int {
	n := 0
	for n < len(b) && b[n] != 0 {
		n++
	}
	return n
}

func (in *Input) applyTouch(q *queuedEvent) {
	ev := TouchEvent{Device: q.device, Finger: q.finger, X: q.fx, Y: q.fy, DX: q.fdx, DY: q.fdy, Pressure: q.pressure}
	i := in.touchIndex(q.device, q.finger)
	switch q.kind {
	case sdl.FINGERDOWN:
		t := Touch{Device: q.device, Finger: q.finger, X: q.fx, Y: q.fy, Pressure: q.pressure}
		if i < 0 {
			in.touches = append(in.touches, t)
		} else {
			in.touches[i] = t
		}
		in.TouchDown.Emit(ev)
	case sdl.FINGERMOTION:
		if i >= 0 {
			in.touches[i].X, in.touches[i].Y, in.touches[i].Pressure = q.fx, q.fy, q.pressure
		}
		in.TouchMotion.Emit(ev)
	case sdl.FINGERUP:
		if i >= 0 {
			in.touches = append(in.touches[:i], in.touches[i+1:]...)
		}
		in.TouchUp.Emit(ev)
	}
}

func (in *Input) touchIndex(device, finger int64) int {
	for i, t := range in.touches {
		if t.Device == device && t.Finger == finger {
			return i
		}
	}
	return -1
}

func (in *Input) applyWindow(q *queuedEvent) {
	switch q.sub {
	case sdl.WINDOWEVENT_SIZE_CHANGED:
		in.Resized.Emit(Size{W: int(q.x), H: int(q.y)})
	case sdl.WINDOWEVENT_FOCUS_GAINED:
		in.focused = true
		in.FocusGained.Emit(struct{}{})
	case sdl.WINDOWEVENT_FOCUS_LOST:
		in.focused = false
		in.FocusLost.Emit(struct{}{})
	case sdl.WINDOWEVENT_MINIMIZED:
		if !in.minimized {
			in.minimized = true
			in.Minimized.Emit(struct{}{})
		}
	case sdl.WINDOWEVENT_RESTORED, sdl.WINDOWEVENT_MAXIMIZED:
		if in.minimized {
			in.minimized = false
			in.Restored.Emit(struct{}{})
		}
	case sdl.WINDOWEVENT_CLOSE:
		in.QuitRequested.Emit(struct{}{})
	}
}

// Discard drops the buffered input events (keys, text and compositions,
// mouse, touch, gamepad buttons and axes), as when resuming from a pause,
// and resynchronizes the polled state with SDL's own device state, so no
// key stays stuck down and nothing reads JustPressed. Window, quit,
// file-drop and gamepad connect/disconnect events are kept for the next
// Dispatch: they still matter after a pause. Call Pump first so SDL's state is current.
func (in *Input) Discard() {
	kept := in.queue[:0]
	for _, q := range in.queue {
		switch q.kind {
		case sdl.WINDOWEVENT, sdl.QUIT, sdl.DROPFILE, sdl.CONTROLLERDEVICEADDED, sdl.CONTROLLERDEVICEREMOVED, virtualAdded:
			kept = append(kept, q)
		}
	}
	clear(in.queue[len(kept):])
	in.queue = kept

	in.beginFrame()
	clear(in.keyDown[:])
	clear(in.btnDown[:])
	in.touches = in.touches[:0]
	defer in.snapshot() // nothing reads as just pressed or released
	if in.p.closed {
		return
	}
	for k, v := range sdl.GetKeyboardState() {
		if k < KeyCount {
			in.keyDown[k] = v != 0
		}
	}
	in.mod = Mod(sdl.GetModState())
	x, y, buttons := sdl.GetMouseState()
	in.mouseX, in.mouseY = float32(x), float32(y)
	for b := 1; b < mouseButtonCount; b++ {
		in.btnDown[b] = buttons&sdl.Button(uint32(b)) != 0
	}
	for _, g := range in.pads {
		g.resync()
	}
}

// Down reports whether k is held, as of the last Dispatch.
func (in *Input) Down(k Key) bool { return k < KeyCount && in.keyDown[k] }

// JustPressed reports whether k went down in the events of the last
// Dispatch: true for exactly one frame per press (auto-repeats don't count).
func (in *Input) JustPressed(k Key) bool { return k < KeyCount && in.keyPressed[k] }

// JustReleased reports whether k went up in the events of the last Dispatch:
// true for exactly one frame per release.
func (in *Input) JustReleased(k Key) bool { return k < KeyCount && in.keyReleased[k] }

// Mod returns the modifiers held as of the last key event dispatched.
func (in *Input) Mod() Mod { return in.mod }

// Text returns the UTF-8 text typed in the events of the last Dispatch, or
// "". It allocates once per frame with text, none without.
func (in *Input) Text() string {
	if in.textStr == "" && len(in.text) > 0 {
		in.textStr = string(in.text)
	}
	return in.textStr
}

// SetTextInput turns text input (the TextInput signal, Text, and input
// method windows) on or off. SDL starts with it on for desktop windows.
func (in *Input) SetTextInput(on bool) {
	if in.p.closed {
		return
	}
	if on {
		sdl.StartTextInput()
	} else {
		sdl.StopTextInput()
	}
}

// SetTextInputRect tells the input method where the text being edited is,
// in window coordinates (origin at the top left; divide drawable pixels by
// DrawableSize/Size on high-DPI displays): its candidate window opens next
// to that rectangle, usually just below it. A Game sets it from the
// focused ui.TextInput's caret. Negative sizes count as 0. Without an open
// video Platform it is only remembered, for TextInputRect.
func (in *Input) SetTextInputRect(x, y, w, h int) {
	w, h = max(w, 0), max(h, 0)
	in.imeRect, in.imeRectSet = [4]int{x, y, w, h}, true
	if in.p.closed || in.p.noVideo {
		return
	}
	sdl.SetTextInputRect(&sdl.Rect{X: int32(x), Y: int32(y), W: int32(w), H: int32(h)})
}

// ClearComposition tells the input method to drop the composition it is
// making (SDL_ClearComposition), as when the field showing it lost it (a
// blur, Escape). A Game calls it when its focused ui.TextInput stops
// composing. It does nothing without an open video Platform.
func (in *Input) ClearComposition() {
	if in.p.closed || in.p.noVideo {
		return
	}
	sdl.ClearComposition()
}

// TextInputRect returns the rectangle last given to SetTextInputRect, and
// false if none was.
func (in *Input) TextInputRect() (x, y, w, h int, ok bool) {
	r := in.imeRect
	return r[0], r[1], r[2], r[3], in.imeRectSet
}

// MouseDown reports whether b is held, as of the last Dispatch.
func (in *Input) MouseDown(b MouseButton) bool { return b < mouseButtonCount && in.btnDown[b] }

// MouseJustPressed reports whether b went down in the last Dispatch's events.
func (in *Input) MouseJustPressed(b MouseButton) bool {
	return b < mouseButtonCount && in.btnPressed[b]
}

// MouseJustReleased reports whether b went up in the last Dispatch's events.
func (in *Input) MouseJustReleased(b MouseButton) bool {
	return b < mouseButtonCount && in.btnReleased[b]
}

// MousePosition returns the mouse position in window coordinates (origin at
// the top left), as of the last Dispatch.
func (in *Input) MousePosition() (x, y float32) { return in.mouseX, in.mouseY }

// MousePixelPosition returns the mouse position in drawable pixels, the
// viewport's unit: MousePosition scaled by DrawableSize/Size of the window
// (they differ on high-DPI displays). Without a window it equals
// MousePosition.
func (in *Input) MousePixelPosition() (x, y float32) {
	x, y = in.mouseX, in.mouseY
	if w := in.window; w != nil {
		ww, wh := w.Size()
		dw, dh := w.DrawableSize()
		if ww > 0 && wh > 0 {
			x *= float32(dw) / float32(ww)
			y *= float32(dh) / float32(wh)
		}
	}
	return x, y
}

// MouseDelta returns the mouse motion summed over the last Dispatch's
// events, in window coordinates; in relative mode the only useful reading.
func (in *Input) MouseDelta() (dx, dy float32) { return in.mouseDX, in.mouseDY }

// Wheel returns the scrolling summed over the last Dispatch's events; see
// WheelEvent for the directions. It is always finite (a sum that would
// overflow stops at ±math.MaxFloat32).
func (in *Input) Wheel() (dx, dy float32) { return in.wheelX, in.wheelY }

// SetRelativeMouse turns relative mouse mode on or off: the cursor is hidden
// and held in the window, and only MouseDelta is meaningful (for mouse-look).
func (in *Input) SetRelativeMouse(on bool) error {
	if in.p.closed || in.p.noVideo {
		return fmt.Errorf("platform: SetRelativeMouse needs an open video Platform")
	}
	if sdl.SetRelativeMouseMode(on) < 0 {
		return fmt.Errorf("platform: set relative mouse mode %v: %v", on, sdl.GetError())
	}
	return nil
}

// RelativeMouse reports whether relative mouse mode is on.
func (in *Input) RelativeMouse() bool {
	return !in.p.closed && !in.p.noVideo && sdl.GetRelativeMouseMode()
}

// Touches returns the fingers down, as of the last Dispatch, in the order
// they touched. The slice belongs to the Input and is valid until the next
// Dispatch or Discard.
func (in *Input) Touches() []Touch { return in.touches }

// HasFocus reports whether the window has keyboard focus, as of the last
// Dispatch (initially, as of OpenWindow). False without a window.
func (in *Input) HasFocus() bool { return in.focused }

// IsMinimized reports whether the window is minimized, as of the last Dispatch.
func (in *Input) IsMinimized() bool { return in.minimized }

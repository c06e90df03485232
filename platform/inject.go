package platform

import (
	"math"
	"unicode/utf8"

	"github.com/veandco/go-sdl2/sdl"
)

// The Inject methods queue synthetic input as if SDL had reported it: the
// event is dispatched, in order with real events, by the next Dispatch. They
// drive samples and tests without a person, and replay recorded input.

// InjectKey queues a press (down) or release of key, without modifiers.
func (in *Input) InjectKey(key Key, down bool) { in.InjectKeyEvent(KeyEvent{Key: key}, down) }

// InjectKeyEvent queues a press (down) or release of ev.Key with ev's
// modifiers and repeat flag, as KeyDown and KeyUp reported it (replays use
// it). A zero ev.Code is filled in from the key.
func (in *Input) InjectKeyEvent(ev KeyEvent, down bool) {
	kind := uint32(sdl.KEYUP)
	if down {
		kind = sdl.KEYDOWN
	}
	if ev.Code == 0 {
		ev.Code = Keycode(sdl.GetKeyFromScancode(sdl.Scancode(ev.Key)))
	}
	var repeat uint8
	if ev.Repeat {
		repeat = 1
	}
	in.queue = append(in.queue, queuedEvent{kind: kind, key: ev.Key, code: ev.Code, mod: ev.Mod, flag: repeat})
}

// InjectMouseMove queues a move of the mouse to (x, y) in window coordinates.
func (in *Input) InjectMouseMove(x, y int) {
	in.queue = append(in.queue, queuedEvent{kind: sdl.MOUSEMOTION, x: int32(x), y: int32(y),
		dx: int32(x) - int32(in.mouseX), dy: int32(y) - int32(in.mouseY)})
}

// InjectMouseButton queues a press (down) or release of b at (x, y) in window
// coordinates.
func (in *Input) InjectMouseButton(b MouseButton, down bool, x, y int) {
	kind := uint32(sdl.MOUSEBUTTONUP)
	if down {
		kind = sdl.MOUSEBUTTONDOWN
	}
	in.queue = append(in.queue, queuedEvent{kind: kind, sub: uint8(b), clicks: 1, x: int32(x), y: int32(y)})
}

// InjectQuit queues a quit request, as the window's close button does.
func (in *Input) InjectQuit() {
	in.queue = append(in.queue, queuedEvent{kind: sdl.QUIT})
}

// InjectWheel queues a scroll of (dx, dy) notches (positive y scrolls away
// from the user, as SDL reports it). A scroll with a NaN or infinite value
// is dropped here, so that Wheel and the MouseWheel listeners only ever see
// finite values (real SDL wheel events are checked in Pump).
func (in *Input) InjectWheel(dx, dy float32) {
	if !finite32(dx) || !finite32(dy) {
		return
	}
	in.queue = append(in.queue, queuedEvent{kind: sdl.MOUSEWHEEL, fx: dx, fy: dy})
}

// InjectText queues typed text (UTF-8). Text longer than one SDL text event
// holds is queued as several events, split between runes.
func (in *Input) InjectText(s string) {
	const room = len(queuedEvent{}.text) - 1 // keep a NUL at the end
	for len(s) > 0 {
		n := min(len(s), room)
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n-- // do not split a rune
		}
		q := queuedEvent{kind: sdl.TEXTINPUT}
		copy(q.text[:], s[:n])
		in.queue = append(in.queue, q)
		s = s[n:]
	}
}

// InjectTextEditing queues a change of an input method's composition, as
// SDL_TEXTEDITING reports it (see TextEditingEvent): text, the cursor at
// rune start and a selection of length runes there; "" ends the
// composition. Like SDL's own event, text is cut to 31 bytes, on a rune
// boundary. Negative start and length count as 0.
func (in *Input) InjectTextEditing(text string, start, length int) {
	const room = len(queuedEvent{}.text) - 1 // keep a NUL at the end
	n := min(len(text), room)
	for n < len(text) && !utf8.RuneStart(text[n]) {
		n-- // do not split a rune
	}
	start = min(max(start, 0), math.MaxInt32)
	length = min(max(length, 0), math.MaxInt32)
	q := queuedEvent{kind: sdl.TEXTEDITING, x: int32(start), y: int32(length)}
	copy(q.text[:], text[:n])
	in.queue = append(in.queue, q)
}

// InjectGamepadButton queues a press (down) or release of button b on the
// gamepad with the given id. Like SDL's own events, it is ignored at
// Dispatch unless that gamepad is connected then.
func (in *Input) InjectGamepadButton(id GamepadID, b GamepadButton, down bool) {
	kind := uint32(sdl.CONTROLLERBUTTONUP)
	if down {
		kind = sdl.CONTROLLERBUTTONDOWN
	}
	in.queue = append(in.queue, queuedEvent{kind: kind, which: int32(id), sub: uint8(b)})
}

// InjectGamepadAxis queues a move of axis a on the gamepad with the given id
// to v (-1..1 for sticks, 0..1 for triggers; clamped to -1..1). SDL's axes
// have 16 bits, so Gamepad.Axis reads v rounded to a step of 1/32767. Like
// SDL's own events, it is ignored at Dispatch unless that gamepad is
// connected then. ±Inf is clamped like any value out of range; NaN, which
// has no place on an axis, drops the move (SDL's own axes are 16-bit
// integers, always finite).
func (in *Input) InjectGamepadAxis(id GamepadID, a GamepadAxis, v float32) {
	if v != v { // NaN
		return
	}
	v = min(max(v, -1), 1)
	var raw int32
	if v < 0 {
		raw = int32(v*32768 - 0.5)
	} else {
		raw = int32(v*32767 + 0.5)
	}
	raw = min(max(raw, -32768), 32767)
	in.queue = append(in.queue, queuedEvent{kind: sdl.CONTROLLERAXISMOTION, which: int32(id), sub: uint8(a), x: raw})
}

package platform

import "github.com/veandco/go-sdl2/sdl"

// virtualAdded is the queued-event kind of a gamepad connected without a
// device (InjectGamepadAdded). SDL's user event range is never produced by
// SDL itself, so no real event takes this kind.
const virtualAdded = sdl.USEREVENT + 1

// VirtualGamepad is a gamepad with no device behind it: the value a test, a
// sample or a replay owns to connect a pad, press its buttons, move its
// axes and disconnect it, all through the Input's queue. What it does is
// dispatched exactly as a real pad's events are (GamepadAdded,
// GamepadButtonDown, Gamepad.JustPressed, Actions bindings...), at the next
// Dispatch and in order with other input, so it also reaches whatever
// listens to the Input, a replay.Recorder included. Its methods belong to
// the main thread, like the Input's.
type VirtualGamepad struct {
	in   *Input
	id   GamepadID
	name string
}

// ConnectVirtualGamepad queues the connection of a new virtual gamepad
// named name and returns its handle; the pad is listed by Gamepads, and
// GamepadAdded fires, at the next Dispatch. Its id is negative (-1 for an
// Input's first virtual pad, -2 for the second, ...), so it never equals a
// real pad's SDL instance id and is the same in every run that connects
// its pads in the same order. It works with or without a window or SDL's
// gamepad subsystem: headless runs and tests use it.
func (in *Input) ConnectVirtualGamepad(name string) *VirtualGamepad {
	in.virtualPads++
	v := &VirtualGamepad{in: in, id: GamepadID(-in.virtualPads), name: name}
	in.InjectGamepadAdded(v.id, name)
	return v
}

// ID returns the pad's id, as Gamepad.ID and the gamepad events report it.
func (v *VirtualGamepad) ID() GamepadID { return v.id }

// Name returns the name the pad was connected with.
func (v *VirtualGamepad) Name() string { return v.name }

// Gamepad returns the Input's Gamepad for the pad, with its polled state:
// nil before the connection is dispatched and after the disconnection is.
func (v *VirtualGamepad) Gamepad() *Gamepad { return v.in.Gamepad(v.id) }

// Press queues a press of b.
func (v *VirtualGamepad) Press(b GamepadButton) { v.in.InjectGamepadButton(v.id, b, true) }

// Release queues a release of b.
func (v *VirtualGamepad) Release(b GamepadButton) { v.in.InjectGamepadButton(v.id, b, false) }

// Tap queues a press of b and its release: at the next Dispatch the button
// reads JustPressed and JustReleased, and is not held afterwards.
func (v *VirtualGamepad) Tap(b GamepadButton) {
	v.Press(b)
	v.Release(b)
}

// SetAxis queues a move of axis a to value, as InjectGamepadAxis does
// (clamped to -1..1, in SDL's 16-bit steps; NaN is dropped).
func (v *VirtualGamepad) SetAxis(a GamepadAxis, value float32) {
	v.in.InjectGamepadAxis(v.id, a, value)
}

// Disconnect queues the pad's disconnection: at the next Dispatch it is
// unlisted, its Gamepad reads Connected false and zero, and GamepadRemoved
// fires. Later presses are ignored, as a real pad's events after its
// removal are; a second Disconnect does nothing.
func (v *VirtualGamepad) Disconnect() { v.in.InjectGamepadRemoved(v.id) }

// InjectGamepadAdded queues the connection of a gamepad with no device
// behind it, with the given id and name: at Dispatch it is listed by
// Gamepads (Gamepad.Virtual reports true) and GamepadAdded fires, unless a
// gamepad with that id is connected then, when nothing happens. A replay
// uses it to bring back a recorded pad under its recorded id;
// ConnectVirtualGamepad picks a fresh id. A real pad that SDL later
// reports under the same instance id is not opened while this one is
// listed: use the negative ids of ConnectVirtualGamepad outside replays.
func (in *Input) InjectGamepadAdded(id GamepadID, name string) {
	in.queue = append(in.queue, queuedEvent{kind: virtualAdded, which: int32(id), str: name})
}

// InjectGamepadRemoved queues the disconnection of the gamepad with the
// given id, as SDL reports a pad unplugged: at Dispatch it is closed and
// unlisted and GamepadRemoved fires, if it is connected then.
func (in *Input) InjectGamepadRemoved(id GamepadID) {
	in.queue = append(in.queue, queuedEvent{kind: sdl.CONTROLLERDEVICEREMOVED, which: int32(id)})
}

// applyVirtualAdded lists a gamepad connected by InjectGamepadAdded.
func (in *Input) applyVirtualAdded(q *queuedEvent) {
	id := GamepadID(q.which)
	if in.Gamepad(id) != nil {
		return
	}
	// As addGamepad, with virtual set before GamepadAdded's listeners look.
	g := &Gamepad{id: id, name: q.str, connected: true, virtual: true}
	g.resync()
	in.pads = append(in.pads, g)
	in.GamepadAdded.Emit(id)
}

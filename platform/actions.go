package platform

import (
	"fmt"
	"math"
)

// Defaults of an [Actions] set's DeadZone and PressPoint.
const (
	// DefaultDeadZone is the part of a gamepad axis's travel, from rest,
	// that reads as 0: sticks rarely rest exactly at the center.
	DefaultDeadZone = 0.2
	// DefaultPressPoint is the value (after the dead zone) at which an axis
	// binding counts as pressed.
	DefaultPressPoint = 0.5
)

// AnyGamepad is the GamepadID that UseGamepad takes to read every connected
// gamepad again (the default).
const AnyGamepad GamepadID = -1

type bindingKind uint8

const (
	bindNone bindingKind = iota
	bindKey
	bindMouse
	bindPadButton
	bindPadAxis
)

// Binding is one physical input an action listens to: a key, a mouse
// button, a gamepad button, or a gamepad axis (whole, or one half of it).
// Make one with KeyBinding, MouseBinding, GamepadButtonBinding or
// GamepadAxisBinding; the zero Binding is never active. Bindings are small
// values and comparable with ==.
type Binding struct {
	kind  bindingKind
	half  int8 // axis: 0 the whole axis, 1 its positive half, -1 its negative half
	code  uint16
	scale float32 // 0 means 1
}

// KeyBinding binds a key (by position: see Key). Its value is 1 while the
// key is held, else 0.
func KeyBinding(k Key) Binding { return Binding{kind: bindKey, code: uint16(k)} }

// MouseBinding binds a mouse button. Its value is 1 while the button is
// held, else 0.
func MouseBinding(b MouseButton) Binding { return Binding{kind: bindMouse, code: uint16(b)} }

// GamepadButtonBinding binds a gamepad button. Its value is 1 while the
// button is held, else 0.
func GamepadButtonBinding(b GamepadButton) Binding {
	return Binding{kind: bindPadButton, code: uint16(b)}
}

// GamepadAxisBinding binds a whole gamepad axis. Its value is the axis
// position with the dead zone taken out and the rest rescaled to the full
// range: -1..1 for sticks (Y > 0 is down, as SDL reports it), 0..1 for
// triggers. Restrict it to one direction with Positive or Negative.
func GamepadAxisBinding(a GamepadAxis) Binding { return Binding{kind: bindPadAxis, code: uint16(a)} }

// Positive restricts an axis binding to the axis's positive half (right,
// down): its value is then 0..1 and 0 while the axis is on the other side.
// On other bindings it changes nothing.
func (b Binding) Positive() Binding {
	if b.kind == bindPadAxis {
		b.half = 1
	}
	return b
}

// Negative restricts an axis binding to the axis's negative half (left, up):
// its value is then 0..1 (the distance from rest, so pushing a stick left
// reads positive) and 0 while the axis is on the other side. On other
// bindings it changes nothing.
func (b Binding) Negative() Binding {
	if b.kind == bindPadAxis {
		b.half = -1
	}
	return b
}

// Scaled returns b with its value multiplied by s: KeyBinding(KeyLeft).Scaled(-1)
// makes the left arrow read -1, so one action can be a signed axis driven by
// both keys and a stick. Scaling changes the value only, not when the
// binding counts as pressed. Scaled(0) and Scaled(1) both mean unscaled.
func (b Binding) Scaled(s float32) Binding {
	b.scale = s
	return b
}

// String describes the binding for a settings screen: "Key Space",
// "Mouse 1", "Gamepad A", "Gamepad LeftX-", with " ×-1" for a scale.
// It allocates.
func (b Binding) String() string {
	var s string
	switch b.kind {
	case bindKey:
		s = "Key " + Key(b.code).String()
	case bindMouse:
		s = fmt.Sprintf("Mouse %d", b.code)
	case bindPadButton:
		s = "Gamepad " + padButtonName(GamepadButton(b.code))
	case bindPadAxis:
		s = "Gamepad " + padAxisName(GamepadAxis(b.code))
		switch b.half {
		case 1:
			s += "+"
		case -1:
			s += "-"
		}
	default:
		return "none"
	}
	if b.scale != 0 && b.scale != 1 {
		s += fmt.Sprintf(" ×%g", b.scale)
	}
	return s
}

var padButtonNames = [...]string{"A", "B", "X", "Y", "Back", "Guide", "Start", "LeftStick", "RightStick",
	"LeftShoulder", "RightShoulder", "DPadUp", "DPadDown", "DPadLeft", "DPadRight",
	"Misc1", "Paddle1", "Paddle2", "Paddle3", "Paddle4", "Touchpad"}

var padAxisNames = [...]string{"LeftX", "LeftY", "RightX", "RightY", "LeftTrigger", "RightTrigger"}

func padButtonName(b GamepadButton) string {
	if int(b) < len(padButtonNames) {
		return padButtonNames[b]
	}
	return fmt.Sprintf("button %d", b)
}

func padAxisName(a GamepadAxis) string {
	if int(a) < len(padAxisNames) {
		return padAxisNames[a]
	}
	return fmt.Sprintf("axis %d", a)
}

// Actions maps action names ("jump", "move_left") to bindings over an
// Input's polled state, so game code asks about the action, not the key,
// and players can rebind. An action is pressed while any of its bindings
// is: a key or button held, or an axis at PressPoint or beyond. Its value
// sums its bindings' values, clamped to -1..1.
//
// Actions keeps no state of its own between frames: everything is read from
// the Input as of its last Dispatch (or Discard), so it never needs
// updating, and any number of sets may read one Input (one per player, say).
// Querying allocates nothing. Use it on the main thread, like the Input.
type Actions struct {
	// DeadZone is the part of an axis's travel from rest that reads as 0;
	// the rest is rescaled to the full range. NewActions sets it to
	// DefaultDeadZone; it is clamped to 0..0.99 when read.
	DeadZone float32
	// PressPoint is the value (after the dead zone, before Scaled) at which
	// an axis binding counts as pressed. NewActions sets it to
	// DefaultPressPoint; 0 or less means any value beyond the dead zone.
	PressPoint float32

	in      *Input
	actions map[string]*action
	pad     GamepadID // AnyGamepad: all of them
}

type action struct{ bindings []Binding }

// NewActions returns an empty set of actions over in, reading every
// connected gamepad.
func NewActions(in *Input) *Actions {
	return &Actions{DeadZone: DefaultDeadZone, PressPoint: DefaultPressPoint, in: in,
		actions: make(map[string]*action), pad: AnyGamepad}
}

// Bind sets the bindings of the named action, replacing any it had (none
// leaves an action that is never pressed). It copies the slice.
func (a *Actions) Bind(name string, bindings ...Binding) {
	act := a.actions[name]
	if act == nil {
		act = &action{}
		a.actions[name] = act
	}
	act.bindings = append(act.bindings[:0], bindings...)
}

// Unbind removes the named action; asking about it then reads as an action
// never pressed.
func (a *Actions) Unbind(name string) { delete(a.actions, name) }

// Bindings returns a copy of the named action's bindings, or nil for an
// action that was never bound.
func (a *Actions) Bindings(name string) []Binding {
	if act := a.actions[name]; act != nil {
		return append([]Binding{}, act.bindings...)
	}
	return nil
}

// UseGamepad makes the gamepad bindings read only the gamepad with the given
// id (for local multiplayer: one Actions per player); AnyGamepad, the
// default, reads every connected gamepad (a button is held when it is held
// on any of them; an axis reads the pad where it is furthest from rest).
func (a *Actions) UseGamepad(id GamepadID) { a.pad = id }

// Gamepad returns the gamepad the bindings read, or AnyGamepad.
func (a *Actions) Gamepad() GamepadID { return a.pad }

// Pressed reports whether the named action is pressed as of the last
// Dispatch: some binding's key or button is held, or its axis is at
// PressPoint or beyond. False for an unknown name.
func (a *Actions) Pressed(name string) bool {
	act := a.actions[name]
	return act != nil && a.pressed(act, false)
}

// JustPressed reports whether the named action became pressed in the last
// Dispatch's events: it was not pressed after the previous Dispatch and is
// now, or one of its keys or buttons went down and up again within the
// frame (a tap is never lost). Pressing a second binding of an action
// already pressed does not count. It is true for exactly one frame per
// press; never right after Input.Discard.
func (a *Actions) JustPressed(name string) bool {
	act := a.actions[name]
	return act != nil && !a.pressed(act, true) && (a.pressed(act, false) || a.edge(act, true))
}

// JustReleased reports whether the named action stopped being pressed in
// the last Dispatch's events: it was pressed after the previous Dispatch and
// is not now, or one of its keys or buttons went down and up within the
// frame. Releasing one binding while another still holds the action does
// not count. It is true for exactly one frame per release; never right
// after Input.Discard. (A gamepad disconnected while holding the action
// releases it without JustReleased.)
func (a *Actions) JustReleased(name string) bool {
	act := a.actions[name]
	return act != nil && !a.pressed(act, false) && (a.pressed(act, true) || a.edge(act, false))
}

// Value returns the named action's value as of the last Dispatch: the sum of
// its bindings' values (1 for a held key or button, the dead-zoned axis
// position for an axis; each times its Scaled factor), clamped to -1..1.
// 0 for an unknown name.
func (a *Actions) Value(name string) float32 {
	act := a.actions[name]
	if act == nil {
		return 0
	}
	var sum float32
	for i := range act.bindings {
		b := &act.bindings[i]
		v, _ := a.binding(b, false)
		if b.scale != 0 {
			v *= b.scale
		}
		sum += v
	}
	return min(max(sum, -1), 1)
}

// Axis returns Value(positive) - Value(negative), clamped to -1..1: a
// signed axis from two actions, such as Axis("left", "right").
func (a *Actions) Axis(negative, positive string) float32 {
	return min(max(a.Value(positive)-a.Value(negative), -1), 1)
}

// pressed reports whether some binding of act is pressed, now or (prev)
// before the last Dispatch's events.
func (a *Actions) pressed(act *action, prev bool) bool {
	if a.in == nil {
		return false
	}
	press := a.PressPoint
	for i := range act.bindings {
		b := &act.bindings[i]
		v, button := a.binding(b, prev)
		if button {
			if v != 0 {
				return true
			}
			continue
		}
		if v < 0 {
			v = -v
		}
		if v > 0 && v >= press {
			return true
		}
	}
	return false
}

// binding returns b's value, unscaled, now or (prev) before the last
// Dispatch's events, and whether b is a key or button.
func (a *Actions) binding(b *Binding, prev bool) (v float32, button bool) {
	in := a.in
	if in == nil {
		return 0, false
	}
	switch b.kind {
	case bindKey:
		k := Key(b.code)
		if k < KeyCount && (prev && in.keyPrev[k] || !prev && in.keyDown[k]) {
			v = 1
		}
		return v, true
	case bindMouse:
		m := MouseButton(b.code)
		if m < mouseButtonCount && (prev && in.btnPrev[m] || !prev && in.btnDown[m]) {
			v = 1
		}
		return v, true
	case bindPadButton:
		pb := GamepadButton(b.code)
		if pb >= GamepadButtonCount {
			return 0, true
		}
		for _, g := range in.pads {
			if a.pad != AnyGamepad && g.id != a.pad {
				continue
			}
			if prev && g.prevDown[pb] || !prev && g.down[pb] {
				return 1, true
			}
		}
		return 0, true
	case bindPadAxis:
		ax := GamepadAxis(b.code)
		if ax >= GamepadAxisCount {
			return 0, false
		}
		for _, g := range in.pads {
			if a.pad != AnyGamepad && g.id != a.pad {
				continue
			}
			raw := g.axes[ax]
			if prev {
				raw = g.prevAxes[ax]
			}
			switch {
			case b.half > 0:
				raw = max(raw, 0)
			case b.half < 0:
				raw = max(-raw, 0)
			}
			if d := deadZone(raw, a.DeadZone); abs32(d) > abs32(v) {
				v = d
			}
		}
		return v, false
	}
	return 0, false
}

// edge reports whether a key or button of act went down (down) or up in the
// last Dispatch's events.
func (a *Actions) edge(act *action, down bool) bool {
	in := a.in
	if in == nil {
		return false
	}
	for i := range act.bindings {
		b := &act.bindings[i]
		switch b.kind {
		case bindKey:
			if k := Key(b.code); down && in.JustPressed(k) || !down && in.JustReleased(k) {
				return true
			}
		case bindMouse:
			if m := MouseButton(b.code); down && in.MouseJustPressed(m) || !down && in.MouseJustReleased(m) {
				return true
			}
		case bindPadButton:
			pb := GamepadButton(b.code)
			for _, g := range in.pads {
				if a.pad != AnyGamepad && g.id != a.pad {
					continue
				}
				if down && g.JustPressed(pb) || !down && g.JustReleased(pb) {
					return true
				}
			}
		}
	}
	return false
}

// deadZone removes the dead zone dz from an axis value v in -1..1 and
// rescales the rest to the full range: |v| <= dz reads 0, 1 stays 1.
func deadZone(v, dz float32) float32 {
	dz = min(max(dz, 0), 0.99)
	if math.IsNaN(float64(dz)) {
		dz = 0
	}
	m := abs32(v)
	if m <= dz {
		return 0
	}
	r := min((m-dz)/(1-dz), 1)
	if v < 0 {
		return -r
	}
	return r
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

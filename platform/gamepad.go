package platform

import (
	"fmt"
	"slices"
	"time"

	"github.com/veandco/go-sdl2/sdl"
)

// GamepadID identifies a connected gamepad: SDL's joystick instance id,
// unique for the process (a pad that reconnects gets a new id).
type GamepadID int32

// GamepadButton is a button of SDL's standard gamepad layout (Xbox naming:
// A is the bottom face button). The values are SDL's.
type GamepadButton uint8

// Gamepad buttons.
const (
	GamepadA             GamepadButton = sdl.CONTROLLER_BUTTON_A
	GamepadB             GamepadButton = sdl.CONTROLLER_BUTTON_B
	GamepadX             GamepadButton = sdl.CONTROLLER_BUTTON_X
	GamepadY             GamepadButton = sdl.CONTROLLER_BUTTON_Y
	GamepadBack          GamepadButton = sdl.CONTROLLER_BUTTON_BACK
	GamepadGuide         GamepadButton = sdl.CONTROLLER_BUTTON_GUIDE
	GamepadStart         GamepadButton = sdl.CONTROLLER_BUTTON_START
	GamepadLeftStick     GamepadButton = sdl.CONTROLLER_BUTTON_LEFTSTICK
	GamepadRightStick    GamepadButton = sdl.CONTROLLER_BUTTON_RIGHTSTICK
	GamepadLeftShoulder  GamepadButton = sdl.CONTROLLER_BUTTON_LEFTSHOULDER
	GamepadRightShoulder GamepadButton = sdl.CONTROLLER_BUTTON_RIGHTSHOULDER
	GamepadDPadUp        GamepadButton = sdl.CONTROLLER_BUTTON_DPAD_UP
	GamepadDPadDown      GamepadButton = sdl.CONTROLLER_BUTTON_DPAD_DOWN
	GamepadDPadLeft      GamepadButton = sdl.CONTROLLER_BUTTON_DPAD_LEFT
	GamepadDPadRight     GamepadButton = sdl.CONTROLLER_BUTTON_DPAD_RIGHT
	// The following are SDL 2.0.14+ buttons; go-sdl2 v0.4.39 does not name them.
	GamepadMisc1    GamepadButton = 15 // SDL_CONTROLLER_BUTTON_MISC1: share, capture, mic
	GamepadPaddle1  GamepadButton = 16 // SDL_CONTROLLER_BUTTON_PADDLE1
	GamepadPaddle2  GamepadButton = 17 // SDL_CONTROLLER_BUTTON_PADDLE2
	GamepadPaddle3  GamepadButton = 18 // SDL_CONTROLLER_BUTTON_PADDLE3
	GamepadPaddle4  GamepadButton = 19 // SDL_CONTROLLER_BUTTON_PADDLE4
	GamepadTouchpad GamepadButton = 20 // SDL_CONTROLLER_BUTTON_TOUCHPAD

	// GamepadButtonCount bounds the GamepadButton values.
	GamepadButtonCount GamepadButton = sdl.CONTROLLER_BUTTON_MAX
)

// GamepadAxis is an axis of SDL's standard gamepad layout.
type GamepadAxis uint8

// Gamepad axes. Sticks read -1..1 (Y > 0 is down, as SDL reports it);
// triggers read 0..1.
const (
	GamepadLeftX        GamepadAxis = sdl.CONTROLLER_AXIS_LEFTX
	GamepadLeftY        GamepadAxis = sdl.CONTROLLER_AXIS_LEFTY
	GamepadRightX       GamepadAxis = sdl.CONTROLLER_AXIS_RIGHTX
	GamepadRightY       GamepadAxis = sdl.CONTROLLER_AXIS_RIGHTY
	GamepadLeftTrigger  GamepadAxis = sdl.CONTROLLER_AXIS_TRIGGERLEFT
	GamepadRightTrigger GamepadAxis = sdl.CONTROLLER_AXIS_TRIGGERRIGHT

	// GamepadAxisCount bounds the GamepadAxis values.
	GamepadAxisCount GamepadAxis = sdl.CONTROLLER_AXIS_MAX
)

// GamepadButtonEvent is a gamepad button press or release.
type GamepadButtonEvent struct {
	ID     GamepadID
	Button GamepadButton
}

// GamepadAxisEvent is a change of a gamepad axis; Value as Gamepad.Axis.
type GamepadAxisEvent struct {
	ID    GamepadID
	Axis  GamepadAxis
	Value float32
}

// Gamepad is a connected game controller with its polled state, as of the
// last Dispatch. After it is disconnected, Connected is false and every
// reading is zero; the value stays safe to use.
type Gamepad struct {
	id        GamepadID
	name      string
	ctrl      *sdl.GameController // nil once closed
	connected bool
	virtual   bool // connected by InjectGamepadAdded: no device behind it

	down, pressed, released [GamepadButtonCount]bool
	axes                    [GamepadAxisCount]float32
	// The state before the last Dispatch's events, for Actions.
	prevDown [GamepadButtonCount]bool
	prevAxes [GamepadAxisCount]float32
}

// ID returns the gamepad's id.
func (g *Gamepad) ID() GamepadID { return g.id }

// Name returns the controller's name as SDL knows it ("Xbox One Controller").
func (g *Gamepad) Name() string { return g.name }

// Connected reports whether the gamepad is still connected.
func (g *Gamepad) Connected() bool { return g.connected }

// Virtual reports whether the gamepad has no device behind it: connected
// by ConnectVirtualGamepad or InjectGamepadAdded (a replay).
func (g *Gamepad) Virtual() bool { return g.virtual }

// Down reports whether b is held.
func (g *Gamepad) Down(b GamepadButton) bool { return b < GamepadButtonCount && g.down[b] }

// JustPressed reports whether b went down in the last Dispatch's events.
func (g *Gamepad) JustPressed(b GamepadButton) bool { return b < GamepadButtonCount && g.pressed[b] }

// JustReleased reports whether b went up in the last Dispatch's events.
func (g *Gamepad) JustReleased(b GamepadButton) bool {
	return b < GamepadButtonCount && g.released[b]
}

// Axis returns the axis's position: -1..1 for sticks, 0..1 for triggers,
// with no dead zone applied.
func (g *Gamepad) Axis(a GamepadAxis) float32 {
	if a >= GamepadAxisCount {
		return 0
	}
	return g.axes[a]
}

// Rumble runs the rumble motors at the given strengths (0..1) for d, where
// the controller has them. A new call replaces the running effect; zero
// strengths stop it.
func (g *Gamepad) Rumble(low, high float32, d time.Duration) error {
	if g.virtual && g.connected {
		return nil // nothing to shake; the game need not tell pads apart
	}
	if g.ctrl == nil {
		return fmt.Errorf("platform: rumble gamepad %d: not connected", g.id)
	}
	if err := g.ctrl.Rumble(unitToU16(low), unitToU16(high), uint32(d.Milliseconds())); err != nil {
		return fmt.Errorf("platform: rumble gamepad %d: %w", g.id, err)
	}
	return nil
}

func unitToU16(v float32) uint16 {
	return uint16(min(max(v, 0), 1)*65535 + 0.5)
}

// axisValue maps SDL's int16 axis range onto -1..1.
func axisValue(v int16) float32 {
	if v < 0 {
		return float32(v) / 32768
	}
	return float32(v) / 32767
}

func (g *Gamepad) beginFrame() {
	clear(g.pressed[:])
	clear(g.released[:])
}

func (g *Gamepad) snapshot() {
	g.prevDown = g.down
	g.prevAxes = g.axes
}

// resync reads the controller's current state, dropping per-frame state:
// nothing reads as just pressed or released afterwards.
func (g *Gamepad) resync() {
	g.beginFrame()
	defer g.snapshot()
	if g.ctrl == nil {
		return
	}
	for b := range GamepadButtonCount {
		g.down[b] = g.ctrl.Button(sdl.GameControllerButton(b)) != 0
	}
	for a := range GamepadAxisCount {
		g.axes[a] = axisValue(g.ctrl.Axis(sdl.GameControllerAxis(a)))
	}
}

// Gamepads returns the connected gamepads in connection order. The slice
// belongs to the Input and is valid until the next Dispatch.
func (in *Input) Gamepads() []*Gamepad { return in.pads }

// Gamepad returns the connected gamepad with the given id, or nil.
func (in *Input) Gamepad(id GamepadID) *Gamepad {
	for _, g := range in.pads {
		if g.id == id {
			return g
		}
	}
	return nil
}

// openGamepad opens the controller at SDL device index, on its added event.
func (in *Input) openGamepad(index int) {
	if in.p.closed || !sdl.IsGameController(index) {
		return
	}
	ctrl := sdl.GameControllerOpen(index)
	if ctrl == nil {
		in.p.logger.Printf("platform: open gamepad %d: %v", index, sdl.GetError())
		return
	}
	id := GamepadID(ctrl.Joystick().InstanceID())
	if in.Gamepad(id) != nil {
		// SDL can report a device twice (at Init and on hot-plug); the
		// extra open only took another reference.
		ctrl.Close()
		return
	}
	in.addGamepad(id, ctrl.Name(), ctrl)
}

// addGamepad lists a connected gamepad and emits GamepadAdded. ctrl is nil
// only in tests.
func (in *Input) addGamepad(id GamepadID, name string, ctrl *sdl.GameController) *Gamepad {
	g := &Gamepad{id: id, name: name, ctrl: ctrl, connected: true}
	g.resync()
	in.pads = append(in.pads, g)
	in.GamepadAdded.Emit(id)
	return g
}

// removeGamepad closes and unlists a disconnected gamepad, then emits
// GamepadRemoved.
func (in *Input) removeGamepad(id GamepadID) {
	for i, g := range in.pads {
		if g.id == id {
			g.close()
			in.pads = slices.Delete(in.pads, i, i+1)
			in.GamepadRemoved.Emit(id)
			return
		}
	}
}

func (g *Gamepad) close() {
	if g.ctrl != nil {
		g.ctrl.Close()
		g.ctrl = nil
	}
	g.connected = false
	g.down = [GamepadButtonCount]bool{}
	g.axes = [GamepadAxisCount]float32{}
	g.beginFrame()
	g.snapshot()
}

// closeGamepads closes every gamepad, for Platform.Close.
func (in *Input) closeGamepads() {
	for _, g := range in.pads {
		g.close()
	}
	clear(in.pads)
	in.pads = in.pads[:0]
}

func (in *Input) applyGamepadButton(id GamepadID, b GamepadButton, down bool) {
	g := in.Gamepad(id)
	if g == nil || b >= GamepadButtonCount {
		return
	}
	ev := GamepadButtonEvent{ID: id, Button: b}
	if down {
		if !g.down[b] {
			g.down[b] = true
			g.pressed[b] = true
		}
		in.GamepadButtonDown.Emit(ev)
		return
	}
	if g.down[b] {
		g.down[b] = false
		g.released[b] = true
	}
	in.GamepadButtonUp.Emit(ev)
}

func (in *Input) applyGamepadAxis(id GamepadID, a GamepadAxis, v int16) {
	g := in.Gamepad(id)
	if g == nil || a >= GamepadAxisCount {
		return
	}
	g.axes[a] = axisValue(v)
	in.GamepadAxisMotion.Emit(GamepadAxisEvent{ID: id, Axis: a, Value: g.axes[a]})
}

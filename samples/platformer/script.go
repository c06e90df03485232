package platformer

import (
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
)

// JumpEvery is how often, in frames, Script taps A in the level.
const JumpEvery = 40

// Script plays the sample without a person, as a player with a gamepad
// would, through a virtual gamepad: frame 0 connects it, frame 5 taps the
// D-pad down (focusing Play), frame 8 taps A (clicking it); in the level
// it holds the left stick right and taps A every JumpEvery frames (held 3
// frames), which runs to the goal. It keeps no state: what it needs it
// reads from the Game, so runs do not share anything.
func Script(g *tact.Game, frame uint64) {
	in := g.Input()
	pad := VirtualPad(g)
	switch {
	case frame == 0:
		g.Input().ConnectVirtualGamepad("Script Pad")
		return
	case pad == nil:
		return
	case frame == 5:
		tap(in, pad.ID(), platform.GamepadDPadDown)
		return
	case frame == 8:
		tap(in, pad.ID(), platform.GamepadA)
		return
	}
	s := g.Director().Scene()
	if s == nil || s.Name() != "Level" || g.Director().Paused() {
		return // in the pause menu, A would click its buttons
	}
	if pad.Axis(platform.GamepadLeftX) != 1 {
		in.InjectGamepadAxis(pad.ID(), platform.GamepadLeftX, 1)
	}
	switch frame % JumpEvery {
	case 0:
		in.InjectGamepadButton(pad.ID(), platform.GamepadA, true)
	case 3:
		in.InjectGamepadButton(pad.ID(), platform.GamepadA, false)
	}
}

// VirtualPad returns the first virtual gamepad connected to g's Input (as
// of the last dispatch), or nil: the one Script connects. Script drives it
// by its id with the Input's Inject calls, which queue the same events as
// the VirtualGamepad's own methods.
func VirtualPad(g *tact.Game) *platform.Gamepad {
	for _, p := range g.Input().Gamepads() {
		if p.Virtual() && p.Connected() {
			return p
		}
	}
	return nil
}

// tap presses and releases b within one frame (a tap is never lost).
func tap(in *platform.Input, id platform.GamepadID, b platform.GamepadButton) {
	in.InjectGamepadButton(id, b, true)
	in.InjectGamepadButton(id, b, false)
}

package tact

import (
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/ui"
)

// The navigation keys pass from platform to ui unchanged, as feedUI's
// (see ui_input.go); these fail to compile if one ever differs.
const (
	_ uint = (uint(platform.KeyTab) - uint(ui.KeyTab)) * (uint(ui.KeyTab) - uint(platform.KeyTab))
	_ uint = (uint(platform.KeyEscape) - uint(ui.KeyEscape)) * (uint(ui.KeyEscape) - uint(platform.KeyEscape))
	_ uint = (uint(platform.KeyUp) - uint(ui.KeyUp)) * (uint(ui.KeyUp) - uint(platform.KeyUp))
	_ uint = (uint(platform.KeyDown) - uint(ui.KeyDown)) * (uint(ui.KeyDown) - uint(platform.KeyDown))
	_ uint = (uint(platform.KeyRight) - uint(ui.KeyRight)) * (uint(ui.KeyRight) - uint(platform.KeyRight))
	_ uint = (uint(platform.KeyKPEnter) - uint(ui.KeyKeypadEnter)) * (uint(ui.KeyKeypadEnter) - uint(platform.KeyKPEnter))
)

// stickNavThreshold is how far the left stick must lean (of 1) to step
// focus once; it must come back inside stickNavRelease before the next
// step, so a stick resting near the threshold does not chatter.
const (
	stickNavThreshold = 0.5
	stickNavRelease   = 0.3
)

// feedUINav delivers keyboard and gamepad navigation to the ui System sys
// while its Navigation is on: each key press goes to NavigateKey (after
// KeyDown, which feedUI registered first), the D-pad moves focus, the left
// stick moves it one step per lean, A submits and B cancels, for any
// gamepad, virtual ones included.
func (g *Game) feedUINav(sys *ui.System) {
	in := g.input
	in.KeyDown.On(func(e platform.KeyEvent) {
		sys.NavigateKey(ui.Key(e.Key), e.Mod.Has(platform.ModShift))
	})
	in.GamepadButtonDown.On(func(e platform.GamepadButtonEvent) {
		if sys.Navigation {
			sys.Navigate(padNav(e.Button))
		}
	})
	// The stick's lean per pad and axis: -1, 0 or 1.
	leans := map[platform.GamepadID]*[2]int8{}
	in.GamepadRemoved.On(func(id platform.GamepadID) { delete(leans, id) })
	in.GamepadAxisMotion.On(func(e platform.GamepadAxisEvent) {
		if e.Axis != platform.GamepadLeftX && e.Axis != platform.GamepadLeftY {
			return
		}
		l := leans[e.ID]
		if l == nil {
			l = new([2]int8)
			leans[e.ID] = l
		}
		i := 0
		if e.Axis == platform.GamepadLeftY {
			i = 1
		}
		v := e.Value
		switch {
		case v >= stickNavThreshold && l[i] != 1:
			l[i] = 1
		case v <= -stickNavThreshold && l[i] != -1:
			l[i] = -1
		case v > -stickNavRelease && v < stickNavRelease:
			l[i] = 0
			return
		default:
			return
		}
		if !sys.Navigation {
			return
		}
		// SDL's stick y grows downwards.
		a := [2][2]ui.NavAction{{ui.NavLeft, ui.NavRight}, {ui.NavUp, ui.NavDown}}[i][(l[i]+1)/2]
		sys.Navigate(a)
	})
}

// padNav returns the navigation a gamepad button means.
func padNav(b platform.GamepadButton) ui.NavAction {
	switch b {
	case platform.GamepadDPadUp:
		return ui.NavUp
	case platform.GamepadDPadDown:
		return ui.NavDown
	case platform.GamepadDPadLeft:
		return ui.NavLeft
	case platform.GamepadDPadRight:
		return ui.NavRight
	case platform.GamepadA:
		return ui.NavSubmit
	case platform.GamepadB:
		return ui.NavCancel
	}
	return ui.NavNone
}

package platform

import (
	"slices"
	"testing"
)

// A virtual gamepad connects, presses, moves and disconnects through the
// queue, exactly as a real pad's events are dispatched: signals in order,
// JustPressed for one frame, axes in SDL's steps, ids -1, -2, ...
func TestVirtualGamepad(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	var log []string
	in.GamepadAdded.On(func(id GamepadID) {
		g := in.Gamepad(id)
		log = append(log, "added:"+g.Name()+":"+map[bool]string{true: "virtual", false: "device"}[g.Virtual()])
	})
	in.GamepadRemoved.On(func(id GamepadID) { log = append(log, "removed") })
	in.GamepadButtonDown.On(func(e GamepadButtonEvent) { log = append(log, "down") })
	in.GamepadButtonUp.On(func(e GamepadButtonEvent) { log = append(log, "up") })
	act := NewActions(in)
	act.Bind("confirm", GamepadButtonBinding(GamepadA))
	onMain(func() {
		pad := in.ConnectVirtualGamepad("Test Pad")
		second := in.ConnectVirtualGamepad("Second")
		if pad.ID() != -1 || second.ID() != -2 {
			t.Errorf("ids %d, %d, want -1, -2", pad.ID(), second.ID())
		}
		if pad.Gamepad() != nil || len(in.Gamepads()) != 0 {
			t.Error("the connection must wait for Dispatch")
		}
		pad.Press(GamepadA)
		pad.SetAxis(GamepadLeftX, 0.5)
		pad.SetAxis(GamepadLeftY, -2) // clamped
		in.Dispatch()
		g := pad.Gamepad()
		if g == nil || !g.Connected() || !g.Virtual() || g.ID() != -1 || len(in.Gamepads()) != 2 {
			t.Fatalf("after Dispatch: pad %+v, %d pads", g, len(in.Gamepads()))
		}
		if !g.Down(GamepadA) || !g.JustPressed(GamepadA) || !act.JustPressed("confirm") {
			t.Errorf("A: down %v, just pressed %v, action %v", g.Down(GamepadA), g.JustPressed(GamepadA), act.JustPressed("confirm"))
		}
		if x, y := g.Axis(GamepadLeftX), g.Axis(GamepadLeftY); x != 16384.0/32767 || y != -1 {
			t.Errorf("axes %v, %v, want %v, -1", x, y, 16384.0/32767)
		}
		if err := g.Rumble(1, 1, 0); err != nil {
			t.Errorf("Rumble on a virtual pad: %v", err)
		}
		in.Dispatch()
		if !g.Down(GamepadA) || g.JustPressed(GamepadA) {
			t.Error("A must stay held and be just pressed for one frame only")
		}
		pad.Tap(GamepadB)
		pad.Release(GamepadA)
		in.Dispatch()
		if !g.JustPressed(GamepadB) || !g.JustReleased(GamepadB) || g.Down(GamepadB) || g.Down(GamepadA) {
			t.Error("a tap reads just pressed and released, not held")
		}
		// Discard (a resume) keeps a queued connection, drops the presses.
		third := in.ConnectVirtualGamepad("Third")
		third.Press(GamepadX)
		in.Discard()
		in.Dispatch()
		if g3 := third.Gamepad(); g3 == nil || g3.Down(GamepadX) {
			t.Errorf("after Discard: pad %v (want connected, X not held)", g3)
		}
		pad.Disconnect()
		pad.Press(GamepadA) // after the removal: ignored
		pad.Disconnect()
		in.Dispatch()
		if pad.Gamepad() != nil || g.Connected() || g.Down(GamepadA) || g.Axis(GamepadLeftX) != 0 {
			t.Error("a disconnected pad must be unlisted and read zero")
		}
		if len(in.Gamepads()) != 2 {
			t.Errorf("%d pads left, want 2", len(in.Gamepads()))
		}
	})
	want := []string{"added:Test Pad:virtual", "added:Second:virtual", "down", "down", "up", "up", "added:Third:virtual", "removed"}
	if !slices.Equal(log, want) {
		t.Fatalf("events %q, want %q", log, want)
	}
}

// Every 16-bit axis position survives Axis and InjectGamepadAxis: what a
// recording of a pad stores (Axis's float) replays to the same position.
func TestGamepadAxisRoundTrip(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	onMain(func() {
		pad := in.ConnectVirtualGamepad("Pad")
		in.Dispatch()
		g := pad.Gamepad()
		for raw := -32768; raw <= 32767; raw++ {
			v := axisValue(int16(raw))
			in.InjectGamepadAxis(pad.ID(), GamepadRightX, v)
			in.Dispatch()
			if got := g.Axis(GamepadRightX); got != v {
				t.Errorf("raw %d: %v replays as %v", raw, v, got)
				return
			}
		}
	})
}

// A pad injected under a recorded id keeps it; a second connection of a
// listed id changes nothing.
func TestInjectGamepadAdded(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	added := 0
	in.GamepadAdded.On(func(GamepadID) { added++ })
	onMain(func() {
		in.InjectGamepadAdded(3, "Recorded")
		in.InjectGamepadAdded(3, "Again")
		in.InjectGamepadButton(3, GamepadY, true)
		in.Dispatch()
		g := in.Gamepad(3)
		if g == nil || g.Name() != "Recorded" || !g.Down(GamepadY) || added != 1 {
			t.Errorf("pad %v, %d added events", g, added)
		}
		in.InjectGamepadRemoved(3)
		in.Dispatch()
		if in.Gamepad(3) != nil {
			t.Error("InjectGamepadRemoved left the pad listed")
		}
	})
}

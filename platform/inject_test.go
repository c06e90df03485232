package platform

import (
	"strings"
	"testing"
)

// Injected input is dispatched like real input: at the next Dispatch, in
// order, with JustPressed for exactly one frame.
func TestInjectedInput(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	var keys []string
	in.KeyDown.On(func(e KeyEvent) { keys = append(keys, "down:"+e.Key.String()) })
	in.KeyUp.On(func(e KeyEvent) { keys = append(keys, "up:"+e.Key.String()) })
	quits := 0
	in.QuitRequested.On(func(struct{}) { quits++ })
	onMain(func() {
		in.InjectKey(KeySpace, true)
		in.InjectMouseButton(MouseLeft, true, 30, 40)
		if in.Down(KeySpace) {
			t.Error("injected input must wait for Dispatch")
		}
		in.Dispatch()
		if !in.JustPressed(KeySpace) || !in.MouseJustPressed(MouseLeft) {
			t.Error("injected presses not seen")
		}
		if x, y := in.MousePosition(); x != 30 || y != 40 {
			t.Errorf("mouse at %v,%v", x, y)
		}
		in.InjectKey(KeySpace, false)
		in.InjectQuit()
		in.Dispatch()
		if in.Down(KeySpace) || !in.JustReleased(KeySpace) || quits != 1 {
			t.Errorf("release/quit: down=%v released=%v quits=%d", in.Down(KeySpace), in.JustReleased(KeySpace), quits)
		}
		in.Dispatch()
		if in.JustReleased(KeySpace) {
			t.Error("JustReleased must last one frame")
		}
	})
	if len(keys) != 2 || keys[0] != "down:Space" || keys[1] != "up:Space" {
		t.Fatalf("key events %q", keys)
	}

	// A recorded event comes back with its modifiers and repeat flag.
	var got []KeyEvent
	in.KeyDown.On(func(e KeyEvent) { got = append(got, e) })
	onMain(func() {
		in.InjectKeyEvent(KeyEvent{Key: KeyA, Mod: ModLShift, Repeat: true}, true)
		in.Dispatch()
	})
	if len(got) != 1 || got[0].Key != KeyA || !got[0].Mod.Has(ModLShift) || !got[0].Repeat {
		t.Fatalf("replayed key event %+v", got)
	}
}

// Injected wheel and text arrive like SDL's, long text in several events
// that join up again.
func TestInjectedWheelAndText(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	long := strings.Repeat("héllo wörld ", 8) // 112 bytes with 2-byte runes
	var typed string
	in.TextInput.On(func(s string) { typed += s })
	onMain(func() {
		in.InjectWheel(0, 2)
		in.InjectWheel(1, 0.5)
		in.InjectText(long)
		in.Dispatch()
		if x, y := in.Wheel(); x != 1 || y != 2.5 {
			t.Errorf("wheel %v,%v, want 1,2.5", x, y)
		}
		if in.Text() != long {
			t.Errorf("Text() %q", in.Text())
		}
	})
	if typed != long {
		t.Fatalf("TextInput gave %q, want %q", typed, long)
	}
}

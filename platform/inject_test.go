package platform

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tact-engine/tact/core"
	"github.com/veandco/go-sdl2/sdl"
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

// Non-finite wheel and axis values never reach the polled state or the
// listeners: SDL's NaN or infinite precise scroll falls back to its integer
// notches, an injected one is dropped, a huge sum stops at the largest
// float32, an injected NaN axis move is dropped and ±Inf is clamped.
func TestNonFiniteWheelAndAxis(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	var wheels []WheelEvent
	in.MouseWheel.On(func(e WheelEvent) { wheels = append(wheels, e) })
	var axes []GamepadAxisEvent
	in.GamepadAxisMotion.On(func(e GamepadAxisEvent) { axes = append(axes, e) })
	onMain(func() {
		frame(in)
		push(t, ev(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, Y: 2, PreciseX: nan, PreciseY: 0.5}))
		push(t, ev(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, X: -1, PreciseX: 1, PreciseY: -inf}))
		frame(in)
		in.InjectWheel(nan, 1)
		in.InjectWheel(0, -inf)
		in.InjectWheel(0, 1)
		in.Dispatch()
		if dx, dy := in.Wheel(); dx != 0 || dy != 1 {
			t.Errorf("after injected NaN/Inf scrolls and (0, 1): Wheel = %v, %v, want 0, 1", dx, dy)
		}
		in.InjectWheel(0, math.MaxFloat32)
		in.InjectWheel(0, math.MaxFloat32)
		in.Dispatch()
		if _, dy := in.Wheel(); dy != math.MaxFloat32 {
			t.Errorf("overflowing sum: Wheel dy = %v, want MaxFloat32", dy)
		}

		const id = GamepadID(77)
		g := in.addGamepad(id, "test pad", nil)
		in.InjectGamepadAxis(id, GamepadLeftX, 0.5)
		in.InjectGamepadAxis(id, GamepadLeftX, nan)
		in.InjectGamepadAxis(id, GamepadLeftY, -inf)
		in.Dispatch()
		if x, y := g.Axis(GamepadLeftX), g.Axis(GamepadLeftY); math.Abs(float64(x-0.5)) > 1e-4 || y != -1 {
			t.Errorf("axes after a NaN and a -Inf move: %v, %v, want 0.5, -1", x, y)
		}
	})
	// SDL's two scrolls give their integer notches: (0, 2) and (-1, 0).
	want := []WheelEvent{{DX: 0, DY: 2}, {DX: -1, DY: 0}, {DX: 0, DY: 1}, {DX: 0, DY: math.MaxFloat32}, {DX: 0, DY: math.MaxFloat32}}
	if !slices.Equal(wheels, want) {
		t.Fatalf("MouseWheel events %v, want %v", wheels, want)
	}
	for _, a := range axes {
		if a.Value != a.Value || a.Value < -1 || a.Value > 1 {
			t.Fatalf("axis event %+v", a)
		}
	}
	if len(axes) != 2 {
		t.Fatalf("%d axis events, want 2 (the NaN move dropped)", len(axes))
	}
}

// logLines collects reports.
type logLines struct{ got []string }

func (l *logLines) Printf(format string, args ...any) {
	l.got = append(l.got, fmt.Sprintf(format, args...))
}

// A panicking input listener is reported to Options.Logger and removed; the
// other listeners and the rest of the frame's events are still dispatched,
// and the panic does not reach Dispatch's caller.
func TestInputListenerPanicReported(t *testing.T) {
	log := &logLines{}
	p := openPlatform(t, Options{NoVideo: true, Logger: log})
	in := p.Input()
	in.KeyDown.On(func(KeyEvent) { panic("key listener boom") })
	var keys []Key
	in.KeyDown.On(func(e KeyEvent) { keys = append(keys, e.Key) })
	quits := 0
	in.QuitRequested.On(func(struct{}) { quits++ })
	onMain(func() {
		in.InjectKey(KeyA, true)
		in.InjectKey(KeyB, true)
		in.InjectQuit()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("an input listener's panic reached Dispatch's caller: %v", r)
			}
		}()
		in.Dispatch()
	})
	all := strings.Join(log.got, "\n")
	if len(log.got) != 1 || !strings.Contains(all, "platform: input core: panic in listener") || !strings.Contains(all, "key listener boom") {
		t.Fatalf("log: %q", log.got)
	}
	if !slices.Equal(keys, []Key{KeyA, KeyB}) || quits != 1 || in.KeyDown.Len() != 1 {
		t.Fatalf("keys %v, quits %d, KeyDown listeners %d; want [A B], 1, 1", keys, quits, in.KeyDown.Len())
	}
}

// Under SetPanicFatal (Config.PanicFatal) an input listener's panic leaves
// Dispatch, so a game's test fails on it; signals() lists every Signal of
// Input, so no signal is left out of either mode.
func TestInputListenerPanicFatal(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true, Logger: &logLines{}})
	in := p.Input()
	in.SetPanicFatal(true)
	in.MouseWheel.On(func(WheelEvent) { panic("wheel listener boom") })
	var got any
	onMain(func() {
		in.InjectWheel(0, 1)
		defer func() { got = recover() }()
		in.Dispatch()
	})
	lp, ok := got.(*core.ListenerPanic)
	if !ok || lp.Value != "wheel listener boom" {
		t.Fatalf("Dispatch under SetPanicFatal panicked with %#v, want the listener's *core.ListenerPanic", got)
	}
	n := 0
	v := reflect.ValueOf(in).Elem()
	for i := range v.NumField() {
		if strings.HasPrefix(v.Type().Field(i).Type.String(), "core.Signal[") {
			n++
		}
	}
	if len(in.signals()) != n {
		t.Fatalf("signals() lists %d signals; Input has %d", len(in.signals()), n)
	}
}

package platform

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/veandco/go-sdl2/sdl"
)

func quitEvent() *sdl.QuitEvent { return ev(sdl.QuitEvent{Type: sdl.QUIT}) }

func windowEvent(id uint8, d1, d2 int32) *sdl.WindowEvent {
	return ev(sdl.WindowEvent{Type: sdl.WINDOWEVENT, Event: id, Data1: d1, Data2: d2})
}

func TestKeyboardFrames(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in) // drop whatever SDL queued at start
		var downs, ups []KeyEvent
		in.KeyDown.On(func(e KeyEvent) { downs = append(downs, e) })
		in.KeyUp.On(func(e KeyEvent) { ups = append(ups, e) })
		state := func(step string, k Key, down, pressed, released bool) {
			if in.Down(k) != down || in.JustPressed(k) != pressed || in.JustReleased(k) != released {
				t.Errorf("%s: %v Down/JustPressed/JustReleased = %v/%v/%v, want %v/%v/%v", step, k,
					in.Down(k), in.JustPressed(k), in.JustReleased(k), down, pressed, released)
			}
		}

		push(t, keyEvent(sdl.KEYDOWN, KeyA, false))
		in.Pump()
		state("after Pump, before Dispatch", KeyA, false, false, false)
		if in.Pending() != 1 {
			t.Errorf("Pending = %d, want 1", in.Pending())
		}
		in.Dispatch()
		state("frame 1 (pressed)", KeyA, true, true, false)
		if len(downs) != 1 || downs[0].Key != KeyA || downs[0].Repeat || !downs[0].Mod.Has(ModShift) ||
			downs[0].Code != Keycode(sdl.K_a) {
			t.Errorf("KeyDown events %+v", downs)
		}
		if !in.Mod().Has(ModShift) || in.Mod().Has(ModCtrl) {
			t.Errorf("Mod = %#x", in.Mod())
		}

		frame(in)
		state("frame 2 (held)", KeyA, true, false, false)

		push(t, keyEvent(sdl.KEYDOWN, KeyA, true))
		frame(in)
		state("frame 3 (auto-repeat)", KeyA, true, false, false)
		if len(downs) != 2 || !downs[1].Repeat {
			t.Errorf("repeat KeyDown events %+v", downs)
		}

		push(t, keyEvent(sdl.KEYUP, KeyA, false))
		frame(in)
		state("frame 4 (released)", KeyA, false, false, true)
		if len(ups) != 1 || ups[0].Key != KeyA {
			t.Errorf("KeyUp events %+v", ups)
		}
		frame(in)
		state("frame 5 (idle)", KeyA, false, false, false)

		// A tap inside one frame reads pressed and released, not down.
		push(t, keyEvent(sdl.KEYDOWN, KeySpace, false))
		push(t, keyEvent(sdl.KEYUP, KeySpace, false))
		frame(in)
		state("tap", KeySpace, false, true, true)

		// A release with no press does not read JustReleased.
		push(t, keyEvent(sdl.KEYUP, KeyF1, false))
		frame(in)
		state("stray release", KeyF1, false, false, false)

		if in.Down(Key(KeyCount)) || in.JustPressed(Key(60000)) {
			t.Error("out-of-range Key reads true")
		}
	})
}

func TestMouseFrames(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		var buttons []MouseButtonEvent
		var wheels []WheelEvent
		in.MouseButtonDown.On(func(e MouseButtonEvent) { buttons = append(buttons, e) })
		in.MouseWheel.On(func(e WheelEvent) { wheels = append(wheels, e) })

		push(t, ev(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: 10, Y: 20, XRel: 3, YRel: 4}))
		push(t, ev(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: 12, Y: 25, XRel: 2, YRel: 5}))
		push(t, mouseButtonEvent(sdl.MOUSEBUTTONDOWN, MouseLeft, 12, 25))
		push(t, ev(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, Y: 1}))
		push(t, ev(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, PreciseX: 0.5, PreciseY: 0.25}))
		push(t, ev(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, Y: 1, Direction: sdl.MOUSEWHEEL_FLIPPED}))
		frame(in)
		if x, y := in.MousePosition(); x != 12 || y != 25 {
			t.Errorf("MousePosition = %v, %v", x, y)
		}
		if dx, dy := in.MouseDelta(); dx != 5 || dy != 9 {
			t.Errorf("MouseDelta = %v, %v, want 5, 9", dx, dy)
		}
		if !in.MouseDown(MouseLeft) || !in.MouseJustPressed(MouseLeft) || in.MouseDown(MouseRight) {
			t.Error("left button not down and just pressed")
		}
		if dx, dy := in.Wheel(); dx != 0.5 || dy != 0.25 { // 1 + 0.25 - 1 (flipped)
			t.Errorf("Wheel = %v, %v, want 0.5, 0.25", dx, dy)
		}
		if len(buttons) != 1 || buttons[0] != (MouseButtonEvent{Button: MouseLeft, X: 12, Y: 25, Clicks: 1}) {
			t.Errorf("MouseButtonDown events %+v", buttons)
		}
		if len(wheels) != 3 {
			t.Errorf("MouseWheel fired %d times, want 3", len(wheels))
		}

		frame(in)
		if !in.MouseDown(MouseLeft) || in.MouseJustPressed(MouseLeft) {
			t.Error("frame 2: left should be down, not just pressed")
		}
		if dx, dy := in.Wheel(); dx != 0 || dy != 0 {
			t.Errorf("frame 2: Wheel = %v, %v, want 0", dx, dy)
		}
		if dx, dy := in.MouseDelta(); dx != 0 || dy != 0 {
			t.Errorf("frame 2: MouseDelta = %v, %v, want 0", dx, dy)
		}

		push(t, mouseButtonEvent(sdl.MOUSEBUTTONUP, MouseLeft, 30, 40))
		frame(in)
		if in.MouseDown(MouseLeft) || !in.MouseJustReleased(MouseLeft) {
			t.Error("frame 3: left should be up and just released")
		}
		if x, y := in.MousePosition(); x != 30 || y != 40 {
			t.Errorf("frame 3: MousePosition = %v, %v", x, y)
		}
		frame(in)
		if in.MouseJustReleased(MouseLeft) {
			t.Error("frame 4: JustReleased lasted two frames")
		}
	})
}

func TestMousePixelPosition(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		w, err := p.OpenWindow(WindowConfig{Width: 200, Height: 100, Hidden: true})
		if err != nil {
			t.Errorf("OpenWindow: %v", err)
			return
		}
		defer w.Close()
		push(t, ev(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: 50, Y: 40}))
		frame(in)
		ww, _ := w.Size()
		dw, _ := w.DrawableSize()
		scale := float32(dw) / float32(ww)
		if x, y := in.MousePixelPosition(); x != 50*scale || y != 40*scale {
			t.Errorf("MousePixelPosition = %v, %v; want %v, %v", x, y, 50*scale, 40*scale)
		}
		if err := in.SetRelativeMouse(true); err != nil {
			t.Logf("SetRelativeMouse: %v (driver may not support it)", err)
		} else {
			if !in.RelativeMouse() {
				t.Error("RelativeMouse false after SetRelativeMouse(true)")
			}
			if err := in.SetRelativeMouse(false); err != nil {
				t.Errorf("SetRelativeMouse(false): %v", err)
			}
		}
	})
}

func TestTextInput(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		var got []string
		in.TextInput.On(func(s string) { got = append(got, s) })
		push(t, textEvent("h"))
		push(t, textEvent("é€"))
		frame(in)
		// Reading the frame's text does not consume it.
		if first := in.Text(); first != "hé€" || in.Text() != first {
			t.Errorf("Text = %q, then %q, want %q both times", first, in.Text(), "hé€")
		}
		if !slices.Equal(got, []string{"h", "é€"}) {
			t.Errorf("TextInput signal got %q", got)
		}
		frame(in)
		if in.Text() != "" {
			t.Errorf("next frame: Text = %q, want empty", in.Text())
		}
		in.SetTextInput(false)
		in.SetTextInput(true)
	})
}

func TestTouch(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		var log []string
		rec := func(kind string) func(TouchEvent) {
			return func(e TouchEvent) { log = append(log, fmt.Sprintf("%s %d %.2f,%.2f", kind, e.Finger, e.X, e.Y)) }
		}
		in.TouchDown.On(rec("down"))
		in.TouchMotion.On(rec("move"))
		in.TouchUp.On(rec("up"))
		push(t, ev(sdl.TouchFingerEvent{Type: sdl.FINGERDOWN, TouchID: 1, FingerID: 7, X: 0.25, Y: 0.5, Pressure: 1}))
		push(t, ev(sdl.TouchFingerEvent{Type: sdl.FINGERDOWN, TouchID: 1, FingerID: 8, X: 0.75, Y: 0.5, Pressure: 1}))
		push(t, ev(sdl.TouchFingerEvent{Type: sdl.FINGERMOTION, TouchID: 1, FingerID: 7, X: 0.5, Y: 0.5, DX: 0.25}))
		frame(in)
		want := []Touch{{Device: 1, Finger: 7, X: 0.5, Y: 0.5}, {Device: 1, Finger: 8, X: 0.75, Y: 0.5, Pressure: 1}}
		if !slices.Equal(in.Touches(), want) {
			t.Errorf("Touches = %+v, want %+v", in.Touches(), want)
		}
		push(t, ev(sdl.TouchFingerEvent{Type: sdl.FINGERUP, TouchID: 1, FingerID: 7, X: 0.5, Y: 0.5}))
		frame(in)
		if len(in.Touches()) != 1 || in.Touches()[0].Finger != 8 {
			t.Errorf("after lifting finger 7: Touches = %+v", in.Touches())
		}
		wantLog := []string{"down 7 0.25,0.50", "down 8 0.75,0.50", "move 7 0.50,0.50", "up 7 0.50,0.50"}
		if !slices.Equal(log, wantLog) {
			t.Errorf("touch signals %q, want %q", log, wantLog)
		}
	})
}

// TestSignalOrder checks that Dispatch emits the signals in event order and
// that each listener sees the state as of its own event.
func TestSignalOrder(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		var log []string
		in.KeyDown.On(func(e KeyEvent) {
			log = append(log, fmt.Sprintf("keydown %v mouseDown=%v", e.Key, in.MouseDown(MouseLeft)))
		})
		in.KeyUp.On(func(e KeyEvent) { log = append(log, "keyup "+e.Key.String()) })
		in.MouseButtonDown.On(func(MouseButtonEvent) { log = append(log, fmt.Sprintf("mousedown keyDown=%v", in.Down(KeyA))) })
		in.TextInput.On(func(s string) { log = append(log, "text "+s) })
		in.MouseWheel.On(func(WheelEvent) { log = append(log, "wheel") })
		in.Resized.On(func(s Size) { log = append(log, fmt.Sprintf("resized %dx%d", s.W, s.H)) })
		in.FocusLost.On(func(struct{}) { log = append(log, "focus lost") })
		in.FocusGained.On(func(struct{}) { log = append(log, "focus gained") })
		in.Minimized.On(func(struct{}) { log = append(log, "minimized") })
		in.Restored.On(func(struct{}) { log = append(log, "restored") })
		in.QuitRequested.On(func(struct{}) { log = append(log, "quit") })

		push(t, keyEvent(sdl.KEYDOWN, KeyA, false))
		push(t, mouseButtonEvent(sdl.MOUSEBUTTONDOWN, MouseLeft, 1, 1))
		push(t, textEvent("a"))
		push(t, ev(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, Y: -1}))
		push(t, keyEvent(sdl.KEYUP, KeyA, false))
		push(t, keyEvent(sdl.KEYDOWN, KeyB, false))
		push(t, windowEvent(sdl.WINDOWEVENT_SIZE_CHANGED, 640, 480))
		push(t, windowEvent(sdl.WINDOWEVENT_FOCUS_LOST, 0, 0))
		push(t, windowEvent(sdl.WINDOWEVENT_MINIMIZED, 0, 0))
		push(t, windowEvent(sdl.WINDOWEVENT_RESTORED, 0, 0))
		push(t, windowEvent(sdl.WINDOWEVENT_FOCUS_GAINED, 0, 0))
		push(t, windowEvent(sdl.WINDOWEVENT_CLOSE, 0, 0))
		push(t, quitEvent())
		frame(in)
		want := []string{
			"keydown A mouseDown=false",
			"mousedown keyDown=true",
			"text a",
			"wheel",
			"keyup A",
			"keydown B mouseDown=true",
			"resized 640x480",
			"focus lost",
			"minimized",
			"restored",
			"focus gained",
			"quit",
			"quit",
		}
		if !slices.Equal(log, want) {
			t.Errorf("signal order:\n got %q\nwant %q", log, want)
		}
		if !in.HasFocus() || in.IsMinimized() {
			t.Errorf("HasFocus %v, IsMinimized %v", in.HasFocus(), in.IsMinimized())
		}
	})
}

func TestDiscard(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		quits := 0
		in.QuitRequested.On(func(struct{}) { quits++ })
		in.KeyDown.On(func(KeyEvent) { t.Error("KeyDown fired for a discarded event") })

		push(t, keyEvent(sdl.KEYDOWN, KeyW, false))
		push(t, windowEvent(sdl.WINDOWEVENT_CLOSE, 0, 0))
		push(t, mouseButtonEvent(sdl.MOUSEBUTTONDOWN, MouseLeft, 1, 1))
		in.Pump()
		in.Discard()
		if in.Pending() != 1 {
			t.Errorf("Pending after Discard = %d, want 1 (the window event)", in.Pending())
		}
		in.Dispatch()
		// Synthetic events never reach SDL's own key state, so after the
		// resync W is up.
		if in.Down(KeyW) || in.JustPressed(KeyW) || in.MouseJustPressed(MouseLeft) {
			t.Error("discarded input still shows in the polled state")
		}
		if quits != 1 {
			t.Errorf("QuitRequested fired %d times after Discard, want 1 (kept)", quits)
		}
	})
}

// A listener that calls Dispatch gets a clear panic; the signal blames that
// listener (and removes it), the outer Dispatch goes on, and the Input stays
// usable.
func TestDispatchFromListenerPanics(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		var report *core.ListenerPanic
		in.QuitRequested.SetPanicHandler(func(lp *core.ListenerPanic) { report = lp })
		off := in.QuitRequested.On(func(struct{}) { in.Dispatch() })
		defer off()
		push(t, quitEvent())
		in.Pump()
		in.Dispatch()
		if report == nil || !strings.Contains(fmt.Sprint(report.Value), "Dispatch called from an input listener") {
			t.Fatalf("nested Dispatch: report %v", report)
		}
		frame(in) // the Input is usable again
	})
}

func TestGamepads(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		const id = GamepadID(4242)
		var added, removed []GamepadID
		var presses []GamepadButtonEvent
		var axes []GamepadAxisEvent
		in.GamepadAdded.On(func(id GamepadID) { added = append(added, id) })
		in.GamepadRemoved.On(func(id GamepadID) { removed = append(removed, id) })
		in.GamepadButtonDown.On(func(e GamepadButtonEvent) { presses = append(presses, e) })
		in.GamepadAxisMotion.On(func(e GamepadAxisEvent) { axes = append(axes, e) })

		// SDL has no virtual controller API in go-sdl2, so the pad is
		// registered the way the device-added path does it, without an
		// SDL controller behind it; its events are real SDL events.
		g := in.addGamepad(id, "test pad", nil)
		push(t, ev(sdl.ControllerDeviceEvent{Type: sdl.CONTROLLERDEVICEADDED, Which: 999})) // no such device: ignored
		push(t, ev(sdl.ControllerButtonEvent{Type: sdl.CONTROLLERBUTTONDOWN, Which: sdl.JoystickID(id), Button: uint8(GamepadA), State: sdl.PRESSED}))
		push(t, ev(sdl.ControllerButtonEvent{Type: sdl.CONTROLLERBUTTONDOWN, Which: 1, Button: uint8(GamepadB), State: sdl.PRESSED})) // unknown pad
		push(t, ev(sdl.ControllerAxisEvent{Type: sdl.CONTROLLERAXISMOTION, Which: sdl.JoystickID(id), Axis: uint8(GamepadLeftX), Value: 32767}))
		push(t, ev(sdl.ControllerAxisEvent{Type: sdl.CONTROLLERAXISMOTION, Which: sdl.JoystickID(id), Axis: uint8(GamepadLeftY), Value: -32768}))
		frame(in)
		if in.Gamepad(id) != g || len(in.Gamepads()) != 1 || g.Name() != "test pad" || !g.Connected() || g.ID() != id {
			t.Errorf("pad not listed: Gamepads %v", in.Gamepads())
		}
		if !g.Down(GamepadA) || !g.JustPressed(GamepadA) || g.Down(GamepadB) {
			t.Error("A not down and just pressed")
		}
		if g.Axis(GamepadLeftX) != 1 || g.Axis(GamepadLeftY) != -1 || g.Axis(GamepadAxisCount) != 0 {
			t.Errorf("axes %v, %v", g.Axis(GamepadLeftX), g.Axis(GamepadLeftY))
		}
		if len(presses) != 1 || len(axes) != 2 || axes[0].Value != 1 {
			t.Errorf("signals: presses %v, axes %v", presses, axes)
		}

		frame(in)
		if !g.Down(GamepadA) || g.JustPressed(GamepadA) {
			t.Error("frame 2: A should be held, not just pressed")
		}
		push(t, ev(sdl.ControllerButtonEvent{Type: sdl.CONTROLLERBUTTONUP, Which: sdl.JoystickID(id), Button: uint8(GamepadA)}))
		frame(in)
		if g.Down(GamepadA) || !g.JustReleased(GamepadA) {
			t.Error("frame 3: A should be just released")
		}

		push(t, ev(sdl.ControllerDeviceEvent{Type: sdl.CONTROLLERDEVICEREMOVED, Which: sdl.JoystickID(id)}))
		frame(in)
		if g.Connected() || in.Gamepad(id) != nil || len(in.Gamepads()) != 0 || g.Axis(GamepadLeftX) != 0 {
			t.Error("pad still listed or live after removal")
		}
		if !slices.Equal(added, []GamepadID{id}) || !slices.Equal(removed, []GamepadID{id}) {
			t.Errorf("added %v, removed %v", added, removed)
		}
		if err := g.Rumble(1, 1, 0); err == nil {
			t.Error("Rumble on a removed pad succeeded")
		}
	})
}

// TestPumpDispatchAllocs checks that a steady-state input frame, with
// listeners, allocates nothing (sdl.PollEvent hands out pointers into SDL's
// own event buffer, and the queue is reused).
func TestPumpDispatchAllocs(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		n := 0
		in.KeyDown.On(func(KeyEvent) { n++ })
		in.MouseMotion.On(func(MouseMotionEvent) { n++ })
		in.QuitRequested.On(func(struct{}) { n++ })
		down := keyEvent(sdl.KEYDOWN, KeyD, false)
		up := keyEvent(sdl.KEYUP, KeyD, false)
		motion := ev(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: 1, Y: 2, XRel: 1})
		quit := quitEvent()
		pushAll := func() {
			sdl.PushEvent(down)
			sdl.PushEvent(motion)
			sdl.PushEvent(up)
			sdl.PushEvent(quit)
		}
		pushOnly := testing.AllocsPerRun(50, func() { pushAll(); sdl.FlushEvents(sdl.FIRSTEVENT, sdl.LASTEVENT) })
		total := testing.AllocsPerRun(50, func() { pushAll(); frame(in) })
		if total-pushOnly != 0 {
			t.Errorf("Pump+Dispatch of 4 events allocates %v times per frame, want 0", total-pushOnly)
		}
		if n == 0 {
			t.Error("no events dispatched")
		}
		t.Logf("allocs per frame: push %v, push+Pump+Dispatch %v", pushOnly, total)
	})
}

// BenchmarkPumpDispatch measures one input frame of four events. It runs on
// the main thread through onMain.
func BenchmarkPumpDispatch(b *testing.B) {
	var p *Platform
	var err error
	onMain(func() { p, err = Init(Options{Headless: true}) })
	if err != nil {
		platformtest.SkipOrFailf(b, "SDL unavailable: %v", err)
	}
	defer onMain(func() { p.Close() })
	in := p.Input()
	onMain(func() {
		in.KeyDown.On(func(KeyEvent) {})
		down := keyEvent(sdl.KEYDOWN, KeyD, false)
		up := keyEvent(sdl.KEYUP, KeyD, false)
		motion := ev(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: 1, Y: 2, XRel: 1})
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			sdl.PushEvent(down)
			sdl.PushEvent(motion)
			sdl.PushEvent(motion)
			sdl.PushEvent(up)
			in.Pump()
			in.Dispatch()
		}
	})
}

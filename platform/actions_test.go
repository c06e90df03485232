package platform

import (
	"errors"
	"slices"
	"testing"
)

// actionState is what an Actions set says about one action in one frame.
type actionState struct {
	pressed, just, released bool
	value                   float32
}

func stateOf(a *Actions, name string) actionState {
	return actionState{a.Pressed(name), a.JustPressed(name), a.JustReleased(name), a.Value(name)}
}

// Keys and mouse buttons bound to one action: the action is pressed while
// any is held; JustPressed and JustReleased mark the action's own edges,
// not its bindings'; a tap inside one frame is still seen.
func TestActionsKeysAndMouse(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	a := NewActions(in)
	a.Bind("jump", KeyBinding(KeySpace), MouseBinding(MouseLeft))
	a.Bind("fire", KeyBinding(KeyF))
	onMain(func() {
		steps := []struct {
			what   string
			inject func()
			want   actionState
		}{
			{"nothing", func() {}, actionState{}},
			{"space down", func() { in.InjectKey(KeySpace, true) }, actionState{true, true, false, 1}},
			{"space held", func() {}, actionState{true, false, false, 1}},
			{"mouse down too", func() { in.InjectMouseButton(MouseLeft, true, 1, 1) }, actionState{true, false, false, 1}},
			{"space up, mouse held", func() { in.InjectKey(KeySpace, false) }, actionState{true, false, false, 1}},
			{"mouse up", func() { in.InjectMouseButton(MouseLeft, false, 1, 1) }, actionState{false, false, true, 0}},
			{"idle", func() {}, actionState{}},
			{"tap in one frame", func() { in.InjectKey(KeySpace, true); in.InjectKey(KeySpace, false) }, actionState{false, true, true, 0}},
			{"after the tap", func() {}, actionState{}},
		}
		for _, s := range steps {
			s.inject()
			in.Dispatch()
			if got := stateOf(a, "jump"); got != s.want {
				t.Errorf("%s: jump %+v, want %+v", s.what, got, s.want)
			}
			if a.Pressed("fire") || a.JustPressed("fire") {
				t.Errorf("%s: fire pressed, its key never was", s.what)
			}
		}

		// Discard resynchronizes: an injected hold is dropped (SDL's own
		// keyboard has nothing down) and nothing reads as just anything.
		in.InjectKey(KeyF, true)
		in.Dispatch()
		if !a.JustPressed("fire") {
			t.Error("fire not just pressed")
		}
		in.Discard()
		if got := stateOf(a, "fire"); got != (actionState{}) {
			t.Errorf("after Discard: fire %+v, want all false", got)
		}

		// Unknown, unbound and rebound actions.
		if a.Pressed("nope") || a.JustPressed("nope") || a.JustReleased("nope") || a.Value("nope") != 0 {
			t.Error("an unknown action reads as pressed")
		}
		a.Bind("fire", KeyBinding(KeyG))
		in.InjectKey(KeyF, true)
		in.Dispatch()
		if a.Pressed("fire") {
			t.Error("rebinding fire to G kept F")
		}
		in.InjectKey(KeyF, false)
		in.InjectKey(KeyG, true)
		in.Dispatch()
		if !a.JustPressed("fire") {
			t.Error("fire not pressed by its new key G")
		}
		if b := a.Bindings("fire"); !slices.Equal(b, []Binding{KeyBinding(KeyG)}) {
			t.Errorf("Bindings(fire) = %v", b)
		}
		a.Unbind("fire")
		if a.Pressed("fire") || a.Bindings("fire") != nil {
			t.Error("an unbound action is still pressed")
		}
		in.InjectKey(KeyG, false)
		in.Dispatch()
	})
}

// A signed axis from keys (Scaled) and a stick; the dead zone, the press
// point, the halves of an axis, gamepad buttons and UseGamepad.
func TestActionsGamepadAndAxes(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	a := NewActions(in)
	a.Bind("steer", KeyBinding(KeyLeft).Scaled(-1), KeyBinding(KeyRight), GamepadAxisBinding(GamepadLeftX))
	a.Bind("left", GamepadAxisBinding(GamepadLeftX).Negative(), KeyBinding(KeyA))
	a.Bind("right", GamepadAxisBinding(GamepadLeftX).Positive(), KeyBinding(KeyD))
	a.Bind("jump", GamepadButtonBinding(GamepadA))
	const pad1, pad2 = GamepadID(7), GamepadID(8)
	near := func(x, y float32) bool { return abs32(x-y) < 1e-3 }
	onMain(func() {
		// No virtual controller in go-sdl2: the pads are listed the way the
		// device-added path lists them; their input is injected.
		in.addGamepad(pad1, "pad 1", nil)
		in.addGamepad(pad2, "pad 2", nil)

		in.InjectKey(KeyLeft, true)
		in.Dispatch()
		if v := a.Value("steer"); v != -1 || !a.JustPressed("steer") {
			t.Errorf("left arrow: steer %v (just %v), want -1, true", v, a.JustPressed("steer"))
		}
		in.InjectKey(KeyRight, true)
		in.Dispatch()
		if v := a.Value("steer"); v != 0 || !a.Pressed("steer") {
			t.Errorf("both arrows: steer %v pressed %v, want 0 and still pressed", v, a.Pressed("steer"))
		}
		in.InjectKey(KeyLeft, false)
		in.InjectKey(KeyRight, false)

		// In the dead zone (0.2): nothing.
		in.InjectGamepadAxis(pad1, GamepadLeftX, 0.15)
		in.Dispatch()
		if got := stateOf(a, "steer"); got.value != 0 || got.pressed || !got.released {
			t.Errorf("stick in the dead zone: steer %+v, want 0, released by the arrows", got)
		}
		// 0.62 rescales to (0.62-0.2)/0.8 = 0.525: past the press point (0.5).
		in.InjectGamepadAxis(pad1, GamepadLeftX, 0.62)
		in.Dispatch()
		if got := stateOf(a, "right"); !near(got.value, 0.525) || !got.pressed || !got.just {
			t.Errorf("stick at 0.62: right %+v, want 0.525, pressed just now", got)
		}
		if v := a.Value("left"); v != 0 || a.Pressed("left") {
			t.Errorf("stick right: left %v, want 0 (the other half)", v)
		}
		if v := a.Axis("left", "right"); !near(v, 0.525) {
			t.Errorf("Axis(left, right) = %v, want 0.525", v)
		}
		// Below the press point: a value, not pressed.
		in.InjectGamepadAxis(pad1, GamepadLeftX, 0.4)
		in.Dispatch()
		if got := stateOf(a, "right"); !near(got.value, 0.25) || got.pressed || !got.released {
			t.Errorf("stick at 0.4: right %+v, want 0.25, just released", got)
		}
		// Full left on the other pad wins over pad 1 (furthest from rest).
		in.InjectGamepadAxis(pad2, GamepadLeftX, -1)
		in.Dispatch()
		if v, l := a.Value("steer"), a.Value("left"); v != -1 || l != 1 || !a.JustPressed("left") {
			t.Errorf("pad 2 full left: steer %v, left %v, want -1, 1 just pressed", v, l)
		}
		a.UseGamepad(pad1)
		if v := a.Value("steer"); !near(v, 0.25) || a.Gamepad() != pad1 {
			t.Errorf("UseGamepad(pad1): steer %v, want pad 1's 0.25", v)
		}
		a.UseGamepad(AnyGamepad)

		// Gamepad buttons; another pad's button under UseGamepad.
		in.InjectGamepadButton(pad2, GamepadA, true)
		in.Dispatch()
		if !a.JustPressed("jump") || a.Value("jump") != 1 {
			t.Error("pad 2's A does not press jump")
		}
		a.UseGamepad(pad1)
		if a.Pressed("jump") {
			t.Error("pad 2's A presses jump for a set reading pad 1 only")
		}
		a.UseGamepad(AnyGamepad)
		in.InjectGamepadButton(pad2, GamepadA, false)
		in.InjectGamepadButton(99, GamepadA, true) // no such pad: ignored
		in.Dispatch()
		if !a.JustReleased("jump") || a.Pressed("jump") {
			t.Error("releasing A does not release jump")
		}

		// The dead zone and press point are the set's to tune.
		a.DeadZone, a.PressPoint = 0, 0.9
		if v := a.Value("left"); v != 1 {
			t.Errorf("no dead zone: left %v, want 1", v)
		}
		in.InjectGamepadAxis(pad2, GamepadLeftX, -0.8)
		in.Dispatch()
		if a.Pressed("left") || !a.JustReleased("left") {
			t.Error("left at 0.8 is pressed under a 0.9 press point")
		}
	})
}

// Querying actions every frame allocates nothing, nor does the Input's
// frame with injected events.
func TestActionsAllocs(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	a := NewActions(in)
	a.Bind("jump", KeyBinding(KeySpace), MouseBinding(MouseLeft), GamepadButtonBinding(GamepadA))
	a.Bind("steer", KeyBinding(KeyLeft).Scaled(-1), KeyBinding(KeyRight), GamepadAxisBinding(GamepadLeftX))
	var sink float32
	onMain(func() {
		in.addGamepad(3, "pad", nil)
		down := true
		frame := func() {
			in.InjectKey(KeySpace, down)
			in.InjectGamepadAxis(3, GamepadLeftX, 0.7)
			down = !down
			in.Dispatch()
			if a.Pressed("jump") || a.JustPressed("jump") || a.JustReleased("jump") {
				sink++
			}
			sink += a.Value("steer") + a.Axis("steer", "jump")
		}
		frame()
		if n := testing.AllocsPerRun(100, frame); n != 0 {
			t.Errorf("a frame of actions allocates %v times, want 0", n)
		}
	})
	if sink == 0 {
		t.Error("no action was ever pressed")
	}
}

func TestBindingString(t *testing.T) {
	for _, c := range []struct {
		b    Binding
		want string
	}{
		{KeyBinding(KeySpace), "Key Space"},
		{MouseBinding(MouseRight), "Mouse 3"},
		{GamepadButtonBinding(GamepadStart), "Gamepad Start"},
		{GamepadAxisBinding(GamepadRightTrigger), "Gamepad RightTrigger"},
		{GamepadAxisBinding(GamepadLeftX).Negative().Scaled(-1), "Gamepad LeftX- ×-1"},
		{KeyBinding(KeyA).Positive(), "Key A"},
		{Binding{}, "none"},
	} {
		if got := c.b.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.b, got, c.want)
		}
	}
}

func TestDeadZone(t *testing.T) {
	for _, c := range []struct{ v, dz, want float32 }{
		{0.1, 0.2, 0}, {-0.2, 0.2, 0}, {0.6, 0.2, 0.5}, {-0.6, 0.2, -0.5}, {1, 0.2, 1}, {-1, 0.2, -1},
		{0.5, 0, 0.5}, {0.5, -1, 0.5}, {1, 2, 1}, {0.999, 2, 0.9},
	} {
		if got := deadZone(c.v, c.dz); abs32(got-c.want) > 1e-5 {
			t.Errorf("deadZone(%v, %v) = %v, want %v", c.v, c.dz, got, c.want)
		}
	}
}

// Init and OnMainThread know the main goroutine: a Test's goroutine is
// not on it, onMain is, and Init refuses to start SDL off it.
func TestInitOffMainThread(t *testing.T) {
	if OnMainThread() {
		t.Fatal("OnMainThread is true on a Test goroutine")
	}
	on := false
	onMain(func() { on = OnMainThread() })
	if !on {
		t.Fatal("OnMainThread is false inside onMain")
	}
	p, err := Init(Options{NoVideo: true})
	if p != nil || !errors.Is(err, ErrNotMainThread) {
		if p != nil {
			onMain(func() { p.Close() })
		}
		t.Fatalf("Init off the main thread = %v, %v; want ErrNotMainThread", p, err)
	}
	openPlatform(t, Options{NoVideo: true}) // nothing was left started
}

// Injected gamepad input reaches a connected pad, rounded to SDL's 16 bits.
func TestInjectedGamepad(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	var axes []float32
	in.GamepadAxisMotion.On(func(e GamepadAxisEvent) { axes = append(axes, e.Value) })
	onMain(func() {
		g := in.addGamepad(5, "pad", nil)
		in.InjectGamepadButton(5, GamepadX, true)
		in.InjectGamepadAxis(5, GamepadRightY, -1)
		in.InjectGamepadAxis(5, GamepadLeftTrigger, 2) // clamped
		in.InjectGamepadAxis(5, GamepadLeftX, -0.5)
		in.Dispatch()
		if !g.JustPressed(GamepadX) || g.Axis(GamepadRightY) != -1 || g.Axis(GamepadLeftTrigger) != 1 {
			t.Errorf("X %v, RightY %v, LeftTrigger %v", g.JustPressed(GamepadX), g.Axis(GamepadRightY), g.Axis(GamepadLeftTrigger))
		}
		if v := g.Axis(GamepadLeftX); abs32(v+0.5) > 1.0/32767 {
			t.Errorf("LeftX %v, want -0.5", v)
		}
		in.InjectGamepadButton(5, GamepadX, false)
		in.Dispatch()
		if g.Down(GamepadX) || !g.JustReleased(GamepadX) {
			t.Error("X not released")
		}
	})
	if len(axes) != 3 {
		t.Errorf("GamepadAxisMotion fired %d times, want 3", len(axes))
	}
}

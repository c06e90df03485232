package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// newButton adds a 100×40 button with a white sprite at world (x, y).
func newButton(w *world, parent *scenegraph.Node, name string, x, y float32) (*Button, *scenegraph.Sprite) {
	n, _ := w.add(parent, name, x, y, 100, 40)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 100, 40))
	return scenegraph.AddComponent(n, NewButton()), sp
}

func TestButtonStatesLikeCocos(t *testing.T) {
	w := newWorld(t, 400, 300)
	b, sp := newButton(w, nil, "B", 100, 100)
	clicks := 0
	b.Click.On(func(*Button) { clicks++ })
	expect := func(st ButtonState, what string) {
		t.Helper()
		if b.State() != st || sp.Color != b.Colors[st] {
			t.Fatalf("%s: state %v colour %08x, want %v %08x", what, b.State(), uint32(sp.Color), st, uint32(b.Colors[st]))
		}
	}
	expect(StateNormal, "at rest")
	w.move(100, 100)
	expect(StateHover, "hovered")
	w.press(100, 100)
	expect(StatePressed, "pressed")
	w.move(300, 250)
	expect(StateNormal, "pressed, pointer outside")
	w.move(120, 100)
	expect(StatePressed, "pressed, pointer back")
	w.release(120, 100)
	expect(StateHover, "released over it")
	if clicks != 1 {
		t.Fatalf("%d clicks, want 1", clicks)
	}
	w.press(100, 100)
	w.move(300, 250)
	w.release(300, 250)
	expect(StateNormal, "released outside")
	if clicks != 1 {
		t.Fatalf("a release outside clicked (%d clicks)", clicks)
	}
	// Touch clicks too, and leaves no hover behind.
	x, y := w.screen(100, 100)
	w.sys.PointerDown(5, PrimaryButton, x, y)
	expect(StatePressed, "touched")
	w.sys.PointerUp(5, PrimaryButton, x, y)
	expect(StateNormal, "touch lifted")
	if clicks != 2 {
		t.Fatalf("%d clicks after a tap, want 2", clicks)
	}
	// A cancelled press does not click.
	w.sys.PointerDown(5, PrimaryButton, x, y)
	w.sys.PointerCancel(5)
	expect(StateNormal, "touch cancelled")
	// A second finger cannot take over the first one's press.
	w.sys.PointerDown(5, PrimaryButton, x, y)
	w.sys.PointerDown(6, PrimaryButton, x, y)
	w.sys.PointerUp(6, PrimaryButton, x, y)
	expect(StatePressed, "second finger lifted")
	w.sys.PointerUp(5, PrimaryButton, x, y)
	if clicks != 3 {
		t.Fatalf("%d clicks, want 3", clicks)
	}
}

func TestButtonDisabledShowsAndBlocks(t *testing.T) {
	w := newWorld(t, 400, 300)
	under, _ := w.add(nil, "Under", 100, 100, 100, 40)
	var l log
	l.listen(under, EventPointerDown)
	b, sp := newButton(w, nil, "B", 100, 100)
	clicks := 0
	b.Click.On(func(*Button) { clicks++ })
	b.SetInteractable(false)
	if b.State() != StateDisabled || sp.Color != DefaultDisabledColor {
		t.Fatalf("state %v colour %08x", b.State(), uint32(sp.Color))
	}
	w.click(100, 100)
	if clicks != 0 || len(l.take()) != 0 {
		t.Fatal("a disabled button clicked, or let the press through")
	}
	b.SetInteractable(true)
	w.click(100, 100)
	if clicks != 1 {
		t.Fatalf("%d clicks", clicks)
	}
}

func TestButtonSpriteFramesAndFieldEdits(t *testing.T) {
	w := newWorld(t, 400, 300)
	n, _ := w.add(nil, "B", 100, 100, 100, 40)
	ns := scenegraph.AddComponent(n, NewNineSlice(0, 0, 0, Insets{}))
	b := scenegraph.AddComponent(n, NewButton())
	tex := w.sink.f.CreateTexture(render.TextureDesc{Width: 8, Height: 4}, nil)
	b.Transition = TransitionSprite
	b.Frames[StateNormal] = SpriteFrame{Texture: tex, UV: mgl32.Vec4{0, 0, 0.5, 1}}
	b.Frames[StatePressed] = SpriteFrame{Texture: tex, UV: mgl32.Vec4{0.5, 0, 1, 1}}
	w.tick() // the System re-applies edited fields before drawing
	if ns.Texture != tex || ns.UV != b.Frames[StateNormal].UV {
		t.Fatalf("normal frame not applied: %v %v", ns.Texture, ns.UV)
	}
	w.move(100, 100) // hover has no frame: the normal one stays
	if ns.UV != b.Frames[StateNormal].UV {
		t.Fatalf("hover: %v", ns.UV)
	}
	w.press(100, 100)
	if ns.UV != b.Frames[StatePressed].UV {
		t.Fatalf("pressed: %v", ns.UV)
	}
	if ns.Color != render.White {
		t.Fatal("a sprite transition changed the colour")
	}
	w.release(100, 100)
}

// Buttons inside buttons: the innermost one under the pointer clicks alone.
func TestNestedButtonsClickOnce(t *testing.T) {
	w := newWorld(t, 400, 300)
	outer, _ := newButton(w, nil, "Outer", 200, 150)
	outer.Node().Components()[0].(*Rect).SetSize(300, 200)
	inner, _ := newButton(w, outer.Node(), "Inner", 0, 0)
	var got []string
	outer.Click.On(func(*Button) { got = append(got, "outer") })
	inner.Click.On(func(*Button) { got = append(got, "inner") })
	w.click(200, 150)
	w.click(300, 200)
	if !slices.Equal(got, []string{"inner", "outer"}) {
		t.Fatalf("clicks %v", got)
	}
}

func TestToggle(t *testing.T) {
	w := newWorld(t, 400, 300)
	n, _ := w.add(nil, "T", 100, 100, 40, 40)
	scenegraph.AddComponent(n, scenegraph.NewSprite(0, 40, 40))
	mark, _ := w.add(n, "Checkmark", 0, 0, 30, 30)
	tg := scenegraph.AddComponent(n, NewToggle(false))
	if mark.Active() {
		t.Fatal("the checkmark shows while unchecked")
	}
	var states []bool
	tg.Toggled.On(func(x *Toggle) { states = append(states, x.Checked()) })
	clicks := 0
	tg.Click.On(func(*Button) { clicks++ })
	w.click(100, 100)
	if !tg.Checked() || !mark.Active() {
		t.Fatal("a click did not check it")
	}
	w.click(110, 110)
	if tg.Checked() || mark.Active() {
		t.Fatal("a second click did not uncheck it")
	}
	tg.SetChecked(true)
	tg.SetChecked(true) // no change: no signal
	if !slices.Equal(states, []bool{true, false, true}) || clicks != 2 {
		t.Fatalf("Toggled %v, %d clicks", states, clicks)
	}
	w.press(100, 100)
	w.release(300, 250) // released elsewhere: no toggle
	if !tg.Checked() {
		t.Fatal("a press released elsewhere toggled")
	}
}

// A panic in a click listener is the game's fault, not the button's: it is
// reported to the scene's Logger naming the button's node path, the
// listener stays subscribed so that the button still works, and repeats
// are rate-limited. Before, it went to standard error without the node and
// the listener was dropped for good.
func TestButtonClickListenerPanicIsReportedAndKept(t *testing.T) {
	w := newWorld(t, 400, 300)
	w.s.PanicFatal = false
	var logged logLines
	w.s.Logger = &logged
	panel, _ := w.add(nil, "Panel", 200, 150, 300, 200)
	b, _ := newButton(w, panel, "OK", 0, 0)
	calls, after := 0, 0
	b.Click.On(func(*Button) {
		calls++
		if calls <= 5 {
			panic("boom")
		}
	})
	b.Click.On(func(*Button) { after++ })
	for range 6 {
		w.click(200, 150)
	}
	if calls != 6 || after != 6 {
		t.Fatalf("the panicking listener ran %d times and the next %d, want 6 and 6", calls, after)
	}
	// Panics 1, 2 and 4 of the five are reported.
	if len(logged) != 3 {
		t.Fatalf("%d reports, want 3: %q", len(logged), logged)
	}
	for _, l := range logged {
		if !strings.Contains(l, `"UI/Panel/OK"`) || !strings.Contains(l, "boom") || !strings.Contains(l, "*ui.Button") ||
			!strings.Contains(l, "stays subscribed") {
			t.Fatalf("report %q does not name the node, the type and the panic", l)
		}
	}
	if !strings.Contains(logged[2], "panic 4 of this listener") {
		t.Fatalf("third report %q does not count the repeats", logged[2])
	}
	// The button still clicks, and its own state is intact.
	if b.State() != StateHover || !b.Interactable() {
		t.Fatalf("state %v after the panics", b.State())
	}
}

// In PanicFatal mode (RunHeadless, tests) a click listener's panic
// propagates out of the input call as a *scenegraph.CallbackPanic naming
// the node, and nothing is logged.
func TestButtonClickListenerPanicFatal(t *testing.T) {
	w := newWorld(t, 400, 300)
	var logged logLines
	w.s.Logger = &logged
	tg := scenegraph.AddComponent(func() *scenegraph.Node { n, _ := w.add(nil, "Check", 200, 150, 40, 40); return n }(), NewToggle(false))
	tg.Toggled.On(func(*Toggle) { panic("fatal boom") })
	func() {
		defer func() {
			p, ok := recover().(*scenegraph.CallbackPanic)
			if !ok || p.Node != "UI/Check" || p.Value != "fatal boom" || p.Component != "*ui.Toggle" {
				t.Fatalf("recovered %#v, want a *CallbackPanic for UI/Check", p)
			}
		}()
		w.click(200, 150)
		t.Fatal("the panic did not propagate")
	}()
	if len(logged) != 0 {
		t.Fatalf("a fatal panic was logged: %q", logged)
	}
	if !tg.Checked() {
		t.Fatal("the toggle did not flip before its listener ran")
	}
}

// logLines is a core.Logger that keeps its lines.
type logLines []string

func (l *logLines) Printf(format string, args ...any) { *l = append(*l, fmt.Sprintf(format, args...)) }

// A Toggle's IsChecked set directly (as a scene file sets it) shows on
// the next arrange, without Toggled.
func TestToggleIsCheckedSetDirectly(t *testing.T) {
	w := newWorld(t, 400, 300)
	n, _ := w.add(nil, "Check", 200, 150, 40, 40)
	mark, _ := w.add(n, "Checkmark", 0, 0, 20, 20)
	tg := scenegraph.AddComponent(n, NewToggle(true))
	toggled := 0
	tg.Toggled.On(func(*Toggle) { toggled++ })
	if !mark.Active() {
		t.Fatal("checkmark hidden while checked")
	}
	tg.IsChecked = false
	w.tick()
	if mark.Active() || tg.Checked() || toggled != 0 {
		t.Fatalf("after IsChecked = false: mark active %v, checked %v, %d Toggled", mark.Active(), tg.Checked(), toggled)
	}
	w.click(200, 150)
	if !mark.Active() || !tg.IsChecked || toggled != 1 {
		t.Fatalf("after a click: mark active %v, IsChecked %v, %d Toggled", mark.Active(), tg.IsChecked, toggled)
	}
}

package ui

import (
	"slices"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// menu is a 2×3 grid of buttons: row A at y 200 over row B at y 100,
// columns at x 100, 200, 300, added in reading order (A1 A2 A3 B1 B2 B3)
// under a "Menu" node.
type menu struct {
	w       *world
	panel   *scenegraph.Node
	buttons map[string]*Button
	sprites map[string]*scenegraph.Sprite
	focus   []string // the FocusChanged sequence, by name ("-" for nil)
}

func newMenu(t *testing.T) *menu {
	w := newWorld(t, 400, 300)
	m := &menu{w: w, buttons: map[string]*Button{}, sprites: map[string]*scenegraph.Sprite{}}
	m.panel, _ = w.add(nil, "Menu", 200, 150, 400, 300)
	for r, row := range []string{"A", "B"} {
		for c := range 3 {
			name := row + string(rune('1'+c))
			// The panel is at (200, 150): children are placed relative to it.
			b, sp := newButton(w, m.panel, name, float32(100+100*c)-200, float32(200-100*r)-150)
			m.buttons[name], m.sprites[name] = b, sp
		}
	}
	w.sys.Navigation = true
	w.sys.FocusChanged.On(func(n *scenegraph.Node) {
		if n == nil {
			m.focus = append(m.focus, "-")
			return
		}
		m.focus = append(m.focus, n.Name())
	})
	w.tick()
	return m
}

func (m *menu) focused() string {
	if f := m.w.sys.Focused(); f != nil {
		return f.Name()
	}
	return "-"
}

// Arrows move focus to the nearest button in their direction: the exact
// sequence through a 2×3 grid, staying put at the edges.
func TestNavigateGridByArrows(t *testing.T) {
	m := newMenu(t)
	steps := []struct {
		key   Key
		moved bool
		want  string
	}{
		{KeyRight, true, "A1"}, // nothing focused: the first in tree order
		{KeyRight, true, "A2"},
		{KeyRight, true, "A3"},
		{KeyRight, false, "A3"}, // the edge: no wrap
		{KeyUp, false, "A3"},
		{KeyDown, true, "B3"},
		{KeyDown, false, "B3"},
		{KeyLeft, true, "B2"},
		{KeyLeft, true, "B1"},
		{KeyLeft, false, "B1"},
		{KeyUp, true, "A1"},
		{KeyDown, true, "B1"},
		{KeyRight, true, "B2"},
		{KeyUp, true, "A2"},
	}
	for i, s := range steps {
		m.w.sys.KeyDown(s.key)
		if moved := m.w.sys.NavigateKey(s.key, false); moved != s.moved || m.focused() != s.want {
			t.Fatalf("step %d (key %d): moved %v focus %s, want %v %s", i, s.key, moved, m.focused(), s.moved, s.want)
		}
	}
	want := []string{"A1", "A2", "A3", "B3", "B2", "B1", "A1", "B1", "B2", "A2"}
	if !slices.Equal(m.focus, want) {
		t.Fatalf("focus sequence %v, want %v", m.focus, want)
	}
}

// The nearest control wins over one further along the same line, a
// control in the beam (same row) over a nearer diagonal one, and rotated
// or scaled parents count as drawn (world space).
func TestNavigateNearestRules(t *testing.T) {
	w := newWorld(t, 400, 300)
	from, _ := newButton(w, nil, "From", 50, 150)
	far, _ := newButton(w, nil, "FarSameRow", 350, 150)
	diag, _ := newButton(w, nil, "NearDiagonal", 200, 230) // 80 up: outside From's 40-high beam
	w.tick()
	w.sys.SetFocus(from.Node())
	if !w.sys.Navigate(NavRight) || w.sys.Focused() != far.Node() {
		t.Fatalf("right from From: %v, want the button in the same row", w.sys.Focused().Name())
	}
	w.sys.SetFocus(from.Node())
	if !w.sys.Navigate(NavUp) || w.sys.Focused() != diag.Node() {
		t.Fatalf("up from From: %v, want NearDiagonal", w.sys.Focused().Name())
	}
	// Turning the diagonal button's parent moves it below: up finds
	// nothing now, down finds it.
	holder := scenegraph.NewNode("Holder")
	holder.SetPositionXY(200, 150)
	w.s.AddChild(holder)
	diag.Node().SetParent(holder)
	diag.Node().SetPositionXY(0, 80)
	holder.SetAngle(180)
	w.sys.SetFocus(from.Node())
	if w.sys.Navigate(NavUp) || w.sys.Focused() != from.Node() {
		t.Fatalf("up from From with the diagonal turned below: focus %v", w.sys.Focused().Name())
	}
	if !w.sys.Navigate(NavDown) || w.sys.Focused() != diag.Node() {
		t.Fatalf("down from From: %v, want the turned button", w.sys.Focused().Name())
	}
}

// Tab and Shift-Tab follow tree order and wrap; an explicit order
// replaces it; disabled and inactive controls are skipped.
func TestTabOrder(t *testing.T) {
	m := newMenu(t)
	sys := m.w.sys
	tab := func(shift bool, n int) []string {
		var got []string
		for range n {
			sys.NavigateKey(KeyTab, shift)
			got = append(got, m.focused())
		}
		return got
	}
	if got, want := tab(false, 7), []string{"A1", "A2", "A3", "B1", "B2", "B3", "A1"}; !slices.Equal(got, want) {
		t.Fatalf("Tab: %v, want %v", got, want)
	}
	if got, want := tab(true, 3), []string{"B3", "B2", "B1"}; !slices.Equal(got, want) {
		t.Fatalf("Shift-Tab: %v, want %v", got, want)
	}
	m.buttons["A2"].SetInteractable(false)
	m.buttons["B2"].Node().SetActive(false)
	sys.SetFocus(nil)
	if got, want := tab(false, 5), []string{"A1", "A3", "B1", "B3", "A1"}; !slices.Equal(got, want) {
		t.Fatalf("Tab past a disabled and an inactive button: %v, want %v", got, want)
	}
	sys.SetFocus(nil)
	if got, want := tab(true, 1), []string{"B3"}; !slices.Equal(got, want) {
		t.Fatalf("Shift-Tab with nothing focused: %v, want the last, B3", got)
	}
	// An explicit order: B3, then A1, then A2 (disabled: skipped), then B1.
	b := m.buttons
	sys.SetFocusOrder(b["B3"].Node(), b["A1"].Node(), b["A2"].Node(), b["B1"].Node())
	sys.SetFocus(nil)
	if got, want := tab(false, 4), []string{"B3", "A1", "B1", "B3"}; !slices.Equal(got, want) {
		t.Fatalf("Tab in an explicit order: %v, want %v", got, want)
	}
	if len(sys.FocusOrder()) != 4 {
		t.Fatalf("FocusOrder has %d nodes, want 4", len(sys.FocusOrder()))
	}
	sys.SetFocusOrder()
	if sys.FocusOrder() != nil || len(sys.Focusables()) != 4 {
		t.Fatalf("back to tree order: order %v, %d focusables, want 4", sys.FocusOrder(), len(sys.Focusables()))
	}
}

// Enter submits: the focused button (only it) clicks, a focused Toggle
// flips; a disabled one does nothing.
func TestSubmitClicksTheFocusedButton(t *testing.T) {
	m := newMenu(t)
	clicks := map[string]int{}
	for name, b := range m.buttons {
		b.Click.On(func(*Button) { clicks[name]++ })
	}
	sys := m.w.sys
	if sys.NavigateKey(KeyEnter, false) {
		t.Fatal("submit with nothing focused did something")
	}
	sys.NavigateKey(KeyRight, false) // A1
	sys.NavigateKey(KeyDown, false)  // B1
	sys.NavigateKey(KeyRight, false) // B2
	if !sys.NavigateKey(KeyEnter, false) || !sys.Navigate(NavSubmit) {
		t.Fatal("submit on a focused button reported nothing done")
	}
	if len(clicks) != 1 || clicks["B2"] != 2 {
		t.Fatalf("clicks %v, want B2 twice only", clicks)
	}
	m.buttons["B2"].SetInteractable(false)
	if sys.Navigate(NavSubmit) || clicks["B2"] != 2 {
		t.Fatal("a disabled focused button clicked")
	}

	tn, _ := m.w.add(nil, "Toggle", 200, 20, 30, 30)
	tg := scenegraph.AddComponent(tn, NewToggle(false))
	m.w.tick()
	sys.SetFocus(tn)
	sys.NavigateKey(KeyKeypadEnter, false)
	if !tg.Checked() {
		t.Fatal("submit on a focused toggle did not check it")
	}
}

// Escape cancels: EventCancel bubbles from the focused button to the
// menu, then Canceled is emitted, also with nothing focused.
func TestCancel(t *testing.T) {
	m := newMenu(t)
	var l log
	l.listen(m.panel, EventCancel)
	var canceled []string
	m.w.sys.Canceled.On(func(n *scenegraph.Node) {
		if n == nil {
			canceled = append(canceled, "-")
			return
		}
		canceled = append(canceled, n.Name())
	})
	m.w.sys.NavigateKey(KeyEscape, false)
	m.w.sys.Navigate(NavNext)
	m.w.sys.NavigateKey(KeyEscape, false)
	if got := l.take(); !slices.Equal(got, []string{"nav-cancel@Menu<A1"}) {
		t.Fatalf("node events %v, want one cancel bubbling from A1 to the menu", got)
	}
	if !slices.Equal(canceled, []string{"-", "A1"}) {
		t.Fatalf("Canceled %v, want [- A1]", canceled)
	}
}

// A focused button shows StateFocused with FocusedColor: at the next
// Arrange after SetFocus, at once after Navigate; pressed shows over it;
// moving on goes back to normal; a zero FocusedColor falls back to the
// hover colour.
func TestButtonFocusedLook(t *testing.T) {
	m := newMenu(t)
	b, sp := m.buttons["A1"], m.sprites["A1"]
	other := m.sprites["A2"]
	m.w.sys.SetFocus(b.Node())
	if b.State() != StateFocused {
		t.Fatalf("focused: state %v", b.State())
	}
	m.w.tick()
	if b.State() != StateFocused || sp.Color != DefaultFocusedColor || other.Color != DefaultNormalColor {
		t.Fatalf("focused: state %v colour %08x (other %08x)", b.State(), uint32(sp.Color), uint32(other.Color))
	}
	m.w.move(100, 200) // hover on the focused button: focus shows
	if b.State() != StateFocused {
		t.Fatalf("focused and hovered: %v", b.State())
	}
	m.w.press(100, 200) // a press lands inside: focus stays, pressed shows
	if b.State() != StatePressed || sp.Color != b.Colors[StatePressed] {
		t.Fatalf("focused and pressed: %v %08x", b.State(), uint32(sp.Color))
	}
	m.w.release(100, 200)
	m.w.move(300, 290)
	m.w.sys.Navigate(NavRight)
	if b.State() != StateNormal || sp.Color != DefaultNormalColor || other.Color != DefaultFocusedColor {
		t.Fatalf("after moving on: A1 %v %08x, A2 %08x", b.State(), uint32(sp.Color), uint32(other.Color))
	}
	a2 := m.buttons["A2"]
	a2.FocusedColor = 0
	m.w.tick()
	if other.Color != a2.Colors[StateHover] {
		t.Fatalf("zero FocusedColor: %08x, want the hover colour", uint32(other.Color))
	}
	if StateFocused.String() != "focused" || NavCancel.String() != "cancel" || NavAction(99).String() != "nav(invalid)" {
		t.Fatal("names")
	}
}

// A focused TextInput keeps Left, Right and Enter; Up, Down and Tab leave
// it.
func TestNavigateWithTextInput(t *testing.T) {
	m := newMenu(t)
	fn, _ := m.w.add(nil, "Field", 100, 20, 100, 30)
	ti := scenegraph.AddComponent(fn, NewTextInput("name", 16))
	m.w.tick()
	ti.SetText("ab")
	ti.Focus()
	for _, k := range []Key{KeyLeft, KeyRight, KeyEnter} {
		m.w.sys.KeyDown(k)
		if m.w.sys.NavigateKey(k, false) || m.focused() != "Field" {
			t.Fatalf("key %d navigated away from the text input", k)
		}
	}
	if ti.Caret() != 2 {
		t.Fatalf("caret %d: the arrows must still edit", ti.Caret())
	}
	if !m.w.sys.NavigateKey(KeyUp, false) || m.focused() != "B1" {
		t.Fatalf("up from the field: %s, want B1", m.focused())
	}
	m.w.sys.NavigateKey(KeyTab, false) // tree order: after B3 comes Field
	m.w.sys.NavigateKey(KeyTab, false)
	m.w.sys.NavigateKey(KeyTab, false)
	if m.focused() != "Field" {
		t.Fatalf("Tab: %s, want Field (last in tree order)", m.focused())
	}
}

// Navigating between buttons in a steady menu allocates nothing.
func TestNavigateAllocatesNothing(t *testing.T) {
	m := newMenu(t)
	m.w.sys.Navigate(NavNext)
	m.w.sys.Navigate(NavRight)
	m.w.sys.Navigate(NavLeft)
	if a := testing.AllocsPerRun(100, func() {
		m.w.sys.NavigateKey(KeyRight, false)
		m.w.sys.NavigateKey(KeyLeft, false)
		m.w.sys.NavigateKey(KeyTab, true)
	}); a != 0 {
		t.Fatalf("navigation allocates %v times", a)
	}
}

// With Navigation off (a new System's default), keys navigate nowhere;
// Navigate still works.
func TestNavigationOffByDefault(t *testing.T) {
	m := newMenu(t)
	m.w.sys.Navigation = false
	for _, k := range []Key{KeyRight, KeyTab, KeyEnter, KeyEscape} {
		if m.w.sys.NavigateKey(k, false) || m.focused() != "-" {
			t.Fatalf("key %d navigated with Navigation off", k)
		}
	}
	if NewSystem().Navigation {
		t.Fatal("a new System has Navigation on")
	}
	if !m.w.sys.Navigate(NavNext) || m.focused() != "A1" {
		t.Fatal("Navigate must work with Navigation off")
	}
}

// navGrid returns a world with an n×n grid of buttons, the first focused.
func navGrid(b *testing.B, n int) *world {
	w := newWorld(b, 1000, 1000)
	w.s.PanicFatal = true
	grid, _ := w.add(nil, "Grid", 0, 0, 10, 10)
	for i := range n * n {
		bn, _ := w.add(grid, "B", float32(i%n)*20, float32(i/n)*20, 18, 18)
		scenegraph.AddComponent(bn, NewButton())
	}
	w.tick()
	w.sys.Navigation = true
	w.sys.Navigate(NavNext)
	return w
}

// BenchmarkNavigate moves focus right and back in a grid of 32×32 (1024)
// buttons: a directional step scores every focusable control.
func BenchmarkNavigate(b *testing.B) {
	w := navGrid(b, 32)
	b.ReportAllocs()
	for b.Loop() {
		w.sys.Navigate(NavRight)
		w.sys.Navigate(NavLeft)
	}
}

// BenchmarkNavigateTab steps Tab through a grid of 32×32 buttons: each
// step sorts the controls into tree order.
func BenchmarkNavigateTab(b *testing.B) {
	w := navGrid(b, 32)
	b.ReportAllocs()
	for b.Loop() {
		w.sys.Navigate(NavNext)
	}
}

// With Duration, a colour change fades over the frames' dt, as Cocos'
// colour transition does: from white to the focus tint in 0.1 s, a sixth
// of the way per 1/60 s frame, and back from mid-way when focus moves on.
func TestButtonColorFade(t *testing.T) {
	m := newMenu(t)
	b, sp := m.buttons["A1"], m.sprites["A1"]
	b.Duration = 0.1
	m.w.sys.Navigate(NavNext) // A1
	if sp.Color != DefaultNormalColor {
		t.Fatalf("at the fade's start: %08x, want white still", uint32(sp.Color))
	}
	m.w.tick()
	// 255 + (150-255)/6 = 237.5, 255 + (200-255)/6 = 245.8: rounded.
	if want := render.RGBA(238, 246, 255, 255); sp.Color != want {
		t.Fatalf("a sixth of the way: %08x, want %08x", uint32(sp.Color), uint32(want))
	}
	for range 6 {
		m.w.tick()
	}
	if sp.Color != DefaultFocusedColor {
		t.Fatalf("after the fade: %08x, want the focus tint", uint32(sp.Color))
	}
	m.w.tick()
	m.w.tick()
	m.w.sys.Navigate(NavRight) // A2: A1 fades back to white
	m.w.tick()
	m.w.tick()
	m.w.tick()
	// Half way (3/60 of 0.1 s) from (150, 200, 255): 202.5, 227.5.
	if want := render.RGBA(203, 228, 255, 255); sp.Color != want {
		t.Fatalf("half way back: %08x, want %08x", uint32(sp.Color), uint32(want))
	}
	m.w.sys.Navigate(NavLeft) // back to A1 mid-fade: to the tint, from here
	for range 7 {
		m.w.tick()
	}
	if sp.Color != DefaultFocusedColor || b.State() != StateFocused {
		t.Fatalf("refocused: %08x %v", uint32(sp.Color), b.State())
	}
	// No Duration: at once (the other tests' case).
	if m.sprites["A2"].Color != DefaultNormalColor {
		t.Fatalf("A2 without a Duration: %08x", uint32(m.sprites["A2"].Color))
	}
}

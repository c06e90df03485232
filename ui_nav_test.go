package tact

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/replay"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// menuProbe keeps what the navigation did in exported fields, so that
// the replay's state hash covers it.
type menuProbe struct {
	scenegraph.Component
	Focus    []string // every focus change, by node name
	Clicks   []string
	Canceled int
}

// navMenuScene is a 2×3 menu of buttons (row A above row B, columns 1 to
// 3, in reading order), with navigation on: what a game without a mouse
// shows. The probe records focus, clicks and cancels.
func navMenuScene(probe **menuProbe) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s := darkScene()
		menu := scenegraph.NewNode("Menu")
		menu.SetPositionXY(160, 120)
		s.AddChild(menu)
		p := scenegraph.AddComponent(menu, &menuProbe{})
		*probe = p
		for r, row := range []string{"A", "B"} {
			for c := range 3 {
				n := scenegraph.NewNode(row + string(rune('1'+c)))
				n.SetPositionXY(float32(c-1)*100, 40-float32(r)*80)
				menu.AddChild(n)
				scenegraph.AddComponent(n, ui.NewRect(80, 50))
				scenegraph.AddComponent(n, scenegraph.NewSprite(0, 80, 50))
				b := scenegraph.AddComponent(n, ui.NewButton())
				b.Click.On(func(b *ui.Button) { p.Clicks = append(p.Clicks, b.Node().Name()) })
			}
		}
		sys := ui.Install(g.Director())
		sys.Navigation = true
		sys.FocusChanged.On(func(n *scenegraph.Node) {
			if n != nil {
				p.Focus = append(p.Focus, n.Name())
			}
		})
		sys.Canceled.On(func(*scenegraph.Node) { p.Canceled++ })
		return s, nil
	}
}

// navScript plays the menu with a virtual gamepad (D-pad, left stick, A,
// B) and the keyboard (arrows, Shift-Tab), one step a frame.
func navScript() scripted {
	var pad *platform.VirtualGamepad
	key := func(in *platform.Input, k platform.Key, mod platform.Mod) {
		in.InjectKeyEvent(platform.KeyEvent{Key: k, Mod: mod}, true)
		in.InjectKeyEvent(platform.KeyEvent{Key: k, Mod: mod}, false)
	}
	return scripted{
		2:  func(in *platform.Input) { pad = in.ConnectVirtualGamepad("Virtual Pad") },
		3:  func(in *platform.Input) { pad.Tap(platform.GamepadDPadRight) },           // nothing focused: A1
		4:  func(in *platform.Input) { pad.Tap(platform.GamepadDPadRight) },           // A2
		5:  func(in *platform.Input) { pad.Tap(platform.GamepadDPadDown) },            // B2
		6:  func(in *platform.Input) { key(in, platform.KeyRight, 0) },                // B3
		7:  func(in *platform.Input) { pad.Tap(platform.GamepadDPadUp) },              // A3
		8:  func(in *platform.Input) { key(in, platform.KeyTab, platform.ModLShift) }, // A2
		9:  func(in *platform.Input) { pad.SetAxis(platform.GamepadLeftX, -0.9) },     // A1
		10: func(in *platform.Input) { pad.SetAxis(platform.GamepadLeftX, -0.4) },     // still leaning
		11: func(in *platform.Input) { pad.SetAxis(platform.GamepadLeftX, 0) },
		12: func(in *platform.Input) { pad.SetAxis(platform.GamepadLeftY, 0.95) }, // down: B1
		13: func(in *platform.Input) { pad.SetAxis(platform.GamepadLeftY, 0) },
		14: func(in *platform.Input) { pad.Tap(platform.GamepadA) },    // click B1
		15: func(in *platform.Input) { key(in, platform.KeyTab, 0) },   // B2
		16: func(in *platform.Input) { key(in, platform.KeyEnter, 0) }, // click B2
		17: func(in *platform.Input) { pad.Tap(platform.GamepadB) },    // cancel
		18: func(in *platform.Input) { pad.Disconnect() },
	}
}

const navFrames = 22

// The menu driven by a virtual gamepad and keys: the exact focus sequence,
// the clicks and the cancel; then the recording of that play, through its
// file, replays headless to the same state at every frame.
func TestMenuNavigationWithVirtualGamepadReplays(t *testing.T) {
	var probe *menuProbe
	g := NewGame(Config{NoGraphics: true, FixedDT: 1.0 / 60, MaxFrames: navFrames, PanicFatal: true})
	var rec *replay.Recorder
	var want *replay.StateTrail
	s := navScript()
	g.GameInited.On(func(g *Game) {
		rec = replay.NewRecorder(g.Director(), g.Input())
		want = replay.TrackState(g.Director())
		g.Director().BeginFrame.On(func(d *director.Director) {
			if f := s[d.TotalFrames()]; f != nil {
				f(g.Input())
			}
		})
	})
	runGame(t, g, navMenuScene(&probe))
	wantFocus := []string{"A1", "A2", "B2", "B3", "A3", "A2", "A1", "B1", "B2"}
	if !slices.Equal(probe.Focus, wantFocus) {
		t.Fatalf("focus sequence %v, want %v", probe.Focus, wantFocus)
	}
	if !slices.Equal(probe.Clicks, []string{"B1", "B2"}) || probe.Canceled != 1 {
		t.Fatalf("clicks %v, cancels %d; want [B1 B2], 1", probe.Clicks, probe.Canceled)
	}
	r := rec.Stop()
	var file bytes.Buffer
	if _, err := r.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{`2 padadd -1 "Virtual\x20Pad"`, "3 paddown -1 14", "9 padaxis -1 0 -0.8999939", "18 padremove -1"} {
		if !strings.Contains(file.String(), line+"\n") {
			t.Fatalf("recording lacks %q:\n%s", line, file.String())
		}
	}
	back, err := replay.ReadRecording("nav.rec", &file)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Fatal("the recording changed through its file")
	}
	got := replayRunWith(t, back, navMenuScene(&probe))
	if err := want.Compare(got); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(probe.Focus, wantFocus) || probe.Canceled != 1 {
		t.Fatalf("replayed focus %v, cancels %d", probe.Focus, probe.Canceled)
	}
	// The hash saw the play: the probe and the focus tints changed it.
	distinct := map[uint64]bool{}
	for _, st := range want.States {
		distinct[st.Hash] = true
	}
	if len(distinct) < 12 {
		t.Fatalf("only %d distinct states over %d frames", len(distinct), len(want.States))
	}
}

// focusStarter focuses the menu's second button by navigation once the
// scene runs (two NavNext from nothing).
type focusStarter struct{ scenegraph.Component }

func (f *focusStarter) Start() {
	sys := ui.SystemOf(f.Node())
	sys.Navigate(ui.NavNext)
	sys.Navigate(ui.NavNext)
}

// focusedButtonScene is three labelled buttons in a column, the middle
// one focused: white sprites at rest, the focused one tinted
// DefaultFocusedColor (light blue).
func focusedButtonScene(g *Game) (*scenegraph.Scene, error) {
	s := darkScene()
	menu := scenegraph.NewNode("Menu")
	menu.SetPositionXY(160, 120)
	s.AddChild(menu)
	for i, name := range []string{"PLAY", "OPTIONS", "QUIT"} {
		n := scenegraph.NewNode(name)
		n.SetPositionXY(0, 60-float32(i)*60)
		menu.AddChild(n)
		scenegraph.AddComponent(n, ui.NewRect(160, 44))
		scenegraph.AddComponent(n, scenegraph.NewSprite(0, 160, 44))
		scenegraph.AddComponent(n, ui.NewButton())
		l := scenegraph.NewNode("Label")
		n.AddChild(l)
		scenegraph.AddComponent(l, text.NewLabel(name, 20, render.RGBA(30, 30, 40, 255)))
	}
	scenegraph.AddComponent(menu, &focusStarter{})
	return s, nil
}

// A focused button shows its focus tint, in both render modes.
func TestGoldenFocusedButton(t *testing.T) {
	threaded := shoot(t, false, focusedButtonScene)
	checkGolden(t, "focused_button", threaded)
	onMain := shoot(t, true, focusedButtonScene)
	checkGolden(t, "focused_button", onMain)
	// Away from the label: the focused middle button (world y 120) is
	// DefaultFocusedColor, the top one (world y 180) white.
	want := ui.DefaultFocusedColor
	if c := threaded.RGBAAt(160-70, 240-120); c.R != want.R() || c.G != want.G() || c.B != want.B() {
		t.Fatalf("focused button pixel %v, want %v", c, want)
	}
	if c := threaded.RGBAAt(160-70, 240-180); c.R != 255 || c.G != 255 || c.B != 255 {
		t.Fatalf("unfocused button pixel %v, want white", c)
	}
}

package tact

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/replay"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// runHeadless runs RunHeadless on the main thread, skipping where SDL is
// unavailable (platformtest.SkipOrFail decides).
func runHeadless(t *testing.T, cfg Config, start StartFunc, frames uint64, script func(*Game, uint64)) (*Game, error) {
	t.Helper()
	var (
		g   *Game
		err error
	)
	platformtest.Do(func() { g, _, err = RunHeadless(cfg, start, frames, script) })
	var ie *platform.InitError
	if errors.As(err, &ie) {
		platformtest.SkipOrFail(t, err)
	}
	return g, err
}

// lifeProbe counts the lifecycle calls that come after a scene's last frame.
type lifeProbe struct {
	scenegraph.Component
	Updates           int
	Disabled, Destroy int
}

func (p *lifeProbe) Update(float64) { p.Updates++ }
func (p *lifeProbe) OnDisable()     { p.Disabled++ }
func (p *lifeProbe) OnDestroy()     { p.Destroy++ }

// After RunHeadless the scene that ran the last frame is still the
// Director's, loaded and whole, with no OnDisable or OnDestroy given; the
// Director is stopped, and End unloads the scene then.
func TestRunHeadlessKeepsScene(t *testing.T) {
	var probe *lifeProbe
	start := func(g *Game) (*scenegraph.Scene, error) {
		s, err := redSquareScene(g)
		probe = scenegraph.AddComponent(s.Find("Square"), &lifeProbe{})
		return s, err
	}
	g, err := runHeadless(t, Config{Width: 320, Height: 240}, start, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Director().Scene()
	if s == nil || s.Name() != "Red" {
		t.Fatalf("Director().Scene() after RunHeadless = %v, want the scene \"Red\"", s)
	}
	sq := s.Find("Square")
	if sq == nil || !sq.ActiveInHierarchy() || s.Root().ChildCount() != 2 {
		t.Fatalf("the scene was emptied: %d top-level nodes, Square %v", s.Root().ChildCount(), sq)
	}
	if probe.Updates != 5 || probe.Disabled != 0 || probe.Destroy != 0 {
		t.Fatalf("probe: %d updates, %d OnDisable, %d OnDestroy; want 5, 0, 0", probe.Updates, probe.Disabled, probe.Destroy)
	}
	if !g.Director().Stopped() {
		t.Fatal("the Director is not stopped after RunHeadless")
	}
	g.Director().Tick(1.0 / 60) // stopped: nothing runs, nothing draws
	if probe.Updates != 5 {
		t.Fatalf("a tick after RunHeadless updated the scene: %d updates", probe.Updates)
	}
	g.Director().End()
	if g.Director().Scene() != nil || probe.Disabled != 1 || probe.Destroy != 1 {
		t.Fatalf("after End: scene %v, %d OnDisable, %d OnDestroy; want none, 1, 1", g.Director().Scene(), probe.Disabled, probe.Destroy)
	}
}

// A Recorder created by RunHeadless's script at frame 0 (at the end of that
// frame) records from frame 1 as its frame 0: the file it writes reads back
// (it used to be refused, "no dt for frame 0"), and a Player created the
// same way replays it to the same state at every frame.
func TestRunHeadlessRecorderAtFrameZero(t *testing.T) {
	const frames = 60
	var rec *replay.Recorder
	var trail *replay.StateTrail
	moves := script()
	delete(moves, 50) // no quit: the run lasts its frames
	_, err := runHeadless(t, Config{Width: 320, Height: 240}, replayScene, frames, func(g *Game, f uint64) {
		if f == 0 {
			rec = replay.NewRecorder(g.Director(), g.Input())
			trail = replay.TrackState(g.Director()) // from frame 1 too
		}
		if m := moves[f]; m != nil {
			m(g.Input())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rec.Stop()
	var buf bytes.Buffer
	if _, err := r.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := replay.ReadRecording("frame0.rec", &buf)
	if err != nil {
		t.Fatalf("ReadRecording of a recording started at frame 0: %v", err)
	}
	if back.Frames != frames-1 || len(back.Events) == 0 {
		t.Fatalf("recorded %d frames and %d events, want %d frames and some events", back.Frames, len(back.Events), frames-1)
	}
	// The first key press was injected at the end of frame 3, so frame 4
	// dispatched it: the recording's frame 3.
	if e := back.Events[0]; e.Kind != replay.InputKeyDown || e.Key != platform.KeyRight || e.Frame != 3 {
		t.Fatalf("first event %+v, want the right key down at recording frame 3", e)
	}
	var p *replay.Player
	var again *replay.StateTrail
	_, err = runHeadless(t, Config{Width: 320, Height: 240}, replayScene, frames, func(g *Game, f uint64) {
		if f == 0 {
			var perr error
			if p, perr = replay.NewPlayer(back, g.Director(), g.Input()); perr != nil {
				t.Error(perr)
			}
			again = replay.TrackState(g.Director())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if p == nil || !p.Done() || p.Err() != nil {
		t.Fatalf("player: %v, done %v, err %v", p != nil, p != nil && p.Done(), p.Err())
	}
	if err := trail.Compare(again); err != nil {
		t.Fatal(err)
	}
	if len(trail.States) != frames-1 {
		t.Fatalf("%d states, want %d", len(trail.States), frames-1)
	}
}

// A Button whose Click listener panics, clicked through injected input,
// fails RunHeadless with an error naming the node path and the component,
// and the run ends at that frame.
func TestRunHeadlessButtonPanicFails(t *testing.T) {
	start := func(g *Game) (*scenegraph.Scene, error) {
		s, err := redSquareScene(g)
		menu := scenegraph.NewNode("Menu")
		s.AddChild(menu)
		quit := scenegraph.NewNode("Quit")
		quit.SetPositionXY(100, 100)
		menu.AddChild(quit)
		scenegraph.AddComponent(quit, ui.NewRect(40, 40))
		b := scenegraph.AddComponent(quit, ui.NewButton())
		b.Click.On(func(*ui.Button) { panic("no title scene") })
		return s, err
	}
	last := uint64(0)
	_, err := runHeadless(t, Config{Width: 320, Height: 240}, start, 30, func(g *Game, f uint64) {
		last = f
		switch f {
		case 3: // world (100, 100) is screen (100, 140): y down, 240 high
			g.Input().InjectMouseMove(100, 140)
			g.Input().InjectMouseButton(platform.MouseLeft, true, 100, 140)
		case 4:
			g.Input().InjectMouseButton(platform.MouseLeft, false, 100, 140)
		}
	})
	if err == nil {
		t.Fatal("RunHeadless returned no error for a panicking click listener")
	}
	var p *scenegraph.CallbackPanic
	if !errors.As(err, &p) || p.Node != "Red/Menu/Quit" || p.Component != "*ui.Button" || p.Value != "no title scene" {
		t.Fatalf("error %v (%#v), want a *scenegraph.CallbackPanic for Red/Menu/Quit", err, p)
	}
	if !strings.Contains(err.Error(), "frame 5") || !strings.Contains(err.Error(), `node "Red/Menu/Quit"`) {
		t.Fatalf("error %q does not name frame 5 and the node path", err)
	}
	if last != 4 {
		t.Fatalf("the run went on to frame %d after the panic in frame 5", last)
	}
}

// panicky panics in its Update on the given frame.
type panicky struct {
	scenegraph.Component
	n, at int
}

func (p *panicky) Update(float64) {
	if p.n++; p.n == p.at {
		panic("boom in Update")
	}
}

// A component's panic fails RunHeadless too (it is fatal even when the
// Config does not ask for it), naming the node and the callback.
func TestRunHeadlessComponentPanicFails(t *testing.T) {
	start := func(g *Game) (*scenegraph.Scene, error) {
		s, err := redSquareScene(g)
		scenegraph.AddComponent(s.Find("Square"), &panicky{at: 3})
		return s, err
	}
	g, err := runHeadless(t, Config{Width: 320, Height: 240, PanicFatal: false}, start, 10, nil)
	var p *scenegraph.CallbackPanic
	if !errors.As(err, &p) || p.Node != "Red/Square" || p.Callback != "Update" || p.Component != "*tact.panicky" {
		t.Fatalf("error %v, want a *scenegraph.CallbackPanic for Square's Update", err)
	}
	if g.Frames() != 2 || g.Director().Scene() == nil {
		t.Fatalf("%d frames ran, scene %v; want 2 and the scene kept", g.Frames(), g.Director().Scene())
	}
}

// A panic in the script itself fails the run as well, with its value.
func TestRunHeadlessScriptPanicFails(t *testing.T) {
	_, err := runHeadless(t, Config{Width: 320, Height: 240}, redSquareScene, 10, func(g *Game, f uint64) {
		if f == 2 {
			panic("script broke")
		}
	})
	if err == nil || !strings.Contains(err.Error(), "script broke") || !strings.Contains(err.Error(), "frame 2") {
		t.Fatalf("error %v, want the script's panic at frame 2", err)
	}
}

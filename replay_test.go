package tact

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/replay"
	"github.com/tact-engine/tact/scenegraph"
)

// The small deterministic game the replay tests run: a hero steered by the
// arrow keys in FixedUpdate, bullets fired at the mouse on clicks (spawned
// in Update, aged by a timer, destroyed when old), Space to spin.
type hero struct {
	scenegraph.Component
	in    *platform.Input
	Vel   mgl32.Vec2
	Shots int
	Spin  float32
	Ticks int
	Zoom  float32 // the wheel's sum
	Typed string  // the text typed
}

func (h *hero) Start() { h.Schedule(func(float64) { h.Ticks++ }, 0.1, -1, 0) }

func (h *hero) FixedUpdate(step float64) {
	var ax float32
	if h.in.Down(platform.KeyRight) {
		ax++
	}
	if h.in.Down(platform.KeyLeft) {
		ax--
	}
	h.Vel[0] = h.Vel[0]*0.9 + ax*float32(step)*100
	p := h.Node().Position()
	h.Node().SetPositionXY(p[0]+h.Vel[0]*float32(step), p[1])
}

func (h *hero) Update(dt float64) {
	_, wy := h.in.Wheel()
	h.Zoom += wy
	h.Typed += h.in.Text()
	if h.in.JustPressed(platform.KeySpace) {
		h.Spin += 15
		h.Node().SetAngle(h.Spin)
	}
	if h.in.MouseJustPressed(platform.MouseLeft) {
		x, y := h.in.MousePosition()
		b := scenegraph.NewNode("Bullet")
		b.SetPositionXY(x, y)
		h.Node().Parent().AddChild(b)
		scenegraph.AddComponent(b, &bullet{Dir: mgl32.Vec2{x, y}.Sub(h.Node().Position().Vec2()).Normalize()})
		h.Shots++
	}
}

type bullet struct {
	scenegraph.Component
	Dir mgl32.Vec2
	Age float64
}

func (b *bullet) Update(dt float64) {
	b.Age += dt
	p := b.Node().Position()
	b.Node().SetPositionXY(p[0]+b.Dir[0]*float32(dt)*300, p[1]+b.Dir[1]*float32(dt)*300)
	if b.Age > 0.4 {
		b.Node().Destroy()
	}
}

func replayScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Arena")
	h := scenegraph.NewNode("Hero")
	h.SetPositionXY(160, 120)
	s.AddChild(h)
	scenegraph.AddComponent(h, &hero{in: g.Input()})
	return s, nil
}

// scripted is a person at the keyboard: what to inject before each frame.
type scripted map[uint64]func(in *platform.Input)

func script() scripted {
	return scripted{
		3:  func(in *platform.Input) { in.InjectKey(platform.KeyRight, true) },
		10: func(in *platform.Input) { in.InjectMouseMove(200, 50) },
		12: func(in *platform.Input) { in.InjectMouseButton(platform.MouseLeft, true, 200, 50) },
		14: func(in *platform.Input) { in.InjectMouseButton(platform.MouseLeft, false, 200, 50) },
		15: func(in *platform.Input) { in.InjectWheel(0, 1.5) },
		16: func(in *platform.Input) { in.InjectText("go west, \"hero\"") },
		20: func(in *platform.Input) {
			in.InjectKey(platform.KeyRight, false)
			in.InjectKey(platform.KeySpace, true)
		},
		21: func(in *platform.Input) { in.InjectKey(platform.KeySpace, false); in.InjectKey(platform.KeyLeft, true) },
		30: func(in *platform.Input) {
			in.InjectMouseMove(10, 300)
			in.InjectMouseButton(platform.MouseLeft, true, 10, 300)
		},
		31: func(in *platform.Input) { in.InjectMouseButton(platform.MouseLeft, false, 10, 300) },
		45: func(in *platform.Input) { in.InjectKey(platform.KeyLeft, false) },
		50: func(in *platform.Input) { in.InjectQuit() },
	}
}

const replayFrames = 80

// recordRun runs the game under the script, recording its input and its
// state at every frame (scriptedRun with no nudge).
func recordRun(t *testing.T) (*replay.Recording, *replay.StateTrail) {
	t.Helper()
	return scriptedRun(t, -1)
}

// replayRun runs the game again, driven only by rec.
func replayRun(t *testing.T, rec *replay.Recording) *replay.StateTrail {
	t.Helper()
	return replayRunWith(t, rec, replayScene)
}

// replayRunWith runs start again, driven only by rec, to the recording's
// end, capturing its state at every frame.
func replayRunWith(t *testing.T, rec *replay.Recording, start StartFunc) *replay.StateTrail {
	t.Helper()
	dt, ok := rec.ConstantDT()
	if !ok {
		t.Fatalf("recording has varying dt: %v", rec.DTs)
	}
	g := NewGame(Config{NoGraphics: true, FixedDT: dt, MaxFrames: rec.Frames, PanicFatal: true})
	var trail *replay.StateTrail
	var p *replay.Player
	g.GameInited.On(func(g *Game) {
		var err error
		if p, err = replay.NewPlayer(rec, g.Director(), g.Input()); err != nil {
			t.Error(err)
		}
		trail = replay.TrackState(g.Director())
	})
	runGame(t, g, start)
	if p == nil {
		t.FailNow()
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	if !p.Done() {
		t.Fatal("the player did not reach the recording's end")
	}
	return trail
}

// A recorded run, written and read back, replays to the identical state at
// every frame; the recording's quit (frame 50) ends the replay too.
func TestReplayReachesTheSameStateEveryFrame(t *testing.T) {
	rec, want := recordRun(t)
	if rec.Frames != 51 || len(want.States) != 51 {
		t.Fatalf("recorded %d frames, %d states; the quit at frame 50 should end the run after 51", rec.Frames, len(want.States))
	}
	// The run did something: the hero moved, bullets came and went.
	distinct := map[uint64]bool{}
	maxNodes := 0
	for _, st := range want.States {
		distinct[st.Hash] = true
		maxNodes = max(maxNodes, len(st.Nodes))
	}
	if len(distinct) < 40 || maxNodes < 3 {
		t.Fatalf("the scripted run barely changed: %d distinct states, at most %d nodes", len(distinct), maxNodes)
	}
	var file bytes.Buffer
	if _, err := rec.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	back, err := replay.ReadRecording("run.rec", bytes.NewReader(file.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, file.String())
	}
	if !reflect.DeepEqual(back, rec) {
		t.Fatalf("recording changed through its file:\n%+v\n%+v", rec, back)
	}
	got := replayRun(t, back)
	if err := want.Compare(got); err != nil {
		t.Fatal(err)
	}
}

// A changed input is caught at the frame it changes, naming the node.
func TestReplayDetectsChangedInput(t *testing.T) {
	rec, want := recordRun(t)
	cases := []struct {
		name   string
		change func(r *replay.Recording)
		frame  uint64
		node   string
	}{
		{"click a frame late", func(r *replay.Recording) { moveEvent(t, r, replay.InputMouseDown, 30, 31) }, 30, "Arena"},
		{"left instead of right", func(r *replay.Recording) {
			for i := range r.Events {
				if r.Events[i].Kind == replay.InputKeyDown && r.Events[i].Key == platform.KeyRight {
					r.Events[i].Key = platform.KeyLeft
				}
			}
		}, 3, "Arena/Hero[0]"},
		{"space pressed earlier", func(r *replay.Recording) { moveEvent(t, r, replay.InputKeyDown, 20, 15) }, 15, "Arena/Hero[0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			changed := cloneRecording(rec)
			c.change(changed)
			err := want.Compare(replayRun(t, changed))
			var m *replay.ReplayMismatch
			if !errors.As(err, &m) {
				t.Fatalf("Compare = %v, want a mismatch", err)
			}
			if m.Frame != c.frame || !strings.Contains(m.Detail, `"`+c.node) {
				t.Fatalf("mismatch %v; want frame %d at node %s", err, c.frame, c.node)
			}
		})
	}
}

// moveEvent moves the first event of kind at frame from to frame to,
// keeping the events in frame order.
func moveEvent(t *testing.T, r *replay.Recording, kind replay.InputKind, from, to uint64) {
	for i, e := range r.Events {
		if e.Kind == kind && e.Frame == from {
			e.Frame = to
			r.Events = append(r.Events[:i], r.Events[i+1:]...)
			j := 0
			for j < len(r.Events) && r.Events[j].Frame <= to {
				j++
			}
			r.Events = append(r.Events[:j], append([]replay.InputEvent{e}, r.Events[j:]...)...)
			return
		}
	}
	t.Fatalf("no %v event at frame %d", kind, from)
}

func cloneRecording(r *replay.Recording) *replay.Recording {
	c := *r
	c.Events = append([]replay.InputEvent(nil), r.Events...)
	c.DTs = append([]replay.DTChange(nil), r.DTs...)
	return &c
}

// A frame replayed with another dt is reported.
func TestReplayReportsADifferentDT(t *testing.T) {
	rec, _ := recordRun(t)
	g := NewGame(Config{NoGraphics: true, FixedDT: 1.0 / 30, MaxFrames: 5, PanicFatal: true})
	var p *replay.Player
	g.GameInited.On(func(g *Game) { p, _ = replay.NewPlayer(rec, g.Director(), g.Input()) })
	runGame(t, g, replayScene)
	if err := p.Err(); err == nil || !strings.Contains(err.Error(), "frame 0") {
		t.Fatalf("Err = %v, want frame 0's dt reported", err)
	}
}

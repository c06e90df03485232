package runtime

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
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
// state at every frame.
func recordRun(t *testing.T) (*Recording, *StateTrail) {
	t.Helper()
	g := NewGame(Config{NoGraphics: true, FixedDT: 1.0 / 60, MaxFrames: replayFrames, PanicFatal: true})
	var rec *Recorder
	var trail *StateTrail
	s := script()
	g.GameInited.On(func(g *Game) {
		rec = NewRecorder(g.Director(), g.Input())
		trail = TrackState(g.Director())
		g.Director().BeginFrame.On(func(d *Director) {
			if f := s[d.TotalFrames()]; f != nil {
				f(g.Input())
			}
		})
	})
	runGame(t, g, replayScene)
	return rec.Stop(), trail
}

// replayRun runs the game again, driven only by rec.
func replayRun(t *testing.T, rec *Recording) *StateTrail {
	t.Helper()
	dt, ok := rec.ConstantDT()
	if !ok {
		t.Fatalf("recording has varying dt: %v", rec.DTs)
	}
	g := NewGame(Config{NoGraphics: true, FixedDT: dt, MaxFrames: rec.Frames, PanicFatal: true})
	var trail *StateTrail
	var p *Player
	g.GameInited.On(func(g *Game) {
		var err error
		if p, err = NewPlayer(rec, g.Director(), g.Input()); err != nil {
			t.Error(err)
		}
		trail = TrackState(g.Director())
	})
	runGame(t, g, replayScene)
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
	back, err := ReadRecording("run.rec", bytes.NewReader(file.Bytes()))
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
		change func(r *Recording)
		frame  uint64
		node   string
	}{
		{"click a frame late", func(r *Recording) { moveEvent(t, r, InputMouseDown, 30, 31) }, 30, "Arena"},
		{"left instead of right", func(r *Recording) {
			for i := range r.Events {
				if r.Events[i].Kind == InputKeyDown && r.Events[i].Key == platform.KeyRight {
					r.Events[i].Key = platform.KeyLeft
				}
			}
		}, 3, "Arena/Hero[0]"},
		{"space pressed earlier", func(r *Recording) { moveEvent(t, r, InputKeyDown, 20, 15) }, 15, "Arena/Hero[0]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			changed := cloneRecording(rec)
			c.change(changed)
			err := want.Compare(replayRun(t, changed))
			var m *ReplayMismatch
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
func moveEvent(t *testing.T, r *Recording, kind InputKind, from, to uint64) {
	for i, e := range r.Events {
		if e.Kind == kind && e.Frame == from {
			e.Frame = to
			r.Events = append(r.Events[:i], r.Events[i+1:]...)
			j := 0
			for j < len(r.Events) && r.Events[j].Frame <= to {
				j++
			}
			r.Events = append(r.Events[:j], append([]InputEvent{e}, r.Events[j:]...)...)
			return
		}
	}
	t.Fatalf("no %v event at frame %d", kind, from)
}

func cloneRecording(r *Recording) *Recording {
	c := *r
	c.Events = append([]InputEvent(nil), r.Events...)
	c.DTs = append([]DTChange(nil), r.DTs...)
	return &c
}

// A frame replayed with another dt is reported.
func TestReplayReportsADifferentDT(t *testing.T) {
	rec, _ := recordRun(t)
	g := NewGame(Config{NoGraphics: true, FixedDT: 1.0 / 30, MaxFrames: 5, PanicFatal: true})
	var p *Player
	g.GameInited.On(func(g *Game) { p, _ = NewPlayer(rec, g.Director(), g.Input()) })
	runGame(t, g, replayScene)
	if err := p.Err(); err == nil || !strings.Contains(err.Error(), "frame 0") {
		t.Fatalf("Err = %v, want frame 0's dt reported", err)
	}
}

type hashProbe struct {
	scenegraph.Component
	F        float64
	Names    map[string]int
	Target   *scenegraph.Node
	Any      any
	Fn       func()
	private  int
	Children []mgl32.Vec3
}

// The state hash sees one ulp in an exported field, ignores unexported ones
// and map order, names pointed-to nodes by path, and is the same for equal
// scenes built twice.
func TestStateHash(t *testing.T) {
	build := func() (*scenegraph.Scene, *hashProbe) {
		s := scenegraph.NewScene("S")
		a := scenegraph.NewNode("A")
		s.AddChild(a)
		b := scenegraph.NewNode("B")
		a.AddChild(b)
		p := scenegraph.AddComponent(b, &hashProbe{F: 1.5, Names: map[string]int{"x": 1, "y": 2, "z": 3}, Target: a,
			Any: mgl32.Vec2{1, 2}, Children: []mgl32.Vec3{{1, 2, 3}}})
		return s, p
	}
	var h StateHasher
	s1, _ := build()
	s2, p2 := build()
	base := h.HashScene(s1)
	if h.HashScene(s2) != base || h.CaptureState(s1).Hash != base {
		t.Fatal("equal scenes hash differently")
	}
	p2.Names = map[string]int{"z": 3, "y": 2, "x": 1}
	if h.HashScene(s2) != base {
		t.Fatal("map order changes the hash")
	}
	p2.private = 7
	if h.HashScene(s2) != base {
		t.Fatal("an unexported field changes the hash")
	}
	checks := []struct {
		name   string
		change func()
		detail string
	}{
		{"one ulp", func() { p2.F = math.Nextafter(1.5, 2) }, `node "S/A[0]/B[0]": component 0 (*runtime.hashProbe) differs`},
		{"slice element", func() { p2.Children[0][2] = 3.0000002 }, `component 0`},
		{"interface value", func() { p2.Any = mgl32.Vec2{1, 3} }, `component 0`},
		{"pointed node", func() { p2.Target = s2.Root() }, `component 0`},
		{"position bits", func() { p2.Node().Parent().SetPositionXY(0, float32(math.Copysign(0, -1))) }, `node "S/A[0]": name, active flag, layer or transform differs`},
		{"extra node", func() { s2.AddChild(scenegraph.NewNode("C")) }, `node "S/C[1]" is extra`},
		{"disabled", func() { p2.SetEnabled(false) }, `component 0`},
	}
	for _, c := range checks {
		s2, p2 = build()
		c.change()
		if h.HashScene(s2) == base {
			t.Fatalf("%s: hash unchanged", c.name)
		}
		if d := h.CaptureState(s1).Diff(h.CaptureState(s2)); !strings.Contains(d, c.detail) {
			t.Fatalf("%s: Diff = %q, want %q", c.name, d, c.detail)
		}
	}
}

// Bad recordings give an error with the file, the line and the reason.
func TestReadRecordingErrors(t *testing.T) {
	head := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n0 dt 0.01\n"
	for _, c := range []struct{ in, want string }{
		{"", `"bad.rec" line 0: not a recording`},
		{"hello\n", `line 1: not a recording`},
		{"tact-recording 1\nfixed-step -1\n", `line 2: fixed-step "-1" is not a positive`},
		{"tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\n", `no frames line`},
		{head + "3 keydown 4 0 0\n2 keyup 4 0\n", `line 7: frame 2 comes after frame 3`},
		{head + "3 keydown 99999 0 0\n", `key 99999 out of range`},
		{head + "3 fly 1 2\n", `line 6: unknown event "fly"`},
		{head + "3 move 1\n", `move wants 2 values, has 1`},
		{head + "10 quit\n", `frame 10 is past the recording's 10 frames`},
		{head + "3 mousedown 1 2 3 x\n", `value "x": not a 32-bit integer`},
		{"tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n1 quit\n", `no dt for frame 0`},
	} {
		_, err := ReadRecording("bad.rec", strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"bad.rec"`) {
			t.Errorf("ReadRecording(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

// FuzzReadRecording: any input gives a recording or an error, never a
// panic, and a recording read survives a write and a read unchanged.
func FuzzReadRecording(f *testing.F) {
	f.Add("tact-recording 1\nfixed-step 0.016666666666666666\nmax-frame-time 0.25\nframes 4\n0 dt 0.016666666666666666\n1 keydown 79 0 0\n2 move 3 4\n2 mousedown 1 3 4 1\n3 dt 0.02\n3 quit\n")
	f.Add("tact-recording 1\n")
	f.Add("tact-recording 1\nfixed-step 0.1\nmax-frame-time 0.25\nframes 2\n0 dt 0.1\n1 wheel 0 1.5\n1 text \"go\\x20west\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		r, err := ReadRecording("fuzz", strings.NewReader(in))
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil && r.Frames > 0 {
			t.Fatalf("a recording read does not validate: %v", err)
		}
		var b bytes.Buffer
		if _, err := r.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecording("fuzz", &b)
		if err != nil {
			t.Fatalf("re-read: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(r, back) {
			t.Fatalf("round trip changed the recording:\n%+v\n%+v", r, back)
		}
	})
}

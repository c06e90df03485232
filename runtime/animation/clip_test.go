package animation

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// frame is the clip frame the tests sample at: a quarter second, exact in
// binary, so sampled values can be compared exactly.
const frame = 0.25

func key(t float64, v ...float32) Keyframe {
	var k Keyframe
	k.Time = t
	copy(k.Value[:], v)
	return k
}

// xClip moves the node's x from 0 to 100 over 1 s, linearly.
func xClip(name string, wrap WrapMode) *Clip {
	return &Clip{Name: name, Duration: 1, Wrap: wrap, Tracks: []Track{
		{Property: "position", Keys: []Keyframe{key(0, 0, 0, 0), key(1, 100, 0, 0)}},
	}}
}

// constClip holds x at v.
func constClip(name string, v float32) *Clip {
	return &Clip{Name: name, Duration: 1, Wrap: WrapLoop, Tracks: []Track{
		{Property: "position", Keys: []Keyframe{key(0, v, 0, 0)}},
	}}
}

func playerWorld(t *testing.T, clips ...*Clip) (*director.Director, *Player, *scenegraph.Node) {
	t.Helper()
	d, _, s := newWorld(t)
	n := addNode(s, "Hero")
	p := scenegraph.AddComponent(n, NewPlayer(clips...))
	return d, p, n
}

func x(n *scenegraph.Node) float32 { return n.Position()[0] }

// Each interpolation, sampled at frame boundaries (0.25 s) and halfway
// between them, against exact values.
func TestClipSamplingAtFrames(t *testing.T) {
	c := &Clip{Name: "all", Duration: 1, Tracks: []Track{
		{Property: "position", Interp: Linear, Keys: []Keyframe{key(0, 0, 10, 0), key(0.25, 100, 10, 0), key(0.5, 100, 30, 0), key(0.75, 300, 30, 0)}},
		{Property: "angle", Interp: Step, Keys: []Keyframe{key(0, 0), key(0.5, 90), key(0.75, 45)}},
		// Hermite with flat tangents is smoothstep: 3s²-2s³.
		{Property: "scale", Interp: Hermite, Keys: []Keyframe{key(0, 0, 0, 1), key(1, 1, 2, 1)}},
		// A symmetric Bézier passes through the middle at the middle.
		{Component: "Sprite", Property: "opacity", Interp: Bezier, Keys: []Keyframe{
			{Time: 0, Value: mgl32.Vec4{0}, Curve: mgl32.Vec4{0.25, 0.1, 0.75, 0.9}}, key(1, 200)}},
	}}
	d, p, n := playerWorld(t, c)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 8, 8))
	if err := p.Play("all"); err != nil {
		t.Fatal(err)
	}
	type want struct {
		pos   mgl32.Vec2
		angle float32
		sx    float64
		alpha uint8
	}
	smooth := func(s float64) float64 { return 3*s*s - 2*s*s*s }
	wants := []want{
		{mgl32.Vec2{50, 10}, 0, smooth(0.125), 0},   // 0.125
		{mgl32.Vec2{100, 10}, 0, smooth(0.25), 0},   // 0.25: on a key
		{mgl32.Vec2{100, 20}, 0, smooth(0.375), 0},  // 0.375
		{mgl32.Vec2{100, 30}, 90, smooth(0.5), 100}, // 0.5: the step changes on its key
		{mgl32.Vec2{200, 30}, 90, smooth(0.625), 0}, // 0.625
		{mgl32.Vec2{300, 30}, 45, smooth(0.75), 0},  // 0.75: last position key
		{mgl32.Vec2{300, 30}, 45, smooth(0.875), 0}, // 0.875: held
		{mgl32.Vec2{300, 30}, 45, smooth(1), 200},   // 1: the end
	}
	for i, w := range wants {
		d.Tick(frame / 2)
		at := float64(i+1) * frame / 2
		pos := n.Position()
		if pos[0] != w.pos[0] || pos[1] != w.pos[1] {
			t.Errorf("t=%v: position %v, want %v", at, pos, w.pos)
		}
		if a := n.Angle(); math.Abs(float64(a-w.angle)) > 1e-3 {
			t.Errorf("t=%v: angle %v, want %v", at, a, w.angle)
		}
		if sx := float64(n.Scale()[0]); math.Abs(sx-w.sx) > 1e-6 || math.Abs(float64(n.Scale()[1])-2*w.sx) > 1e-6 {
			t.Errorf("t=%v: scale %v, want x %v, y %v", at, n.Scale(), w.sx, 2*w.sx)
		}
		if w.alpha != 0 && sp.Color.A() != w.alpha {
			t.Errorf("t=%v: alpha %d, want %d", at, sp.Color.A(), w.alpha)
		}
	}
}

func TestBezierEase(t *testing.T) {
	for _, c := range []struct {
		curve mgl32.Vec4
		x, y  float64
	}{
		{mgl32.Vec4{0, 0, 1, 1}, 0.3, 0.3},           // straight
		{mgl32.Vec4{0.25, 0.1, 0.75, 0.9}, 0.5, 0.5}, // symmetric
		{mgl32.Vec4{0.42, 0, 1, 1}, 0.5, 0.3153},     // CSS ease-in at 50%
		{mgl32.Vec4{0.42, 0, 0.58, 1}, 0.25, 0.1291}, // CSS ease-in-out at 25%
		{mgl32.Vec4{0, 1, 0, 1}, 0, 0},
		{mgl32.Vec4{0, 1, 0, 1}, 1, 1},
	} {
		if got := bezierEase(c.curve, c.x); math.Abs(got-c.y) > 2e-4 {
			t.Errorf("curve %v at %v: %v, want %v", c.curve, c.x, got, c.y)
		}
	}
}

// Every wrap mode, sampled each quarter second over 2.25 s.
func TestClipWrapModes(t *testing.T) {
	for _, c := range []struct {
		wrap     WrapMode
		want     string
		finished int
	}{
		{WrapNormal, "25 50 75 100 100 100 100 100 100", 1},
		{WrapLoop, "25 50 75 0 25 50 75 0 25", 0},
		{WrapPingPong, "25 50 75 100 75 50 25 0 25", 0},
		{WrapReverse, "75 50 25 0 0 0 0 0 0", 1},
		{WrapClamp, "25 50 75 100 100 100 100 100 100", 0},
	} {
		d, p, n := playerWorld(t, xClip("x", c.wrap))
		finished := 0
		p.Finished.On(func(s *ClipState) { finished++ })
		p.Play("x")
		var got []string
		for range 9 {
			d.Tick(frame)
			got = append(got, fmt.Sprint(x(n)))
		}
		if g := strings.Join(got, " "); g != c.want || finished != c.finished {
			t.Errorf("%v: x %s (finished %d), want %s (finished %d)", c.wrap, g, finished, c.want, c.finished)
		}
		if once := c.wrap.once(); p.Playing() == once || p.Current().Playing() == once {
			t.Errorf("%v: playing %v after 2.25 s", c.wrap, p.Playing())
		}
	}
}

// eventLog is a component whose methods clip events call.
type eventLog struct {
	scenegraph.Component
	log []string
	d   *director.Director
}

func (e *eventLog) Step(foot string) {
	e.log = append(e.log, fmt.Sprintf("step(%s)@%d", foot, e.d.TotalFrames()))
}
func (e *eventLog) Land() { e.log = append(e.log, fmt.Sprintf("land@%d", e.d.TotalFrames())) }

// Events fire once each as playback passes them, in order, also when one
// frame passes several, and call the node's methods of their name.
func TestClipEvents(t *testing.T) {
	c := xClip("walk", WrapLoop)
	c.Events = []Event{{Time: 0, Name: "Step", Arg: "left"}, {Time: 0.5, Name: "Step", Arg: "right"}, {Time: 0.75, Name: "Land"}}
	d, p, n := playerWorld(t, c)
	el := scenegraph.AddComponent(n, &eventLog{d: d})
	var sig []string
	p.Event.On(func(e FiredEvent) { sig = append(sig, fmt.Sprintf("%s@%v", e.Event.Name, e.State.Time())) })
	p.Play("walk")
	d.Tick(frame) // frame 0: 0..0.25: step(left) at 0
	d.Tick(frame) // frame 1: 0.25..0.5: step(right) at 0.5 (the end is included)
	d.Tick(frame) // frame 2: 0.5..0.75: land
	d.Tick(1.5)   // frame 3: 0.75..2.25: left at 1, right, land, left at 2
	d.Tick(frame) // frame 4: 2.25..2.5: right
	want := "step(left)@0 step(right)@1 land@2 step(left)@3 step(right)@3 land@3 step(left)@3 step(right)@4"
	if got := strings.Join(el.log, " "); got != want {
		t.Errorf("methods called:\n got %s\nwant %s", got, want)
	}
	if len(sig) != 8 || sig[0] != "Step@0.25" || sig[3] != "Step@2.25" {
		t.Errorf("signal: %v", sig)
	}

	// Ping-pong: an event on a turning point fires once per turn.
	pp := xClip("pp", WrapPingPong)
	pp.Events = []Event{{Time: 0, Name: "Land"}, {Time: 1, Name: "Land"}}
	d2, p2, n2 := playerWorld(t, pp)
	el2 := scenegraph.AddComponent(n2, &eventLog{d: d2})
	p2.Play("pp")
	d2.Tick(2.5) // 0 (start), 1 (turn), 2 (turn)
	d2.Tick(0.5) // 3 (turn)
	if got := strings.Join(el2.log, " "); got != "land@0 land@0 land@0 land@1" {
		t.Errorf("ping-pong turns: %s", got)
	}
}

// CrossFade ramps the weights linearly; the blend follows them exactly.
func TestPlayerCrossFade(t *testing.T) {
	d, p, n := playerWorld(t, constClip("a", 100), constClip("b", 200))
	p.Play("a")
	d.Tick(frame)
	if x(n) != 100 {
		t.Fatalf("a: x %v", x(n))
	}
	if err := p.CrossFade("b", 1); err != nil {
		t.Fatal(err)
	}
	a, b := p.State("a"), p.State("b")
	for i, want := range []float32{125, 150, 175, 200} {
		d.Tick(frame)
		wb := float32(i+1) * frame
		if a.Weight != 1-wb && !(wb == 1 && a.Weight == 0) || b.Weight != wb || x(n) != want {
			t.Errorf("step %d: weights a %v b %v, x %v; want %v %v, %v", i, a.Weight, b.Weight, x(n), 1-wb, wb, want)
		}
	}
	if a.Playing() || !b.Playing() || p.Current() != b {
		t.Errorf("after the fade: a playing %v, b playing %v", a.Playing(), b.Playing())
	}
	// Manual blending by weight; weights under 1 in sum keep the rest as the
	// value before animation (x was 0 when the clips were bound).
	p.Stop()
	a.Play()
	b.Play()
	a.Weight, b.Weight = 0.5, 0.5
	d.Tick(frame)
	if x(n) != 150 {
		t.Errorf("a+b at 0.5 each: x %v, want 150", x(n))
	}
	b.Stop()
	a.Weight = 0.25
	d.Tick(frame)
	if x(n) != 25 {
		t.Errorf("a alone at 0.25: x %v, want 25", x(n))
	}
	if err := p.CrossFade("nope", 1); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown clip: %v", err)
	}
}

func TestPlayerPauseStopSeek(t *testing.T) {
	d, p, n := playerWorld(t, xClip("x", WrapNormal))
	p.Play("x")
	d.Tick(frame)
	p.Pause()
	d.Tick(frame)
	if x(n) != 25 || p.Current().Time() != frame {
		t.Errorf("paused: x %v t %v", x(n), p.Current().Time())
	}
	p.Resume()
	d.Tick(frame)
	if x(n) != 50 {
		t.Errorf("resumed: x %v", x(n))
	}
	p.Seek(0.75) // applies at once
	if x(n) != 75 || p.Current().LocalTime() != 0.75 {
		t.Errorf("seek: x %v", x(n))
	}
	p.Stop()
	d.Tick(frame)
	if x(n) != 75 || p.Playing() {
		t.Errorf("stopped: x %v, playing %v", x(n), p.Playing())
	}
}

// mover has state fields of each kind a track can drive.
type mover struct {
	scenegraph.Component
	Speed  float32
	Count  int
	On     bool
	Offset mgl32.Vec2
	Tint   render.Color
	Mode   string
	hidden float32
}

// Tracks reach components: a Sprite's frame and colour, a Label's text,
// node opacity, and any state field.
func TestTracksOnComponents(t *testing.T) {
	f1 := scenegraph.SpriteFrame{Texture: 5, UV: mgl32.Vec4{0, 0, 0.5, 1}, Size: mgl32.Vec2{16, 32}}
	c := &Clip{Name: "ui", Duration: 1, Tracks: []Track{
		{Path: "Icon", Component: "Sprite", Property: "frame", Keys: []Keyframe{{Time: 0, Frame: f1}, {Time: 0.5, Frame: scenegraph.SpriteFrame{UV: mgl32.Vec4{0.5, 0, 1, 1}}}}},
		{Path: "Icon", Component: "Sprite", Property: "color", Keys: []Keyframe{key(0, 0, 0, 0, 255), key(1, 200, 100, 40, 255)}},
		{Path: "Title", Component: "Label", Property: "text", Keys: []Keyframe{{Time: 0, Text: "Ready"}, {Time: 0.5, Text: "Go!"}}},
		{Path: "Title", Property: "opacity", Keys: []Keyframe{key(0, 0), key(1, 255)}},
		{Component: "mover", Property: "speed", Keys: []Keyframe{key(0, 0), key(1, 10)}},
		{Component: "mover", Property: "count", Keys: []Keyframe{key(0, 0), key(1, 10)}},
		{Component: "mover", Property: "on", Keys: []Keyframe{key(0, 0), key(0.5, 1)}},
		{Component: "mover", Property: "offset", Keys: []Keyframe{key(0, 0, 0), key(1, 4, 8)}},
		{Component: "mover", Property: "tint", Keys: []Keyframe{key(0, 0, 0, 0, 0), key(1, 100, 100, 100, 100)}},
		{Component: "mover", Property: "mode", Keys: []Keyframe{{Time: 0, Text: "a"}, {Time: 0.75, Text: "b"}}},
	}}
	d, p, n := playerWorld(t, c)
	icon, title := scenegraph.NewNode("Icon"), scenegraph.NewNode("Title")
	n.AddChild(icon)
	n.AddChild(title)
	sp := scenegraph.AddComponent(icon, scenegraph.NewSprite(0, 8, 8))
	lb := scenegraph.AddComponent(title, text.NewLabel("", 12, render.White))
	mv := scenegraph.AddComponent(n, &mover{})
	if err := p.Play("ui"); err != nil {
		t.Fatal(err)
	}
	d.Tick(frame)
	if sp.Texture != 5 || sp.Size != (mgl32.Vec2{16, 32}) || sp.UV != f1.UV || lb.Text != "Ready" || mv.On || mv.Mode != "a" {
		t.Errorf("t=0.25: sprite %v %v %v, label %q, on %v mode %q", sp.Texture, sp.Size, sp.UV, lb.Text, mv.On, mv.Mode)
	}
	if sp.Color != render.RGBA(50, 25, 10, 255) || title.Opacity() != 64 || mv.Speed != 2.5 || mv.Count != 3 || mv.Offset != (mgl32.Vec2{1, 2}) || mv.Tint != render.RGBA(25, 25, 25, 25) {
		t.Errorf("t=0.25: colour %v, opacity %d, speed %v, count %d, offset %v, tint %v", sp.Color, title.Opacity(), mv.Speed, mv.Count, mv.Offset, mv.Tint)
	}
	d.Tick(frame)
	// A UV-only frame keeps the texture and size of the one before.
	if sp.Texture != 5 || sp.Size != (mgl32.Vec2{16, 32}) || sp.UV != (mgl32.Vec4{0.5, 0, 1, 1}) || lb.Text != "Go!" || !mv.On {
		t.Errorf("t=0.5: sprite %v %v %v, label %q, on %v", sp.Texture, sp.Size, sp.UV, lb.Text, mv.On)
	}
}

// A track that does not bind is an error naming the clip and the track.
func TestBindErrors(t *testing.T) {
	for _, c := range []struct {
		track Track
		want  string
	}{
		{Track{Path: "Nope", Property: "position"}, `track 0 (Nope.position) under "World/Hero": no node "Nope"`},
		{Track{Component: "Sprite", Property: "color"}, "has no Sprite component"},
		{Track{Component: "mover", Property: "hidden"}, `mover has no state field "hidden"`},
		{Track{Property: "colour"}, `a node has no property "colour"`},
		{Track{Component: "mover", Property: "speed", width: 3}, `keys hold 3 values; property "speed" takes 1`},
	} {
		c.track.Keys = []Keyframe{key(0, 1, 2, 3)}
		clip := &Clip{Name: "bad", Duration: 1, Tracks: []Track{c.track}}
		_, p, n := playerWorld(t, clip)
		scenegraph.AddComponent(n, &mover{})
		err := p.Play("bad")
		if err == nil || !strings.Contains(err.Error(), `clip "bad"`) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming the clip and %q", c.track, err, c.want)
		}
		if p.Playing() {
			t.Error("a clip that does not bind must not play")
		}
	}
}

func TestClipValidate(t *testing.T) {
	for _, c := range []struct {
		clip *Clip
		want string
	}{
		{&Clip{Name: "a"}, "duration 0 is not positive"},
		{&Clip{Name: "b", Duration: 1, Tracks: []Track{{Property: "angle"}}}, "track 0 (angle): no keys"},
		{&Clip{Name: "c", Duration: 1, Tracks: []Track{{Property: "angle", Keys: []Keyframe{key(0.5), key(0.5)}}}}, "key 1 at 0.5 is not after key 0"},
		{&Clip{Name: "d", Duration: 1, Tracks: []Track{{Property: "angle", Keys: []Keyframe{key(2)}}}}, "outside the time line"},
		{&Clip{Name: "e", Duration: 1, Events: []Event{{Time: 0.5, Name: "x"}, {Time: 0.2, Name: "y"}}}, "before the event before it"},
		{&Clip{Name: "f", Duration: 1, Tracks: []Track{{Property: "angle", Keys: []Keyframe{key(0, float32(math.Inf(1)))}}}}, "not finite"},
	} {
		if err := c.clip.Validate(); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), fmt.Sprintf("%q", c.clip.Name)) {
			t.Errorf("clip %s: %v, want %q", c.clip.Name, err, c.want)
		}
	}
}

// orderProbe records, in LateUpdate, the x the Player applied this frame,
// and in Update the x left from the frame before.
type orderProbe struct {
	scenegraph.Component
	update, late []float32
}

func (o *orderProbe) Update(float64)     { o.update = append(o.update, x(o.Node())) }
func (o *orderProbe) LateUpdate(float64) { o.late = append(o.late, x(o.Node())) }

// The animation System samples after Update and before LateUpdate.
func TestSampledBeforeLateUpdate(t *testing.T) {
	d, p, n := playerWorld(t, xClip("x", WrapNormal))
	probe := scenegraph.AddComponent(n, &orderProbe{})
	p.Play("x")
	for range 3 {
		d.Tick(frame)
	}
	if fmt.Sprint(probe.update) != "[0 25 50]" || fmt.Sprint(probe.late) != "[25 50 75]" {
		t.Errorf("Update saw %v, LateUpdate %v; want [0 25 50] and [25 50 75]", probe.update, probe.late)
	}
}

// A reloaded clip is rebound at the next sample.
func TestClipReload(t *testing.T) {
	c := constClip("c", 10)
	d, p, n := playerWorld(t, c)
	p.Play("c")
	d.Tick(frame)
	next := &Clip{Name: "c", Duration: 1, Wrap: WrapLoop, Tracks: []Track{{Property: "position", Keys: []Keyframe{key(0, 0, 40, 0)}}, {Property: "angle", Keys: []Keyframe{key(0, 30)}}}}
	if err := c.Reload(next); err != nil {
		t.Fatal(err)
	}
	d.Tick(frame)
	if n.Position()[1] != 40 || math.Abs(float64(n.Angle()-30)) > 1e-4 {
		t.Errorf("after reload: position %v angle %v", n.Position(), n.Angle())
	}
	if err := c.Reload(&Clip{Name: "c"}); err == nil {
		t.Error("an invalid reload must be an error")
	}
}

// Sampling players in steady state allocates nothing.
func TestPlayerSamplingAllocatesNothing(t *testing.T) {
	c := benchClip()
	c.Events = []Event{{Time: 0.5, Name: "Land"}}
	d, p, n := playerWorld(t, c, constClip("other", 5))
	scenegraph.AddComponent(n, scenegraph.NewSprite(0, 8, 8))
	lands := scenegraph.AddComponent(n, &landCounter{})
	p.Play("bench")
	p.State("other").Play()
	p.State("other").Weight = 0.5
	p.Event.On(func(FiredEvent) {})
	d.Tick(frame)
	sys := SystemOf(n)
	if allocs := testing.AllocsPerRun(200, func() { sys.Update(1.0 / 60) }); allocs != 0 {
		t.Errorf("%v allocations per sample", allocs)
	}
	if lands.n < 3 {
		t.Errorf("the event fired %d times in 200 frames of a 1 s loop", lands.n)
	}
}

type landCounter struct {
	scenegraph.Component
	n int
}

func (l *landCounter) Land() { l.n++ }

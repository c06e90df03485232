package animation

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// clip4 is a 4-frame clip at 10 fps of a 4×1 grid, with an event on frame 2.
func clip4(t *testing.T, name string, mode ClipMode) *AnimationClip {
	t.Helper()
	c, err := NewGridClip(name, 7, 64, 16, 16, 16, 0, 4, 10, mode)
	if err != nil {
		t.Fatal(err)
	}
	c.Events = []ClipEvent{{Frame: 2, Name: name + "-two"}}
	return c
}

func animated(t *testing.T, clips ...*AnimationClip) (*director.Director, *Animation, *scenegraph.Sprite) {
	d, _, s := newWorld(t)
	n := addNode(s, "Hero")
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 16, 16))
	a := scenegraph.AddComponent(n, NewAnimation(clips...))
	return d, a, sp
}

// frames ticks n times by dt and returns the frame shown after each tick.
func frames(d *director.Director, a *Animation, n int, dt float64) string {
	var out []string
	for range n {
		d.Tick(dt)
		out = append(out, fmt.Sprint(a.Frame()))
	}
	return strings.Join(out, "")
}

func TestAnimationLoopModes(t *testing.T) {
	for _, c := range []struct {
		mode ClipMode
		want string
	}{
		{ClipLoop, "1230123012"},
		{ClipPingPong, "1232101232"},
		{ClipOnce, "1233333333"},
	} {
		d, a, sp := animated(t, clip4(t, "walk", c.mode))
		finished := 0
		a.Finished.On(func(*Animation) { finished++ })
		if err := a.Play("walk"); err != nil {
			t.Fatal(err)
		}
		if sp.Texture != 7 || sp.UV != (mgl32.Vec4{0, 0, 0.25, 1}) {
			t.Fatalf("Play did not show frame 0: tex %v uv %v", sp.Texture, sp.UV)
		}
		// 60 Hz frames, 10 fps clip: a clip frame every 6 ticks; sample every 6.
		var got strings.Builder
		for range 10 {
			got.WriteString(frames(d, a, 6, 1.0/60)[5:])
		}
		if got.String() != c.want {
			t.Errorf("mode %d: frames %s, want %s", c.mode, got.String(), c.want)
		}
		if wantFin := map[bool]int{true: 1, false: 0}[c.mode == ClipOnce]; finished != wantFin || (c.mode == ClipOnce) == a.Playing() {
			t.Errorf("mode %d: finished %d times, playing=%v", c.mode, finished, a.Playing())
		}
		if c.mode == ClipOnce && sp.UV != (mgl32.Vec4{0.75, 0, 1, 1}) {
			t.Errorf("once: last frame UV %v", sp.UV)
		}
	}
}

// Events fire when their frame is entered, also for frames a long dt skips.
func TestAnimationEvents(t *testing.T) {
	d, a, _ := animated(t, clip4(t, "walk", ClipLoop))
	a.Clip("walk").Events = append(a.Clip("walk").Events, ClipEvent{Frame: 0, Name: "step"})
	var log []string
	a.Event.On(func(e AnimationEvent) { log = append(log, fmt.Sprintf("%s@%d", e.Name, d.TotalFrames())) })
	a.Play("walk")
	d.Tick(0.05) // frame 0 entered: "step"
	d.Tick(0.1)  // frame 1
	d.Tick(0.1)  // frame 2: "walk-two"
	d.Tick(0.45) // 3, 0 ("step"), 1, 2 ("walk-two"): skipped frames still fire
	want := "step@0 walk-two@2 step@3 walk-two@3"
	if got := strings.Join(log, " "); got != want {
		t.Fatalf("events %q, want %q", got, want)
	}
}

// CrossFade waits for the frame boundary, keeps the overshoot, and draws the
// old frame fading over the new clip for the blend time.
func TestAnimationCrossFade(t *testing.T) {
	idle := clip4(t, "idle", ClipLoop)
	run, err := NewGridClip("run", 9, 64, 16, 16, 16, 0, 4, 20, ClipLoop)
	if err != nil {
		t.Fatal(err)
	}
	d, a, sp := animated(t, idle, run)
	a.Play("idle")
	d.Tick(0.04)
	if err := a.CrossFade("run", 0.1); err != nil {
		t.Fatal(err)
	}
	d.Tick(0.04) // t=0.08: still inside idle's frame 0
	if a.Current() != idle || a.Fading() {
		t.Fatal("switched before the frame boundary")
	}
	d.Tick(0.04) // t=0.12: boundary at 0.10, 0.02 into run (frame 0 at 20 fps)
	if a.Current() != run || a.Frame() != 0 || sp.Texture != 9 || !a.Fading() {
		t.Fatalf("after the boundary: clip %s frame %d tex %v fading %v", a.Current().Name, a.Frame(), sp.Texture, a.Fading())
	}
	d.Tick(0.04) // 0.06 into run: frame 1
	if a.Frame() != 1 {
		t.Fatalf("overshoot lost: frame %d, want 1", a.Frame())
	}
	// The fade draws one extra sprite of the old texture until it ends.
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	a.Render(&scenegraph.View{Frame: f})
	items := f.Items()
	if len(items) != 1 || items[0].Texture != 7 {
		t.Fatalf("fade overlay: %d items %+v, want one of the idle texture", len(items), items)
	}
	// 0.06 s after the switch, 0.04 of the 0.1 s blend are left: alpha 0.4.
	if al := f.SpriteVertices()[0].Color.A(); al < 90 || al > 115 {
		t.Fatalf("fade alpha %d, want about 0.4×255", al)
	}
	d.Tick(0.1)
	if a.Fading() {
		t.Fatal("fade still on after the blend time")
	}
	if err := a.CrossFade("nope", 0); err == nil {
		t.Fatal("unknown clip must be an error")
	}
}

func TestAnimationClipErrors(t *testing.T) {
	if _, err := NewGridClip("big", 0, 32, 32, 64, 16, 0, 1, 10, ClipLoop); err == nil || !strings.Contains(err.Error(), `"big"`) {
		t.Fatalf("cell larger than the texture: %v", err)
	}
	if _, err := NewGridClip("many", 0, 32, 32, 16, 16, 2, 3, 10, ClipLoop); err == nil {
		t.Fatal("cells past the grid must be an error")
	}
	bad := &AnimationClip{Name: "zero", Frames: []mgl32.Vec4{{0, 0, 1, 1}}}
	_, a, _ := animated(t, bad)
	if err := a.Play("zero"); err == nil || !strings.Contains(err.Error(), "frame rate") {
		t.Fatalf("zero frame rate: %v", err)
	}
	if err := a.Play("missing"); err == nil {
		t.Fatal("missing clip must be an error")
	}
}

// An animation on a destroyed node leaves its system.
func TestAnimationStopsWithNode(t *testing.T) {
	d, a, _ := animated(t, clip4(t, "walk", ClipLoop))
	a.PlayOnLoad = true
	a.Play("walk")
	sys := SystemOf(a.Node())
	d.Tick(0.1)
	a.Node().Destroy()
	d.Tick(0.1)
	if sys.Len() != 0 {
		t.Fatalf("%d animations left after the node was destroyed", sys.Len())
	}
}

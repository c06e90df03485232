package transition

import (
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// sink records frames for the Director to draw into.
type sink struct{ f *render.Frame }

func (s *sink) Frame() *render.Frame { return s.f }
func (s *sink) Submit() error        { return nil }

func newDirector(t *testing.T) (*director.Director, *render.Frame, *scenegraph.Scene) {
	f := render.NewFrame()
	f.SetScreenSize(320, 240)
	d := director.New()
	d.SetFrameSink(&sink{f}, scenegraph.Extract)
	d.BeforeDraw.On(func(*director.Director) { f.Reset() })
	old := scenegraph.NewScene("Old")
	cam := scenegraph.NewNode("Camera")
	old.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	d.RunScene(old)
	return d, f, old
}

// The fade covers, switches at full cover, uncovers, and cleans up.
func TestFadeSwitchesAtFullCover(t *testing.T) {
	d, _, old := newDirector(t)
	next := scenegraph.NewScene("Next")
	tr := Fade(d, next, 1, render.RGBA(10, 20, 30, 255))
	covered, done := 0, 0
	tr.Covered.On(func(*Transition) {
		covered++
		if a := tr.sprite.Color.A(); a != 255 {
			t.Errorf("covered with alpha %d", a)
		}
	})
	tr.Done.On(func(*Transition) { done++ })
	d.Tick(0.25)
	if a := tr.sprite.Color.A(); a < 100 || a > 155 || d.Scene() != old {
		t.Fatalf("a quarter in: alpha %d, scene %v", a, d.Scene().Name())
	}
	d.Tick(0.25) // half: covered, switch at the end of this frame
	if covered != 1 || !tr.Switched() || d.Scene() != next {
		t.Fatalf("at half: covered %d, switched %v, scene %q", covered, tr.Switched(), d.Scene().Name())
	}
	d.Tick(0.25)
	if a := tr.sprite.Color.A(); a < 100 || a > 155 {
		t.Fatalf("three quarters: alpha %d", a)
	}
	d.Tick(0.25)
	d.Tick(0.1)
	if done != 1 || tr.Progress() != 1 {
		t.Fatalf("done %d, progress %v", done, tr.Progress())
	}
	if _, ok := director.Find[*Transition](d); ok {
		t.Fatal("the finished transition is still a system")
	}
}

// The slide's panel enters from its side, covers the screen exactly at the
// switch, and leaves by the opposite side.
func TestSlidePanelPath(t *testing.T) {
	d, _, _ := newDirector(t)
	tr := Slide(d, scenegraph.NewScene("Next"), 1, FromRight, render.White)
	var xs []float32
	for range 5 {
		d.Tick(0.2)
		xs = append(xs, tr.panel.Position()[0])
	}
	// Screen 320 wide: the panel's center goes from 160+320 toward 160,
	// is at 160 when covered, then toward 160-320.
	if !(xs[0] > 160 && xs[1] > 160 && xs[1] < xs[0]) {
		t.Fatalf("entering: %v", xs)
	}
	if xs[2] != 160 || xs[3] >= 160 {
		t.Fatalf("covering at the switch, then leaving left: %v", xs)
	}
	if w, h := tr.sprite.Size[0], tr.sprite.Size[1]; w != 320 || h != 240 {
		t.Fatalf("panel %vx%v, want the screen", w, h)
	}
}

// While running, the transition draws over the scene through its own camera.
func TestTransitionDraws(t *testing.T) {
	d, f, _ := newDirector(t)
	Fade(d, scenegraph.NewScene("Next"), 1, render.White)
	d.Tick(0.1)
	if n := len(f.Passes()); n != 2 {
		t.Fatalf("%d passes, want the scene's and the transition's", n)
	}
}

// A Fade started while the Director is paused (a pause menu's "Quit to
// title") runs at the frames' dt, switches and ends, instead of waiting at
// progress 0 for a Resume that the covered screen never lets come. The
// Director stays paused; the Covered listener is where a game resumes.
func TestFadeWhilePaused(t *testing.T) {
	d, _, old := newDirector(t)
	d.Tick(1.0 / 60)
	d.Pause()
	next := scenegraph.NewScene("Title")
	tr := Fade(d, next, 1, render.Black)
	done := 0
	tr.Done.On(func(*Transition) { done++ })
	d.Tick(0.25)
	if p := tr.Progress(); p != 0.25 {
		t.Fatalf("paused: progress %v after a 0.25 s frame, want 0.25", p)
	}
	if a := tr.sprite.Color.A(); a != 128 {
		t.Fatalf("paused, a quarter in: alpha %d, want 128", a)
	}
	d.Tick(0.25)
	if !tr.Switched() || d.Scene() != next || old.Root().ChildCount() != 0 {
		t.Fatalf("paused, at half: switched %v, scene %q", tr.Switched(), d.Scene().Name())
	}
	d.Tick(0.25)
	d.Tick(0.25)
	if done != 1 || tr.Progress() != 1 || !d.Paused() {
		t.Fatalf("paused: done %d, progress %v, paused %v", done, tr.Progress(), d.Paused())
	}
	if _, ok := director.Find[*Transition](d); ok {
		t.Fatal("the finished transition is still a system")
	}
}

// Pausing in the middle of a frame (after the systems ran) does not advance
// the transition twice in that frame; resuming goes on from where it was.
func TestFadePausedMidFrameAdvancesOnce(t *testing.T) {
	d, _, _ := newDirector(t)
	tr := Fade(d, scenegraph.NewScene("Next"), 1, render.Black)
	d.AfterUpdate.On(func(d *director.Director) {
		if d.TotalFrames() == 0 {
			d.Pause()
		}
	})
	d.Tick(0.125)
	if p := tr.Progress(); p != 0.125 {
		t.Fatalf("paused during frame 0: progress %v, want 0.125", p)
	}
	d.Tick(0.125) // paused: advanced before drawing
	d.Resume()
	d.Tick(0.125) // running: advanced by the system
	if p := tr.Progress(); p != 0.375 {
		t.Fatalf("progress %v after three frames of 0.125 s, want 0.375", p)
	}
}

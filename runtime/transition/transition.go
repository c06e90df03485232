package transition

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Direction is where a Slide's panel comes from.
type Direction uint8

// Slide directions: the panel enters from this side and leaves by the
// opposite one.
const (
	FromLeft Direction = iota
	FromRight
	FromTop
	FromBottom
)

// Priority is the system priority of a running transition: first in the
// frame, before the timers (200), so that a frame's drawing shows the
// transition's state for that frame.
const Priority = 1000

// overlayPriority puts the transition's camera over the game's cameras and
// under the stats overlay's.
const overlayPriority = 1 << 29

// Transition is one scene switch in progress. Its Done signal is emitted
// once, on the frame the transition ends (the new scene runs uncovered).
type Transition struct {
	// Covered is emitted when the screen is fully covered, just before the
	// switch to the new scene is requested.
	Covered core.Signal[*Transition]
	// Done is emitted when the new scene is fully shown.
	Done core.Signal[*Transition]

	d        *director.Director
	next     *scenegraph.Scene
	offDraw  func()
	ticked   uint64 // the frame whose system Update advanced t, plus 1
	seconds  float64
	t        float64
	slide    bool
	from     Direction
	switched bool
	done     bool

	scene  *scenegraph.Scene
	camera *scenegraph.Node
	panel  *scenegraph.Node
	sprite *scenegraph.Sprite
}

// Fade switches d to next through colour c in seconds: the screen fades to
// c during the first half, the switch happens (at the end of that frame, as
// RunScene does), and the new scene fades in during the second half. It
// runs whether or not d is paused (see Update).
func Fade(d *director.Director, next *scenegraph.Scene, seconds float64, c render.Color) *Transition {
	return start(d, next, seconds, c, false, 0)
}

// Slide switches d to next behind a panel of colour c that slides in from
// from during the first half of seconds, and out by the opposite side during
// the second.
func Slide(d *director.Director, next *scenegraph.Scene, seconds float64, from Direction, c render.Color) *Transition {
	return start(d, next, seconds, c, true, from)
}

func start(d *director.Director, next *scenegraph.Scene, seconds float64, c render.Color, slide bool, from Direction) *Transition {
	tr := &Transition{d: d, next: next, seconds: max(seconds, 1e-3), slide: slide, from: from}
	tr.scene = scenegraph.NewScene("Transition")
	tr.camera = scenegraph.NewNode("Camera")
	tr.scene.AddChild(tr.camera)
	cam := scenegraph.AddComponent(tr.camera, &scenegraph.Camera{Projection: scenegraph.Orthographic, Priority: overlayPriority})
	cam.Visibility = scenegraph.DefaultLayer
	tr.panel = scenegraph.NewNode("Panel")
	tr.scene.AddChild(tr.panel)
	tr.sprite = scenegraph.AddComponent(tr.panel, scenegraph.NewSprite(0, 1, 1))
	tr.sprite.Color = c
	tr.scene.Launch()
	tr.place()
	d.AddOverlay(tr.scene)
	d.AddSystem(tr, Priority)
	// A paused Director skips the systems, but a transition is not game
	// logic: a pause menu's "Quit to title" starts one while paused, and a
	// transition that waited for Resume would cover the screen for good.
	// Paused frames still draw, so the transition advances there instead.
	tr.offDraw = d.BeforeDraw.On(tr.beforeDraw)
	return tr
}

// beforeDraw advances the transition on a frame whose systems did not run
// (a paused Director); a frame that ran Update is not advanced twice.
func (tr *Transition) beforeDraw(d *director.Director) {
	if tr.ticked != d.TotalFrames()+1 {
		tr.advance(d.DeltaTime())
	}
}

// Progress returns how far the transition is, from 0 (started) to 1 (done).
func (tr *Transition) Progress() float64 { return min(tr.t/tr.seconds, 1) }

// Switched reports whether the switch to the new scene has been requested.
func (tr *Transition) Switched() bool { return tr.switched }

// Update advances the transition by dt; the Director calls it (a
// Transition is a director.System while it runs). While the Director is
// paused its systems do not run, and the transition advances just before
// the frame is drawn instead, by the frame's dt: a transition started or
// running while paused goes on at the same pace, switches scenes and ends
// (the Director stays paused: Resume it from Covered to let the new scene
// run).
func (tr *Transition) Update(dt float64) {
	tr.ticked = tr.d.TotalFrames() + 1
	tr.advance(dt)
}

func (tr *Transition) advance(dt float64) {
	if tr.done {
		return
	}
	tr.t += dt
	half := tr.seconds / 2
	if !tr.switched && tr.t >= half {
		tr.switched = true
		tr.show(1)
		tr.Covered.Emit(tr)
		tr.d.RunScene(tr.next)
		return
	}
	if tr.t >= tr.seconds && tr.switched {
		tr.finish()
		return
	}
	if !tr.switched {
		tr.show(tr.t / half) // covering: 0 → 1
	} else {
		tr.show(1 - (tr.t-half)/half) // uncovering: 1 → 0
	}
}

// PostUpdate does nothing.
func (tr *Transition) PostUpdate(float64) {}

// show draws the cover at amount k (0: none, 1: the whole screen).
func (tr *Transition) show(k float64) {
	k = min(max(k, 0), 1)
	tr.place()
	if !tr.slide {
		tr.sprite.Color = tr.sprite.Color.WithAlpha(uint8(k*255 + 0.5))
		return
	}
	w, h := tr.screen()
	if w == 0 {
		return
	}
	off := float32(1 - k) // the panel's distance from covering, in screens
	if tr.switched {
		off = -off // leaving by the opposite side
	}
	var x, y float32
	switch tr.from {
	case FromLeft:
		x = -off * w
	case FromRight:
		x = off * w
	case FromTop:
		y = off * h
	case FromBottom:
		y = -off * h
	}
	tr.panel.SetPositionXY(w/2+x, h/2+y)
}

// place fits the camera and the panel to the screen (world units are
// pixels, origin bottom-left), following window resizes.
func (tr *Transition) place() {
	w, h := tr.screen()
	if w == 0 {
		return // nothing is drawn without a sink: nothing to place
	}
	tr.camera.SetPosition(mgl32.Vec3{w / 2, h / 2, 0})
	tr.sprite.Size = mgl32.Vec2{w, h}
	if !tr.slide {
		tr.panel.SetPositionXY(w/2, h/2)
	}
}

// screen returns the size of the screen drawn to, or 0, 0 when nothing is
// drawn.
func (tr *Transition) screen() (w, h float32) {
	if sink := tr.d.FrameSink(); sink != nil {
		if fw, fh := sink.Frame().ScreenSize(); fw > 0 && fh > 0 {
			return float32(fw), float32(fh)
		}
	}
	return 0, 0
}

func (tr *Transition) finish() {
	tr.done = true
	tr.d.RemoveOverlay(tr.scene)
	tr.d.RemoveSystem(tr)
	tr.offDraw()
	tr.scene.Unload()
	tr.Done.Emit(tr)
}

// Package fixedstep is a sample about the fixed time step and
// interpolation.
//
// A body moves in FixedUpdate at 10 Hz (a deliberately slow step, so the
// effect is plain to see) while the screen is drawn at the frame rate. It is
// drawn twice:
//
//   - top row, raw: at the position of the last fixed step. It jumps 30
//     pixels every tenth of a second and stands still in between;
//   - bottom row, interpolated: between the last two fixed-step positions,
//     prev + (cur-prev)·alpha, where Director.Alpha() is how far the clock
//     is between the last step and the next. It glides, one step behind.
//
// Simulations (physics, networking) run on a fixed step so that they are
// stable and deterministic whatever the frame rate; interpolation is how
// their motion still looks smooth. F cycles the frame-rate cap
// (Game.SetFrameRate) to show that the simulation's speed does not change
// with it, only the smoothness of the raw row does.
package fixedstep

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the fixedstep sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "fixedstep",
	Description: "a body stepped at 10 Hz, drawn raw and interpolated with Director.Alpha (F cycles the frame cap)",
	Configure: func(cfg *tact.Config) {
		// The point of the sample: a fixed step far slower than the frame rate.
		cfg.FixedStep = Step
		if cfg.Title == "" {
			cfg.Title = "Tact - fixedstep"
		}
	},
	Start:  Start,
	Script: Script,
}

// Step is the fixed step: 10 Hz.
const Step = 0.1

// The body's motion: back and forth between MinX and MaxX at Speed px/s.
const (
	MinX, MaxX = 120, 740
	Speed      = 300
)

// Rows: the y of the raw and interpolated sprites.
const (
	RawY    = 400
	SmoothY = 220
)

// Colors of the two sprites, which the tests look for.
var (
	RawColor    = render.RGBA(240, 90, 70, 255)
	SmoothColor = render.RGBA(70, 200, 120, 255)
	Background  = render.RGBA(24, 26, 34, 255)
)

// FrameRates are the caps F cycles through.
var FrameRates = []float64{60, 30, 144, 15}

// Start builds the scene.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("FixedStep")
	w, h := float32(g.Config().Width), float32(g.Config().Height)

	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{w / 2, h / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))

	// Two tracks, so the motion reads against something.
	for _, y := range []float32{RawY, SmoothY} {
		n := scenegraph.NewNode("Track")
		n.SetPositionXY((MinX+MaxX)/2, y)
		s.AddChild(n)
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, MaxX-MinX+40, 2))
		sp.Color = render.RGBA(70, 74, 90, 255)
	}

	raw := addBox(s, "Raw", RawY, RawColor)
	smooth := addBox(s, "Interpolated", SmoothY, SmoothColor)

	body := scenegraph.NewNode("Body")
	s.AddChild(body)
	scenegraph.AddComponent(body, NewBody(g.Director(), raw, smooth))

	title := label(s, "Fixed step and interpolation", 20, h-36)
	title.FontSize = 26
	label(s, "raw: drawn at the last fixed step (10 Hz)", 20, RawY+60)
	label(s, "interpolated: prev + (cur - prev) * Director.Alpha()", 20, SmoothY+60)
	rate := label(s, "", 20, 80)
	hint := label(s, "F: cycle the frame-rate cap", 20, 50)
	hint.Color = render.RGBA(150, 155, 170, 255)
	scenegraph.AddComponent(body, &RateSwitcher{game: g, label: rate})
	return s, nil
}

func addBox(s *scenegraph.Scene, name string, y float32, c render.Color) *scenegraph.Node {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(MinX, y)
	s.AddChild(n)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 40, 40))
	sp.Color = c
	return n
}

// label adds a left-aligned label whose left edge and vertical middle are at
// (x, y).
func label(s *scenegraph.Scene, msg string, x, y float32) *text.Label {
	n := scenegraph.NewNode("Label")
	n.SetPositionXY(x, y)
	s.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel(msg, 20, render.RGBA(220, 222, 230, 255)))
	l.HAlign = text.AlignLeft
	l.Anchor = mgl32.Vec2{0, 0.5}
	return l
}

// Body is the simulated object. FixedUpdate advances it by exactly Step
// seconds, keeping the previous state for interpolation; LateUpdate places
// the two sprites.
type Body struct {
	scenegraph.Component

	// Prev and Cur are the x of the last two fixed steps.
	Prev, Cur float32

	dir      float32
	director *director.Director
	raw      *scenegraph.Node
	smooth   *scenegraph.Node
}

// NewBody returns a body that reads Alpha from d and places raw and smooth.
func NewBody(d *director.Director, raw, smooth *scenegraph.Node) *Body {
	return &Body{Prev: MinX, Cur: MinX, dir: 1, director: d, raw: raw, smooth: smooth}
}

// FixedUpdate is one simulation step of exactly dt = Step seconds: the same
// motion whatever the frame rate.
func (b *Body) FixedUpdate(dt float64) {
	b.Prev = b.Cur
	b.Cur += b.dir * Speed * float32(dt)
	if b.Cur >= MaxX {
		b.Cur, b.dir = MaxX, -1
	} else if b.Cur <= MinX {
		b.Cur, b.dir = MinX, 1
	}
}

// Interpolated returns the position to draw at now: Alpha is the fraction
// of a step that has elapsed since the last FixedUpdate.
func (b *Body) Interpolated() float32 {
	a := float32(b.director.Alpha())
	return b.Prev + (b.Cur-b.Prev)*a
}

// LateUpdate places the sprites. It runs every frame, after this frame's
// fixed steps (which run before Update), so Alpha is final for the frame.
func (b *Body) LateUpdate(float64) {
	b.raw.SetPositionXY(b.Cur, RawY)
	b.smooth.SetPositionXY(b.Interpolated(), SmoothY)
}

// RateSwitcher cycles the frame-rate cap on F and shows it.
type RateSwitcher struct {
	scenegraph.Component
	game  *tact.Game
	label *text.Label
	index int
}

// Start shows the initial cap.
func (r *RateSwitcher) Start() {
	for i, fps := range FrameRates {
		if fps == r.game.FrameRate() {
			r.index = i
		}
	}
	r.show()
}

// Update switches on F. Game.SetFrameRate takes effect from the next frame.
func (r *RateSwitcher) Update(float64) {
	if r.game.Input().JustPressed(platform.KeyF) {
		r.index = (r.index + 1) % len(FrameRates)
		r.game.SetFrameRate(FrameRates[r.index])
		r.show()
	}
}

func (r *RateSwitcher) show() {
	r.label.Text = fmt.Sprintf("frame-rate cap: %g fps, fixed step: %g Hz", r.game.FrameRate(), 1/Step)
	if r.game.Config().FixedDT > 0 {
		// Deterministic runs (tests, recordings) give every frame the same
		// dt and do not pace, so the cap has no visible effect there.
		r.label.Text += " (fixed dt: cap not applied)"
	}
}

// Script presses F once, a second in.
func Script(g *tact.Game, frame uint64) {
	switch frame {
	case 60:
		g.Input().InjectKey(platform.KeyF, true)
	case 61:
		g.Input().InjectKey(platform.KeyF, false)
	}
}

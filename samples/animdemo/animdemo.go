// Package animdemo is a sample of keyframe animation:
//
//   - a UI panel (top right) slides in along a Bézier curve while it fades
//     in, its progress bar grows on a Hermite curve and its title changes,
//     all from one clip file (panel.anim.json, read with
//     animation.ParseClip); at the clip's end an event starts a looping
//     pulse, cross-faded in;
//   - a 2D character (bottom left) driven by an animation state machine
//     (animation.Controller): idle, a 1D blend of walk and run by its
//     speed parameter, and a jump on a trigger that returns to idle when
//     its clip ends. The label under it shows the controller's state, read
//     at run time with Controller.Status.
package animdemo

import (
	_ "embed"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the animdemo sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "animdemo",
	Description: "keyframe clips (a UI panel from a clip file) and a state machine driving a 2D character",
	Configure: func(cfg *tact.Config) {
		cfg.Width, cfg.Height = Width, Height
		if cfg.Title == "" {
			cfg.Title = "Tact - animdemo"
		}
	},
	Start: Start,
}

// The window size the layout is made for.
const Width, Height = 800, 600

//go:embed panel.anim.json
var panelClip []byte

// Layout, in world units (y up).
const (
	GroundY         = 120 // the ground's top edge
	HeroX           = 160 // where the hero starts
	PanelX, PanelY  = 560, 420
	PanelW, PanelH  = 340, 170
	BarW            = 280
	JumpAt          = 3.0 // seconds: the driver pulls the jump trigger
	WalkFrom, RunAt = 1.0, 2.5
)

// Colors the tests look for.
var (
	Background = render.RGBA(24, 26, 36, 255)
	GroundCol  = render.RGBA(70, 80, 60, 255)
	PanelCol   = render.RGBA(40, 60, 110, 255)
	BarCol     = render.RGBA(240, 190, 60, 255)
	BodyCol    = render.RGBA(230, 110, 70, 255)
	LegCol     = render.RGBA(120, 70, 60, 255)
	TextCol    = render.RGBA(245, 245, 235, 255)
)

// Start builds the scene.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Animation")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{Width / 2, Height / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))

	box(s.Root(), "Ground", Width/2, GroundY/2, Width, GroundY, GroundCol)
	if err := buildPanel(s); err != nil {
		return nil, err
	}
	if err := buildHero(s); err != nil {
		return nil, err
	}
	return s, nil
}

func box(parent *scenegraph.Node, name string, x, y, w, h float32, c render.Color) (*scenegraph.Node, *scenegraph.Sprite) {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, w, h))
	sp.Color = c
	return n, sp
}

// PanelDirector plays the panel's clips: the slide-in from the clip file,
// then, at its PanelShown event, a looping pulse of the bar's colour.
type PanelDirector struct {
	scenegraph.Component
	// Shown is set by the PanelShown event.
	Shown bool
}

// PanelShown is called by the panel-in clip's event of that name.
func (p *PanelDirector) PanelShown() {
	p.Shown = true
	pl := scenegraph.GetComponent[*animation.Player](p.Node())
	if err := pl.CrossFade("pulse", 0.3); err != nil {
		scenegraph.LoggerOf(p.Node()).Printf("%v", err)
	}
}

func buildPanel(s *scenegraph.Scene) error {
	in, err := animation.ParseClip(panelClip, "panel.anim.json")
	if err != nil {
		return err
	}
	pulse := &animation.Clip{Name: "pulse", Duration: 1.2, Wrap: animation.WrapPingPong, Tracks: []animation.Track{
		{Path: "Panel/Bar", Component: "Sprite", Property: "color", Keys: []animation.Keyframe{
			{Time: 0, Value: colorVec(BarCol)}, {Time: 1.2, Value: mgl32.Vec4{255, 240, 150, 255}}}},
	}}
	// The Player sits on a holder node, so its clips' paths start at Panel.
	holder := scenegraph.NewNode("UI")
	s.AddChild(holder)
	panel, _ := box(holder, "Panel", PanelX, -140, PanelW, PanelH, PanelCol)
	panel.SetOpacity(0)
	bar, _ := box(panel, "Bar", -BarW/2, -40, BarW, 16, BarCol)
	scenegraph.GetComponent[*scenegraph.Sprite](bar).Anchor = mgl32.Vec2{0, 0.5}
	bar.SetPosition(mgl32.Vec3{-BarW / 2, -40, 0})
	bar.SetScale(mgl32.Vec3{0, 1, 1})
	title := scenegraph.NewNode("Title")
	title.SetPositionXY(0, 25)
	panel.AddChild(title)
	scenegraph.AddComponent(title, text.NewLabel("", 30, TextCol))

	p := animation.NewPlayer(in, pulse)
	p.PlayOnLoad = true
	scenegraph.AddComponent(holder, p)
	scenegraph.AddComponent(holder, &PanelDirector{})
	return nil
}

func colorVec(c render.Color) mgl32.Vec4 {
	return mgl32.Vec4{float32(c.R()), float32(c.G()), float32(c.B()), float32(c.A())}
}

// heroClips are the character's clips: tracks on its rig (Rig), body,
// and legs, keyed in Go.
func heroClips() (idle, walk, run, jump *animation.Clip) {
	v := func(x ...float32) mgl32.Vec4 { var r mgl32.Vec4; copy(r[:], x); return r }
	k := func(t float64, x ...float32) animation.Keyframe { return animation.Keyframe{Time: t, Value: v(x...)} }
	legs := func(d float64, swing float32) []animation.Track {
		return []animation.Track{
			{Path: "Rig/LegL", Property: "angle", Interp: animation.Hermite, Keys: []animation.Keyframe{k(0, swing), k(d/2, -swing), k(d, swing)}},
			{Path: "Rig/LegR", Property: "angle", Interp: animation.Hermite, Keys: []animation.Keyframe{k(0, -swing), k(d/2, swing), k(d, -swing)}},
		}
	}
	bob := func(d float64, h, lean float32) []animation.Track {
		return []animation.Track{
			{Path: "Rig", Property: "position", Keys: []animation.Keyframe{k(0, 0, 0), k(d/4, 0, h), k(d/2, 0, 0), k(3*d/4, 0, h), k(d, 0, 0)}},
			{Path: "Rig/Body", Property: "angle", Keys: []animation.Keyframe{k(0, lean)}},
		}
	}
	idle = &animation.Clip{Name: "idle", Duration: 1.6, Wrap: animation.WrapLoop, Tracks: append(legs(1.6, 0),
		animation.Track{Path: "Rig", Property: "position", Keys: []animation.Keyframe{k(0, 0, 0), k(0.8, 0, 4), k(1.6, 0, 0)}},
		animation.Track{Path: "Rig/Body", Property: "angle", Keys: []animation.Keyframe{k(0, 0)}})}
	walk = &animation.Clip{Name: "walk", Duration: 0.8, Wrap: animation.WrapLoop, Tracks: append(legs(0.8, 25), bob(0.8, 5, -4)...)}
	run = &animation.Clip{Name: "run", Duration: 0.5, Wrap: animation.WrapLoop, Tracks: append(legs(0.5, 50), bob(0.5, 10, -14)...)}
	jump = &animation.Clip{Name: "jump", Duration: 0.8, Tracks: []animation.Track{
		{Path: "Rig", Property: "position", Interp: animation.Bezier, Keys: []animation.Keyframe{
			{Time: 0, Value: v(0, 0), Curve: v(0.2, 0.6, 0.4, 1)}, {Time: 0.4, Value: v(0, 110), Curve: v(0.6, 0, 0.8, 0.4)}, k(0.8, 0, 0)}},
		{Path: "Rig/LegL", Property: "angle", Keys: []animation.Keyframe{k(0, 0), k(0.2, 40), k(0.6, 40), k(0.8, 0)}},
		{Path: "Rig/LegR", Property: "angle", Keys: []animation.Keyframe{k(0, 0), k(0.2, -40), k(0.6, -40), k(0.8, 0)}},
		{Path: "Rig/Body", Property: "angle", Keys: []animation.Keyframe{k(0, 0), k(0.4, 10), k(0.8, 0)}},
	}}
	return
}

// HeroGraph is the character's state machine.
func HeroGraph() *animation.Graph {
	idle, walk, run, jump := heroClips()
	return &animation.Graph{
		Params: []animation.Param{{Name: "speed"}, {Name: "jump", Kind: animation.ParamTrigger}},
		States: []animation.State{
			{Name: "idle", Clip: idle},
			{Name: "move", Blend: &animation.Blend1D{Param: "speed", Points: []animation.BlendPoint{{Threshold: 1, Clip: walk}, {Threshold: 3, Clip: run}}}},
			{Name: "jump", Clip: jump},
		},
		Transitions: []animation.Transition{
			{From: animation.AnyState, To: "jump", Conditions: []animation.Condition{{Param: "jump", Op: animation.IsTrue}}, Duration: 0.1},
			{From: "idle", To: "move", Conditions: []animation.Condition{{Param: "speed", Op: animation.Greater, Value: 0.1}}, Duration: 0.25},
			{From: "move", To: "idle", Conditions: []animation.Condition{{Param: "speed", Op: animation.Less, Value: 0.1}}, Duration: 0.25},
			{From: "jump", To: "idle", HasExitTime: true, ExitTime: 1, Duration: 0.2},
		},
	}
}

// HeroDriver plays the character as a game would: it sets the controller's
// speed from a script of time (idle, walk, speed up to a run), pulls the
// jump trigger at JumpAt, moves the hero by its speed, and shows the
// controller's state in the label under it.
type HeroDriver struct {
	scenegraph.Component
	// Time is the seconds since the start; Speed the speed now (0..3).
	Time, Speed float64
	// Entered lists the states the controller entered, in order.
	Entered []string

	ctl    *animation.Controller
	label  *text.Label
	jumped bool
	shown  string
}

// Start finds the controller and the label.
func (h *HeroDriver) Start() {
	h.ctl = scenegraph.GetComponent[*animation.Controller](h.Node())
	h.label = scenegraph.GetComponent[*text.Label](h.Node().Find("State"))
	h.ctl.Entered.On(func(s string) { h.Entered = append(h.Entered, s) })
}

// Update drives the parameters: they take effect in this frame's sample.
func (h *HeroDriver) Update(dt float64) {
	h.Time += dt
	switch t := h.Time; {
	case t < WalkFrom || t >= JumpAt:
		h.Speed = 0
	default:
		h.Speed = min(1+2*(t-WalkFrom)/(RunAt-WalkFrom), 3)
	}
	if h.Time >= JumpAt && !h.jumped {
		h.jumped = true
		h.ctl.SetTrigger("jump")
	}
	h.ctl.SetFloat("speed", h.Speed)
	p := h.Node().Position()
	p[0] += float32(h.Speed * 40 * dt)
	h.Node().SetPosition(p)
}

// LateUpdate shows the state the controller is in after this frame's
// sample (the System runs before LateUpdate).
func (h *HeroDriver) LateUpdate(float64) {
	st := h.ctl.Status()
	if st.State != h.shown {
		h.shown = st.State
		h.label.Text = fmt.Sprintf("state: %s", st.State)
	}
}

func buildHero(s *scenegraph.Scene) error {
	hero := scenegraph.NewNode("Hero")
	hero.SetPositionXY(HeroX, GroundY)
	s.AddChild(hero)
	rig := scenegraph.NewNode("Rig")
	hero.AddChild(rig)
	leg := func(name string, x float32) {
		_, sp := box(rig, name, x, 44, 12, 44, LegCol)
		sp.Anchor = mgl32.Vec2{0.5, 1} // swing from the hip
	}
	leg("LegL", -8)
	leg("LegR", 8)
	body, _ := box(rig, "Body", 0, 44, 36, 56, BodyCol)
	scenegraph.GetComponent[*scenegraph.Sprite](body).Anchor = mgl32.Vec2{0.5, 0}
	box(body, "Head", 0, 72, 28, 28, BodyCol)
	state := scenegraph.NewNode("State")
	state.SetPositionXY(0, -40)
	hero.AddChild(state)
	scenegraph.AddComponent(state, text.NewLabel("", 20, TextCol))

	ctl := scenegraph.AddComponent(hero, animation.NewController(HeroGraph()))
	scenegraph.AddComponent(hero, &HeroDriver{})
	return ctl.Bind()
}

// Package lifecycle is a sample that shows the component lifecycle as it
// happens: every callback of a few probe components is written to an
// on-screen log while keys change their state.
//
//	1  toggle the Subject node's active flag (all its probes, children too)
//	2  toggle probe A's enabled flag (only A)
//	3  add a probe on a new child node of Subject
//	4  destroy the newest added node
//
// Things to watch:
//   - OnLoad runs once per component, OnEnable/OnDisable alternate strictly:
//     disabling A and then deactivating Subject gives A no second OnDisable;
//   - Start runs once, just before the first Update;
//   - Destroy calls OnDisable at once and OnDestroy at the end of the frame
//     (the same frame number in the log);
//   - Update and LateUpdate run every frame; they are counted, not logged.
package lifecycle

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

// Sample is the lifecycle sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "lifecycle",
	Description: "a live log of component lifecycle callbacks; keys 1-4 toggle, add and destroy",
	Start:       Start,
	Script:      Script,
}

// ShownLines is how many log lines are on screen.
const ShownLines = 20

// Colors, which the tests look for.
var (
	Background = render.RGBA(20, 22, 30, 255)
	TextColor  = render.RGBA(225, 228, 235, 255)
	DimColor   = render.RGBA(140, 146, 165, 255)
)

// Layout of the log, in pixels from the bottom-left corner.
const (
	LogX, LogTop, LineHeight = 24, 466, 22
	// StatusX is the left edge of the call counters, right of the log.
	StatusX = 520
)

// Start builds the scene: a camera, the log view, the Subject node with
// probes A and B, and the key handler.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Lifecycle")
	w, h := float32(g.Config().Width), float32(g.Config().Height)

	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{w / 2, h / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))

	// The log view comes first in the tree, so its labels exist before any
	// probe reports.
	logNode := scenegraph.NewNode("Log")
	s.AddChild(logNode)
	addLabel(logNode, "Component lifecycle", 24, 24, h-30, TextColor)
	addLabel(logNode, "1: Subject active on/off   2: probe A enabled on/off   3: add a probe   4: destroy newest",
		14, 24, h-60, DimColor)
	log := scenegraph.AddComponent(logNode, NewLog(g.Director()))
	// The log and the counters use the monospaced font, so that their
	// columns line up.
	mono := text.DefaultMonoFont()
	header := addLabel(logNode, fmt.Sprintf("%5s  %-7s %s", "frame", "who", "what"), 16, LogX, LogTop+LineHeight+4, DimColor)
	header.Font = mono
	for i := 0; i < ShownLines; i++ {
		l := addLabel(logNode, "", 16, LogX, LogTop-float32(i)*LineHeight, TextColor)
		l.Font = mono
		log.lines = append(log.lines, l)
	}
	log.status = addLabel(logNode, "", 14, StatusX, LogTop+LineHeight+4+LineHeight/2, DimColor)
	log.status.Font = mono
	log.status.Anchor = mgl32.Vec2{0, 1} // top-left corner at the node

	// The subject: one node, two probes. A probe logs as soon as it is
	// added to an active node in a launched scene; this scene is not
	// launched yet, so their OnLoad and OnEnable run when the Director
	// launches it, in the staged order: every OnLoad, then every OnEnable.
	subject := scenegraph.NewNode("Subject")
	s.AddChild(subject)
	a := scenegraph.AddComponent(subject, NewProbe("A", log))
	scenegraph.AddComponent(subject, NewProbe("B", log))

	scenegraph.AddComponent(logNode, &Controller{input: g.Input(), log: log, subject: subject, probeA: a})
	return s, nil
}

func addLabel(parent *scenegraph.Node, msg string, size, x, y float32, c render.Color) *text.Label {
	n := scenegraph.NewNode("Label")
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel(msg, size, c))
	// Left-aligned lines, the left edge and vertical middle of the text
	// at the node (NewLabel centers both ways).
	l.HAlign = text.AlignLeft
	l.Anchor = mgl32.Vec2{0, 0.5}
	return l
}

// Log collects the probes' reports and shows the newest ShownLines of them,
// and each probe's counters.
type Log struct {
	scenegraph.Component

	director *director.Director
	history  []string
	lines    []*text.Label
	status   *text.Label
	probes   []*Probe
}

// NewLog returns a log that stamps lines with d's frame number.
func NewLog(d *director.Director) *Log { return &Log{director: d} }

// ExecutionOrder puts the log after every probe (order 0), so its
// LateUpdate sees this frame's counts.
func (l *Log) ExecutionOrder() int { return 100 }

// History returns every line logged so far, oldest first.
func (l *Log) History() []string { return l.history }

// lineFormat formats a log line: the frame number, who, what happened.
const lineFormat = "%5d  %-7s %s"

// Add logs one callback of probe who.
func (l *Log) Add(who, what string) {
	l.history = append(l.history, fmt.Sprintf(lineFormat, l.director.TotalFrames(), who, what))
	l.refresh()
}

// refresh shows the newest lines, newest at the bottom, like a console.
func (l *Log) refresh() {
	if len(l.lines) == 0 {
		return
	}
	start := max(0, len(l.history)-len(l.lines))
	for i, lbl := range l.lines {
		lbl.Text = ""
		if start+i < len(l.history) {
			lbl.Text = l.history[start+i]
		}
	}
}

func (l *Log) register(p *Probe) { l.probes = append(l.probes, p) }

// LateUpdate shows the probes' Update and LateUpdate counts. Counting, not
// logging, every call: at 60 frames a second a log line per Update would
// bury everything else.
func (l *Log) LateUpdate(float64) {
	msg := fmt.Sprintf("%-7s %-9s %6s %5s", "probe", "state", "Update", "Late")
	for _, p := range l.probes {
		state := "off"
		if p.EnabledInHierarchy() {
			state = "on"
		}
		if !p.IsValid() {
			state = "destroyed"
		}
		msg += fmt.Sprintf("\n%-7s %-9s %6d %5d", p.name, state, p.Updates, p.LateUpdates)
	}
	// Only touch the label when the text changes: a Label lays out its
	// text again after every change.
	if l.status.Text != msg {
		l.status.Text = msg
	}
}

// Probe logs each lifecycle callback to its Log and counts Update and
// LateUpdate calls.
type Probe struct {
	scenegraph.Component

	// Updates and LateUpdates count the calls.
	Updates, LateUpdates int

	name string
	log  *Log
}

// NewProbe returns a probe called name that reports to log.
func NewProbe(name string, log *Log) *Probe {
	p := &Probe{name: name, log: log}
	log.register(p)
	return p
}

// OnLoad is the first callback, once, when the node first becomes active.
func (p *Probe) OnLoad() { p.log.Add(p.name, "OnLoad") }

// OnEnable runs on every activation: enabled, node active in hierarchy.
func (p *Probe) OnEnable() { p.log.Add(p.name, "OnEnable") }

// Start runs once, before the first Update.
func (p *Probe) Start() { p.log.Add(p.name, "Start") }

// Update is counted; the first call is logged.
func (p *Probe) Update(float64) {
	p.Updates++
	if p.Updates == 1 {
		p.log.Add(p.name, "Update #1 (then counted)")
	}
}

// LateUpdate is counted; the first call is logged.
func (p *Probe) LateUpdate(float64) {
	p.LateUpdates++
	if p.LateUpdates == 1 {
		p.log.Add(p.name, "LateUpdate #1 (then counted)")
	}
}

// OnDisable runs on every deactivation, and at once on Destroy.
func (p *Probe) OnDisable() { p.log.Add(p.name, "OnDisable") }

// OnDestroy runs once, in the deferred-destroy step at the end of the frame
// of the Destroy.
func (p *Probe) OnDestroy() { p.log.Add(p.name, "OnDestroy") }

// Controller turns key presses into lifecycle changes.
type Controller struct {
	scenegraph.Component

	input   *platform.Input
	log     *Log
	subject *scenegraph.Node
	probeA  *Probe
	added   []*scenegraph.Node
	count   int
}

// Update handles keys 1 to 4.
func (c *Controller) Update(float64) {
	in := c.input
	switch {
	case in.JustPressed(platform.Key1):
		on := !c.subject.Active()
		c.log.Add("key 1", fmt.Sprintf("Subject.SetActive(%v)", on))
		c.subject.SetActive(on)
	case in.JustPressed(platform.Key2):
		on := !c.probeA.Enabled()
		c.log.Add("key 2", fmt.Sprintf("A.SetEnabled(%v)", on))
		c.probeA.SetEnabled(on)
	case in.JustPressed(platform.Key3):
		c.count++
		name := fmt.Sprintf("Extra%d", c.count)
		c.log.Add("key 3", "AddComponent on new node "+name)
		n := scenegraph.NewNode(name)
		// Added under Subject: if Subject is inactive, the probe waits
		// (no OnLoad) until Subject is activated.
		if err := c.subject.AddChild(n); err != nil {
			c.log.Add("key 3", err.Error())
			return
		}
		scenegraph.AddComponent(n, NewProbe(name, c.log))
		c.added = append(c.added, n)
	case in.JustPressed(platform.Key4):
		if len(c.added) == 0 {
			c.log.Add("key 4", "nothing to destroy (press 3 first)")
			return
		}
		n := c.added[len(c.added)-1]
		c.added = c.added[:len(c.added)-1]
		c.log.Add("key 4", n.Name()+".Destroy()")
		n.Destroy()
	}
}

// Script presses each key once, in an order where every press logs
// something: 2 (A off), 3 (add Extra1), 4 (destroy Extra1), 1 (Subject off).
func Script(g *tact.Game, frame uint64) {
	keys := []platform.Key{platform.Key2, platform.Key3, platform.Key4, platform.Key1}
	for i, k := range keys {
		at := uint64(20 + 20*i)
		switch frame {
		case at:
			g.Input().InjectKey(k, true)
		case at + 1:
			g.Input().InjectKey(k, false)
		}
	}
}

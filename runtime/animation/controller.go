package animation

import (
	"errors"
	"fmt"
	"math"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/scenegraph"
)

// ParamKind is the type of a state machine parameter.
type ParamKind uint8

const (
	// ParamFloat is a number (SetFloat).
	ParamFloat ParamKind = iota
	// ParamBool is true or false (SetBool).
	ParamBool
	// ParamTrigger is set by SetTrigger and stays set until a transition
	// whose conditions it satisfied is taken (or ResetTrigger).
	ParamTrigger
)

// Param declares a parameter of a Graph.
type Param struct {
	// Name is what conditions, blends and the setters name.
	Name string
	// Kind is the parameter's type.
	Kind ParamKind
	// Default is the starting value (bools and triggers: non-zero is set).
	Default float64
}

// BlendPoint is one clip of a Blend1D, at a threshold of its parameter.
type BlendPoint struct {
	// Threshold is the parameter value at which this clip has all the
	// weight.
	Threshold float64
	// Clip is the clip.
	Clip *Clip
}

// Blend1D mixes clips by one float parameter (Cocos' AnimationBlend1D):
// at a value between two thresholds the two clips share the weight
// linearly; below the first or above the last, that clip has it all. The
// clips play in step: their normalized times stay equal, so a walk and a
// run blended keep their feet together.
type Blend1D struct {
	// Param names a ParamFloat of the graph.
	Param string
	// Points are the clips, in strictly increasing threshold order.
	Points []BlendPoint
}

// State is one state of a Graph: a clip, or a 1D blend of clips.
type State struct {
	// Name identifies the state in transitions and in Controller.Status.
	Name string
	// Clip is the state's clip (set Clip or Blend, not both).
	Clip *Clip
	// Blend is the state's blend of clips.
	Blend *Blend1D
	// Speed scales the state's playback (0 means 1).
	Speed float64
}

// Op is the test of a Condition.
type Op uint8

const (
	// Greater holds when a float parameter is more than Value.
	Greater Op = iota
	// Less holds when a float parameter is less than Value.
	Less
	// Equal holds when a float parameter equals Value.
	Equal
	// NotEqual holds when a float parameter differs from Value.
	NotEqual
	// IsTrue holds when a bool parameter is true, or a trigger is set.
	IsTrue
	// IsFalse holds when a bool parameter is false.
	IsFalse
)

// Condition is one test a Transition needs.
type Condition struct {
	// Param names the parameter tested.
	Param string
	// Op is the test.
	Op Op
	// Value is what Greater, Less, Equal and NotEqual compare with.
	Value float64
}

// AnyState is the From of a transition that may leave any state (except
// the one it leads to).
const AnyState = "*"

// Transition leads from one state to another when all its conditions hold
// and, with HasExitTime, once the state has played to its exit time; the
// two states then cross-fade over Duration seconds.
type Transition struct {
	// From and To name the states; From may be AnyState.
	From, To string
	// Conditions must all hold (none: only the exit time counts).
	Conditions []Condition
	// HasExitTime makes the transition wait until the From state's
	// normalized time (1 at the end of its first pass) reaches ExitTime;
	// after that it stays allowed. An ExitTime of 1 with no conditions is
	// "on clip end".
	HasExitTime bool
	ExitTime    float64
	// Duration is the cross-fade time in seconds (0: switch at once).
	Duration float64
}

// Graph is a state machine of clips (Cocos' animation graph, one layer):
// parameters, states and the transitions between them. It is data: one
// graph can drive many Controllers. Do not change it while one plays.
type Graph struct {
	// Params are the parameters conditions and blends read.
	Params []Param
	// States are the states; Entry names the first.
	States []State
	// Transitions are tried in order each frame; the first that is allowed
	// is taken. A transition under way finishes before another is taken.
	Transitions []Transition
	// Entry names the state the machine starts in ("" is the first).
	Entry string
}

func (g *Graph) param(name string) int {
	for i := range g.Params {
		if g.Params[i].Name == name {
			return i
		}
	}
	return -1
}

func (g *Graph) state(name string) int {
	for i := range g.States {
		if g.States[i].Name == name {
			return i
		}
	}
	return -1
}

// Validate reports what makes the graph unusable, naming the state,
// transition or parameter: no states, duplicate or unknown names, a state
// with no clip or with both a clip and a blend, blend points out of order,
// a condition whose test does not fit its parameter's kind, a transition
// that could fire every frame (no conditions and no exit time) or that
// leads to the state it leaves, invalid clips.
func (g *Graph) Validate() error {
	if g == nil {
		return errors.New("animation: nil graph")
	}
	if len(g.States) == 0 {
		return errors.New("animation: graph has no states")
	}
	for i, p := range g.Params {
		if p.Name == "" || g.param(p.Name) != i {
			return fmt.Errorf("animation: graph: parameter %d: empty or duplicate name %q", i, p.Name)
		}
		if p.Kind > ParamTrigger {
			return fmt.Errorf("animation: graph: parameter %q: unknown kind %d", p.Name, p.Kind)
		}
	}
	for i := range g.States {
		st := &g.States[i]
		if st.Name == "" || st.Name == AnyState || g.state(st.Name) != i {
			return fmt.Errorf("animation: graph: state %d: empty, reserved or duplicate name %q", i, st.Name)
		}
		if err := st.validate(g); err != nil {
			return fmt.Errorf("animation: graph: state %q: %w", st.Name, err)
		}
	}
	if g.Entry != "" && g.state(g.Entry) < 0 {
		return fmt.Errorf("animation: graph: entry state %q does not exist", g.Entry)
	}
	for i := range g.Transitions {
		tr := &g.Transitions[i]
		if err := tr.validate(g); err != nil {
			return fmt.Errorf("animation: graph: transition %d (%s -> %s): %w", i, tr.From, tr.To, err)
		}
	}
	return nil
}

func (st *State) validate(g *Graph) error {
	switch {
	case (st.Clip == nil) == (st.Blend == nil):
		return errors.New("set exactly one of Clip and Blend")
	case !(st.Speed >= 0) || math.IsInf(st.Speed, 0):
		return fmt.Errorf("speed %v is negative or not finite", st.Speed)
	case st.Clip != nil:
		return st.Clip.Validate()
	}
	b := st.Blend
	if p := g.param(b.Param); p < 0 || g.Params[p].Kind != ParamFloat {
		return fmt.Errorf("blend parameter %q is not a float parameter of the graph", b.Param)
	}
	if len(b.Points) == 0 {
		return errors.New("blend has no points")
	}
	for i, pt := range b.Points {
		if math.IsNaN(pt.Threshold) || i > 0 && !(pt.Threshold > b.Points[i-1].Threshold) {
			return fmt.Errorf("blend point %d: threshold %v is not after the one before", i, pt.Threshold)
		}
		if err := pt.Clip.Validate(); err != nil {
			return fmt.Errorf("blend point %d: %w", i, err)
		}
	}
	return nil
}

func (tr *Transition) validate(g *Graph) error {
	switch {
	case tr.From != AnyState && g.state(tr.From) < 0:
		return fmt.Errorf("no state %q", tr.From)
	case g.state(tr.To) < 0:
		return fmt.Errorf("no state %q", tr.To)
	case tr.From == tr.To:
		return errors.New("leads to the state it leaves")
	case len(tr.Conditions) == 0 && !tr.HasExitTime:
		return errors.New("no conditions and no exit time: it would be taken every frame")
	case !(tr.Duration >= 0) || math.IsInf(tr.Duration, 0):
		return fmt.Errorf("duration %v is negative or not finite", tr.Duration)
	case tr.HasExitTime && (!(tr.ExitTime >= 0) || math.IsInf(tr.ExitTime, 0)):
		return fmt.Errorf("exit time %v is negative or not finite", tr.ExitTime)
	}
	for i, c := range tr.Conditions {
		p := g.param(c.Param)
		if p < 0 {
			return fmt.Errorf("condition %d: no parameter %q", i, c.Param)
		}
		numeric := c.Op <= NotEqual
		if c.Op > IsFalse || numeric != (g.Params[p].Kind == ParamFloat) || c.Op == IsFalse && g.Params[p].Kind == ParamTrigger {
			return fmt.Errorf("condition %d: test %d does not fit %q, a %s parameter", i, c.Op, c.Param, [...]string{"float", "bool", "trigger"}[min(g.Params[p].Kind, 2)])
		}
	}
	return nil
}

// motion is a State as a Controller plays it.
type motion struct {
	def     *State
	clips   []*ClipState // one per clip (one, or one per blend point)
	weights []float32
	blend   int     // parameter index of the blend, -1 for a clip
	phase   float64 // normalized time, not wrapped
	time    float64 // seconds since entered
}

// ControllerStatus is what a Controller is doing, for inspectors and
// tests.
type ControllerStatus struct {
	// State is the current state (during a transition, the one it leaves).
	State string
	// Time is the seconds since State was entered; NormalizedTime is its
	// playback in durations of its clip (1 at the end of the first pass).
	Time, NormalizedTime float64
	// Next is the state a transition under way leads to ("" when none),
	// and Progress how far the cross-fade is, 0..1.
	Next     string
	Progress float64
}

// Controller runs a Graph on its node (Cocos' AnimationController): it
// plays the current state's clips, takes transitions when their
// conditions hold, and cross-fades between states. Games drive it with
// the parameter setters from their Update; the animation System then
// advances it, takes transitions and samples the pose, before any
// LateUpdate (see System).
//
// Each frame, in order: the states under way advance by dt; a transition
// under way that has run its Duration ends; otherwise the first allowed
// transition from the current state (or AnyState) is taken, consuming the
// triggers its conditions tested; then the pose is blended (during a
// transition the old state's weight falls linearly from 1 to 0 while the
// new state's rises) and applied.
type Controller struct {
	scenegraph.Component

	// Graph is the state machine.
	Graph *Graph
	// Event is emitted for each clip event the current states pass (of a
	// blend, only its heaviest clip's).
	Event core.Signal[FiredEvent]
	// Entered is emitted with the state's name when a transition starts
	// (or when the machine enters its Entry state).
	Entered core.Signal[string]

	mix     mixer
	params  []float64
	motions []motion
	cur     int
	next    int // -1 when no transition is under way
	trans   *Transition
	elapsed float64
	ready   bool
	broken  bool
	sys     *System
	slot    int
}

// NewController returns a Controller of g.
func NewController(g *Graph) *Controller { return &Controller{Graph: g, slot: -1, next: -1} }

func (c *Controller) index() *int { return &c.slot }

// Bind validates the graph and binds every clip's tracks to the
// properties under the node, creating the parameters at their defaults.
// The first update does it by itself (and logs an error, then stays
// still); call it to get the error, naming the state, clip and track.
func (c *Controller) Bind() error {
	if err := c.Graph.Validate(); err != nil {
		return err
	}
	c.mix = mixer{root: c.Node(), event: &c.Event}
	g := c.Graph
	c.params = make([]float64, len(g.Params))
	for i, p := range g.Params {
		c.params[i] = p.Default
	}
	c.motions = make([]motion, len(g.States))
	for i := range g.States {
		st := &g.States[i]
		m := &c.motions[i]
		m.def, m.blend = st, -1
		if st.Clip != nil {
			m.clips = []*ClipState{newClipState(st.Clip, &c.mix)}
		} else {
			m.blend = g.param(st.Blend.Param)
			for _, pt := range st.Blend.Points {
				m.clips = append(m.clips, newClipState(pt.Clip, &c.mix))
			}
		}
		m.weights = make([]float32, len(m.clips))
		for _, s := range m.clips {
			if err := c.mix.bind(s); err != nil {
				return fmt.Errorf("animation: graph state %q: %w", st.Name, err)
			}
		}
	}
	c.cur, c.next, c.trans, c.elapsed = max(g.state(g.Entry), 0), -1, nil, 0
	c.ready, c.broken = true, false
	c.enter(c.cur)
	return nil
}

func (c *Controller) paramIndex(op, name string, kind ParamKind) (int, error) {
	if c.Graph == nil {
		return -1, fmt.Errorf("animation: Controller.%s(%q) on %v: no graph", op, name, c.Node())
	}
	i := c.Graph.param(name)
	if i < 0 || c.Graph.Params[i].Kind != kind {
		return -1, fmt.Errorf("animation: Controller.%s(%q) on %v: the graph has no %s parameter of that name", op, name, c.Node(), [...]string{"float", "bool", "trigger"}[kind])
	}
	if c.params == nil {
		c.params = make([]float64, len(c.Graph.Params))
		for j, p := range c.Graph.Params {
			c.params[j] = p.Default
		}
	}
	return i, nil
}

// SetFloat sets a float parameter. An unknown name is an error.
func (c *Controller) SetFloat(name string, v float64) error {
	i, err := c.paramIndex("SetFloat", name, ParamFloat)
	if err == nil {
		c.params[i] = v
	}
	return err
}

// SetBool sets a bool parameter. An unknown name is an error.
func (c *Controller) SetBool(name string, v bool) error {
	i, err := c.paramIndex("SetBool", name, ParamBool)
	if err == nil {
		c.params[i] = b2f(v)
	}
	return err
}

// SetTrigger sets a trigger: it stays set until a transition that tests it
// is taken, or ResetTrigger.
func (c *Controller) SetTrigger(name string) error {
	i, err := c.paramIndex("SetTrigger", name, ParamTrigger)
	if err == nil {
		c.params[i] = 1
	}
	return err
}

// ResetTrigger clears a trigger.
func (c *Controller) ResetTrigger(name string) error {
	i, err := c.paramIndex("ResetTrigger", name, ParamTrigger)
	if err == nil {
		c.params[i] = 0
	}
	return err
}

// Param returns a parameter's value (bools and triggers as 0 or 1) and
// whether the graph has it.
func (c *Controller) Param(name string) (float64, bool) {
	if c.Graph == nil {
		return 0, false
	}
	i := c.Graph.param(name)
	if i < 0 {
		return 0, false
	}
	if c.params == nil {
		return c.Graph.Params[i].Default, true
	}
	return c.params[i], true
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Status returns the current state, its time, and the transition under
// way. Before the first update it is the zero value.
func (c *Controller) Status() ControllerStatus {
	if !c.ready {
		return ControllerStatus{}
	}
	m := &c.motions[c.cur]
	st := ControllerStatus{State: m.def.Name, Time: m.time, NormalizedTime: m.phase}
	if c.next >= 0 {
		st.Next = c.motions[c.next].def.Name
		st.Progress = c.progress()
	}
	return st
}

func (c *Controller) progress() float64 {
	if c.trans == nil || c.trans.Duration <= 0 {
		return 1
	}
	return min(c.elapsed/c.trans.Duration, 1)
}

// OnEnable joins the scene's animation System.
func (c *Controller) OnEnable() {
	if c.sys == nil {
		if c.sys = SystemOf(c.Node()); c.sys == nil {
			scenegraph.LoggerOf(c.Node()).Printf("animation: Controller on %q: its scene is run by no Director; it will not play", c.Node().Path())
			return
		}
	}
	c.sys.animators.add(c)
}

// OnDisable leaves the System: a disabled Controller holds its pose.
func (c *Controller) OnDisable() {
	if c.sys != nil {
		c.sys.animators.remove(c)
	}
}

// enter starts state i from its beginning: its clips join the blend.
func (c *Controller) enter(i int) {
	m := &c.motions[i]
	m.phase, m.time = 0, 0
	for _, s := range m.clips {
		s.time, s.fresh, s.done, s.paused = 0, true, false, false
		s.playing = true
		s.playGen++
		s.Weight = 0
		c.mix.add(s)
	}
	c.Entered.Emit(m.def.Name)
}

// leave takes state i's clips out of the blend.
func (c *Controller) leave(i int) {
	for _, s := range c.motions[i].clips {
		s.stop()
	}
}

// weigh sets the blend weights of motion m's clips from its parameter.
func (c *Controller) weigh(m *motion) {
	if m.blend < 0 {
		m.weights[0] = 1
		return
	}
	x := c.params[m.blend]
	pts := m.def.Blend.Points
	clear(m.weights)
	switch {
	case !(x > pts[0].Threshold): // NaN too
		m.weights[0] = 1
	case x >= pts[len(pts)-1].Threshold:
		m.weights[len(pts)-1] = 1
	default:
		for i := 1; i < len(pts); i++ {
			if x < pts[i].Threshold {
				k := (x - pts[i-1].Threshold) / (pts[i].Threshold - pts[i-1].Threshold)
				m.weights[i-1], m.weights[i] = float32(1-k), float32(k)
				break
			}
		}
	}
}

// advance moves motion m dt seconds on: its normalized time by dt over
// the weighted duration of its clips, each clip to that point of its own
// time line; only the heaviest clip fires events.
func (c *Controller) advance(m *motion, dt float64) {
	c.weigh(m)
	var dur float64
	heavy := 0
	for i, s := range m.clips {
		dur += float64(m.weights[i]) * s.clip.Duration / s.clip.speed()
		if m.weights[i] > m.weights[heavy] {
			heavy = i
		}
	}
	speed := m.def.Speed
	if speed == 0 {
		speed = 1
	}
	m.time += dt
	if dur > 0 {
		m.phase += dt * speed / dur
	}
	for i, s := range m.clips {
		s.moveTo(m.phase*s.clip.Duration, i == heavy)
	}
}

// allowed reports whether tr may be taken from motion m now.
func (c *Controller) allowed(tr *Transition, m *motion) bool {
	if tr.HasExitTime && m.phase < tr.ExitTime {
		return false
	}
	for _, cd := range tr.Conditions {
		v := c.params[c.Graph.param(cd.Param)]
		var ok bool
		switch cd.Op {
		case Greater:
			ok = v > cd.Value
		case Less:
			ok = v < cd.Value
		case Equal:
			ok = v == cd.Value
		case NotEqual:
			ok = v != cd.Value
		case IsTrue:
			ok = v != 0
		case IsFalse:
			ok = v == 0
		}
		if !ok {
			return false
		}
	}
	return true
}

func (c *Controller) step(dt float64) {
	if c.broken {
		return
	}
	if !c.ready {
		if err := c.Bind(); err != nil {
			c.broken = true
			scenegraph.LoggerOf(c.Node()).Printf("%v", err)
			return
		}
	}
	g := c.Graph
	c.advance(&c.motions[c.cur], dt)
	if c.next >= 0 {
		c.advance(&c.motions[c.next], dt)
		c.elapsed += dt
		if c.elapsed >= c.trans.Duration {
			c.leave(c.cur)
			c.cur, c.next, c.trans = c.next, -1, nil
		}
	} else {
		from := g.States[c.cur].Name
		for i := range g.Transitions {
			tr := &g.Transitions[i]
			if tr.From != from && (tr.From != AnyState || tr.To == from) || !c.allowed(tr, &c.motions[c.cur]) {
				continue
			}
			for _, cd := range tr.Conditions {
				if p := g.param(cd.Param); g.Params[p].Kind == ParamTrigger {
					c.params[p] = 0
				}
			}
			to := g.state(tr.To)
			c.enter(to)
			c.weigh(&c.motions[to])
			if tr.Duration > 0 {
				c.next, c.trans, c.elapsed = to, tr, 0
			} else {
				c.leave(c.cur)
				c.cur = to
			}
			break
		}
	}
	p := float32(0)
	if c.next >= 0 {
		p = float32(c.progress())
	}
	cm := &c.motions[c.cur]
	for i, s := range cm.clips {
		s.Weight = cm.weights[i] * (1 - p)
	}
	if c.next >= 0 {
		nm := &c.motions[c.next]
		for i, s := range nm.clips {
			s.Weight = nm.weights[i] * p
		}
	}
	c.mix.root = c.Node()
	c.mix.sample()
}

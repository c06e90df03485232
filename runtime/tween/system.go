package tween

import (
	"slices"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Priority is the priority of a Director's tween System (Cocos' MEDIUM):
// after the timers (200) and sprite animation, before physics.
const Priority = 100

// group is a System's entry for one target: its tweens in start order, as
// Cocos' ActionManager keeps a hash element per target.
type group struct {
	target *scenegraph.Node
	tweens []*Tween // nil holes where a tween left during a step
	paused bool     // PauseAllByTarget
}

// System runs started tweens every frame in its Update (at Priority, after
// the components' Update and the timers). It keeps them grouped by target,
// the targets in the order their first tween started, and allocates nothing
// while they run, restart or stop once the groups' slices have grown.
//
// The methods taking a target accept a nil System (SystemOf's answer for a
// node in no running scene), which has no tweens.
type System struct {
	groups   []*group
	byTarget map[*scenegraph.Node]*group
	free     []*group // emptied groups, for reuse
	scale    float64
}

// NewSystem returns an empty System with time scale 1, for tweens run
// without a Director (tools, tests); Install gives a Director its own.
func NewSystem() *System {
	return &System{byTarget: map[*scenegraph.Node]*group{}, scale: 1}
}

// SetTimeScale sets the factor on the time every tween of ts runs at, on top
// of each tween's own (Tween.SetTimeScale): 0.5 runs them at half speed, 0
// holds them. Negative values count as 0.
func (ts *System) SetTimeScale(scale float64) { ts.scale = max(scale, 0) }

// TimeScale returns ts's time scale (1 unless set).
func (ts *System) TimeScale() float64 { return ts.scale }

// Start runs t on ts from its target's next step; see Tween.Start. It does
// not need a scene, so it also runs tweens of setters only.
func (ts *System) Start(t *Tween) { ts.StartAt(t, 0) }

// StartAt runs t on ts, its first frame sampling it at offset seconds in;
// see Tween.StartAt.
func (ts *System) StartAt(t *Tween, offset float64) {
	t.root.setNode(t.target)
	if err := t.root.check(false); err != nil {
		scenegraph.LoggerOf(t.target).Printf("%s", t.errorf("Start: %v", err))
		return
	}
	if t.grp != nil {
		t.sys.unlist(t) // a restart goes to the end of its target's tweens, as in Cocos
	}
	t.root.reset()
	t.sys = ts
	t.state = tweenRunning
	t.first, t.startAt = true, max(offset, 0)
	t.gen++
	g := ts.byTarget[t.target]
	if g == nil {
		if n := len(ts.free); n > 0 {
			g = ts.free[n-1]
			ts.free = ts.free[:n-1]
		} else {
			g = &group{}
		}
		g.target, g.paused = t.target, false
		ts.byTarget[t.target] = g
		ts.groups = append(ts.groups, g)
	}
	g.tweens = append(g.tweens, t)
	t.grp = g
}

// unlist takes t out of its group, leaving a hole that the next compaction
// removes (a step may be walking the group).
func (ts *System) unlist(t *Tween) {
	g := t.grp
	if i := slices.Index(g.tweens, t); i >= 0 {
		g.tweens[i] = nil
	}
	t.grp = nil
}

// StopAll stops every tween of ts (Cocos' Tween.stopAll).
func (ts *System) StopAll() {
	if ts == nil {
		return
	}
	for _, g := range ts.groups {
		for _, t := range g.tweens {
			if t != nil {
				t.Stop()
			}
		}
	}
}

// StopAllByTarget stops every tween whose target is n. From a Call it stops
// the tween that made the call at once, if its target is n.
func (ts *System) StopAllByTarget(n *scenegraph.Node) {
	if g := ts.group(n); g != nil {
		for _, t := range g.tweens {
			if t != nil {
				t.Stop()
			}
		}
	}
}

// StopAllByTag stops every tween tagged tag (Tween.Tag) whose target is n,
// or of every target when n is nil.
func (ts *System) StopAllByTag(tag int, n *scenegraph.Node) {
	if ts == nil {
		return
	}
	for _, g := range ts.groups {
		if n != nil && g.target != n {
			continue
		}
		for _, t := range g.tweens {
			if t != nil && t.tag == tag {
				t.Stop()
			}
		}
	}
}

// PauseAllByTarget holds every tween of n, including those started on n
// while it is held, until ResumeAllByTarget; paused time does not count.
// It holds the target, not the tweens: their Paused stays false. A target
// with no tweens is not remembered (as in Cocos).
func (ts *System) PauseAllByTarget(n *scenegraph.Node) {
	if g := ts.group(n); g != nil {
		g.paused = true
	}
}

// ResumeAllByTarget undoes PauseAllByTarget.
func (ts *System) ResumeAllByTarget(n *scenegraph.Node) {
	if g := ts.group(n); g != nil {
		g.paused = false
	}
}

// RunningCount returns how many tweens of target n are running or paused
// (Cocos' Tween.getRunningCount).
func (ts *System) RunningCount(n *scenegraph.Node) int {
	c := 0
	if g := ts.group(n); g != nil {
		for _, t := range g.tweens {
			if t != nil && t.Running() {
				c++
			}
		}
	}
	return c
}

func (ts *System) group(n *scenegraph.Node) *group {
	if ts == nil {
		return nil
	}
	return ts.byTarget[n]
}

// Count returns the number of tweens started and not yet ended or stopped
// (running or paused).
func (ts *System) Count() int {
	if ts == nil {
		return 0
	}
	c := 0
	for _, g := range ts.groups {
		for _, t := range g.tweens {
			if t != nil && t.Running() {
				c++
			}
		}
	}
	return c
}

// Update steps the tweens by dt times ts's time scale, grouped by target as
// Cocos' ActionManager does: the targets in the order their first tween
// started, each target's tweens in start order. A tween started during
// Update is stepped in the same Update when its target's turn is still to
// come or under way (a tween started from a Call on the same node runs in
// that frame), else from the next. A tween whose target was destroyed
// (strictly: Destroy was called) stops without touching it; the tweens of
// a target inactive in hierarchy, or held by PauseAllByTarget, wait.
func (ts *System) Update(dt float64) {
	dt *= ts.scale
	for gi := 0; gi < len(ts.groups); gi++ {
		g := ts.groups[gi]
		if tg := g.target; tg != nil {
			if !tg.IsValidStrict() {
				for _, t := range g.tweens {
					if t != nil {
						t.Stop()
					}
				}
				continue
			}
			if tg.Scene() != nil && !tg.ActiveInHierarchy() {
				continue
			}
		}
		if g.paused {
			continue
		}
		for i := 0; i < len(g.tweens); i++ {
			if t := g.tweens[i]; t != nil && t.state == tweenRunning {
				t.step(dt)
			}
		}
	}
	ts.compact()
}

// step advances t by the frame's dt (already scaled by the System).
func (t *Tween) step(dt float64) {
	if t.scale == 0 {
		return // held: not even the first frame's sample (as Cocos' speed 0)
	}
	if t.first {
		t.first = false
		dt = t.startAt
	} else {
		dt *= t.scale
	}
	t.stepGen = t.gen
	if _, done := t.root.advance(t, dt); done && !t.cut() {
		t.state = tweenDone
	}
}

// compact drops ended and stopped tweens and the holes, keeping order, and
// the groups left empty.
func (ts *System) compact() {
	keptG := ts.groups[:0]
	for _, g := range ts.groups {
		kept := g.tweens[:0]
		for _, t := range g.tweens {
			switch {
			case t == nil:
			case t.Running():
				kept = append(kept, t)
			default:
				t.grp = nil
			}
		}
		clear(g.tweens[len(kept):])
		g.tweens = kept
		if len(kept) > 0 {
			keptG = append(keptG, g)
			continue
		}
		delete(ts.byTarget, g.target)
		g.target = nil
		ts.free = append(ts.free, g)
	}
	clear(ts.groups[len(keptG):])
	ts.groups = keptG
}

// PostUpdate does nothing; tweens run in Update.
func (ts *System) PostUpdate(float64) {}

// Install registers a tween System with d at Priority, once: installing again
// returns the System already there. Tweens started on nodes of a scene
// before its Director ran it start when the Director launches the scene.
// A Game installs one by itself.
func Install(d *director.Director) *System {
	if s, ok := director.Find[*System](d); ok {
		return s
	}
	s := director.Install(d, Priority, NewSystem)
	d.BeforeSceneLaunch.On(s.attach)
	return s
}

// SystemOf returns the tween System of the Director running n's scene
// (installing one if that Director has none), or nil when n is in no scene
// run by a Director.
func SystemOf(n *scenegraph.Node) *System {
	if d := director.OfNode(n); d != nil {
		return Install(d)
	}
	return nil
}

// pendingKey is the scenegraph.Scene value under which a scene keeps the
// tweens started before it had a Director.
type pendingKey struct{}

// startLater queues t until sc is launched by a Director with a tween System.
func startLater(sc *scenegraph.Scene, t *Tween) {
	p, _ := sc.Value(pendingKey{}).(*[]*Tween)
	if p == nil {
		p = new([]*Tween)
		sc.SetValue(pendingKey{}, p)
	}
	*p = append(*p, t)
}

// attach starts the tweens queued on sc.
func (ts *System) attach(sc *scenegraph.Scene) {
	p, _ := sc.Value(pendingKey{}).(*[]*Tween)
	if p == nil {
		return
	}
	sc.SetValue(pendingKey{}, nil)
	for _, t := range *p {
		if t.state == tweenIdle {
			ts.StartAt(t, t.startAt)
		}
	}
}

package tween

import (
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Priority is the priority of a Director's tween System (Cocos' MEDIUM):
// after the timers (200) and sprite animation, before physics.
const Priority = 100

// System runs started tweens every frame in its Update (at Priority, after
// the components' Update and the timers). It keeps
// its tweens in one slice and allocates nothing while they run.
type System struct {
	running []*Tween
}

// NewSystem returns an empty System, for tweens run without a Director
// (tools, tests); Install gives a Director its own.
func NewSystem() *System { return &System{} }

// Start runs t on ts from ts's next Update; see Tween.Start. It does not need
// a scene, so it also runs tweens of setters only.
func (ts *System) Start(t *Tween) {
	if t.state == tweenRunning || t.state == tweenPaused {
		return
	}
	t.root.setNode(t.target)
	if err := t.root.check(); err != nil {
		scenegraph.LoggerOf(t.target).Printf("%v", err)
		return
	}
	if t.listed && t.sys != ts {
		t.sys.remove(t)
	}
	t.root.reset()
	t.sys = ts
	t.state = tweenRunning
	if !t.listed {
		t.listed = true
		ts.running = append(ts.running, t)
	}
}

func (ts *System) remove(t *Tween) {
	for i, x := range ts.running {
		if x == t {
			ts.running = append(ts.running[:i], ts.running[i+1:]...)
			break
		}
	}
	t.listed = false
}

// StopAllByTarget stops every tween whose target is n.
func (ts *System) StopAllByTarget(n *scenegraph.Node) {
	for _, t := range ts.running {
		if t.target == n {
			t.Stop()
		}
	}
}

// Count returns the number of tweens started and not yet dropped (running
// or paused).
func (ts *System) Count() int {
	c := 0
	for _, t := range ts.running {
		if t.state == tweenRunning || t.state == tweenPaused {
			c++
		}
	}
	return c
}

// Update steps every running tween by dt. A tween whose target was destroyed
// (strictly: Destroy was called) stops without touching it; one whose
// target is inactive in hierarchy waits. Tweens started during Update begin
// in the next one.
func (ts *System) Update(dt float64) {
	n := len(ts.running)
	for i := 0; i < n; i++ {
		t := ts.running[i]
		if t.state != tweenRunning {
			continue
		}
		if tg := t.target; tg != nil {
			if !tg.IsValidStrict() {
				t.state = tweenStopped
				continue
			}
			if tg.Scene() != nil && !tg.ActiveInHierarchy() {
				continue
			}
		}
		if _, done := t.root.advance(t, dt); done && t.state == tweenRunning {
			t.state = tweenDone
		}
	}
	// Drop finished and stopped tweens, keeping order.
	kept := ts.running[:0]
	for _, t := range ts.running {
		if t.state == tweenRunning || t.state == tweenPaused {
			kept = append(kept, t)
		} else {
			t.listed = false
		}
	}
	clear(ts.running[len(kept):])
	ts.running = kept
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
			ts.Start(t)
		}
	}
}

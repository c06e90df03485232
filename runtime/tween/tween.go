package tween

import (
	"fmt"

	"github.com/tact-engine/tact/scenegraph"
)

type actKind uint8

const (
	actTo actKind = iota
	actBy
	actDelay
	actCall
	actSeq
	actPar
	actRepeat
)

// action is one node of a tween's action tree. Everything a running tween
// needs lives here, allocated when the tween is built, so stepping it
// allocates nothing.
type action struct {
	kind    actKind
	dur     float64
	elapsed float64
	ease    Easing
	props   []propState
	fn      func()
	kids    []*action
	idx     int // sequence: the running kid
	times   int // repeat: how many times (-1: forever)
	count   int // repeat: runs finished
	node    *scenegraph.Node
	started bool
	done    bool // parallel kids: finished in this run
}

// doneEpsilon absorbs rounding in summed frame times, so that 60 frames of
// 1/60 s finish a 1 s action on the 60th frame.
const doneEpsilon = 1e-9

func (a *action) reset() {
	a.elapsed, a.idx, a.count, a.started, a.done = 0, 0, 0, false, false
	for _, k := range a.kids {
		k.reset()
	}
}

// setNode gives a and its kids the target n where they have none.
func (a *action) setNode(n *scenegraph.Node) {
	if a.node == nil {
		a.node = n
	}
	for _, k := range a.kids {
		k.setNode(a.node)
	}
}

// check returns an error for a property with no node to act on.
func (a *action) check() error {
	for i := range a.props {
		if a.props[i].needsNode() && a.node == nil {
			return fmt.Errorf("tween: a To/By on position, angle or scale has no target node")
		}
	}
	for _, k := range a.kids {
		if err := k.check(); err != nil {
			return err
		}
	}
	return nil
}

// advance runs a for dt seconds and returns the time it did not use and
// whether it finished.
func (a *action) advance(t *Tween, dt float64) (rest float64, done bool) {
	switch a.kind {
	case actCall:
		t.call(a.fn)
		return dt, true
	case actSeq:
		for a.idx < len(a.kids) {
			r, d := a.kids[a.idx].advance(t, dt)
			if !d || t.state != tweenRunning {
				return 0, false
			}
			a.idx++
			dt = r
		}
		return dt, true
	case actPar:
		rest, all := dt, true
		for _, k := range a.kids {
			if k.done {
				continue
			}
			r, d := k.advance(t, dt)
			if t.state != tweenRunning {
				return 0, false
			}
			if d {
				k.done = true
				rest = min(rest, r)
			} else {
				all = false
			}
		}
		if !all {
			return 0, false
		}
		return rest, true
	case actRepeat:
		k := a.kids[0]
		for {
			before := dt
			r, d := k.advance(t, dt)
			if !d || t.state != tweenRunning {
				return 0, false
			}
			a.count++
			if a.times >= 0 && a.count >= a.times {
				return r, true
			}
			k.reset()
			dt = r
			if r >= before {
				// A run that takes no time would loop forever: go on next frame.
				return 0, false
			}
		}
	}
	// Interval actions: To, By, Delay.
	if !a.started {
		a.started = true
		a.elapsed = 0
		for i := range a.props {
			p := &a.props[i]
			p.from = p.get(a.node)
			p.to = p.v
			if a.kind == actBy {
				p.to = p.from.Add(p.v)
			}
			if p.xyOnly {
				p.to[2] = p.from[2] // a 2D prop leaves z alone
			}
		}
	}
	a.elapsed += dt
	if a.elapsed+doneEpsilon >= a.dur {
		a.apply(1)
		return max(a.elapsed-a.dur, 0), true
	}
	k := a.elapsed / a.dur
	if a.ease != nil {
		k = a.ease(k)
	}
	a.apply(float32(k))
	return 0, false
}

func (a *action) apply(k float32) {
	for i := range a.props {
		a.props[i].set(a.node, k)
	}
}

type tweenState uint8

const (
	tweenIdle tweenState = iota
	tweenRunning
	tweenPaused
	tweenDone
	tweenStopped
)

// Tween animates a node (or any values, through setters) with a chain of
// actions, like Cocos Creator's tween():
//
//	tween.New(node).
//		To(0.5, tween.QuadOut, tween.Position(mgl32.Vec3{200, 0, 0})).
//		By(0.25, nil, tween.Angle(90)).
//		Delay(0.1).
//		Call(func() { fmt.Println("done") }).
//		Start()
//
// The builder methods append actions that run one after another. A tween is
// built once (that allocates) and then runs without allocating; Start it
// again after it finished to replay it. A running tween stops by itself
// when its target node is destroyed, and waits while the node is inactive
// in hierarchy (as Cocos pauses a node's actions).
type Tween struct {
	target *scenegraph.Node
	root   action // a sequence of the appended actions
	sys    *System
	state  tweenState
	listed bool // in sys.running
}

// NewTween returns an empty tween of target. The target may be nil for a
// tween of setters only, or for one embedded in another with Sequence,
// Parallel or Repeat (it then acts on the outer tween's target).
func New(target *scenegraph.Node) *Tween {
	return &Tween{target: target, root: action{kind: actSeq}}
}

// Target returns the tween's target node.
func (t *Tween) Target() *scenegraph.Node { return t.target }

func (t *Tween) add(a *action) *Tween {
	t.root.kids = append(t.root.kids, a)
	return t
}

func interval(kind actKind, d float64, e Easing, props []Prop) *action {
	a := &action{kind: kind, dur: max(d, 0), ease: e}
	a.props = make([]propState, len(props))
	for i, p := range props {
		a.props[i].Prop = p
	}
	return a
}

// To appends an action that moves each property from its value when the
// action starts to the given value in d seconds, eased by e (nil: Linear).
func (t *Tween) To(d float64, e Easing, props ...Prop) *Tween {
	return t.add(interval(actTo, d, e, props))
}

// By appends an action that changes each property by the given amount in d
// seconds, eased by e (nil: Linear).
func (t *Tween) By(d float64, e Easing, props ...Prop) *Tween {
	return t.add(interval(actBy, d, e, props))
}

// Delay appends a pause of d seconds.
func (t *Tween) Delay(d float64) *Tween { return t.add(&action{kind: actDelay, dur: max(d, 0)}) }

// Call appends a call of fn. It runs in the tween system's Update; a panic
// in it stops the tween and is reported (or propagates with PanicFatal).
func (t *Tween) Call(fn func()) *Tween { return t.add(&action{kind: actCall, fn: fn}) }

// Sequence appends one action that runs the actions of ts one after
// another. The tweens in ts are consumed: do not start them on their own.
func (t *Tween) Sequence(ts ...*Tween) *Tween {
	a := &action{kind: actSeq}
	for _, in := range ts {
		a.kids = append(a.kids, in.embed())
	}
	return t.add(a)
}

// Parallel appends one action that runs the actions of ts side by side and
// ends when the longest ends.
func (t *Tween) Parallel(ts ...*Tween) *Tween {
	a := &action{kind: actPar}
	for _, in := range ts {
		a.kids = append(a.kids, in.embed())
	}
	return t.add(a)
}

// Repeat runs inner's actions times times in all (Cocos' repeat). With a nil
// inner it repeats the last action appended so far instead.
func (t *Tween) Repeat(times int, inner *Tween) *Tween {
	return t.repeat(max(times, 0), inner)
}

// RepeatForever runs inner's actions (or, with nil, the last action
// appended) until the tween is stopped.
func (t *Tween) RepeatForever(inner *Tween) *Tween { return t.repeat(-1, inner) }

func (t *Tween) repeat(times int, inner *Tween) *Tween {
	a := &action{kind: actRepeat, times: times}
	if inner != nil {
		a.kids = []*action{inner.embed()}
		return t.add(a)
	}
	if n := len(t.root.kids); n > 0 {
		a.kids = []*action{t.root.kids[n-1]}
		t.root.kids[n-1] = a
	}
	return t
}

// embed returns t's actions as one action for another tween.
func (t *Tween) embed() *action {
	a := &action{kind: actSeq, kids: t.root.kids, node: t.target}
	t.root.kids = nil
	return a
}

// Start runs the tween on the TweenSystem of its target's scene (see
// SystemsOf) from the next system update; in a scene still being built
// (not yet given to RunScene) it starts when the scene gets its systems.
// Starting a running or paused tween does nothing; starting a finished or
// stopped one replays it from the beginning. A tween that cannot run (a
// target in no scene, a position with no node) is reported through the
// scene's logger and not started: use System.Start for tweens with no
// target.
func (t *Tween) Start() *Tween {
	if s := SystemOf(t.target); s != nil {
		s.Start(t)
		return t
	}
	if t.target != nil && t.target.Scene() != nil && !t.target.Scene().Launched() {
		startLater(t.target.Scene(), t)
		return t
	}
	scenegraph.LoggerOf(t.target).Printf("tween: Tween.Start: target %v is in no scene run by a Director; use System.Start", t.target)
	return t
}

// Stop stops the tween where it is; Start replays it from the beginning.
func (t *Tween) Stop() {
	if t.state == tweenRunning || t.state == tweenPaused {
		t.state = tweenStopped
	}
}

// Pause freezes a running tween; Resume goes on from there.
func (t *Tween) Pause() {
	if t.state == tweenRunning {
		t.state = tweenPaused
	}
}

// Resume undoes Pause.
func (t *Tween) Resume() {
	if t.state == tweenPaused {
		t.state = tweenRunning
	}
}

// Running reports whether the tween is started and not finished, stopped
// or paused.
func (t *Tween) Running() bool { return t.state == tweenRunning }

// Done reports whether the tween ran to its end.
func (t *Tween) Done() bool { return t.state == tweenDone }

// Stopped reports whether the tween was stopped before its end, by Stop,
// by the destruction of its target, or by a panic in a Call.
func (t *Tween) Stopped() bool { return t.state == tweenStopped }

// call runs a Call action's fn; a panic stops the tween.
func (t *Tween) call(fn func()) {
	if fn == nil {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			t.state = tweenStopped
			scenegraph.ReportPanic(t.target, t, "Call", r, "the tween is stopped")
		}
	}()
	fn()
}

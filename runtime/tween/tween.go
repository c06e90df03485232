package tween

import (
	"errors"
	"fmt"
	"math"

	"github.com/tact-engine/tact/scenegraph"
)

type actKind uint8

const (
	actTo actKind = iota
	actBy
	actSet
	actDelay
	actCall
	actSeq
	actPar
	actRepeat
	actReverseTime
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
	done    bool   // parallel kids: finished in this run
	err     string // why the action cannot run (Reverse of a To), reported at Start

	// ReverseTime: the inner action's length and the inner time reached;
	// every action inside: where it starts in the inner time.
	span, tau, at float64
}

// doneEpsilon absorbs rounding in summed frame times, so that 60 frames of
// 1/60 s finish a 1 s action on the 60th frame after the first.
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

// check returns why a cannot run, if it cannot.
func (a *action) check(inReverse bool) error {
	if a.err != "" {
		return errors.New(a.err)
	}
	for i := range a.props {
		if a.props[i].needsNode() && a.node == nil {
			return errors.New("a To, By or Set of position, angle, scale or opacity has no target node")
		}
	}
	if inReverse && (a.kind == actRepeat || a.kind == actReverseTime) {
		return errors.New("ReverseTime cannot play a Repeat, RepeatForever or ReverseTime inside it backwards")
	}
	for _, k := range a.kids {
		if err := k.check(inReverse || a.kind == actReverseTime); err != nil {
			return err
		}
	}
	return nil
}

// begin captures the start and end values of an interval or Set action.
func (a *action) begin() {
	for i := range a.props {
		a.props[i].begin(a.node, a.kind == actBy)
	}
}

// advance runs a for dt seconds and returns the time it did not use and
// whether it finished. After every kid's advance it returns at once when
// the tween was cut (stopped, or restarted, from a Call), before touching
// any state a restart reset.
func (a *action) advance(t *Tween, dt float64) (rest float64, done bool) {
	switch a.kind {
	case actCall:
		t.call(a.fn)
		return dt, true
	case actSet:
		a.begin()
		a.apply(1)
		return dt, true
	case actSeq:
		for a.idx < len(a.kids) {
			r, d := a.kids[a.idx].advance(t, dt)
			if !d || t.cut() {
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
			if t.cut() {
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
		if a.times == 0 {
			return dt, true
		}
		k := a.kids[0]
		for {
			before := dt
			r, d := k.advance(t, dt)
			if !d || t.cut() {
				return 0, false
			}
			a.count++
			if a.times >= 0 && a.count >= a.times {
				return r, true
			}
			k.reset()
			dt = r
			if a.times < 0 && r >= before {
				// A forever loop of runs that take no time would never end
				// the frame: one run per frame.
				return 0, false
			}
		}
	case actReverseTime:
		k := a.kids[0]
		if !a.started {
			a.started, a.elapsed = true, 0
			a.span = k.prime(0)
			a.tau = math.Inf(1)
		}
		a.elapsed += dt
		tau := max(a.span-a.elapsed, 0)
		prev := a.tau
		a.tau = tau
		k.seek(t, tau, prev)
		if t.cut() {
			return 0, false
		}
		if a.elapsed+doneEpsilon >= a.span {
			return max(a.elapsed-a.span, 0), true
		}
		return 0, false
	}
	// Interval actions: To, By, Delay.
	if !a.started {
		a.started = true
		a.elapsed = 0
		a.begin()
	}
	a.elapsed += dt
	if a.elapsed+doneEpsilon >= a.dur {
		a.apply(1)
		return max(a.elapsed-a.dur, 0), true
	}
	a.apply(a.eased(a.elapsed / a.dur))
	return 0, false
}

func (a *action) eased(k float64) float32 {
	if a.ease != nil {
		k = a.ease(k)
	}
	return float32(k)
}

func (a *action) apply(k float32) {
	for i := range a.props {
		a.props[i].set(a.node, k)
	}
}

// prime readies a, which starts at inner time at, for ReverseTime: it runs
// it forward at once (calls excepted) to learn every value it goes
// between, leaves the end state applied, and returns a's length.
func (a *action) prime(at float64) float64 {
	a.at = at
	switch a.kind {
	case actCall:
		return 0
	case actSeq:
		end := at
		for _, k := range a.kids {
			end += k.prime(end)
		}
		return end - at
	case actPar:
		d := 0.0
		for _, k := range a.kids {
			d = max(d, k.prime(at))
		}
		return d
	}
	a.begin() // To, By, Set, Delay
	a.apply(1)
	return a.dur
}

// seek moves a primed action from inner time prev down to tau, applying
// what that crosses, latest first, so the earliest action touching a
// property writes last: the state at tau. A Call runs when the time
// passes down over it (tau <= its time < prev); a Set is undone when the
// time goes below it.
func (a *action) seek(t *Tween, tau, prev float64) {
	switch a.kind {
	case actCall:
		if tau <= a.at && a.at < prev {
			t.call(a.fn)
		}
		return
	case actSet:
		if tau < a.at && a.at <= prev {
			a.apply(0)
		}
		return
	case actSeq, actPar:
		for i := len(a.kids) - 1; i >= 0; i-- {
			a.kids[i].seek(t, tau, prev)
			if t.cut() {
				return
			}
		}
		return
	}
	end := a.at + a.dur
	if tau > end || prev < a.at {
		return // not crossed
	}
	switch {
	case tau >= end:
		a.apply(1)
	case tau <= a.at:
		a.apply(0)
	default:
		a.apply(a.eased((tau - a.at) / a.dur))
	}
}

// clone returns a deep copy of a with fresh run state; with retarget, the
// copy has no nodes, so that it takes its new tween's target.
func (a *action) clone(retarget bool) *action {
	c := &action{kind: a.kind, dur: a.dur, ease: a.ease, fn: a.fn, times: a.times, node: a.node, err: a.err}
	if retarget {
		c.node = nil
	}
	if a.props != nil {
		c.props = make([]propState, len(a.props))
		for i := range a.props {
			c.props[i].Prop = a.props[i].Prop
		}
	}
	for _, k := range a.kids {
		c.kids = append(c.kids, k.clone(retarget))
	}
	return c
}

// reversed returns a copy of a that undoes it (Cocos' reverse()): By goes
// back by the same amount, sequences run last first, a ReverseTime
// becomes the action it reversed. To and Set know no start value to go
// back to: their reverse is an error at Start.
func (a *action) reversed() *action {
	c := a.clone(false)
	switch a.kind {
	case actTo, actSet:
		name := "To"
		if a.kind == actSet {
			name = "Set"
		}
		c.err = "Reverse: a " + name + " cannot be reversed (it has no start value to go back to); use By, or ReverseTime"
	case actBy:
		for i := range c.props {
			c.props[i].v = c.props[i].v.Mul(-1)
		}
	case actSeq, actPar, actRepeat:
		for i, k := range a.kids {
			c.kids[i] = k.reversed()
		}
		if a.kind == actSeq {
			for i, j := 0, len(c.kids)-1; i < j; i, j = i+1, j-1 {
				c.kids[i], c.kids[j] = c.kids[j], c.kids[i]
			}
		}
	case actReverseTime:
		c = &action{kind: actSeq, kids: []*action{a.kids[0].clone(false)}, node: a.node}
	}
	return c
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
// built once (that allocates) and then runs, restarts and stops without
// allocating. A running tween stops by itself when its target node is
// destroyed, and waits while the node is inactive in hierarchy (as Cocos
// pauses a node's actions).
//
// Timing follows Cocos' ActionInterval: the first frame after Start samples
// the tween at time 0 whatever that frame's dt (so a 1 s tween at 60 fps
// ends on the 61st frame), and each later frame advances it by dt times
// its time scale and its System's. Where Cocos' arithmetic has quirks,
// Tact keeps the consistent result:
//   - time a frame has left when an action ends goes whole into the next
//     action, and into the next cycle of a Repeat or RepeatForever (Cocos
//     divides a repeat's overshoot by the repeat count on the frame it
//     wraps, and drops it at each restart of repeatForever, so its loops
//     drift behind the clock);
//   - a run of Calls, Sets and zero-duration actions all run in one frame,
//     and a zero-duration To takes its end value at once;
//   - a Stop, StopAllByTarget or StopAllByTag from a Call stops the tween
//     under way at once: nothing after that Call runs (in Cocos the
//     current step goes on).
type Tween struct {
	target  *scenegraph.Node
	root    action // a sequence of the appended actions
	sys     *System
	grp     *group // the System's entry for target; nil when not listed
	state   tweenState
	first   bool    // the next step is the first since Start: it samples at startAt
	startAt float64 // StartAt's offset
	scale   float64 // SetTimeScale
	tag     int
	gen     uint32 // counts Starts, so a step knows when a Call restarted it
	stepGen uint32
}

// NoTag is the tag of a tween that was given none (Cocos' TAG_INVALID).
const NoTag = -1

// New returns an empty tween of target, with time scale 1 and tag NoTag.
// The target may be nil for a tween of setters only, or for one embedded in
// another with Sequence, Parallel, Repeat or ReverseTime (it then acts on
// the outer tween's target).
func New(target *scenegraph.Node) *Tween {
	return &Tween{target: target, root: action{kind: actSeq}, scale: 1, tag: NoTag}
}

// Target returns the tween's target node.
func (t *Tween) Target() *scenegraph.Node { return t.target }

func (t *Tween) add(a *action) *Tween {
	t.root.kids = append(t.root.kids, a)
	return t
}

func newAction(kind actKind, d float64, e Easing, props []Prop) *action {
	a := &action{kind: kind, dur: max(d, 0), ease: e}
	a.props = make([]propState, len(props))
	for i, p := range props {
		a.props[i].Prop = p
	}
	return a
}

// To appends an action that moves each property from its value when the
// action starts to the given value in d seconds, eased by e (nil: Linear).
// With d <= 0 the properties take their end values at once, in the same
// frame.
func (t *Tween) To(d float64, e Easing, props ...Prop) *Tween {
	return t.add(newAction(actTo, d, e, props))
}

// By appends an action that changes each property by the given amount in d
// seconds, eased by e (nil: Linear).
func (t *Tween) By(d float64, e Easing, props ...Prop) *Tween {
	return t.add(newAction(actBy, d, e, props))
}

// Set appends an instant action that sets each property to its value (Cocos'
// set); the actions after it run in the same frame.
func (t *Tween) Set(props ...Prop) *Tween { return t.add(newAction(actSet, 0, nil, props)) }

// Delay appends a pause of d seconds.
func (t *Tween) Delay(d float64) *Tween { return t.add(&action{kind: actDelay, dur: max(d, 0)}) }

// Call appends a call of fn. It runs in the tween system's Update; a panic
// in it stops the tween and is reported (or propagates with PanicFatal).
// A tween fn starts on the same target runs in the same frame (see
// System.Update).
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
// inner it repeats the last action appended so far instead (Union first to
// repeat them all).
func (t *Tween) Repeat(times int, inner *Tween) *Tween {
	return t.wrap(&action{kind: actRepeat, times: max(times, 0)}, inner)
}

// RepeatForever runs inner's actions (or, with nil, the last action
// appended) until the tween is stopped.
func (t *Tween) RepeatForever(inner *Tween) *Tween {
	return t.wrap(&action{kind: actRepeat, times: -1}, inner)
}

// ReverseTime appends inner's actions (with nil: replaces the last action
// appended by itself) played backwards in time, Cocos' reverseTime: the
// properties jump to where inner would end, then run back to where it
// started, eased as inner eases them run backwards; its Calls run as the
// time passes back over them, last first. Inner may hold To, By, Set, Delay,
// Call, Sequence and Parallel; a Repeat inside is an error at Start.
func (t *Tween) ReverseTime(inner *Tween) *Tween {
	return t.wrap(&action{kind: actReverseTime}, inner)
}

func (t *Tween) wrap(a *action, inner *Tween) *Tween {
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

// Union makes the actions appended so far one sequence, so that a Repeat,
// RepeatForever or ReverseTime with a nil inner that follows takes them all
// (Cocos' union()).
func (t *Tween) Union() *Tween {
	if len(t.root.kids) > 0 {
		t.root.kids = []*action{{kind: actSeq, kids: t.root.kids}}
	}
	return t
}

// Clone returns a new, idle tween of target with copies of t's actions and
// t's time scale (Cocos' clone(target); the tag is not copied). Position,
// angle, scale and opacity act on the new target, including those of
// embedded tweens that had their own; Color, SpriteColor and Float act on
// what their functions reach, as in t.
func (t *Tween) Clone(target *scenegraph.Node) *Tween {
	c := New(target)
	c.scale = t.scale
	for _, k := range t.root.kids {
		c.root.kids = append(c.root.kids, k.clone(true))
	}
	return c
}

// Reverse returns a new, idle tween of t's target that undoes t's actions,
// Cocos' reverse(): the actions in reverse order, each By by the opposite
// amount, Delays and Calls as they are, a ReverseTime's inner played
// forwards. A To or Set in t has no start value to go back to: Start
// reports that and does not start the tween (Cocos runs an empty action in
// its place).
func (t *Tween) Reverse() *Tween {
	c := New(t.target)
	c.scale = t.scale
	r := t.root.reversed()
	c.root.kids = r.kids
	return c
}

// embed returns t's actions as one action for another tween.
func (t *Tween) embed() *action {
	a := &action{kind: actSeq, kids: t.root.kids, node: t.target}
	t.root.kids = nil
	return a
}

// Tag sets the tag that System.StopAllByTag matches (Cocos' tag()).
func (t *Tween) Tag(tag int) *Tween { t.tag = tag; return t }

// SetTimeScale sets the factor on the time the tween runs at (Cocos'
// timeScale()): 2 runs it twice as fast, 0 holds it (its first frame too).
// It applies at once to a running tween, on top of System.SetTimeScale.
// StartAt's offset is tween time, not scaled.
func (t *Tween) SetTimeScale(scale float64) *Tween { t.scale = max(scale, 0); return t }

// TimeScale returns the tween's time scale (1 unless set).
func (t *Tween) TimeScale() float64 { return t.scale }

// Start runs the tween on the System of its target's scene (see SystemOf),
// from that System's next step of its target (in this frame when started
// from a Call of a tween of a target stepped no earlier). In a scene still
// being built (not yet given to RunScene) it starts when the scene gets its
// systems. Starting a running or paused tween restarts it, unpaused, from
// its beginning and from the properties' current values, as Cocos does;
// starting a finished or stopped one replays it. A tween that cannot run (a
// target in no scene, a position with no node, a Reverse of a To) is
// reported through the scene's logger, naming the target, and not started:
// use System.Start for tweens with no target.
func (t *Tween) Start() *Tween { return t.StartAt(0) }

// StartAt starts the tween as Start does, but its first frame samples it at
// offset seconds in (Cocos' start(time)): every action before that time has
// run and finished, Calls included, in that first frame.
func (t *Tween) StartAt(offset float64) *Tween {
	if s := SystemOf(t.target); s != nil {
		s.StartAt(t, offset)
		return t
	}
	if t.target != nil && t.target.Scene() != nil && !t.target.Scene().Launched() {
		t.startAt = max(offset, 0)
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

// Pause freezes a running tween; Resume goes on from there. A tween paused
// before its first frame samples time 0 on its first frame after Resume.
// Paused from one of its own Calls, it finishes that frame's step first.
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

// Running reports whether the tween is started and has not ended or been
// stopped: it stays true while the tween is paused (as Cocos' running does).
func (t *Tween) Running() bool { return t.state == tweenRunning || t.state == tweenPaused }

// Paused reports whether Pause froze the tween (and no Resume, Start or
// Stop came since). System.PauseAllByTarget does not pause the tweens
// themselves, so it does not show here.
func (t *Tween) Paused() bool { return t.state == tweenPaused }

// Done reports whether the tween ran to its end.
func (t *Tween) Done() bool { return t.state == tweenDone }

// Stopped reports whether the tween was stopped before its end, by Stop,
// by the destruction of its target, or by a panic in a Call.
func (t *Tween) Stopped() bool { return t.state == tweenStopped }

// cut reports whether the step under way must end at once: the tween was
// stopped, or restarted by a Start, from a Call. A Pause from a Call lets
// the frame's step finish (as in Cocos) and holds the tween from the next.
func (t *Tween) cut() bool { return t.state == tweenStopped || t.gen != t.stepGen }

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

// errorf formats a report about t, naming its target.
func (t *Tween) errorf(format string, args ...any) string {
	name := "<no target>"
	if t.target != nil {
		name = fmt.Sprintf("%q", t.target.Name())
	}
	return "tween: target " + name + ": " + fmt.Sprintf(format, args...)
}

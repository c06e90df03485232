package scenegraph

import (
	"strings"
	"testing"
)

// Rule: a node's components run only while it is active in hierarchy; OnLoad
// runs for a disabled component, later callbacks need it enabled.
func TestOnlyActiveInHierarchyRunsAndOnLoadRunsWhenDisabled(t *testing.T) {
	s, tr, _ := newTestScene(t)
	a := NewNode("A")
	s.AddChild(a)
	addProbe(a, tr, "a")
	b := &probe{name: "b", tr: tr}
	b.SetEnabled(false)
	AddComponent(a, b)
	off := NewNode("Off")
	off.SetActive(false)
	s.AddChild(off)
	addProbe(off, tr, "i")
	under := NewNode("Under")
	off.AddChild(under)
	addProbe(under, tr, "u")

	s.Launch()
	eq(t, tr.take(), "a.preload", "b.preload", "a.onLoad", "b.onLoad", "a.onEnable")
	frame(s, 0.1)
	eq(t, tr.take(), "a.start", "a.fixedUpdate", "a.update", "a.lateUpdate")
	if under.ActiveInHierarchy() || !under.Active() {
		t.Fatalf("Under: active=%v activeInHierarchy=%v", under.Active(), under.ActiveInHierarchy())
	}
	off.SetActive(true)
	eq(t, tr.take(), "i.preload", "u.preload", "i.onLoad", "u.onLoad", "i.onEnable", "u.onEnable")
}

// Rule: activation is staged over the whole subtree (Preload all, OnLoad all,
// OnEnable all), by execution order: negative ascending, zero in pre-order,
// positive ascending; Start/Update follow the order OnEnable finished in.
func TestStagedActivationByExecutionOrder(t *testing.T) {
	s, tr, _ := newTestScene(t)
	x := NewNode("X")
	y := NewNode("Y")
	x.AddChild(y)
	mk := func(n *Node, name string, order int) {
		AddComponent(n, &probe{name: name, tr: tr, order: order})
	}
	mk(x, "x5", 5)
	mk(x, "y-1", -1)
	mk(x, "z0", 0)
	mk(y, "w0", 0)
	mk(y, "v-3", -3)
	mk(y, "u5", 5)
	s.AddChild(x)
	s.Launch()
	sorted := []string{"v-3", "y-1", "z0", "w0", "x5", "u5"}
	want := []string{"x5.preload", "y-1.preload", "z0.preload", "w0.preload", "v-3.preload", "u5.preload"}
	for _, n := range sorted {
		want = append(want, n+".onLoad")
	}
	for _, n := range sorted {
		want = append(want, n+".onEnable")
	}
	eq(t, tr.take(), want...)
	frame(s, 0.1)
	var starts, updates []string
	for _, n := range sorted {
		starts = append(starts, n+".start")
		updates = append(updates, n+".update")
	}
	eq(t, filter(tr.take(), "start", "update"), append(starts, updates...)...)
}

// Rule: Start and Update go by the order OnEnable finished: a component
// enabled inside another's OnEnable finishes first.
func TestUpdateOrderFollowsOnEnableCompletion(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	addProbe(n, tr, "b")
	c := &probe{name: "c", tr: tr}
	c.SetEnabled(false)
	AddComponent(n, c)
	a.onEnable = func() { c.SetEnabled(true) }
	s.Launch()
	eq(t, filter(tr.take(), "onEnable"), "a.onEnable", "c.onEnable", "b.onEnable")
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update"), "c.update", "a.update", "b.update")
}

// Rule: OnEnable never precedes OnLoad, even when an earlier component's
// OnLoad enables a later one whose OnLoad is still queued: the later one
// joins the staged OnEnable phase, in execution order.
func TestNeverOnEnableBeforeOnLoad(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	b := &probe{name: "b", tr: tr}
	b.SetEnabled(false)
	AddComponent(n, b)
	a.onLoad = func() { b.SetEnabled(true) }
	s.Launch()
	eq(t, tr.take(), "a.preload", "b.preload", "a.onLoad", "b.onLoad", "a.onEnable", "b.onEnable")
}

// Rule: a component of the subtree enabled during the staged Preload or
// OnLoad phase joins the staged OnEnable phase in execution order, whether
// its own OnLoad has run (it sorts earlier) or is still queued, and then
// starts and updates in the order its OnEnable finished. Enabled during the
// OnEnable phase, it is enabled at once.
func TestEnabledDuringStagedLoadJoinsOnEnablePhase(t *testing.T) {
	s, tr, _ := newTestScene(t)
	root := NewNode("Root")
	child := NewNode("Child")
	root.AddChild(child)
	mk := func(n *Node, name string, order int, enabled bool) *probe {
		p := &probe{name: name, tr: tr, order: order}
		p.SetEnabled(enabled)
		return AddComponent(n, p)
	}
	x := mk(root, "x2", 2, true)
	y := mk(root, "y-1", -1, false) // loads before x2; enabled by x2's OnLoad
	z := mk(root, "z0", 0, true)
	w := mk(child, "w0", 0, false) // enabled by z0's Preload: its OnLoad still queued
	v := mk(child, "v0", 0, false) // enabled by z0's OnEnable: at once
	AddComponent(root, &preloadHook{fn: func() { w.SetEnabled(true) }})
	x.onLoad = func() { y.SetEnabled(true) }
	z.onEnable = func() { v.SetEnabled(true) }
	s.AddChild(root)
	s.Launch()
	eq(t, filter(tr.take(), "onLoad", "onEnable"),
		"y-1.onLoad", "z0.onLoad", "w0.onLoad", "v0.onLoad", "x2.onLoad",
		"y-1.onEnable", "z0.onEnable", "v0.onEnable", "w0.onEnable", "x2.onEnable")
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update"), "y-1.update", "v0.update", "z0.update", "w0.update", "x2.update")
}

// preloadHook runs fn in its Preload.
type preloadHook struct {
	Component
	fn func()
}

func (p *preloadHook) Preload() { p.fn() }

// Node events: EventComponentAdded comes before the component's Preload (also
// on an inactive node), EventComponentRemoved after its OnDestroy, once it
// has left the node; Arg is the component.
func TestComponentAddedAndRemovedEvents(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	s.Launch()
	var args []any
	n.On(EventComponentAdded, func(e *Event) {
		args = append(args, e.Arg)
		tr.add("added:%s", e.Arg.(*probe).name)
	}, nil)
	n.On(EventComponentRemoved, func(e *Event) {
		args = append(args, e.Arg)
		tr.add("removed:%s(attached %v)", e.Arg.(*probe).name, GetComponent[*probe](n) != nil)
	}, nil)
	a := addProbe(n, tr, "a")
	eq(t, tr.take(), "added:a", "a.preload", "a.onLoad", "a.onEnable")
	a.Destroy()
	eq(t, tr.take(), "a.onDisable")
	frame(s, 0.1)
	eq(t, tr.take(), "a.onDestroy", "removed:a(attached false)")
	if len(args) != 2 || args[0] != a || args[1] != a {
		t.Fatalf("Arg must be the component: %v", args)
	}

	off := NewNode("Off")
	off.SetActive(false)
	s.AddChild(off)
	off.On(EventComponentAdded, func(e *Event) { tr.add("added:%s", e.Arg.(*probe).name) }, nil)
	addProbe(off, tr, "i")
	eq(t, tr.take(), "added:i")
}

// On node destroy (Cocos' _onPreDestroy order): the parent's
// EventChildRemoved, then the node's EventDestroyed (pre-order through the
// subtree), all before any OnDestroy of the subtree (children before
// parents); the node's listeners are gone by then.
func TestNodeDestroyEventsComeBeforeOnDestroy(t *testing.T) {
	s, tr, _ := newTestScene(t)
	p, n, c := NewNode("P"), NewNode("N"), NewNode("C")
	s.AddChild(p)
	p.AddChild(n)
	n.AddChild(c)
	addProbe(n, tr, "n")
	addProbe(c, tr, "c")
	s.Launch()
	tr.take()
	inParent := true
	p.On(EventChildRemoved, func(e *Event) { tr.add("P.childRemoved:%s", e.Arg.(*Node).Name()) }, nil)
	n.On(EventChildRemoved, func(e *Event) { tr.add("N.childRemoved:%s", e.Arg.(*Node).Name()) }, nil)
	n.On(EventDestroyed, func(e *Event) {
		tr.add("N.destroyed")
		inParent = n.SiblingIndex() >= 0
	}, nil)
	c.On(EventDestroyed, func(*Event) { tr.add("C.destroyed") }, nil)
	n.On(EventComponentRemoved, func(*Event) { tr.add("N.componentRemoved") }, nil)
	n.Destroy()
	eq(t, tr.take(), "n.onDisable", "c.onDisable")
	frame(s, 0.1)
	eq(t, filter(tr.take(), "childRemoved:N", "childRemoved:C", "destroyed", "componentRemoved", "onDestroy"),
		"P.childRemoved:N", "N.destroyed", "C.destroyed", "c.onDestroy", "n.onDestroy")
	if inParent || p.ChildCount() != 0 || n.IsValid() {
		t.Fatal("the node must have left its parent when it emits EventDestroyed, and be invalid after the step")
	}
}

// A listener whose owner (a component or a node) has had Destroy called is
// not called from then on, before the deferred destroy step too.
func TestListenerOfDestroyedOwnerNotCalledBeforeDeferredStep(t *testing.T) {
	s, tr, _ := newTestScene(t)
	a, b := NewNode("A"), NewNode("B")
	s.AddChild(a)
	s.AddChild(b)
	o := addProbe(b, tr, "o")
	s.Launch()
	tr.take()
	a.On("ping", func(*Event) { tr.add("comp-owned") }, o)
	a.On("ping", func(*Event) { tr.add("node-owned") }, b)
	a.On("ping", func(*Event) { tr.add("anon") }, nil)
	a.Emit("ping", nil)
	eq(t, tr.take(), "comp-owned", "node-owned", "anon")
	o.Destroy()
	b.Destroy()
	tr.take()
	if !o.IsValid() || !b.IsValid() {
		t.Fatal("the owners stay valid (not strictly) until the deferred step")
	}
	a.Emit("ping", nil)
	eq(t, tr.take(), "anon")
}

// OnKey: the same (type, owner, key) registered twice on a node is one
// listener.
func TestNodeOnKeyIsOneListener(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	o := addProbe(n, tr, "o")
	s.Launch()
	tr.take()
	n.OnKey("hit", "k", func(*Event) { tr.add("first") }, o)
	n.OnKey("hit", "k", func(*Event) { tr.add("second") }, o)
	n.OnKey("hit", "k", func(*Event) { tr.add("other-owner") }, n)
	n.Emit("hit", nil)
	eq(t, tr.take(), "first", "other-owner")
	n.OffKey("hit", "k", o)
	n.Emit("hit", nil)
	eq(t, tr.take(), "other-owner")
}

// emitter emits "hit" on a node from its Update.
type emitter struct {
	Component
	target  *Node
	updates int
}

func (e *emitter) Update(float64) {
	e.updates++
	e.target.Emit("hit", nil)
}

// Rule (item 4/5): a panicking node-event listener is blamed on its owner
// component (type and node path), removed, and the emit goes on; the
// component that emitted is not disabled.
func TestListenerPanicBlamesListenerNotEmitter(t *testing.T) {
	s, tr, lb := newTestScene(t)
	a, l := NewNode("A"), NewNode("L")
	s.AddChild(a)
	s.AddChild(l)
	em := AddComponent(a, &emitter{target: a})
	owner := addProbe(l, tr, "owner")
	s.Launch()
	a.On("hit", func(*Event) { panic("listener-boom") }, owner)
	a.On("hit", func(*Event) { tr.add("l.next") }, nil)
	a.On("hit", func(*Event) { panic("anon-boom") }, nil)
	frame(s, 0.1)
	frame(s, 0.1)
	if em.updates != 2 || !em.Enabled() || !owner.Enabled() {
		t.Fatalf("emitter updates %d, enabled %v, owner enabled %v: nobody may be disabled", em.updates, em.Enabled(), owner.Enabled())
	}
	eq(t, filter(tr.take(), "next"), "l.next", "l.next")
	all := strings.Join(lb.lines, "\n")
	for _, want := range []string{
		`panic in listener for "hit" of *scenegraph.probe on node "Scene/L": listener-boom; the listener is removed`,
		`panic in listener for "hit" on node "Scene/A": anon-boom`,
	} {
		if !strings.Contains(all, want) {
			t.Fatalf("log lacks %q:\n%s", want, all)
		}
	}
	if n := strings.Count(all, "boom"); n != 2 {
		t.Fatalf("%d reports, want 2 (each listener removed after its panic):\n%s", n, all)
	}
}

// With PanicFatal a listener's panic propagates as a *CallbackPanic naming
// the owner component and the event.
func TestListenerPanicFatal(t *testing.T) {
	s, tr, _ := newTestScene(t)
	s.PanicFatal = true
	a := NewNode("A")
	s.AddChild(a)
	owner := addProbe(a, tr, "owner")
	s.Launch()
	a.On("hit", func(*Event) { panic("boom") }, owner)
	defer func() {
		p, ok := recover().(*CallbackPanic)
		if !ok || p.Callback != "listener" || p.Event != "hit" || p.Node != "Scene/A" || p.Component != "*scenegraph.probe" || p.Value != "boom" {
			t.Fatalf("want *CallbackPanic for the listener, got %#v", p)
		}
		if a.HasListener("hit") {
			t.Fatal("the listener must be removed")
		}
	}()
	a.Emit("hit", nil)
	t.Fatal("panic did not propagate")
}

// Rule (item 5): a panic in a component's timer removes that timer and is
// reported with the node path and component type; the component stays
// enabled and the other timers of the frame run.
func TestTimerPanicReportsComponent(t *testing.T) {
	s, tr, lb := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	b := addProbe(n, tr, "b")
	s.Launch()
	id := a.Schedule(func(float64) {
		tr.add("a.timer")
		panic("tick-boom")
	}, 0, -1, 0)
	b.Schedule(func(float64) { tr.add("b.timer") }, 0, -1, 0)
	frame(s, 0.1) // primes
	frame(s, 0.1)
	frame(s, 0.1)
	eq(t, filter(tr.take(), "timer", "onDisable"), "a.timer", "b.timer", "b.timer")
	if !a.Enabled() || s.Scheduler().IsScheduled(id) {
		t.Fatal("the component stays enabled; the timer is removed")
	}
	all := strings.Join(lb.lines, "\n")
	if want := `panic in timer of *scenegraph.probe on node "Scene/N": tick-boom; the timer is removed`; !strings.Contains(all, want) {
		t.Fatalf("log lacks %q:\n%s", want, all)
	}
}

// With PanicFatal a timer's panic propagates as a *CallbackPanic naming the
// component.
func TestTimerPanicFatal(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	s.Launch()
	a.Schedule(func(float64) { panic("tick-boom") }, 0, -1, 0)
	frame(s, 0.1)
	s.PanicFatal = true // read when the panic happens
	defer func() {
		p, ok := recover().(*CallbackPanic)
		if !ok || p.Callback != "timer" || p.Node != "Scene/N" || p.Component != "*scenegraph.probe" || p.Value != "tick-boom" {
			t.Fatalf("want *CallbackPanic for the timer, got %#v", p)
		}
	}()
	frame(s, 0.1)
	t.Fatal("panic did not propagate")
}

// Component.ScheduleKey: the same key is one timer, updated in place; while
// the component is disabled its timers are paused.
func TestComponentScheduleKey(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	s.Launch()
	id := a.ScheduleKey("k", func(float64) { tr.add("old.timer") }, 0, -1, 0)
	if again := a.ScheduleKey("k", func(float64) { tr.add("new.timer") }, 0, -1, 0); again != id {
		t.Fatal("same key: same timer")
	}
	frame(s, 0.1)
	frame(s, 0.1)
	eq(t, filter(tr.take(), "timer"), "new.timer")
	a.SetEnabled(false)
	a.ScheduleKey("k2", func(float64) { tr.add("k2.timer") }, 0, -1, 0)
	frame(s, 0.1)
	eq(t, filter(tr.take(), "timer"))
	a.SetEnabled(true)
	frame(s, 0.1) // primes k2
	frame(s, 0.1)
	eq(t, filter(tr.take(), "timer"), "new.timer", "new.timer", "k2.timer")
	a.UnscheduleKey("k")
	if a.IsScheduledKey("k") || !a.IsScheduledKey("k2") {
		t.Fatal("UnscheduleKey")
	}
}

// Rule: OnEnable and OnDisable strictly alternate, also when a component is
// switched off, or its node deactivated, inside its own OnEnable.
func TestEnableDisableAlternate(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	once := true
	a.onEnable = func() {
		if once {
			once = false
			a.SetEnabled(false)
		}
	}
	s.Launch()
	eq(t, filter(tr.take(), "onEnable", "onDisable"), "a.onEnable", "a.onDisable")
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update", "start"))
	a.SetEnabled(true)
	a.SetEnabled(true) // no change, no call
	frame(s, 0.1)
	eq(t, filter(tr.take(), "onEnable", "onDisable", "start", "update"), "a.onEnable", "a.start", "a.update")

	deact := true
	a.onEnable = func() {
		if deact {
			deact = false
			n.SetActive(false)
		}
	}
	a.SetEnabled(false)
	a.SetEnabled(true)
	eq(t, filter(tr.take(), "onEnable", "onDisable"), "a.onDisable", "a.onEnable", "a.onDisable")
	if n.ActiveInHierarchy() || a.EnabledInHierarchy() {
		t.Fatal("node deactivated inside OnEnable must stay inactive and the component ineffective")
	}
	n.SetActive(true)
	eq(t, filter(tr.take(), "onEnable", "onDisable"), "a.onEnable")
}

// Rule: a component disabled and re-enabled moves to the end of its bucket.
func TestReenabledMovesToEndOfBucket(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	addProbe(n, tr, "b")
	neg := AddComponent(n, &probe{name: "n", tr: tr, order: -1})
	s.Launch()
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update"), "n.update", "a.update", "b.update")
	a.SetEnabled(false)
	a.SetEnabled(true)
	neg.SetEnabled(false)
	neg.SetEnabled(true)
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update", "lateUpdate"), "n.update", "b.update", "a.update", "n.lateUpdate", "b.lateUpdate", "a.lateUpdate")
}

// Rule: Start runs once, before the first Update. Enabled between frames:
// starts and updates in the coming frame. Enabled inside a Start: Start in the
// extra pass, Update in the same frame. Enabled in that extra pass or during
// update/lateUpdate: Start at the end of lateUpdatePhase, first Update in the
// next frame. Every Update precedes every LateUpdate.
func TestStartTiming(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	mkOff := func(name string) *probe {
		p := &probe{name: name, tr: tr}
		p.SetEnabled(false)
		return AddComponent(n, p)
	}
	b, c, d, e, f := mkOff("b"), mkOff("c"), mkOff("d"), mkOff("e"), mkOff("f")
	a.start = func() { b.SetEnabled(true) }
	b.start = func() { c.SetEnabled(true) }
	firstUpdate := true
	a.update = func(float64) {
		if firstUpdate {
			firstUpdate = false
			d.SetEnabled(true)
		}
	}
	a.lateUpdate = func(float64) {
		if !f.Enabled() {
			f.SetEnabled(true)
		}
	}
	s.Launch()
	tr.take()
	frame(s, 0.1)
	eq(t, filter(tr.take(), "start", "update", "lateUpdate"),
		"a.start", "b.start",
		"a.update", "b.update",
		"a.lateUpdate", "b.lateUpdate",
		"c.start", "d.start", "f.start")
	e.SetEnabled(true)
	frame(s, 0.1)
	eq(t, filter(tr.take(), "start", "update"),
		"e.start",
		"a.update", "b.update", "c.update", "d.update", "f.update", "e.update")
	frame(s, 0.1)
	if got := strings.Count(strings.Join(tr.take(), " "), "start"); got != 0 {
		t.Fatalf("Start ran again: %d times", got)
	}
}

// Rule: lists may change while walked: disabled or destroyed before its turn
// is not called, nobody twice, nobody skipped, one added is not called in
// the walk under way.
func TestListChangesDuringWalk(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	b := addProbe(n, tr, "b")
	c := addProbe(n, tr, "c")
	d := addProbe(n, tr, "d")
	s.Launch()
	frame(s, 0.1)
	tr.take()
	var e *probe
	a.update = func(float64) {
		b.SetEnabled(false)
		c.Destroy()
		e = addProbe(n, tr, "e")
		a.SetEnabled(false) // itself: re-added later must not run twice
		a.SetEnabled(true)
	}
	d.update = func(float64) { b.SetEnabled(true) }
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update", "onDisable", "onEnable", "onLoad", "start"),
		"a.update", "b.onDisable", "c.onDisable", "e.onLoad", "e.onEnable", "a.onDisable", "a.onEnable",
		"d.update", "b.onEnable", "e.start")
	a.update, d.update = nil, nil
	frame(s, 0.1)
	// The deferred ones in the order their OnEnable finished: e, a, b.
	eq(t, filter(tr.take(), "update"), "d.update", "e.update", "a.update", "b.update")
	_ = e
}

// Rule: Destroy calls OnDisable at once and OnDestroy in the deferred step,
// children before parents; the node stays in its parent until then; objects
// destroyed inside OnDestroy wait for the next frame; a second Destroy
// returns false; IsValid turns false after the step, the strict check at once.
func TestDeferredDestroy(t *testing.T) {
	s, tr, _ := newTestScene(t)
	p, c, g := NewNode("P"), NewNode("C"), NewNode("G")
	s.AddChild(p)
	p.AddChild(c)
	c.AddChild(g)
	pp := addProbe(p, tr, "p")
	addProbe(c, tr, "c")
	gp := addProbe(g, tr, "g")
	other := NewNode("Other")
	s.AddChild(other)
	op := addProbe(other, tr, "o")
	never := NewNode("Never")
	never.SetActive(false)
	s.AddChild(never)
	addProbe(never, tr, "never")
	s.Launch()
	frame(s, 0.1)
	tr.take()

	gp.onDestroy = func() { other.Destroy() }
	if !p.Destroy() || p.Destroy() {
		t.Fatal("Destroy must return true once, then false")
	}
	eq(t, tr.take(), "p.onDisable", "c.onDisable", "g.onDisable")
	if p.Parent() != &s.Node || !p.IsValid() || p.IsValidStrict() || !pp.IsValid() {
		t.Fatal("a destroyed node stays in its parent and valid (not strictly) until the deferred step")
	}
	never.Destroy()
	frame(s, 0.1)
	eq(t, filter(tr.take(), "onDestroy", "onDisable", "update"), "o.update", "g.onDestroy", "o.onDisable", "c.onDestroy", "p.onDestroy")
	if p.IsValid() || pp.IsValid() || p.Parent() != nil || s.ChildByName("P") != nil {
		t.Fatal("after the deferred step the node is invalid and out of the tree")
	}
	if !op.IsValid() || other.Parent() == nil {
		t.Fatal("a node destroyed inside OnDestroy waits for the next frame")
	}
	frame(s, 0.1)
	eq(t, filter(tr.take(), "onDestroy"), "o.onDestroy")

	// A component alone.
	q := addProbe(&s.Node, tr, "q")
	tr.take()
	q.Destroy()
	eq(t, tr.take(), "q.onDisable")
	frame(s, 0.1)
	eq(t, filter(tr.take(), "onDestroy", "update"), "q.onDestroy")
	if GetComponent[*probe](&s.Node) != nil {
		t.Fatal("destroyed component still attached")
	}
}

// Rule: a node being deactivated cannot be re-activated from inside its own
// OnDisable: a clear error, and it stays inactive.
func TestNoReactivationInsideOnDisable(t *testing.T) {
	s, tr, lb := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	s.Launch()
	tr.take()
	a.onDisable = func() { n.SetActive(true) }
	n.SetActive(false)
	eq(t, tr.take(), "a.onDisable")
	if n.Active() || n.ActiveInHierarchy() || a.EnabledInHierarchy() {
		t.Fatal("node re-activated from its own OnDisable")
	}
	if len(lb.lines) != 1 || !strings.Contains(lb.lines[0], `"Scene/N"`) || !strings.Contains(lb.lines[0], "being deactivated") {
		t.Fatalf("want one clear error naming the node, got %q", lb.lines)
	}
	a.onDisable = nil
	n.SetActive(true)
	eq(t, tr.take(), "a.onEnable")
}

// Rule: a panic in a callback is recovered, reported with the node path and
// component type, the component is disabled, and the frame goes on.
func TestPanicRecovered(t *testing.T) {
	s, tr, lb := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	addProbe(n, tr, "b")
	loader := &probe{name: "l", tr: tr}
	loader.onLoad = func() { panic("bad asset") }
	s.Launch()
	AddComponent(n, loader)
	a.update = func(float64) { panic("boom") }
	frame(s, 0.1)
	got := filter(tr.take(), "update", "onDisable", "lateUpdate")
	eq(t, got, "a.update", "a.onDisable", "b.update", "b.lateUpdate")
	if a.Enabled() || loader.Enabled() {
		t.Fatal("a panicking component must be disabled")
	}
	all := strings.Join(lb.lines, "\n")
	for _, want := range []string{`panic in *scenegraph.probe.Update on node "Scene/N": boom`, `panic in *scenegraph.probe.OnLoad on node "Scene/N": bad asset`} {
		if !strings.Contains(all, want) {
			t.Fatalf("report lacks %q:\n%s", want, all)
		}
	}
}

// PanicFatal turns the recovery off: the panic reaches the caller as a
// *CallbackPanic.
func TestPanicFatal(t *testing.T) {
	s, tr, _ := newTestScene(t)
	s.PanicFatal = true
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	a.update = func(float64) { panic("boom") }
	s.Launch()
	defer func() {
		p, ok := recover().(*CallbackPanic)
		if !ok || p.Callback != "Update" || p.Node != "Scene/N" || p.Component != "*scenegraph.probe" {
			t.Fatalf("want *CallbackPanic for Update on Scene/N, got %#v", p)
		}
	}()
	frame(s, 0.1)
	t.Fatal("panic did not propagate")
}

// Rule (§5): a component's timers run after every Update and before any
// LateUpdate, pause while it is disabled (also when scheduled disabled), and
// die with it.
func TestComponentTimers(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	a := addProbe(n, tr, "a")
	addProbe(n, tr, "b")
	off := &probe{name: "off", tr: tr}
	off.SetEnabled(false)
	AddComponent(n, off)
	s.Launch()
	id := a.Schedule(func(float64) { tr.add("a.timer") }, 0, -1, 0)
	offID := off.Schedule(func(float64) { tr.add("off.timer") }, 0, -1, 0)
	frame(s, 0.1) // primes the timers
	tr.take()
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update", "timer", "lateUpdate"), "a.update", "b.update", "a.timer", "a.lateUpdate", "b.lateUpdate")
	a.SetEnabled(false)
	frame(s, 0.1)
	eq(t, filter(tr.take(), "timer"))
	a.SetEnabled(true)
	off.SetEnabled(true)
	frame(s, 0.1)
	// off's timer was paused from the start: this update only primes it.
	eq(t, filter(tr.take(), "timer"), "a.timer")
	a.Destroy()
	frame(s, 0.1)
	if s.Scheduler().IsScheduled(id) || !s.Scheduler().IsScheduled(offID) {
		t.Fatal("timers must die with their component, and only with it")
	}
	eq(t, filter(tr.take(), "timer"), "off.timer")
}

// Rule: OnDestroy runs only if OnLoad ran; a scene's Unload disables in
// pre-order, then destroys children before parents.
func TestSceneUnloadOrder(t *testing.T) {
	s, tr, _ := newTestScene(t)
	a, b := NewNode("A"), NewNode("B")
	s.AddChild(a)
	a.AddChild(b)
	addProbe(&s.Node, tr, "root")
	addProbe(a, tr, "a")
	addProbe(b, tr, "b")
	s.Launch()
	tr.take()
	s.Unload()
	eq(t, filter(tr.take(), "onDisable", "onDestroy"),
		"root.onDisable", "a.onDisable", "b.onDisable", "b.onDestroy", "a.onDestroy", "root.onDestroy")
	if a.IsValid() {
		t.Fatal("unloaded scene's nodes must be invalid")
	}
}

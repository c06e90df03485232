package scenegraph

import (
	"fmt"

	"github.com/tact-engine/tact/core"
)

// Behavior is what every component is: a value whose type embeds Component.
// The unexported-looking Base method is promoted from the embedded Component,
// so any struct that embeds Component satisfies Behavior.
type Behavior interface {
	// Base returns the embedded Component.
	Base() *Component
}

// compState is the lifecycle progress of one component.
type compState uint16

const (
	preloadStarted compState = 1 << iota
	onLoadStarted
	onLoadCalled
	onEnableCalled
	startCalled
	toDestroy
	destroyed
	deferredStart // in the scheduler's deferred list
	preloadCalled
)

// Component is the base every component embeds. Its zero value is an enabled
// component that is not yet attached to a node.
type Component struct {
	// The fields extraction reads every frame come last, next to the
	// fields of the type that embeds Component (a Sprite's texture, size
	// and colour), so that one or two cache lines hold all a frame reads
	// of a component; tens of thousands of sprites are walked per frame.

	self     Behavior
	typeName string
	order    int
	index    int32  // in node.comps, kept exact (see holes.go)
	epoch    uint32 // bumped on every enable; detects re-entrant enables
	// activation is the serial of the last staged activation that took the
	// component in (NodeActivator.serial); it lets SetEnabled find that
	// activation while its stages run.
	activation uint64
	// timers is the scheduler of the component's first Schedule (its scene's
	// at the time); components without timers never touch a scheduler when
	// they are enabled or disabled.
	timers *core.Scheduler

	slots        [numLists]int32 // index in each ComponentScheduler list; noSlot when absent
	shadowCaster ShadowCaster

	node       *Node
	renderable Renderable
	state      compState
	calls      callbacks // the lifecycle interfaces self implements
	disabled   bool
}

// callbacks is the set of lifecycle interfaces (Preloader, Loader, ...) a
// component implements, found once when it is added to a node. The
// callbacks themselves are reached through Component.self: one word per
// component instead of an interface value per callback keeps components
// small, which is what walking many of them per frame costs.
type callbacks uint16

const (
	hasPreload callbacks = 1 << iota
	hasOnLoad
	hasOnEnable
	hasStart
	hasUpdate
	hasLateUpdate
	hasFixedUpdate
	hasOnDisable
	hasOnDestroy
)

// callbacksOf returns the lifecycle interfaces b implements.
func callbacksOf(b Behavior) callbacks {
	var k callbacks
	if _, ok := b.(Preloader); ok {
		k |= hasPreload
	}
	if _, ok := b.(Loader); ok {
		k |= hasOnLoad
	}
	if _, ok := b.(Enabler); ok {
		k |= hasOnEnable
	}
	if _, ok := b.(Starter); ok {
		k |= hasStart
	}
	if _, ok := b.(Updater); ok {
		k |= hasUpdate
	}
	if _, ok := b.(LateUpdater); ok {
		k |= hasLateUpdate
	}
	if _, ok := b.(FixedUpdater); ok {
		k |= hasFixedUpdate
	}
	if _, ok := b.(Disabler); ok {
		k |= hasOnDisable
	}
	if _, ok := b.(Destroyer); ok {
		k |= hasOnDestroy
	}
	return k
}

// Base returns c itself; it makes every type that embeds Component a Behavior.
func (c *Component) Base() *Component { return c }

// Node returns the node the component is attached to, or nil before
// AddComponent and after the component is destroyed.
func (c *Component) Node() *Node { return c.node }

// Enabled reports the component's own enabled flag, whatever its node's state.
func (c *Component) Enabled() bool { return !c.disabled }

// EnabledInHierarchy reports whether the component is effective: enabled,
// and OnEnable has run for its current activation.
func (c *Component) EnabledInHierarchy() bool { return c.state&onEnableCalled != 0 }

// TypeName is the component's Go type as reported in errors, e.g. "*game.Player".
func (c *Component) TypeName() string { return c.typeName }

// IsValid reports whether the component is attached and its deferred destroy
// has not happened yet. It stays true between Destroy and the end of the frame.
func (c *Component) IsValid() bool { return c.node != nil && c.state&destroyed == 0 }

// IsValidStrict is IsValid that turns false as soon as Destroy is called.
func (c *Component) IsValidStrict() bool { return c.IsValid() && c.state&toDestroy == 0 }

// SetEnabled switches the component on or off. On an active node the change
// takes effect at once: OnEnable or OnDisable runs before SetEnabled returns
// (OnLoad first, if it has not run yet). One exception: while the staged
// activation that takes c's node in is in its Preload or OnLoad stage (c
// enabled from a Preload or OnLoad of that activation), c joins the
// activation's OnEnable stage instead, in execution order with the others,
// after every OnLoad of the stage, its own included.
func (c *Component) SetEnabled(on bool) {
	if c.disabled == !on {
		return
	}
	if on && c.state&(toDestroy|destroyed) != 0 {
		return
	}
	c.disabled = !on
	n := c.node
	if n == nil || !n.activeInHierarchy || n.scene == nil {
		return
	}
	if on {
		if t := n.scene.activator.stagedTask(c); t != nil {
			t.onEnable = append(t.onEnable, c)
			return
		}
		n.scene.activator.activateComp(c, nil)
	} else {
		n.scene.comps.disableComp(c)
	}
}

// Destroy schedules the component for destruction: OnDisable runs at once
// (if it is effective), OnDestroy in the scene's deferred-destroy step. It
// returns false if the component was already destroyed or scheduled.
func (c *Component) Destroy() bool {
	if c.node == nil || c.state&(toDestroy|destroyed) != 0 {
		return false
	}
	c.state |= toDestroy
	n := c.node
	if n.scene == nil {
		destroyComponentNow(c)
		return true
	}
	n.scene.comps.disableComp(c)
	n.scene.destroyQueue = append(n.scene.destroyQueue, pendingDestroy{comp: c})
	return true
}

// moveTimers takes c's timers along when its node changes scene (a persist
// root node moving to the next scene): they go to s's scheduler, or, with no
// scene, to a scheduler of their own that nothing updates, until the node
// joins a scene again.
func (c *Component) moveTimers(s *Scene) {
	if c.timers == nil {
		return
	}
	to := core.NewScheduler()
	if s != nil {
		if s.timers == c.timers {
			return
		}
		to = s.timers
	}
	c.timers.MoveTarget(c, to)
	c.timers = to
}

// Schedule runs fn every interval seconds (every frame when interval is 0),
// repeat+1 times (forever with core.RepeatForever), after an initial delay.
// Timers run after every Update and before any LateUpdate, pause while the
// component is not enabled in hierarchy, and die with the component. A timer
// whose fn panics is removed and the panic reported (see
// Scene.Scheduler); the component stays enabled. It returns 0 when the
// component is not in a scene.
func (c *Component) Schedule(fn func(dt float64), interval float64, repeat int, delay float64) core.TimerID {
	if c.timers == nil && c.node != nil && c.node.scene != nil {
		c.timers = c.node.scene.timers
	}
	if c.timers == nil || c.state&(toDestroy|destroyed) != 0 {
		return 0
	}
	return c.timers.Schedule(c, fn, interval, repeat, delay, !c.EnabledInHierarchy())
}

// ScheduleOnce runs fn once, delay seconds from now, under the same rules as
// Schedule.
func (c *Component) ScheduleOnce(fn func(dt float64), delay float64) core.TimerID {
	return c.Schedule(fn, 0, 0, delay)
}

// ScheduleKey is Schedule for a timer whose identity is key: while a timer
// of the component with that key is scheduled, ScheduleKey updates it in
// place (function, interval, repeat, delay; see core.Scheduler.ScheduleKey)
// instead of adding a second one, as Cocos' schedule() does for a callback
// already scheduled. key must be comparable and not nil. It returns 0 when
// the component is not in a scene.
func (c *Component) ScheduleKey(key any, fn func(dt float64), interval float64, repeat int, delay float64) core.TimerID {
	if c.timers == nil && c.node != nil && c.node.scene != nil {
		c.timers = c.node.scene.timers
	}
	if c.timers == nil || c.state&(toDestroy|destroyed) != 0 {
		return 0
	}
	if !c.EnabledInHierarchy() {
		c.timers.PauseTarget(c)
	}
	return c.timers.ScheduleKey(c, key, fn, interval, repeat, delay)
}

// UnscheduleKey stops the component's timer with the given key, if any.
func (c *Component) UnscheduleKey(key any) {
	if c.timers != nil {
		c.timers.UnscheduleKey(c, key)
	}
}

// IsScheduledKey reports whether the component has a timer with the given
// key.
func (c *Component) IsScheduledKey(key any) bool {
	return c.timers != nil && c.timers.IsScheduledKey(c, key)
}

// Unschedule stops one of the component's timers.
func (c *Component) Unschedule(id core.TimerID) {
	if c.timers != nil {
		c.timers.Unschedule(id)
	}
}

// UnscheduleAll stops all of the component's timers.
func (c *Component) UnscheduleAll() {
	if c.timers != nil {
		c.timers.UnscheduleAllForTarget(c)
	}
}

// String names the component and its node, as in `*game.Player on "Root/Hero"`.
func (c *Component) String() string {
	if c.node == nil {
		return c.typeName + " (detached)"
	}
	return fmt.Sprintf("%s on %q", c.typeName, c.node.Path())
}

// AddComponent attaches c to node n and returns c. n emits
// EventComponentAdded (Arg c) first; then, on a node that is active in
// hierarchy, c's Preload, OnLoad and OnEnable run before AddComponent
// returns. Attaching a component that already has a node, or to a destroyed
// node, reports an error through the scene's logger and leaves c detached.
func AddComponent[P Behavior](n *Node, c P) P {
	if err := n.attach(c); err != nil {
		n.logf("%v", err)
	}
	return c
}

// GetComponent returns the first component of type T on n, or the zero T.
func GetComponent[T Behavior](n *Node) T {
	t, _ := findComponent[T](n)
	return t
}

func findComponent[T Behavior](n *Node) (T, bool) {
	for _, b := range n.compsNow() {
		if t, ok := b.(T); ok && b.Base().state&destroyed == 0 {
			return t, true
		}
	}
	var zero T
	return zero, false
}

// GetComponents appends every component of type T on n to dst and returns it.
func GetComponents[T Behavior](n *Node, dst []T) []T {
	for _, b := range n.compsNow() {
		if t, ok := b.(T); ok && b.Base().state&destroyed == 0 {
			dst = append(dst, t)
		}
	}
	return dst
}

// GetComponentInChildren returns the first component of type T on n or its
// descendants, in pre-order, or the zero T.
func GetComponentInChildren[T Behavior](n *Node) T {
	t, _ := findInChildren[T](n)
	return t
}

func findInChildren[T Behavior](n *Node) (T, bool) {
	if t, ok := findComponent[T](n); ok {
		return t, true
	}
	for _, ch := range n.kids() {
		if t, ok := findInChildren[T](ch); ok {
			return t, true
		}
	}
	var zero T
	return zero, false
}

func (n *Node) attach(b Behavior) error {
	c := b.Base()
	if c.node != nil || c.state&destroyed != 0 {
		return fmt.Errorf("scenegraph: AddComponent(%T) on %q: component already attached or destroyed", b, n.Path())
	}
	if n.state&(nodeToDestroy|nodeDestroyed) != 0 {
		return fmt.Errorf("scenegraph: AddComponent(%T) on %q: node is destroyed", b, n.Path())
	}
	c.self = b
	c.typeName = fmt.Sprintf("%T", b)
	c.node = n
	c.slots = [numLists]int32{noSlot, noSlot, noSlot, noSlot}
	c.calls = callbacksOf(b)
	c.renderable, _ = b.(Renderable)
	c.shadowCaster, _ = b.(ShadowCaster)
	if o, ok := b.(ExecutionOrderer); ok {
		c.order = o.ExecutionOrder()
	}
	c.index = int32(len(n.comps))
	n.comps = append(n.comps, b)
	n.emitLocal(EventComponentAdded, b)
	if n.activeInHierarchy && n.scene != nil && c.node == n {
		n.scene.activator.activateComp(c, nil)
	}
	return nil
}

// destroyComponentNow is the deferred half of Destroy: OnDisable if still
// effective, OnDestroy if OnLoad ran, then the component leaves its node,
// which emits EventComponentRemoved.
func destroyComponentNow(c *Component) {
	if c.state&destroyed != 0 {
		return
	}
	c.state |= toDestroy
	n := c.node
	c.UnscheduleAll()
	s := n.scene
	if s != nil {
		s.comps.disableComp(c)
		s.comps.forget(c)
	}
	if c.calls&hasOnDestroy != 0 && c.state&onLoadCalled != 0 {
		s.callback(c, callOnDestroy) // s may be nil: the node left its scene
	}
	c.state |= destroyed
	n.dropComp(c)
	if n.state&nodeDestroying == 0 { // a dying node drops its whole list
		n.queueCompact()
	}
	c.node = nil
	n.emitLocal(EventComponentRemoved, c.self)
}

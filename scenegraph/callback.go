package scenegraph

import (
	"fmt"
	"runtime/debug"

	"github.com/tact-engine/tact/core"
)

type callKind uint8

const (
	callPreload callKind = iota
	callOnLoad
	callOnEnable
	callStart
	callOnDisable
	callOnDestroy
)

var callNames = [...]string{"Preload", "OnLoad", "OnEnable", "Start", "OnDisable", "OnDestroy"}

// CallbackPanic describes a panic recovered from a component callback, a
// component's timer (Callback "timer") or a node-event listener (Callback
// "listener").
type CallbackPanic struct {
	// Node is the path of the component's node; for a listener without a
	// component owner, the path of its owner node, or else of the node it
	// listens on.
	Node string
	// Component is the component's Go type; empty for a listener or timer
	// that belongs to no component.
	Component string
	// Callback is the lifecycle method that panicked, e.g. "Update", or
	// "timer" or "listener".
	Callback string
	// Event is the event type of a panicking listener; empty otherwise.
	Event string
	// Value is what was passed to panic.
	Value any
	// Stack is the goroutine stack at the panic.
	Stack []byte
}

// Error names the component type, the callback (for a listener, the event
// type), the node path and the panic value.
func (p *CallbackPanic) Error() string {
	switch p.Callback {
	case "listener", "timer":
		what := p.Callback
		if p.Event != "" {
			what = fmt.Sprintf("listener for %q", p.Event)
		}
		if p.Component != "" {
			what += " of " + p.Component
		}
		return fmt.Sprintf("scenegraph: panic in %s on node %q: %v", what, p.Node, p.Value)
	}
	return fmt.Sprintf("scenegraph: panic in %s.%s on node %q: %v", p.Component, p.Callback, p.Node, p.Value)
}

// blame fills p's Node and Component from the owner of a timer or listener:
// a component names itself and its node, a node names itself; anything else
// names its type, with fallback as the node.
func (p *CallbackPanic) blame(owner any, fallback *Node) {
	n := fallback
	switch o := owner.(type) {
	case nil:
	case Behavior:
		c := o.Base()
		if p.Component = c.typeName; p.Component == "" {
			p.Component = fmt.Sprintf("%T", owner)
		}
		if c.node != nil {
			n = c.node
		}
	case *Node:
		n = o
	default:
		p.Component = fmt.Sprintf("%T", owner)
	}
	if n != nil {
		p.Node = n.Path()
	}
}

// raise is the end of every report of a recovered panic (lifecycle
// callbacks, timers, listeners, and engine systems through ReportPanic): in
// PanicFatal mode it
// panics with p (or with the *CallbackPanic that is already propagating
// from a nested callback, unchanged), otherwise it logs p with consequence.
func (s *Scene) raise(p *CallbackPanic, consequence string) {
	if s != nil && s.PanicFatal {
		if inner, ok := p.Value.(*CallbackPanic); ok {
			panic(inner)
		}
		panic(p)
	}
	if consequence != "" {
		consequence = "; " + consequence
	}
	loggerOf(s).Printf("%v%s\n%s", p, consequence, p.Stack)
}

// timerPanic is the panic handler of the scene's timer scheduler: the
// report names the timer's component (type and node path). The scheduler
// has already removed the timer; the component stays enabled. In
// PanicFatal mode the panic propagates out of the scheduler's Update as a
// *CallbackPanic with Callback "timer".
func (s *Scene) timerPanic(tp *core.TimerPanic) {
	p := &CallbackPanic{Callback: "timer", Value: tp.Value, Stack: tp.Stack}
	p.blame(tp.Target, nil)
	s.raise(p, "the timer is removed")
}

// listenerPanic is the panic handler of n's node events: the report blames
// the listener's owner (a component: its type and node path; a node: its
// path), or n for a listener without owner. The EventTarget has already
// removed the listener and goes on with the next one; the component whose
// code called Emit or Dispatch is not disabled, nor is the owner. In
// PanicFatal mode the panic propagates out of Emit as a *CallbackPanic with
// Callback "listener".
func (n *Node) listenerPanic(lp *core.ListenerPanic) {
	p := &CallbackPanic{Callback: "listener", Event: lp.Event, Value: lp.Value, Stack: lp.Stack}
	p.blame(lp.Owner, n)
	s := n.scene
	if c, ok := lp.Owner.(Behavior); ok && s == nil && c.Base().node != nil {
		s = c.Base().node.scene
	}
	s.raise(p, "the listener is removed")
}

// callback runs one of c's non-per-frame callbacks, recovering a panic. s
// may be nil for a component whose node left every scene.
func (s *Scene) callback(c *Component, kind callKind) {
	if s != nil && s.hook != nil {
		s.hook(c, callNames[kind], false)
		defer s.hook(c, callNames[kind], true)
	}
	defer func() {
		if r := recover(); r != nil {
			s.handlePanic(c, callNames[kind], r)
		}
	}()
	switch kind {
	case callPreload:
		c.self.(Preloader).Preload()
	case callOnLoad:
		c.self.(Loader).OnLoad()
	case callOnEnable:
		c.self.(Enabler).OnEnable()
	case callStart:
		c.self.(Starter).Start()
	case callOnDisable:
		c.self.(Disabler).OnDisable()
	case callOnDestroy:
		c.self.(Destroyer).OnDestroy()
	}
}

// SetCallbackHook installs h (nil removes it): it is called with end false
// just before each lifecycle callback of the scene's components runs, and
// with end true just after it returns (also after a recovered panic in
// OnLoad, OnEnable, Start, OnDisable and OnDestroy; after a panic in
// Update, LateUpdate or FixedUpdate no end call comes). callback is the
// method's name, e.g. "Update". Frame tracers use it; without a hook each
// callback pays one nil check.
func (s *Scene) SetCallbackHook(h func(c *Component, callback string, end bool)) { s.hook = h }

// handlePanic reports a recovered panic and disables the component, or
// re-panics when the scene is in PanicFatal mode.
func (s *Scene) handlePanic(c *Component, callback string, r any) {
	p := &CallbackPanic{Component: c.typeName, Callback: callback, Value: r}
	if c.node != nil {
		p.Node = c.node.Path()
	}
	// A listener of a handler-less Signal that the callback emitted
	// panicked: the Signal has already removed that listener, and the
	// component that emitted did nothing wrong, so it stays enabled; the
	// stack worth reading is the listener's.
	if lp, ok := r.(*core.ListenerPanic); ok {
		p.Stack = lp.Stack
		s.raise(p, "the listener is removed; the component goes on")
		return
	}
	p.Stack = debug.Stack()
	s.raise(p, "the component is disabled")
	if callback != "OnDestroy" && callback != "OnDisable" {
		c.SetEnabled(false)
	}
}

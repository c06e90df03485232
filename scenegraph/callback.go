package scenegraph

import (
	"fmt"
	"runtime/debug"
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

// CallbackPanic describes a panic recovered from a component callback.
type CallbackPanic struct {
	// Node is the path of the component's node.
	Node string
	// Component is the component's Go type.
	Component string
	// Callback is the lifecycle method that panicked, e.g. "Update".
	Callback string
	// Value is what was passed to panic.
	Value any
	// Stack is the goroutine stack at the panic.
	Stack []byte
}

// Error names the component type, the callback, the node path and the
// panic value.
func (p *CallbackPanic) Error() string {
	return fmt.Sprintf("scenegraph: panic in %s.%s on node %q: %v", p.Component, p.Callback, p.Node, p.Value)
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
		c.preloader.Preload()
	case callOnLoad:
		c.loader.OnLoad()
	case callOnEnable:
		c.enabler.OnEnable()
	case callStart:
		c.starter.Start()
	case callOnDisable:
		c.disabler.OnDisable()
	case callOnDestroy:
		c.destroyer.OnDestroy()
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
	p := &CallbackPanic{Component: c.typeName, Callback: callback, Value: r, Stack: debug.Stack()}
	if c.node != nil {
		p.Node = c.node.Path()
	}
	if s != nil && s.PanicFatal {
		panic(p)
	}
	loggerOf(s).Printf("%v; the component is disabled\n%s", p, p.Stack)
	if callback != "OnDestroy" && callback != "OnDisable" {
		c.SetEnabled(false)
	}
}

package scenegraph

import (
	"fmt"

	"github.com/tact-engine/tact/core"
)

// Listeners is the signal type of components' events (ui's Button.Click,
// Toggle.Toggled, TextInput.Changed and Submitted, ScrollView.Scrolled,
// particle's Emitter.Finished): a core.Signal, with its guarantees (subscription order, additions and
// removals during Emit, no allocation in Emit), that treats a listener's
// panic as the engine treats any user code's:
//
//   - the panic is recovered and reported through ReportPanic,
//     naming the emitting component's type and node path, to the logger of
//     that node's scene (standard error without one);
//   - the listener stays subscribed, so that a released game's button does
//     not go dead after one fault, and Emit goes on with the next listener;
//   - the first panic of each listener is reported, then its 2nd, 4th, 8th
//     and so on, each report saying how many there were, so that a listener
//     that fails on every frame (Scrolled while dragging) cannot flood the
//     log;
//   - when the node's scene is in PanicFatal mode (RunHeadless, tests),
//     every panic propagates out of Emit as a *CallbackPanic, as
//     a component callback's does (the core.Signal then drops that
//     listener, as it drops any whose panic propagates).
//
// The zero value is ready to use. Like core.Signal, it must not be copied
// after first use and belongs to the main thread. It holds no state a
// scene file saves.
type Listeners[T Behavior] struct {
	sig core.Signal[T]
}

// On subscribes fn and returns a function that unsubscribes it; see
// core.Signal.On. On panics if fn is nil.
func (l *Listeners[T]) On(fn func(T)) (off func()) { return l.add(fn, false) }

// Once subscribes fn for one call; see core.Signal.Once. A Once listener
// that panics is not called again either. Once panics if fn is nil.
func (l *Listeners[T]) Once(fn func(T)) (off func()) { return l.add(fn, true) }

// Emit calls every listener with v, whose node the panic reports name; see
// the type's documentation.
func (l *Listeners[T]) Emit(v T) { l.sig.Emit(v) }

// Len reports how many listeners are subscribed.
func (l *Listeners[T]) Len() int { return l.sig.Len() }

// Clear removes every listener; see core.Signal.Clear.
func (l *Listeners[T]) Clear() { l.sig.Clear() }

func (l *Listeners[T]) add(fn func(T), once bool) func() {
	if fn == nil {
		panic("scenegraph: Listeners listener is nil")
	}
	// Only a PanicFatal report gets past guard's recover: it must reach the
	// caller of Emit unchanged, not be logged again by the core.Signal.
	l.sig.SetPanicHandler(repanic)
	l.sig.SetPanicFatal(false)
	panics := 0 // this listener's, for the rate limit
	g := func(v T) {
		defer func() {
			if r := recover(); r != nil {
				panics++
				reportListenerPanic(v, r, panics)
			}
		}()
		fn(v)
	}
	if once {
		return l.sig.Once(g)
	}
	return l.sig.On(g)
}

// reportListenerPanic reports the panics-th panic r of a listener called
// for v, unless the rate limit holds it back. It is called from the
// recovering deferred function, so that the stack recorded is the
// panicking one.
func reportListenerPanic[T Behavior](v T, r any, panics int) {
	var n *Node
	if b := Behavior(v); b != nil { // components emit themselves, never nil
		n = b.Base().Node()
	}
	fatal := n != nil && n.Scene() != nil && n.Scene().PanicFatal
	if !fatal && panics&(panics-1) != 0 {
		return // not a power of two
	}
	consequence := "the listener stays subscribed"
	if panics > 1 {
		consequence = fmt.Sprintf("the listener stays subscribed (panic %d of this listener; repeats are reported at powers of two)", panics)
	}
	ReportPanic(n, v, "listener", r, consequence)
}

// repanic is the inner signal's panic handler: it lets a PanicFatal report
// (the only panic that escapes a guarded listener) propagate unchanged.
func repanic(p *core.ListenerPanic) { panic(p.Value) }

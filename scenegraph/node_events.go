package scenegraph

import "github.com/tact-engine/tact/core"

// Built-in node event types. Their Event.Arg is given with each.
const (
	// EventChildAdded is emitted on the parent; Arg is the new child (*Node).
	EventChildAdded = "child-added"
	// EventChildRemoved is emitted on the parent; Arg is the removed child
	// (*Node). For a destroyed node it comes in the deferred destroy step,
	// before the node's EventDestroyed and before any OnDestroy of its subtree
	// (as in Cocos Creator); descendants destroyed with it do not emit it.
	EventChildRemoved = "child-removed"
	// EventParentChanged is emitted on the node; Arg is the old parent (*Node, maybe nil).
	EventParentChanged = "parent-changed"
	// EventActiveInHierarchyChanged is emitted on the node whose SetActive or
	// SetParent changed its subtree's activity; Arg is the new state (bool).
	EventActiveInHierarchyChanged = "active-in-hierarchy-changed"
	// EventDestroyed is emitted on the node in its deferred destroy step,
	// after its parent's EventChildRemoved and before any OnDestroy of its
	// subtree (as Cocos Creator's NODE_DESTROYED); a destroyed subtree emits
	// it in pre-order. Right after it the node's listeners are removed. Arg
	// is the node.
	EventDestroyed = "destroyed"
	// EventComponentAdded is emitted on the node by AddComponent once the
	// component is attached, before its Preload (whether or not the node is
	// active); Arg is the component, the Behavior given to AddComponent.
	EventComponentAdded = "component-added"
	// EventComponentRemoved is emitted on the node when a destroyed component
	// has left it, after its OnDestroy; Arg is the component (a Behavior,
	// whose Node is nil by then). A node being destroyed has lost its
	// listeners when its components go (they are removed right after
	// EventDestroyed), so their removal reaches no listener, as in Cocos.
	EventComponentRemoved = "component-removed"
)

// Event is what node listeners receive.
type Event struct {
	// Type is the event's name.
	Type string
	// Target is the node the event was emitted or dispatched on.
	Target *Node
	// CurrentTarget is the node whose listener is running (an ancestor of
	// Target while the event bubbles).
	CurrentTarget *Node
	// Arg is the payload given to Emit or Dispatch.
	Arg     any
	stopped bool
}

// StopPropagation keeps a dispatched event from bubbling past the current node.
func (e *Event) StopPropagation() { e.stopped = true }

// Stopped reports whether StopPropagation was called.
func (e *Event) Stopped() bool { return e.stopped }

// On subscribes fn to events of type typ on n and returns the function that
// unsubscribes it. owner (usually the subscribing component; may be nil)
// groups listeners for Off and TargetOff; a listener whose owner is a
// component or node whose Destroy has been called is not called again, even
// before the deferred destroy step. Each call adds a listener; see OnKey for
// one with an identity.
//
// A listener that panics is removed and the panic reported through the
// scene's logger, blamed on the listener's owner (a component: its type and
// node path) or, without an owner, on n; the emit goes on with the next
// listener, and the component whose code emitted the event is not disabled.
// With the scene's PanicFatal the panic propagates as a *CallbackPanic with
// Callback "listener". On panics if fn is nil.
func (n *Node) On(typ string, fn func(*Event), owner any) (off func()) {
	return n.eventTarget().On(typ, eventFunc(fn), owner)
}

// Once is On for a single call.
func (n *Node) Once(typ string, fn func(*Event), owner any) (off func()) {
	return n.eventTarget().Once(typ, eventFunc(fn), owner)
}

// OnKey is On for a listener whose identity is (typ, owner, key): while a
// listener with that identity is subscribed, OnKey adds nothing (the first
// listener and its function stay, as Cocos ignores the same callback and
// target given twice) and returns the function that unsubscribes it. Keys
// must be comparable (a string, a pointer, a small struct); a nil key makes
// OnKey the same as On.
func (n *Node) OnKey(typ string, key any, fn func(*Event), owner any) (off func()) {
	return n.eventTarget().OnKey(typ, key, eventFunc(fn), owner)
}

// OnceKey is OnKey for a single call; once it has run, the identity is free
// again.
func (n *Node) OnceKey(typ string, key any, fn func(*Event), owner any) (off func()) {
	return n.eventTarget().OnceKey(typ, key, eventFunc(fn), owner)
}

// OffKey removes n's listener with identity (typ, owner, key), if any.
func (n *Node) OffKey(typ string, key, owner any) { n.events.OffKey(typ, key, owner) }

// eventTarget returns n's listeners, with the scene's panic reporting wired
// in on first use.
func (n *Node) eventTarget() *core.EventTarget {
	if !n.eventsWired {
		n.eventsWired = true
		n.events.SetPanicHandler(n.listenerPanic)
	}
	return &n.events
}

func eventFunc(fn func(*Event)) func(any) {
	if fn == nil {
		panic("scenegraph: node event listener is nil")
	}
	return func(a any) { fn(a.(*Event)) }
}

// Off removes n's listeners of type typ registered with owner (all of them
// when owner is nil).
func (n *Node) Off(typ string, owner any) { n.events.Off(typ, owner) }

// TargetOff removes every listener on n registered with owner.
func (n *Node) TargetOff(owner any) { n.events.TargetOff(owner) }

// HasListener reports whether n has a listener for typ.
func (n *Node) HasListener(typ string) bool { return n.events.HasListener(typ) }

// Emit calls n's listeners for typ, in subscription order. It does not bubble.
func (n *Node) Emit(typ string, arg any) {
	if !n.events.HasListener(typ) {
		return
	}
	e := &Event{Type: typ, Target: n, CurrentTarget: n, Arg: arg}
	n.events.Emit(typ, e)
}

// Dispatch calls the listeners for typ on n, then on each ancestor up to the
// root, until one calls StopPropagation. It returns the event.
func (n *Node) Dispatch(typ string, arg any) *Event {
	e := &Event{Type: typ, Target: n, Arg: arg}
	for cur := n; cur != nil && !e.stopped; cur = cur.parent {
		if cur.events.HasListener(typ) {
			e.CurrentTarget = cur
			cur.events.Emit(typ, e)
		}
	}
	return e
}

func (n *Node) emitLocal(typ string, arg any) { n.Emit(typ, arg) }

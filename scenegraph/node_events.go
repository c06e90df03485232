package scenegraph

// Built-in node event types. Their Event.Arg is given with each.
const (
	// EventChildAdded is emitted on the parent; Arg is the new child (*Node).
	EventChildAdded = "child-added"
	// EventChildRemoved is emitted on the parent; Arg is the removed child (*Node).
	EventChildRemoved = "child-removed"
	// EventParentChanged is emitted on the node; Arg is the old parent (*Node, maybe nil).
	EventParentChanged = "parent-changed"
	// EventActiveInHierarchyChanged is emitted on the node whose SetActive or
	// SetParent changed its subtree's activity; Arg is the new state (bool).
	EventActiveInHierarchyChanged = "active-in-hierarchy-changed"
	// EventDestroyed is emitted on the node in its deferred destroy; Arg is the node.
	EventDestroyed = "destroyed"
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
// destroyed component or node is not called again.
func (n *Node) On(typ string, fn func(*Event), owner any) (off func()) {
	return n.events.On(typ, func(a any) { fn(a.(*Event)) }, owner)
}

// Once is On for a single call.
func (n *Node) Once(typ string, fn func(*Event), owner any) (off func()) {
	return n.events.Once(typ, func(a any) { fn(a.(*Event)) }, owner)
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

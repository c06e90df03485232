package scenegraph

import (
	"cmp"
	"slices"
)

// NodeActivator activates and deactivates subtrees of one scene.
//
// Activation is staged: Preload for every component of the subtree (tree
// pre-order), then OnLoad for all, then OnEnable for all, the last two sorted
// by execution order. Activations nest: one started from inside a callback of
// another runs to completion first, and a deactivation cancels the pending
// stages of the components it switched off, in every activation under way.
//
// A component of the subtree that is enabled (SetEnabled(true)) during the
// Preload or OnLoad stage joins the OnEnable stage: its OnEnable runs in
// execution order with the others, after every OnLoad, never before its own.
// (Cocos calls it at once, before its OnLoad when that is still queued.)
// Enabled during the OnEnable stage, it is enabled at once, as in Cocos.
type NodeActivator struct {
	scene  *Scene
	stack  []*activationTask
	pool   []*activationTask
	snaps  [][]*Node // child snapshots reused by deactivation
	serial uint64    // of the last activation task started
}

type activationTask struct {
	preload, onLoad, onEnable []*Component
	serial                    uint64 // identifies the activation (tasks are pooled)
	enabling                  bool   // the OnEnable stage has begun
}

// stagedTask returns the activation under way that took c in and has not
// begun its OnEnable stage, or nil.
func (a *NodeActivator) stagedTask(c *Component) *activationTask {
	for i := len(a.stack) - 1; i >= 0; i-- {
		if t := a.stack[i]; t.serial == c.activation {
			if t.enabling {
				return nil
			}
			return t
		}
	}
	return nil
}

// sortQueue drops the entries a deactivation cancelled and sorts the rest
// by execution order, keeping tree order within one order.
func sortQueue(list []*Component) []*Component {
	list = slices.DeleteFunc(list, func(c *Component) bool { return c == nil })
	slices.SortStableFunc(list, func(a, b *Component) int { return cmp.Compare(a.order, b.order) })
	return list
}

func (a *NodeActivator) activateNode(n *Node, active bool) {
	if active {
		var t *activationTask
		if k := len(a.pool); k > 0 {
			t, a.pool = a.pool[k-1], a.pool[:k-1]
		} else {
			t = new(activationTask)
		}
		a.serial++
		t.serial, t.enabling = a.serial, false
		a.stack = append(a.stack, t)
		a.activateRecursively(n, t)
		a.invokePreload(t)
		a.invokeOnLoad(t)
		t.enabling = true
		a.invokeOnEnable(t)
		a.stack = a.stack[:len(a.stack)-1]
		a.pool = append(a.pool, t)
	} else {
		a.deactivateRecursively(n)
		for _, t := range a.stack {
			cancelInactive(t.preload, preloadStarted)
			cancelInactive(t.onLoad, onLoadStarted)
			cancelInactive(t.onEnable, 0)
		}
	}
	n.Emit(EventActiveInHierarchyChanged, n.activeInHierarchy)
}

// cancelInactive drops the queued components whose node went inactive, and
// clears flag so that their next activation queues them again.
func cancelInactive(list []*Component, flag compState) {
	for i, c := range list {
		if c != nil && (c.node == nil || !c.node.activeInHierarchy) {
			c.state &^= flag
			list[i] = nil
		}
	}
}

func (a *NodeActivator) activateRecursively(n *Node, t *activationTask) {
	if n.deactivating {
		n.logf("scenegraph: cannot activate %q while it is being deactivated", n.Path())
		return
	}
	n.activeInHierarchy = true
	for i, count := 0, len(n.compsNow()); i < count && i < len(n.comps); i++ {
		if b := n.comps[i]; b != nil {
			a.activateComp(b.Base(), t)
		}
	}
	for _, ch := range n.kids() {
		if ch != nil && ch.active {
			a.activateRecursively(ch, t)
		}
	}
}

// activateComp runs (or, with a task, queues) what c still needs of Preload,
// OnLoad and OnEnable.
func (a *NodeActivator) activateComp(c *Component, t *activationTask) {
	if c.state&(toDestroy|destroyed) != 0 {
		return
	}
	if t != nil {
		c.activation = t.serial
	}
	if c.state&preloadStarted == 0 {
		c.state |= preloadStarted
		if c.calls&hasPreload != 0 && t != nil {
			t.preload = append(t.preload, c)
		}
	}
	if t == nil {
		a.preloadNow(c)
	}
	if c.state&onLoadStarted == 0 {
		c.state |= onLoadStarted
		if c.calls&hasOnLoad == 0 {
			c.state |= onLoadCalled
		} else if t != nil {
			t.onLoad = append(t.onLoad, c)
		}
	}
	if t == nil {
		// Also when OnLoad is queued in an outer activation that has not
		// reached c: OnEnable must never come first.
		a.loadNow(c)
	}
	if !c.disabled && c.node != nil && c.node.activeInHierarchy {
		a.scene.comps.enableComp(c, t)
	}
}

func (a *NodeActivator) preloadNow(c *Component) {
	if c.calls&hasPreload != 0 && c.state&preloadCalled == 0 {
		c.state |= preloadCalled
		a.scene.callback(c, callPreload)
	}
}

func (a *NodeActivator) loadNow(c *Component) {
	a.preloadNow(c)
	if c.state&onLoadCalled == 0 {
		c.state |= onLoadCalled | onLoadStarted
		a.scene.callback(c, callOnLoad)
	}
}

func (a *NodeActivator) invokePreload(t *activationTask) {
	for i := 0; i < len(t.preload); i++ {
		if c := t.preload[i]; c != nil && c.state&(toDestroy|destroyed) == 0 {
			a.preloadNow(c)
		}
	}
	clear(t.preload)
	t.preload = t.preload[:0]
}

func (a *NodeActivator) invokeOnLoad(t *activationTask) {
	t.onLoad = sortQueue(t.onLoad)
	for i := 0; i < len(t.onLoad); i++ {
		if c := t.onLoad[i]; c != nil && c.state&(toDestroy|destroyed) == 0 {
			a.loadNow(c)
		}
	}
	clear(t.onLoad)
	t.onLoad = t.onLoad[:0]
}

func (a *NodeActivator) invokeOnEnable(t *activationTask) {
	t.onEnable = sortQueue(t.onEnable)
	for i := 0; i < len(t.onEnable); i++ {
		c := t.onEnable[i]
		if c == nil || c.disabled || c.state&(onEnableCalled|toDestroy|destroyed) != 0 ||
			c.node == nil || !c.node.activeInHierarchy {
			continue
		}
		a.loadNow(c)
		a.scene.comps.enableNow(c)
	}
	clear(t.onEnable)
	t.onEnable = t.onEnable[:0]
}

func (a *NodeActivator) deactivateRecursively(n *Node) {
	n.deactivating = true
	n.activeInHierarchy = false
	for i, count := 0, len(n.compsNow()); i < count && i < len(n.comps); i++ {
		if b := n.comps[i]; b != nil {
			a.scene.comps.disableComp(b.Base())
		}
	}
	// OnDisable may re-parent children: walk a snapshot, and skip any child
	// that left n meanwhile.
	snap := a.snapshot(n.kids())
	for _, ch := range snap {
		if ch.parent == n && ch.activeInHierarchy {
			a.deactivateRecursively(ch)
		}
	}
	a.release(snap)
	n.deactivating = false
}

func (a *NodeActivator) snapshot(children []*Node) []*Node {
	var s []*Node
	if k := len(a.snaps); k > 0 {
		s, a.snaps = a.snaps[k-1], a.snaps[:k-1]
	}
	return append(s[:0], children...)
}

func (a *NodeActivator) release(s []*Node) {
	clear(s)
	a.snaps = append(a.snaps, s[:0])
}

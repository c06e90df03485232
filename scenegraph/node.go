package scenegraph

import (
	"fmt"
	"strings"

	"github.com/tact-engine/tact/core"
)

type nodeState uint8

const (
	nodeToDestroy nodeState = 1 << iota
	nodeDestroying
	nodeDestroyed
	nodeCompactQueued // in its scene's compactQueue (see holes.go)
)

// Node is an element of the scene tree: a name, a transform, children and
// components. Create nodes with NewNode; a node takes part in the lifecycle
// once it is under a launched Scene.
type Node struct {
	// The fields are ordered for extraction, which walks tens of
	// thousands of nodes a frame: a Node takes 256 bytes, four cache
	// lines (the allocator's 256-byte size class keeps it aligned to
	// them), and
	// the walk reads the first line (children, components, layer and the
	// flags it tests), the second (the world matrix, alone on it), and
	// only for a node that moved the third (the local transform and the
	// parent). Names, listeners and the bookkeeping of holes and
	// activation come last, on lines the walk never reads.
	// TestNodeLayout pins the offsets.

	children []*Node // may hold holes (nil): see holes.go
	comps    []Behavior

	// Layer is a bit mask that cameras test against their own mask.
	Layer uint32

	activeInHierarchy bool
	fade              uint8 // 255 - opacity, so that the zero value is opaque (opacity.go)
	active            bool
	deactivating      bool
	eventsWired       bool // events has the scene's panic handler
	state             nodeState

	transform // identity and dirty on the first line, world on the second

	parent *Node
	scene  *Scene
	name   string

	index      int32 // n's index in parent.children, kept exact
	childHoles int32 // nil entries in children
	compHoles  int32 // nil entries in comps

	events core.EventTarget
}

// DefaultLayer is the layer bit of new nodes.
const DefaultLayer uint32 = 1

// EngineLayer is the layer bit reserved for the engine's own overlays (the
// stats overlay): a camera whose Visibility is zero does not see it, so game
// cameras never draw them.
const EngineLayer uint32 = 1 << 31

// NewNode returns an active, detached node with an identity transform.
func NewNode(name string) *Node {
	n := &Node{name: name, active: true, Layer: DefaultLayer}
	n.transform.init()
	return n
}

// Name returns the node's name.
func (n *Node) Name() string { return n.name }

// SetName renames the node.
func (n *Node) SetName(name string) { n.name = name }

// Parent returns the parent node, or nil for a root or a detached node.
func (n *Node) Parent() *Node { return n.parent }

// Scene returns the scene the node belongs to, or nil if it is detached.
func (n *Node) Scene() *Scene { return n.scene }

// Children returns the node's children. The slice belongs to the node: read
// it, do not keep or modify it.
func (n *Node) Children() []*Node { return n.kids() }

// ChildCount returns the number of children.
func (n *Node) ChildCount() int { return len(n.children) - int(n.childHoles) }

// Components returns the node's components. The slice belongs to the node.
func (n *Node) Components() []Behavior { return n.compsNow() }

// Active reports the node's own active flag.
func (n *Node) Active() bool { return n.active }

// ActiveInHierarchy reports whether the node and all its ancestors are
// active and the node is in a launched scene.
func (n *Node) ActiveInHierarchy() bool { return n.activeInHierarchy }

// IsValid reports whether the node has not been destroyed yet. It stays true
// between Destroy and the scene's deferred-destroy step.
func (n *Node) IsValid() bool { return n.state&nodeDestroyed == 0 }

// IsValidStrict is IsValid that turns false as soon as Destroy is called.
func (n *Node) IsValidStrict() bool { return n.state&(nodeDestroyed|nodeToDestroy) == 0 }

// Path returns the names from the root to n joined by "/", e.g. "Level/Hero".
func (n *Node) Path() string {
	if n.parent == nil {
		return n.name
	}
	var parts []string
	for p := n; p != nil; p = p.parent {
		parts = append(parts, p.name)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "/")
}

// String returns the node's path.
func (n *Node) String() string { return n.Path() }

// ChildByName returns the first child named name, or nil.
func (n *Node) ChildByName(name string) *Node {
	for _, c := range n.kids() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Find returns the descendant at a slash-separated path of child names
// relative to n ("Body/Arm/Hand"), or nil.
func (n *Node) Find(path string) *Node {
	cur := n
	for part := range strings.SplitSeq(path, "/") {
		if part == "" {
			continue
		}
		if cur = cur.ChildByName(part); cur == nil {
			return nil
		}
	}
	return cur
}

// SiblingIndex returns n's index among its parent's children, or -1.
func (n *Node) SiblingIndex() int {
	if n.parent == nil {
		return -1
	}
	// Closing the holes makes n.index count only siblings; a node that has
	// left (destroyed, its parent kept for paths until the end) is not there.
	kids := n.parent.kids()
	if i := int(n.index); i < len(kids) && kids[i] == n {
		return i
	}
	return -1
}

// SetSiblingIndex moves n to index i among its siblings (clamped).
func (n *Node) SetSiblingIndex(i int) {
	p := n.parent
	if p == nil {
		return
	}
	cur := n.SiblingIndex()
	i = max(0, min(i, len(p.children)-1))
	if cur < 0 || cur == i {
		return
	}
	if cur < i {
		copy(p.children[cur:i], p.children[cur+1:i+1])
	} else {
		copy(p.children[i+1:cur+1], p.children[i:cur])
	}
	p.children[i] = n
	for k := min(cur, i); k <= max(cur, i); k++ {
		p.children[k].index = int32(k)
	}
}

// AddChild makes child the last child of n; see SetParent.
func (n *Node) AddChild(child *Node) error { return child.SetParent(n) }

// RemoveChild detaches child from n; see SetParent.
func (n *Node) RemoveChild(child *Node) error {
	if child.parent != n {
		return fmt.Errorf("scenegraph: RemoveChild: %q is not a child of %q", child.Path(), n.Path())
	}
	return child.SetParent(nil)
}

// RemoveFromParent detaches n from its parent.
func (n *Node) RemoveFromParent() error { return n.SetParent(nil) }

// SetParent moves n under parent (nil detaches it), as the last child. The
// node keeps its local transform. If n's effective activity changes, its
// subtree is activated or deactivated before SetParent returns. It refuses,
// with an error, cycles, destroyed nodes, a scene root, and a node that is
// being deactivated.
func (n *Node) SetParent(parent *Node) error {
	if n.parent == parent {
		return nil
	}
	switch {
	case n.scene != nil && &n.scene.Node == n:
		return fmt.Errorf("scenegraph: SetParent(%q): a scene root has no parent", n.name)
	case n.state&nodeDestroyed != 0:
		return fmt.Errorf("scenegraph: SetParent(%q): node is destroyed", n.name)
	case parent != nil && parent.state&(nodeDestroyed|nodeToDestroy) != 0:
		return fmt.Errorf("scenegraph: SetParent(%q, %q): parent is destroyed", n.Path(), parent.Path())
	case n.deactivating:
		return fmt.Errorf("scenegraph: SetParent(%q): node is being deactivated", n.Path())
	}
	for p := parent; p != nil; p = p.parent {
		if p == n {
			return fmt.Errorf("scenegraph: SetParent(%q, %q): would make a cycle", n.Path(), parent.Path())
		}
	}
	old := n.parent
	var newScene *Scene
	if parent != nil {
		newScene = parent.scene
	}
	shouldBeActive := n.active && parent != nil && parent.activeInHierarchy
	if n.activeInHierarchy && (!shouldBeActive || newScene != n.scene) {
		n.scene.activator.activateNode(n, false)
	}
	if old != nil {
		old.dropChild(n)
		old.kids() // as before holes: a move leaves none behind
		old.emitLocal(EventChildRemoved, n)
	}
	n.parent = parent
	if parent != nil {
		n.index = int32(len(parent.children))
		parent.children = append(parent.children, n)
	}
	if newScene != n.scene {
		n.setScene(newScene)
	}
	n.invalidate()
	n.emitLocal(EventParentChanged, old)
	if parent != nil {
		parent.emitLocal(EventChildAdded, n)
	}
	if shouldBeActive && !n.activeInHierarchy {
		newScene.activator.activateNode(n, true)
	}
	return nil
}

func (n *Node) setScene(s *Scene) {
	n.scene = s
	n.markChanged()
	for _, b := range n.compsNow() {
		b.Base().moveTimers(s)
	}
	for _, c := range n.kids() {
		c.setScene(s)
	}
}

// SetActive sets the node's own active flag. If that changes whether the node
// is active in hierarchy, its subtree is activated (Preload, OnLoad, OnEnable
// in stages) or deactivated (OnDisable, pre-order) before SetActive returns.
// A node cannot be re-activated from inside its own deactivation: that is
// reported as an error and the node stays inactive.
func (n *Node) SetActive(active bool) {
	if n.active == active {
		return
	}
	if active && n.deactivating {
		n.logf("scenegraph: SetActive(true) on %q: the node is being deactivated; it stays inactive", n.Path())
		return
	}
	if active && n.state&(nodeToDestroy|nodeDestroyed) != 0 {
		n.logf("scenegraph: SetActive(true) on %q: the node is destroyed", n.Path())
		return
	}
	n.active = active
	if p := n.parent; p != nil && p.activeInHierarchy && n.scene != nil {
		n.scene.activator.activateNode(n, active)
	}
}

// Destroy schedules n and its subtree for destruction: the subtree is
// deactivated at once (OnDisable), and in the scene's deferred-destroy step
// n leaves its parent (which emits EventChildRemoved), n emits
// EventDestroyed and loses its listeners, and then its subtree is destroyed
// in the same way, children before parents: each child's subtree, then the
// node's own components, each getting OnDestroy. This is Cocos Creator's
// order (Node._onPreDestroy). It returns false if n was already destroyed or
// scheduled.
func (n *Node) Destroy() bool {
	if n.state&(nodeToDestroy|nodeDestroyed) != 0 {
		return false
	}
	if n.scene != nil && &n.scene.Node == n {
		n.logf("scenegraph: Destroy(%q): a scene root is destroyed with its scene", n.name)
		return false
	}
	n.state |= nodeToDestroy
	if n.active {
		n.active = false
		if n.activeInHierarchy {
			n.scene.activator.activateNode(n, false)
		}
	}
	if n.scene == nil {
		destroyNodeNow(n)
		return true
	}
	n.scene.destroyQueue = append(n.scene.destroyQueue, pendingDestroy{node: n})
	return true
}

// destroyNodeNow is the deferred half of Destroy, in the order of Cocos'
// Node._onPreDestroy: leave the parent (EventChildRemoved on it), emit
// EventDestroyed and drop the listeners, then destroy the children, then the
// node's components. n keeps its parent pointer until the end, so paths
// stay meaningful in the OnDestroy callbacks.
func destroyNodeNow(n *Node) {
	if n.state&(nodeDestroyed|nodeDestroying) != 0 {
		return
	}
	n.state |= nodeDestroying | nodeToDestroy
	parent := n.parent
	byParent := parent != nil && parent.state&nodeDestroying != 0
	if parent != nil && !byParent {
		parent.dropChild(n) // a hole, closed at the end of the step
		parent.queueCompact()
		parent.emitLocal(EventChildRemoved, n)
	}
	n.emitLocal(EventDestroyed, n)
	n.events = core.EventTarget{}
	n.eventsWired = false
	// Children destroyed by their parent stay in its list (they need no
	// removal), so no hole opens before i; a sibling moved away by a
	// callback leaves none either (SetParent closes it at once).
	for i := 0; i < len(n.children); i++ {
		if c := n.children[i]; c != nil {
			destroyNodeNow(c)
		}
	}
	// Components go first to last, each leaving a hole; a callback that
	// reads the list closes the holes (the list gets shorter), and then the
	// first one left is looked for from the start again.
	for j, l := 0, len(n.comps); ; {
		if len(n.comps) != l {
			j, l = 0, len(n.comps)
		}
		for j < l && n.comps[j] == nil {
			j++
		}
		if j == l {
			break
		}
		b := n.comps[j]
		destroyComponentNow(b.Base())
		if j < len(n.comps) && n.comps[j] == b { // a component that refused to leave; cannot happen, but never loop forever
			j++
		}
	}
	n.parent = nil
	n.children = nil
	n.comps = nil
	n.childHoles, n.compHoles = 0, 0
	n.activeInHierarchy = false
	n.state |= nodeDestroyed
	n.state &^= nodeDestroying
}

// logf reports an error through the node's scene logger (or the default one).
func (n *Node) logf(format string, args ...any) {
	loggerOf(n.scene).Printf(format, args...)
}

// Walk calls fn for n and every descendant in pre-order; returning false from
// fn skips that node's children.
func (n *Node) Walk(fn func(*Node) bool) {
	if !fn(n) {
		return
	}
	for _, c := range n.kids() {
		c.Walk(fn)
	}
}

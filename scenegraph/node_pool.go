package scenegraph

import (
	"errors"
	"fmt"
	"slices"
)

// Reuser is implemented by a component that wants to know when its node
// leaves a NodePool: Reuse runs in NodePool.Get, before Get returns the
// node, so before the node is added to a scene and gets OnEnable (Cocos'
// poolHandlerComp.reuse).
type Reuser interface{ Reuse() }

// Unuser is implemented by a component that wants to know when its node
// goes into a NodePool: Unuse runs in NodePool.Put, after the node left its
// parent (and so after its OnDisable), before it is pooled (Cocos'
// poolHandlerComp.unuse).
type Unuser interface{ Unuse() }

// NodePool keeps detached nodes for reuse, as Cocos Creator's NodePool: the
// bullets, coins and enemies a game makes and drops many times a second,
// whose creation (components, OnLoad) it pays once.
//
// What the lifecycle sees, as in Cocos (a pooled node is simply out of the
// scene):
//   - Put removes the node from its parent. If it was active in hierarchy,
//     its subtree's enabled components get OnDisable, at once; Unuse runs
//     after that. The node keeps its own active flag, its components, their
//     fields and its transform: nothing is destroyed, so OnDestroy does not
//     run.
//   - Get runs Reuse and returns the node, detached. Adding it under an
//     active node of a launched scene gives its enabled components OnEnable;
//     OnLoad and Start do not run again (they ran once, on the first
//     activation), and Update resumes in the next frame as for any node
//     enabled between frames.
//   - Clear destroys the nodes still pooled: OnDestroy, for those whose
//     OnLoad ran.
//
// Reuse and Unuse are called on the pooled node's own components (not its
// children's) that implement Reuser or Unuser, in component order. A reused
// node is as the game left it: reset what must be reset (position, speed,
// health) in Reuse or after Get.
//
// In steady state (as many Puts as Gets) Put and Get allocate nothing, nor
// does moving the node out of and back into the scene, unless one of its
// components keeps timers (Component.Schedule): a node leaving its scene
// takes its timers along in a scheduler of their own.
//
// A NodePool belongs to the main thread, like the nodes it holds. It
// outlives scene switches; the nodes it holds stay in memory until Get or
// Clear. The zero value is a pool with no New.
type NodePool struct {
	// New makes a node when Get finds the pool empty: a prefab's
	// instantiation, or code. Nil makes Get return nil then, as Cocos' get.
	New func() *Node

	nodes []*Node
}

// NewNodePool returns an empty pool whose Get calls newNode when it has no
// node to give (newNode may be nil; see NodePool.New).
func NewNodePool(newNode func() *Node) *NodePool { return &NodePool{New: newNode} }

// Size returns the number of nodes in the pool (Cocos' size()).
func (p *NodePool) Size() int { return len(p.nodes) }

// Get returns a pooled node, the one put last, after its components'
// Reuse; with none, it returns New() (nil when New is nil). The node is
// detached: add it where it belongs. Nodes destroyed or given a parent
// while pooled are dropped from the pool, never returned.
func (p *NodePool) Get() *Node {
	for len(p.nodes) > 0 {
		last := len(p.nodes) - 1
		n := p.nodes[last]
		p.nodes[last] = nil // the pool no longer keeps it alive
		p.nodes = p.nodes[:last]
		if n.parent != nil || !n.IsValidStrict() {
			continue
		}
		for _, b := range n.compsNow() {
			if r, ok := b.(Reuser); ok {
				r.Reuse()
			}
		}
		return n
	}
	if p.New == nil {
		return nil
	}
	return p.New()
}

// Put removes n from its parent (OnDisable for its subtree, if it was
// active in hierarchy), runs its components' Unuse and keeps it for Get.
// Putting a node that is already pooled does nothing. It refuses, with an
// error naming the node, nil, a destroyed node or one being destroyed, a
// scene root, and a node that cannot leave its parent now (one being
// deactivated, from its own OnDisable); the node is then not pooled.
func (p *NodePool) Put(n *Node) error {
	switch {
	case n == nil:
		return errors.New("scenegraph: NodePool.Put: nil node")
	case !n.IsValidStrict():
		return fmt.Errorf("scenegraph: NodePool.Put(%q): node is destroyed", n.Path())
	case n.scene != nil && &n.scene.Node == n:
		return fmt.Errorf("scenegraph: NodePool.Put(%q): a scene root cannot be pooled", n.name)
	}
	if slices.Contains(p.nodes, n) {
		return nil
	}
	if err := n.SetParent(nil); err != nil {
		return fmt.Errorf("scenegraph: NodePool.Put(%q): %w", n.Path(), err)
	}
	for _, b := range n.compsNow() {
		if u, ok := b.(Unuser); ok {
			u.Unuse()
		}
	}
	p.nodes = append(p.nodes, n)
	return nil
}

// Clear destroys every pooled node (OnDestroy for the components whose
// OnLoad ran) and empties the pool (Cocos' clear()).
func (p *NodePool) Clear() {
	nodes := p.nodes
	p.nodes = nil
	for _, n := range nodes {
		if n.parent == nil && n.IsValidStrict() {
			n.Destroy()
		}
	}
}

package scenegraph

// Removing a child or a component leaves a hole (nil) at its index instead
// of shifting the rest: the object's index field says where it is, so a
// removal costs O(1), and destroying n siblings (or n components of one
// node) costs O(n), not O(n²). The holes are closed in one pass, keeping
// the order of what stays (sibling indexes and component order are
// observable): at the end of the scene's deferred-destroy step for every
// node that got one, and before any public accessor (Children,
// Components, SiblingIndex...) returns, so that code outside the package
// never sees one. Internal walks that must not write (the transform
// workers run in parallel; extraction) skip nil entries instead.

// kids returns n's children, with any holes closed first.
func (n *Node) kids() []*Node {
	if n.childHoles > 0 {
		n.compactChildren()
	}
	return n.children
}

// compsNow returns n's components, with any holes closed first.
func (n *Node) compsNow() []Behavior {
	if n.compHoles > 0 {
		n.compactComps()
	}
	return n.comps
}

func (n *Node) compactChildren() {
	j := 0
	for _, c := range n.children {
		if c != nil {
			c.index = int32(j)
			n.children[j] = c
			j++
		}
	}
	clear(n.children[j:])
	n.children = n.children[:j]
	n.childHoles = 0
}

func (n *Node) compactComps() {
	j := 0
	for _, b := range n.comps {
		if b != nil {
			b.Base().index = int32(j)
			n.comps[j] = b
			j++
		}
	}
	clear(n.comps[j:])
	n.comps = n.comps[:j]
	n.compHoles = 0
}

// dropChild takes child out of n's children, leaving a hole.
func (n *Node) dropChild(child *Node) {
	i := int(child.index)
	if i < 0 || i >= len(n.children) || n.children[i] != child {
		// The index is kept exact; this is a guard, never the usual path.
		i = -1
		for k, c := range n.children {
			if c == child {
				i = k
				break
			}
		}
		if i < 0 {
			return
		}
	}
	n.children[i] = nil
	n.childHoles++
}

// dropComp takes c out of n's components, leaving a hole.
func (n *Node) dropComp(c *Component) {
	i := int(c.index)
	if i < 0 || i >= len(n.comps) || n.comps[i] == nil || n.comps[i].Base() != c {
		i = -1
		for k, b := range n.comps {
			if b != nil && b.Base() == c {
				i = k
				break
			}
		}
		if i < 0 {
			return
		}
	}
	n.comps[i] = nil
	n.compHoles++
}

// queueCompact has n's holes closed at the end of its scene's
// deferred-destroy step (a detached node's are closed when next read).
func (n *Node) queueCompact() {
	if n.state&nodeCompactQueued != 0 || n.scene == nil {
		return
	}
	n.state |= nodeCompactQueued
	n.scene.compactQueue = append(n.scene.compactQueue, n)
}

// compactQueued closes the holes of every node queued by queueCompact.
func (s *Scene) compactQueued() {
	for _, n := range s.compactQueue {
		n.state &^= nodeCompactQueued
		if n.childHoles > 0 {
			n.compactChildren()
		}
		if n.compHoles > 0 {
			n.compactComps()
		}
	}
	clear(s.compactQueue)
	s.compactQueue = s.compactQueue[:0]
}

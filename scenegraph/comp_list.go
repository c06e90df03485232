package scenegraph

import "slices"

// listKind names the ComponentScheduler's per-frame lists.
type listKind uint8

const (
	startList listKind = iota
	updateList
	lateUpdateList
	fixedUpdateList
	numLists
)

const (
	noSlot      = -1 // not in the list
	pendingSlot = -2 // waiting in the list's pending queue
)

// compList is one of the scheduler's lists, kept sorted by execution order
// (stable: equal orders keep insertion order). F is the callback interface
// the list calls; keeping the interface values in their own dense slice lets
// a walk read them in sequence, as a plain loop over interfaces would,
// without touching the components' memory.
//
// The list may change while it is walked: a removed entry becomes a hole (nil)
// so indexes stay put, and an added one waits in pending until the walk ends,
// so the walk under way neither skips nor repeats anyone and never calls a
// newcomer.
type compList[F comparable] struct {
	kind    listKind
	comps   []*Component
	fns     []F
	pending []pendingEntry[F]
	walking bool
	holes   int
}

type pendingEntry[F comparable] struct {
	c *Component
	f F
}

func (l *compList[F]) add(c *Component, f F) {
	if c.slots[l.kind] != noSlot {
		return
	}
	if l.walking {
		c.slots[l.kind] = pendingSlot
		l.pending = append(l.pending, pendingEntry[F]{c, f})
		return
	}
	l.compact()
	i := len(l.comps)
	if i > 0 && l.comps[i-1].order > c.order {
		// Upper bound: after every entry whose order is <= c.order.
		i, _ = slices.BinarySearchFunc(l.comps, c.order+1, func(e *Component, o int) int {
			if e.order < o {
				return -1
			}
			return 1
		})
	}
	l.comps = slices.Insert(l.comps, i, c)
	l.fns = slices.Insert(l.fns, i, f)
	for j := i; j < len(l.comps); j++ {
		l.comps[j].slots[l.kind] = int32(j)
	}
}

func (l *compList[F]) remove(c *Component) {
	switch s := c.slots[l.kind]; s {
	case noSlot:
		return
	case pendingSlot:
		if i := slices.IndexFunc(l.pending, func(e pendingEntry[F]) bool { return e.c == c }); i >= 0 {
			l.pending = slices.Delete(l.pending, i, i+1)
		}
	default:
		var zero F
		l.comps[s] = nil
		l.fns[s] = zero
		l.holes++
	}
	c.slots[l.kind] = noSlot
}

// compact closes the holes; only outside a walk.
func (l *compList[F]) compact() {
	if l.holes == 0 {
		return
	}
	j := 0
	for i, c := range l.comps {
		if c != nil {
			c.slots[l.kind] = int32(j)
			l.comps[j] = c
			l.fns[j] = l.fns[i]
			j++
		}
	}
	clear(l.comps[j:])
	clear(l.fns[j:])
	l.comps = l.comps[:j]
	l.fns = l.fns[:j]
	l.holes = 0
}

// begin starts a walk and returns how many entries it covers.
func (l *compList[F]) begin() int {
	l.compact()
	l.walking = true
	return len(l.comps)
}

// end finishes a walk; with oneOff every walked entry leaves the list.
func (l *compList[F]) end(oneOff bool) {
	l.walking = false
	if oneOff {
		for _, c := range l.comps {
			if c != nil {
				c.slots[l.kind] = noSlot
			}
		}
		clear(l.comps)
		clear(l.fns)
		l.comps = l.comps[:0]
		l.fns = l.fns[:0]
		l.holes = 0
	}
	if len(l.pending) == 0 {
		return
	}
	for _, e := range l.pending {
		e.c.slots[l.kind] = noSlot
	}
	// add may not append to pending now: walking is false.
	for i := 0; i < len(l.pending); i++ {
		l.add(l.pending[i].c, l.pending[i].f)
	}
	clear(l.pending)
	l.pending = l.pending[:0]
}

// len counts live entries, pending ones included.
func (l *compList[F]) len() int { return len(l.comps) - l.holes + len(l.pending) }

package collision

import (
	"math"
	"slices"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Priority is the priority of a Director's collision System: it runs last,
// in PostUpdate, after physics has written this frame's poses.
const Priority = -100

// Install registers a collision System with d at Priority, once:
// installing again returns the System already there. A Game installs one
// by itself.
func Install(d *director.Director) *System { return director.Install(d, Priority, NewSystem) }

// SystemOf returns the collision System of the Director running n's scene
// (installing one if that Director has none), or nil when n is in no scene
// run by a Director.
func SystemOf(n *scenegraph.Node) *System {
	if d := director.OfNode(n); d != nil {
		return Install(d)
	}
	return nil
}

// System finds overlapping Colliders once per frame, in its
// PostUpdate (after every Update, LateUpdate and the deferred-destroy step,
// so it sees where the frame left everything), and calls the collision
// callbacks on the components of both nodes: enter on the first frame of an
// overlap, stay on each later one, exit once when it ends.
//
// The broad phase is a uniform grid rebuilt every pass with a counting sort
// (no maps, no allocation in steady state); each pair is tested in one cell
// only. The narrow phase is exact for circles and convex polygons (boxes
// included), with separating axes.
type System struct {
	// CellSize is the grid's cell size in world units; 0 picks twice the
	// average collider size each pass.
	CellSize float32

	colliders []*Collider // by id; nil for free ids
	free      []int32
	matrix    [32]uint32

	entries []gridEntry
	sorted  []gridEntry
	starts  []int32
	large   []int32
	hits    []uint64

	contacts []contact // sorted by key
	spare    []contact
	events   []collEvent
}

type gridEntry struct {
	bucket uint32
	cx, cy int32
	id     int32
}

type contact struct {
	key      uint64
	a, b     *Collider
	notified bool // enter delivered
	dead     bool // ended early by a removal
}

type collEventKind uint8

const (
	evEnter collEventKind = iota
	evStay
	evExit
)

type collEvent struct {
	kind collEventKind
	idx  int32 // enter, stay: index in contacts
	a, b *Collider
}

// maxCellsPerCollider sends colliders that cover more grid cells than this
// to a list tested against everything, so one huge collider cannot flood
// the grid.
const maxCellsPerCollider = 64

// NewSystem returns a System in which every group collides with every
// group, for tools and tests; Install gives a Director its own.
func NewSystem() *System {
	s := &System{}
	for i := range s.matrix {
		s.matrix[i] = ^uint32(0)
	}
	return s
}

// SetGroupsCollide sets whether colliders of groups a and b (0..31) meet;
// the matrix is symmetric. Out-of-range groups are ignored.
func (s *System) SetGroupsCollide(a, b int, on bool) {
	if a < 0 || a > 31 || b < 0 || b > 31 {
		return
	}
	if on {
		s.matrix[a] |= 1 << b
		s.matrix[b] |= 1 << a
	} else {
		s.matrix[a] &^= 1 << b
		s.matrix[b] &^= 1 << a
	}
}

// GroupsCollide reports whether groups a and b meet.
func (s *System) GroupsCollide(a, b int) bool {
	if a < 0 || a > 31 || b < 0 || b > 31 {
		return false
	}
	return s.matrix[a]&(1<<b) != 0
}

// Len returns the number of enabled colliders.
func (s *System) Len() int { return len(s.colliders) - len(s.free) }

// Contacts returns the number of overlaps found by the last pass that are
// still going on.
func (s *System) Contacts() int {
	n := 0
	for i := range s.contacts {
		if !s.contacts[i].dead {
			n++
		}
	}
	return n
}

func (s *System) add(c *Collider) {
	if c.sys != nil {
		return
	}
	c.group = c.Group
	if c.group < 0 || c.group > 31 {
		scenegraph.LoggerOf(c.Node()).Printf("collision: Collider on %q: group %d is not in 0..31; using 0", c.Node().Path(), c.Group)
		c.group = 0
	}
	c.sys = s
	c.touching = 0
	if n := len(s.free); n > 0 {
		c.id = s.free[n-1]
		s.free = s.free[:n-1]
		s.colliders[c.id] = c
	} else {
		c.id = int32(len(s.colliders))
		s.colliders = append(s.colliders, c)
	}
	c.resolve()
	c.updateWorld()
}

// remove takes c out and ends its contacts with an exit on both sides, at
// once.
func (s *System) remove(c *Collider) {
	if c.sys != s {
		return
	}
	for i := range s.contacts {
		if c.touching == 0 {
			break
		}
		ct := &s.contacts[i]
		if ct.dead || (ct.a != c && ct.b != c) {
			continue
		}
		ct.dead = true
		if ct.notified {
			s.end(ct.a, ct.b)
		}
	}
	for i := range s.contacts {
		ct := &s.contacts[i]
		if ct.a == c || ct.b == c {
			ct.dead = true // also contacts whose enter is still queued
		}
	}
	s.colliders[c.id] = nil
	s.free = append(s.free, c.id)
	c.sys, c.id, c.touching = nil, -1, 0
}

// end delivers an exit to both sides and updates their counts.
func (s *System) end(a, b *Collider) {
	a.touching = max(a.touching-1, 0)
	b.touching = max(b.touching-1, 0)
	s.notify(evExit, a, b)
	s.notify(evExit, b, a)
}

// Update does nothing; the pass runs in PostUpdate.
func (s *System) Update(float64) {}

// PostUpdate runs the collision pass: world shapes, broad and narrow phase,
// then the callbacks (in pair order, deterministic for the same scene).
func (s *System) PostUpdate(float64) {
	live := 0
	var size float32
	for _, c := range s.colliders {
		if c == nil {
			continue
		}
		c.updateWorld()
		size += max(c.maxX-c.minX, c.maxY-c.minY)
		live++
	}
	s.hits = s.hits[:0]
	if live > 1 {
		cell := s.CellSize
		if !(cell > 0) {
			cell = max(2*size/float32(live), 1)
		}
		s.broadPhase(cell)
		slices.Sort(s.hits)
	}
	s.merge()
	s.dispatch()
}

// broadPhase fills s.hits with the keys of every overlapping pair.
func (s *System) broadPhase(cell float32) {
	inv := 1 / cell
	s.entries = s.entries[:0]
	s.large = s.large[:0]
	for _, c := range s.colliders {
		if c == nil {
			continue
		}
		x0, y0 := cellOf(c.minX, inv), cellOf(c.minY, inv)
		x1, y1 := cellOf(c.maxX, inv), cellOf(c.maxY, inv)
		if int64(x1-x0+1)*int64(y1-y0+1) > maxCellsPerCollider {
			s.large = append(s.large, c.id)
			continue
		}
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				s.entries = append(s.entries, gridEntry{cx: x, cy: y, id: c.id})
			}
		}
	}
	// Counting sort of the entries into hash buckets.
	nb := 1
	for nb < 2*len(s.entries) {
		nb <<= 1
	}
	mask := uint32(nb - 1)
	if cap(s.starts) < nb+1 {
		s.starts = make([]int32, nb+1)
	}
	starts := s.starts[:nb+1]
	clear(starts)
	for i := range s.entries {
		e := &s.entries[i]
		e.bucket = hashCell(e.cx, e.cy) & mask
		starts[e.bucket+1]++
	}
	for i := 1; i <= nb; i++ {
		starts[i] += starts[i-1]
	}
	if cap(s.sorted) < len(s.entries) {
		s.sorted = make([]gridEntry, len(s.entries), cap(s.entries))
	}
	sorted := s.sorted[:len(s.entries)]
	for _, e := range s.entries {
		sorted[starts[e.bucket]] = e
		starts[e.bucket]++
	}
	// starts[b] is now the end of bucket b (the start of b+1).
	begin := int32(0)
	for b := 0; b < nb; b++ {
		end := starts[b]
		for i := begin; i < end; i++ {
			ei := &sorted[i]
			a := s.colliders[ei.id]
			for j := i + 1; j < end; j++ {
				ej := &sorted[j]
				if ej.cx != ei.cx || ej.cy != ei.cy {
					continue
				}
				c := s.colliders[ej.id]
				if !s.candidates(a, c) {
					continue
				}
				// Test the pair only in the cell of its overlap's min corner.
				if cellOf(max(a.minX, c.minX), inv) != ei.cx || cellOf(max(a.minY, c.minY), inv) != ei.cy {
					continue
				}
				if overlaps(a, c) {
					s.hits = append(s.hits, pairKey(a.id, c.id))
				}
			}
		}
		begin = end
	}
	for i, id := range s.large {
		a := s.colliders[id]
		for _, c := range s.colliders {
			if c == nil || c == a {
				continue
			}
			if isLarge(s.large[:i+1], c.id) {
				continue // large pairs are tested once, by the later of the two
			}
			if s.candidates(a, c) && overlaps(a, c) {
				s.hits = append(s.hits, pairKey(a.id, c.id))
			}
		}
	}
}

func isLarge(ids []int32, id int32) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// candidates reports whether a and b may meet: their groups do, and their
// bounds overlap.
func (s *System) candidates(a, b *Collider) bool {
	return s.matrix[a.group]&(1<<b.group) != 0 &&
		a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
}

func cellOf(v, inv float32) int32 {
	f := math.Floor(float64(v * inv))
	return int32(max(min(f, math.MaxInt32/2), math.MinInt32/2))
}

func hashCell(x, y int32) uint32 {
	h := uint32(x)*0x9E3779B1 ^ uint32(y)*0x85EBCA77
	return h ^ h>>15
}

func pairKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}

// merge compares this pass's hits with the last pass's contacts and queues
// the events: enter for new pairs, stay for kept ones, exit for lost ones.
func (s *System) merge() {
	next := s.spare[:0]
	s.events = s.events[:0]
	old := s.contacts
	i, j := 0, 0
	for i < len(old) || j < len(s.hits) {
		var o *contact
		if i < len(old) {
			o = &old[i]
		}
		switch {
		case j < len(s.hits) && (o == nil || s.hits[j] < o.key):
			next = s.newContact(next, s.hits[j])
			j++
		case j >= len(s.hits) || o.key < s.hits[j]:
			if !o.dead {
				s.events = append(s.events, collEvent{kind: evExit, a: o.a, b: o.b})
			}
			i++
		default: // same key
			k := s.hits[j]
			a, b := s.colliders[int32(k>>32)], s.colliders[int32(uint32(k))]
			if o.dead || o.a != a || o.b != b {
				if !o.dead {
					s.events = append(s.events, collEvent{kind: evExit, a: o.a, b: o.b})
				}
				next = s.newContact(next, k)
			} else {
				next = append(next, contact{key: k, a: a, b: b, notified: o.notified})
				s.events = append(s.events, collEvent{kind: evStay, idx: int32(len(next) - 1)})
			}
			i++
			j++
		}
	}
	clear(old)
	s.spare = old[:0]
	s.contacts = next
}

func (s *System) newContact(next []contact, k uint64) []contact {
	a, b := s.colliders[int32(k>>32)], s.colliders[int32(uint32(k))]
	next = append(next, contact{key: k, a: a, b: b})
	s.events = append(s.events, collEvent{kind: evEnter, idx: int32(len(next) - 1)})
	return next
}

// dispatch delivers the queued events. Callbacks may disable or destroy
// colliders: a removed collider's contacts end at once (with exits if they
// had begun) and their queued enters and stays are dropped.
func (s *System) dispatch() {
	for i := 0; i < len(s.events); i++ {
		ev := s.events[i]
		if ev.kind == evExit {
			s.end(ev.a, ev.b)
			continue
		}
		ct := &s.contacts[ev.idx]
		if ct.dead {
			continue
		}
		a, b := ct.a, ct.b
		if ev.kind == evEnter {
			ct.notified = true
			a.touching++
			b.touching++
		}
		s.notify(ev.kind, a, b)
		if !s.contacts[ev.idx].dead {
			s.notify(ev.kind, b, a)
		}
	}
	clear(s.events)
	s.events = s.events[:0]
}

// notify calls self's node's listeners of kind with (other, self).
func (s *System) notify(kind collEventKind, self, other *Collider) {
	if self.Node() == nil {
		return
	}
	self.resolve()
	switch kind {
	case evEnter:
		for _, l := range self.enter {
			if enabled(l) {
				s.safe(kind, l, self, other)
			}
		}
	case evStay:
		for _, l := range self.stay {
			if enabled(l) {
				s.safe(kind, l, self, other)
			}
		}
	default:
		for _, l := range self.exit {
			if b, ok := l.(scenegraph.Behavior); !ok || b.Base().IsValid() {
				s.safe(kind, l, self, other)
			}
		}
	}
}

var collCallbackNames = [...]string{evEnter: "OnCollisionEnter", evStay: "OnCollisionStay", evExit: "OnCollisionExit"}

// enabled reports whether l is a component enabled in hierarchy.
func enabled(l any) bool {
	b, ok := l.(scenegraph.Behavior)
	return ok && b.Base().EnabledInHierarchy()
}

// safe calls one listener, recovering a panic: it is reported (with the node
// and component) and that component is disabled, as for lifecycle
// callbacks; with PanicFatal it propagates.
func (s *System) safe(kind collEventKind, l any, self, other *Collider) {
	defer func() {
		if r := recover(); r != nil {
			scenegraph.ReportPanic(self.Node(), l, collCallbackNames[kind], r, "the component is disabled")
			if b, ok := l.(scenegraph.Behavior); ok {
				b.Base().SetEnabled(false)
			}
		}
	}()
	switch kind {
	case evEnter:
		l.(CollisionEnterer).OnCollisionEnter(self, other)
	case evStay:
		l.(CollisionStayer).OnCollisionStay(self, other)
	default:
		l.(CollisionExiter).OnCollisionExit(self, other)
	}
}

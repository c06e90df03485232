package animation

import (
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// System advances the enabled animation components of its scenes in its
// Update, at Priority: the sprite-sheet Animations first, then the
// Players and Controllers, each list in the order its components were
// enabled. The Director runs systems' Update after every component's
// Update and before any LateUpdate, so that a LateUpdate sees this frame's
// pose, as in Cocos. It allocates nothing per frame.
type System struct {
	anims     roster[*Animation]
	animators roster[animator]
}

// animator is a keyframe component the System steps: a Player or a
// Controller.
type animator interface {
	index() *int
	step(dt float64)
}

// NewSystem returns an empty System, for tools and tests; Install gives a
// Director its own.
func NewSystem() *System { return &System{} }

// Priority is the priority of a Director's animation System: after the
// timers (200), before tweens, like Cocos' animation manager.
const Priority = 150

// Install registers an animation System with d at Priority, once:
// installing again returns the System already there. A Game installs one
// by itself.
func Install(d *director.Director) *System { return director.Install(d, Priority, NewSystem) }

// SystemOf returns the animation System of the Director running n's scene
// (installing one if that Director has none), or nil when n is in no scene
// run by a Director.
func SystemOf(n *scenegraph.Node) *System {
	if d := director.OfNode(n); d != nil {
		return Install(d)
	}
	return nil
}

// Len returns the number of components the system advances: Animations,
// Players and Controllers.
func (s *System) Len() int { return s.anims.len() + s.animators.len() }

// Update advances every enabled Animation by dt, then advances and samples
// every enabled Player and Controller. Components enabled during the walk
// start advancing in the next Update.
func (s *System) Update(dt float64) {
	s.anims.walk(func(a *Animation) { a.advance(dt) })
	s.animators.walk(func(a animator) { a.step(dt) })
}

// PostUpdate does nothing; animations advance in Update.
func (s *System) PostUpdate(float64) {}

// member is what a roster holds: a pointer that keeps its own index.
type member interface {
	comparable
	index() *int
}

// roster is a list of components that can change while it is walked: a
// member removed during the walk leaves a hole (it is not called, and
// nobody is skipped), one added waits for the next walk.
type roster[T member] struct {
	items   []T
	walking bool
	holes   bool
}

func (r *roster[T]) add(x T) {
	i := x.index()
	if *i >= 0 && *i < len(r.items) && r.items[*i] == x {
		return
	}
	*i = len(r.items)
	r.items = append(r.items, x)
}

func (r *roster[T]) remove(x T) {
	p := x.index()
	i := *p
	if i < 0 || i >= len(r.items) || r.items[i] != x {
		return
	}
	*p = -1
	var zero T
	if r.walking {
		r.items[i] = zero
		r.holes = true
		return
	}
	last := len(r.items) - 1
	r.items[i] = r.items[last]
	*r.items[i].index() = i
	r.items[last] = zero
	r.items = r.items[:last]
}

func (r *roster[T]) len() int {
	var zero T
	n := 0
	for _, x := range r.items {
		if x != zero {
			n++
		}
	}
	return n
}

// walk calls fn for each member present when the walk starts and still
// there at its turn. fn must be a func value made once (a method value
// made per call would allocate): Update's closures capture only dt and
// do not escape, so they stay on the stack.
func (r *roster[T]) walk(fn func(T)) {
	var zero T
	r.walking = true
	n := len(r.items)
	for i := 0; i < n; i++ {
		if x := r.items[i]; x != zero {
			fn(x)
		}
	}
	r.walking = false
	if r.holes {
		r.holes = false
		kept := r.items[:0]
		for _, x := range r.items {
			if x != zero {
				*x.index() = len(kept)
				kept = append(kept, x)
			}
		}
		clear(r.items[len(kept):])
		r.items = kept
	}
}

package core

import (
	"runtime/debug"
	"sort"
)

// Signal is a typed, synchronous event with any number of listeners.
//
// The zero value is an empty signal ready to use. A Signal must not be copied
// after first use, and it is not safe for concurrent use: subscribe, emit and
// unsubscribe from one goroutine (normally the main thread).
//
// Guarantees:
//   - listeners run in subscription order;
//   - a listener added while Emit runs is not called by that Emit, only by
//     later ones;
//   - a listener removed (by itself or by another listener) before its turn in
//     a running Emit is not called;
//   - Emit allocates nothing as long as the set of listeners does not change;
//   - Emit may be called again from inside a listener: the nested Emit calls
//     every listener subscribed when it starts, and the outer Emit then goes on
//     where it left off;
//   - a listener that panics is removed, and the other listeners still run
//     once each: none is skipped or called twice. With a panic handler
//     (SetPanicHandler), the panic is recovered and reported to it, and Emit
//     goes on and returns normally. Without one (the zero value, and every
//     Signal a game makes for itself), Emit also goes on with the next
//     listeners, and then, once every listener has had its turn, panics
//     with the *ListenerPanic: the fault goes to whoever called Emit. When
//     that is engine code that recovers its callbacks (a component's
//     Update, Start, OnEnable... emitting the signal), the engine reports it
//     as that callback's panic, naming the component and its node, through
//     the scene's logger and its PanicFatal mode. Emitted outside any such
//     callback (from main, a goroutine, a start function), the panic
//     reaches the caller of Emit like any Go panic. SetPanicFatal makes the
//     panic propagate at once instead, after the listener is removed.
type Signal[T any] struct {
	entries  []signalEntry[T] // ascending id order; dead entries removed by compact
	nextID   uint64
	live     int  // listeners not removed
	emitting int  // depth of Emit calls in progress
	dirty    bool // entries holds dead entries waiting for compact
	fatal    bool // SetPanicFatal's
	onPanic  func(*ListenerPanic)
	// pending is the panic the Emit under way re-raises when it ends (no
	// handler, not fatal); a nested Emit saves and restores the outer's.
	pending *ListenerPanic
}

type signalEntry[T any] struct {
	id   uint64
	fn   func(T)
	once bool
	dead bool
}

// On subscribes fn and returns a function that unsubscribes it. Calling the
// returned function more than once, or after Clear, does nothing. On panics if
// fn is nil.
func (s *Signal[T]) On(fn func(T)) (off func()) {
	return s.add(fn, false)
}

// Once subscribes fn for one call: it is removed just before it runs, so it
// runs at most once even when Emit is nested. The returned function removes it
// if it has not run yet; calling it more than once does nothing. Once panics if
// fn is nil.
func (s *Signal[T]) Once(fn func(T)) (off func()) {
	return s.add(fn, true)
}

func (s *Signal[T]) add(fn func(T), once bool) func() {
	if fn == nil {
		panic("core: Signal listener is nil")
	}
	s.nextID++
	id := s.nextID
	s.entries = append(s.entries, signalEntry[T]{id: id, fn: fn, once: once})
	s.live++
	return func() { s.remove(id) }
}

// remove unsubscribes the listener with the given id, if it is still there.
func (s *Signal[T]) remove(id uint64) {
	i := sort.Search(len(s.entries), func(i int) bool { return s.entries[i].id >= id })
	if i == len(s.entries) || s.entries[i].id != id || s.entries[i].dead {
		return
	}
	s.kill(i)
	s.compactIfIdle()
}

// kill marks entry i dead. The entry keeps its function until compaction
// (at the end of the outermost Emit, or at once when no Emit runs), so that
// a panic report can still name it.
func (s *Signal[T]) kill(i int) {
	s.entries[i].dead = true
	s.live--
	s.dirty = true
}

// Emit calls every listener subscribed when Emit starts, in subscription order,
// with v; see the type's documentation for additions and removals meanwhile.
// A listener's panic is recovered and that listener is removed (see the
// type's documentation): with a panic handler it is reported there and Emit
// returns normally; without one, Emit panics with the *ListenerPanic after
// the other listeners ran (the first panic, the later ones of the same Emit
// in its Later field); in fatal mode the panic propagates to the caller of
// Emit at once. The signal stays consistent in every case.
func (s *Signal[T]) Emit(v T) {
	n := len(s.entries)
	if n == 0 {
		return
	}
	s.emitting++
	outer := s.pending // a nested Emit keeps its own
	s.pending = nil
	defer s.endEmit(outer)
	// walk returns before n only after a recovered panic, with the index of
	// the listener after the one that panicked.
	for i := 0; i < n; {
		i = s.walk(i, n, v)
	}
	if p := s.pending; p != nil {
		panic(p) // endEmit restores the outer Emit's pending panic
	}
}

func (s *Signal[T]) endEmit(outer *ListenerPanic) {
	s.pending = outer
	s.emitting--
	s.compactIfIdle()
}

// walk calls the listeners from index from up to n and returns n. After a
// recovered panic it returns the index of the next listener.
func (s *Signal[T]) walk(from, n int, v T) (i int) {
	defer s.recoverWalk(&i, n)
	for i = from; i < n; i++ {
		// Index afresh each time: a listener may append and reallocate entries.
		// Entries before n never move while emitting > 0.
		e := &s.entries[i]
		if e.dead {
			continue
		}
		if e.once {
			s.kill(i)
		}
		e.fn(v)
	}
	return n
}

func (s *Signal[T]) recoverWalk(i *int, n int) {
	if *i >= n {
		return
	}
	if r := recover(); r != nil {
		s.listenerPanicked(*i, r)
		*i++
	}
}

// listenerPanicked removes listener i, which panicked with r, and reports it:
// to the handler, or, without one, by keeping it for the end of the Emit
// (or propagating it at once in fatal mode).
func (s *Signal[T]) listenerPanicked(i int, r any) {
	e := &s.entries[i]
	if !e.dead {
		s.kill(i)
	}
	if s.onPanic != nil {
		p := &ListenerPanic{Listener: funcName(e.fn), Value: r, Stack: debug.Stack()}
		reportPanic(s.onPanic, s.fatal, p, r, p.Stack, "the listener is removed")
		return
	}
	// A *ListenerPanic from a handler-less signal emitted by this listener
	// goes on unchanged: it names the listener that really panicked.
	p, ok := r.(*ListenerPanic)
	if !ok {
		if s.fatal {
			if _, ok := r.(*TimerPanic); ok {
				panic(r)
			}
		}
		p = &ListenerPanic{Listener: funcName(e.fn), Value: r, Stack: debug.Stack()}
	}
	if s.fatal {
		panic(p)
	}
	if s.pending == nil {
		s.pending = p
	} else if s.pending != p {
		s.pending.Later = append(s.pending.Later, p)
	}
}

// SetPanicHandler makes h receive the report of every panic recovered from a
// listener of s, after the listener is removed, and Emit then goes on and
// returns normally. nil (the default) hands the panic to the caller of Emit
// instead, once every listener has run (see the type's documentation). h
// runs inside the recovering Emit: if h panics, that panic propagates to the
// caller of Emit, with the signal consistent.
func (s *Signal[T]) SetPanicHandler(h func(*ListenerPanic)) { s.onPanic = h }

// SetPanicFatal switches fatal mode on or off (off by default). In fatal
// mode a listener's panic is still reported to the handler (if any) and the
// listener is still removed, but then the panic propagates at once, without
// calling the listeners after it, to the caller of Emit as a *ListenerPanic (one that already is a *ListenerPanic or *TimerPanic, from a
// nested emit or update in fatal mode, propagates unchanged, without a second
// report). Meant for tests.
func (s *Signal[T]) SetPanicFatal(fatal bool) { s.fatal = fatal }

// compactIfIdle removes dead entries unless an Emit is walking them.
func (s *Signal[T]) compactIfIdle() {
	if s.emitting > 0 || !s.dirty {
		return
	}
	s.dirty = false
	kept := s.entries[:0]
	for _, e := range s.entries {
		if !e.dead {
			kept = append(kept, e)
		}
	}
	clear(s.entries[len(kept):])
	s.entries = kept
}

// Len reports how many listeners are subscribed (Once listeners that have
// already run are not counted).
func (s *Signal[T]) Len() int {
	return s.live
}

// Clear removes every listener. Called from inside Emit, it also stops that
// Emit from calling the listeners that have not had their turn yet; listeners
// subscribed after Clear are kept.
func (s *Signal[T]) Clear() {
	for i := range s.entries {
		if !s.entries[i].dead {
			s.kill(i)
		}
	}
	s.compactIfIdle()
}

package core

import "sort"

// Validator is implemented by listener owners that can die, such as nodes and
// components. An EventTarget never calls a listener whose owner reports
// IsValid() == false; it drops such listeners when it meets them.
type Validator interface {
	// IsValid reports whether the owner is still alive.
	IsValid() bool
}

// EventTarget dispatches string-keyed events to listeners, each optionally tied
// to an owner so that all of an owner's listeners can be removed at once
// (TargetOff) and so that listeners of dead owners are skipped.
//
// The zero value is ready to use. An EventTarget must not be copied after first
// use and is not safe for concurrent use.
//
// Guarantees, per event type:
//   - listeners run in subscription order;
//   - a listener added while Emit runs is not called by that Emit;
//   - a listener removed before its turn in a running Emit is not called;
//   - a listener whose owner implements Validator and is no longer valid is not
//     called and is removed; the Validator assertion is made once, in On;
//   - Emit allocates nothing while the listeners do not change (the arg value
//     itself may be boxed by the caller);
//   - Emit may be nested, also for the same type.
//
// Owners are compared with ==, so an owner must be a comparable value
// (normally a pointer); an incomparable owner makes Off and TargetOff panic.
type EventTarget struct {
	lists  map[string]*listenerList
	nextID uint64
}

type listenerList struct {
	entries  []eventEntry // ascending id order
	live     int
	emitting int
	dirty    bool
}

type eventEntry struct {
	id        uint64
	fn        func(arg any)
	owner     any
	validator Validator // owner as a Validator, or nil
	once      bool
	dead      bool
}

// On subscribes fn to events of type typ on behalf of owner (which may be nil)
// and returns a function that unsubscribes it; calling that more than once
// does nothing. On panics if fn is nil.
func (t *EventTarget) On(typ string, fn func(arg any), owner any) (off func()) {
	return t.add(typ, fn, owner, false)
}

// Once is like On, but the listener is removed just before its first call, so
// it runs at most once.
func (t *EventTarget) Once(typ string, fn func(arg any), owner any) (off func()) {
	return t.add(typ, fn, owner, true)
}

func (t *EventTarget) add(typ string, fn func(any), owner any, once bool) func() {
	if fn == nil {
		panic("core: EventTarget listener is nil")
	}
	if t.lists == nil {
		t.lists = make(map[string]*listenerList)
	}
	l := t.lists[typ]
	if l == nil {
		l = &listenerList{}
		t.lists[typ] = l
	}
	t.nextID++
	id := t.nextID
	v, _ := owner.(Validator)
	l.entries = append(l.entries, eventEntry{id: id, fn: fn, owner: owner, validator: v, once: once})
	l.live++
	return func() { t.removeID(typ, l, id) }
}

func (t *EventTarget) removeID(typ string, l *listenerList, id uint64) {
	i := sort.Search(len(l.entries), func(i int) bool { return l.entries[i].id >= id })
	if i == len(l.entries) || l.entries[i].id != id || l.entries[i].dead {
		return
	}
	l.kill(i)
	t.tidy(typ, l)
}

// Off removes the listeners of type typ that belong to owner, or, when owner
// is nil, every listener of type typ.
func (t *EventTarget) Off(typ string, owner any) {
	l := t.lists[typ]
	if l == nil {
		return
	}
	for i := range l.entries {
		e := &l.entries[i]
		if !e.dead && (owner == nil || e.owner == owner) {
			l.kill(i)
		}
	}
	t.tidy(typ, l)
}

// TargetOff removes every listener, of any type, that belongs to owner. A nil
// owner does nothing.
func (t *EventTarget) TargetOff(owner any) {
	if owner == nil {
		return
	}
	for typ, l := range t.lists {
		for i := range l.entries {
			e := &l.entries[i]
			if !e.dead && e.owner == owner {
				l.kill(i)
			}
		}
		t.tidy(typ, l)
	}
}

// Emit calls, in subscription order, every listener of type typ that was
// subscribed when Emit started and whose owner is valid, with arg. Listeners
// with an invalid owner are removed. A panicking listener's panic propagates
// to the caller; the EventTarget stays consistent.
func (t *EventTarget) Emit(typ string, arg any) {
	l := t.lists[typ]
	if l == nil {
		return
	}
	n := len(l.entries)
	l.emitting++
	defer t.endEmit(typ, l)
	for i := 0; i < n; i++ {
		e := &l.entries[i]
		if e.dead {
			continue
		}
		if e.validator != nil && !e.validator.IsValid() {
			l.kill(i)
			continue
		}
		fn := e.fn
		if e.once {
			l.kill(i)
		}
		fn(arg)
	}
}

func (t *EventTarget) endEmit(typ string, l *listenerList) {
	l.emitting--
	t.tidy(typ, l)
}

// HasListener reports whether an Emit of typ now would call at least one
// listener: one that is subscribed and whose owner is valid.
func (t *EventTarget) HasListener(typ string) bool {
	l := t.lists[typ]
	if l == nil || l.live == 0 {
		return false
	}
	for i := range l.entries {
		e := &l.entries[i]
		if !e.dead && (e.validator == nil || e.validator.IsValid()) {
			return true
		}
	}
	return false
}

// tidy compacts l when no Emit walks it and forgets it once it is empty.
func (t *EventTarget) tidy(typ string, l *listenerList) {
	if l.emitting > 0 || !l.dirty {
		return
	}
	l.dirty = false
	kept := l.entries[:0]
	for _, e := range l.entries {
		if !e.dead {
			kept = append(kept, e)
		}
	}
	clear(l.entries[len(kept):])
	l.entries = kept
	if len(kept) == 0 && t.lists[typ] == l {
		delete(t.lists, typ)
	}
}

func (l *listenerList) kill(i int) {
	e := &l.entries[i]
	e.dead = true
	e.fn = nil
	e.owner = nil
	e.validator = nil
	l.live--
	l.dirty = true
}

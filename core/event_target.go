package core

import (
	"runtime/debug"
	"sort"
)

// Validator is implemented by listener owners that can die. An EventTarget
// never calls a listener whose owner reports IsValid() == false (unless the
// owner also implements StrictValidator, which then decides); it drops such
// listeners when it meets them.
type Validator interface {
	// IsValid reports whether the owner is still alive.
	IsValid() bool
}

// StrictValidator is implemented by listener owners whose destruction is
// deferred, such as scenegraph nodes and components: IsValidStrict turns
// false as soon as destruction is requested, before the deferred step. An
// EventTarget checks an owner that implements it with IsValidStrict, never
// with IsValid, so a listener is not called once its owner's Destroy has been
// requested.
type StrictValidator interface {
	// IsValidStrict reports whether the owner is alive and not scheduled
	// for destruction.
	IsValidStrict() bool
}

// EventTarget dispatches string-keyed events to listeners, each optionally tied
// to an owner so that all of an owner's listeners can be removed at once
// (TargetOff) and so that listeners of dead owners are skipped.
//
// The zero value is ready to use. An EventTarget must not be copied after first
// use and is not safe for concurrent use.
//
// A listener registered with On or Once is anonymous: every call adds one.
// A listener registered with OnKey or OnceKey has an identity, the triple
// (event type, owner, key): registering the same triple again while the
// first listener is still subscribed adds nothing (the first listener and
// its function stay), as Cocos Creator ignores the same callback and target
// given twice to on(). Go functions are not comparable, hence the key.
//
// Guarantees, per event type:
//   - listeners run in subscription order;
//   - a listener added while Emit runs is not called by that Emit;
//   - a listener removed before its turn in a running Emit is not called;
//   - a listener whose owner is not valid is not called and is removed:
//     an owner implementing StrictValidator is invalid as soon as
//     IsValidStrict reports false (for scenegraph objects, as soon as their
//     Destroy is called), one implementing only Validator when IsValid
//     reports false; the assertions are made once, when the listener is added;
//   - a listener that panics is blamed, not the caller of Emit: the panic is
//     recovered, the listener is removed, the panic is reported (see
//     SetPanicHandler), and Emit goes on with the next listener; nobody is
//     skipped or called twice. SetPanicFatal makes the panic propagate;
//   - Emit allocates nothing while the listeners do not change (the arg value
//     itself may be boxed by the caller);
//   - Emit may be nested, also for the same type.
//
// Owners and keys are compared with ==, so they must be comparable values
// (normally pointers, or small structs and strings for keys); an
// incomparable owner or key makes the calls that compare it panic.
type EventTarget struct {
	lists   map[string]*listenerList
	nextID  uint64
	fatal   bool // SetPanicFatal's
	onPanic func(*ListenerPanic)
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
	key       any       // identity with owner; nil for anonymous listeners
	validator Validator // the owner's validity check (strict when it has one), or nil
	once      bool
	dead      bool
}

// valid reports whether e's owner, if it can die, is alive.
func (e *eventEntry) valid() bool { return e.validator == nil || e.validator.IsValid() }

// strictValidity checks a StrictValidator through the Validator interface,
// so that Emit makes one interface call per listener whichever kind the
// owner is.
type strictValidity struct{ v StrictValidator }

func (s strictValidity) IsValid() bool { return s.v.IsValidStrict() }

// On subscribes fn to events of type typ on behalf of owner (which may be nil)
// and returns a function that unsubscribes it; calling that more than once
// does nothing. Each call adds a listener. On panics if fn is nil.
func (t *EventTarget) On(typ string, fn func(arg any), owner any) (off func()) {
	return t.add(typ, fn, owner, nil, false)
}

// Once is like On, but the listener is removed just before its first call, so
// it runs at most once.
func (t *EventTarget) Once(typ string, fn func(arg any), owner any) (off func()) {
	return t.add(typ, fn, owner, nil, true)
}

// OnKey is On for a listener whose identity is (typ, owner, key): if a
// listener with that identity is already subscribed (by OnKey or OnceKey),
// nothing is added, the subscribed listener keeps its function and place, and
// the returned function unsubscribes it. A nil key makes OnKey the same as
// On. OnKey panics if fn is nil or if key is not comparable.
func (t *EventTarget) OnKey(typ string, key any, fn func(arg any), owner any) (off func()) {
	return t.add(typ, fn, owner, key, false)
}

// OnceKey is OnKey for a listener that is removed just before its first call.
// While it has not run, registering its identity again adds nothing; once it
// has run, the identity is free again.
func (t *EventTarget) OnceKey(typ string, key any, fn func(arg any), owner any) (off func()) {
	return t.add(typ, fn, owner, key, true)
}

func (t *EventTarget) add(typ string, fn func(any), owner, key any, once bool) func() {
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
	if key != nil {
		_ = equal(key, key) // an incomparable key panics here, not at some later compare
		if i := l.find(key, owner); i >= 0 {
			id := l.entries[i].id
			return func() { t.removeID(typ, l, id) }
		}
	}
	t.nextID++
	id := t.nextID
	e := eventEntry{id: id, fn: fn, owner: owner, key: key, once: once}
	if sv, ok := owner.(StrictValidator); ok {
		e.validator = strictValidity{sv}
	} else {
		e.validator, _ = owner.(Validator)
	}
	l.entries = append(l.entries, e)
	l.live++
	return func() { t.removeID(typ, l, id) }
}

func equal(a, b any) bool { return a == b }

// find returns the index of the live listener with identity (key, owner), or -1.
func (l *listenerList) find(key, owner any) int {
	for i := range l.entries {
		e := &l.entries[i]
		if !e.dead && e.key != nil && e.key == key && e.owner == owner {
			return i
		}
	}
	return -1
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

// OffKey removes the listener with identity (typ, owner, key), if one is
// subscribed. A nil key does nothing.
func (t *EventTarget) OffKey(typ string, key, owner any) {
	l := t.lists[typ]
	if l == nil || key == nil {
		return
	}
	if i := l.find(key, owner); i >= 0 {
		l.kill(i)
		t.tidy(typ, l)
	}
}

// HasListenerKey reports whether a listener with identity (typ, owner, key)
// is subscribed and its owner is valid. A nil key reports false.
func (t *EventTarget) HasListenerKey(typ string, key, owner any) bool {
	l := t.lists[typ]
	if l == nil || key == nil {
		return false
	}
	i := l.find(key, owner)
	return i >= 0 && l.entries[i].valid()
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
// with an invalid owner are removed. A listener's panic is recovered and
// reported, and that listener is removed (see the type's documentation); in
// fatal mode the panic propagates to the caller as a *ListenerPanic, and the
// EventTarget stays consistent.
func (t *EventTarget) Emit(typ string, arg any) {
	l := t.lists[typ]
	if l == nil {
		return
	}
	n := len(l.entries)
	l.emitting++
	defer t.endEmit(typ, l)
	// walk returns before n only after a recovered panic, with the index of
	// the listener after the one that panicked.
	for i := 0; i < n; {
		i = t.walk(typ, l, i, n, arg)
	}
}

func (t *EventTarget) endEmit(typ string, l *listenerList) {
	l.emitting--
	t.tidy(typ, l)
}

// walk calls l's listeners from index from up to n and returns n. After a
// recovered panic it returns the index of the next listener.
func (t *EventTarget) walk(typ string, l *listenerList, from, n int, arg any) (i int) {
	defer t.recoverWalk(typ, l, &i, n)
	for i = from; i < n; i++ {
		e := &l.entries[i]
		if e.dead {
			continue
		}
		if !e.valid() {
			l.kill(i)
			continue
		}
		if e.once {
			l.kill(i)
		}
		e.fn(arg)
	}
	return n
}

func (t *EventTarget) recoverWalk(typ string, l *listenerList, i *int, n int) {
	if *i >= n {
		return
	}
	if r := recover(); r != nil {
		t.listenerPanicked(typ, l, *i, r)
		*i++
	}
}

// listenerPanicked removes listener i, which panicked with r (or whose
// owner's validity check did), and reports it.
func (t *EventTarget) listenerPanicked(typ string, l *listenerList, i int, r any) {
	e := &l.entries[i]
	if !e.dead {
		l.kill(i)
	}
	p := &ListenerPanic{Event: typ, Owner: e.owner, Key: e.key, Listener: funcName(e.fn), Value: r, Stack: debug.Stack()}
	reportPanic(t.onPanic, t.fatal, p, r, p.Stack, "the listener is removed")
}

// SetPanicHandler makes h receive the report of every panic recovered from a
// listener of t, after the listener is removed; nil (the default) logs the
// report and its stack to standard error. h runs inside the recovering Emit:
// if h panics, that panic propagates to the caller of Emit, with t
// consistent.
func (t *EventTarget) SetPanicHandler(h func(*ListenerPanic)) { t.onPanic = h }

// SetPanicFatal switches fatal mode on or off (off by default). In fatal
// mode a listener's panic is still reported to the handler and the listener
// is still removed, but then the panic propagates to the caller of Emit as a
// *ListenerPanic (one that already is a *ListenerPanic or *TimerPanic, from a
// nested emit or update in fatal mode, propagates unchanged, without a second
// report). Meant for tests.
func (t *EventTarget) SetPanicFatal(fatal bool) { t.fatal = fatal }

// HasListener reports whether an Emit of typ now would call at least one
// listener: one that is subscribed and whose owner is valid.
func (t *EventTarget) HasListener(typ string) bool {
	l := t.lists[typ]
	if l == nil || l.live == 0 {
		return false
	}
	for i := range l.entries {
		e := &l.entries[i]
		if !e.dead && e.valid() {
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

// kill marks entry i dead. The entry keeps its function, owner and key
// until tidy compacts the list (at the end of the outermost Emit, or at once
// when no Emit runs), so that a panic report can still name them.
func (l *listenerList) kill(i int) {
	l.entries[i].dead = true
	l.live--
	l.dirty = true
}

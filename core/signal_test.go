package core

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// rec records a trace of calls.
type rec struct{ got []string }

func (r *rec) add(format string, args ...any) { r.got = append(r.got, fmt.Sprintf(format, args...)) }

func (r *rec) check(t *testing.T, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	got := r.got
	if got == nil {
		got = []string{}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("trace:\n got  %q\n want %q", got, want)
	}
	r.got = nil
}

func TestSignalZeroValueAndOrder(t *testing.T) {
	var s Signal[int]
	s.Emit(1) // no listeners: nothing happens
	var r rec
	s.On(func(v int) { r.add("a%d", v) })
	s.On(func(v int) { r.add("b%d", v) })
	s.On(func(v int) { r.add("c%d", v) })
	if s.Len() != 3 {
		t.Fatalf("Len = %d, want 3", s.Len())
	}
	s.Emit(7)
	r.check(t, "a7", "b7", "c7")
}

func TestSignalOffTwiceIsHarmless(t *testing.T) {
	var s Signal[int]
	var r rec
	offA := s.On(func(int) { r.add("a") })
	s.On(func(int) { r.add("b") })
	offA()
	offA()
	if s.Len() != 1 {
		t.Fatalf("Len = %d, want 1", s.Len())
	}
	s.On(func(int) { r.add("c") })
	offA()
	s.Emit(0)
	r.check(t, "b", "c")
}

func TestSignalAddDuringEmitWaitsForNextEmit(t *testing.T) {
	var s Signal[int]
	var r rec
	added := false
	s.On(func(v int) {
		r.add("a%d", v)
		if !added {
			added = true
			s.On(func(v int) { r.add("new%d", v) })
		}
	})
	s.On(func(v int) { r.add("b%d", v) })
	s.Emit(1)
	r.check(t, "a1", "b1")
	s.Emit(2)
	r.check(t, "a2", "b2", "new2")
}

func TestSignalRemoveDuringEmit(t *testing.T) {
	var s Signal[int]
	var r rec
	var offA, offC, offSelf func()
	offA = s.On(func(int) { r.add("a") })
	offSelf = s.On(func(int) {
		r.add("self")
		offSelf()
		offC() // later listener: must not be called in this emit
		offA() // earlier listener: already ran, nobody else skipped
	})
	offC = s.On(func(int) { r.add("c") })
	s.On(func(int) { r.add("d") })
	s.Emit(0)
	r.check(t, "a", "self", "d")
	if s.Len() != 1 {
		t.Fatalf("Len = %d, want 1", s.Len())
	}
	s.Emit(0)
	r.check(t, "d")
}

func TestSignalOnce(t *testing.T) {
	var s Signal[int]
	var r rec
	s.Once(func(v int) { r.add("once%d", v) })
	s.On(func(v int) { r.add("on%d", v) })
	s.Emit(1)
	s.Emit(2)
	r.check(t, "once1", "on1", "on2")
	if s.Len() != 1 {
		t.Fatalf("Len = %d, want 1", s.Len())
	}
	off := s.Once(func(int) { r.add("never") })
	off()
	s.Emit(3)
	r.check(t, "on3")
}

func TestSignalOnceNestedEmitRunsOnce(t *testing.T) {
	var s Signal[int]
	var r rec
	s.Once(func(v int) {
		r.add("once%d", v)
		s.Emit(v + 1)
	})
	s.Emit(1)
	r.check(t, "once1")
}

func TestSignalNestedEmit(t *testing.T) {
	var s Signal[int]
	var r rec
	s.On(func(v int) {
		r.add("a%d", v)
		if v == 1 {
			s.On(func(v int) { r.add("late%d", v) })
			s.Emit(2)
		}
	})
	var offB func()
	offB = s.On(func(v int) {
		r.add("b%d", v)
		if v == 2 {
			offB() // removed inside the nested emit: outer emit must skip it
		}
	})
	s.On(func(v int) { r.add("c%d", v) })
	s.Emit(1)
	// The nested Emit(2) sees "late" (subscribed before it started); the outer
	// Emit(1) does not, and no longer calls b.
	r.check(t, "a1", "a2", "b2", "c2", "late2", "c1")
	s.Emit(3)
	r.check(t, "a3", "c3", "late3")
	if s.Len() != 3 {
		t.Fatalf("Len = %d, want 3", s.Len())
	}
}

func TestSignalClear(t *testing.T) {
	var s Signal[int]
	var r rec
	s.On(func(int) {
		r.add("a")
		s.Clear()
		s.On(func(int) { r.add("after") })
	})
	s.On(func(int) { r.add("b") })
	s.Emit(0)
	r.check(t, "a")
	if s.Len() != 1 {
		t.Fatalf("Len = %d, want 1", s.Len())
	}
	s.Emit(0)
	r.check(t, "after")
	s.Clear()
	s.Emit(0)
	r.check(t)
	if s.Len() != 0 || len(s.entries) != 0 {
		t.Fatalf("Len = %d, entries = %d after Clear", s.Len(), len(s.entries))
	}
}

func TestSignalCompactsAfterOutermostEmit(t *testing.T) {
	var s Signal[int]
	offs := make([]func(), 5)
	for i := range offs {
		offs[i] = s.On(func(int) {})
	}
	s.On(func(int) {
		for _, off := range offs {
			off()
		}
	})
	s.Emit(0)
	if len(s.entries) != 1 {
		t.Fatalf("entries = %d after emit, want 1 (compacted)", len(s.entries))
	}
}

// In fatal mode a listener's panic propagates as a *ListenerPanic, after the
// listener is removed; the signal stays usable.
func TestSignalPanicFatalLeavesSignalUsable(t *testing.T) {
	var s Signal[int]
	s.SetPanicFatal(true)
	var r rec
	var offB func()
	s.On(func(v int) {
		r.add("a%d", v)
		if v == 1 {
			offB()
			panic("boom")
		}
	})
	offB = s.On(func(v int) { r.add("b%d", v) })
	s.On(func(v int) { r.add("c%d", v) })
	func() {
		defer func() {
			if p, ok := recover().(*ListenerPanic); !ok || p.Value != "boom" {
				t.Fatalf("want a *ListenerPanic, got %#v", p)
			}
		}()
		s.Emit(1)
	}()
	if s.emitting != 0 || len(s.entries) != 1 || s.Len() != 1 {
		t.Fatalf("emitting = %d, entries = %d, Len = %d after panic", s.emitting, len(s.entries), s.Len())
	}
	s.Emit(2)
	r.check(t, "a1", "c2")
}

// A panicking listener is blamed, not the code that called Emit: Emit
// returns normally, the listener is removed and reported, and every other
// listener runs once (none skipped, none twice), also in a nested Emit.
func TestSignalListenerPanicIsBlamedOnListener(t *testing.T) {
	var s Signal[int]
	var reports []*ListenerPanic
	s.SetPanicHandler(func(p *ListenerPanic) { reports = append(reports, p) })
	var r rec
	s.On(func(v int) { r.add("a%d", v) })
	s.On(panicky)
	s.Once(func(v int) {
		r.add("once%d", v)
		panic("once-boom")
	})
	s.On(func(v int) {
		r.add("d%d", v)
		if v == 1 {
			s.Emit(2) // nested: b and once are gone already
		}
	})
	emitterReturned := false
	func() {
		defer func() {
			if recover() != nil {
				t.Fatal("a listener's panic reached the caller of Emit")
			}
		}()
		s.Emit(1)
		emitterReturned = true
	}()
	if !emitterReturned {
		t.Fatal("Emit did not return")
	}
	r.check(t, "a1", "once1", "d1", "a2", "d2")
	if s.Len() != 2 || len(reports) != 2 {
		t.Fatalf("Len = %d, reports = %d; want 2, 2", s.Len(), len(reports))
	}
	if p := reports[0]; p.Value != "panicky" || !strings.Contains(p.Listener, "panicky") ||
		!strings.Contains(string(p.Stack), "panicky") || !strings.Contains(p.Error(), "panicky") {
		t.Fatalf("report %v, listener %q", p, p.Listener)
	}
	if reports[1].Value != "once-boom" || reports[1].Listener == "" {
		t.Fatalf("once report %+v", reports[1])
	}
}

func panicky(int) { panic("panicky") }

// Without a handler, a listener's panic goes to the caller of Emit, after
// every other listener has had its turn: the first panic, with the later
// ones of the same Emit in Later; nothing is written to standard error, and
// the signal stays usable.
func TestSignalPanicWithoutHandlerReachesEmitter(t *testing.T) {
	var s Signal[int]
	var r rec
	s.On(func(v int) { r.add("a%d", v) })
	s.On(func(int) { panic("signal-boom") })
	s.On(func(v int) { r.add("c%d", v) })
	s.On(func(int) { panic("second-boom") })
	s.On(func(v int) { r.add("e%d", v) })
	var got any
	out := captureStderr(t, func() {
		defer func() { got = recover() }()
		s.Emit(1)
	})
	p, ok := got.(*ListenerPanic)
	if !ok || p.Value != "signal-boom" || len(p.Later) != 1 || p.Later[0].Value != "second-boom" ||
		!strings.Contains(p.Error(), "signal-boom") || !strings.Contains(p.Error(), "second-boom") {
		t.Fatalf("recovered %#v, want the first *ListenerPanic with the second in Later", got)
	}
	if out != "" {
		t.Fatalf("stderr %q, want nothing: the caller of Emit reports", out)
	}
	r.check(t, "a1", "c1", "e1")
	if s.Len() != 3 || s.emitting != 0 || s.pending != nil {
		t.Fatalf("Len %d, emitting %d, pending %v after the panic", s.Len(), s.emitting, s.pending)
	}
	s.Emit(2) // usable, and no stale panic
	r.check(t, "a2", "c2", "e2")
}

// A listener that emits a handler-less signal whose listener panics is
// removed from its own handler-less signal too, and the innermost
// *ListenerPanic, naming the listener that really panicked, reaches the
// outer caller unchanged, after both signals' other listeners ran.
func TestSignalNestedPanicWithoutHandler(t *testing.T) {
	var outer, inner Signal[int]
	var r rec
	inner.On(panicky)
	inner.On(func(v int) { r.add("inner%d", v) })
	outer.On(func(v int) { inner.Emit(v) })
	outer.On(func(v int) { r.add("outer%d", v) })
	defer func() {
		p, ok := recover().(*ListenerPanic)
		if !ok || p.Value != "panicky" || !strings.Contains(p.Listener, "panicky") || len(p.Later) != 0 {
			t.Fatalf("want the inner *ListenerPanic unchanged, got %#v", p)
		}
		r.check(t, "inner1", "outer1")
		if outer.Len() != 1 || inner.Len() != 1 {
			t.Fatalf("Len outer %d, inner %d; want 1, 1", outer.Len(), inner.Len())
		}
	}()
	outer.Emit(1)
}

// A fatal panic from a nested emit passes through an outer fatal emit
// unchanged, naming the listener that really panicked.
func TestSignalNestedFatalPanicPassesThrough(t *testing.T) {
	var outer, inner Signal[int]
	outer.SetPanicFatal(true)
	inner.SetPanicFatal(true)
	inner.On(panicky)
	outer.On(func(v int) { inner.Emit(v) })
	defer func() {
		p, ok := recover().(*ListenerPanic)
		if !ok || p.Value != "panicky" {
			t.Fatalf("want the inner *ListenerPanic unchanged, got %#v", p)
		}
		if outer.Len() != 0 || inner.Len() != 0 {
			t.Fatal("both listeners must be removed")
		}
	}()
	outer.Emit(1)
}

func TestSignalNilListenerPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("On(nil) did not panic")
		}
	}()
	var s Signal[int]
	s.On(nil)
}

func TestSignalEmitAllocatesNothing(t *testing.T) {
	var s Signal[int]
	sum := 0
	for range 10 {
		s.On(func(v int) { sum += v })
	}
	s.Once(func(int) {}) // removed by the first emit below
	s.Emit(1)
	allocs := testing.AllocsPerRun(1000, func() { s.Emit(1) })
	if allocs != 0 {
		t.Fatalf("Emit allocates %v times, want 0", allocs)
	}
	if sum == 0 {
		t.Fatal("listeners did not run")
	}
}

func BenchmarkSignalEmit(b *testing.B) {
	var s Signal[int]
	sum := 0
	for range 10 {
		s.On(func(v int) { sum += v })
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Emit(1)
	}
	if sum == 0 {
		b.Fatal("listeners did not run")
	}
}

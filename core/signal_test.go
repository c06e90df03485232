package core

import (
	"fmt"
	"slices"
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

func TestSignalPanicLeavesSignalUsable(t *testing.T) {
	var s Signal[int]
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
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("panic did not propagate")
			}
		}()
		s.Emit(1)
	}()
	if s.emitting != 0 || len(s.entries) != 1 {
		t.Fatalf("emitting = %d, entries = %d after panic", s.emitting, len(s.entries))
	}
	s.Emit(2)
	r.check(t, "a1", "a2")
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

package core

import (
	"strings"
	"testing"
)

type owner struct {
	name  string
	valid bool
}

func (o *owner) IsValid() bool { return o.valid }

func TestEventTargetZeroValueAndOrder(t *testing.T) {
	var et EventTarget
	et.Emit("x", 1) // no listeners
	if et.HasListener("x") {
		t.Fatal("HasListener on empty target")
	}
	var r rec
	et.On("x", func(a any) { r.add("a%v", a) }, nil)
	et.On("y", func(a any) { r.add("y%v", a) }, nil)
	et.On("x", func(a any) { r.add("b%v", a) }, nil)
	if !et.HasListener("x") || !et.HasListener("y") || et.HasListener("z") {
		t.Fatal("HasListener wrong")
	}
	et.Emit("x", 1)
	et.Emit("y", 2)
	r.check(t, "a1", "b1", "y2")
}

func TestEventTargetOffFunc(t *testing.T) {
	var et EventTarget
	var r rec
	off := et.On("x", func(any) { r.add("a") }, nil)
	off()
	off()
	if et.HasListener("x") {
		t.Fatal("listener still there after off")
	}
	if len(et.lists) != 0 {
		t.Fatalf("empty type not forgotten: %d lists", len(et.lists))
	}
	et.On("x", func(any) { r.add("b") }, nil)
	off()
	et.Emit("x", nil)
	r.check(t, "b")
}

func TestEventTargetOffByOwnerAndType(t *testing.T) {
	var et EventTarget
	var r rec
	o1, o2 := &owner{name: "o1", valid: true}, &owner{name: "o2", valid: true}
	et.On("x", func(any) { r.add("x1") }, o1)
	et.On("x", func(any) { r.add("x2") }, o2)
	et.On("x", func(any) { r.add("xnil") }, nil)
	et.On("y", func(any) { r.add("y1") }, o1)
	et.Off("x", o1)
	et.Emit("x", nil)
	et.Emit("y", nil)
	r.check(t, "x2", "xnil", "y1")
	et.Off("x", nil)
	et.Emit("x", nil)
	et.Emit("y", nil)
	r.check(t, "y1")
	if et.HasListener("x") {
		t.Fatal("Off(typ, nil) left listeners")
	}
}

func TestEventTargetTargetOff(t *testing.T) {
	var et EventTarget
	var r rec
	o1, o2 := &owner{valid: true}, &owner{valid: true}
	et.On("x", func(any) { r.add("x1") }, o1)
	et.On("y", func(any) { r.add("y1") }, o1)
	et.On("y", func(any) { r.add("y2") }, o2)
	et.TargetOff(nil) // no-op
	et.TargetOff(o1)
	et.Emit("x", nil)
	et.Emit("y", nil)
	r.check(t, "y2")
	if et.HasListener("x") {
		t.Fatal("TargetOff left a listener")
	}
}

func TestEventTargetOnce(t *testing.T) {
	var et EventTarget
	var r rec
	et.Once("x", func(a any) {
		r.add("once%v", a)
		et.Emit("x", 2) // nested: the once listener must not run again
	}, nil)
	et.On("x", func(a any) { r.add("on%v", a) }, nil)
	et.Emit("x", 1)
	r.check(t, "once1", "on2", "on1")
	et.Emit("x", 3)
	r.check(t, "on3")
}

func TestEventTargetAddRemoveDuringEmit(t *testing.T) {
	var et EventTarget
	var r rec
	var offC func()
	added := false
	et.On("x", func(any) {
		r.add("a")
		if !added {
			added = true
			et.On("x", func(any) { r.add("new") }, nil)
		}
		offC()
	}, nil)
	et.On("x", func(any) { r.add("b") }, nil)
	offC = et.On("x", func(any) { r.add("c") }, nil)
	et.Emit("x", nil)
	r.check(t, "a", "b")
	et.Emit("x", nil)
	r.check(t, "a", "b", "new")
}

func TestEventTargetOffAllDuringEmit(t *testing.T) {
	var et EventTarget
	var r rec
	et.On("x", func(any) {
		r.add("a")
		et.Off("x", nil)
		et.On("x", func(any) { r.add("after") }, nil)
	}, nil)
	et.On("x", func(any) { r.add("b") }, nil)
	et.Emit("x", nil)
	r.check(t, "a")
	et.Emit("x", nil)
	r.check(t, "after")
}

func TestEventTargetSkipsAndDropsInvalidOwners(t *testing.T) {
	var et EventTarget
	var r rec
	o1, o2 := &owner{name: "o1", valid: true}, &owner{name: "o2", valid: true}
	et.On("x", func(any) {
		r.add("o1")
		o2.valid = false // dies before its turn in this emit
	}, o1)
	et.On("x", func(any) { r.add("o2") }, o2)
	et.On("x", func(any) { r.add("plain") }, "not a validator")
	et.Emit("x", nil)
	r.check(t, "o1", "plain")
	if n := len(et.lists["x"].entries); n != 2 {
		t.Fatalf("invalid owner's listener not dropped: %d entries", n)
	}
	o2.valid = true // a dropped listener does not come back
	et.Emit("x", nil)
	r.check(t, "o1", "plain")
}

func TestEventTargetHasListenerIgnoresInvalidOwners(t *testing.T) {
	var et EventTarget
	o := &owner{valid: true}
	et.On("x", func(any) {}, o)
	if !et.HasListener("x") {
		t.Fatal("HasListener false with a valid owner")
	}
	o.valid = false
	if et.HasListener("x") {
		t.Fatal("HasListener true with only an invalid owner")
	}
}

func TestEventTargetEmitAllocatesNothing(t *testing.T) {
	var et EventTarget
	o := &owner{valid: true}
	n := 0
	for range 10 {
		et.On("x", func(any) { n++ }, o)
	}
	arg := any(o)
	allocs := testing.AllocsPerRun(1000, func() { et.Emit("x", arg) })
	if allocs != 0 {
		t.Fatalf("Emit allocates %v times, want 0", allocs)
	}
	if n == 0 {
		t.Fatal("listeners did not run")
	}
}

// In fatal mode a listener's panic propagates as a *ListenerPanic naming the
// event and the owner, after the listener is removed; the target stays usable.
func TestEventTargetPanicFatalLeavesTargetUsable(t *testing.T) {
	var et EventTarget
	et.SetPanicFatal(true)
	var r rec
	o := &owner{valid: true}
	et.On("x", func(a any) {
		r.add("a%v", a)
		if a == 1 {
			panic("boom")
		}
	}, o)
	et.On("x", func(a any) { r.add("b%v", a) }, nil)
	func() {
		defer func() {
			p, ok := recover().(*ListenerPanic)
			if !ok || p.Event != "x" || p.Owner != o || p.Value != "boom" {
				t.Fatalf("want a *ListenerPanic for x owned by o, got %#v", p)
			}
		}()
		et.Emit("x", 1)
	}()
	if et.lists["x"].emitting != 0 {
		t.Fatal("emit depth not restored after panic")
	}
	et.Emit("x", 2)
	r.check(t, "a1", "b2")
}

// A panicking listener is blamed on itself and its owner: Emit returns
// normally, the listener is removed and reported, the others run once.
func TestEventTargetListenerPanicIsBlamedOnListener(t *testing.T) {
	var et EventTarget
	var reports []*ListenerPanic
	et.SetPanicHandler(func(p *ListenerPanic) { reports = append(reports, p) })
	var r rec
	o := &owner{name: "o", valid: true}
	et.On("x", func(any) { r.add("a") }, nil)
	et.OnKey("x", "k", func(any) {
		r.add("bad")
		panic("bad listener")
	}, o)
	et.On("x", func(any) { r.add("c") }, nil)
	et.Emit("x", nil)
	et.Emit("x", nil)
	r.check(t, "a", "bad", "c", "a", "c")
	if len(reports) != 1 {
		t.Fatalf("%d reports, want 1", len(reports))
	}
	p := reports[0]
	if p.Event != "x" || p.Owner != o || p.Key != "k" || p.Value != "bad listener" ||
		!strings.Contains(p.Listener, "TestEventTargetListenerPanicIsBlamedOnListener") ||
		!strings.Contains(p.Error(), `"x"`) || !strings.Contains(p.Error(), "*core.owner") {
		t.Fatalf("report %v: %+v", p, p)
	}
	if et.HasListenerKey("x", "k", o) {
		t.Fatal("the panicking listener must be removed")
	}
}

// OnKey gives a listener an identity (type, owner, key): the same identity
// registered twice is one listener (the first one stays), as in Cocos; other
// owners, types or keys are other listeners; On stays anonymous.
func TestEventTargetOnKeyIdentity(t *testing.T) {
	var et EventTarget
	var r rec
	o1, o2 := &owner{valid: true}, &owner{valid: true}
	offA := et.OnKey("x", "k", func(any) { r.add("a") }, o1)
	offDup := et.OnKey("x", "k", func(any) { r.add("dup") }, o1)
	et.OnKey("x", "k", func(any) { r.add("o2") }, o2)
	et.OnKey("y", "k", func(any) { r.add("y") }, o1)
	et.OnKey("x", "k2", func(any) { r.add("k2") }, o1)
	et.OnKey("x", nil, func(any) { r.add("nilkey") }, o1)
	et.OnKey("x", nil, func(any) { r.add("nilkey") }, o1)
	et.On("x", func(any) { r.add("anon") }, o1)
	et.On("x", func(any) { r.add("anon") }, o1)
	et.Emit("x", nil)
	r.check(t, "a", "o2", "k2", "nilkey", "nilkey", "anon", "anon")
	if !et.HasListenerKey("x", "k", o1) || et.HasListenerKey("y", "k2", o1) || et.HasListenerKey("x", nil, o1) {
		t.Fatal("HasListenerKey")
	}
	offDup() // the duplicate's off removes the one listener
	if et.HasListenerKey("x", "k", o1) {
		t.Fatal("off of the duplicate registration must remove the listener")
	}
	offA() // already removed: no-op
	et.OnKey("x", "k", func(any) { r.add("again") }, o1)
	et.OffKey("x", "k2", o1)
	et.OffKey("x", "k2", o1)
	et.Emit("x", nil)
	r.check(t, "o2", "nilkey", "nilkey", "anon", "anon", "again")

	et.OnceKey("z", "k", func(any) { r.add("once") }, o1)
	et.OnceKey("z", "k", func(any) { r.add("once-dup") }, o1)
	et.OnKey("z", "k", func(any) { r.add("on-dup") }, o1)
	et.Emit("z", nil)
	et.Emit("z", nil)
	r.check(t, "once")
	et.OnKey("z", "k", func(any) { r.add("after") }, o1) // the once listener ran: free again
	et.Emit("z", nil)
	r.check(t, "after")

	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("OnKey with an incomparable key must panic")
			}
		}()
		et.OnKey("fresh", []int{1}, func(any) {}, nil)
	}()
}

// deferredOwner dies in two steps, like scenegraph objects: IsValid turns
// false in a deferred step, IsValidStrict as soon as Destroy is requested.
type deferredOwner struct{ requested, destroyed bool }

func (o *deferredOwner) IsValid() bool       { return !o.destroyed }
func (o *deferredOwner) IsValidStrict() bool { return !o.destroyed && !o.requested }

// A listener is not called once its owner's destruction is requested, even
// before the deferred destroy step: the strict check decides.
func TestEventTargetStrictOwnerValidity(t *testing.T) {
	var et EventTarget
	var r rec
	o := &deferredOwner{}
	et.On("x", func(any) { r.add("owned") }, o)
	et.On("x", func(any) {
		r.add("first")
		o.requested = true // destroyed before the owned listener's turn
	}, nil)
	et.On("x", func(any) { r.add("owned-late") }, o)
	et.Emit("x", nil)
	r.check(t, "owned", "first")
	if !et.HasListener("x") || et.HasListenerKey("x", "k", o) {
		t.Fatal("HasListener")
	}
	et.Off("x", nil)
	et.On("x", func(any) { r.add("never") }, o)
	if et.HasListener("x") {
		t.Fatal("HasListener must ignore a listener whose owner's destruction is requested")
	}
	et.Emit("x", nil)
	r.check(t)
}

func TestEventTargetEdgeCases(t *testing.T) {
	var et EventTarget
	et.Off("none", nil) // unknown type: no-op
	et.TargetOff("nobody")
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("On with nil fn did not panic")
			}
		}()
		et.On("x", nil, nil)
	}()
	if et.HasListener("x") {
		t.Fatal("nil listener was added")
	}
}

func BenchmarkEventTargetEmit(b *testing.B) {
	var et EventTarget
	o := &owner{valid: true}
	n := 0
	for range 10 {
		et.On("x", func(any) { n++ }, o)
	}
	arg := any(o)
	b.ReportAllocs()
	for b.Loop() {
		et.Emit("x", arg)
	}
	if n == 0 {
		b.Fatal("listeners did not run")
	}
}

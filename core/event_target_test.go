package core

import "testing"

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

func TestEventTargetPanicLeavesTargetUsable(t *testing.T) {
	var et EventTarget
	var r rec
	et.On("x", func(a any) {
		r.add("a%v", a)
		if a == 1 {
			panic("boom")
		}
	}, nil)
	func() {
		defer func() { _ = recover() }()
		et.Emit("x", 1)
	}()
	if et.lists["x"].emitting != 0 {
		t.Fatal("emit depth not restored after panic")
	}
	et.Emit("x", 2)
	r.check(t, "a1", "a2")
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

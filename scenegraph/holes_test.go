package scenegraph

import (
	"fmt"
	"strings"
	"testing"
)

// Destroying many siblings in one step removes them in one pass; whoever
// looks in the middle of the step (a listener of EventChildRemoved) sees
// exactly the children that are left, in order, with their sibling
// indexes, and afterwards the list is exact and in order.
func TestDestroySiblingsKeepsOrderMidStep(t *testing.T) {
	s, _, _ := newTestScene(t)
	p := NewNode("P")
	s.AddChild(p)
	var kids []*Node
	for i := range 10 {
		k := NewNode(fmt.Sprint(i))
		p.AddChild(k)
		kids = append(kids, k)
	}
	s.Launch()
	var seen []string
	p.On(EventChildRemoved, func(e *Event) {
		last := kids[9]
		seen = append(seen, fmt.Sprintf("-%s:%d[%s]@%d", e.Arg.(*Node).Name(), p.ChildCount(), names(p.Children()), last.SiblingIndex()))
	}, nil)
	for _, i := range []int{0, 3, 4, 8} {
		kids[i].Destroy()
	}
	if p.ChildCount() != 10 {
		t.Fatalf("a destroyed node stays in its parent until the step: %d children", p.ChildCount())
	}
	s.ProcessDestroyed()
	want := []string{
		"-0:9[1 2 3 4 5 6 7 8 9]@8",
		"-3:8[1 2 4 5 6 7 8 9]@7",
		"-4:7[1 2 5 6 7 8 9]@6",
		"-8:6[1 2 5 6 7 9]@5",
	}
	if strings.Join(seen, " ") != strings.Join(want, " ") {
		t.Fatalf("mid-step views:\n got %v\nwant %v", seen, want)
	}
	if names(p.Children()) != "1 2 5 6 7 9" || p.ChildCount() != 6 {
		t.Fatalf("after the step: [%s] (%d)", names(p.Children()), p.ChildCount())
	}
	for i, k := range p.Children() {
		if k.SiblingIndex() != i {
			t.Fatalf("%s: SiblingIndex %d, want %d", k.Name(), k.SiblingIndex(), i)
		}
	}
	if kids[3].SiblingIndex() != -1 || kids[3].IsValid() {
		t.Fatal("a destroyed node keeps a sibling index or stays valid")
	}
	// The list goes on working: append, move, remove.
	p.AddChild(NewNode("x"))
	p.Find("x").SetSiblingIndex(1)
	kids[6].RemoveFromParent()
	if names(p.Children()) != "1 x 2 5 7 9" || p.Find("x").SiblingIndex() != 1 || kids[9].SiblingIndex() != 5 {
		t.Fatalf("after add, move, remove: [%s]", names(p.Children()))
	}
}

// Destroying many components of one node keeps the rest in order, and
// GetComponent, Components and OnDestroy order stay right.
func TestDestroyComponentsKeepsOrder(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	var ps []*probe
	for i := range 6 {
		ps = append(ps, addProbe(n, tr, fmt.Sprint("c", i)))
	}
	s.Launch()
	tr.take()
	var seen []int
	n.On(EventComponentRemoved, func(*Event) { seen = append(seen, len(n.Components())) }, nil)
	for _, i := range []int{0, 2, 3} {
		ps[i].Destroy()
	}
	s.ProcessDestroyed()
	eq(t, filter(tr.take(), "onDestroy"), "c0.onDestroy", "c2.onDestroy", "c3.onDestroy")
	if fmt.Sprint(seen) != "[5 4 3]" {
		t.Fatalf("component counts seen mid-step: %v", seen)
	}
	var got []string
	for _, b := range n.Components() {
		got = append(got, b.(*probe).name)
	}
	if strings.Join(got, " ") != "c1 c4 c5" || GetComponent[*probe](n) != ps[1] {
		t.Fatalf("components left: %v, first %v", got, GetComponent[*probe](n).name)
	}
	addProbe(n, tr, "c6")
	if c := n.Components(); len(c) != 4 || c[3].(*probe).name != "c6" {
		t.Fatalf("after adding: %d components", len(c))
	}
}

// A node's components are destroyed first to last, each once, even when
// an OnDestroy reads the node's list (which closes the holes the step has
// left so far: here three of them, before c3).
func TestDestroyNodeComponentsWhileCallbacksRead(t *testing.T) {
	s, tr, _ := newTestScene(t)
	n := NewNode("N")
	s.AddChild(n)
	var seen []string
	for i := range 5 {
		p := addProbe(n, tr, fmt.Sprint("c", i))
		if i < 3 {
			continue
		}
		p.onDestroy = func() {
			var left []string
			for _, b := range n.Components() {
				left = append(left, b.(*probe).name)
			}
			seen = append(seen, p.name+":"+strings.Join(left, ","))
		}
	}
	s.Launch()
	tr.take()
	n.Destroy()
	s.ProcessDestroyed()
	eq(t, filter(tr.take(), "onDestroy"), "c0.onDestroy", "c1.onDestroy", "c2.onDestroy", "c3.onDestroy", "c4.onDestroy")
	// Each OnDestroy runs while its component is still on the node.
	eq(t, seen, "c3:c3,c4", "c4:c4")
}

// A child's OnDestroy that moves a sibling out of the dying parent (which
// closes the parent's list) neither skips nor repeats a child.
func TestDestroyParentWhileChildMovesSibling(t *testing.T) {
	s, tr, _ := newTestScene(t)
	p, away := NewNode("P"), NewNode("Away")
	s.AddChild(p)
	s.AddChild(away)
	var kids []*Node
	for i := range 5 {
		k := NewNode(fmt.Sprint(i))
		p.AddChild(k)
		addProbe(k, tr, fmt.Sprint("k", i))
		kids = append(kids, k)
	}
	GetComponent[*probe](kids[1]).onDestroy = func() { kids[3].SetParent(away) }
	s.Launch()
	tr.take()
	p.Destroy()
	s.ProcessDestroyed()
	eq(t, filter(tr.take(), "onDestroy"), "k0.onDestroy", "k1.onDestroy", "k2.onDestroy", "k4.onDestroy")
	if kids[3].Parent() != away || !kids[3].IsValid() || names(away.Children()) != "3" {
		t.Fatal("the moved node was destroyed with its old parent")
	}
}

// Frames after a destroy step allocate nothing: the step's bookkeeping
// keeps its capacity.
func TestFramesAfterDestroyAllocateNothing(t *testing.T) {
	s, _, _ := newTestScene(t)
	p := NewNode("P")
	s.AddChild(p)
	for range 100 {
		k := NewNode("")
		p.AddChild(k)
		AddComponent(k, &plainComp{})
	}
	s.Launch()
	for i, k := range p.Children() {
		if i%2 == 0 {
			k.Destroy()
		}
	}
	frame(s, 1.0/60)
	if p.ChildCount() != 50 {
		t.Fatalf("%d children left, want 50", p.ChildCount())
	}
	if a := testing.AllocsPerRun(50, func() { frame(s, 1.0/60) }); a != 0 {
		t.Fatalf("%v allocations per steady frame", a)
	}
}

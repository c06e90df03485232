package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestHierarchyFindPathAndSiblings(t *testing.T) {
	s := NewScene("S")
	a, b, c, d := NewNode("A"), NewNode("B"), NewNode("C"), NewNode("D")
	s.AddChild(a)
	a.AddChild(b)
	a.AddChild(c)
	a.AddChild(d)
	b.AddChild(NewNode("Leaf"))
	if got := s.Find("A/B/Leaf"); got == nil || got.Path() != "S/A/B/Leaf" {
		t.Fatalf("Find: %v", got)
	}
	if s.Find("A/X") != nil {
		t.Fatal("Find of a missing path must be nil")
	}
	d.SetSiblingIndex(0)
	if names(a.Children()) != "D B C" || d.SiblingIndex() != 0 {
		t.Fatalf("SetSiblingIndex: %s", names(a.Children()))
	}
	b.SetSiblingIndex(99)
	if names(a.Children()) != "D C B" {
		t.Fatalf("SetSiblingIndex clamp: %s", names(a.Children()))
	}
	if err := a.SetParent(b); err == nil {
		t.Fatal("a cycle must be refused")
	}
	if err := s.Root().SetParent(a); err == nil {
		t.Fatal("a scene root has no parent")
	}
	if err := a.RemoveChild(b); err != nil || b.Parent() != nil || names(a.Children()) != "D C" {
		t.Fatalf("RemoveChild: %v %s", err, names(a.Children()))
	}
	if b.Scene() != nil || b.Find("Leaf").Scene() != nil {
		t.Fatal("a detached subtree belongs to no scene")
	}
}

func names(ns []*Node) string {
	s := ""
	for i, n := range ns {
		if i > 0 {
			s += " "
		}
		s += n.Name()
	}
	return s
}

func TestReparentActivatesAndDeactivates(t *testing.T) {
	s, tr, _ := newTestScene(t)
	on, off := NewNode("On"), NewNode("Off")
	off.SetActive(false)
	s.AddChild(on)
	s.AddChild(off)
	n := NewNode("N")
	addProbe(n, tr, "n")
	s.Launch()
	on.AddChild(n)
	eq(t, filter(tr.take(), "onLoad", "onEnable", "onDisable"), "n.onLoad", "n.onEnable")
	n.SetParent(off)
	eq(t, filter(tr.take(), "onEnable", "onDisable"), "n.onDisable")
	n.SetParent(on)
	eq(t, filter(tr.take(), "onLoad", "onEnable", "onDisable"), "n.onEnable")

	other := NewScene("Other")
	other.Logger = s.Logger
	other.Launch()
	n.SetParent(other.Root())
	eq(t, filter(tr.take(), "onEnable", "onDisable"), "n.onDisable", "n.onEnable")
	frame(s, 0.1)
	eq(t, filter(tr.take(), "update"))
	frame(other, 0.1)
	eq(t, filter(tr.take(), "start", "update"), "n.start", "n.update")
}

func TestComponentsLookup(t *testing.T) {
	n := NewNode("N")
	tr := &trace{}
	p1 := addProbe(n, tr, "p1")
	addProbe(n, tr, "p2")
	if GetComponent[*probe](n) != p1 {
		t.Fatal("GetComponent returns the first of its type")
	}
	if got := GetComponents[*probe](n, nil); len(got) != 2 {
		t.Fatalf("GetComponents: %d", len(got))
	}
	child := NewNode("C")
	n.AddChild(child)
	c := addProbe(child, tr, "c")
	empty := NewNode("E")
	if GetComponentInChildren[*probe](child) != c || GetComponentInChildren[*probe](empty) != nil {
		t.Fatal("GetComponentInChildren")
	}
	// Found below a node that has none of its own.
	bare := NewNode("Bare")
	bare.AddChild(child)
	if GetComponentInChildren[*probe](bare) != c {
		t.Fatal("GetComponentInChildren must search below a node without the component")
	}
	lb := &logBuf{}
	s := NewScene("S")
	s.Logger = lb
	s.AddChild(n)
	s.AddChild(empty)
	AddComponent(empty, p1) // already attached to n
	if p1.Node() != n || len(lb.lines) != 1 {
		t.Fatalf("re-attaching must be refused with an error: node=%v log=%q", p1.Node(), lb.lines)
	}
}

func TestWorldMatrixCachedAndHasChanged(t *testing.T) {
	s := NewScene("S")
	parent, child := NewNode("P"), NewNode("C")
	s.AddChild(parent)
	parent.AddChild(child)
	s.Launch()
	parent.SetPosition(mgl32.Vec3{10, 0, 0})
	parent.SetAngle(90)
	child.SetPosition(mgl32.Vec3{1, 0, 0})
	child.SetScale(mgl32.Vec3{2, 2, 2})
	if w := child.WorldPosition(); !w.ApproxEqualThreshold(mgl32.Vec3{10, 1, 0}, 1e-5) {
		t.Fatalf("world position %v, want (10,1,0)", w)
	}
	if !child.HasChanged() || !parent.HasChanged() {
		t.Fatal("changed nodes must report HasChanged in this frame")
	}
	s.ResetChanged()
	if child.HasChanged() || parent.HasChanged() {
		t.Fatal("HasChanged must reset at the end of the frame")
	}
	// A cached world matrix is not recomputed: poke it and read it back.
	child.world[12] = 42
	if child.WorldMatrix()[12] != 42 {
		t.Fatal("world matrix recomputed without a change")
	}
	parent.SetPositionXY(0, 0)
	if !child.HasChanged() || child.WorldMatrix()[12] == 42 {
		t.Fatal("a parent's change must invalidate the child")
	}
	child.SetWorldPosition(mgl32.Vec3{3, 4, 0})
	if w := child.WorldPosition(); !w.ApproxEqualThreshold(mgl32.Vec3{3, 4, 0}, 1e-5) {
		t.Fatalf("SetWorldPosition: %v", w)
	}
	if a := parent.Angle(); a < 89.99 || a > 90.01 {
		t.Fatalf("Angle %v, want 90", a)
	}
	s.ResetChanged()
	// Re-dirtying an already dirty node in a new frame must still flag its
	// subtree as changed.
	parent.SetPositionXY(1, 0)
	s.ResetChanged()
	parent.SetPositionXY(2, 0)
	if !child.HasChanged() {
		t.Fatal("child of a twice-moved parent lost its HasChanged")
	}
}

// owned is a component that listens to node events.
type owned struct{ Component }

func TestNodeEventsBubbleAndDieWithOwner(t *testing.T) {
	s := NewScene("S")
	a, b, c := NewNode("A"), NewNode("B"), NewNode("C")
	s.AddChild(a)
	a.AddChild(b)
	b.AddChild(c)
	s.Launch()
	var got []string
	a.On("hit", func(e *Event) { got = append(got, "a:"+e.Target.Name()+">"+e.CurrentTarget.Name()) }, nil)
	b.On("hit", func(e *Event) {
		got = append(got, "b")
		if e.Arg == "stop" {
			e.StopPropagation()
		}
	}, nil)
	c.Dispatch("hit", nil)
	if names := join(got); names != "b a:C>A" {
		t.Fatalf("bubbling: %s", names)
	}
	got = nil
	c.Dispatch("hit", "stop")
	if join(got) != "b" {
		t.Fatalf("StopPropagation: %s", join(got))
	}
	got = nil
	c.Emit("hit", nil)
	b.Emit("hit", nil)
	if join(got) != "b" {
		t.Fatalf("Emit must not bubble: %s", join(got))
	}

	o := AddComponent(b, &owned{})
	calls := 0
	a.On("ping", func(*Event) { calls++ }, o)
	a.Emit("ping", nil)
	o.Destroy()
	frame(s, 0.1)
	a.Emit("ping", nil)
	if calls != 1 {
		t.Fatalf("a listener owned by a destroyed component was called %d times, want 1", calls)
	}
	var added *Node
	a.On(EventChildAdded, func(e *Event) { added = e.Arg.(*Node) }, nil)
	d := NewNode("D")
	a.AddChild(d)
	if added != d {
		t.Fatal("child-added event")
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

type valueKey struct{}

func TestSceneValues(t *testing.T) {
	s := NewScene("S")
	if s.Value(valueKey{}) != nil {
		t.Fatal("a new scene has no values")
	}
	s.SetValue(valueKey{}, 1)
	s.SetValue("other", 2)
	s.SetValue(valueKey{}, 3)
	if s.Value(valueKey{}) != 3 || s.Value("other") != 2 {
		t.Fatalf("values %v %v", s.Value(valueKey{}), s.Value("other"))
	}
	s.SetValue(valueKey{}, nil)
	if s.Value(valueKey{}) != nil || s.Value("other") != 2 || len(s.Root().Components()) != 0 {
		t.Fatal("SetValue(nil) must remove only that key, and values are not components")
	}
}

// The fast paths (no rotation; an identity parent; an identity node) give
// the same matrices as the general product.
func TestWorldMatrixFastPathsMatchGeneral(t *testing.T) {
	s := NewScene("S")
	group := NewNode("Group") // identity: its children skip the multiply
	s.AddChild(group)
	moved := NewNode("Moved")
	moved.SetPosition(mgl32.Vec3{5, -3, 2})
	moved.SetRotationEuler(10, 20, 30)
	s.AddChild(moved)
	pass := NewNode("Pass") // identity under a moved parent: copies it
	moved.AddChild(pass)
	for _, parent := range []*Node{group, pass} {
		n := NewNode("N")
		n.SetPosition(mgl32.Vec3{1, 2, 3})
		n.SetScale(mgl32.Vec3{2, 3, 4})
		parent.AddChild(n)
		want := parent.WorldMatrix().Mul4(mgl32.Translate3D(1, 2, 3).Mul4(mgl32.Scale3D(2, 3, 4)))
		if got := n.WorldMatrix(); !got.ApproxEqualThreshold(want, 1e-5) {
			t.Fatalf("under %s: %v, want %v", parent.Name(), got, want)
		}
	}
	if !group.identity || moved.identity || pass.identity {
		t.Fatal("identity flags")
	}
}

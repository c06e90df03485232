package ui

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// layoutWorld returns a container at (200, 150) with a w×h Rect and a
// Layout, and children A (20×10), B (30×10, anchored bottom-left) and C
// (10×10 at scale 2), plus an inactive D.
func layoutWorld(t *testing.T, w, h float32) (*world, *Layout, *Rect, [4]*scenegraph.Node) {
	wd := newWorld(t, 400, 300)
	box, r := wd.add(nil, "Box", 200, 150, w, h)
	a, _ := wd.add(box, "A", 0, 0, 20, 10)
	b, br := wd.add(box, "B", 0, 0, 30, 10)
	br.SetAnchor(0, 0)
	c, _ := wd.add(box, "C", 0, 0, 10, 10)
	c.SetScale(mgl32.Vec3{2, 2, 1})
	d, _ := wd.add(box, "D", 0, 0, 10, 10)
	d.SetActive(false)
	l := scenegraph.AddComponent(box, &Layout{Padding: Insets{Left: 10, Right: 10, Top: 5, Bottom: 5}, Spacing: mgl32.Vec2{4, 4}})
	return wd, l, r, [4]*scenegraph.Node{a, b, c, d}
}

func positions(ns ...*scenegraph.Node) []mgl32.Vec2 {
	var ps []mgl32.Vec2
	for _, n := range ns {
		p := n.Position()
		ps = append(ps, mgl32.Vec2{p[0], p[1]})
	}
	return ps
}

func expectPositions(t *testing.T, what string, got []mgl32.Vec2, want ...mgl32.Vec2) {
	t.Helper()
	for i := range want {
		if !nearVec(got[i], want[i]) {
			t.Fatalf("%s: positions %v, want %v", what, got, want)
		}
	}
}

func TestLayoutHorizontal(t *testing.T) {
	w, l, r, ch := layoutWorld(t, 300, 100) // local x -150..150, y -50..50
	a, b, c, d := ch[0], ch[1], ch[2], ch[3]
	d.SetPositionXY(1, 2)
	w.tick()
	expectPositions(t, "left to right", positions(a, b, c), mgl32.Vec2{-130, 0}, mgl32.Vec2{-116, 0}, mgl32.Vec2{-72, 0})
	if p := d.Position(); p[0] != 1 || p[1] != 2 {
		t.Fatalf("the inactive child moved to %v", p)
	}
	l.CrossAlign = CrossCenter
	w.tick()
	expectPositions(t, "centered", positions(a, b, c), mgl32.Vec2{-130, 0}, mgl32.Vec2{-116, -5}, mgl32.Vec2{-72, 0})
	l.CrossAlign = CrossStart
	w.tick()
	expectPositions(t, "top", positions(a, b, c), mgl32.Vec2{-130, 40}, mgl32.Vec2{-116, 35}, mgl32.Vec2{-72, 35})
	l.CrossAlign = CrossEnd
	w.tick()
	expectPositions(t, "bottom", positions(a, b, c), mgl32.Vec2{-130, -40}, mgl32.Vec2{-116, -45}, mgl32.Vec2{-72, -35})
	l.CrossAlign, l.RightToLeft = CrossKeep, true
	w.tick()
	expectPositions(t, "right to left", positions(a, b, c), mgl32.Vec2{130, -40}, mgl32.Vec2{86, -45}, mgl32.Vec2{72, -35})
	l.RightToLeft, l.ResizeContainer = false, true
	w.tick()
	if r.Size() != (mgl32.Vec2{98, 100}) {
		t.Fatalf("resized to %v, want 98×100 (20+30+20 + 2×4 + 10+10)", r.Size())
	}
	expectPositions(t, "resized", positions(a, b, c), mgl32.Vec2{-29, -40}, mgl32.Vec2{-15, -45}, mgl32.Vec2{29, -35})
}

func TestLayoutVertical(t *testing.T) {
	w, l, r, ch := layoutWorld(t, 100, 300) // local x -50..50, y -150..150
	a, b, c := ch[0], ch[1], ch[2]
	l.Type = Vertical
	w.tick()
	expectPositions(t, "top to bottom", positions(a, b, c), mgl32.Vec2{0, 140}, mgl32.Vec2{0, 121}, mgl32.Vec2{0, 107})
	l.BottomToTop, l.CrossAlign = true, CrossEnd
	w.tick()
	expectPositions(t, "bottom to top, right", positions(a, b, c), mgl32.Vec2{30, -140}, mgl32.Vec2{10, -131}, mgl32.Vec2{30, -107})
	l.CrossAlign = CrossStart
	w.tick()
	expectPositions(t, "left", positions(a, b, c), mgl32.Vec2{-30, -140}, mgl32.Vec2{-40, -131}, mgl32.Vec2{-30, -107})
	l.ResizeContainer = true
	w.tick()
	if r.Size() != (mgl32.Vec2{100, 58}) {
		t.Fatalf("resized to %v, want 100×58 (10+10+20 + 2×4 + 5+5)", r.Size())
	}
}

func TestLayoutGrid(t *testing.T) {
	w := newWorld(t, 400, 300)
	box, r := w.add(nil, "Grid", 100, 250, 100, 200)
	r.SetAnchor(0, 1) // local x 0..100, y -200..0
	var kids []*scenegraph.Node
	for i := 0; i < 7; i++ {
		k, _ := w.add(box, "K", 0, 0, 30, 20)
		kids = append(kids, k)
	}
	l := scenegraph.AddComponent(box, &Layout{Type: Grid, Spacing: mgl32.Vec2{10, 5}})
	w.tick()
	// Two fit across 100 units (30+10+30), a third would not.
	expectPositions(t, "wrapped", positions(kids...),
		mgl32.Vec2{15, -10}, mgl32.Vec2{55, -10}, mgl32.Vec2{15, -35}, mgl32.Vec2{55, -35},
		mgl32.Vec2{15, -60}, mgl32.Vec2{55, -60}, mgl32.Vec2{15, -85})
	l.ResizeContainer = true
	w.tick()
	if r.Size() != (mgl32.Vec2{100, 95}) {
		t.Fatalf("resized to %v, want 100×95 (4 rows of 20, 3 gaps of 5)", r.Size())
	}
	l.Columns = 3
	w.tick()
	if r.Size() != (mgl32.Vec2{110, 70}) {
		t.Fatalf("3 columns: resized to %v, want 110×70", r.Size())
	}
	expectPositions(t, "3 columns", positions(kids...),
		mgl32.Vec2{15, -10}, mgl32.Vec2{55, -10}, mgl32.Vec2{95, -10}, mgl32.Vec2{15, -35})
	l.BottomToTop, l.RightToLeft = true, true
	w.tick() // rows from the bottom (y -70), columns from the right (x 110)
	expectPositions(t, "from the bottom right", positions(kids...),
		mgl32.Vec2{95, -60}, mgl32.Vec2{55, -60}, mgl32.Vec2{15, -60}, mgl32.Vec2{95, -35})
}

// A layout lays out again only when something it depends on changed, and
// an unchanged one allocates nothing.
func TestLayoutRelayoutsOnlyOnChange(t *testing.T) {
	w, l, _, ch := layoutWorld(t, 300, 100)
	a, b, d := ch[0], ch[1], ch[3]
	w.tick()
	n := l.Relayouts()
	for range 3 {
		w.tick()
	}
	if l.Relayouts() != n {
		t.Fatalf("%d relayouts over unchanged frames", l.Relayouts()-n)
	}
	if allocs := testing.AllocsPerRun(100, w.sys.Arrange); allocs != 0 {
		t.Fatalf("Arrange allocates %v times with nothing changed", allocs)
	}
	steps := []struct {
		what   string
		change func()
	}{
		{"child resized", func() { scenegraph.GetComponent[*Rect](a).SetSize(40, 10) }},
		{"child added", func() { w.add(a.Parent(), "E", 0, 0, 5, 5) }},
		{"child activated", func() { d.SetActive(true) }},
		{"child moved by hand", func() { b.SetPositionXY(999, 0) }},
		{"child rescaled", func() { b.SetScale(mgl32.Vec3{2, 1, 1}) }},
		{"children reordered", func() { b.SetSiblingIndex(0) }},
		{"child removed", func() { b.RemoveFromParent() }},
		{"spacing changed", func() { l.Spacing[0] = 8 }},
		{"container resized", func() { scenegraph.GetComponent[*Rect](l.Node()).SetSize(310, 100) }},
	}
	for _, s := range steps {
		before := l.Relayouts()
		s.change()
		w.tick()
		if l.Relayouts() != before+1 {
			t.Fatalf("%s: %d relayouts, want 1", s.what, l.Relayouts()-before)
		}
		w.tick()
		if l.Relayouts() != before+1 {
			t.Fatalf("%s: laid out again on the next, unchanged frame", s.what)
		}
	}
	if p := b.Position(); p[0] == 999 {
		t.Fatal("a child moved by hand was not put back")
	}
}

// Layouts nest: the inner one resizes its container, the outer one places
// it by its new size in the same frame.
func TestLayoutNested(t *testing.T) {
	w := newWorld(t, 400, 300)
	outer, _ := w.add(nil, "Outer", 200, 150, 200, 200)
	ol := scenegraph.AddComponent(outer, &Layout{Type: Vertical, CrossAlign: CrossStart})
	row, _ := w.add(outer, "Row", 0, 0, 0, 20)
	scenegraph.AddComponent(row, &Layout{Type: Horizontal, ResizeContainer: true})
	w.add(row, "X", 0, 0, 40, 20)
	w.tick()
	if p := row.Position(); !near(p[0], -80) { // left edge -100, half of 40
		t.Fatalf("row at %v, want x -80", p)
	}
	w.add(row, "Y", 0, 0, 60, 20)
	n := ol.Relayouts()
	w.tick()
	if p := row.Position(); !near(p[0], -50) { // the row is now 100 wide
		t.Fatalf("row at %v after growing, want x -50", p)
	}
	if ol.Relayouts() != n+1 {
		t.Fatalf("outer laid out %d times", ol.Relayouts()-n)
	}
}

package ui

import (
	"math/rand/v2"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

// checkList fails unless list holds exactly the components in want, each
// knowing its place.
func checkList[T interface {
	comparable
	listed
}](t *testing.T, what string, list []T, want map[T]bool) {
	t.Helper()
	if len(list) != len(want) {
		t.Fatalf("%s: %d listed, want %d", what, len(list), len(want))
	}
	for i, x := range list {
		if !want[x] || *x.slot() != i+1 {
			t.Fatalf("%s: entry %d (slot %d) listed wrongly", what, i, *x.slot())
		}
	}
}

// The System's lists add and remove in constant time (each component
// knows its place; see BenchmarkRects100K) and stay exact through
// removals in any order, re-enabling, sorting by depth in Arrange, and
// components moving between Systems.
func TestSystemListsStayExact(t *testing.T) {
	w := newWorld(t, 400, 300)
	rng := rand.New(rand.NewPCG(3, 4))
	var rects []*Rect
	var widgets []*Widget
	var buttons []*Button
	parent := w.s.Root()
	for i := range 300 {
		n, r := w.add(parent, "N", 0, 0, 10, 10)
		rects = append(rects, r)
		widgets = append(widgets, scenegraph.AddComponent(n, &Widget{}))
		buttons = append(buttons, &scenegraph.AddComponent(n, NewToggle(false)).Button)
		if i%7 == 0 {
			parent = n // some depth, so that sorting moves things
		}
	}
	check := func(what string) {
		t.Helper()
		wr, ww, wb := map[*Rect]bool{}, map[*Widget]bool{}, map[arranger]bool{}
		for i := range rects {
			if rects[i].EnabledInHierarchy() {
				wr[rects[i]] = true
			}
			if widgets[i].EnabledInHierarchy() {
				ww[widgets[i]] = true
			}
			if buttons[i].EnabledInHierarchy() {
				wb[buttons[i]] = true
			}
		}
		checkList(t, what+": rects", w.sys.rects, wr)
		checkList(t, what+": widgets", w.sys.widgets, ww)
		checkList(t, what+": others", w.sys.others, wb)
	}
	check("added")
	for round := range 5 {
		for range 200 {
			i := rng.IntN(len(rects))
			switch rng.IntN(3) {
			case 0:
				rects[i].SetEnabled(!rects[i].Enabled())
			case 1:
				widgets[i].SetEnabled(!widgets[i].Enabled())
			case 2:
				buttons[i].SetEnabled(!buttons[i].Enabled())
			}
		}
		w.tick() // Arrange sorts the widgets by depth
		check("round " + string(rune('0'+round)))
	}
	// Another System takes the scene: this one's lists empty out.
	other := NewSystem()
	other.SetScene(w.s)
	if len(w.sys.rects) != 0 || len(w.sys.widgets) != 0 || len(w.sys.others) != 0 {
		t.Fatalf("left behind: %d rects, %d widgets, %d others", len(w.sys.rects), len(w.sys.widgets), len(w.sys.others))
	}
	w.sys = other
	check("moved")
}

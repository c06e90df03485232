package ui

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

func TestWidgetAlignsToParent(t *testing.T) {
	w := newWorld(t, 400, 300)
	p, _ := w.add(nil, "P", 200, 150, 200, 100) // local x -100..100, y -50..50
	n, r := w.add(p, "N", 0, 0, 20, 10)
	wg := scenegraph.AddComponent(n, &Widget{Edges: EdgeLeft | EdgeTop, Left: 5, Top: 3})
	check := func(what string, pos, size mgl32.Vec2) {
		t.Helper()
		w.tick()
		q := n.Position()
		if !nearVec(mgl32.Vec2{q[0], q[1]}, pos) || !nearVec(r.Size(), size) {
			t.Fatalf("%s: at %v size %v, want %v %v", what, q, r.Size(), pos, size)
		}
	}
	check("top-left", mgl32.Vec2{-85, 42}, mgl32.Vec2{20, 10})
	wg.Edges = EdgeRight | EdgeBottom
	check("bottom-right", mgl32.Vec2{90, -45}, mgl32.Vec2{20, 10})
	wg.Edges, wg.Left, wg.Right = EdgeLeft|EdgeRight|EdgeVCenter, 10, 20
	wg.VCenter = 7
	check("stretched across, centered up 7", mgl32.Vec2{-5, 7}, mgl32.Vec2{170, 10})
	wg.Edges, wg.Top, wg.Bottom = EdgeTop|EdgeBottom|EdgeHCenter, 0, 0
	r.SetSize(20, 10)
	check("stretched down, centered", mgl32.Vec2{0, 0}, mgl32.Vec2{20, 100})
	// A scaled node aligns by its scaled size; stretching divides by it.
	n.SetScale(mgl32.Vec3{2, 2, 1})
	wg.Edges, wg.Left, wg.Top = EdgeLeft|EdgeTop, 0, 0
	r.SetSize(20, 10)
	check("scaled", mgl32.Vec2{-80, 40}, mgl32.Vec2{20, 10})
	wg.Edges, wg.Right = EdgeLeft|EdgeRight|EdgeTop, 0
	check("scaled and stretched", mgl32.Vec2{0, 40}, mgl32.Vec2{100, 10})
}

func TestWidgetFollowsScreenResize(t *testing.T) {
	w := newWorld(t, 400, 300) // the camera shows world 0..400 × 0..300
	n, _ := w.add(nil, "Corner", 0, 0, 50, 20)
	wg := scenegraph.AddComponent(n, &Widget{Edges: EdgeRight | EdgeBottom, Right: 10, Bottom: 10, Target: AlignToScreen})
	once, _ := w.add(nil, "Once", 0, 0, 10, 10)
	wo := scenegraph.AddComponent(once, &Widget{Edges: EdgeLeft | EdgeTop, Target: AlignToScreen, Mode: AlignOnce})
	w.tick()
	if p := n.Position(); !near(p[0], 365) || !near(p[1], 20) {
		t.Fatalf("at %v, want (365, 20)", p)
	}
	if p := once.Position(); !near(p[0], 5) || !near(p[1], 295) {
		t.Fatalf("once at %v, want (5, 295)", p)
	}
	applies := wg.Applies()
	w.tick()
	w.tick()
	if wg.Applies() != applies {
		t.Fatal("re-aligned without a change")
	}
	if allocs := testing.AllocsPerRun(50, w.sys.Arrange); allocs != 0 {
		t.Fatalf("Arrange allocates %v times with nothing changed", allocs)
	}
	// The window grows to 800×600: the camera (at 200, 150) now shows
	// -200..600 × -150..450, and the widget follows in the same frame.
	w.sink.f.SetScreenSize(800, 600)
	w.tick()
	if p := n.Position(); !near(p[0], 565) || !near(p[1], -130) {
		t.Fatalf("after the resize at %v, want (565, -130)", p)
	}
	if wg.Applies() != applies+1 {
		t.Fatalf("%d alignments for one resize", wg.Applies()-applies)
	}
	if p := once.Position(); !near(p[0], 5) || !near(p[1], 295) || wo.Applies() != 1 {
		t.Fatalf("an AlignOnce widget moved to %v (%d alignments)", p, wo.Applies())
	}
	// What was drawn this frame is at the new place: the quad of a sprite on
	// the widget's node ends 10 pixels from the right and bottom edges.
	scenegraph.AddComponent(n, scenegraph.NewSprite(0, 50, 20))
	w.sink.f.SetScreenSize(640, 480) // shows -120..520 × -90..390
	w.tick()
	qs := w.sink.quads()
	if len(qs) != 1 || !near(qs[0].x1, 510) || !near(qs[0].y0, -80) {
		t.Fatalf("drawn %+v, want the quad's right edge at 510 and bottom at -80", qs)
	}
}

// A panel stretched over the screen, and a node aligned to that panel's
// corner: both follow a resize in the same frame (parents align first).
func TestWidgetChainsFollowInOneFrame(t *testing.T) {
	w := newWorld(t, 400, 300)
	panel, _ := w.add(nil, "Panel", 0, 0, 10, 10)
	scenegraph.AddComponent(panel, &Widget{Edges: EdgeLeft | EdgeRight | EdgeTop | EdgeBottom, Left: 20, Right: 20, Top: 20, Bottom: 20, Target: AlignToScreen})
	close, _ := w.add(panel, "Close", 0, 0, 16, 16)
	// Added before the panel's widget would sort first: order by depth must win.
	scenegraph.AddComponent(close, &Widget{Edges: EdgeRight | EdgeTop, Right: 4, Top: 4})
	w.tick()
	// The panel spans 20..380 × 20..280, centred at (200, 150): 360×260.
	if p := close.Position(); !near(p[0], 180-4-8) || !near(p[1], 130-4-8) {
		t.Fatalf("close at %v, want (168, 118)", p)
	}
	w.sink.f.SetScreenSize(800, 300) // shows -200..600 × 0..300
	w.tick()
	if p := close.Position(); !near(p[0], 380-4-8) || !near(p[1], 118) {
		t.Fatalf("close at %v after the resize, want (368, 118)", p)
	}
}

func TestWidgetAlwaysHoldsItsPlace(t *testing.T) {
	w := newWorld(t, 400, 300)
	p, _ := w.add(nil, "P", 200, 150, 200, 100)
	n, _ := w.add(p, "N", 0, 0, 20, 10)
	scenegraph.AddComponent(n, &Widget{Edges: EdgeLeft, Mode: AlignAlways})
	resize, _ := w.add(p, "R", 0, 0, 20, 10)
	scenegraph.AddComponent(resize, &Widget{Edges: EdgeLeft})
	w.tick()
	n.SetPositionXY(0, 0)
	resize.SetPositionXY(0, 0)
	w.tick()
	if q := n.Position(); !near(q[0], -90) {
		t.Fatalf("AlignAlways: at %v, want x -90", q)
	}
	if q := resize.Position(); q[0] != 0 {
		t.Fatalf("AlignOnResize moved a node moved by hand, with nothing resized: %v", q)
	}
}

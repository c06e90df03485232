package ui

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// A steady frame of a scene holding every ui component, idle, allocates
// nothing: arranging (widgets, layouts, scroll views, looks), hit testing
// nothing, extraction (sprites, nine-slices, progress bars, labels, the
// clip camera's pass) and the null backend's execution.
func TestSteadyFramesAllocateNothing(t *testing.T) {
	w := newWorld(t, 800, 600)
	w.sink.keep = false
	root, _ := w.add(nil, "Canvas", 0, 0, 10, 10)
	scenegraph.AddComponent(root, &Widget{Edges: EdgeLeft | EdgeRight | EdgeTop | EdgeBottom, Target: AlignToScreen})

	bn, _ := w.add(root, "Button", 0, 200, 120, 40)
	scenegraph.AddComponent(bn, NewNineSlice(0, 0, 0, Insets{Left: 8, Right: 8, Top: 8, Bottom: 8}))
	scenegraph.AddComponent(bn, NewButton())
	scenegraph.AddComponent(bn, &Widget{Edges: EdgeTop | EdgeHCenter, Top: 20})

	tn, _ := w.add(root, "Toggle", -200, 200, 30, 30)
	scenegraph.AddComponent(tn, scenegraph.NewSprite(0, 30, 30))
	w.add(tn, "Checkmark", 0, 0, 20, 20)
	scenegraph.AddComponent(tn, NewToggle(true))

	pn, _ := w.add(root, "Progress", 0, 100, 300, 20)
	scenegraph.AddComponent(pn, NewProgressBar(0.4))

	list, _ := w.add(root, "List", 200, -100, 200, 100)
	content, cr := w.add(list, "Content", -100, 50, 200, 10)
	cr.SetAnchor(0, 1)
	scenegraph.AddComponent(content, &Layout{Type: Vertical, ResizeContainer: true, Spacing: mgl32.Vec2{0, 4}})
	for i := 0; i < 10; i++ {
		it, _ := w.add(content, "Item", 0, 0, 180, 30)
		scenegraph.AddComponent(it, scenegraph.NewSprite(0, 180, 30)).Color = render.RGBA(90, 90, 120, 255)
		scenegraph.AddComponent(it, NewButton())
	}
	scenegraph.AddComponent(list, NewScrollView(content))

	fn, _ := w.add(root, "Field", -200, -100, 200, 30)
	scenegraph.AddComponent(fn, NewNineSlice(0, 0, 0, Insets{}))
	focused := scenegraph.AddComponent(fn, NewTextInput("Name", 16))
	fn2, _ := w.add(root, "Field2", -200, -200, 200, 30)
	scenegraph.AddComponent(fn2, NewTextInput("Other", 16)).SetText("typed")

	for range 3 {
		w.tick()
	}
	focused.Focus()
	focused.SetText("hello")
	for range 40 { // through a few blinks
		w.tick()
	}
	if w.sys.Focused() != fn || len(w.s.Cameras()) != 2 {
		t.Fatalf("setup: focus %v, %d cameras", w.sys.Focused(), len(w.s.Cameras()))
	}
	if allocs := testing.AllocsPerRun(200, w.tick); allocs != 0 {
		t.Fatalf("a steady frame allocates %v times", allocs)
	}
	// Pointer moves over nothing that listens, and hit tests, allocate
	// nothing either.
	if allocs := testing.AllocsPerRun(200, func() {
		w.sys.PointerMove(MouseID, 5, 5)
		w.sys.HitTest(400, 100)
	}); allocs != 0 {
		t.Fatalf("idle pointer moves allocate %v times", allocs)
	}
}

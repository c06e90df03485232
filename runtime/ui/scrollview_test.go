package ui

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// scrollWorld returns a 200×100 view at world x 100..300, y 100..200 with a
// 200×400 content anchored at its top-left, holding eight 100×40 buttons
// 50 apart (button i's center at content y -25-50i).
func scrollWorld(t testing.TB) (*world, *ScrollView, *scenegraph.Node, []*Button) {
	w := newWorld(t, 400, 300)
	view, _ := w.add(nil, "View", 200, 150, 200, 100)
	content, cr := w.add(view, "Content", -100, 50, 200, 400)
	cr.SetAnchor(0, 1)
	var items []*Button
	for i := 0; i < 8; i++ {
		b, sp := newButton(w, content, "Item", 100, -25-50*float32(i))
		sp.Color = render.RGBA(uint8(i+1), 0, 0, 255)
		items = append(items, b)
	}
	sv := scenegraph.AddComponent(view, NewScrollView(content))
	w.tick()
	return w, sv, content, items
}

func TestScrollViewDragsClampsAndCancelsTheButton(t *testing.T) {
	w, sv, _, items := scrollWorld(t)
	clicks := 0
	for _, b := range items {
		b.Click.On(func(*Button) { clicks++ })
	}
	var scrolled int
	sv.Scrolled.On(func(*ScrollView) { scrolled++ })
	// A tap clicks.
	w.click(200, 125)
	if clicks != 1 {
		t.Fatalf("%d clicks after a tap", clicks)
	}
	// A drag starting on a button scrolls and does not click.
	w.press(200, 125)
	w.move(200, 130) // 5 pixels: under the threshold
	if sv.Dragging() || sv.Offset() != (mgl32.Vec2{}) || items[1].State() != StatePressed {
		t.Fatalf("a small move scrolled: offset %v, button %v", sv.Offset(), items[1].State())
	}
	w.move(200, 135) // 10 pixels: a drag; the content follows from the press
	if !sv.Dragging() || !nearVec(sv.Offset(), mgl32.Vec2{0, 10}) {
		t.Fatalf("offset %v, want (0, 10)", sv.Offset())
	}
	if items[1].State() != StateHover { // no longer pressed; the mouse still hovers it
		t.Fatalf("the button under the drag is %v", items[1].State())
	}
	w.move(200, 185)
	w.release(200, 185)
	if clicks != 1 || !nearVec(sv.Offset(), mgl32.Vec2{0, 60}) || sv.Dragging() {
		t.Fatalf("after the drag: %d clicks, offset %v", clicks, sv.Offset())
	}
	if scrolled != 2 {
		t.Fatalf("Scrolled emitted %d times, want 2", scrolled)
	}
	// Clamped at both ends: 400 - 100 = 300 at most.
	if m := sv.MaxOffset(); m != (mgl32.Vec2{0, 300}) {
		t.Fatalf("MaxOffset %v", m)
	}
	w.press(150, 110)
	w.move(150, 190)
	w.move(150, 2000)
	w.release(150, 2000)
	if !nearVec(sv.Offset(), mgl32.Vec2{0, 300}) {
		t.Fatalf("offset %v, want clamped to 300", sv.Offset())
	}
	w.press(150, 190)
	w.move(150, -2000)
	w.release(150, -2000)
	if !nearVec(sv.Offset(), mgl32.Vec2{}) {
		t.Fatalf("offset %v, want clamped to 0", sv.Offset())
	}
	// Sideways moves do not drag a vertical view; the button clicks.
	w.press(150, 125)
	w.move(230, 125)
	w.release(230, 125)
	if sv.Offset() != (mgl32.Vec2{}) || clicks != 2 {
		t.Fatalf("sideways: offset %v, %d clicks", sv.Offset(), clicks)
	}
}

func TestScrollViewWheelAndScrollTo(t *testing.T) {
	w, sv, content, _ := scrollWorld(t)
	x, y := w.screen(200, 150)
	w.sys.Wheel(x, y, 0, -1) // towards the user: further down the list
	if !nearVec(sv.Offset(), mgl32.Vec2{0, DefaultWheelStep}) {
		t.Fatalf("offset %v after a notch", sv.Offset())
	}
	sv.ScrollTo(mgl32.Vec2{0, 1000})
	if !nearVec(sv.Offset(), mgl32.Vec2{0, 300}) {
		t.Fatalf("ScrollTo: offset %v", sv.Offset())
	}
	// The content shrinks to less than the view: it sticks to the top.
	scenegraph.GetComponent[*Rect](content).SetSize(200, 80)
	w.tick()
	if sv.Offset() != (mgl32.Vec2{}) {
		t.Fatalf("offset %v after the content shrank", sv.Offset())
	}
}

// The content is drawn by a clip camera whose viewport is the view's
// rectangle on the screen, with the main camera's projection, and is hit
// only inside the view.
func TestScrollViewClipsDrawingAndInput(t *testing.T) {
	w, sv, content, items := scrollWorld(t)
	clip := sv.ClipCamera()
	if clip == nil {
		t.Fatal("no clip camera")
	}
	layer := content.Layer
	if layer&DefaultClipLayers == 0 || layer&(layer-1) != 0 || items[5].Node().Layer != layer {
		t.Fatalf("content layer %#x, item layer %#x", layer, items[5].Node().Layer)
	}
	if visibility(w.cam)&layer != 0 || clip.Visibility != layer {
		t.Fatalf("main camera sees %#x, clip camera %#x", visibility(w.cam), clip.Visibility)
	}
	// The view spans screen x 100..300, y 100..200.
	if want := (mgl32.Vec4{0.25, 1.0 / 3, 0.5, 1.0 / 3}); !nearVec4(clip.Viewport, want) {
		t.Fatalf("clip viewport %v, want %v", clip.Viewport, want)
	}
	rec := w.sink.last
	if len(rec.passes) != 2 || rec.passes[1].Viewport != (render.Rect{X: 100, Y: 100, W: 200, H: 100}) || rec.passes[1].Clear != 0 {
		t.Fatalf("passes %+v", rec.passes)
	}
	// The items in the view (0 and 1; the clip camera culls the others)
	// are recorded in the clip pass only, where they would be without
	// clipping.
	qs := w.sink.quads()
	if len(qs) != 2 {
		t.Fatalf("%d quads, want 2", len(qs))
	}
	for i, q := range qs {
		if q.pass != 1 || !near(q.x0, 150) || !near(q.y1, 200-5-50*float32(i)) {
			t.Fatalf("item %d: pass %d at %+v", i, q.pass, boxOf(q))
		}
	}
	// Both passes map world points to the same screen pixels.
	for _, p := range []mgl32.Vec2{{150, 175}, {101, 199}, {299, 101}} {
		a := toPixels(rec.passes[0], 400, 300, p)
		b := toPixels(rec.passes[1], 400, 300, p)
		if !nearVec(a, b) {
			t.Fatalf("world %v: main pass at %v, clip pass at %v", p, a, b)
		}
	}
	// Item 3 lies below the view (world y 5..45): not hit there.
	if n := w.hitAt(200, 25); n != nil {
		t.Fatalf("content outside the view hit: %v", n)
	}
	if n := w.hitAt(200, 125); n != items[1].Node() {
		t.Fatalf("inside the view: hit %v", n)
	}
	sv.ScrollTo(mgl32.Vec2{0, 100}) // item 3 is now at world y 105..145
	if n := w.hitAt(200, 125); n != items[3].Node() {
		t.Fatalf("after scrolling: hit %v", n)
	}
	// Nodes added to the content are clipped from their first frame.
	extra, _ := w.add(content, "Extra", 100, -10, 10, 10)
	w.tick()
	if extra.Layer != layer {
		t.Fatalf("a new content node is on layer %#x", extra.Layer)
	}
	// Disabled: the clip camera goes, the content shows through the main
	// camera again.
	sv.SetEnabled(false)
	w.tick()
	w.tick() // the clip node's deferred destroy
	if sv.ClipCamera() != nil || len(w.s.Cameras()) != 1 || content.Layer != scenegraph.DefaultLayer {
		t.Fatalf("after disabling: %d cameras, content layer %#x", len(w.s.Cameras()), content.Layer)
	}
	if rec := w.sink.last; len(rec.passes) != 1 {
		t.Fatalf("%d passes after disabling", len(rec.passes))
	}
}

// A view partly off the screen clips to the screen; one wholly off it
// draws none of its content.
func TestScrollViewOffScreen(t *testing.T) {
	w, sv, _, _ := scrollWorld(t)
	sv.Node().SetPositionXY(-50, 150) // view x -150..50
	w.tick()
	if vp := sv.ClipCamera().Viewport; !nearVec4(vp, mgl32.Vec4{0, 1.0 / 3, 50.0 / 400, 1.0 / 3}) {
		t.Fatalf("viewport %v", vp)
	}
	sv.Node().SetPositionXY(-500, 150)
	w.tick()
	if sv.ClipCamera().Enabled() {
		t.Fatal("the clip camera draws a view that is off the screen")
	}
	for _, q := range w.sink.quads() {
		t.Fatalf("content drawn: %+v", boxOf(q))
	}
}

func TestNestedScrollViews(t *testing.T) {
	w, outer, content, _ := scrollWorld(t)
	inner, _ := w.add(content, "Inner", 100, -300, 100, 40) // content y -320..-280
	innerContent, icr := w.add(inner, "InnerContent", -50, 20, 300, 40)
	icr.SetAnchor(0, 1)
	in := scenegraph.AddComponent(inner, &ScrollView{Content: innerContent, Horizontal: true})
	w.tick()
	w.tick()
	if in.ClipCamera() == nil || in.ClipCamera().Node().Parent() != outer.ClipCamera().Node() {
		t.Fatal("the inner clip camera is not under the outer one")
	}
	if innerContent.Layer == content.Layer || inner.Layer != content.Layer {
		t.Fatalf("layers: inner view %#x, inner content %#x, outer content %#x", inner.Layer, innerContent.Layer, content.Layer)
	}
	// The inner view is below the outer one: off its viewport, nothing shows.
	if in.ClipCamera().Enabled() {
		t.Fatal("an inner view scrolled out of the outer view still draws")
	}
	outer.ScrollTo(mgl32.Vec2{0, 220}) // the inner view now at world y 100..140
	w.tick()
	if !in.ClipCamera().Enabled() || !nearVec4(in.ClipCamera().Viewport, mgl32.Vec4{150.0 / 400, 100.0 / 300, 100.0 / 400, 40.0 / 300}) {
		t.Fatalf("inner viewport %v", in.ClipCamera().Viewport)
	}
}

func nearVec4(a, b mgl32.Vec4) bool {
	return near(a[0], b[0]) && near(a[1], b[1]) && near(a[2], b[2]) && near(a[3], b[3])
}

// toPixels maps world point p through pass ps to screen pixels (top-left
// origin) on a w×h screen.
func toPixels(ps render.Pass, w, h int, p mgl32.Vec2) mgl32.Vec2 {
	vp := ps.Viewport
	if vp.Empty() {
		vp = render.Rect{W: w, H: h}
	}
	c := ps.ViewProj.Mul4x1(mgl32.Vec4{p[0], p[1], 0, 1})
	return mgl32.Vec2{float32(vp.X) + (c[0]/c[3]+1)/2*float32(vp.W), float32(vp.Y) + (1-c[1]/c[3])/2*float32(vp.H)}
}

// One NaN at any edge (a wheel turn, ScrollTo, a Rect's size, the
// content's position) does not leave the content at NaN emitting Scrolled
// on every frame: before, it stuck at NaN for good.
func TestScrollViewContainsNonFiniteValues(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	settled := func(t *testing.T, w *world, sv *ScrollView, content *scenegraph.Node, what string) {
		t.Helper()
		w.tick()
		scrolled := 0
		off := sv.Scrolled.On(func(*ScrollView) { scrolled++ })
		defer off()
		for range 3 {
			w.tick()
		}
		p := content.Position()
		if !finite(p[0]) || !finite(p[1]) || scrolled != 0 {
			t.Fatalf("%s: content at %v, offset %v, %d Scrolled in 3 idle frames", what, p, sv.Offset(), scrolled)
		}
	}

	t.Run("wheel", func(t *testing.T) {
		w, sv, content, _ := scrollWorld(t)
		sv.ScrollTo(mgl32.Vec2{0, 100})
		x, y := w.screen(200, 150)
		if w.sys.Wheel(x, y, 0, nan) || w.sys.Wheel(x, y, inf, 0) {
			t.Fatal("a non-finite wheel turn was taken")
		}
		if !nearVec(sv.Offset(), mgl32.Vec2{0, 100}) {
			t.Fatalf("offset %v after non-finite turns", sv.Offset())
		}
		// An event sent past the System (a node's own Dispatch) is ignored too.
		sv.Node().Dispatch(EventWheel, &PointerEvent{ID: MouseID, WheelY: nan})
		sv.WheelStep = nan // and a NaN step is the default one
		w.sys.Wheel(x, y, 0, -1)
		if !nearVec(sv.Offset(), mgl32.Vec2{0, 100 + DefaultWheelStep}) {
			t.Fatalf("offset %v", sv.Offset())
		}
		settled(t, w, sv, content, "wheel")
	})
	t.Run("ScrollTo", func(t *testing.T) {
		w, sv, content, _ := scrollWorld(t)
		sv.ScrollTo(mgl32.Vec2{0, 100})
		err := sv.ScrollTo(mgl32.Vec2{0, nan})
		if err == nil || !strings.Contains(err.Error(), `"UI/View"`) || !strings.Contains(err.Error(), "not finite") {
			t.Fatalf("ScrollTo(NaN): %v", err)
		}
		if err := sv.ScrollTo(mgl32.Vec2{-inf, 0}); err == nil {
			t.Fatal("ScrollTo(-Inf) accepted")
		}
		if !nearVec(sv.Offset(), mgl32.Vec2{0, 100}) {
			t.Fatalf("offset %v after refused ScrollTos", sv.Offset())
		}
		settled(t, w, sv, content, "ScrollTo")
	})
	t.Run("sizes", func(t *testing.T) {
		w, sv, content, _ := scrollWorld(t)
		var logged logLines
		w.s.Logger = &logged
		cr := scenegraph.GetComponent[*Rect](content)
		cr.SetSize(nan, inf)
		if cr.Size() != (mgl32.Vec2{}) || len(logged) != 1 || !strings.Contains(logged[0], `"UI/View/Content"`) {
			t.Fatalf("size %v, log %q", cr.Size(), logged)
		}
		cr.SetAnchor(nan, 1)
		if cr.Anchor() != (mgl32.Vec2{0.5, 1}) {
			t.Fatalf("anchor %v", cr.Anchor())
		}
		if r := NewRect(nan, 10); r.Size() != (mgl32.Vec2{0, 10}) {
			t.Fatalf("NewRect(NaN, 10) is %v", r.Size())
		}
		settled(t, w, sv, content, "content size")
		if o := sv.Offset(); !finite(o[0]) || !finite(o[1]) {
			t.Fatalf("offset %v after a NaN size", o)
		}
		scenegraph.GetComponent[*Rect](sv.Node()).SetSize(inf, nan)
		settled(t, w, sv, content, "view size")
	})
	t.Run("content position", func(t *testing.T) {
		w, sv, content, _ := scrollWorld(t)
		content.SetPosition(mgl32.Vec3{-100, nan, 0})
		settled(t, w, sv, content, "content position")
		if sv.Offset() != (mgl32.Vec2{}) {
			t.Fatalf("a NaN position gave offset %v, want the start", sv.Offset())
		}
		// A NaN along an axis the view does not scroll is not its business,
		// but must not make it move and emit either.
		scrolled := 0
		sv.Scrolled.On(func(*ScrollView) { scrolled++ })
		content.SetPosition(mgl32.Vec3{nan, 50, 0})
		for range 3 {
			w.tick()
		}
		if scrolled != 0 {
			t.Fatalf("%d Scrolled with a NaN x in a vertical view", scrolled)
		}
		content.SetPosition(mgl32.Vec3{-100, 50, 0})
		content.SetScale(mgl32.Vec3{1, nan, 1})
		settled(t, w, sv, content, "content scale")
	})
}

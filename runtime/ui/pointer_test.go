package ui

import (
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

func TestRectBoundsAndEvents(t *testing.T) {
	w := newWorld(t, 400, 300)
	n, r := w.add(nil, "R", 0, 0, 100, 50)
	lo, hi := r.Bounds()
	if lo != (mgl32.Vec2{-50, -25}) || hi != (mgl32.Vec2{50, 25}) {
		t.Fatalf("bounds %v %v", lo, hi)
	}
	var l log
	l.listen(n, EventSizeChanged, EventAnchorChanged)
	r.SetSize(100, 50) // unchanged: no event
	r.SetAnchor(0, 1)
	r.SetSize(80, -5) // negative height counts as 0
	if got := l.take(); !slices.Equal(got, []string{"anchor-changed@R", "size-changed@R"}) {
		t.Fatalf("events %v", got)
	}
	lo, hi = r.Bounds()
	if lo != (mgl32.Vec2{0, 0}) || hi != (mgl32.Vec2{80, 0}) || !r.Contains(mgl32.Vec2{80, 0}) || r.Contains(mgl32.Vec2{80.5, 0}) {
		t.Fatalf("bounds %v %v", lo, hi)
	}
}

// A Rect hit-tests through its node's whole world transform.
func TestRectRayHonoursWorldTransform(t *testing.T) {
	w := newWorld(t, 400, 300)
	parent := scenegraph.NewNode("P")
	parent.SetPositionXY(100, 100)
	parent.SetAngle(90)
	parent.SetScale(mgl32.Vec3{2, 2, 1})
	w.s.AddChild(parent)
	_, r := w.add(parent, "C", 10, 0, 20, 10)
	// Child-local (5, 2) -> parent-local (15, 2) -> rotated (-2, 15) ->
	// scaled (-4, 30) -> world (96, 130).
	local, ok := r.RayLocal(mgl32.Vec3{96, 130, 50}, mgl32.Vec3{0, 0, -1})
	if !ok || !nearVec(local, mgl32.Vec2{5, 2}) {
		t.Fatalf("local %v %v, want (5, 2)", local, ok)
	}
	if !r.HitTestWorld(mgl32.Vec3{96, 130, 0}) {
		t.Fatal("inside point missed")
	}
	// Child-local (12, 0) is outside (the rect reaches x = 10): world (100, 144).
	if r.HitTestWorld(mgl32.Vec3{100, 144, 0}) {
		t.Fatal("outside point hit")
	}
	// Through the camera: screen (96, 300-130).
	if !r.HitTestScreen(w.cam, 96, 170) || r.HitTestScreen(w.cam, 100, 300-144) {
		t.Fatal("screen hit test disagrees")
	}
	// A zero scale flattens the plane: no hit, no NaN.
	parent.SetScale(mgl32.Vec3{0, 2, 1})
	if _, ok := r.RayLocal(mgl32.Vec3{96, 130, 50}, mgl32.Vec3{0, 0, -1}); ok {
		t.Fatal("a flattened node was hit")
	}
}

// listenAll makes n take pointer events and records pointer-down.
func listenDown(l *log, ns ...*scenegraph.Node) {
	for _, n := range ns {
		l.listen(n, EventPointerDown)
	}
}

func TestTopmostIsLastInTreeOrder(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	ac, _ := w.add(a, "AChild", 10, 0, 20, 20) // at world (110, 100)
	b, _ := w.add(nil, "B", 110, 100, 50, 50)
	var l log
	listenDown(&l, a, ac, b)
	w.press(110, 100)
	w.release(110, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@B"}) {
		t.Fatalf("got %v, want only B (the later sibling)", got)
	}
	b.SetSiblingIndex(0) // now A's subtree comes after B
	w.click(110, 100)
	// AChild is last in pre-order; the event bubbles to A.
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@AChild", "pointer-down@A<AChild"}) {
		t.Fatalf("got %v", got)
	}
	w.click(85, 100) // only A there
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A"}) {
		t.Fatalf("got %v", got)
	}
	w.click(300, 250) // nothing there
	if got := l.take(); len(got) != 0 {
		t.Fatalf("got %v on empty space", got)
	}
}

func TestTopmostHonoursSortLayerOrderAndOpacity(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	b, _ := w.add(nil, "B", 100, 100, 50, 50)
	sa := scenegraph.AddComponent(a, scenegraph.NewSprite(0, 50, 50))
	sb := scenegraph.AddComponent(b, scenegraph.NewSprite(0, 50, 50))
	var l log
	listenDown(&l, a, b)
	check := func(want string) {
		t.Helper()
		w.click(100, 100)
		if got := l.take(); !slices.Equal(got, []string{"pointer-down@" + want}) {
			t.Fatalf("got %v, want %s", got, want)
		}
	}
	check("B") // tree order
	sa.Order = 1
	check("A") // a higher order draws later
	sb.SortLayer = 1
	check("B") // the sort layer comes before the order
	sb.Blend = render.BlendOpaque
	sa.SortLayer = 1
	check("A") // opaque items draw before transparent ones of the layer
	// A disabled renderable does not count: B's remaining order is 0, A's
	// sprite is off, so tree order decides again.
	sb.Blend = render.BlendAlpha
	sa.SetEnabled(false)
	check("B")
}

// A node nearer to the camera (higher z under a 2D camera) is drawn later
// and is hit first.
func TestTopmostHonoursDepth(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	b, _ := w.add(nil, "B", 100, 100, 50, 50)
	a.SetPosition(mgl32.Vec3{100, 100, 5})
	var l log
	listenDown(&l, a, b)
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A"}) {
		t.Fatalf("got %v, want A (nearer)", got)
	}
	// Beyond the camera's far plane nothing is drawn, nor hit.
	a.SetPosition(mgl32.Vec3{100, 100, -5000})
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@B"}) {
		t.Fatalf("got %v, want B", got)
	}
}

// The hit test agrees with what the renderer draws last: random stacks of
// transparent sprites (sort layers, orders, depths, nesting) are extracted,
// their draw items sorted as the renderer sorts them (stably by key), and
// the last one covering the probe point must be the node HitTest returns.
func TestTopmostMatchesExtractionOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	for trial := 0; trial < 60; trial++ {
		w := newWorld(t, 400, 300)
		byColor := map[render.Color]*scenegraph.Node{}
		var nodes []*scenegraph.Node
		for i := 0; i < 7; i++ {
			var parent *scenegraph.Node
			if len(nodes) > 0 && rng.Intn(3) == 0 {
				parent = nodes[rng.Intn(len(nodes))]
			}
			x, y := float32(100+rng.Intn(20)), float32(100+rng.Intn(20))
			if parent != nil {
				p := parent.WorldPosition()
				x, y = x-p[0], y-p[1]
			}
			n, _ := w.add(parent, string(rune('A'+i)), x, y, 60, 60)
			n.SetPosition(mgl32.Vec3{x, y, float32(rng.Intn(3)) * 2})
			s := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 60, 60))
			s.SortLayer = uint8(rng.Intn(2))
			s.Order = int16(rng.Intn(3) - 1)
			s.Color = render.RGBA(uint8(i+1), 0, 0, 255)
			byColor[s.Color] = n
			n.On(EventPointerDown, func(*scenegraph.Event) {}, nil)
			nodes = append(nodes, n)
		}
		w.tick()
		qs := w.sink.quads()
		sort.SliceStable(qs, func(i, j int) bool { return qs[i].item.Key < qs[j].item.Key })
		px, py := float32(125), float32(125)
		var want *scenegraph.Node
		for _, q := range qs {
			if px >= q.x0 && px <= q.x1 && py >= q.y0 && py <= q.y1 {
				want = byColor[q.color]
			}
		}
		if got := w.hitAt(px, py); got != want || want == nil {
			t.Fatalf("trial %d: hit %v, the renderer draws %v last", trial, got, want)
		}
	}
}

func TestTopmostHonoursCameraPriorityAndViewport(t *testing.T) {
	w := newWorld(t, 400, 300)
	w.cam.Visibility = scenegraph.DefaultLayer
	hud := scenegraph.NewNode("HUDCamera")
	hud.SetPosition(mgl32.Vec3{200, 150, 0})
	w.s.AddChild(hud)
	hc := scenegraph.AddComponent(hud, &scenegraph.Camera{Projection: scenegraph.Orthographic, Priority: 1, Visibility: 2})
	h, _ := w.add(nil, "H", 100, 100, 50, 50) // first in tree, but drawn by the later camera
	h.Layer = 2
	g, _ := w.add(nil, "G", 100, 100, 50, 50)
	var l log
	listenDown(&l, g, h)
	w.tick()
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@H"}) {
		t.Fatalf("got %v, want H (the higher-priority camera's)", got)
	}
	// The HUD camera draws into the right half only: its nodes are not hit
	// outside that viewport (and its projection maps them inside it).
	hc.Viewport = mgl32.Vec4{0.5, 0, 0.5, 1}
	w.tick()
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@G"}) {
		t.Fatalf("got %v, want G", got)
	}
	// In its viewport the HUD camera shows world x 100..300 on screen x
	// 200..400: H (world x 75..125) is hit there, through that camera.
	sx, sy := float32(200+1), float32(300-100)
	if n, c := w.sys.HitTest(sx, sy); n != h || c != hc {
		t.Fatalf("HitTest = %v %v, want H through the HUD camera", n, c)
	}
}

func TestNodesWithoutListenersAreTransparentBlockInputIsNot(t *testing.T) {
	w := newWorld(t, 400, 300)
	under, _ := w.add(nil, "Under", 100, 100, 50, 50)
	over, r := w.add(nil, "Over", 100, 100, 50, 50)
	var l log
	listenDown(&l, under)
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@Under"}) {
		t.Fatalf("got %v: a node without listeners must not take the press", got)
	}
	r.BlockInput = true
	w.click(100, 100)
	if got := l.take(); len(got) != 0 {
		t.Fatalf("got %v: BlockInput must hide the node under it", got)
	}
	if w.hitAt(100, 100) != over {
		t.Fatal("HitTest does not return the blocking node")
	}
	over.SetActive(false)
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@Under"}) {
		t.Fatalf("got %v: an inactive node is not hit", got)
	}
	r.BlockInput = false
	over.SetActive(true)
	l.listen(over, EventPointerDown)
	r.SetEnabled(false)
	w.click(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@Under"}) {
		t.Fatalf("got %v: a node whose Rect is disabled is not hit", got)
	}
}

func TestBubblingAndStopPropagation(t *testing.T) {
	w := newWorld(t, 400, 300)
	p, _ := w.add(nil, "P", 100, 100, 100, 100)
	c, _ := w.add(p, "C", 0, 0, 20, 20)
	var l log
	l.listen(p, EventPointerDown, EventPointerUp, EventClick)
	l.listen(c, EventPointerDown, EventPointerUp, EventClick)
	w.click(100, 100)
	want := []string{"pointer-down@C", "pointer-down@P<C", "pointer-up@C", "pointer-up@P<C", "click@C", "click@P<C"}
	if got := l.take(); !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	c.On(EventPointerDown, func(e *scenegraph.Event) { e.StopPropagation() }, nil)
	w.press(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@C"}) {
		t.Fatalf("got %v: StopPropagation must keep P out", got)
	}
	w.release(100, 100)
}

// A press captures its pointer: moves and the release go to the pressed
// node wherever the pointer is; a click needs the release over it.
func TestPressCapturesPointerAndClickNeedsReleaseOver(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	b, _ := w.add(nil, "B", 300, 100, 50, 50)
	var overs []bool
	a.On(EventPointerMove, func(e *scenegraph.Event) { overs = append(overs, e.Arg.(*PointerEvent).Over) }, nil)
	var l log
	l.listen(a, EventPointerDown, EventPointerUp, EventClick)
	l.listen(b, EventPointerMove, EventPointerUp)
	w.press(100, 100)
	w.move(300, 100) // over B, but A has the pointer
	w.release(300, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A", "pointer-up@A"}) {
		t.Fatalf("got %v: no click after a release elsewhere", got)
	}
	if !slices.Equal(overs, []bool{false}) {
		t.Fatalf("Over %v", overs)
	}
	overs = nil
	w.press(100, 100)
	w.move(300, 100)
	w.move(110, 100) // back over A
	w.release(110, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A", "pointer-up@A", "click@A"}) {
		t.Fatalf("got %v: a press that leaves and comes back clicks", got)
	}
	if !slices.Equal(overs, []bool{false, true}) {
		t.Fatalf("Over %v", overs)
	}
	// The secondary button presses and releases but never clicks.
	sx, sy := w.screen(100, 100)
	w.sys.PointerDown(MouseID, SecondaryButton, sx, sy)
	w.sys.PointerUp(MouseID, SecondaryButton, sx, sy)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A", "pointer-up@A"}) {
		t.Fatalf("got %v", got)
	}
}

func TestHoverEnterLeaveDoNotBubble(t *testing.T) {
	w := newWorld(t, 400, 300)
	p, _ := w.add(nil, "P", 100, 100, 100, 100)
	c, _ := w.add(p, "C", 0, 0, 20, 20)
	d, _ := w.add(nil, "D", 300, 100, 50, 50)
	var l log
	for _, n := range []*scenegraph.Node{p, c, d} {
		l.listen(n, EventPointerEnter, EventPointerLeave)
	}
	w.move(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-enter@P", "pointer-enter@C"}) {
		t.Fatalf("got %v", got)
	}
	w.move(70, 100) // still in P, out of C
	if got := l.take(); !slices.Equal(got, []string{"pointer-leave@C"}) {
		t.Fatalf("got %v", got)
	}
	w.move(300, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-leave@P", "pointer-enter@D"}) {
		t.Fatalf("got %v", got)
	}
	// While pressed, hover stays where the press began; the release moves it.
	w.move(100, 100)
	l.take()
	w.press(100, 100)
	w.move(300, 100)
	if got := l.take(); len(got) != 0 {
		t.Fatalf("hover changed during a press: %v", got)
	}
	w.release(300, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-leave@C", "pointer-leave@P", "pointer-enter@D"}) {
		t.Fatalf("got %v", got)
	}
}

func TestTouchPointersAreIndependent(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	b, _ := w.add(nil, "B", 300, 100, 50, 50)
	var l log
	for _, n := range []*scenegraph.Node{a, b} {
		l.listen(n, EventPointerDown, EventPointerUp, EventClick, EventPointerEnter, EventPointerLeave)
	}
	ax, ay := w.screen(100, 100)
	bx, by := w.screen(300, 100)
	w.sys.PointerDown(1, PrimaryButton, ax, ay)
	w.sys.PointerDown(2, PrimaryButton, bx, by)
	w.sys.PointerMove(7, ax, ay) // a finger that never touched: ignored
	w.sys.PointerUp(1, PrimaryButton, ax, ay)
	w.sys.PointerUp(2, PrimaryButton, ax, ay) // finger 2 slid onto A: no click on B
	want := []string{"pointer-enter@A", "pointer-down@A", "pointer-enter@B", "pointer-down@B",
		"pointer-up@A", "click@A", "pointer-leave@A", "pointer-up@B", "pointer-leave@B"}
	if got := l.take(); !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if n := w.sys.Pointers(); n != 0 {
		t.Fatalf("%d pointers followed after every finger left", n)
	}
}

func TestCaptureCancelsTheOldTarget(t *testing.T) {
	w := newWorld(t, 400, 300)
	p, _ := w.add(nil, "P", 100, 100, 200, 200)
	c, _ := w.add(p, "C", 0, 0, 40, 40)
	var l log
	l.listen(c, EventPointerDown, EventPointerCancel, EventPointerUp, EventClick)
	l.listen(p, EventPointerUp, EventClick)
	var capturedBy *scenegraph.Node
	c.On(EventPointerCancel, func(e *scenegraph.Event) { capturedBy = e.Arg.(*PointerEvent).CapturedBy }, nil)
	p.On(EventPointerMove, func(e *scenegraph.Event) {
		if e.Target != p {
			w.sys.Capture(e.Arg.(*PointerEvent).ID, p)
		}
	}, nil)
	w.press(100, 100)
	w.move(105, 100)
	w.release(100, 100)
	want := []string{"pointer-down@C", "pointer-cancel@C", "pointer-up@P"}
	if got := l.take(); !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v (no click after a capture)", got, want)
	}
	if capturedBy != p {
		t.Fatalf("CapturedBy %v", capturedBy)
	}
	if w.sys.Capture(MouseID, p) {
		t.Fatal("Capture of a released pointer succeeded")
	}
}

func TestCancelEndsThePress(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	var l log
	l.listen(a, EventPointerDown, EventPointerCancel, EventPointerUp, EventClick, EventPointerLeave)
	x, y := w.screen(100, 100)
	w.sys.PointerDown(3, PrimaryButton, x, y)
	w.sys.PointerCancel(3)
	w.sys.PointerUp(3, PrimaryButton, x, y) // too late: ignored
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A", "pointer-cancel@A", "pointer-leave@A"}) {
		t.Fatalf("got %v", got)
	}
}

func TestWheelGoesToTopmost(t *testing.T) {
	w := newWorld(t, 400, 300)
	p, _ := w.add(nil, "P", 100, 100, 200, 200)
	c, _ := w.add(p, "C", 0, 0, 40, 40)
	var dys []float32
	p.On(EventWheel, func(e *scenegraph.Event) { dys = append(dys, e.Arg.(*PointerEvent).WheelY) }, nil)
	c.On(EventWheel, func(e *scenegraph.Event) { dys = append(dys, 10*e.Arg.(*PointerEvent).WheelY) }, nil)
	x, y := w.screen(100, 100)
	if !w.sys.Wheel(x, y, 0, 1) {
		t.Fatal("wheel not delivered")
	}
	if !slices.Equal(dys, []float32{10, 1}) {
		t.Fatalf("got %v: C then P by bubbling", dys)
	}
	if w.sys.Wheel(390, 10, 0, 1) {
		t.Fatal("wheel over nothing delivered")
	}
}

func TestFocusAndKeys(t *testing.T) {
	w := newWorld(t, 400, 300)
	f, _ := w.add(nil, "F", 100, 100, 50, 50)
	o, _ := w.add(nil, "O", 300, 100, 50, 50)
	var l log
	l.listen(f, EventFocus, EventBlur, EventKeyDown, EventTextInput, EventPointerDown)
	l.listen(o, EventPointerDown)
	var focused []*scenegraph.Node
	w.sys.FocusChanged.On(func(n *scenegraph.Node) { focused = append(focused, n) })
	var keys []KeyEvent
	f.On(EventKeyDown, func(e *scenegraph.Event) { keys = append(keys, *e.Arg.(*KeyEvent)) }, nil)
	f.On(EventTextInput, func(e *scenegraph.Event) { keys = append(keys, *e.Arg.(*KeyEvent)) }, nil)
	if w.sys.KeyDown(KeyEnter) {
		t.Fatal("KeyDown delivered with nothing focused")
	}
	w.sys.SetFocus(f)
	if !w.sys.KeyDown(KeyBackspace) || !w.sys.TextInput("hé") {
		t.Fatal("keys not delivered to the focused node")
	}
	w.click(100, 100) // a press on the focused node keeps focus
	w.click(300, 100) // a press elsewhere takes it
	want := []string{"focus@F", "key-down@F", "text-input@F", "pointer-down@F", "blur@F", "pointer-down@O"}
	if got := l.take(); !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if !slices.Equal(keys, []KeyEvent{{Key: KeyBackspace}, {Text: "hé"}}) {
		t.Fatalf("key events %v", keys)
	}
	if !slices.Equal(focused, []*scenegraph.Node{f, nil}) || w.sys.Focused() != nil {
		t.Fatalf("FocusChanged %v", focused)
	}
	// A focused node that is deactivated loses focus at the next frame.
	w.sys.SetFocus(f)
	f.SetActive(false)
	w.tick()
	if w.sys.Focused() != nil {
		t.Fatal("an inactive node kept focus")
	}
}

func TestSceneSwitchForgetsPointersAndFocus(t *testing.T) {
	w := newWorld(t, 400, 300)
	a, _ := w.add(nil, "A", 100, 100, 50, 50)
	var l log
	l.listen(a, EventPointerDown, EventPointerUp, EventClick)
	w.press(100, 100)
	w.sys.SetFocus(a)
	next := scenegraph.NewScene("Next")
	w.d.RunSceneImmediate(next)
	if w.sys.Pointers() != 0 || w.sys.Focused() != nil || w.sys.Scene() != next {
		t.Fatalf("after the switch: %d pointers, focus %v, scene %v", w.sys.Pointers(), w.sys.Focused(), w.sys.Scene())
	}
	w.release(100, 100)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A"}) {
		t.Fatalf("got %v", got)
	}
	if SystemOf(a) != nil {
		t.Fatal("the old scene still leads to the System")
	}
}

// A System installed after its Director's scene started takes in the
// components already enabled; a System given a scene with SetScene serves
// it instead of its Director's.
func TestInstallAfterTheSceneRunsAndSetScene(t *testing.T) {
	d := director.New()
	sk := newSink(t, 400, 300)
	d.SetFrameSink(sk, scenegraph.Extract)
	s := scenegraph.NewScene("Late")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{200, 150, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	n := scenegraph.NewNode("A")
	n.SetPositionXY(100, 100)
	s.AddChild(n)
	d.RunScene(s)
	d.Tick(1.0 / 60)
	if _, ok := director.Find[*System](d); ok {
		t.Fatal("a System is there before Install")
	}
	scenegraph.AddComponent(n, NewRect(50, 50)) // enabled before any System: SystemOf installs one
	if _, ok := director.Find[*System](d); !ok {
		t.Fatal("SystemOf did not install a System")
	}
	var l log
	l.listen(n, EventPointerDown)
	sys := Install(d)
	sys.PointerDown(MouseID, PrimaryButton, 100, 200)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@A"}) {
		t.Fatalf("got %v", got)
	}
	// SetScene pins another scene, which then leads to this System.
	w := newWorld(t, 400, 300)
	m, _ := w.add(nil, "B", 100, 100, 50, 50)
	l.listen(m, EventPointerDown)
	sys.SetScene(w.s)
	sys.PointerUp(MouseID, PrimaryButton, 100, 200) // the old scene's pointer was dropped
	sys.PointerDown(MouseID, PrimaryButton, 100, 200)
	if got := l.take(); !slices.Equal(got, []string{"pointer-down@B"}) || SystemOf(m) != sys || sys.Scene() != w.s {
		t.Fatalf("got %v", got)
	}
}

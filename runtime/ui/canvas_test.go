package ui

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

func TestCanvasFitPolicies(t *testing.T) {
	for _, c := range []struct {
		policy ResolutionPolicy
		dw, dh float32
		sw, sh int
		want   CanvasFit
	}{
		{ShowAll, 400, 300, 800, 450, CanvasFit{1.5, mgl32.Vec2{400, 300}, render.Rect{W: 800, H: 450}}},
		{ShowAll, 400, 300, 400, 600, CanvasFit{1, mgl32.Vec2{400, 300}, render.Rect{W: 400, H: 600}}},
		{NoBorder, 400, 300, 800, 450, CanvasFit{2, mgl32.Vec2{400, 225}, render.Rect{W: 800, H: 450}}},
		{NoBorder, 400, 300, 400, 600, CanvasFit{2, mgl32.Vec2{200, 300}, render.Rect{W: 400, H: 600}}},
		{FixedWidth, 400, 300, 800, 450, CanvasFit{2, mgl32.Vec2{400, 225}, render.Rect{W: 800, H: 450}}},
		{FixedWidth, 400, 300, 400, 600, CanvasFit{1, mgl32.Vec2{400, 600}, render.Rect{W: 400, H: 600}}},
		{FixedHeight, 400, 300, 900, 450, CanvasFit{1.5, mgl32.Vec2{600, 300}, render.Rect{W: 900, H: 450}}},
		{FixedHeight, 400, 300, 400, 600, CanvasFit{2, mgl32.Vec2{200, 300}, render.Rect{W: 400, H: 600}}},
		// 320×180 in 1000×700: 3.125 across, 3.89 down: three whole times,
		// 960×540 centered, 20 and 80 pixels in.
		{IntegerScale, 320, 180, 1000, 700, CanvasFit{3, mgl32.Vec2{320, 180}, render.Rect{X: 20, Y: 80, W: 960, H: 540}}},
		// Smaller than the design: never below 1 (cropped, centered).
		{IntegerScale, 320, 180, 300, 100, CanvasFit{1, mgl32.Vec2{320, 180}, render.Rect{X: -10, Y: -40, W: 320, H: 180}}},
		// An odd margin rounds down: 1 pixel left, 2 right.
		{IntegerScale, 100, 100, 203, 200, CanvasFit{2, mgl32.Vec2{100, 100}, render.Rect{X: 1, Y: 0, W: 200, H: 200}}},
		{ShowAll, 0, 300, 800, 450, CanvasFit{}},
		{ShowAll, 400, 300, 0, 450, CanvasFit{}},
	} {
		cv := NewCanvas(c.dw, c.dh, c.policy)
		if got := cv.Fit(c.sw, c.sh); got != c.want {
			t.Errorf("%v %vx%v on %dx%d: %+v, want %+v", c.policy, c.dw, c.dh, c.sw, c.sh, got, c.want)
		}
	}
	if s := ResolutionPolicy(9).String(); s != "ResolutionPolicy(9)" {
		t.Errorf("String: %q", s)
	}
}

// canvasWorld is a world (a scrolled world camera at priority 0) with a
// Canvas on node "HUD".
func canvasWorld(t *testing.T, sw, sh int, cv *Canvas) (*world, *scenegraph.Node) {
	t.Helper()
	w := newWorld(t, sw, sh)
	w.cam.Node().SetPositionXY(5000, 3000) // the world scrolls; the HUD must not
	hud := scenegraph.NewNode("HUD")
	w.s.AddChild(hud)
	scenegraph.AddComponent(hud, cv)
	w.tick()
	return w, hud
}

func TestCanvasCameraRectAndLayers(t *testing.T) {
	cv := NewCanvas(400, 300, ShowAll)
	w, hud := canvasWorld(t, 800, 450, cv)
	child := scenegraph.NewNode("Score")
	hud.AddChild(child)
	grand := scenegraph.NewNode("Digit")
	child.AddChild(grand)
	w.tick()
	cam := cv.Camera()
	if cam == nil || cam.Node() != hud || cam.Priority != CanvasPriority || cam.Visibility != CanvasLayer ||
		cam.Clear != render.ClearDepth || cam.OrthoHeight != 150 || cam.Viewport != (mgl32.Vec4{}) {
		t.Fatalf("camera %+v", cam)
	}
	r := scenegraph.GetComponent[*Rect](hud)
	if r == nil || r.Size() != (mgl32.Vec2{400, 300}) || r.Anchor() != (mgl32.Vec2{0.5, 0.5}) {
		t.Fatalf("rect %v", r)
	}
	for _, n := range []*scenegraph.Node{hud, child, grand} {
		if n.Layer != CanvasLayer {
			t.Errorf("%s on layer %#x, want the Canvas's %#x", n.Name(), n.Layer, CanvasLayer)
		}
	}
	if visibility(w.cam)&CanvasLayer != 0 || visibility(w.cam)&scenegraph.DefaultLayer == 0 {
		t.Fatalf("world camera sees %#x: it must see the world and not the Canvas", visibility(w.cam))
	}
	// A Canvas with its own layer and priority; a saved Rect and Camera are
	// reused, not doubled.
	cv.Layer, cv.CameraPriority = 1<<5, 7
	cv.SetEnabled(false)
	cv.SetEnabled(true)
	w.tick()
	if len(scenegraph.GetComponents[*scenegraph.Camera](hud, nil)) != 1 || len(scenegraph.GetComponents[*Rect](hud, nil)) != 1 {
		t.Fatal("re-enabling added a second Camera or Rect")
	}
	if cam.Visibility != 1<<5 || cam.Priority != 7 || grand.Layer != 1<<5 {
		t.Fatalf("own layer: camera %#x priority %d, grandchild %#x", cam.Visibility, cam.Priority, grand.Layer)
	}
}

// The pointer reaches a Canvas's node through its camera, and after a
// window resize the mapping follows in the frame that has the new size.
func TestCanvasPointerFollowsResize(t *testing.T) {
	cv := NewCanvas(400, 300, ShowAll)
	w, hud := canvasWorld(t, 800, 450, cv) // scale 1.5
	btn := scenegraph.NewNode("Button")
	btn.SetPositionXY(100, 50)
	hud.AddChild(btn)
	scenegraph.AddComponent(btn, NewRect(40, 20)).BlockInput = true
	// A world node under the same screen point, below the HUD.
	under, _ := w.add(nil, "WorldThing", 5000+150, 3000-75, 1000, 1000)
	scenegraph.GetComponent[*Rect](under).BlockInput = true
	w.tick()
	check := func(what string, sx, sy float32, want *scenegraph.Node) {
		t.Helper()
		if n, _ := w.sys.HitTest(sx, sy); n != want {
			t.Fatalf("%s: (%v, %v) hits %v, want %v", what, sx, sy, n, want)
		}
	}
	// Canvas (100, 50) is screen (400 + 100·1.5, 225 - 50·1.5).
	check("on the button", 550, 150, btn)
	check("beside the button: the world below", 550+40, 150, under)
	if p := cv.ScreenToCanvas(550, 150); p != (mgl32.Vec2{100, 50}) {
		t.Fatalf("ScreenToCanvas %v, want (100, 50)", p)
	}
	w.sink.f.SetScreenSize(400, 300) // the window shrinks: scale 1
	w.tick()
	check("after the resize", 300, 100, btn)
	check("where it was", 550, 150, nil)
	if p := cv.ScreenToCanvas(300, 100); p != (mgl32.Vec2{100, 50}) {
		t.Fatalf("ScreenToCanvas after resize %v, want (100, 50)", p)
	}
	// A click arrives through the normal path.
	clicks := 0
	btn.On(EventClick, func(*scenegraph.Event) { clicks++ }, nil)
	w.sys.PointerDown(MouseID, PrimaryButton, 300, 100)
	w.sys.PointerUp(MouseID, PrimaryButton, 300, 100)
	if clicks != 1 {
		t.Fatalf("%d clicks, want 1", clicks)
	}
}

// A Widget pinned to the Canvas's corner follows a resize in the same
// frame, because the System refits Canvases before it aligns.
func TestCanvasWidgetAlignsInResizeFrame(t *testing.T) {
	cv := NewCanvas(400, 300, FixedHeight)
	w, hud := canvasWorld(t, 800, 600, cv) // scale 2, visible 400×300
	n := scenegraph.NewNode("Coins")
	hud.AddChild(n)
	scenegraph.AddComponent(n, NewRect(20, 20))
	scenegraph.AddComponent(n, &Widget{Edges: EdgeRight | EdgeTop, Right: 10, Top: 10})
	w.tick()
	if p := n.Position(); p[0] != 180 || p[1] != 130 {
		t.Fatalf("at %v, want (180, 130)", p)
	}
	w.sink.f.SetScreenSize(1200, 600) // wider: visible 600×300
	w.tick()
	if p := n.Position(); p[0] != 280 || p[1] != 130 {
		t.Fatalf("after the resize at %v, want (280, 130) in the same frame", p)
	}
	if sx, sy := cv.Camera().WorldToScreen(n.WorldPosition()); !near(sx, 1200-40) || !near(sy, 40) {
		t.Fatalf("drawn at screen (%v, %v), want (1160, 40)", sx, sy)
	}
}

func TestCanvasIntegerScaleViewport(t *testing.T) {
	cv := NewCanvas(320, 180, IntegerScale)
	w, _ := canvasWorld(t, 1000, 700, cv)
	cam := cv.Camera()
	if got := cam.ScreenRect(); got != (render.Rect{X: 20, Y: 80, W: 960, H: 540}) {
		t.Fatalf("drew into %+v, want 960×540 at (20, 80)", got)
	}
	if cam.OrthoHeight != 90 {
		t.Fatalf("OrthoHeight %v, want 90", cam.OrthoHeight)
	}
	if p := cv.ScreenToCanvas(20, 80); p != (mgl32.Vec2{-160, 90}) {
		t.Fatalf("top-left pixel corner maps to %v, want (-160, 90)", p)
	}
	// FitCamera gives a world camera the same pixels.
	cv.FitCamera(w.cam)
	w.tick()
	if got := w.cam.ScreenRect(); got != cam.ScreenRect() || w.cam.OrthoHeight != 90 {
		t.Fatalf("fitted world camera %+v, OrthoHeight %v", got, w.cam.OrthoHeight)
	}
	// FitCameras refits it with the Canvas, in the frame of a resize:
	// 1000×400 fits 320×180 twice, 640×360 at (180, 20).
	cv.FitCameras = append(cv.FitCameras, w.cam)
	w.sink.f.SetScreenSize(1000, 400)
	var inFrame render.Rect
	w.d.AfterDraw.On(func(*director.Director) { inFrame = w.cam.ScreenRect() })
	w.tick()
	if want := (render.Rect{X: 180, Y: 20, W: 640, H: 360}); inFrame != want || cam.ScreenRect() != want {
		t.Fatalf("after the resize the world camera drew into %+v, the Canvas into %+v, want %+v", inFrame, cam.ScreenRect(), want)
	}
}

type logBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuf) Printf(f string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.b, f+"\n", a...)
}

func TestCanvasBadDesignIsReported(t *testing.T) {
	w := newWorld(t, 400, 300)
	var lg logBuf
	w.s.Logger = &lg
	hud := scenegraph.NewNode("HUD")
	w.s.AddChild(hud)
	cv := scenegraph.AddComponent(hud, NewCanvas(-1, 300, ShowAll))
	w.tick()
	w.tick()
	got := lg.b.String()
	if strings.Count(got, "design resolution") != 1 || !strings.Contains(got, `HUD"`) || !strings.Contains(got, "-1x300") {
		t.Fatalf("log %q: want one report naming the node and the size", got)
	}
	if cv.Current() != (CanvasFit{}) {
		t.Fatalf("fitted %+v", cv.Current())
	}
	if p := cv.ScreenToCanvas(1, 1); p == p {
		t.Fatalf("ScreenToCanvas before a fit: %v, want NaN", p)
	}
}

func TestCanvasArrangeAllocatesNothing(t *testing.T) {
	cv := NewCanvas(400, 300, NoBorder)
	w, hud := canvasWorld(t, 800, 450, cv)
	for i := 0; i < 5; i++ {
		n := scenegraph.NewNode("Item")
		hud.AddChild(n)
		scenegraph.AddComponent(n, NewRect(10, 10))
		scenegraph.AddComponent(n, &Widget{Edges: EdgeLeft | EdgeBottom, Left: float32(i)})
	}
	w.sink.keep = false // the test sink's copies are not the frame's
	w.tick()
	if a := testing.AllocsPerRun(50, w.tick); a != 0 {
		t.Fatalf("%v allocations per frame, want 0", a)
	}
}

// A ScrollView inside a Canvas keeps its content on its clip layer, drawn
// by its clip camera under the Canvas's camera, not by the Canvas's.
func TestCanvasKeepsScrollViewClipLayer(t *testing.T) {
	cv := NewCanvas(400, 300, ShowAll)
	w, hud := canvasWorld(t, 400, 300, cv)
	view, _ := w.add(hud, "View", 0, 0, 200, 100)
	content, cr := w.add(view, "Content", -100, 50, 200, 400)
	cr.SetAnchor(0, 1)
	item, _ := w.add(content, "Item", 100, -25, 180, 40)
	sv := scenegraph.AddComponent(view, NewScrollView(content))
	for i := 0; i < 3; i++ {
		w.tick()
	}
	clip := sv.layer
	if clip == 0 || clip&DefaultClipLayers == 0 {
		t.Fatalf("no clip layer: %#x", clip)
	}
	if content.Layer != clip || item.Layer != clip || view.Layer != CanvasLayer {
		t.Fatalf("layers: view %#x, content %#x, item %#x; want %#x, %#x", view.Layer, content.Layer, item.Layer, CanvasLayer, clip)
	}
	if cv.Camera().Visibility&clip != 0 || visibility(w.cam)&clip != 0 {
		t.Fatal("the clipped content is seen by a camera other than its clip camera")
	}
	if sv.clip == nil || sv.clip.Node().Parent() != hud || sv.clip.Priority != cv.Camera().Priority {
		t.Fatalf("clip camera %+v not under the Canvas's camera", sv.clip)
	}
}

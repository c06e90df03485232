package scenegraph_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// cameraScene returns a launched scene with one camera at pos, and a frame
// of a w×h screen.
func cameraScene(cam *scenegraph.Camera, pos mgl32.Vec3, w, h int) (*scenegraph.Scene, *scenegraph.Node, *render.Frame) {
	s := scenegraph.NewScene("Cam")
	n := scenegraph.NewNode("Camera")
	n.SetPosition(pos)
	s.AddChild(n)
	scenegraph.AddComponent(n, cam)
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(w, h)
	return s, n, f
}

func near3(a, b mgl32.Vec3, eps float32) bool { return a.Sub(b).Len() <= eps }

func near2(x, y, wx, wy, eps float32) bool {
	return float32(math.Abs(float64(x-wx))) <= eps && float32(math.Abs(float64(y-wy))) <= eps
}

func isNaN(v float32) bool { return v != v }

// projectWithPass maps p the way the renderer does with an extracted pass:
// its ViewProj, then its viewport (the whole w×h screen when zero), y down.
func projectWithPass(pass render.Pass, p mgl32.Vec3, w, h int) (float32, float32) {
	vp := pass.Viewport
	if vp.Empty() {
		vp = render.Rect{W: w, H: h}
	}
	c := pass.ViewProj.Mul4x1(p.Vec4(1))
	nx, ny := c[0]/c[3], c[1]/c[3]
	return float32(vp.X) + (nx+1)/2*float32(vp.W), float32(vp.Y) + (1-ny)/2*float32(vp.H)
}

// An orthographic 2D camera maps pixels to world units exactly, y flipped;
// it follows the camera's current position, zoom and rotation; and its
// screen size is the one of its last Extract.
func TestCameraScreenWorldOrtho(t *testing.T) {
	cam := scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255))
	s, n, f := cameraScene(cam, mgl32.Vec3{400, 300, 0}, 800, 600)

	if p := cam.ScreenToWorld(0, 0); !isNaN(p[0]) {
		t.Fatalf("before any Extract: ScreenToWorld = %v, want NaN (no screen yet)", p)
	}
	if x, _ := cam.WorldToScreen(mgl32.Vec3{}); !isNaN(x) || !cam.ScreenRect().Empty() {
		t.Fatalf("before any Extract: WorldToScreen x %v, ScreenRect %v", x, cam.ScreenRect())
	}
	scenegraph.Extract(s, f)
	if r := cam.ScreenRect(); r != (render.Rect{W: 800, H: 600}) {
		t.Fatalf("ScreenRect %v, want the 800×600 screen", r)
	}
	for _, c := range []struct {
		sx, sy float32
		world  mgl32.Vec3
	}{
		{0, 0, mgl32.Vec3{0, 600, 0}},     // top-left corner
		{800, 600, mgl32.Vec3{800, 0, 0}}, // bottom-right corner
		{400, 300, mgl32.Vec3{400, 300, 0}},
		{100.5, 499.5, mgl32.Vec3{100.5, 100.5, 0}}, // a pixel's center
	} {
		if p := cam.ScreenToWorld(c.sx, c.sy); !near3(p, c.world, 1e-3) {
			t.Errorf("ScreenToWorld(%v, %v) = %v, want %v", c.sx, c.sy, p, c.world)
		}
		if x, y := cam.WorldToScreen(c.world); !near2(x, y, c.sx, c.sy, 1e-3) {
			t.Errorf("WorldToScreen(%v) = %v, %v, want %v, %v", c.world, x, y, c.sx, c.sy)
		}
	}
	// The same mapping as the pass Extract recorded.
	w := mgl32.Vec3{123, 456, 0}
	px, py := projectWithPass(f.Passes()[0], w, 800, 600)
	if x, y := cam.WorldToScreen(w); !near2(x, y, px, py, 1e-3) {
		t.Errorf("WorldToScreen %v,%v; the extracted pass draws it at %v,%v", x, y, px, py)
	}

	// Moved, zoomed (2×) and rotated 90° since: the mapping follows at once.
	n.SetPosition(mgl32.Vec3{500, 300, 0})
	cam.OrthoHeight = 150
	if p := cam.ScreenToWorld(0, 0); !near3(p, mgl32.Vec3{300, 450, 0}, 1e-3) {
		t.Errorf("moved and zoomed: top-left is %v, want (300, 450, 0)", p)
	}
	n.SetAngle(90)
	for _, q := range []mgl32.Vec3{{510, 320, 0}, {0, 0, 0}, {777, -3, 0}} {
		x, y := cam.WorldToScreen(q)
		if back := cam.ScreenToWorld(x, y); !near3(back, q, 1e-2) {
			t.Errorf("rotated: %v → screen %v,%v → %v", q, x, y, back)
		}
	}
	// Screen-right on a camera turned 90° counterclockwise is world up.
	a := cam.ScreenToWorld(400, 300)
	b := cam.ScreenToWorld(401, 300)
	if d := b.Sub(a); !near3(d, mgl32.Vec3{0, 0.5, 0}, 1e-3) {
		t.Errorf("rotated: one pixel right moves %v in the world, want (0, 0.5, 0)", d)
	}

	// A resized screen is picked up at the next Extract.
	f.Reset()
	f.SetScreenSize(400, 200)
	scenegraph.Extract(s, f)
	if r := cam.ScreenRect(); r != (render.Rect{W: 400, H: 200}) {
		t.Errorf("after a resize: ScreenRect %v", r)
	}
}

// A camera with a Viewport maps within its rectangle; two side-by-side
// cameras agree with the passes Extract recorded.
func TestCameraScreenWorldViewport(t *testing.T) {
	left := scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255))
	left.Viewport = mgl32.Vec4{0, 0, 0.5, 1}
	right := scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255))
	right.Viewport = mgl32.Vec4{0.5, 0.25, 0.5, 0.5} // the right half's middle
	right.Priority = 1
	s, _, f := cameraScene(left, mgl32.Vec3{0, 0, 0}, 800, 600)
	rn := scenegraph.NewNode("Right")
	rn.SetPosition(mgl32.Vec3{1000, 1000, 0})
	s.AddChild(rn)
	scenegraph.AddComponent(rn, right)
	scenegraph.Extract(s, f)

	if r := right.ScreenRect(); r != (render.Rect{X: 400, Y: 150, W: 400, H: 300}) {
		t.Fatalf("right ScreenRect %v, want {400 150 400 300} (top-left origin)", r)
	}
	if p := right.ScreenToWorld(600, 300); !near3(p, mgl32.Vec3{1000, 1000, 0}, 1e-3) {
		t.Errorf("right viewport's center maps to %v, want its camera's position", p)
	}
	if p := right.ScreenToWorld(400, 150); !near3(p, mgl32.Vec3{800, 1150, 0}, 1e-3) {
		t.Errorf("right viewport's top-left maps to %v, want (800, 1150, 0)", p)
	}
	if p := left.ScreenToWorld(200, 300); !near3(p, mgl32.Vec3{}, 1e-3) {
		t.Errorf("left viewport's center maps to %v, want the origin", p)
	}
	for i, cam := range []*scenegraph.Camera{left, right} {
		q := mgl32.Vec3{990, 1020, 0}
		if i == 0 {
			q = mgl32.Vec3{-50, 70, 0}
		}
		px, py := projectWithPass(f.Passes()[i], q, 800, 600)
		if x, y := cam.WorldToScreen(q); !near2(x, y, px, py, 1e-3) {
			t.Errorf("camera %d: WorldToScreen %v,%v; its pass draws it at %v,%v", i, x, y, px, py)
		}
	}
}

// A perspective camera: ScreenToWorld is on the near plane, ScreenToWorldAt
// at any depth, ScreenRay points into the scene; points behind have no
// screen position.
func TestCameraScreenWorldPerspective(t *testing.T) {
	cam := scenegraph.NewPerspectiveCamera(90, render.RGBA(0, 0, 0, 255))
	s, _, f := cameraScene(cam, mgl32.Vec3{0, 0, 10}, 800, 600)
	scenegraph.Extract(s, f)

	if p := cam.ScreenToWorld(400, 300); !near3(p, mgl32.Vec3{0, 0, 9.9}, 1e-4) {
		t.Errorf("center on the near plane: %v, want (0, 0, 9.9)", p)
	}
	// At depth 10 (the plane z = 0) a 90° vertical FOV spans y -10..10,
	// x -13.33..13.33 on a 4:3 screen.
	if p := cam.ScreenToWorldAt(800, 0, 10); !near3(p, mgl32.Vec3{40.0 / 3, 10, 0}, 1e-3) {
		t.Errorf("top-right at depth 10: %v, want (13.33, 10, 0)", p)
	}
	if p := cam.ScreenToWorldAt(400, 300, 0); !near3(p, mgl32.Vec3{0, 0, 10}, 1e-3) {
		t.Errorf("depth 0 is the eye: %v", p)
	}
	if x, y := cam.WorldToScreen(mgl32.Vec3{40.0 / 3, 10, 0}); !near2(x, y, 800, 0, 1e-2) {
		t.Errorf("WorldToScreen of the top-right corner at depth 10: %v, %v", x, y)
	}
	q := mgl32.Vec3{3, -2, -7}
	px, py := projectWithPass(f.Passes()[0], q, 800, 600)
	if x, y := cam.WorldToScreen(q); !near2(x, y, px, py, 1e-2) {
		t.Errorf("WorldToScreen %v,%v; the extracted pass draws it at %v,%v", x, y, px, py)
	}
	if x, y := cam.WorldToScreen(mgl32.Vec3{0, 0, 11}); !isNaN(x) || !isNaN(y) {
		t.Errorf("a point behind the camera maps to %v, %v, want NaN", x, y)
	}
	o, d := cam.ScreenRay(400, 0)
	want := mgl32.Vec3{0, 1, -1}.Normalize()
	if !near3(o, mgl32.Vec3{0, 0.1, 9.9}, 1e-4) || !near3(d, want, 1e-4) {
		t.Errorf("ray through the top edge's middle: %v dir %v, want (0, 0.1, 9.9) dir %v", o, d, want)
	}
}

// A camera drawing into a render target maps its target's pixels, with no
// Extract needed to know its size.
func TestCameraScreenWorldTarget(t *testing.T) {
	cam := scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255))
	cam.Target, cam.TargetWidth, cam.TargetHeight = 1, 64, 32
	cameraScene(cam, mgl32.Vec3{32, 16, 0}, 800, 600)
	if r := cam.ScreenRect(); r != (render.Rect{W: 64, H: 32}) {
		t.Fatalf("target ScreenRect %v", r)
	}
	if p := cam.ScreenToWorld(0, 32); !near3(p, mgl32.Vec3{}, 1e-4) {
		t.Errorf("target's bottom-left maps to %v, want the origin", p)
	}
}

// ExampleCamera_ScreenToWorld turns a mouse position (window pixels, y down)
// into world coordinates with a 2D camera, and a world position back into
// screen pixels, e.g. to place a UI marker over a node. A Game's
// PointerWorld does the first in one call.
func ExampleCamera_ScreenToWorld() {
	s := scenegraph.NewScene("Main")
	camNode := scenegraph.NewNode("Camera")
	camNode.SetPosition(mgl32.Vec3{400, 300, 0}) // world (0,0) at the bottom-left pixel
	s.AddChild(camNode)
	cam := scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
	s.Launch()

	// The Director does this every frame: the camera learns the screen size.
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	scenegraph.Extract(s, f)

	p := cam.ScreenToWorld(100, 50) // the mouse, 100 px right and 50 px down from the top-left
	fmt.Printf("world %.0f, %.0f\n", p.X(), p.Y())
	x, y := cam.WorldToScreen(mgl32.Vec3{400, 300, 0})
	fmt.Printf("screen %.0f, %.0f\n", x, y)

	camNode.SetPosition(mgl32.Vec3{500, 300, 0}) // the camera scrolls right
	p = cam.ScreenToWorld(100, 50)
	fmt.Printf("world %.0f, %.0f\n", p.X(), p.Y())
	// Output:
	// world 100, 550
	// screen 400, 300
	// world 200, 550
}

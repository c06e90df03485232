package scenegraph

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
)

// Projection selects a camera's projection.
type Projection uint8

const (
	// Orthographic projects without perspective: 2D games, UI.
	Orthographic Projection = iota
	// Perspective projects with a vertical field of view.
	Perspective
)

// Camera draws the nodes its Visibility mask selects, from its node's point
// of view (looking down the node's -Z axis), into the screen or a render
// target. Cameras draw in ascending Priority, then in the order they were
// enabled. Create one with NewOrthoCamera or NewPerspectiveCamera, or set
// every field.
type Camera struct {
	Component

	Projection Projection
	// OrthoHeight is half the visible height in world units; 0 means half
	// the target's height in pixels, so one unit is one pixel.
	OrthoHeight float32
	// FOV is the vertical field of view in degrees (Perspective).
	FOV float32
	// Near and Far bound the depth range; both 0 means -1000..1000 for
	// Orthographic and 0.1..1000 for Perspective. A range that draws
	// nothing — a perspective Near at or below 0, or Far not beyond Near —
	// is replaced by the default and reported once, naming the camera's
	// node, rather than leaving the view silently empty.
	Near, Far float32
	// Viewport is the normalized rectangle {x, y, w, h} of the target to
	// draw into, origin at the bottom-left; the zero value is the whole target.
	Viewport mgl32.Vec4
	// Clear says what to clear before drawing; ClearColor is the color.
	Clear      render.ClearFlags
	ClearColor render.Color
	// Priority orders cameras: lower draws first.
	Priority int
	// Visibility selects the layers drawn: a node is drawn when
	// node.Layer&Visibility != 0. Zero means every layer but EngineLayer.
	Visibility uint32
	// Target is the render target to draw into (0: the screen) and
	// TargetWidth, TargetHeight its size in pixels.
	Target                    render.TargetID
	TargetWidth, TargetHeight int
	// Post, when set, post-processes what the camera draws: the camera
	// draws into the graph's graph.Scene image (all of it, with the
	// camera's Clear; its ClearColor decoded from sRGB when the image is
	// linear, render.Format.Linear), then the graph's passes run and end in the camera's
	// Target and Viewport (graph.Output), at the Viewport's size. A graph
	// that cannot run (a cycle, a missing image, no graph.Scene image) is
	// reported once through the scene's logger and the camera draws
	// straight into its Target meanwhile. The graph belongs to the caller,
	// who releases its targets (Graph.Release); scene files do not hold it.
	Post *graph.Graph `scene:"-"`

	sortedPriority int
	post           cameraPost
	badRange       [2]float32 // the Near, Far last reported as drawing nothing
	// The frame's screen size (drawable pixels) at the camera's last
	// Extract, for ScreenToWorld and WorldToScreen; 0 before it.
	screenW, screenH int
}

// NewOrthoCamera returns an orthographic camera that clears color and depth
// to clear and draws every layer at one world unit per pixel.
func NewOrthoCamera(clear render.Color) *Camera {
	return &Camera{Projection: Orthographic, Clear: render.ClearColor | render.ClearDepth, ClearColor: clear}
}

// NewPerspectiveCamera returns a perspective camera with the given vertical
// field of view in degrees that clears color and depth to clear.
func NewPerspectiveCamera(fovDeg float32, clear render.Color) *Camera {
	return &Camera{Projection: Perspective, FOV: fovDeg, Clear: render.ClearColor | render.ClearDepth, ClearColor: clear}
}

// OnEnable registers the camera with its scene.
func (c *Camera) OnEnable() {
	c.sortedPriority = c.Priority
	c.node.scene.addCamera(c)
}

// OnDisable unregisters the camera.
func (c *Camera) OnDisable() { c.node.scene.removeCamera(c) }

// targetSize returns the size in pixels the camera draws into for a screen
// of screenW×screenH. Extract calls it for each camera it draws with the
// frame's screen size, which the camera keeps for ScreenToWorld and
// WorldToScreen.
func (c *Camera) targetSize(screenW, screenH int) (int, int) {
	c.screenW, c.screenH = screenW, screenH
	return c.sizeIn(screenW, screenH)
}

func (c *Camera) sizeIn(screenW, screenH int) (int, int) {
	if c.Target != 0 {
		return c.TargetWidth, c.TargetHeight
	}
	return screenW, screenH
}

// drawRect returns the rectangle the camera draws into, in pixels of its
// target (the screen of screenW×screenH, or Target) with the origin at the
// top-left: its Viewport, or the whole target. Its size is the one Extract
// gives ViewProj.
func (c *Camera) drawRect(screenW, screenH int) render.Rect {
	w, h := c.sizeIn(screenW, screenH)
	if vp := c.viewportPixels(w, h); !vp.Empty() {
		return vp
	}
	return render.Rect{W: w, H: h}
}

// ScreenRect returns the rectangle the camera drew into at its last Extract,
// in pixels of its target with the origin at the top-left (y down): its
// Viewport, or the whole screen (or Target). It is empty before the
// camera's first Extract, and for a target of zero size.
func (c *Camera) ScreenRect() render.Rect {
	if c.screenW <= 0 && c.screenH <= 0 && c.Target == 0 {
		return render.Rect{}
	}
	r := c.drawRect(c.screenW, c.screenH)
	if r.W <= 0 || r.H <= 0 {
		return render.Rect{}
	}
	return r
}

// viewportPixels converts the normalized viewport into a render.Rect
// (top-left origin) of a w×h target.
func (c *Camera) viewportPixels(w, h int) render.Rect {
	vp := c.Viewport
	if vp == (mgl32.Vec4{}) {
		return render.Rect{}
	}
	x, y := int(vp[0]*float32(w)+0.5), int(vp[1]*float32(h)+0.5)
	rw, rh := int(vp[2]*float32(w)+0.5), int(vp[3]*float32(h)+0.5)
	return render.Rect{X: x, Y: h - y - rh, W: rw, H: rh}
}

// depthRange returns Near and Far, or their defaults when both are 0.
func (c *Camera) depthRange() (near, far float32) {
	near, far = c.Near, c.Far
	ok := far > near && (c.Projection != Perspective || near > 0)
	if near == 0 && far == 0 || !ok {
		if !ok && !(near == 0 && far == 0) && c.badRange != [2]float32{near, far} {
			c.badRange = [2]float32{near, far}
			LoggerOf(c.Node()).Printf("scenegraph: Camera on %q: Near %v, Far %v draws nothing (a perspective Near must be above 0, and Far beyond Near); using the default range", c.nodePath(), near, far)
		}
		if c.Projection == Perspective {
			return 0.1, 1000
		}
		return -1000, 1000
	}
	return near, far
}

func (c *Camera) nodePath() string {
	if n := c.Node(); n != nil {
		return n.Path()
	}
	return ""
}

// ProjectionMatrix returns the projection for a viewport of w×h pixels.
func (c *Camera) ProjectionMatrix(w, h int) mgl32.Mat4 {
	if w <= 0 || h <= 0 {
		w, h = 1, 1
	}
	aspect := float32(w) / float32(h)
	near, far := c.depthRange()
	if c.Projection == Perspective {
		fov := c.FOV
		if fov <= 0 {
			fov = 45
		}
		return mgl32.Perspective(mgl32.DegToRad(fov), aspect, near, far)
	}
	hh := c.OrthoHeight
	if hh <= 0 {
		hh = float32(h) / 2
	}
	hw := hh * aspect
	return mgl32.Ortho(-hw, hw, -hh, hh, near, far)
}

// ViewMatrix returns the inverse of the camera node's world matrix.
func (c *Camera) ViewMatrix() mgl32.Mat4 { return c.node.WorldMatrix().Inv() }

// ViewProj returns projection × view for a viewport of w×h pixels.
func (c *Camera) ViewProj(w, h int) mgl32.Mat4 {
	return c.ProjectionMatrix(w, h).Mul4(c.ViewMatrix())
}

// ScreenToWorld returns the world point under screen point (x, y): for an
// orthographic camera, the point on the plane through the camera's position
// facing it (for a 2D camera at z = 0, the point at z = 0, exact up to
// float32 rounding); for a perspective camera, the point on its near plane.
// For a point at another depth, use ScreenToWorldAt; for picking in 3D,
// ScreenRay.
//
// Screen coordinates, here and in ScreenToWorldAt, ScreenRay and
// WorldToScreen, are pixels of what the camera draws into, with the origin
// at the top-left and y down, as SDL reports the mouse: for a camera
// drawing to the screen, the window's drawable pixels
// (platform.Input.MousePixelPosition; equal to window coordinates,
// Input.MousePosition, unless the window is high-DPI); for one with a
// Target, the target's pixels. They are continuous: pixel (i, j) covers
// [i, i+1)×[j, j+1). The mapping uses the camera's transform as it is now
// and the screen size of the camera's last Extract (see ScreenRect); before
// its first Extract a screen camera has no screen, and they return NaN.
func (c *Camera) ScreenToWorld(x, y float32) mgl32.Vec3 {
	if c.Projection == Perspective {
		near, _ := c.depthRange()
		return c.ScreenToWorldAt(x, y, near)
	}
	return c.ScreenToWorldAt(x, y, 0)
}

// ScreenToWorldAt returns the world point under screen point (x, y) (see
// ScreenToWorld for screen coordinates) at view depth depth: the distance
// in front of the camera along its view axis (its node's -Z), in the
// camera's local units (world units unless the node or a parent is
// scaled). Depth 0 is the plane through the camera (for a perspective
// camera, the eye itself); a perspective camera's near plane is at Near
// (0.1 by default). Any depth works, also outside Near..Far.
func (c *Camera) ScreenToWorldAt(x, y, depth float32) mgl32.Vec3 {
	sx, sy, ok := c.screenSlope(x, y)
	if !ok {
		return nanVec3()
	}
	v := mgl32.Vec4{sx, sy, -1, 0}.Mul(depth) // perspective: along the ray from the eye
	if c.Projection != Perspective {
		v = mgl32.Vec4{sx, sy, -depth, 0}
	}
	v[3] = 1
	return c.node.WorldMatrix().Mul4x1(v).Vec3()
}

// ScreenRay returns the ray from the camera through screen point (x, y)
// (see ScreenToWorld for screen coordinates): origin on the near plane,
// dir a unit vector into the scene (for an orthographic camera, the
// camera's view axis). Intersect it with a ground plane or colliders to
// pick in 3D. NaN before the camera's first Extract.
func (c *Camera) ScreenRay(x, y float32) (origin, dir mgl32.Vec3) {
	sx, sy, ok := c.screenSlope(x, y)
	if !ok {
		return nanVec3(), nanVec3()
	}
	near, _ := c.depthRange()
	d := mgl32.Vec4{0, 0, -1, 0}
	if c.Projection == Perspective {
		d = mgl32.Vec4{sx, sy, -1, 0}
	}
	return c.ScreenToWorldAt(x, y, near), c.node.WorldMatrix().Mul4x1(d).Vec3().Normalize()
}

// screenSlope maps screen point (x, y) into the camera's view space: for an
// orthographic camera the view-space x, y under it; for a perspective one
// x/depth and y/depth along the ray through it. It reads the scale of
// ProjectionMatrix, which is symmetric about the view axis (x_ndc =
// P[0]·x/w and y_ndc = P[5]·y/w, w = 1 or the depth), so nothing is
// inverted and the result is as precise at any depth.
func (c *Camera) screenSlope(x, y float32) (sx, sy float32, ok bool) {
	r := c.ScreenRect()
	if r.Empty() || c.node == nil {
		return 0, 0, false
	}
	nx := (x-float32(r.X))/float32(r.W)*2 - 1
	ny := 1 - (y-float32(r.Y))/float32(r.H)*2
	pm := c.ProjectionMatrix(r.W, r.H)
	return nx / pm[0], ny / pm[5], true
}

// WorldToScreen returns the screen point (see ScreenToWorld for screen
// coordinates) where world point p is drawn, as Extract projects it; points outside the
// view map outside the camera's ScreenRect. It returns NaN for a point at
// or behind a perspective camera's eye plane, which has no screen point,
// and before the camera's first Extract (or on a camera on no node).
func (c *Camera) WorldToScreen(p mgl32.Vec3) (x, y float32) {
	r := c.ScreenRect()
	if r.Empty() || c.node == nil {
		return nan32(), nan32()
	}
	clip := c.ViewProj(r.W, r.H).Mul4x1(p.Vec4(1))
	if !(clip[3] > 0) {
		return nan32(), nan32()
	}
	nx, ny := clip[0]/clip[3], clip[1]/clip[3]
	return float32(r.X) + (nx+1)/2*float32(r.W), float32(r.Y) + (1-ny)/2*float32(r.H)
}

func nan32() float32 { return float32(math.NaN()) }

func nanVec3() mgl32.Vec3 { return mgl32.Vec3{nan32(), nan32(), nan32()} }

package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
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
	// Orthographic and 0.1..1000 for Perspective.
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

	sortedPriority int
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

// targetSize returns the size in pixels the camera draws into.
func (c *Camera) targetSize(screenW, screenH int) (int, int) {
	if c.Target != 0 {
		return c.TargetWidth, c.TargetHeight
	}
	return screenW, screenH
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

// ProjectionMatrix returns the projection for a viewport of w×h pixels.
func (c *Camera) ProjectionMatrix(w, h int) mgl32.Mat4 {
	if w <= 0 || h <= 0 {
		w, h = 1, 1
	}
	aspect := float32(w) / float32(h)
	near, far := c.Near, c.Far
	if c.Projection == Perspective {
		if near == 0 && far == 0 {
			near, far = 0.1, 1000
		}
		fov := c.FOV
		if fov <= 0 {
			fov = 45
		}
		return mgl32.Perspective(mgl32.DegToRad(fov), aspect, near, far)
	}
	if near == 0 && far == 0 {
		near, far = -1000, 1000
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

// ScreenToWorld maps a point in screen pixels (origin top-left, as mouse
// positions are) of a screenW×screenH screen to world space, on the plane
// at normalized depth ndcZ (-1 near, 1 far; 0 for 2D).
func (c *Camera) ScreenToWorld(x, y float32, screenW, screenH int, ndcZ float32) mgl32.Vec3 {
	w, h := c.targetSize(screenW, screenH)
	vp := c.viewportPixels(w, h)
	if vp.Empty() {
		vp = render.Rect{W: w, H: h}
	}
	nx := (x-float32(vp.X))/float32(vp.W)*2 - 1
	ny := 1 - (y-float32(vp.Y))/float32(vp.H)*2
	inv := c.ViewProj(vp.W, vp.H).Inv()
	p := inv.Mul4x1(mgl32.Vec4{nx, ny, ndcZ, 1})
	if p[3] != 0 {
		p = p.Mul(1 / p[3])
	}
	return p.Vec3()
}

package scenegraph

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Renderable is implemented by components that draw. Extract calls Render
// once per camera that sees the component's node, in tree pre-order, while
// the component is enabled in hierarchy.
type Renderable interface {
	Render(v *View)
}

// View is one camera's pass during extraction: where to record and what the
// camera sees. It is valid only during the Render call.
type View struct {
	// Frame is the frame being recorded; the current pass is the camera's.
	Frame *render.Frame
	// Camera is the camera being drawn.
	Camera *Camera
	// ViewProj maps world space to clip space.
	ViewProj mgl32.Mat4
	// Light is the scene's first enabled directional light, or nil. The
	// pass's render.Pass.Lights hold the lights the built-in mesh program
	// uses; Light is for custom renderables.
	Light *DirectionalLight

	planes [4]mgl32.Vec4 // left, right, bottom, top; inside where dot >= 0
	// rect2D is the world rectangle a 2D camera shows at z = 0 (minX,
	// minY, maxX, maxY), when is2D: sprites cull against it exactly.
	rect2D [4]float32
	is2D   bool
	// rendered and culled count this view's renderables for RenderStats.
	rendered, culled int
	// fade is 1 - the product of the opacities of the node being recorded
	// and its ancestors (opacity.go), so that a zero View is opaque.
	fade float32
	// Scratch values, so Render implementations record without allocating.
	spriteDraw render.SpriteDraw
	run        spriteRun // the Sprites being gathered into one draw item
	mesh       render.MeshDraw
}

// setViewProj stores m and extracts its side planes (Gribb–Hartmann).
func (v *View) setViewProj(m mgl32.Mat4) {
	v.ViewProj = m
	x0, y0, x1, y1, ok := render.ClipRect2D(&m)
	v.rect2D, v.is2D = [4]float32{x0, y0, x1, y1}, ok
	row := func(i int) mgl32.Vec4 { return mgl32.Vec4{m[i], m[4+i], m[8+i], m[12+i]} }
	r0, r1, r3 := row(0), row(1), row(3)
	v.planes = [4]mgl32.Vec4{r3.Add(r0), r3.Sub(r0), r3.Add(r1), r3.Sub(r1)}
	for i := range v.planes {
		p := v.planes[i]
		if l := p.Vec3().Len(); l > 0 {
			v.planes[i] = p.Mul(1 / l)
		}
	}
}

// Visible reports whether a sphere (world-space center and radius) may be
// seen by the camera: it is false only when the sphere lies wholly outside
// one of the frustum's side planes. A radius < 0 is always visible.
func (v *View) Visible(center mgl32.Vec3, radius float32) bool {
	if radius < 0 {
		return true
	}
	for _, p := range v.planes {
		if p[0]*center[0]+p[1]*center[1]+p[2]*center[2]+p[3] < -radius {
			return false
		}
	}
	return true
}

// Rect2D returns the world rectangle (minX, minY)-(maxX, maxY) the camera
// shows at z = 0, where sprites are drawn, and true, when the camera is a
// 2D one (orthographic, not rotated about x or y); false otherwise. A
// sprite whose bounds miss it cannot be seen.
func (v *View) Rect2D() (minX, minY, maxX, maxY float32, ok bool) {
	r := &v.rect2D
	return r[0], r[1], r[2], r[3], v.is2D
}

// Depth returns p's normalized depth under the view, larger is farther: the
// depth every 2D renderable (sprites, labels, animations, particles) puts in
// its draw items' sort key, so that they order the same way.
func (v *View) Depth(p mgl32.Vec3) float32 { return v.depthOf(p) }

// depthOf returns p's normalized depth under the view (larger is farther),
// the sort depth of draw items.
func (v *View) depthOf(p mgl32.Vec3) float32 {
	m := &v.ViewProj
	z := m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14]
	w := m[3]*p[0] + m[7]*p[1] + m[11]*p[2] + m[15]
	if w != 0 {
		return z / w
	}
	return z
}

// CountRendered and CountCulled let custom Renderables report into
// Scene.RenderStats.
func (v *View) CountRendered() { v.rendered++ }

// CountCulled records one renderable skipped by culling.
func (v *View) CountCulled() { v.culled++ }

// RenderStats tells what the last Extract did.
type RenderStats struct {
	// Cameras is the number of cameras drawn.
	Cameras int
	// Rendered counts renderables recorded, summed over cameras.
	Rendered int
	// Culled counts renderables skipped because no camera could see them.
	Culled int
	// ShadowCasters counts shadow casters recorded into shadow passes,
	// summed over cameras.
	ShadowCasters int
}

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

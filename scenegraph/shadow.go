package scenegraph

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// ShadowCaster is implemented by components that cast shadows (MeshRenderer
// does). When the scene's first enabled DirectionalLight has Shadows,
// Extract calls RenderShadow once per camera that sees the component's
// layer, in that camera's shadow pass, while the component is enabled in
// hierarchy. The View's ViewProj is then the light's (the shadow map's
// projection), its Camera the camera the shadows are for, and its Frame's
// current pass renders into the shadow map: record the meshes that cast
// the shadow (every mesh draws depth only there) and cull them with
// v.Visible. Sprites and other 2D renderables cast no shadows.
type ShadowCaster interface {
	RenderShadow(v *View)
}

// shadowMap is a DirectionalLight's shadow map: a DepthShadow render target
// of size×size texels, created by the first Extract that needs it.
type shadowMap struct {
	target  render.TargetID
	texture render.TextureID
	size    int
}

// shadowState is a scene's shadow bookkeeping during and between Extracts.
type shadowState struct {
	// dead are shadow maps of lights disabled or destroyed since the last
	// Extract, which deletes them.
	dead []render.TargetID
	// sun is the light casting shadows in this Extract, or nil.
	sun *DirectionalLight
	// casters are the enabled ShadowCasters on active nodes, found once per
	// Extract, with their node's layer; layers ORs those layers, so a
	// camera that sees none of them gets no shadow pass.
	casters []casterEntry
	layers  uint32
	// view is the shadow passes' View; rendered counts the casters they
	// recorded, for RenderStats.
	view     View
	rendered int
}

type casterEntry struct {
	caster ShadowCaster
	layer  uint32
}

// Default shadow settings (see DirectionalLight).
const (
	defaultShadowSize     = 2048
	minShadowSize         = 16
	defaultShadowDistance = 50
)

// releaseShadowMap hands l's shadow map to the scene for deletion at the
// next Extract.
func (s *Scene) releaseShadowMap(l *DirectionalLight) {
	if l.shadow.target != 0 {
		s.shadows.dead = append(s.shadows.dead, l.shadow.target)
		l.shadow = shadowMap{}
	}
}

// beginShadows starts an Extract's shadow work: it deletes the shadow maps
// released since the last one and those of lights that no longer cast
// shadows (Shadows turned off, or no longer the first light), and when the
// first light casts shadows it finds the scene's shadow casters.
func (s *Scene) beginShadows(f *render.Frame) {
	sh := &s.shadows
	ReleaseRenderResources(s, f)
	sh.sun = nil
	for i, l := range s.lights {
		if i == 0 && l.Shadows {
			sh.sun = l
		} else if l.shadow.target != 0 {
			f.DeleteTarget(l.shadow.target)
			l.shadow = shadowMap{}
		}
	}
	sh.layers, sh.rendered = 0, 0
	if sh.sun != nil {
		s.collectCasters(&s.Node)
	}
}

// endShadows drops the frame's references to casters, so that destroyed
// components are not kept alive by the list until the next Extract.
func (s *Scene) endShadows() {
	clear(s.shadows.casters)
	s.shadows.casters = s.shadows.casters[:0]
	v := &s.shadows.view
	v.Frame, v.Camera, v.Light = nil, nil, nil
}

// collectCasters appends the enabled shadow casters of n's active subtree,
// in tree pre-order.
func (s *Scene) collectCasters(n *Node) {
	if !n.activeInHierarchy {
		return
	}
	for _, b := range n.comps {
		if b == nil {
			continue // a hole (holes.go)
		}
		c := b.Base()
		if c.shadowCaster != nil && c.state&onEnableCalled != 0 {
			s.shadows.casters = append(s.shadows.casters, casterEntry{c.shadowCaster, n.Layer})
			s.shadows.layers |= n.Layer
		}
	}
	for _, ch := range n.children {
		if ch != nil {
			s.collectCasters(ch)
		}
	}
}

// shadowPass records camera c's shadow pass, when the scene has a shadow
// casting light and c sees a layer with casters in it, and sets the shadow
// fields of lights (the lights of c's own pass, of pw×ph pixels) to sample
// the result. It creates the light's shadow map the first time, and
// recreates it when ShadowSize changed.
func (s *Scene) shadowPass(c *Camera, f *render.Frame, mask uint32, pw, ph int, lights *render.Lights) {
	sh := &s.shadows
	sun := sh.sun
	if sun == nil || sh.layers&mask == 0 {
		return
	}
	dist := sun.ShadowDistance
	if !(dist > 0) {
		dist = defaultShadowDistance
	}
	center, r, ok := c.frustumSphere(pw, ph, dist)
	if !ok {
		return
	}
	sm := sun.shadowMapIn(f)
	vp := ShadowMatrix(sun.Direction(), center, r, sm.size)
	v := &sh.view
	v.Frame, v.Camera, v.Light = f, c, sun
	v.setViewProj(vp)
	v.rendered, v.culled = 0, 0
	f.BeginPass(render.Pass{Name: "shadow", Target: sm.target, Clear: render.ClearDepth, ViewProj: vp})
	for _, e := range sh.casters {
		if e.layer&mask != 0 {
			e.caster.RenderShadow(v)
		}
	}
	sh.rendered += v.rendered
	lights.Shadow, lights.ShadowMatrix = sm.texture, vp
	lights.ShadowBias, lights.ShadowRadius = sun.ShadowBias, sun.ShadowRadius
}

// shadowMapIn returns l's shadow map, created in f the first time and
// recreated (the old one deleted after f's draws) when ShadowSize changed.
func (l *DirectionalLight) shadowMapIn(f *render.Frame) shadowMap {
	size := l.ShadowSize
	switch {
	case size <= 0:
		size = defaultShadowSize
	case size < minShadowSize:
		size = minShadowSize
	case size > MaxShadowSize:
		size = MaxShadowSize
	}
	if l.shadow.target != 0 && l.shadow.size != size {
		f.DeleteTarget(l.shadow.target)
		l.shadow = shadowMap{}
	}
	if l.shadow.target == 0 {
		t, tex := f.CreateTarget(render.TargetDesc{Width: size, Height: size, Depth: render.DepthShadow})
		l.shadow = shadowMap{target: t, texture: tex, size: size}
	}
	return l.shadow
}

// ShadowTarget returns the light's shadow map (a render.DepthShadow target
// and its depth texture) as of the last Extract, or zeros when it has none:
// for debugging views and custom renderers.
func (l *DirectionalLight) ShadowTarget() (render.TargetID, render.TextureID) {
	return l.shadow.target, l.shadow.texture
}

// frustumSphere returns a world-space sphere bounding the part of the
// camera's view volume (for a view of pw×ph pixels) between its near plane
// and dist along its view axis; for an orthographic camera, between -dist
// and dist (clamped to Near..Far). The radius depends only on the
// projection, never on the camera's position or rotation, so the shadow
// map's texels keep their world size while the camera moves. ok is false
// when that part is empty.
func (c *Camera) frustumSphere(pw, ph int, dist float32) (center mgl32.Vec3, r float32, ok bool) {
	if pw <= 0 || ph <= 0 {
		pw, ph = 1, 1
	}
	aspect := float32(pw) / float32(ph)
	near, far := c.depthRange()
	var z float32 // the center's distance along the view axis
	if c.Projection == Perspective {
		n, f := near, min(far, dist)
		if !(f > n) {
			return center, 0, false
		}
		fov := c.FOV
		if fov <= 0 {
			fov = 45
		}
		ty := float32(math.Tan(float64(mgl32.DegToRad(fov)) / 2))
		tx := ty * aspect
		k2 := tx*tx + ty*ty
		// The center that is as far from the near corners as from the far
		// ones; past the far plane the far corners' circle bounds it all.
		z = (f + n) * (1 + k2) / 2
		if z >= f {
			z, r = f, f*sqrt32(k2)
		} else {
			r = sqrt32((z-n)*(z-n) + n*n*k2)
		}
	} else {
		n, f := max(near, -dist), min(far, dist)
		if !(f > n) {
			return center, 0, false
		}
		hh := c.OrthoHeight
		if hh <= 0 {
			hh = float32(ph) / 2
		}
		hw := hh * aspect
		z = (n + f) / 2
		r = sqrt32((f-n)*(f-n)/4 + hw*hw + hh*hh)
	}
	m := c.node.WorldMatrix()
	eye := mgl32.Vec3{m[12], m[13], m[14]}
	fwd := mgl32.Vec3{-m[8], -m[9], -m[10]}.Normalize()
	return eye.Add(fwd.Mul(z)), r, true
}

// ShadowMatrix returns the view-projection of a size×size shadow map for a
// light travelling in direction dir that covers the sphere (center, r): an
// orthographic projection looking down dir, with the sphere inside its box
// and the box reaching 2r further back towards the light, so that casters
// between the light and the sphere still cast. The box is moved only in
// whole texels (its translation is a multiple of 2/size in clip space), so
// that shadow edges stay put while the sphere moves with the camera instead
// of crawling; this needs r to stay the same from frame to frame.
func ShadowMatrix(dir, center mgl32.Vec3, r float32, size int) mgl32.Mat4 {
	up := mgl32.Vec3{0, 1, 0}
	if d := dir.Normalize(); d[1] > 0.99 || d[1] < -0.99 {
		up = mgl32.Vec3{0, 0, 1}
	}
	// The view has no translation (the eye is the origin), so the
	// projection's is the whole matrix's and snapping it snaps both.
	view := mgl32.LookAtV(mgl32.Vec3{}, dir, up)
	lc := view.Mul4x1(center.Vec4(1))
	size = max(size, 4)
	// A texel of 2r/(size-2) makes the box's half size r+texel: a box
	// moved by up to half a texel from the sphere's center still holds it.
	texel := 2 * r / float32(size-2)
	half := texel * float32(size) / 2
	x := float32(math.Round(float64(lc[0]/texel))) * texel
	y := float32(math.Round(float64(lc[1]/texel))) * texel
	depth := -lc[2] // the center's distance in front of the light's eye
	proj := mgl32.Ortho(x-half, x+half, y-half, y+half, depth-3*r, depth+r)
	return proj.Mul4(view)
}

// ReleaseRenderResources records into f the deletion of the render
// resources s still holds and no longer needs: the shadow maps of lights
// disabled or destroyed since its last Extract. Extract does this itself;
// call it once for a scene that will not be extracted again (the Director
// does, for every scene it unloads), or its shadow maps would leak.
func ReleaseRenderResources(s *Scene, f *render.Frame) {
	for _, t := range s.shadows.dead {
		f.DeleteTarget(t)
	}
	clear(s.shadows.dead)
	s.shadows.dead = s.shadows.dead[:0]
}

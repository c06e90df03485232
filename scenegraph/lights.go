package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// DirectionalLight lights MeshRenderers from its node's -Z axis, as the sun
// does. The scene's first enabled DirectionalLight is the sun of every
// camera's pass (render.Lights); further directional lights are ignored.
// With Shadows set it also casts shadows: see the fields below and the
// package documentation.
type DirectionalLight struct {
	Component

	// Ambient (0..1) is grey light added everywhere, from every direction.
	Ambient float32
	// Color is the light's linear RGB color multiplied by its intensity: a
	// white surface facing the light is lit to Color. Values above 1 are
	// brighter than white. The zero value means white, {1, 1, 1}.
	Color mgl32.Vec3
	// Shadows makes the light cast shadows from MeshRenderers (and other
	// ShadowCasters) onto meshes.
	Shadows bool
	// ShadowSize is the shadow map's width and height in texels; 0 (or
	// less) means 2048; sizes are clamped to 16 .. MaxShadowSize.
	ShadowSize int
	// ShadowDistance is how far from a camera shadows reach, in world
	// units along its view axis; 0 (or less) means 50. A shorter distance
	// spreads the map's texels over less ground: sharper shadows.
	ShadowDistance float32
	// ShadowBias and ShadowRadius are render.Lights' ShadowBias (against
	// shadow acne; 0 means the renderer's default) and ShadowRadius (the
	// soft edge's filter radius in texels; 0 means 1).
	ShadowBias   float32
	ShadowRadius int

	shadow shadowMap
}

// MaxShadowSize is the largest shadow map a DirectionalLight makes.
const MaxShadowSize = 16384

// Direction returns the direction the light travels, in world space.
func (l *DirectionalLight) Direction() mgl32.Vec3 {
	m := l.node.WorldMatrix()
	return mgl32.Vec3{-m[8], -m[9], -m[10]}.Normalize()
}

// color returns Color, with the zero value meaning white.
func (l *DirectionalLight) color() mgl32.Vec3 {
	if l.Color == (mgl32.Vec3{}) {
		return mgl32.Vec3{1, 1, 1}
	}
	return l.Color
}

// OnEnable registers the light with its scene.
func (l *DirectionalLight) OnEnable() { l.node.scene.lights = append(l.node.scene.lights, l) }

// OnDisable unregisters the light and hands its shadow map, if it has one,
// to the scene, which deletes it at its next Extract (deleting needs a
// frame, and there is none here).
func (l *DirectionalLight) OnDisable() {
	s := l.node.scene
	s.lights = removeItem(s.lights, l)
	s.releaseShadowMap(l)
}

// PointLight lights MeshRenderers from its node's world position in every
// direction, falling off with the inverse square of the distance and fading
// to zero at Range. Each camera's pass gets the render.MaxPointLights
// enabled point lights nearest to the camera.
type PointLight struct {
	Component

	// Color is the light's linear RGB color multiplied by its intensity:
	// the light a white surface facing it receives 1 world unit away. The
	// zero value means white, {1, 1, 1}.
	Color mgl32.Vec3
	// Range is where the light ends, in world units (the node's scale does
	// not change it); 0 (or less) means no limit.
	Range float32
}

// OnEnable registers the light with its scene.
func (l *PointLight) OnEnable() { l.node.scene.pointLights = append(l.node.scene.pointLights, l) }

// OnDisable unregisters the light.
func (l *PointLight) OnDisable() {
	l.node.scene.pointLights = removeItem(l.node.scene.pointLights, l)
}

// sceneLights fills l with what lights a pass seen from eye: the ambient
// term and sun of the first directional light, and the point lights nearest
// to eye. It leaves l zero (unlit) when the scene has no enabled light, so
// that 2D scenes record exactly what they did before lights existed. The
// shadow fields are the shadow pass's to fill.
func (s *Scene) sceneLights(l *render.Lights, eye mgl32.Vec3) {
	*l = render.Lights{}
	if len(s.lights) == 0 && len(s.pointLights) == 0 {
		return
	}
	l.Eye = eye
	if len(s.lights) > 0 {
		sun := s.lights[0]
		l.Ambient = mgl32.Vec3{sun.Ambient, sun.Ambient, sun.Ambient}
		l.SunDir = sun.Direction()
		l.SunColor = sun.color()
	}
	s.nearestPointLights(l, eye)
}

// nearestPointLights adds to l the render.MaxPointLights enabled point
// lights nearest to eye, nearest first (lights at equal distances in the
// order they were enabled). It keeps the best so far in a fixed array, by
// insertion, so choosing allocates nothing and costs
// O(lights × MaxPointLights).
func (s *Scene) nearestPointLights(l *render.Lights, eye mgl32.Vec3) {
	var best [render.MaxPointLights]*PointLight
	var dist [render.MaxPointLights]float32
	n := 0
	for _, p := range s.pointLights {
		d := p.node.WorldPosition().Sub(eye)
		d2 := d.Dot(d)
		if n == len(best) && d2 >= dist[n-1] {
			continue
		}
		// Insert at the end (a free slot, or over the farthest when full)
		// and move it forward past every farther light.
		i := min(n, len(best)-1)
		for i > 0 && dist[i-1] > d2 {
			best[i], dist[i] = best[i-1], dist[i-1]
			i--
		}
		best[i], dist[i] = p, d2
		n = min(n+1, len(best))
	}
	for _, p := range best[:n] {
		c := p.Color
		if c == (mgl32.Vec3{}) {
			c = mgl32.Vec3{1, 1, 1}
		}
		l.AddPoint(render.PointLight{Position: p.node.WorldPosition(), Color: c, Range: p.Range})
	}
}

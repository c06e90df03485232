package render

import "github.com/go-gl/mathgl/mgl32"

// MaxPointLights is the most point lights one pass lights meshes with.
const MaxPointLights = 8

// Lights is what lights a pass's meshes: an ambient term, one directional
// light (the sun) that may cast shadows, and up to MaxPointLights point
// lights. Colors are linear RGB already multiplied by their intensity, so
// values above 1 are brighter than white (HDR). A pass whose Lights is the
// zero value draws meshes unlit: base color as given, no tone mapping.
type Lights struct {
	// Eye is the camera's position in world space, for specular highlights.
	Eye mgl32.Vec3
	// Ambient is light arriving equally from everywhere.
	Ambient mgl32.Vec3
	// SunDir is the direction the directional light travels (world space);
	// zero means no directional light. SunColor is its color × intensity:
	// a white surface facing it is lit to SunColor (times albedo).
	SunDir, SunColor mgl32.Vec3
	// Points are the point lights; the first NumPoints are used.
	Points    [MaxPointLights]PointLight
	NumPoints int
	// Shadow is the sun's shadow map: the texture of a DepthShadow target
	// rendered earlier in the frame with ShadowMatrix as its pass's
	// ViewProj. 0 means no shadows.
	Shadow       TextureID
	ShadowMatrix mgl32.Mat4
	// ShadowBias is subtracted from a surface's shadow-map depth (0..1)
	// before comparing, against acne; 0 means 0.002. The bias also grows
	// with the angle between surface and light.
	ShadowBias float32
	// ShadowRadius is the percentage-closer filter's radius in texels: it
	// covers (2r+1)² texels with (2r)² hardware-filtered taps (a tent
	// filter); 0 means 1 (3×3 texels, 4 taps). Backends may cap it.
	ShadowRadius int
	// Exposure scales light before tone mapping; 0 means 1. It is used
	// where the mesh program tone maps itself (when the pass's target
	// stores display colors, see Format); HDR targets keep linear values
	// for a tone-mapping pass.
	Exposure float32
	// Environment lights meshes with image-based lighting; the zero
	// value lights them with Ambient alone.
	Environment Environment
}

// Lit reports whether l lights anything: a pass with unlit Lights draws
// meshes in their base color.
func (l *Lights) Lit() bool {
	return l.Ambient != (mgl32.Vec3{}) || l.SunDir != (mgl32.Vec3{}) || l.NumPoints > 0 || l.Environment.On()
}

// AddPoint appends a point light and reports whether there was room (at
// most MaxPointLights).
func (l *Lights) AddPoint(p PointLight) bool {
	if l.NumPoints >= MaxPointLights {
		return false
	}
	l.Points[l.NumPoints] = p
	l.NumPoints++
	return true
}

// PointLight is a light at a point, falling off with the inverse square of
// the distance and fading smoothly to zero at Range.
type PointLight struct {
	Position mgl32.Vec3
	Color    mgl32.Vec3 // linear RGB × intensity: the light 1 unit away
	Range    float32    // where the light ends; 0 or less: no limit
}

// Material is a metallic-roughness physically based material (the glTF
// 2.0 model). A MeshDraw's Color and Texture are its base color factor
// and base color map; Material holds the rest. Every map multiplies its
// factor and 0 means no map. The zero Material is a smooth white-ish
// dielectric (plastic).
type Material struct {
	// Metallic (0 dielectric, 1 metal) and Roughness (0 mirror, 1 matte;
	// clamped to at least 0.045, below which highlights alias).
	Metallic, Roughness float32
	// Emissive is linear RGB light the surface gives off, unaffected by
	// lights; it multiplies EmissiveMap where there is one.
	Emissive mgl32.Vec3
	// NormalScale scales the normal map's X and Y; 0 means 1.
	NormalScale float32
	// OcclusionStrength blends the occlusion map in (0 none, 1 full); 0
	// means 1 when there is a map.
	OcclusionStrength float32
	// MetallicRoughnessMap holds roughness in G and metallic in B;
	// NormalMap a tangent-space normal (RGB = XYZ·0.5+0.5); EmissiveMap
	// (sRGB) emitted color; OcclusionMap ambient occlusion in R.
	MetallicRoughnessMap, NormalMap, EmissiveMap, OcclusionMap TextureID
	// Unlit draws the base color alone, as KHR_materials_unlit does.
	Unlit bool
}

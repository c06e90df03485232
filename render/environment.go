package render

import "github.com/go-gl/mathgl/mgl32"

// Environment is image-based lighting: light arriving from every
// direction of a captured environment (an HDR sky, a room), which lights
// a pass's meshes through Lights.Environment, metals and rough surfaces
// included, under the split-sum approximation. Package render/ibl makes
// one from a Radiance .hdr image (ibl.NewEnvironment, then ibl.Upload);
// runtime/asset loads .hdr files as one.
//
// The built-in mesh program adds, to the ambient term, the albedo times
// the diffuse light of SH (nine spherical-harmonic coefficients, as
// ibl.SH.Radiance evaluates them) and the specular light of Specular at
// the reflected direction, scaled by the BRDF table, all times Intensity.
type Environment struct {
	// SH is the diffuse light: radiance a white surface reflects, by
	// normal, as third-order spherical harmonics.
	SH [9]mgl32.Vec3
	// Specular is a TextureArray of RGBA16F octahedral images (see
	// ibl.OctahedralUV), layer i prefiltered for roughness i/(Levels-1).
	Specular TextureID
	Levels   int
	// BRDF is the split-sum table, an RG16F (or RG32F) 2D texture
	// sampled at (n·v, roughness).
	BRDF TextureID
	// Sky is the environment itself as a TextureCube, for Pass.Sky.
	Sky TextureID
	// Intensity scales the light; 0 means 1.
	Intensity float32
}

// On reports whether e lights anything (it has its specular images).
func (e *Environment) On() bool { return e.Specular != 0 && e.BRDF != 0 && e.Levels > 0 }

// Sky draws an environment cubemap behind everything a pass draws: after
// the pass's clear, before its first draw, each pixel gets the cubemap's
// colour along the view ray through it (from the pass's ViewProj, whose
// translation it ignores, so the sky stays infinitely far). Where the
// pass's target stores display colours the sky is exposed with
// Lights.Exposure, tone mapped and encoded as lit meshes are. Shadow
// passes draw no sky.
type Sky struct {
	// Texture is a TextureCube (Environment.Sky); 0 draws no sky.
	Texture TextureID
	// Intensity scales the sky's light; 0 means 1.
	Intensity float32
}

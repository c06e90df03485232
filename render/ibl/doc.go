// Package ibl prepares image-based lighting on the CPU: it reads Radiance
// HDR images (.hdr, the format HDRI sites ship environments in), turns an
// equirectangular environment into a cubemap, and computes from it the
// three images a physically based renderer samples (the split-sum
// approximation of Epic's UE4 shading notes):
//
//   - the irradiance cubemap: the environment convolved with a cosine lobe,
//     the diffuse light arriving at a surface of each normal, from a
//     third-order spherical-harmonic projection ([Irradiance]);
//   - the prefiltered specular cubemaps: one level per roughness, the
//     environment convolved with the GGX lobe ([Prefilter]);
//   - the BRDF lookup table: the scale and bias the specular term applies
//     to F0, by n·v and roughness ([BRDFLUT]).
//
// Everything here is deterministic float32 arithmetic in Go, run once at
// load time, so both render modes and every driver light a scene from the
// same numbers; nothing here touches the GPU. Cubemap faces follow
// OpenGL's cube-map conventions (face order +X, -X, +Y, -Y, +Z, -Z and
// the per-face s, t axes of the GL specification's table 8.19), so a face
// uploads as it is.
//
// Layer: render. It may import core and render; the game's asset loader
// and the backends build on it.
package ibl

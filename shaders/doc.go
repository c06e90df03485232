// Package shaders holds Tact's built-in GLSL 3.30 core sources, embedded in the
// binary, and can read them from disk instead for live editing.
//
// Each program is a pair of files, NAME.vert and NAME.frag. The programs and
// the attribute and uniform names they use are documented in
// render.ShaderDesc, and in full, with the texture units, in package
// render/gl. The mesh program is physically based (metallic-roughness, as
// glTF 2.0); the depth program is what meshes draw with in passes into
// shadow maps. mesh_skinned.vert and depth_skinned.vert are the vertex
// stages of their skinned variants (with mesh.frag and depth.frag), for
// skinned meshes (render.Frame.CreateSkinnedMesh). skybox draws a pass's
// render.Pass.Sky. toon and vignette are not built-ins: they are custom
// programs the renderlab sample loads.
//
// The folder tact holds the chunks programs include with
// `#include <tact/NAME.glsl>` (render.ExpandIncludes; the GL backend
// resolves them): frame.glsl, the per-frame and per-pass uniform block
// TactFrame (render.FrameBlock); material.glsl, the metallic-roughness
// material and its normal mapping; pbr.glsl, the lights and tactLit, the
// physically based lighting of the built-in mesh program; ibl.glsl, its
// image-based light (render.Lights.Environment); shadow.glsl, the
// sun's filtered shadow map; tonemap.glsl, ACES tone mapping, sRGB
// encoding and tactOutput; fullscreen.glsl, the full-screen vertex stage.
// mesh.frag is built from them, so a custom variant of it is a short file.
//
// Layer: shaders, beside the others. It imports no other package of the
// module; render/gl takes its sources as an fs.FS.
package shaders

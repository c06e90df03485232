// Package shaders holds Tact's built-in GLSL 3.30 core sources, embedded in the
// binary, and can read them from disk instead for live editing.
//
// Each program is a pair of files, NAME.vert and NAME.frag. The programs and
// the attribute and uniform names they use are documented in
// render.ShaderDesc, and in full, with the texture units, in package
// render/gl. The mesh program is physically based (metallic-roughness, as
// glTF 2.0); the depth program is what meshes draw with in passes into
// shadow maps. toon and vignette are not built-ins: they are custom
// programs the renderlab sample loads.
//
// Layer: shaders, beside the others. It imports no other package of the
// module; render/gl takes its sources as an fs.FS.
package shaders

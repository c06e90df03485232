// Package post is a post-processing chain on a render graph: bloom, tone
// mapping, FXAA and a vignette between a camera's HDR scene and the
// screen.
//
// The camera draws the scene, in linear light, into the chain graph's
// graph.Scene image (RGBA16F, multisampled with Options.Samples). Then:
//
//   - bloom keeps the light above a threshold at half size, blurs it with
//     a separable Gaussian at half, quarter and eighth size, and adds the
//     three levels to the scene, scaled by an intensity;
//   - tone mapping scales the light by the exposure, maps it with ACES
//     filmic (Stephen Hill's fit of the RRT and sRGB ODT) and sRGB-encodes
//     it into an RGBA8 image: HDR values above 1 stay below white, and 0
//     stays black;
//   - FXAA (after FXAA 3.11's quality algorithm) smooths the edges of the
//     tone-mapped image;
//   - the vignette darkens its corners into graph.Output.
//
// Tone mapping always runs; the others are switched with
// [Chain.SetEnabled], which enables or disables their passes in the graph:
// a switched-off effect is skipped and costs nothing.
//
// The passes after tone mapping (FXAA and the vignette at first) are the
// display stage, an ordered list of named passes: [Chain.Insert] adds a
// [Pass] of your own before a named one (a color grade between FXAA and
// the vignette), [Chain.Remove] and [Chain.Move] change the list, and the
// chain wires each pass to read the one before. Options.SceneDepth gives
// the scene image a depth texture ([Chain.SceneDepth]) for passes such as
// depth fog or outlines, and Options.SceneColors more attachments, which
// an MRT scene pass fills with normals or other G-buffer values.
//
// The effects are GLSL programs in package shaders (tonemap, bloom_bright,
// bloom_blur, bloom_combine, fxaa, vignette), created in the first frame
// the chain records. Their parameters reach them through
// render.FullscreenDraw.Params. With Options.ReloadInterval and
// shaders.DevFS, edited sources are recompiled while the game runs; a
// source that fails to compile is reported and the previous program kept.
//
// Layer: render. It may import core, render and its packages, and shaders;
// never the scene graph, so a renderer experiment can use it alone.
package post

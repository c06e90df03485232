// Package gl is Tact's OpenGL 3.3 core backend for package render. It is the
// only package that calls OpenGL, and it does so only from the thread that
// runs the Backend's methods (the render thread, or the main thread in
// render-on-main mode).
//
// Sprites are drawn by a batcher. Each frame, the sorted sprite instances
// (render.SpriteInstance, 44 bytes each) are copied once into a stream
// buffer, and every batch is one draw call, in one of three ways:
//
//   - point sprites (SpritePoint): a batch whose sprites are all
//     axis-aligned squares wholly inside the view (render.Batch.Squares),
//     under a pass that maps world units to the same number of pixels on
//     both axes, is one glDrawElementsBaseVertex of GL_POINTS: one vertex
//     and one primitive per sprite, the cheapest way to draw many small
//     sprites (on Mesa's llvmpipe it halves the rasterizer's per-sprite
//     work against two triangles). It covers the pixels the quads would,
//     in the same colors (a pixel center exactly on a texel boundary may
//     sample the other texel: both are right, and the two interpolations
//     round differently there);
//   - instanced quads (SpriteInstanced): every other batch of the built-in
//     program is one glDrawElementsInstanced, the vertex shader expanding
//     each instance into its quad;
//   - streamed vertices (sprite): batches with a custom sprite program, or
//     every batch under Options.Sprites = SpritesVertices (the fallback where
//     instancing is slow or missing), get four vertices per sprite, computed
//     on the render thread, and one glDrawElementsBaseVertex over a static
//     quad index buffer.
//
// The stream buffers form a ring of three, sized once (they double when a
// frame needs more, and never shrink) and refilled with glBufferSubData:
// never orphaned, so no frame reallocates them. The ring is safe because
// the frames in flight are bounded (MaxFramesInFlight, 2): Execute ends
// every frame with a GL fence and, before it issues any command of frame
// N, waits for the fence of frame N-2, so a slot that frame N rewrites was
// last read by a frame at least three back, which has finished on the GPU.
// The third slot is a spare (a frame that panicked before its fence leaves
// one frame unbounded once).
//
// The bound also makes the numbers true. A driver that is free to queue
// (Mesa's llvmpipe queued hundreds of cheap frames) grows its memory with
// the queue, shows pictures long after they were recorded, and reads timer
// queries late or never; with the bound, render.Stats.RenderTime is the
// time to record the frame's commands plus the time waited for the GPU
// (render.Stats.GPUWait), so when the GPU is the bottleneck it measures
// the GPU's frame time, and from the fourth frame on render.Stats carries
// the GPU pass times of frame N-2 or N-1. render.Stats.FramesInFlight
// reports the frames, the current one included, that the GPU had not
// finished when Execute returned. The bound holds in every mode: render
// thread or render on main, with the swap or with Options.NoSwap.
//
// A batch of the built-in program whose texture has only opaque texels and
// whose tints are all opaque (render.Batch.Opaque) is drawn without
// blending when its mode is alpha or premultiplied: blending would return
// the source color, so the framebuffer need not be read. Likewise a batch
// whose texture's texels are each fully opaque or fully clear, sampled
// nearest without mipmaps (pixel art, cut out), with opaque tints and alpha
// blending, into a target that is not sRGB-encoded, is drawn with the
// cutout variant of its point or instanced program, which discards the
// clear texels, and without blending (Backend.CutoutBatches counts them).
// The picture is the blended one, bit for bit; a software rasterizer draws
// it about a tenth faster.
//
// A point-sprite batch of at least 1,024 sprites, enough to cover its
// viewport one and a half times over, drawn without blending (BlendOpaque, or the
// opaque case above, and no cutout) leaves out the sprites that later
// sprites of the same batch cover completely (Options.HiddenSprites; by
// default on a software rasterizer only). Every
// fragment of such a batch replaces the framebuffer's color, so a sprite
// whose every pixel a later one writes cannot show. The test runs on the
// render thread, back to front over a bitmap of the viewport's pixels: a
// sprite is hidden when every pixel whose center lies within its square
// grown by 1/16 pixel is marked, and marks the pixels whose centers lie
// within its square shrunk by 1/16 pixel (GL rasterizers snap to 1/256
// pixel), so rounding can only leave a hidden sprite in, never leave a
// visible one out. Passes into multisampled targets and views that are not
// 2D orthographic skip it. The shown sprites are drawn through a streamed
// index list; the instances themselves are not touched. The picture is the
// one with every sprite, bit for bit (TestHiddenSpritesSamePicture);
// Backend.HiddenSprites and render.Stats.HiddenSprites count what was left
// out. On Mesa's llvmpipe a sprite costs about 0.6 µs of rasterizer and
// vertex work and the test about 27 ns, so it pays where sprites overlap:
// in the 200,000-sprite bunnymark, 63% of the sprites are hidden and the
// frame takes a little over half the time. On a GPU the fragments cost less
// than the test, which is why Auto leaves it off there; on a software
// rasterizer, Auto skips the test for 32 frames after a frame in which it
// left out less than 1/12 of the sprites it tested.
//
// Meshes drawn with the built-in mesh program are shaded physically
// (metallic-roughness, as glTF 2.0's reference renderer) under their
// pass's render.Lights, with the sun's shadow from a shadow map filtered
// over (2r+1)² texels by (2r)² hardware-compared taps; a pass with unlit Lights, or an
// unlit material, draws the base color exactly. Where the pass's target
// keeps linear colors (render.Format.Linear: RGBA16F, and SRGB8A8, which
// the hardware encodes during passes into it) the program writes linear
// light; into the screen and RGBA8 targets it applies the exposure, ACES
// tone mapping and the sRGB encoding itself.
//
// Mesh programs find the pass's lights and the draw's material in these
// uniforms, set where a program declares them (custom programs declare
// what they use): per pass u_lit, u_eye, u_ambient, u_lightDir,
// u_lightColor, u_pointPos[8], u_pointColor[8], u_pointRange[8],
// u_numPoints, u_shadowOn, u_shadowMatrix, u_shadowBias, u_shadowRadius,
// u_exposure and u_linearOut (zero fields of Lights replaced by their
// documented defaults); per draw u_metallic, u_roughness, u_emissive,
// u_normalScale, u_occlusionStrength, u_hasNormalMap and u_unlit. Samplers
// have fixed texture units: u_tex 0, u_metallicRoughnessMap 1,
// u_normalMap 2, u_emissiveMap 3, u_occlusionMap 4 and u_shadowMap
// (sampler2DShadow) 5 for meshes, and Lights.Environment's u_envSpecular
// (sampler2DArray) 6 and u_envBRDF 7 with u_envOn, u_envSH[9],
// u_envLevels and u_envIntensity (<tact/ibl.glsl>); u_tex1 .. u_tex3 on
// 1 .. 3 for full-screen draws' Inputs; a map that is 0 reads the white
// texture, and without a shadow map u_shadowMap reads a 1×1 depth texture
// that lets everything through. Pass.Sky is drawn by the built-in skybox
// program (SkyProgram) before the pass's first draw.
//
// Named uniforms (render.UniformSet on MeshDraw, FullscreenDraw and Pass)
// are checked against the program's active uniforms, read once at link
// with their locations, types and sizes: a name the program does not
// declare (or the compiler removed as unused), another type or more
// elements than declared is an error naming the program's files and the
// uniform, reported once per program and uniform. Every other sampler2D a
// program declares gets its own texture unit from 8 up (8 of them), set
// at link, and a UniformSet's SetTexture binds there. A program that
// declares the std140 block TactFrame (#include <tact/frame.glsl>, see
// render.FrameBlock) reads the pass's block from uniform buffer binding 1;
// every pass's block is uploaded in one buffer per frame, only while a
// live program declares it. `#include <tact/...>` is resolved from
// Options.Shaders (chunks named ShaderDir/tact/... in errors); compile
// errors in included files name the file and its line (render.SourceFiles).
//
// In a pass into a shadow map (a render.DepthShadow target: a 24-bit depth
// texture compared with LEQUAL, filtered bilinearly, depth 1 outside)
// every mesh draws with the built-in depth program whatever its Shader,
// with a slope-scaled polygon offset; sprites and full-screen draws there
// are errors.
//
// Skinned meshes (render.Frame.CreateSkinnedMesh) have a second vertex
// buffer: a_joints (location 5, uvec4, from four unsigned bytes) and
// a_weights (6, vec4). Every palette of a frame (render.Frame.AddPalette)
// is uploaded once, before the first pass, into one uniform buffer; a
// skinned draw binds its palette's range to binding 0, which a program's
// `layout(std140) uniform Joints { mat4 u_joints[64]; }` block reads.
// Skinned draws of the built-in mesh and depth programs use their skinned
// variants (shaders mesh_skinned.vert with mesh.frag, depth_skinned.vert
// with depth.frag): the same shading, the mesh posed by linear blend
// skinning, in the camera's passes and in shadow maps alike; a custom
// Shader drawing a skinned mesh declares the block itself. A skinned mesh
// drawn without a palette, a palette smaller than the joints its vertices
// weight, and a palette on a mesh without skin are errors.
//
// Morph targets (render.Frame.CreateMorphTargets) live in one RGBA32F
// texture buffer a mesh (render.MorphLayout), bound to texture unit 16 as
// u_morphDeltas and read by gl_VertexID; a draw's weights
// (render.Frame.AddWeights) go to u_morphWeights (16 vec4) and u_morph,
// which shaders/tact/morph.glsl declares. The built-in mesh, skinned and
// depth programs include it and morph before they skin, so shadows morph
// too; a custom program morphs by including it and calling tactMorph.
// Draws without weights set u_morph.x to 0 and draw the base shape.
//
// Render targets have render.MaxColorAttachments color
// attachments at most, of one format, each a texture; a multisampled
// target resolves every attachment at the end of every pass into it. A
// draw may sample no texture of the target it renders into.
//
// Textures of every render.Format and render.TextureKind are uploaded
// from their own byte layout (glTexImage2D/3D, per cube face), bound to
// their own GL target (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_3D,
// GL_TEXTURE_CUBE_MAP, seamless) on the unit of the program's sampler:
// declare sampler2DArray, sampler3D, samplerCube or usampler2D for them.
// A DepthTexture target's depth is a DEPTH24_STENCIL8 texture, resolved
// from the multisampled depth with a blit at the end of each pass.
// Frame.ReadTarget reads with glReadPixels, unclamped, float formats as
// GL_FLOAT; an asynchronous read goes into a pixel pack buffer (a pool,
// reused) with a fence, and is mapped and delivered at the start of the
// first later Execute that finds the fence signalled (frame N+2 at the
// latest: its wait for frame N has finished it), so the render thread
// never waits on it.
//
// Meshes of a custom layout get a vertex array of their attributes
// (glVertexAttribIPointer for integer ones) and are drawn in their
// primitive mode, with glDrawArrays when they have no indices; UpdateMesh
// is glBufferSubData into buffers that never change size. Before a custom
// mesh's first draw with a program, the program's active inputs
// (glGetActiveAttrib) are checked against the layout, by name, location
// and kind. Instanced draws stream every MeshInstance of the frame once
// into a ring of three buffers, like the sprites' instances, and draw
// with glDrawElementsInstanced (or glDrawArraysInstanced) through a second
// vertex array of the mesh, the instance attributes at locations 10 to 15;
// the built-in mesh and depth programs have instanced vertex stages
// (MeshInstancedProgram, DepthInstancedProgram, sharing mesh.frag and
// depth.frag), compiled at the first instanced draw.
//
// Every GL object the backend creates is counted; after Shutdown,
// LiveObjects reports zero. The frame fences (at most MaxFramesInFlight
// sync objects) are kept apart from that count, as they come and go within
// every frame; Shutdown deletes them too.
//
// Layer: render (a backend). It may import core and render; the game hands it
// the shaders as an fs.FS.
package gl

// Package render is Tact's main-thread rendering API: resource handles, frame
// command lists, sort keys, batching, and the Renderer that hands frames to a
// render thread.
//
// Recording and executing are split, bgfx-style. The main thread records a
// [Frame]: resource commands (create, update, delete), passes (a camera: target,
// viewport, clears, view-projection) and draw items (sprites, meshes, full-screen
// quads). It never calls a graphics API. A [Backend] executes frames; render/gl
// is the OpenGL 3.3 backend and render/null validates and counts without a GPU.
//
// Within one frame the backend runs every create and update first (in recording
// order), then the passes in recording order with their draw items sorted by
// [SortKey], then the read-backs, then every delete. Handles are valid as soon
// as the create call returns.
//
// A sprite is recorded as one 44-byte [SpriteInstance] (a corner, two edges,
// a texture region and a tint), never as vertices: [Frame.DrawSprite] and
// [Frame.DrawSpriteInstance] record one with its own draw item, and
// [Frame.DrawSprites] or [Frame.ReserveSprites] with [Frame.CommitSprites]
// record a whole run of sprites as a single item, the bulk path for
// hundreds of thousands of sprites. [Frame.Batches] sorts the items (not at
// all when their keys are already in order, as a 2D scene of one atlas
// usually is), groups consecutive sprites of one texture, program and blend
// mode, and marks the batches a backend may draw more cheaply: squares it
// may draw as point sprites ([Batch.Squares]) and fully opaque tints
// ([Batch.Opaque]).
//
// Meshes have MeshVertex's layout ([Frame.CreateMesh]) or one of the
// user's ([Frame.CreateMeshFrom] with a [MeshDesc]: attributes, stride, a
// [PrimitiveMode], indexed or not), and are rewritten in place by
// [Frame.UpdateMesh]. [Frame.DrawMeshInstanced] (or
// [Frame.ReserveMeshInstances] with [Frame.CommitMeshInstances]) draws
// many copies of a mesh in one call, each a [MeshInstance], culled
// against the pass while recording; MeshDraw.DepthShader gives a draw its
// own program for shadow maps.
//
// A frame's way to the screen is bounded at both ends. The [Renderer]
// lets the main thread record frame N+1 while the render thread executes
// frame N, never more; a GPU backend lets the GPU hold at most two frames
// (render/gl's MaxFramesInFlight), waiting before frame N for frame N-2 to
// finish. So what the user sees lags the recorded state by at most a few
// frames, and [Stats.RenderTime] measures recording plus that wait
// ([Stats.GPUWait]): when the GPU is the bottleneck, a frame takes the
// GPU's time, not just the time to issue its commands.
//
// Textures come in float and integer formats as well as RGBA8 (see the
// layout table above [FormatR16F]) and as 2D arrays, 3D textures and cube
// maps ([TextureKind]), created from bytes in their own layout and
// updated per layer, face or slice ([Frame.UpdateTextureLayer]). A
// target's attachments and depth read back in their own formats
// ([Frame.ReadTarget]), at once or a frame or two later without stalling
// the render thread ([TargetRead.Async]).
//
// Package render imports no graphics API and may be used from headless servers.
//
// Layer: render. It may import core only: no graphics API, so it runs on
// headless servers.
package render

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
// Package render imports no graphics API and may be used from headless servers.
package render

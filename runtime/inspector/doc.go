// Package inspector serves a running game to a browser and to tools: the live
// node tree, each node's transform and component fields (the scene-file
// field rule), editing, picking in a captured game view, pause and step, the
// log, and saving the running scene back to a scene file.
//
// The protocol is JSON-RPC 2.0 over HTTP POST /rpc, in the style of Bevy's
// remote protocol (methods tact.query, tact.tree, tact.get, tact.set,
// tact.spawn, tact.destroy, tact.reparent, tact.addComponent,
// tact.removeComponent, tact.list, tact.schema, tact.assets, tact.pick,
// tact.control, tact.state, tact.stats, tact.save, tact.savePrefab), a
// Server-Sent Events stream of changes at GET /watch, the game view as PNG
// at GET /frame.png (the page polls it at the rate it is set to), a trace
// of the next N frames (Chrome's JSON, for ui.perfetto.dev) at GET
// /trace.json?frames=N, and the page itself at GET /. Every request
// carries the server's random token (header "Authorization: Bearer
// TOKEN", or "token" in the query).
//
// Fields follow the scene-file rule; asset fields (textures, shaders,
// fonts, sounds, clips, prefabs) take asset paths, which set loads, node
// fields take node paths, and integer types with named values
// (render.BlendMode) list them for a select. Every frame is sampled for the
// page's graphs (frame time, draw calls, live heap and GCs) into a fixed
// ring, without allocating.
//
// Requests never touch the scene from the HTTP goroutines: each is queued
// and run on the main thread between frames, at the Director's BeginFrame
// (and from Server.Poll, which a Game calls while it is paused). With no
// client connected that costs one atomic load per frame and allocates
// nothing.
//
// Security: the server listens on loopback only unless Options.AllowRemote
// says otherwise (and then logs a warning); it checks the token, the Host
// header (against DNS rebinding) and Origin (against cross-site requests),
// limits request sizes, can be read-only (refusing every method that
// changes the game; lists, graphs and traces stay), and saves scenes and
// prefabs only under the asset root, through the asset manager's path
// rules.
//
// Layer: runtime/, tier 5 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text, sound, transition, tween, animation,
// collision, particle, physics2d, vector, replay, ui, profiler, asset,
// scenefile, gltf, tilemap); it imports no physics.
package inspector

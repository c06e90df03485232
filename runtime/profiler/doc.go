// Package profiler shows and records how frames go. A StatsOverlay draws
// frames per second, a graph of main-thread and render-thread time, draw
// calls and the heap over the game, from a scene of its own (a Game binds
// it to F1). A Trace writes every frame's phases, the render thread's
// frames, GC pauses and, in detail, every lifecycle callback in Chrome's
// trace format (chrome://tracing, Perfetto).
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package profiler

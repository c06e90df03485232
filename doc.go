// Package tact runs games: a Game opens the window and the GL context,
// starts the render thread, loads the built-in assets, calls your start
// function for the first scene, and runs frames until the game quits, then
// shuts everything down in order.
//
//	err := tact.Run(tact.Config{Title: "Spin"}, func(g *tact.Game) (*scenegraph.Scene, error) {
//		s := scenegraph.NewScene("Main")
//		// ... nodes and components ...
//		return s, nil
//	})
//
// Run must be called from the main goroutine. The engine is built of one
// package per concern, each in its layer's folder; a game usually needs
// these:
//
//	scenegraph          nodes, components and their lifecycle, cameras, sprites
//	runtime/director    the Director that ticks frames; systems; the fixed step
//	runtime/sound       audio sources on nodes
//	runtime/text        labels and fonts
//	runtime/ui          buttons, toggles, layouts, scroll views, text input
//	runtime/tween       Cocos-style tweens
//	runtime/animation   sprite-sheet clips
//	runtime/collision   overlap shapes
//	runtime/physics2d   Box2D rigid bodies
//	runtime/particle    particle emitters
//	runtime/asset       reference-counted assets
//	runtime/scenefile   JSON scenes and prefabs
//	runtime/replay      record, replay, state hashes
//	runtime/profiler    F1 stats overlay, traces
//	render              command lists, the render thread (render/gl draws)
//	platform            SDL2 window, input, timing, audio output
//	core                signals, events, timers, the job pool, logging
//
// Samples live under samples/; the launcher runs them all.
//
// Layer: the module root, above every layer. It may import any package of the
// module but runtime/physics2d, so that games without physics do not link
// Box2D.
package tact

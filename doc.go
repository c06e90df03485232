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
// package per concern; a game usually needs these:
//
//	scenegraph  nodes, components and their lifecycle, cameras, sprites
//	sound       audio sources on nodes
//	text        labels and fonts
//	director    the Director that ticks frames; systems; the fixed step
//	tween       Cocos-style tweens        animation  sprite-sheet clips
//	collision   overlap shapes            physics2d  Box2D rigid bodies
//	particle    particle emitters         asset      reference-counted assets
//	scenefile   JSON scenes and prefabs   replay     record, replay, state hashes
//	profiler    F1 stats overlay, traces  render     command lists, the render thread
//	platform    SDL2 window, input, timing, audio output
//	core        signals, events, timers, the job pool, logging
//
// Samples live under samples/; the launcher runs them all.
package tact

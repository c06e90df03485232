// Package tact is the root of Tact, a native desktop game engine: an SDL2
// window, an OpenGL 3.3 core renderer on its own thread, and a Cocos Creator
// style component lifecycle driven by runtime.Director.
//
// The engine lives in the packages below this one, one per layer:
//
//	core        signals, events, the timer Scheduler, logging, math helpers
//	platform    SDL2 window, GL context, input, clock and pacer
//	render      command lists, handles, the render thread (render/gl, render/null)
//	scenegraph  nodes, components and their lifecycle
//	runtime     Director, Game, systems, fixed step
//	samples     the sample launcher and its scenes
//	shaders     GLSL sources, embedded
//
// This package holds no code; its test checks that every package imports
// only what DESIGN.md's layer table allows.
package tact

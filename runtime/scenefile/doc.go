// Package scenefile reads and writes scenes and prefabs as JSON files: a
// Store registers the scene-file format with an asset manager, so that a
// scene's textures, shaders, fonts and prefabs load first as dependencies;
// LoadScene builds a scene, LoadPrefab gives a file to Instantiate, and
// SaveScene writes a running scene back. Components are named by
// registered type; their state fields are the exported ones not tagged
// `scene:"-"`. Bad files give errors naming the file and the JSON path.
//
// Layer: runtime/, tier 4 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text, sound, transition, tween, animation,
// collision, particle, physics2d, vector, replay, ui, profiler, asset).
package scenefile

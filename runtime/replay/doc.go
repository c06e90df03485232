// Package replay records a run's input frame by frame (Recorder), plays it
// back (Player) and checks that the replay reaches the same state: with a
// fixed dt, the same recorded input gives the same scene, every frame. A
// StateHasher reduces a scene to per-node and per-component hashes of its
// state fields (the exported fields a scene file saves), and Diff names the
// first difference.
//
// Layer: runtime/, tier 2 of 4. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package replay

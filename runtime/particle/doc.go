// Package particle draws 2D particle effects: an Emitter component emits
// particles at a rate (or in bursts) with a lifetime, speed, spread, size
// and colour over life, gravity, and world or local space, and draws them
// as batched sprites. It updates in LateUpdate and needs no system.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package particle

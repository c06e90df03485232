// Package particle draws 2D particle effects: an Emitter component emits
// particles at a rate (or in bursts) with a lifetime, speed, spread, size
// and colour over life, gravity, and world or local space, and draws them
// as batched sprites. It updates in LateUpdate and needs no system.
package particle

// Package runtime runs Tact games: the Director that ticks a scene frame by
// frame in the order of DESIGN.md §3, with systems and a fixed step, and the
// Game that owns the platform, the renderer and the loop around the Director.
package runtime

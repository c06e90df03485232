// Package systemtest holds what the tests of the engine-system packages
// (tween, animation, collision, physics2d) share: a Director with one
// system installed and a running scene.
//
// Layer: internal (test helpers no game imports). It may import scenegraph
// and runtime/director.
package systemtest

// Package physics2d gives nodes rigid bodies in a Box2D world: a RigidBody
// (dynamic, kinematic or static) with BoxCollider and CircleCollider shapes
// on the same node. The world steps in the Director's fixed step and nodes
// are drawn interpolated between steps. Contacts call OnBeginContact and
// OnEndContact (self, other). The physics System installs itself in the
// Director of the first RigidBody's scene; a game that does not import this
// package does not link Box2D.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package physics2d

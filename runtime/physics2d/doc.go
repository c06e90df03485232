// Package physics2d gives nodes rigid bodies in a Box2D world: a RigidBody
// (dynamic, kinematic or static) with BoxCollider, CircleCollider,
// EdgeCollider and ChainCollider shapes on the same node. The world steps
// in the Director's fixed step and nodes are drawn interpolated between
// steps. Contacts call OnBeginContact and OnEndContact (self, other), which
// read the contact normal and points from self.Contact(). The physics
// System installs itself in the Director of the first RigidBody's scene; a
// game that does not import this package does not link Box2D.
//
// For platformers: a Collider with OneWay set is a one-way platform;
// RigidBody.Grounded tells whether a body stands on something; the
// System's RaycastClosest, RaycastAll, CastBox and CastCircle take a
// QueryFilter (category mask, a body to ignore, sensors); and a
// CharacterBody on a kinematic body is a character controller in the way
// of Godot's CharacterBody2D: MoveAndSlide with floors, walls, ceilings,
// slopes up to a maximum floor angle, step height, floor snapping and
// riding moving platforms. Casts and MoveAndSlide allocate nothing.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package physics2d

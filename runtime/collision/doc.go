// Package collision finds overlapping shapes without physics: a Collider
// component (box, circle or convex polygon, following its node's world
// transform) joins the collision System of its scene's Director, which,
// once per frame after everything moved, calls OnCollisionEnter, Stay and
// Exit (self, other) on the components of both nodes. Groups and a
// collision matrix filter pairs. For bodies that push each other, use
// package physics2d.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package collision

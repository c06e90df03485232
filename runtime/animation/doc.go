// Package animation plays sprite-sheet clips on a node's Sprite: an
// Animation component holds named AnimationClips (frames of a texture, a
// frame rate, a loop mode, frame events) and plays, pauses and cross-fades
// them. NewGridClip cuts a clip from a regular sheet. Animations advance in
// the animation System of their scene's Director (a Game installs one).
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package animation

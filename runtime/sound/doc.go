// Package sound plays audio clips from components: an AudioSource gives a
// node a clip that can start when the node becomes active, stops when it is
// disabled or destroyed, and pauses with its game (Cocos Creator's
// AudioSource). The clips and the mixer are package audio's; the output
// device is platform's.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package sound

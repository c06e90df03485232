// Package animation animates nodes and components: keyframe clips on any
// property, a state machine of clips, and sprite-sheet clips.
//
// # Keyframe clips
//
// A Clip is a time line of Tracks, each on one property of a node under
// the animated node (position, scale, rotation, quaternion, angle,
// opacity) or of one of its components (a Sprite's frame, the opacity of a component's
// Color, a Label's text, and any exported field a scene file can set),
// with keys and an interpolation per track (Step, Linear, Hermite with
// tangents, Bezier timing curves as Cocos' curve editor writes them), a
// WrapMode (normal, loop, ping-pong, reverse, clamp), a speed and named
// Events. A Player (Cocos' Animation component) plays, pauses, stops,
// seeks and cross-fades clips, and blends any number of them by weight.
//
// # State machine
//
// A Graph holds parameters (float, bool, trigger), states (a clip, or a
// Blend1D of clips by a float parameter) and transitions (on parameter
// conditions, on an exit time such as the clip's end, with a cross-fade
// duration). A Controller (Cocos' AnimationController) runs one on its
// node; Controller.Status says, at run time, which state it is in, for how
// long, and which transition is under way.
//
// # When it runs
//
// Players and Controllers are advanced and sampled by the animation System
// of their scene's Director (a Game installs one), in the System's Update:
// after every component's Update and before any LateUpdate, as in Cocos.
// An Update's parameter changes show in the same frame, and a LateUpdate
// sees this frame's pose. Sampling allocates nothing.
//
// # Clip files
//
// ParseClip reads clips from JSON, and the asset manager loads files
// ending in ".anim.json" (ClipExt) as *Clip assets, reloaded in place when
// they change. A file holds one clip:
//
//	{
//	  "name": "panel-in",       // optional: the file's name without .anim.json
//	  "duration": 1,            // seconds; optional: the last key or event
//	  "wrap": "normal",         // normal, loop, pingpong, reverse, clamp
//	  "speed": 1,               // optional, positive
//	  "atlas": "ui.atlas",      // optional: the atlas frame names come from,
//	                            //   relative to the clip file's folder
//	  "tracks": [{
//	    "path": "Panel",        // node under the animated one ("" itself)
//	    "component": "Sprite",  // Go type name; omitted: the node
//	    "property": "color",
//	    "interp": "bezier",     // linear (default), step, hermite (or cubic), bezier
//	    "keys": [
//	      {"time": 0, "value": [255, 255, 255, 0], "curve": [0.25, 0.1, 0.25, 1]},
//	      {"time": 0.5, "value": [255, 255, 255, 255]}
//	    ]
//	  }],
//	  "events": [{"time": 0.5, "name": "Shown", "arg": "panel"}]
//	}
//
// A key's "value" is a number, a list of 1 to 4 numbers (2 for a node's
// position or scale is x, y), or a string: a Label's text, or for a
// Sprite's "frame" an atlas frame's name ([u0, v0, u1, v1] gives a UV
// rectangle instead). Hermite keys take tangents "in" and "out" (value
// units per second, one per number); a Bezier key's "curve" {x1, y1, x2,
// y2} eases the segment that starts at it. Unknown fields, keys out of
// order, values of the wrong size and numbers out of float32 range are
// errors naming the file, the track and the key; a property that no
// component has is an error naming the clip and the track when the clip is
// played.
//
// # Sprite-sheet clips
//
// An Animation component holds named AnimationClips (frames of a texture,
// a frame rate, a loop mode, frame events) and plays, pauses and
// cross-fades them. NewGridClip cuts a clip from a regular sheet.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package animation

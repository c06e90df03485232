// Package camera2d moves 2D cameras: Follow keeps a camera on a target node
// (smoothing, a dead zone, look-ahead, bounds such as a tile map's, pixel
// snapping and shake), and Parallax scrolls background layers relative to a
// camera, optionally as an endlessly repeating texture.
//
// # When the camera moves
//
// A Director gets one camera2d System (Install; the components install it
// by themselves). It does its work in its PostUpdate, at Priority (-1000):
// after every component's Update and LateUpdate, after the deferred destroy
// step, and after the other engine systems' PostUpdate — in particular
// after physics2d's (Priority 0), which moves bodies' nodes to their poses
// interpolated between fixed steps, and after collision's (-100). A camera
// moved any earlier (in LateUpdate, say) follows the last physics step
// rather than the drawn pose, and a target moving at constant speed jitters
// against the background. Follows run first, then Parallax layers, so the
// layers see the camera where it is drawn. While the Director is paused
// nothing moves (PostUpdate does not run), so a pause menu freezes the
// shake too.
//
// All of it allocates nothing per frame.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package camera2d

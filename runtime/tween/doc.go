// Package tween animates nodes and values over time with chains of actions,
// like Cocos Creator's tween():
//
//	tween.New(node).
//		To(0.5, tween.QuadOut, tween.Position(mgl32.Vec3{200, 0, 0})).
//		By(0.25, nil, tween.Angle(90)).
//		Call(func() { fmt.Println("done") }).
//		Start()
//
// A tween runs in the tween System of the Director running its node's
// scene (a Game installs one); it stops when its node is destroyed and
// waits while the node is inactive. Easings are Cocos' (QuadOut, BackOut,
// BounceOut, ...). A built tween runs without allocating.
//
// Timing follows Cocos 3.8: the first frame after Start samples time 0,
// tweens step grouped by target in start order, and a restart or Stop
// from a Call takes effect at once; see Tween for the rules and where
// Tact keeps a consistent result instead of a Cocos quirk. Node opacity
// (scenegraph.Node.SetOpacity, tweened with Opacity) fades a whole subtree.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package tween

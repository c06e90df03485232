// Package transition switches scenes with a visible transition over
// Director.RunScene: a fade through a colour, or a panel that slides across
// the screen. The transition draws from a scene of its own, over whatever
// runs (Director.AddOverlay), so neither scene holds its nodes; the switch
// itself is an ordinary RunScene at the moment the screen is covered.
// A transition is not game logic: it runs while the Director is paused too
// (a pause menu's "Quit to title"), at the frames' dt.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package transition

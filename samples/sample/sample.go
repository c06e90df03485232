// Package sample defines what a Tact sample is, for the launcher and for the
// samples' own tests. Each sample is a package under samples/ that exports
// one Sample value; the launcher lists them in one place.
package sample

import (
	"flag"

	"github.com/tact-engine/tact"
)

// Sample is one runnable scene of the launcher.
type Sample struct {
	// Name is the sample's short name, used by the launcher's -scene flag.
	Name string
	// Description is one line shown in the launcher's list.
	Description string
	// Flags, if set, registers the sample's own command-line flags on fs
	// (the launcher's flag set); the values are read by Start.
	Flags func(fs *flag.FlagSet)
	// Configure, if set, adjusts the Game's configuration (window size,
	// fixed step) before the Game starts.
	Configure func(cfg *tact.Config)
	// Start builds the sample's scene.
	Start tact.StartFunc
	// Script, if set, drives the sample without a person: it is called at
	// the end of every frame of a headless run (tests, `make run` without a
	// display) with the number of the frame that just ended (from 0), and
	// may inject input as a player would (g.Input().InjectKey and friends);
	// the input reaches the scene at the start of the next frame.
	Script func(g *tact.Game, frame uint64)
}

// Package client talks to a running game's inspector (package inspector)
// from Go: tests and tools call its JSON-RPC methods, fetch the game view
// and follow the watch stream.
//
// Layer: runtime/, under runtime/inspector. It may import runtime/inspector
// (for the protocol's types) and nothing else of the module.
package client

// Package save keeps a game's saved values (settings, progress) as JSON
// files in one folder, by default under the user's configuration directory.
// Every Save is atomic: the new file is written beside the old one, flushed
// to disk and renamed over it, so a crash or a power cut in the middle of a
// save leaves the previous save whole, never half a file.
//
// Layer: runtime/, tier 1 of 4. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package save

// Package save keeps a game's saved values (settings, progress) as JSON
// files in one folder, by default under the user's configuration directory.
// Every Save is atomic: the new file is written beside the old one, flushed
// to disk and renamed over it, so a crash or a power cut in the middle of a
// save leaves the previous save whole, never half a file.
//
// Several Stores may share a folder, in one process or in several (a game
// and its launcher, two copies of a game): each write goes to a temp file
// of its own name, and NewStore's cleanup of half-written files removes
// only those whose writer is provably gone. On Linux, macOS and the BSDs a
// writer holds a lock (flock) on its temp file until the rename, so a temp
// file nobody holds a lock on is a crashed writer's; where there are no
// locks (Windows, some network file systems), a temp file must be older
// than StaleTempAge (10 minutes) to be removed.
//
// Errors name the save and the reason: a name that is not one plain file
// name, a value encoding/json cannot write, a file that is not valid JSON
// (with its path), or a folder where the save file should be ("save
// "slot": /path/slot.json is a folder, not a save file"; Save, Load and
// Delete all leave such a folder alone).
//
// Layer: runtime/, tier 1 of 5. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package save

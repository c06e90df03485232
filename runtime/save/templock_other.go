//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package save

import (
	"os"
	"time"
)

// tempLocks is false: cleanup goes by age (StaleTempAge).
const tempLocks = false

// renameBeforeClose is false: Windows renames no file that is open.
const renameBeforeClose = false

// lockTemp does nothing: there is no flock here. (On Windows a file that is
// open cannot be removed, which protects a writer until it closes.)
func lockTemp(*os.File) error { return nil }

// removeIfAbandoned removes the temp file p once it is older than
// StaleTempAge: with no locks, age is the only sign that its writer is
// gone, and a save takes far less.
func removeIfAbandoned(p string) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || time.Since(fi.ModTime()) <= StaleTempAge {
		return
	}
	os.Remove(p)
}

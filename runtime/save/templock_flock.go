//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package save

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// tempLocks: a writer locks its temp file, so cleanup needs no age rule.
const tempLocks = true

// renameBeforeClose: the writer's lock must cover the rename, and an open
// file can be renamed here.
const renameBeforeClose = true

// lockTemp takes an exclusive lock on the new temp file f, waiting while a
// cleanup is looking at it. An error means this file system has no locks;
// then the cleanup cannot lock f either and leaves it alone.
func lockTemp(f *os.File) error {
	return flock(f, syscall.LOCK_EX)
}

// removeIfAbandoned removes the temp file p if no writer holds its lock: a
// writer locks its temp file before the first byte and keeps the lock until
// after the rename, and a crashed writer's lock dies with its process. So a
// temp file whose lock can be taken is abandoned, at any age. On a file
// system without locks, the rule of StaleTempAge applies.
func removeIfAbandoned(p string) {
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		return
	}
	defer f.Close()
	held, err := f.Stat()
	if err != nil || !held.Mode().IsRegular() {
		return
	}
	switch err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); {
	case errors.Is(err, syscall.EWOULDBLOCK):
		return // a writer has it
	case err != nil:
		// No locks on this file system (some network ones): its writers
		// could not lock either, so only age tells an abandoned file.
		if time.Since(held.ModTime()) <= StaleTempAge {
			return
		}
	}
	// The lock is ours, so no writer can rename p now; but its writer may
	// have renamed it over the save and let go just before we took the
	// lock. Remove p only if it is still the file locked.
	if named, err := os.Lstat(p); err != nil || !os.SameFile(held, named) {
		return
	}
	os.Remove(p)
}

// flock applies flock(2) to f, retrying when a signal interrupts it.
func flock(f *os.File, how int) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) {
		for {
			ferr = syscall.Flock(int(fd), how)
			if !errors.Is(ferr, syscall.EINTR) {
				return
			}
		}
	}); err != nil {
		return err
	}
	return ferr
}

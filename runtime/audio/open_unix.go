//go:build unix

package audio

import "syscall"

// openFlags is how this package opens a sound file: without blocking, so
// that a path naming a FIFO (or swapped for one after the type check) cannot
// hang the caller, since opening a FIFO for reading waits for a writer. The
// open returns at once and the check on the opened file refuses it. Reads of
// regular files are unaffected. (Package asset opens its files the same way.)
const openFlags = syscall.O_RDONLY | syscall.O_NONBLOCK

//go:build unix

package asset

import "syscall"

// openFlags is how Source.ReadFile opens a file for reading: without
// blocking, so that a file swapped for a named pipe or a device between the
// type check and the open cannot hang a worker (the open returns at once,
// and the check on the opened file refuses it). Reads of regular files are
// unaffected.
const openFlags = syscall.O_RDONLY | syscall.O_NONBLOCK

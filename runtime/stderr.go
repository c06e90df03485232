package runtime

import "os"

// stderr writes to the process's standard error; it is a type, not a
// variable, so the package keeps no mutable state.
type stderr struct{}

func (stderr) Write(p []byte) (int, error) { return os.Stderr.Write(p) }

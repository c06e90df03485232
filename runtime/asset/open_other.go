//go:build !unix

package asset

import "os"

// openFlags is how Source.ReadFile opens a file for reading (see the unix
// version; elsewhere the type check before the open is the guard).
const openFlags = os.O_RDONLY

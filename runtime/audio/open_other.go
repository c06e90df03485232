//go:build !unix

package audio

import "os"

// openFlags is how this package opens a sound file (see the unix version;
// elsewhere the type check before the open is the guard).
const openFlags = os.O_RDONLY

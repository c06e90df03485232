//go:build !(linux && cgo)

package gl

// tuneHeap does nothing where there is no glibc heap to tune.
func tuneHeap() bool { return false }

//go:build linux && cgo

package gl

/*
#include <malloc.h>

// tuneHeap keeps the C heap's free memory instead of returning it to the
// kernel after every free at its top, where glibc has the knobs.
static int tuneHeap(int trim, int pad) {
#if defined(M_TRIM_THRESHOLD) && defined(M_TOP_PAD)
	return mallopt(M_TRIM_THRESHOLD, trim) && mallopt(M_TOP_PAD, pad);
#else
	return 0;
#endif
}
*/
import "C"

// tuneHeap raises glibc's heap trim threshold to 64 MiB and its top pad to
// 16 MiB. A software driver (Mesa's llvmpipe) mallocs and frees scratch
// vertex storage for every few hundred vertices it draws; with glibc's
// defaults each free at the top of the heap trims it, and the next malloc
// faults fresh zeroed pages back in: with 50,000 sprites a frame, a fifth of
// the process's CPU time went to the kernel. Keeping the memory costs at
// most the thresholds' worth of idle heap. It reports whether the C library
// took the settings.
func tuneHeap() bool { return C.tuneHeap(64<<20, 16<<20) == 1 }

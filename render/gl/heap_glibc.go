//go:build linux && cgo

package gl

/*
#include <malloc.h>

// tuneHeap keeps the C heap's free memory instead of returning it to the
// kernel after every free at its top, and serves big blocks from the heap
// instead of fresh mappings, where glibc has the knobs.
static int tuneHeap(int trim, int pad, int mmapThreshold) {
#if defined(M_TRIM_THRESHOLD) && defined(M_TOP_PAD) && defined(M_MMAP_THRESHOLD)
	return mallopt(M_TRIM_THRESHOLD, trim) && mallopt(M_TOP_PAD, pad) &&
		mallopt(M_MMAP_THRESHOLD, mmapThreshold);
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
// most the thresholds' worth of idle heap.
//
// Setting the trim threshold also stops glibc from raising its mmap
// threshold as it sees big blocks freed, which leaves every malloc of 128
// KiB or more to a fresh mapping: the driver's per-draw scratch for 200,000
// sprites was then faulted in page by page every frame (5% of the
// process's CPU time, 8% of the frame). tuneHeap therefore sets the mmap
// threshold too, to glibc's largest, 32 MiB. It reports whether the C
// library took the settings.
func tuneHeap() bool { return C.tuneHeap(64<<20, 16<<20, 32<<20) == 1 }

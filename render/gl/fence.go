package gl

import (
	"time"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
)

// MaxFramesInFlight is how many frames the backend lets the GPU (the
// driver's queue) hold at once, the frame being executed included. Execute
// ends each frame with a GL fence, after the swap, and before it issues any
// command of frame N it waits for the fence of frame N-MaxFramesInFlight:
// when frame N starts, every frame before N-1 has finished on the GPU.
//
// Without the bound a driver may queue hundreds of cheap frames (Mesa's
// llvmpipe does): memory grows with the queue, the pictures come out
// seconds after the game has moved on, timer queries are read late or not
// at all, and a frame's time measures how fast commands are recorded, not
// how fast they are drawn. With it, Execute's time (render.Stats.RenderTime)
// includes waiting for the GPU to catch up (render.Stats.GPUWait): when the
// GPU is the bottleneck, the frame time is the GPU's frame time.
const MaxFramesInFlight = 2

// fenceStep is how long one glClientWaitSync call waits before the wait is
// renewed. The wait itself is not bounded: a frame that takes the GPU a
// long time still finishes before the next frames start (glFinish, which
// the alternative would be, waits unbounded too).
const fenceStep = uint64(100 * time.Millisecond)

// frameFences holds the fences of the frames that may still be in flight,
// a ring indexed by execution order. The fences are not in
// Backend.LiveObjects: their number changes within every frame, as the GPU
// finishes frames, and LiveObjects may be read between frames; live counts
// them instead, and Shutdown deletes them all.
type frameFences struct {
	sync  [MaxFramesInFlight]uintptr // 0: none (signalled and deleted, or never made)
	frame [MaxFramesInFlight]uint64  // the frame each fence ends
	next  int                        // slot of the frame being executed
	live  int                        // fences not yet deleted
}

// The stream buffers' and the timer queries' rings must hold at least one
// slot per frame in flight, so that no frame rewrites a buffer or reuses a
// query that the GPU may still be working on (a negative constant does not
// compile).
const (
	_ = uint(streamRing - MaxFramesInFlight)
	_ = uint(timerFrames - MaxFramesInFlight)
)

// waitFrame waits until the frame that last used this frame's fence slot
// (MaxFramesInFlight frames back) has finished on the GPU, deletes its
// fence, and returns how long it waited (zero when it had finished).
func (b *Backend) waitFrame() time.Duration {
	fs := &b.fences
	s := fs.sync[fs.next]
	if s == 0 {
		return 0
	}
	var waited time.Duration
	r := ogl.ClientWaitSync(s, ogl.SYNC_FLUSH_COMMANDS_BIT, 0)
	if r == ogl.TIMEOUT_EXPIRED {
		start := time.Now()
		for r == ogl.TIMEOUT_EXPIRED {
			r = ogl.ClientWaitSync(s, ogl.SYNC_FLUSH_COMMANDS_BIT, fenceStep)
		}
		waited = time.Since(start)
	}
	if r == ogl.WAIT_FAILED {
		b.fail("wait for frame %d to finish on the GPU: glClientWaitSync failed (GL error 0x%x)", fs.frame[fs.next], ogl.GetError())
	}
	b.deleteFence(fs.next)
	return waited
}

// fenceFrame ends frame n with a fence in this frame's slot, flushes it to
// the GPU, moves to the next slot, deletes the fences that have signalled,
// and returns how many frames are still in flight (n included, unless it
// has already finished): at most MaxFramesInFlight.
func (b *Backend) fenceFrame(n uint64) int {
	fs := &b.fences
	fs.sync[fs.next] = ogl.FenceSync(ogl.SYNC_GPU_COMMANDS_COMPLETE, 0)
	if fs.sync[fs.next] == 0 {
		b.fail("glFenceSync failed (GL error 0x%x): the frames in flight are not bounded", ogl.GetError())
	} else {
		fs.live++
		fs.frame[fs.next] = n
	}
	ogl.Flush() // hand the frame to the GPU now, not at the next wait
	fs.next = (fs.next + 1) % MaxFramesInFlight
	inFlight := 0
	for i, s := range fs.sync {
		if s == 0 {
			continue
		}
		if r := ogl.ClientWaitSync(s, 0, 0); r == ogl.ALREADY_SIGNALED || r == ogl.CONDITION_SATISFIED {
			b.deleteFence(i)
			continue
		}
		inFlight++
	}
	return inFlight
}

// deleteFence deletes the fence in slot i, if any.
func (b *Backend) deleteFence(i int) {
	fs := &b.fences
	if fs.sync[i] != 0 {
		ogl.DeleteSync(fs.sync[i])
		fs.sync[i] = 0
		fs.live--
	}
}

// deleteFences deletes every fence (at Shutdown).
func (b *Backend) deleteFences() {
	for i := range b.fences.sync {
		b.deleteFence(i)
	}
	b.fences.next = 0
}

package gl

import (
	"time"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// timerFrames is how many frames of GPU timer queries are in flight at most.
const timerFrames = 3

// timerSlot holds one frame's GL_TIME_ELAPSED queries, one per timed pass.
type timerSlot struct {
	ids     [render.MaxTimedPasses]uint32
	names   [render.MaxTimedPasses]string
	count   int    // queries issued
	frame   uint64 // the frame they time
	pending bool   // issued, results not read yet
}

// gpuTimer times passes with GL_TIME_ELAPSED queries, ring-buffered over
// timerFrames frames, and reads the results of a frame only once every one of
// its queries reports GL_QUERY_RESULT_AVAILABLE: it never waits for the GPU.
// Its scratch values are fields, so that the cgo calls do not allocate.
type gpuTimer struct {
	ok    bool // the context has timer queries (and they were created)
	slots [timerFrames]timerSlot
	next  int        // slot of the next timed frame
	cur   *timerSlot // slot of the frame being executed; nil: not timed
	open  bool       // a query is begun and not ended
	warm  bool       // the first timed frame's results were dropped

	res      [render.MaxTimedPasses]render.PassTime // newest completed frame
	resCount int
	resTotal time.Duration
	resFrame uint64

	avail int32
	value uint64
}

// initTimer creates the query objects, if the context counts time elapsed.
func (b *Backend) initTimer() {
	t := &b.timer
	*t = gpuTimer{}
	var bits int32
	ogl.GetQueryiv(ogl.TIME_ELAPSED, ogl.QUERY_COUNTER_BITS, &bits)
	if e := ogl.GetError(); e != ogl.NO_ERROR || bits == 0 {
		return
	}
	for i := range t.slots {
		ogl.GenQueries(render.MaxTimedPasses, &t.slots[i].ids[0])
		b.live += render.MaxTimedPasses
	}
	t.ok = true
}

// deleteTimer deletes the query objects.
func (b *Backend) deleteTimer() {
	t := &b.timer
	for i := range t.slots {
		s := &t.slots[i]
		if s.ids[0] != 0 {
			ogl.DeleteQueries(render.MaxTimedPasses, &s.ids[0])
			b.live -= render.MaxTimedPasses
		}
	}
	*t = gpuTimer{}
}

// beginFrame reads the results that have come back and picks the slot for
// frame n's queries. When the ring's oldest slot is still in flight, frame n
// is not timed (reusing its queries could wait for the GPU).
func (t *gpuTimer) beginFrame(n uint64) {
	t.endPass() // after a frame that panicked
	t.endFrame()
	if !t.ok {
		return
	}
	t.poll()
	s := &t.slots[t.next]
	if s.pending {
		return
	}
	t.next = (t.next + 1) % timerFrames
	s.count, s.frame = 0, n
	t.cur = s
}

// poll reads every pending slot whose queries are all available, keeping the
// newest frame's times.
func (t *gpuTimer) poll() {
	for i := range t.slots {
		s := &t.slots[i]
		if !s.pending {
			continue
		}
		ready := true
		for k := s.count - 1; k >= 0 && ready; k-- { // the last one ends last
			t.avail = 0
			ogl.GetQueryObjectiv(s.ids[k], ogl.QUERY_RESULT_AVAILABLE, &t.avail)
			ready = t.avail != 0
		}
		if !ready {
			continue
		}
		s.pending = false
		if !t.warm {
			// Mesa's llvmpipe reports the process's first TIME_ELAPSED
			// query as a clock reading (hours): the first timed frame after
			// Init is a warm-up, not reported.
			t.warm = true
			continue
		}
		if s.frame <= t.resFrame {
			continue // an older frame than the one reported
		}
		t.resFrame, t.resCount, t.resTotal = s.frame, s.count, 0
		for k := range s.count {
			t.value = 0
			ogl.GetQueryObjectui64v(s.ids[k], ogl.QUERY_RESULT, &t.value)
			d := time.Duration(t.value)
			t.res[k] = render.PassTime{Name: s.names[k], GPU: d}
			t.resTotal += d
		}
		clear(t.res[s.count:])
	}
}

// beginPass starts timing the frame's next pass, if it is timed.
func (t *gpuTimer) beginPass(name string) {
	s := t.cur
	if s == nil || s.count >= render.MaxTimedPasses {
		return
	}
	ogl.BeginQuery(ogl.TIME_ELAPSED, s.ids[s.count])
	s.names[s.count] = name
	s.count++
	t.open = true
}

// endPass stops timing the current pass.
func (t *gpuTimer) endPass() {
	if t.open {
		ogl.EndQuery(ogl.TIME_ELAPSED)
		t.open = false
	}
}

// endFrame marks the frame's queries in flight.
func (t *gpuTimer) endFrame() {
	if s := t.cur; s != nil && s.count > 0 {
		s.pending = true
	}
	t.cur = nil
}

// fill sets st's GPU timings: the newest completed frame's, or, without
// timer queries, the names of f's passes with zero times.
func (t *gpuTimer) fill(f *render.Frame, st *render.Stats) {
	if !t.ok {
		passes := f.Passes()
		st.NoGPUTimes = true
		st.PassCount = min(len(passes), render.MaxTimedPasses)
		for i := range st.PassCount {
			st.GPUPasses[i] = render.PassTime{Name: passes[i].Name}
		}
		return
	}
	st.GPUPasses = t.res
	st.PassCount = t.resCount
	st.GPUFrame = t.resTotal
	st.GPUFrameNumber = t.resFrame
}

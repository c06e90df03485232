package inspector

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"runtime/metrics"
	"strconv"
	"time"

	"github.com/tact-engine/tact/runtime/profiler"
)

// FrameSample is one frame as the page's graphs show it.
type FrameSample struct {
	// Frame is the Director's frame number (TotalFrames after it).
	Frame uint64 `json:"frame"`
	// FrameMS is the wall time from the end of the frame before to the end
	// of this one, in milliseconds: what a frame costs, waits included.
	FrameMS float32 `json:"frameMs"`
	// DeltaMS is the Director's delta time for the frame (scaled, clamped).
	DeltaMS float32 `json:"deltaMs"`
	// RenderMS is render.Stats.RenderTime of the last executed frame.
	RenderMS float32 `json:"renderMs"`
	// DrawCalls is render.Stats.DrawCalls of the last executed frame.
	DrawCalls int32 `json:"drawCalls"`
	// HeapMB is the live heap after the last GC, in MiB, and GCCycles the
	// GCs completed so far (runtime/metrics, read every statsGCEvery frames).
	HeapMB   float32 `json:"heapMB"`
	GCCycles uint32  `json:"gcCycles"`
}

// Stats is what tact.stats returns: the last frames, oldest first.
type Stats struct {
	Frames []FrameSample `json:"frames"`
}

const (
	// statsKeep is how many frames the graphs span (5 s at 60 Hz).
	statsKeep = 300
	// statsGCEvery is how often (in frames) the GC figures are read: they
	// change once per GC, and a read costs more than the rest of a sample.
	statsGCEvery = 8
	// maxTraceFrames bounds a recorded trace.
	maxTraceFrames = 1200
)

// statsRing records every frame, main thread only, allocating nothing.
type statsRing struct {
	buf    [statsKeep]FrameSample
	n      uint64 // samples written
	last   time.Time
	gc     [2]metrics.Sample
	heap   float32
	cycles uint32
}

func (r *statsRing) init() {
	r.gc[0].Name = "/gc/heap/live:bytes"
	r.gc[1].Name = "/gc/cycles/total:gc-cycles"
}

// sample records the frame that just ended.
func (s *Server) sample() {
	r := &s.stats
	now := time.Now()
	var fs FrameSample
	if !r.last.IsZero() {
		fs.FrameMS = float32(now.Sub(r.last).Seconds() * 1000)
	}
	r.last = now
	if r.n%statsGCEvery == 0 {
		metrics.Read(r.gc[:])
		if r.gc[0].Value.Kind() == metrics.KindUint64 {
			r.heap = float32(r.gc[0].Value.Uint64()) / (1 << 20)
		}
		if r.gc[1].Value.Kind() == metrics.KindUint64 {
			r.cycles = uint32(r.gc[1].Value.Uint64())
		}
	}
	fs.Frame = s.d.TotalFrames()
	fs.DeltaMS = float32(s.d.DeltaTime() * 1000)
	if st, ok := s.d.RenderStats(); ok {
		fs.RenderMS = float32(st.RenderTime.Seconds() * 1000)
		fs.DrawCalls = int32(st.DrawCalls)
	}
	fs.HeapMB, fs.GCCycles = r.heap, r.cycles
	r.buf[r.n%statsKeep] = fs
	r.n++
}

// statsSnapshot is tact.stats (main thread).
func (s *Server) statsSnapshot() Stats {
	r := &s.stats
	k := min(r.n, statsKeep)
	out := Stats{Frames: make([]FrameSample, 0, k)}
	for i := r.n - k; i < r.n; i++ {
		out.Frames = append(out.Frames, r.buf[i%statsKeep])
	}
	return out
}

// traceRec is a trace being recorded for GET /trace.json.
type traceRec struct {
	t    *profiler.Trace
	buf  bytes.Buffer
	left int // frames still to record
	done chan traceResult
}

type traceResult struct {
	b   []byte
	err error
}

// errTraceBusy answers a second trace while one records.
var errTraceBusy = errors.New("inspector: a trace is already recording")

// traceFrame counts a recorded frame (endFrame).
func (s *Server) traceFrame() {
	if s.rec != nil && s.rec.left > 0 {
		s.rec.left--
	}
}

// finishTrace stops a trace whose frames are all recorded, at the start of
// the next frame (so that the last one is complete), or, with err, at once.
func (s *Server) finishTrace(err error) {
	rec := s.rec
	s.rec = nil
	if stopErr := rec.t.Stop(); err == nil {
		err = stopErr
	}
	rec.done <- traceResult{rec.buf.Bytes(), err}
}

// serveTrace records ?frames=N frames (default 60) as a Chrome trace
// (profiler.StartTrace, phases only) and answers it as a JSON download. It
// changes nothing in the game, so read-only servers serve it too. A game
// with its own trace running (the launcher's -trace) loses it: a Director
// has one tracer.
func (s *Server) serveTrace(w http.ResponseWriter, r *http.Request) {
	n := 60
	if v := r.URL.Query().Get("frames"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > maxTraceFrames {
			http.Error(w, fmt.Sprintf("inspector: trace: frames %q: want 1..%d", v, maxTraceFrames), http.StatusBadRequest)
			return
		}
	}
	// Attached at a BeginFrame, the trace misses that frame's start: it
	// records one frame more, whose first phase is cut.
	rec := &traceRec{left: n + 1, done: make(chan traceResult, 1)}
	var startErr error
	if err := s.do(r.Context(), func() {
		switch {
		case s.rec != nil:
			startErr = errTraceBusy
		case s.d.Paused():
			startErr = errors.New("inspector: trace: the game is paused (resume it: a paused game runs no frames to record)")
		default:
			rec.t, startErr = profiler.StartTrace(&rec.buf, profiler.TracePhases)
			if startErr == nil {
				rec.t.Attach(s.d)
				s.rec = rec
			}
		}
	}); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	if startErr != nil {
		http.Error(w, startErr.Error(), http.StatusConflict)
		return
	}
	// A frame rarely takes a second; a stuck game is still answered.
	wait := s.opts.Timeout + time.Duration(n)*time.Second
	select {
	case res := <-rec.done:
		if res.err != nil {
			http.Error(w, "inspector: trace: "+res.err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", `attachment; filename="tact-trace.json"`)
		w.Write(res.b)
	case <-time.After(wait):
		http.Error(w, "inspector: trace: the game ran too few frames", http.StatusServiceUnavailable)
	case <-r.Context().Done():
	}
}

package profiler

import (
	"errors"
	"io"
	"runtime/debug"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// TraceDetail selects what a Trace records.
type TraceDetail uint8

const (
	// TracePhases records every phase of every frame on the main thread's
	// track, the render thread's frames on a second track, and GC pauses on
	// a third.
	TracePhases TraceDetail = iota
	// TraceCallbacks also records every lifecycle callback (OnLoad, Update,
	// OnDestroy, ...) with its node's path and its component's type. It
	// allocates per callback: a debugging level.
	TraceCallbacks
)

// Track ids of a trace (Chrome's "tid").
const (
	traceMainTID   = 1
	traceRenderTID = 2
	traceGCTID     = 3
	traceGPUTID    = 4
)

// traceFlushSize is how much a Trace buffers before writing.
const traceFlushSize = 256 << 10

// Trace writes a Director's frames in the Chrome trace event format (a JSON
// array of events), which chrome://tracing and https://ui.perfetto.dev open:
// one track for the main thread with every phase of every frame (and, with
// TraceCallbacks, every lifecycle callback), one for the render thread's
// frames, one for GC pauses, and a "gpu" track with one event per pass of
// each frame whose GPU times came back (render.Stats.GPUPasses), named after
// the pass and as long as its GPU time. Every phase event carries the frame number and
// a sequence number in begin order. A trace cut short (a crash) still opens:
// the format allows the closing bracket to be missing.
//
// A Trace belongs to the main thread. Recording phases allocates nothing in
// steady state; writes are buffered and go to the writer in large blocks.
type Trace struct {
	w      io.Writer
	detail TraceDetail
	buf    []byte
	t0     time.Time
	err    error
	seq    uint64
	frame  uint64

	open  []openEvent // phases and callbacks begun and not yet ended
	d     *director.Director
	offs  []func()
	hook  func(*scenegraph.Component, string, bool)
	hooks []*scenegraph.Scene // scenes given our callback hook

	submitFrame  *render.Frame
	submits      [8]submitTime
	lastRendered uint64
	renderEnd    time.Duration
	rendered     [8]submitTime // where render-thread frames were placed, by frame
	lastGPU      uint64
	gpuEnd       time.Duration
	gc           debug.GCStats
	lastNumGC    int64
	stopped      bool
}

type openEvent struct {
	name  string
	start time.Duration
	seq   uint64
	comp  *scenegraph.Component // callbacks only
}

type submitTime struct {
	frame uint64
	at    time.Duration
}

// StartTrace begins a trace written to w at the given detail and returns it;
// attach it to a Director with Attach, and end it with Stop. It fails if the
// trace's header cannot be written.
func StartTrace(w io.Writer, detail TraceDetail) (*Trace, error) {
	if w == nil {
		return nil, errors.New("profiler: StartTrace: nil writer")
	}
	t := &Trace{w: w, detail: detail, t0: time.Now(), buf: make([]byte, 0, traceFlushSize+4096),
		open: make([]openEvent, 0, 64)}
	t.hook = t.callback
	debug.ReadGCStats(&t.gc)
	t.lastNumGC = t.gc.NumGC
	t.buf = append(t.buf, '[')
	t.meta("process_name", 0, "tact")
	t.meta("thread_name", traceMainTID, "main thread")
	t.meta("thread_name", traceRenderTID, "render thread")
	t.meta("thread_name", traceGCTID, "GC pauses")
	t.meta("thread_name", traceGPUTID, "gpu")
	t.flush()
	if t.err != nil {
		return nil, t.err
	}
	return t, nil
}

// Attach makes t record d's frames from the next Tick on: every phase, and
// with TraceCallbacks every callback of the running scene and of every scene
// launched later. Attach to one Director only.
func (t *Trace) Attach(d *director.Director) {
	if t.d != nil || t.stopped {
		return
	}
	t.d = d
	d.SetTracer(t)
	if t.detail >= TraceCallbacks {
		t.offs = append(t.offs, d.BeforeSceneLaunch.On(t.hookScene))
		if s := d.Scene(); s != nil {
			t.hookScene(s)
		}
	}
}

func (t *Trace) hookScene(s *scenegraph.Scene) {
	s.SetCallbackHook(t.hook)
	t.hooks = append(t.hooks, s)
}

// Stop ends the trace: it detaches from the Director and its scenes, records
// the last render frame and GC pauses, closes the JSON array and writes
// everything buffered. It returns the first write error of the trace. A
// second Stop does nothing and returns the same error.
func (t *Trace) Stop() error {
	if t.stopped {
		return t.err
	}
	if t.d != nil {
		t.collect()
		t.d.SetTracer(nil)
		for _, off := range t.offs {
			off()
		}
		for _, s := range t.hooks {
			s.SetCallbackHook(nil)
		}
	}
	t.stopped = true
	t.buf = append(t.buf, "\n]\n"...)
	t.flush()
	return t.err
}

// Err returns the first write error, if any.
func (t *Trace) Err() error { return t.err }

func (t *Trace) now() time.Duration { return time.Since(t.t0) }

// BeginPhase records the start of phase p; it implements director.Tracer.
func (t *Trace) BeginPhase(p director.Phase) {
	if t.stopped {
		return
	}
	if p == director.PhaseFrame && t.d != nil {
		t.frame = t.d.TotalFrames()
	}
	if p == director.PhaseSubmit && t.d != nil && t.d.FrameSink() != nil {
		t.submitFrame = t.d.FrameSink().Frame()
	}
	t.seq++
	t.open = append(t.open, openEvent{name: p.String(), start: t.now(), seq: t.seq})
}

// EndPhase records the end of phase p; it implements director.Tracer.
func (t *Trace) EndPhase(p director.Phase) {
	if t.stopped {
		return
	}
	t.closeOpen(p.String(), nil)
	switch p {
	case director.PhaseSubmit:
		t.afterSubmit()
	case director.PhaseFrame:
		t.collect()
	}
}

// closeOpen ends the innermost open event called name (for comp, if not
// nil); events opened inside it and never ended (a callback that panicked)
// end with it.
func (t *Trace) closeOpen(name string, comp *scenegraph.Component) {
	end := t.now()
	for i := len(t.open) - 1; i >= 0; i-- {
		e := t.open[i]
		if e.name != name || e.comp != comp {
			continue
		}
		for j := len(t.open) - 1; j >= i; j-- {
			t.complete(&t.open[j], end)
		}
		clear(t.open[i:])
		t.open = t.open[:i]
		return
	}
}

// complete writes one finished main-thread event.
func (t *Trace) complete(e *openEvent, end time.Duration) {
	cat := "phase"
	if e.comp != nil {
		cat = "callback"
	}
	t.beginEvent(e.name, cat, traceMainTID, e.start, end-e.start)
	t.buf = append(t.buf, `,"args":{"frame":`...)
	t.buf = strconv.AppendUint(t.buf, t.frame, 10)
	t.buf = append(t.buf, `,"seq":`...)
	t.buf = strconv.AppendUint(t.buf, e.seq, 10)
	if c := e.comp; c != nil {
		t.buf = append(t.buf, `,"component":`...)
		t.buf = appendJSONString(t.buf, c.TypeName())
		if n := c.Node(); n != nil {
			t.buf = append(t.buf, `,"node":`...)
			t.buf = appendJSONString(t.buf, n.Path())
		}
	}
	t.buf = append(t.buf, "}}"...)
	t.maybeFlush()
}

// callback is the scenes' callback hook (TraceCallbacks).
func (t *Trace) callback(c *scenegraph.Component, name string, end bool) {
	if t.stopped {
		return
	}
	if !end {
		t.seq++
		t.open = append(t.open, openEvent{name: name, start: t.now(), seq: t.seq, comp: c})
		return
	}
	t.closeOpen(name, c)
}

// afterSubmit notes when the frame just submitted left the main thread, for
// placing its execution on the render thread's track.
func (t *Trace) afterSubmit() {
	if f := t.submitFrame; f != nil {
		n := f.Number()
		t.submits[n%uint64(len(t.submits))] = submitTime{n, t.now()}
		t.submitFrame = nil
	}
	t.renderStats()
}

// renderStats records the render thread's newest executed frame. The
// renderer reports how long the frame took, not when it ran: it started when
// both its submission and the previous frame were done, which is where the
// event goes (moved earlier if it would end after its stats came back).
func (t *Trace) renderStats() {
	if t.d == nil {
		return
	}
	st, ok := t.d.RenderStats()
	if !ok {
		return
	}
	if st.Frame == 0 || st.Frame <= t.lastRendered {
		return
	}
	t.lastRendered = st.Frame
	now := t.now()
	start := max(t.renderEnd, 0)
	if s := t.submits[st.Frame%uint64(len(t.submits))]; s.frame == st.Frame {
		start = max(start, s.at)
	}
	if start+st.RenderTime > now {
		start = now - st.RenderTime
	}
	t.renderEnd = start + st.RenderTime
	t.beginEvent("render frame", "render", traceRenderTID, start, st.RenderTime)
	t.buf = append(t.buf, `,"args":{"frame":`...)
	t.buf = strconv.AppendUint(t.buf, st.Frame, 10)
	t.buf = append(t.buf, `,"draw_calls":`...)
	t.buf = strconv.AppendInt(t.buf, int64(st.DrawCalls), 10)
	t.buf = append(t.buf, `,"items":`...)
	t.buf = strconv.AppendInt(t.buf, int64(st.Items), 10)
	t.buf = append(t.buf, `,"triangles":`...)
	t.buf = strconv.AppendInt(t.buf, int64(st.Triangles), 10)
	t.buf = append(t.buf, "}}"...)
	t.rendered[st.Frame%uint64(len(t.rendered))] = submitTime{st.Frame, start}
	t.gpuStats(&st, start)
}

// gpuStats records the GPU times of st's passes on the "gpu" track, one event
// per pass, once per frame they belong to (st.GPUFrameNumber, usually an
// earlier frame than st's). The GPU reports durations, not times: the events
// follow each other from where that frame went on the render thread's track
// (renderStart when unknown).
func (t *Trace) gpuStats(st *render.Stats, renderStart time.Duration) {
	n := st.GPUFrameNumber
	if n == 0 || n <= t.lastGPU || st.PassCount == 0 {
		return
	}
	t.lastGPU = n
	at := renderStart
	if r := t.rendered[n%uint64(len(t.rendered))]; r.frame == n {
		at = r.at
	}
	at = max(at, t.gpuEnd)
	for i := range min(st.PassCount, len(st.GPUPasses)) {
		p := &st.GPUPasses[i]
		t.beginEvent(p.Name, "gpu", traceGPUTID, at, p.GPU)
		t.buf = append(t.buf, `,"args":{"frame":`...)
		t.buf = strconv.AppendUint(t.buf, n, 10)
		t.buf = append(t.buf, `,"pass":`...)
		t.buf = strconv.AppendInt(t.buf, int64(i), 10)
		t.buf = append(t.buf, "}}"...)
		at += max(p.GPU, 0)
	}
	t.gpuEnd = at
}

// collect records the GC pauses since the last call (debug.ReadGCStats keeps
// the recent pauses with their end times).
func (t *Trace) collect() {
	t.renderStats()
	debug.ReadGCStats(&t.gc)
	n := t.gc.NumGC - t.lastNumGC
	t.lastNumGC = t.gc.NumGC
	n = min(n, int64(len(t.gc.Pause)), int64(len(t.gc.PauseEnd)))
	for i := n - 1; i >= 0; i-- { // oldest first
		pause := t.gc.Pause[i]
		start := t.gc.PauseEnd[i].Sub(t.t0) - pause
		t.beginEvent("GC pause", "gc", traceGCTID, start, pause)
		t.buf = append(t.buf, '}')
	}
	t.maybeFlush()
}

// beginEvent writes a complete ("X") event up to its args, without the
// closing brace.
func (t *Trace) beginEvent(name, cat string, tid int, start, dur time.Duration) {
	t.buf = append(t.buf, ",\n"...)
	t.buf = append(t.buf, `{"name":`...)
	t.buf = appendJSONString(t.buf, name)
	t.buf = append(t.buf, `,"cat":"`...)
	t.buf = append(t.buf, cat...)
	t.buf = append(t.buf, `","ph":"X","pid":1,"tid":`...)
	t.buf = strconv.AppendInt(t.buf, int64(tid), 10)
	t.buf = append(t.buf, `,"ts":`...)
	t.buf = appendMicros(t.buf, start)
	t.buf = append(t.buf, `,"dur":`...)
	t.buf = appendMicros(t.buf, max(dur, 0))
}

// meta writes a metadata event naming the process or a track.
func (t *Trace) meta(kind string, tid int, name string) {
	if len(t.buf) > 1 {
		t.buf = append(t.buf, ',')
	}
	t.buf = append(t.buf, "\n"...)
	t.buf = append(t.buf, `{"name":"`...)
	t.buf = append(t.buf, kind...)
	t.buf = append(t.buf, `","ph":"M","pid":1,"tid":`...)
	t.buf = strconv.AppendInt(t.buf, int64(tid), 10)
	t.buf = append(t.buf, `,"args":{"name":`...)
	t.buf = appendJSONString(t.buf, name)
	t.buf = append(t.buf, "}}"...)
}

func (t *Trace) maybeFlush() {
	if len(t.buf) >= traceFlushSize {
		t.flush()
	}
}

func (t *Trace) flush() {
	if len(t.buf) == 0 {
		return
	}
	if t.err == nil {
		if _, err := t.w.Write(t.buf); err != nil {
			t.err = err
		}
	}
	t.buf = t.buf[:0]
}

// appendMicros appends d in microseconds with three decimals (Chrome trace
// timestamps are microseconds; the decimals keep nanoseconds).
func appendMicros(b []byte, d time.Duration) []byte {
	ns := int64(d)
	if ns < 0 {
		b = append(b, '-')
		ns = -ns
	}
	b = strconv.AppendInt(b, ns/1000, 10)
	frac := ns % 1000
	return append(b, '.', byte('0'+frac/100), byte('0'+frac/10%10), byte('0'+frac%10))
}

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

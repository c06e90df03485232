package render

import (
	"errors"
	"fmt"
	"runtime"
	"time"
)

// Options configures a Renderer.
type Options struct {
	// OnMainThread executes frames synchronously inside Submit, on the calling
	// thread, instead of on a render thread: same frames, same pictures. Use it
	// where the platform refuses a GL context off the main thread, and to debug.
	// The calling goroutine must then be locked to its OS thread (the platform
	// locks the main thread), since the backend's context is current there.
	OnMainThread bool
	// WhileWaiting, if set, is called on the main thread every few milliseconds
	// while Submit waits for the render thread (to keep pumping window events).
	WhileWaiting func()
}

// ErrClosed is returned by Submit after Close.
var ErrClosed = errors.New("render: renderer closed")

// Renderer owns two frames and the render thread that executes them. All its
// methods are called from one goroutine, the main thread.
//
// Hand-off: the main thread records frame N+1 while the render thread executes
// frame N. Submit passes the recorded frame through a capacity-1 channel and
// takes the other frame back through a second one, so the main thread is never
// more than one frame ahead and Submit waits only while the render thread is
// still busy with the previous frame. Stats and errors travel back with the
// frames; the two threads share nothing else. Behind the render thread, a GPU
// backend bounds the frames the device holds (render/gl: MaxFramesInFlight),
// so Submit's wait also paces the main thread to the GPU, in both modes.
type Renderer struct {
	backend Backend
	opts    Options
	handles handleSet

	cur    *Frame
	other  *Frame      // OnMainThread: the idle frame
	free   chan *Frame // render thread -> main: executed frames
	full   chan *Frame // main -> render thread: recorded frames
	done   chan error  // Shutdown's result
	timer  *time.Timer // WhileWaiting tick, reused
	number uint64
	stats  Stats
	closed bool
	clock  frameClock // the frame block's time where frames set none (uniforms.go)
	// results are the shader results of the frame that came back at the
	// last Submit (shader_results.go).
	results []ShaderResult
	checks  chan shaderCheck // CheckShader's requests to the render thread
}

// NewRenderer starts b: on a new render goroutine locked to its OS thread, or
// on the calling thread with opts.OnMainThread. It returns once b.Init has run,
// with Init's error (and no goroutine left) if it failed.
func NewRenderer(b Backend, opts Options) (*Renderer, error) {
	r := &Renderer{backend: b, opts: opts}
	r.cur = newFrame(&r.handles)
	second := newFrame(&r.handles)
	if opts.OnMainThread {
		if err := b.Init(); err != nil {
			return nil, fmt.Errorf("render: init: %w", err)
		}
		r.other = second
		return r, nil
	}
	r.free = make(chan *Frame, 1)
	r.full = make(chan *Frame, 1)
	r.done = make(chan error, 1)
	r.checks = make(chan shaderCheck)
	r.free <- second
	initErr := make(chan error, 1)
	go r.loop(initErr)
	if err := <-initErr; err != nil {
		return nil, fmt.Errorf("render: init: %w", err)
	}
	if opts.WhileWaiting != nil {
		r.timer = time.NewTimer(time.Hour)
		r.timer.Stop()
	}
	return r, nil
}

// loop is the render thread.
func (r *Renderer) loop(initErr chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := safeCall(r.backend.Init); err != nil {
		initErr <- err
		return
	}
	initErr <- nil
	for {
		select {
		case f, ok := <-r.full:
			if !ok {
				r.done <- safeCall(r.backend.Shutdown)
				return
			}
			r.execute(f)
			r.free <- f
		case c := <-r.checks: // CheckShader (shader_check.go), between frames
			c.reply <- safeCheck(r.backend.(ShaderChecker), c.desc)
		}
	}
}

// execute runs the backend on f and fills f's stats and error.
func (r *Renderer) execute(f *Frame) {
	start := time.Now()
	f.err = safeExecute(r.backend, f)
	f.Stats.RenderTime = time.Since(start)
	f.Stats.Frame = f.number
	f.Stats.Items = len(f.items)
	f.Stats.Passes = len(f.passes)
	if f.capture != nil {
		// Written on the executing thread, where the frame now is, after
		// its stats are known; a failure to write is the frame's error too.
		if err := f.WriteCapture(f.err); err != nil {
			f.err = errors.Join(f.err, err)
		}
	}
}

// safeExecute turns a backend panic into an error, so one bad frame does not
// kill the render thread.
func safeExecute(b Backend, f *Frame) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("render: frame %d: backend panic: %v", f.number, p)
		}
	}()
	return b.Execute(f)
}

func safeCall(fn func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("render: backend panic: %v", p)
		}
	}()
	return fn()
}

// Frame returns the frame being recorded. It changes at every Submit: do not
// keep it across one.
func (r *Renderer) Frame() *Frame { return r.cur }

// Submit hands the recorded frame to the backend and returns with a fresh,
// empty frame to record (the screen size carries over). Threaded, it waits
// only until the render thread has finished the previous frame, and returns
// that frame's execution error; OnMainThread, it executes the frame before
// returning and returns its error. After Close it returns ErrClosed.
func (r *Renderer) Submit() error {
	if r.closed {
		return ErrClosed
	}
	f := r.cur
	r.number++
	f.number = r.number
	r.clock.stamp(f)
	r.handles.flush()
	var next *Frame
	if r.opts.OnMainThread {
		r.execute(f)
		next = f
		r.cur, r.other = r.other, f
	} else {
		r.full <- f // never blocks: the render thread holds at most the other frame
		next = r.wait()
		r.cur = next
	}
	var err error
	r.results = append(r.results[:0], next.uni.results...)
	if next.number != 0 {
		r.stats = next.Stats
		err = next.err
	}
	w, h := f.width, f.height
	r.cur.reset()
	r.cur.width, r.cur.height = w, h
	return err
}

// pumpInterval is how often Submit calls WhileWaiting while it waits: often
// enough that a window never looks frozen, rarely enough that the main
// thread does not take CPU time from the render thread and the driver's own
// threads (a software rasterizer on two cores notices a 1 ms wake-up).
const pumpInterval = 4 * time.Millisecond

// wait receives the next free frame, calling WhileWaiting meanwhile.
func (r *Renderer) wait() *Frame {
	if r.opts.WhileWaiting == nil {
		return <-r.free
	}
	for {
		select {
		case f := <-r.free:
			return f
		default:
		}
		r.opts.WhileWaiting()
		r.timer.Reset(pumpInterval)
		select {
		case f := <-r.free:
			r.timer.Stop()
			return f
		case <-r.timer.C:
		}
	}
}

// Stats returns the stats of the most recently executed frame that has come
// back to the main thread (threaded: the frame before the last submitted one).
func (r *Renderer) Stats() Stats { return r.stats }

// Close finishes the frame in flight, runs the backend's Shutdown on the
// render thread and joins it; no goroutine is left. The frame being recorded is
// dropped. It returns the last frame's execution error joined with Shutdown's
// error. A second Close returns nil.
func (r *Renderer) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	if r.opts.OnMainThread {
		return safeCall(r.backend.Shutdown)
	}
	close(r.full)
	err := <-r.done
	var lastErr error
	select {
	case f := <-r.free:
		if f.number != 0 {
			r.stats = f.Stats
			lastErr = f.err
		}
	default:
	}
	return errors.Join(lastErr, err)
}

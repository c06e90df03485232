package core

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// JobPool is a fixed set of worker goroutines that run the jobs of
// JobGraphs, and independent jobs handed over with Go. A pool is a plain
// value: create one with NewJobPool, share it between any number of graphs
// and users of Go, and Close it when done; nothing in Tact keeps a global
// pool.
//
// Jobs run on workers, never on the main thread: they must not touch GL, the
// window or anything the main thread changes while they run.
type JobPool struct {
	workers int
	queue   chan jobRef
	wg      sync.WaitGroup

	mu      sync.Mutex
	idle    sync.Cond // signalled when running drops to 0
	running int       // graph runs and Go jobs started and not yet finished
	closed  bool
}

// jobRef names what travels through the pool's queue: job i of graph g, or,
// when fn is not nil, an independent job handed over by Go. It is a small
// value, so sending it allocates nothing.
type jobRef struct {
	g  *JobGraph
	i  int32
	fn func()
}

// ErrPoolClosed is returned by JobGraph.Start and JobPool.Go on a closed
// pool.
var ErrPoolClosed = errors.New("core: job pool closed")

// NewJobPool starts a pool of n worker goroutines; n <= 0 means one per
// processor the Go scheduler uses (runtime.GOMAXPROCS(0)).
func NewJobPool(n int) *JobPool {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	p := &JobPool{workers: n, queue: make(chan jobRef, 1024)}
	p.idle.L = &p.mu
	p.wg.Add(n)
	for range n {
		go p.worker()
	}
	return p
}

// Workers returns the number of worker goroutines.
func (p *JobPool) Workers() int { return p.workers }

// Close waits for the graphs under way and the jobs handed over by Go to
// finish, then stops the workers and returns once every worker goroutine has
// exited. Starting a graph or calling Go once Close has begun fails with
// ErrPoolClosed. A second Close does nothing.
func (p *JobPool) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	for p.running > 0 {
		p.idle.Wait()
	}
	p.mu.Unlock()
	close(p.queue)
	p.wg.Wait()
}

// worker runs jobs until the queue closes. Jobs that become ready when a job
// finishes are run by the same worker when the shared queue is full, so a
// worker never blocks on a send and the pool cannot deadlock.
func (p *JobPool) worker() {
	defer p.wg.Done()
	var local []jobRef // ready jobs the queue had no room for; reused
	for r := range p.queue {
		if r.fn != nil {
			p.runFunc(r.fn)
			continue
		}
		local = append(local[:0], r)
		for len(local) > 0 {
			r := local[len(local)-1]
			local = local[:len(local)-1]
			local = r.g.run(r.i, local)
		}
	}
}

// Go hands fn to the pool, to run once on one of its workers, on its own: no
// graph, no dependencies, nothing to wait for. Go never blocks, so it may be
// called from any goroutine, a running job included; when the pool's queue
// is full the job is handed over by a goroutine of its own. Jobs handed over
// by Go start in no set order, among themselves or with graph jobs. Close
// waits for them as it does for graphs.
//
// Go fails, and fn never runs, on a closed pool (ErrPoolClosed) or with a
// nil fn. A panic in fn is recovered, so the worker and the pool go on; it
// is otherwise lost: fn must recover itself where a panic has to be
// reported.
func (p *JobPool) Go(fn func()) error {
	if fn == nil {
		return errors.New("core: JobPool.Go with no function")
	}
	if err := p.enter(); err != nil {
		return err
	}
	r := jobRef{fn: fn}
	select {
	case p.queue <- r:
	default:
		// Close waits for this job (running counts it), so the queue stays
		// open until the send below has been received.
		go func() { p.queue <- r }()
	}
	return nil
}

// runFunc runs a job handed over by Go on a worker.
func (p *JobPool) runFunc(fn func()) {
	defer p.release()
	defer func() { recover() }()
	fn()
}

// release ends one graph run or Go job.
func (p *JobPool) release() {
	p.mu.Lock()
	p.running--
	if p.running == 0 {
		p.idle.Broadcast()
	}
	p.mu.Unlock()
}

// JobID identifies a job within its JobGraph: the value Add returned.
type JobID int32

// JobGraph is a set of named jobs with dependencies, run on a JobPool: a job
// starts only after every job it depends on has finished. A graph is built
// once (Add) and can be run any number of times (Run, or Start then Wait);
// Reset empties it but keeps its memory. Running a graph that does not
// change allocates nothing, so a per-frame graph costs no garbage.
//
// A JobGraph belongs to one goroutine (the one that builds, starts and
// waits); its jobs run on the pool's workers. The jobs of one run finish
// before Wait returns, and everything a job wrote is visible to its
// dependents and to the caller of Wait.
type JobGraph struct {
	pool *JobPool
	jobs []graphJob
	// deps holds every job's dependencies, job after job; out holds, job
	// after job, the jobs that depend on each job (built by Start).
	deps, out []int32
	// pending[i] counts the unfinished dependencies of job i in this run;
	// skip[i] is 1 when a dependency of job i failed.
	pending, skip []int32
	remaining     atomic.Int32
	done          chan struct{}
	built         bool // out is up to date with jobs
	running       bool
	err           error // a bad Add, reported by Start

	mu     sync.Mutex
	panics []error
}

type graphJob struct {
	name             string
	fn               func()
	depStart, depEnd int32
	outStart, outEnd int32
	nDeps            int32
}

// JobPanic is the error Wait returns for a job that panicked; the panic is
// recovered on the worker, so the process goes on. The jobs depending on a
// job that panicked are skipped.
type JobPanic struct {
	// Job is the name given to Add.
	Job string
	// Value is what the job passed to panic.
	Value any
	// Stack is the worker's stack at the panic.
	Stack []byte
}

// Error returns "core: job NAME panicked: VALUE".
func (e *JobPanic) Error() string {
	return fmt.Sprintf("core: job %q panicked: %v", e.Job, e.Value)
}

// NewJobGraph returns an empty graph that runs on p.
func NewJobGraph(p *JobPool) *JobGraph {
	return &JobGraph{pool: p, done: make(chan struct{}, 1)}
}

// Len returns the number of jobs.
func (g *JobGraph) Len() int { return len(g.jobs) }

// Add adds a job named name (the name reports panics) that calls fn after
// every job in deps has finished, and returns its JobID. A dependency must be
// a JobID returned earlier by this graph, so a graph can have no cycle; a bad
// one, or a nil fn, makes the next Start fail with an error naming the job.
// Add must not be called while the graph runs.
func (g *JobGraph) Add(name string, fn func(), deps ...JobID) JobID {
	id := JobID(len(g.jobs))
	if g.running {
		g.setErr(fmt.Errorf("core: job %q added while its graph runs", name))
		return id
	}
	if fn == nil {
		g.setErr(fmt.Errorf("core: job %q has no function", name))
	}
	start := int32(len(g.deps))
	for _, d := range deps {
		if d < 0 || d >= id {
			g.setErr(fmt.Errorf("core: job %q depends on %d, which is not an earlier job of the graph", name, d))
			continue
		}
		g.deps = append(g.deps, int32(d))
	}
	g.jobs = append(g.jobs, graphJob{name: name, fn: fn, depStart: start, depEnd: int32(len(g.deps))})
	g.built = false
	return id
}

func (g *JobGraph) setErr(err error) {
	if g.err == nil {
		g.err = err
	}
}

// Reset removes every job, keeping the graph's memory for the next Adds.
// It must not be called while the graph runs.
func (g *JobGraph) Reset() {
	if g.running {
		return
	}
	clear(g.jobs) // drop the functions
	g.jobs = g.jobs[:0]
	g.deps = g.deps[:0]
	g.built = false
	g.err = nil
}

// build computes, for each job, the jobs that depend on it.
func (g *JobGraph) build() {
	n := len(g.jobs)
	g.pending = grow(g.pending, n)
	g.skip = grow(g.skip, n)
	counts := g.pending // reused as a counter here; Start resets it
	clear(counts)
	for _, d := range g.deps {
		counts[d]++
	}
	off := int32(0)
	for i := range g.jobs {
		j := &g.jobs[i]
		j.nDeps = j.depEnd - j.depStart
		j.outStart, j.outEnd = off, off
		off += counts[i]
	}
	g.out = grow(g.out, len(g.deps))
	for i := range g.jobs {
		j := &g.jobs[i]
		for _, d := range g.deps[j.depStart:j.depEnd] {
			dj := &g.jobs[d]
			g.out[dj.outEnd] = int32(i)
			dj.outEnd++
		}
	}
	g.built = true
}

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

// Start hands the graph's jobs to the pool and returns at once; Wait waits
// for them. It fails, running nothing, if the graph is running already, if an
// Add was bad, or if the pool is closed. A graph with no jobs starts and
// finishes at once.
func (g *JobGraph) Start() error {
	if g.running {
		return errors.New("core: job graph started while it runs")
	}
	if g.err != nil {
		return g.err
	}
	p := g.pool
	if err := p.enter(); err != nil {
		return err
	}
	if !g.built {
		g.build()
	}
	g.running = true
	g.panics = g.panics[:0]
	n := len(g.jobs)
	if n == 0 {
		g.finish()
		return nil
	}
	for i := range g.jobs {
		g.pending[i] = g.jobs[i].nDeps
		g.skip[i] = 0
	}
	g.remaining.Store(int32(n))
	// Every store above happens before the sends below, which happen before
	// the workers receive: the workers see a fully reset graph.
	for i := range g.jobs {
		if g.jobs[i].nDeps == 0 {
			p.queue <- jobRef{g: g, i: int32(i)}
		}
	}
	return nil
}

// finish is called once per run, by whoever completes the last job.
func (g *JobGraph) finish() {
	g.pool.release()
	g.done <- struct{}{}
}

// Wait blocks until every job of the run begun by Start has finished or
// been skipped, and returns the panics of that run (as *JobPanic values,
// joined with errors.Join) or nil. Wait without a Start returns nil at once.
func (g *JobGraph) Wait() error {
	if !g.running {
		return nil
	}
	<-g.done
	g.running = false
	// The mutex orders the panics' appends before this read.
	g.mu.Lock()
	defer g.mu.Unlock()
	switch len(g.panics) {
	case 0:
		return nil
	case 1:
		return g.panics[0]
	}
	return errors.Join(g.panics...)
}

// Run is Start followed by Wait.
func (g *JobGraph) Run() error {
	if err := g.Start(); err != nil {
		return err
	}
	return g.Wait()
}

// run executes job i on a worker, releases its dependents and returns local
// with the dependents the queue had no room for appended.
func (g *JobGraph) run(i int32, local []jobRef) []jobRef {
	j := &g.jobs[i]
	failed := atomic.LoadInt32(&g.skip[i]) != 0
	if !failed && !g.call(j) {
		failed = true
	}
	for _, o := range g.out[j.outStart:j.outEnd] {
		if failed {
			atomic.StoreInt32(&g.skip[o], 1)
		}
		if atomic.AddInt32(&g.pending[o], -1) == 0 {
			select {
			case g.pool.queue <- jobRef{g: g, i: o}:
			default:
				local = append(local, jobRef{g: g, i: o})
			}
		}
	}
	if g.remaining.Add(-1) == 0 {
		g.finish()
	}
	return local
}

// call runs one job's function and reports whether it returned normally; a
// panic is recorded with the job's name.
func (g *JobGraph) call(j *graphJob) (ok bool) {
	defer func() {
		if !ok {
			r := recover()
			g.mu.Lock()
			g.panics = append(g.panics, &JobPanic{Job: j.name, Value: r, Stack: debug.Stack()})
			g.mu.Unlock()
		}
	}()
	j.fn()
	return true
}

// enter counts one more piece of work Close must wait for, or fails on a
// closed pool.
func (p *JobPool) enter() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrPoolClosed
	}
	p.running++
	return nil
}

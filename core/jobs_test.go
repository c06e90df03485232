package core

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A diamond a -> (b, c) -> d: b and c see a's write, d sees both of theirs,
// over many runs of one graph (reuse).
func TestJobGraphDiamondOrder(t *testing.T) {
	p := NewJobPool(4)
	defer p.Close()
	var a, b, c, d int
	var bSawA, cSawA, dSaw atomic.Int32
	g := NewJobGraph(p)
	ja := g.Add("a", func() { a++ })
	jb := g.Add("b", func() {
		if a == b+1 {
			bSawA.Add(1)
		}
		b++
	}, ja)
	jc := g.Add("c", func() {
		if a == c+1 {
			cSawA.Add(1)
		}
		c++
	}, ja)
	g.Add("d", func() {
		if b == d+1 && c == d+1 {
			dSaw.Add(1)
		}
		d++
	}, jb, jc)
	const runs = 500
	for range runs {
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
	}
	if a != runs || b != runs || c != runs || d != runs {
		t.Fatalf("ran a=%d b=%d c=%d d=%d times, want %d each", a, b, c, d, runs)
	}
	if bSawA.Load() != runs || cSawA.Load() != runs || dSaw.Load() != runs {
		t.Fatalf("order broken: b saw a %d, c saw a %d, d saw b and c %d times of %d", bSawA.Load(), cSawA.Load(), dSaw.Load(), runs)
	}
}

// b and c of a diamond really run at the same time on two workers: each
// waits for the other to start.
func TestJobGraphRunsIndependentJobsInParallel(t *testing.T) {
	p := NewJobPool(2)
	defer p.Close()
	var started sync.WaitGroup
	started.Add(2)
	meet := func() {
		started.Done()
		started.Wait() // deadlocks unless both run at once
	}
	g := NewJobGraph(p)
	g.Add("b", meet)
	g.Add("c", meet)
	done := make(chan error, 1)
	go func() { done <- g.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("independent jobs did not run in parallel")
	}
}

// A panicking job: Wait returns an error naming it, its dependents are
// skipped, independent jobs still run, the process lives, and the graph
// runs again.
func TestJobGraphPanic(t *testing.T) {
	p := NewJobPool(0)
	defer p.Close()
	var ranAfter, ranOther, ranLast atomic.Int32
	fail := true
	g := NewJobGraph(p)
	bad := g.Add("explode", func() {
		if fail {
			panic("boom")
		}
	})
	after := g.Add("after", func() { ranAfter.Add(1) }, bad)
	g.Add("other", func() { ranOther.Add(1) })
	g.Add("last", func() { ranLast.Add(1) }, after)
	err := g.Run()
	var jp *JobPanic
	if !errors.As(err, &jp) || jp.Job != "explode" || jp.Value != "boom" || len(jp.Stack) == 0 {
		t.Fatalf("Wait = %v, want a *JobPanic for job \"explode\"", err)
	}
	if !strings.Contains(err.Error(), `"explode"`) || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("error %q does not name the job and the value", err)
	}
	if ranAfter.Load() != 0 || ranLast.Load() != 0 {
		t.Fatalf("dependents of a panicked job ran (after %d, last %d)", ranAfter.Load(), ranLast.Load())
	}
	if ranOther.Load() != 1 {
		t.Fatalf("independent job ran %d times, want 1", ranOther.Load())
	}
	fail = false
	if err := g.Run(); err != nil {
		t.Fatalf("second run: %v", err)
	}
	if ranAfter.Load() != 1 || ranLast.Load() != 1 {
		t.Fatal("dependents did not run once the panic was gone")
	}
}

// Two panicking jobs are both reported.
func TestJobGraphTwoPanics(t *testing.T) {
	p := NewJobPool(2)
	defer p.Close()
	g := NewJobGraph(p)
	g.Add("one", func() { panic(1) })
	g.Add("two", func() { panic(2) })
	err := g.Run()
	if err == nil || !strings.Contains(err.Error(), `"one"`) || !strings.Contains(err.Error(), `"two"`) {
		t.Fatalf("Wait = %v, want both jobs named", err)
	}
}

// Many small jobs in chains and fans, more than the queue holds, all run
// exactly once and in dependency order.
func TestJobGraphManySmallJobs(t *testing.T) {
	p := NewJobPool(0)
	defer p.Close()
	const n = 20000
	counts := make([]int32, n)
	order := make([]int32, n) // order[i] = 1 + order of i's dependency
	g := NewJobGraph(p)
	for i := range n {
		var deps []JobID
		if i >= 1000 {
			deps = append(deps, JobID(i-1000), JobID(i%1000))
		}
		g.Add(fmt.Sprint("job", i), func() {
			counts[i]++
			if i >= 1000 {
				order[i] = order[i-1000] + 1
			}
		}, deps...)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	for i, c := range counts {
		if c != 1 {
			t.Fatalf("job %d ran %d times", i, c)
		}
		if order[i] != int32(i/1000) {
			t.Fatalf("job %d ran before its dependency (depth %d, want %d)", i, order[i], i/1000)
		}
	}
}

// Reset and re-Add reuse the graph's memory: a per-frame rebuild and run
// allocates nothing once warm, and so does running a fixed graph.
func TestJobGraphReuseAllocatesNothing(t *testing.T) {
	p := NewJobPool(2)
	defer p.Close()
	var sum atomic.Int64
	fns := make([]func(), 8)
	for i := range fns {
		fns[i] = func() { sum.Add(int64(i)) }
	}
	g := NewJobGraph(p)
	rebuild := func() {
		g.Reset()
		a := g.Add("a", fns[0])
		b := g.Add("b", fns[1], a)
		c := g.Add("c", fns[2], a)
		g.Add("d", fns[3], b, c)
		for i := 4; i < 8; i++ {
			g.Add("leaf", fns[i])
		}
		if err := g.Run(); err != nil {
			t.Error(err)
		}
	}
	for range 10 {
		rebuild()
	}
	if allocs := testing.AllocsPerRun(200, rebuild); allocs != 0 {
		t.Fatalf("rebuild and run allocates %v times", allocs)
	}
	run := func() {
		if err := g.Run(); err != nil {
			t.Error(err)
		}
	}
	if allocs := testing.AllocsPerRun(200, run); allocs != 0 {
		t.Fatalf("running a built graph allocates %v times", allocs)
	}
	want := int64(10+200+1+200+1) * 28 // warm-ups, AllocsPerRun's extra run each
	if got := sum.Load(); got != want {
		t.Fatalf("jobs summed %d, want %d", got, want)
	}
}

// Bad graphs fail at Start with an error naming the job; nothing panics.
func TestJobGraphBadInput(t *testing.T) {
	p := NewJobPool(1)
	defer p.Close()
	g := NewJobGraph(p)
	a := g.Add("a", func() {})
	g.Add("selfish", func() {}, a+1)
	if err := g.Start(); err == nil || !strings.Contains(err.Error(), `"selfish"`) {
		t.Fatalf("Start = %v, want an error naming the job", err)
	}
	g.Reset()
	g.Add("nil", nil)
	if err := g.Run(); err == nil || !strings.Contains(err.Error(), `"nil"`) {
		t.Fatalf("Run = %v, want an error naming the job", err)
	}
	g.Reset()
	if err := g.Run(); err != nil {
		t.Fatalf("empty graph: %v", err)
	}
	if err := g.Wait(); err != nil {
		t.Fatalf("Wait without Start: %v", err)
	}
}

// Several graphs share one pool from several goroutines; Close waits for
// them, stops every worker, and later Starts fail.
func TestJobPoolSharedAndClose(t *testing.T) {
	before := runtime.NumGoroutine()
	p := NewJobPool(3)
	if p.Workers() != 3 {
		t.Fatalf("Workers = %d", p.Workers())
	}
	var total atomic.Int64
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			g := NewJobGraph(p)
			prev := g.Add("root", func() { total.Add(1) })
			for range 50 {
				prev = g.Add("step", func() { total.Add(1) }, prev)
			}
			for range 20 {
				if err := g.Run(); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if total.Load() != 4*20*51 {
		t.Fatalf("ran %d jobs, want %d", total.Load(), 4*20*51)
	}
	p.Close()
	p.Close()
	g := NewJobGraph(p)
	g.Add("late", func() {})
	if err := g.Start(); !errors.Is(err, ErrPoolClosed) {
		t.Fatalf("Start on a closed pool = %v", err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Fatalf("%d goroutines before the pool, %d after Close", before, after)
	}
}

// Go runs independent jobs, each exactly once: it never blocks, neither
// with the queue full (the only worker stuck) nor when called from a job on
// the only worker, where a blocking hand-over would deadlock; a panicking
// job is recovered and the pool goes on running Go jobs and graphs.
func TestJobPoolGo(t *testing.T) {
	p := NewJobPool(1)
	defer p.Close()
	const n = 3000 // more than the queue holds
	var ran atomic.Int32
	var wg sync.WaitGroup
	count := func() { ran.Add(1); wg.Done() }
	gate := make(chan struct{})
	wg.Add(1)
	if err := p.Go(func() { <-gate; wg.Done() }); err != nil { // holds the only worker
		t.Fatal(err)
	}
	handed := make(chan error, 1)
	go func() {
		for range n {
			wg.Add(1)
			if err := p.Go(count); err != nil {
				handed <- err
				return
			}
		}
		handed <- nil
	}()
	select {
	case err := <-handed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Go blocked on a full queue")
	}
	close(gate)
	wg.Add(1)
	p.Go(func() { // on the only worker: a blocking Go would deadlock
		defer wg.Done()
		for range n {
			wg.Add(1)
			if err := p.Go(count); err != nil {
				t.Error(err)
				wg.Done()
			}
		}
	})
	wg.Add(1)
	p.Go(func() { defer wg.Done(); panic("boom") })
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%d of %d Go jobs ran", ran.Load(), 2*n)
	}
	if ran.Load() != 2*n {
		t.Fatalf("%d Go jobs ran, want %d", ran.Load(), 2*n)
	}
	g := NewJobGraph(p)
	var graphRan bool
	g.Add("after", func() { graphRan = true })
	if err := g.Run(); err != nil || !graphRan {
		t.Fatalf("graph after a panicking Go job: %v, ran %v", err, graphRan)
	}
}

// Close waits for a Go job under way; Go on a closed pool, or with no
// function, fails and runs nothing.
func TestJobPoolCloseWaitsForGo(t *testing.T) {
	p := NewJobPool(2)
	started, gate := make(chan struct{}), make(chan struct{})
	var finished atomic.Bool
	if err := p.Go(func() { close(started); <-gate; finished.Store(true) }); err != nil {
		t.Fatal(err)
	}
	<-started
	closed := make(chan struct{})
	go func() { p.Close(); close(closed) }()
	select {
	case <-closed:
		t.Fatal("Close returned while a Go job ran")
	case <-time.After(50 * time.Millisecond):
	}
	close(gate)
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return after the Go job finished")
	}
	if !finished.Load() {
		t.Fatal("Close returned before the Go job finished")
	}
	if err := p.Go(func() { t.Error("ran on a closed pool") }); !errors.Is(err, ErrPoolClosed) {
		t.Fatalf("Go on a closed pool = %v", err)
	}
	q := NewJobPool(1)
	defer q.Close()
	if err := q.Go(nil); err == nil {
		t.Fatal("Go(nil) succeeded")
	}
}

func TestNewJobPoolDefaultsToGOMAXPROCS(t *testing.T) {
	p := NewJobPool(0)
	defer p.Close()
	if p.Workers() != runtime.GOMAXPROCS(0) {
		t.Fatalf("Workers = %d, want GOMAXPROCS %d", p.Workers(), runtime.GOMAXPROCS(0))
	}
}

func BenchmarkJobGraph(b *testing.B) {
	p := NewJobPool(0)
	defer p.Close()
	var n atomic.Int64
	g := NewJobGraph(p)
	work := func() { n.Add(1) }
	root := g.Add("root", work)
	for range 64 {
		g.Add("leaf", work, root)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// A frame's parallel work: two independent jobs, then one that combines
// their results. The graph is built once and run every frame.
func ExampleJobGraph() {
	pool := NewJobPool(0) // one worker per processor
	defer pool.Close()

	var left, right, total int
	g := NewJobGraph(pool)
	l := g.Add("left", func() { left = 20 })
	r := g.Add("right", func() { right = 22 })
	g.Add("sum", func() { total = left + right }, l, r)

	for range 3 { // three frames, no garbage
		if err := g.Run(); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(total)
	// Output: 42
}

package platform

import (
	"math"
	"runtime"
	"time"
)

// Clock measures time since its creation on Go's monotonic clock: it never
// jumps with wall-clock changes and has the resolution of the OS's monotonic
// timer (nanoseconds on Linux, macOS and Windows). A Clock is immutable and
// safe for concurrent use.
type Clock struct{ start time.Time }

// NewClock returns a Clock that reads 0 now.
func NewClock() *Clock { return &Clock{start: time.Now()} }

// Now returns the time elapsed since NewClock; it never decreases.
func (c *Clock) Now() time.Duration { return time.Since(c.start) }

// spinMargin is how long before a deadline Pacer.Wait stops sleeping and
// starts spinning: enough to absorb the OS timer's lateness (typically tens
// of microseconds to one millisecond), little enough not to burn a core.
const spinMargin = 2 * time.Millisecond

// Pacer holds a loop to a target frame rate. Deadlines advance by a fixed
// period from the first Wait, not by "now + period", so the rate holds on
// average even when single frames are late: a frame that finishes late gets a
// shorter wait next time. A loop more than one period behind (a stall, a
// debugger stop) is resynchronized to now instead of bursting to catch up.
//
// A Pacer is for one goroutine (the main thread's loop).
type Pacer struct {
	clock   *Clock
	period  time.Duration // 0: uncapped
	next    time.Duration // the next deadline on clock
	started bool
}

// NewPacer returns a Pacer for fps frames per second; see SetTarget.
func NewPacer(fps float64) *Pacer {
	p := &Pacer{clock: NewClock()}
	p.SetTarget(fps)
	return p
}

// SetTarget sets the target frame rate. An fps of 0, a negative one, NaN or
// +Inf means uncapped: Wait returns at once. The next Wait starts a new
// schedule: it returns at once and the one after waits a full period.
func (p *Pacer) SetTarget(fps float64) {
	p.started = false
	if !(fps > 0) || math.IsInf(fps, 1) {
		p.period = 0
		return
	}
	p.period = time.Duration(float64(time.Second)/fps + 0.5)
}

// Target returns the target frame rate, or 0 when uncapped.
func (p *Pacer) Target() float64 {
	if p.period == 0 {
		return 0
	}
	return float64(time.Second) / float64(p.period)
}

// Period returns the frame period, or 0 when uncapped.
func (p *Pacer) Period() time.Duration { return p.period }

// Wait blocks until the next frame deadline: it sleeps until about 2 ms
// before it, then yields the processor in a loop
// (runtime.Gosched) until the deadline, for sub-millisecond precision without
// a busy core most of the frame. The first Wait after NewPacer or SetTarget
// returns at once and starts the schedule. When the loop is late by up to
// one period, Wait returns at once and the schedule catches up over the next
// frame; later than that, the schedule restarts from now. Uncapped, Wait
// returns at once.
func (p *Pacer) Wait() {
	if p.period == 0 {
		return
	}
	now := p.clock.Now()
	if !p.started {
		p.started = true
		p.next = now + p.period
		return
	}
	if now-p.next > p.period {
		p.next = now + p.period
		return
	}
	if d := p.next - now - spinMargin; d > 0 {
		time.Sleep(d)
	}
	for p.clock.Now() < p.next {
		runtime.Gosched()
	}
	p.next += p.period
}

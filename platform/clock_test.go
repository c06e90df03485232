package platform

import (
	"math"
	"slices"
	"testing"
	"time"
)

func TestClockMonotonic(t *testing.T) {
	c := NewClock()
	prev := c.Now()
	for range 10000 {
		now := c.Now()
		if now < prev {
			t.Fatalf("clock went back: %v after %v", now, prev)
		}
		prev = now
	}
}

func TestPacerTargets(t *testing.T) {
	p := NewPacer(50)
	if p.Period() != 20*time.Millisecond || math.Abs(p.Target()-50) > 1e-9 {
		t.Errorf("50 fps: period %v, target %v", p.Period(), p.Target())
	}
	for _, fps := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		p.SetTarget(fps)
		if p.Period() != 0 || p.Target() != 0 {
			t.Errorf("SetTarget(%v): period %v, want uncapped", fps, p.Period())
		}
	}
	start := time.Now()
	for range 10000 {
		p.Wait()
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("10000 uncapped Waits took %v", d)
	}
}

// TestPacerResync checks that a loop far behind schedule resyncs instead of
// bursting: after a stall of 50 periods, three Waits still take two periods.
func TestPacerResync(t *testing.T) {
	p := NewPacer(1000) // 1 ms
	p.Wait()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	p.Wait() // resync: at once
	p.Wait()
	p.Wait()
	if d := time.Since(start); d < 1900*time.Microsecond {
		t.Errorf("3 Waits after a stall took %v, want >= 2 ms (no catch-up burst)", d)
	}
}

// TestPacerRate checks the average rate: 120 frames at 60 fps take 2 s. The
// bound is ±10% so a loaded machine does not fail it; the figure is logged.
func TestPacerRate(t *testing.T) {
	if testing.Short() {
		t.Skip("takes 2 s; skipped with -short")
	}
	total, intervals := pace(60, 120)
	lo, hi, mean, sd := spread(intervals)
	t.Logf("120 frames at 60 fps: %v (want 2s); frame interval min %v max %v mean %v stddev %v", total, lo, hi, mean, sd)
	if total < 1800*time.Millisecond || total > 2200*time.Millisecond {
		t.Errorf("120 frames at 60 fps took %v, want 2s ±10%%", total)
	}
}

// BenchmarkPacer60 runs 120 frames at 60 fps per op and reports the total
// (target 2000 ms) and the frame-interval spread.
func BenchmarkPacer60(b *testing.B) {
	var all []time.Duration
	var totals []time.Duration
	for b.Loop() {
		total, intervals := pace(60, 120)
		totals = append(totals, total)
		all = append(all, intervals...)
	}
	lo, hi, mean, sd := spread(all)
	tlo, thi, _, _ := spread(totals)
	b.ReportMetric(float64(tlo.Microseconds())/1000, "min-ms/120frames")
	b.ReportMetric(float64(thi.Microseconds())/1000, "max-ms/120frames")
	b.ReportMetric(float64(lo.Microseconds())/1000, "min-frame-ms")
	b.ReportMetric(float64(hi.Microseconds())/1000, "max-frame-ms")
	b.ReportMetric(float64(mean.Microseconds())/1000, "mean-frame-ms")
	b.ReportMetric(float64(sd.Microseconds())/1000, "stddev-frame-ms")
}

// pace runs frames Waits at fps after a first Wait that starts the schedule,
// and returns the total time and each frame's interval.
func pace(fps float64, frames int) (time.Duration, []time.Duration) {
	p := NewPacer(fps)
	intervals := make([]time.Duration, 0, frames)
	p.Wait()
	start := time.Now()
	prev := start
	for range frames {
		p.Wait()
		now := time.Now()
		intervals = append(intervals, now.Sub(prev))
		prev = now
	}
	return time.Since(start), intervals
}

func spread(ds []time.Duration) (lo, hi, mean, sd time.Duration) {
	if len(ds) == 0 {
		return
	}
	lo, hi = slices.Min(ds), slices.Max(ds)
	var sum float64
	for _, d := range ds {
		sum += float64(d)
	}
	m := sum / float64(len(ds))
	var v float64
	for _, d := range ds {
		v += (float64(d) - m) * (float64(d) - m)
	}
	return lo, hi, time.Duration(m), time.Duration(math.Sqrt(v / float64(len(ds))))
}

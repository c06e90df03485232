package bunnymark

import (
	"fmt"
	"os"
	goruntime "runtime"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/director"
)

// meter measures the run the way the peer does: after warmup frames it times
// frames frames (end of one frame to the end of the next), adds up the time
// spent in Update and in drawing (extraction and Submit, between the
// Director's BeforeDraw and AfterDraw), and reads the Go runtime's GC and
// allocation counters before and after. It allocates nothing per frame.
type meter struct {
	game           *tact.Game
	opts           Settings
	warmup, frames int

	frame      int // frames ended since the scene started
	measuring  bool
	done       bool
	start      time.Time
	last       time.Time
	drawStart  time.Time
	drawCPU    time.Duration
	updateCPU  time.Duration
	frameTimes []time.Duration
	gcStart    goruntime.MemStats
	drawCalls  int
	hidden     int // sprites the backend left out as covered
	items      int
	renderTime time.Duration
	startN, n  int
	prevRate   float64
	profile    *os.File
	unsubs     []func()
}

func newMeter(g *tact.Game, o Settings, warmup, frames int) *meter {
	return &meter{game: g, opts: o, warmup: warmup, frames: max(frames, 1),
		frameTimes: make([]time.Duration, 0, max(frames, 1))}
}

// attach subscribes to the Director's frame events and lifts the frame-rate
// cap (restored by detach, for the launcher's list).
func (m *meter) attach() {
	d := m.game.Director()
	m.unsubs = append(m.unsubs,
		d.BeforeDraw.On(func(*director.Director) { m.drawStart = time.Now() }),
		d.AfterDraw.On(func(*director.Director) {
			if m.measuring {
				m.drawCPU += time.Since(m.drawStart)
			}
		}),
		d.EndFrame.On(func(*director.Director) { m.endFrame() }),
	)
	m.prevRate = m.game.FrameRate()
	m.game.SetFrameRate(tact.Uncapped)
	if m.opts.MemProfile != "" {
		goruntime.MemProfileRate = 512
	}
	if m.warmup == 0 && !m.done {
		m.begin(time.Now())
	}
}

// detach undoes attach.
func (m *meter) detach() {
	for _, off := range m.unsubs {
		off()
	}
	m.unsubs = m.unsubs[:0]
	m.game.SetFrameRate(m.prevRate)
	m.stopProfile()
}

// now returns the time if an Update is being measured (else the zero time,
// without reading the clock).
func (m *meter) now() time.Time {
	if m.measuring {
		return time.Now()
	}
	return time.Time{}
}

// updateDone adds the Update that began at t0 and records the bunny count.
func (m *meter) updateDone(t0 time.Time, n int) {
	m.n = n
	if m.measuring {
		m.updateCPU += time.Since(t0)
	}
}

func (m *meter) begin(now time.Time) {
	if m.opts.MemProfile != "" {
		// The profile is cumulative: this one, at the start, is the base
		// to subtract (go tool pprof -diff_base FILE.start FILE).
		writeAllocs(m.opts.MemProfile + ".start")
	}
	m.start, m.last = now, time.Now()
	goruntime.ReadMemStats(&m.gcStart)
	m.measuring = true
	if m.opts.CPUProfile != "" {
		f, err := os.Create(m.opts.CPUProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bunnymark: cpuprofile:", err)
		} else {
			m.profile = f
		}
	}
}

func (m *meter) stopProfile() {
	if m.profile != nil {
		pprof.StopCPUProfile()
		m.profile.Close()
		m.profile = nil
	}
}

// endFrame runs at the end of every frame (the Director's EndFrame).
func (m *meter) endFrame() {
	if m.done {
		return
	}
	now := time.Now()
	m.frame++
	switch {
	case m.frame == m.warmup:
		m.begin(now)
	case m.measuring:
		m.frameTimes = append(m.frameTimes, now.Sub(m.last))
		m.last = now
		// The renderer's stats are those of the last frame it finished.
		st := m.game.Renderer().Stats()
		m.drawCalls += st.DrawCalls
		m.hidden += st.HiddenSprites
		m.items += st.Items
		m.renderTime += st.RenderTime
		if len(m.frameTimes) == m.frames {
			m.measuring = false
			m.done = true
			m.report(now)
			m.stopProfile() // after the report: writing the profile allocates
		}
	}
}

// report prints the RESULT line: the peer's fields, then Tact's own.
func (m *meter) report(now time.Time) {
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	if m.opts.MemProfile != "" {
		writeAllocs(m.opts.MemProfile)
	}
	elapsed := now.Sub(m.start)
	frames := float64(len(m.frameTimes))
	d := slices.Clone(m.frameTimes)
	slices.Sort(d)
	pct := func(p float64) float64 { return float64(d[int(p*float64(len(d)-1))].Microseconds()) / 1000 }
	perFrameMS := func(t time.Duration) float64 { return float64(t.Microseconds()) / 1000 / frames }
	fps := frames / elapsed.Seconds()
	mode := "nodes"
	if m.opts.Bulk {
		mode = "bulk"
	}
	fmt.Fprintf(Output, "RESULT engine=tact mode=%s render_on_main=%v n=%d scale=%g frames=%d elapsed=%.3fs fps=%.2f ms_per_frame=%.3f "+
		"draw_cpu=%.3fms/f update_cpu=%.3fms/f p50=%.3fms p95=%.3fms p99=%.3fms max=%.3fms updates=%d gc_cycles=%d "+
		"gc_pause_total=%.3fms alloc_per_frame=%.0fB heap_inuse=%.1fMiB draw_calls=%.1f hidden_sprites=%.0f render_thread_ms=%.3f",
		mode, m.game.Config().RenderOnMain, m.n, m.opts.Scale, len(m.frameTimes), elapsed.Seconds(), fps, 1000/fps,
		perFrameMS(m.drawCPU), perFrameMS(m.updateCPU), pct(0.50), pct(0.95), pct(0.99), pct(1.0), m.frame,
		ms.NumGC-m.gcStart.NumGC, float64(ms.PauseTotalNs-m.gcStart.PauseTotalNs)/1e6,
		float64(ms.TotalAlloc-m.gcStart.TotalAlloc)/frames, float64(ms.HeapInuse)/(1<<20),
		float64(m.drawCalls)/frames, float64(m.hidden)/frames, perFrameMS(m.renderTime))
	if m.n != m.startN {
		fmt.Fprintf(Output, " n_start=%d", m.startN)
	}
	fmt.Fprintln(Output)
}

// writeAllocs writes the allocation profile to path. The profile is that of
// the last completed GC cycle, so it runs one first.
func writeAllocs(path string) {
	goruntime.GC()
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bunnymark: memprofile:", err)
		return
	}
	pprof.Lookup("allocs").WriteTo(f, 0)
	f.Close()
}

package main

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/profiler"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// runOne runs one sample in a Game of its own (its Configure applies fully):
// in a window, or offscreen and driven by its Script without a display or
// with -headless. Esc quits; F1 and F12 are the Game's (stats overlay,
// screenshot into -out).
func runOne(s sample.Sample, o options, stdout, stderr io.Writer) int {
	headless := o.headless || !hasDisplay()
	cfg := tact.Config{RenderOnMain: o.renderOnMain, Headless: headless, MaxFrames: o.frames, ScreenshotDir: o.out,
		Inspector: o.inspect}
	if headless {
		cfg.FixedDT = 1.0 / 60 // a scripted run is deterministic
	}
	if o.screenshot != "" && cfg.MaxFrames == 0 {
		cfg.MaxFrames = headlessFrames // the last frame must be known in advance
	}
	sh := &shell{}
	sh.onEscape = func(g *tact.Game) { g.Quit() }
	s = sh.wrap(s)
	if o.trace != "" {
		stop, err := traceSample(&s, o)
		if err != nil {
			fmt.Fprintln(stderr, "launcher:", err)
			return 1
		}
		defer func() {
			if err := stop(); err != nil {
				fmt.Fprintln(stderr, "launcher: trace:", err)
			} else {
				fmt.Fprintln(stdout, "launcher: trace written to", o.trace)
			}
		}()
	}
	_, last, err := sample.Run(s, cfg, headless)
	if err != nil {
		fmt.Fprintf(stderr, "launcher: %s: %v\n", s.Name, err)
		return 1
	}
	if o.screenshot != "" {
		if last == nil {
			fmt.Fprintf(stderr, "launcher: %s: no frame was captured\n", s.Name)
			return 1
		}
		path := filepath.Join(o.screenshot, s.Name+".png")
		if err := writePNG(path, last); err != nil {
			fmt.Fprintln(stderr, "launcher:", err)
			return 1
		}
		fmt.Fprintln(stdout, "launcher: wrote", path)
	}
	return 0
}

// frameStats collects a run's frame statistics from the Director's EndFrame.
type frameStats struct {
	frames    int
	last      time.Time
	total     time.Duration // sum of frame times (end of frame to end of frame)
	drawCalls int
	items     int
}

// attach subscribes to g's frames.
func (st *frameStats) attach(g *tact.Game) {
	st.last = time.Now()
	g.Director().EndFrame.On(func(*director.Director) {
		now := time.Now()
		st.frames++
		st.total += now.Sub(st.last)
		st.last = now
		rs := g.Renderer().Stats() // the last frame the renderer finished
		st.drawCalls += rs.DrawCalls
		st.items += rs.Items
	})
}

// String formats the means per frame.
func (st *frameStats) String() string {
	n := float64(max(st.frames, 1))
	return fmt.Sprintf("frames=%d mean_frame_ms=%.2f draw_calls=%.1f items=%.1f",
		st.frames, st.total.Seconds()*1000/n, float64(st.drawCalls)/n, float64(st.items)/n)
}

// renderAll renders every sample offscreen for -frames frames (3 seconds of
// game time by default) at a fixed dt of 1/60 s, driven by its Script, and
// writes OUT/NAME.png. A failing sample does not stop the others; the exit
// status is 1 if any failed.
func renderAll(o options, stdout, stderr io.Writer) int {
	frames := o.frames
	if frames == 0 {
		frames = headlessFrames
	}
	fmt.Fprintf(stdout, "launcher: no display: rendering %d samples offscreen for %d frames each into %s/\n",
		len(samples), frames, o.out)
	failed := 0
	for _, s := range samples {
		var st frameStats
		wrapped := s
		wrapped.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
			st.attach(g)
			return s.Start(g)
		}
		cfg := tact.Config{Headless: true, FixedDT: 1.0 / 60, MaxFrames: frames, RenderOnMain: o.renderOnMain}
		_, last, err := sample.Run(wrapped, cfg, true)
		if err == nil && last == nil {
			err = fmt.Errorf("no frame was captured")
		}
		path := filepath.Join(o.out, s.Name+".png")
		if err == nil {
			err = writePNG(path, last)
		}
		if err != nil {
			fmt.Fprintf(stderr, "launcher: %s: FAILED: %v\n", s.Name, err)
			failed++
			continue
		}
		fmt.Fprintf(stdout, "  %-12s %s  %s\n", s.Name, path, &st)
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "launcher: %d of %d samples failed\n", failed, len(samples))
		return 1
	}
	return 0
}

// writePNG writes img to path, creating its folder.
func writePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

// traceSample makes s's Start attach a frame trace written to o.trace, and
// returns the function that ends the trace and closes the file.
func traceSample(s *sample.Sample, o options) (stop func() error, err error) {
	f, err := os.Create(o.trace)
	if err != nil {
		return nil, err
	}
	detail := profiler.TracePhases
	if o.traceCallbacks {
		detail = profiler.TraceCallbacks
	}
	tr, err := profiler.StartTrace(f, detail)
	if err != nil {
		f.Close()
		return nil, err
	}
	start, attached := s.Start, false
	s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
		if !attached { // Restart calls Start again
			tr.Attach(g.Director())
			attached = true
		}
		return start(g)
	}
	return func() error { return errors.Join(tr.Stop(), f.Close()) }, nil
}

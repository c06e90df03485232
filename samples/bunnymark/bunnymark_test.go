package bunnymark

import (
	"bytes"
	"flag"
	"image"
	"math"
	"regexp"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

// TestMain serves SDL work on the main OS thread; see platformtest.
func TestMain(m *testing.M) { platformtest.Main(m) }

type pos struct{ x, y float32 }

// run runs bunnymark headless with args (its flags), measuring frames frames,
// with drive (if not nil) as its script, and returns the bunnies' positions in
// the last frame, the last frame as drawn and the RESULT line.
func run(t *testing.T, renderOnMain bool, frames uint64, drive func(*tact.Game, uint64), args ...string) ([]pos, *image.RGBA, string) {
	t.Helper()
	saved, savedOut := Options, Output
	t.Cleanup(func() { Options, Output = saved, savedOut })
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	Sample.Flags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Output = &out

	var got []pos
	s := Sample
	// The script runs at the end of every frame: keep the positions of the
	// last one, which is the frame the screenshot shows.
	s.Script = func(g *tact.Game, frame uint64) {
		if drive != nil {
			drive(g, frame)
		}
		b := findBunnies(g)
		if b == nil {
			return
		}
		got = got[:0]
		for i := 0; i < b.Len(); i++ {
			x, y := b.Position(i)
			got = append(got, pos{x, y})
		}
	}
	cfg := sampletest.Config(frames)
	cfg.RenderOnMain = renderOnMain
	_, last := sampletest.RunConfig(t, s, cfg)
	return got, last, strings.TrimSpace(out.String())
}

func findBunnies(g *tact.Game) *Bunnies {
	for _, n := range g.Director().Scene().Children() {
		for _, c := range n.Components() {
			if b, ok := c.(*Bunnies); ok {
				return b
			}
		}
	}
	return nil
}

func TestHeadless(t *testing.T) {
	for _, c := range []struct {
		name         string
		renderOnMain bool
		bulk         bool
	}{{"renderthread", false, false}, {"renderonmain", true, false}, {"bulk", false, true}, {"bulk-renderonmain", true, true}} {
		renderOnMain := c.renderOnMain
		t.Run(c.name, func(t *testing.T) {
			const n = 12
			args := []string{"-n", "12", "-seed", "7", "-warmup", "5"}
			if c.bulk {
				args = append(args, "-bulk")
			}
			bunnies, img, result := run(t, renderOnMain, 10, nil, args...)
			if len(bunnies) != n {
				t.Fatalf("%d bunnies at the end, want %d", len(bunnies), n)
			}
			if img.Bounds().Dx() != screenW || img.Bounds().Dy() != screenH {
				t.Fatalf("screenshot is %v, want %dx%d", img.Bounds(), screenW, screenH)
			}
			if c := sampletest.Colors(img); c < 2 {
				t.Fatalf("screenshot has %d distinct colors: blank", c)
			}
			checkBunnyDrawn(t, img, bunnies)
			checkResult(t, result, renderOnMain)
			if mode := map[bool]string{false: " mode=nodes ", true: " mode=bulk "}[c.bulk]; !strings.Contains(result, mode) {
				t.Errorf("RESULT does not say%s: %q", mode, result)
			}
		})
	}
}

// checkBunnyDrawn finds a bunny that no other bunny overlaps and checks that
// the pixel at its center shows the texture's center.
func checkBunnyDrawn(t *testing.T, img *image.RGBA, bunnies []pos) {
	t.Helper()
	checked := 0
	for i, b := range bunnies {
		covered := false
		for j, o := range bunnies {
			if i != j && abs(o.x-b.x) < texSize && abs(o.y-b.y) < texSize {
				covered = true
			}
		}
		if covered {
			continue
		}
		// Pixel (px, py) covers [px, px+1); its center is at texel
		// coordinate px+0.5-x. Inside the border the texture's red is 8*x
		// and its green 8*y at texel (x, y), so bilinear sampling gives
		// 8*(t-0.5) for a texel coordinate t.
		px, py := int(b.x)+texSize/2, int(b.y)+texSize/2
		tx, ty := float32(px)+0.5-b.x, float32(py)+0.5-b.y
		want := [3]float32{8 * (tx - 0.5), 8 * (ty - 0.5), 200}
		c := img.RGBAAt(px, py)
		got := [3]float32{float32(c.R), float32(c.G), float32(c.B)}
		for k := range want {
			if abs(got[k]-want[k]) > 12 {
				t.Errorf("bunny %d at (%.1f, %.1f): pixel (%d, %d) is %v, want about %v", i, b.x, b.y, px, py, got, want)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("every bunny is overlapped: pick another seed")
	}
}

// checkResult parses the RESULT line.
func checkResult(t *testing.T, line string, renderOnMain bool) {
	t.Helper()
	if !strings.HasPrefix(line, "RESULT ") || strings.Count(line, "\n") != 0 {
		t.Fatalf("output is not one RESULT line: %q", line)
	}
	fields := map[string]string{}
	for _, f := range strings.Fields(line)[1:] {
		k, v, _ := strings.Cut(f, "=")
		fields[k] = v
	}
	for _, k := range []string{"engine", "n", "scale", "frames", "elapsed", "fps", "ms_per_frame", "draw_cpu", "update_cpu",
		"p50", "p95", "p99", "max", "updates", "gc_cycles", "gc_pause_total", "alloc_per_frame", "heap_inuse",
		"draw_calls", "hidden_sprites", "render_thread_ms"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("RESULT has no %s: %q", k, line)
		}
	}
	want := map[string]string{"engine": "tact", "n": "12", "frames": "10", "updates": "15", "draw_calls": "1.0"}
	if renderOnMain {
		want["render_on_main"] = "true"
	}
	for k, v := range want {
		if fields[k] != v {
			t.Errorf("RESULT %s=%s, want %s: %q", k, fields[k], v, line)
		}
	}
}

// TestKeysChangeCount presses Up twice and Down once: 1000 more bunnies, and
// the RESULT line says so.
func TestKeysChangeCount(t *testing.T) {
	drive := func(g *tact.Game, frame uint64) {
		in := g.Input()
		switch frame {
		case 0, 2:
			in.InjectKey(platform.KeyUp, true)
		case 1, 3:
			in.InjectKey(platform.KeyUp, false)
		case 4:
			in.InjectKey(platform.KeyDown, true)
		case 5:
			in.InjectKey(platform.KeyDown, false)
		}
	}
	bunnies, _, result := run(t, false, 4, drive, "-n", "10", "-warmup", "8")
	if len(bunnies) != 1010 {
		t.Fatalf("%d bunnies, want 1010", len(bunnies))
	}
	if !regexp.MustCompile(` n=1010 .* n_start=10$`).MatchString(result) {
		t.Errorf("RESULT does not report the change: %q", result)
	}
}

func abs(x float32) float32 { return float32(math.Abs(float64(x))) }

// TestSteadyFramesAllocateNothing counts the heap allocations of the whole
// process over 100 steady frames (the engine promises none). A few are
// tolerated: the Go runtime itself now and then allocates a sudog when the
// main thread blocks on the render thread's channel, or an M when a thread
// blocks in cgo; an allocation in a frame's code would count 100 or more.
func TestSteadyFramesAllocateNothing(t *testing.T) {
	const from, frames = 40, 100 // inside the measured frames (30 to 159)
	for _, c := range []struct {
		renderOnMain bool
		args         []string
	}{
		{false, []string{"-n", "300", "-warmup", "30"}},
		{true, []string{"-n", "300", "-warmup", "30"}},
		{false, []string{"-n", "5000", "-warmup", "30", "-bulk"}},
		{true, []string{"-n", "5000", "-warmup", "30", "-bulk"}},
	} {
		renderOnMain := c.renderOnMain
		var before, after goruntime.MemStats
		drive := func(g *tact.Game, frame uint64) {
			switch frame {
			case from:
				goruntime.ReadMemStats(&before)
			case from + frames:
				goruntime.ReadMemStats(&after)
			}
		}
		_, _, result := run(t, renderOnMain, 130, drive, c.args...)
		mallocs := after.Mallocs - before.Mallocs
		t.Logf("render on main %v: %d allocations, %d bytes in %d frames; %s", renderOnMain,
			mallocs, after.TotalAlloc-before.TotalAlloc, frames, result)
		if mallocs >= frames/10 {
			t.Errorf("render on main %v: %d heap allocations in %d steady frames", renderOnMain, mallocs, frames)
		}
	}
}

package gl

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

// SoftwareRenderer reports whether b's driver is a software rasterizer,
// where HiddenSpritesAuto leaves hidden sprites out (for the tests of
// package gl_test).
func SoftwareRenderer(b *Backend) bool { return b.software }

// squareRun returns n axis-aligned squares of random sides (some mirrored)
// at random fractional positions inside a w×h view of one world unit per
// pixel.
func squareRun(r *rand.Rand, n, w, h int) []render.SpriteInstance {
	run := make([]render.SpriteInstance, n)
	for i := range run {
		side := []float32{1, 2, 3, 4, 4, 4, 5.5, 8}[r.Intn(8)]
		x := r.Float32() * (float32(w) - side)
		y := r.Float32() * (float32(h) - side)
		if i%6 == 0 { // edges on pixel centers and on pixel borders
			x, y = float32(int(x))+0.5*float32(i%2), float32(int(y))+0.5*float32(i/6%2)
		}
		ax, by := side, side
		if i%4 == 1 {
			x, ax = x+side, -side
		}
		if i%5 == 2 {
			y, by = y+side, -side
		}
		run[i] = render.SpriteInstance{X: x, Y: y, AX: ax, BY: by, Color: 0xffffffff}
	}
	return run
}

// pixelsOf returns the pixels whose centers the square of in covers
// (GL's point rasterization: the square of side |AX| about its center),
// worked out exactly in float64.
func pixelsOf(in *render.SpriteInstance, w, h int) []int {
	cx, cy := float64(in.X)+0.5*float64(in.AX), float64(in.Y)+0.5*float64(in.BY)
	half := 0.5 * math.Abs(float64(in.AX))
	var px []int
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if fx, fy := float64(x)+0.5, float64(y)+0.5; fx >= cx-half && fx < cx+half && fy >= cy-half && fy < cy+half {
				px = append(px, y*w+x)
			}
		}
	}
	return px
}

// The hidden-sprite test leaves out no sprite that shows a pixel in the
// finished picture, and leaves out most of those that show none (those
// whose pixels the later sprites all cover, as worked out pixel by pixel).
func TestVisibleSpritesAgainstPixels(t *testing.T) {
	const w, h = 48, 40
	r := rand.New(rand.NewSource(1))
	for _, flip := range []bool{false, true} {
		run := squareRun(r, 1500, w, h)
		v := pointView{kx: 1, ky: 1, w: w, h: h, single: true}
		if flip { // a view mirrored in y: world y up is pixel y down
			v.ky, v.by = -1, h
		}
		var c coverage
		out := make([]uint32, len(run))
		out = out[:visibleSprites(run, &v, &c, out)]
		shown := make(map[int]bool, len(out))
		for i, k := range out {
			if i > 0 && k <= out[i-1] {
				t.Fatalf("flip %v: shown sprites out of order: %d after %d", flip, k, out[i-1])
			}
			shown[int(k)] = true
		}
		// Paint back to front: a sprite shows if some pixel of it is not
		// yet painted by a later one.
		painted := make([]bool, w*h)
		mustShow, hidden, found := 0, 0, 0
		for k := len(run) - 1; k >= 0; k-- {
			in := run[k]
			if flip {
				in.Y, in.BY = h-in.Y, -in.BY // into pixel space
			}
			shows := false
			for _, p := range pixelsOf(&in, w, h) {
				if !painted[p] {
					shows, painted[p] = true, true
				}
			}
			switch {
			case shows:
				mustShow++
				if !shown[k] {
					t.Errorf("flip %v: sprite %d (%+v) shows but was left out", flip, k, run[k])
				}
			default:
				hidden++
				if !shown[k] {
					found++
				}
			}
		}
		if hidden < len(run)/4 || found < hidden*3/4 {
			t.Errorf("flip %v: %d of %d hidden sprites left out (%d must show)", flip, found, hidden, mustShow)
		}
		if testing.Verbose() {
			t.Logf("flip %v: %d of %d hidden sprites left out (%d must show)", flip, found, hidden, mustShow)
		}
	}
}

// The coverage bitmap marks and tests spans across word boundaries.
func TestCoverageSpans(t *testing.T) {
	var c coverage
	c.reset(150, 3)
	c.mark(60, 130, 1, 1)
	for _, q := range []struct {
		x0, x1, y0, y1 int
		want           bool
	}{
		{60, 130, 1, 1, true}, {63, 64, 1, 1, true}, {127, 128, 1, 1, true},
		{59, 60, 1, 1, false}, {130, 131, 1, 1, false}, {60, 130, 0, 1, false}, {149, 149, 1, 1, false},
	} {
		if got := c.covered(q.x0, q.x1, q.y0, q.y1); got != q.want {
			t.Errorf("covered(%d..%d, %d..%d) = %v, want %v", q.x0, q.x1, q.y0, q.y1, got, q.want)
		}
	}
	c.reset(150, 3)
	if c.covered(60, 60, 1, 1) {
		t.Error("reset left pixels set")
	}
}

// BenchmarkVisibleSprites200k measures the hidden-sprite test of a
// bunnymark frame: 200,000 4×4 squares in 800×600.
func BenchmarkVisibleSprites200k(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	run := make([]render.SpriteInstance, 200000)
	for i := range run {
		run[i] = render.SpriteInstance{X: r.Float32() * 796, Y: r.Float32() * 596, AX: 4, BY: 4, Color: 0xffffffff}
	}
	v := pointView{kx: 1, ky: 1, w: 800, h: 600, single: true}
	var c coverage
	out := make([]uint32, len(run))
	b.ReportAllocs()
	shown := 0
	for b.Loop() {
		shown = visibleSprites(run, &v, &c, out)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(run)), "ns/sprite")
	b.ReportMetric(float64(len(run)-shown), "hidden")
}

// centers finds the pixels whose centers lie in a range, counting ranges
// that start left of the bitmap as starting at pixel -1.
func TestCenters(t *testing.T) {
	for _, q := range []struct {
		lo, hi      float32
		first, last int
	}{
		{0, 4, 0, 3}, {0.5, 4.5, 0, 4}, {0.51, 4.49, 1, 3}, {2.25, 6.25, 2, 5},
		{3.6, 3.9, 4, 3}, {-0.2, 1, 0, 0}, {-0.6, 1, -1, 0}, {-40, -3, -1, -1}, {799.5, 800, 799, 799},
	} {
		if f, l := centers(q.lo, q.hi); f != q.first || l != q.last {
			t.Errorf("centers(%v, %v) = %d, %d; want %d, %d", q.lo, q.hi, f, l, q.first, q.last)
		}
	}
}

// LiveFences returns how many frame fences b holds (not in LiveObjects).
func LiveFences(b *Backend) int { return b.fences.live }

// The environment variable sets the mode only where Options leaves it at
// auto; a value that names no mode is an error naming the variable.
func TestHiddenModeFromEnv(t *testing.T) {
	for _, c := range []struct {
		opt  HiddenSpriteMode
		env  string
		want HiddenSpriteMode
	}{
		{HiddenSpritesAuto, "", HiddenSpritesAuto},
		{HiddenSpritesAuto, "auto", HiddenSpritesAuto},
		{HiddenSpritesAuto, "on", HiddenSpritesOn},
		{HiddenSpritesAuto, " OFF ", HiddenSpritesOff},
		{HiddenSpritesOn, "off", HiddenSpritesOn},
		{HiddenSpritesOff, "on", HiddenSpritesOff},
		{HiddenSpritesOff, "bogus", HiddenSpritesOff},
	} {
		got, err := hiddenModeFor(c.opt, c.env)
		if err != nil || got != c.want {
			t.Errorf("hiddenModeFor(%v, %q) = %v, %v; want %v", c.opt, c.env, got, err, c.want)
		}
	}
	got, err := hiddenModeFor(HiddenSpritesAuto, "yes")
	if err == nil || got != HiddenSpritesAuto || !strings.Contains(err.Error(), HiddenSpritesEnv) || !strings.Contains(err.Error(), `"yes"`) {
		t.Errorf(`hiddenModeFor(auto, "yes") = %v, %v; want auto and an error naming %s and the value`, got, err, HiddenSpritesEnv)
	}
}

package gl

import (
	"fmt"
	"strings"

	"github.com/tact-engine/tact/render"
)

// HiddenSpriteMode selects whether a point-sprite batch drawn without
// blending leaves out the sprites that later sprites of the same batch
// cover completely (see the package documentation).
type HiddenSpriteMode uint8

const (
	// HiddenSpritesAuto leaves hidden sprites out on a software rasterizer
	// (Mesa's llvmpipe or softpipe, SwiftShader), where every fragment costs
	// CPU time, and draws them all on a GPU, where the test on the CPU would
	// cost more than the fragments it saves. On a software rasterizer it
	// also watches what the test finds: after a frame in which the test
	// left out less than 1/12 of the sprites it tested, it skips the test
	// in the next 32 frames that draw sprites and then tries again (see
	// hiddenAuto), so that a scene where little is hidden pays for the test
	// in one frame of 33.
	HiddenSpritesAuto HiddenSpriteMode = iota
	// HiddenSpritesOn leaves hidden sprites out on any driver.
	HiddenSpritesOn
	// HiddenSpritesOff draws every sprite.
	HiddenSpritesOff
)

// String returns the mode's name.
func (m HiddenSpriteMode) String() string {
	switch m {
	case HiddenSpritesAuto:
		return "auto"
	case HiddenSpritesOn:
		return "on"
	case HiddenSpritesOff:
		return "off"
	}
	return "HiddenSpriteMode(?)"
}

// HiddenSpritesEnv is the environment variable that sets the hidden-sprite
// test's mode where Options.HiddenSprites leaves it at HiddenSpritesAuto:
// "on" or "off" (also "auto"), so that a benchmark can compare both ways
// in one binary (samples/bunnymark/compare.sh). Any other value is
// ignored and reported by hiddenModeFor.
const HiddenSpritesEnv = "TACT_HIDDEN_SPRITES"

// hiddenModeFor returns the mode a backend uses: opt, or, when opt is
// HiddenSpritesAuto, the mode env (the value of HiddenSpritesEnv) names.
// An env value that names no mode leaves opt and comes back as an error
// naming the variable and the value.
func hiddenModeFor(opt HiddenSpriteMode, env string) (HiddenSpriteMode, error) {
	if opt != HiddenSpritesAuto {
		return opt, nil
	}
	switch strings.ToLower(strings.TrimSpace(env)) {
	case "", "auto":
		return HiddenSpritesAuto, nil
	case "on":
		return HiddenSpritesOn, nil
	case "off":
		return HiddenSpritesOff, nil
	}
	return opt, fmt.Errorf("gl: %s=%q: want on, off or auto", HiddenSpritesEnv, env)
}

// minHiddenBatch is the fewest sprites a batch needs for the hidden-sprite
// test: below it, clearing the coverage bitmap costs more than the
// sprites a small batch could hide.
const minHiddenBatch = 1024

// hiddenOverdraw is how many times over a batch's sprites must be able to
// cover the viewport for the hidden-sprite test (sprites × mean side² in
// pixels against the viewport's pixels). The test runs before the batch's
// first draw, so its time adds to the frame's, while what it saves is
// spread over the rasterizer's threads; below this, too few sprites are
// hidden to pay for it. The 50,000-sprite bunnymark, whose sprites cover
// the window 1.7 times over, hides 12% of them and runs about 7% faster
// (medians of 9 alternating runs on llvmpipe, 2 cores); the 200,000-sprite
// one (6.7 times over) hides 63% and runs in a little over half the time.
const hiddenOverdraw = 1.5

// hiddenMargin is how far, in pixels, a sprite's edge must clear a pixel
// center for the test to count on the rasterizer's decision about it. GL
// rasterizers snap vertices to 1/256 pixel or finer and the vertex shader
// rounds in float32 like the test does, so 1/16 leaves a wide margin.
const hiddenMargin = 1.0 / 16

// softwareRenderer reports whether GL_RENDERER names a software rasterizer.
func softwareRenderer(name string) bool {
	name = strings.ToLower(name)
	for _, s := range [...]string{"llvmpipe", "softpipe", "swiftshader", "software rasterizer"} {
		if strings.Contains(name, s) {
			return true
		}
	}
	return false
}

// pointView is how a pass maps world coordinates to pixels of its
// viewport where it maps both axes alike, as point sprites need:
// x' = kx·x + bx, y' = ky·y + by (y' upwards from the viewport's bottom
// edge, as GL's window coordinates). kx and ky are zero in other passes.
type pointView struct {
	kx, bx, ky, by float32
	w, h           int  // viewport size in pixels
	single         bool // the target has one sample per pixel: the hidden-sprite test may run
}

// coverage is a bitmap of the pixels of a viewport that the sprites
// already tested (the later ones of a batch) certainly write.
type coverage struct {
	w, h, words int // pixels across, rows, 64-bit words per row
	bits        []uint64
}

// reset clears the bitmap for a w×h viewport.
func (c *coverage) reset(w, h int) {
	c.w, c.h, c.words = w, h, (w+63)/64
	n := c.words * h
	if cap(c.bits) < n {
		c.bits = make([]uint64, n)
		return
	}
	c.bits = c.bits[:n]
	clear(c.bits)
}

// spanMask returns a word with bits a..b (0 ≤ a ≤ b ≤ 63) set.
func spanMask(a, b int) uint64 {
	return ^uint64(0) >> (63 - b) &^ (1<<a - 1)
}

// covered reports whether every pixel in columns x0..x1 of rows y0..y1
// (inclusive, inside the bitmap) is set.
func (c *coverage) covered(x0, x1, y0, y1 int) bool {
	if i := x0 >> 6; i == x1>>6 { // within one word, as small sprites mostly are
		m := spanMask(x0&63, x1&63)
		for j := y0*c.words + i; j <= y1*c.words+i; j += c.words {
			if c.bits[j]&m != m {
				return false
			}
		}
		return true
	}
	for y := y0; y <= y1; y++ {
		row := c.bits[y*c.words : (y+1)*c.words]
		for x := x0; x <= x1; {
			i := x >> 6
			end := min(x1, i<<6|63)
			m := spanMask(x&63, end&63)
			if row[i]&m != m {
				return false
			}
			x = end + 1
		}
	}
	return true
}

// mark sets the pixels in columns x0..x1 of rows y0..y1 (inclusive, inside
// the bitmap).
func (c *coverage) mark(x0, x1, y0, y1 int) {
	if i := x0 >> 6; i == x1>>6 {
		m := spanMask(x0&63, x1&63)
		for j := y0*c.words + i; j <= y1*c.words+i; j += c.words {
			c.bits[j] |= m
		}
		return
	}
	for y := y0; y <= y1; y++ {
		row := c.bits[y*c.words : (y+1)*c.words]
		for x := x0; x <= x1; {
			i := x >> 6
			end := min(x1, i<<6|63)
			row[i] |= spanMask(x&63, end&63)
			x = end + 1
		}
	}
}

// centers returns the first and last pixel whose center lies in [lo, hi]
// (last < first when none does). Bounds below -0.5 count as -0.5: the
// callers clip to pixels from 0 on, and treat a first pixel of -1 as off
// the bitmap.
func centers(lo, hi float32) (first, last int) {
	// max(lo-0.5, -1) and the same for hi, with plain compares: the
	// builtin's care for NaN and the sign of zero costs a dozen
	// instructions, and a compare gives the same result for both (a NaN
	// stays NaN, -0 stays -0), four to six times per sprite.
	lo, hi = lo-0.5, hi-0.5
	if lo < -1 {
		lo = -1
	}
	if hi < -1 {
		hi = -1
	}
	// Truncation is floor for the non-negative lo+1 and hi+1.
	first = int(lo+1) - 1
	if float32(first) < lo {
		first++
	}
	return first, int(hi+1) - 1
}

// visibleSprites writes to out, in drawing order, the indices into run of
// the sprites that some pixel of theirs may still show once the whole run
// is drawn as point sprites without blending through view v, and returns
// how many it wrote (out has room for len(run)). A sprite is left out only
// when every pixel it could possibly write is one a later sprite certainly
// writes: each write replaces the framebuffer's color, so the picture is
// the same, bit for bit.
func visibleSprites(run []render.SpriteInstance, v *pointView, c *coverage, out []uint32) int {
	c.reset(v.w, v.h)
	const d = hiddenMargin
	n := len(out)
	for k := len(run) - 1; k >= 0; k-- {
		in := &run[k]
		half := 0.5 * in.AX * v.kx // gl_PointSize/2, signed
		if half < 0 {
			half = -half
		}
		cx := v.kx*(in.X+0.5*in.AX) + v.bx
		cy := v.ky*(in.Y+0.5*in.BY) + v.by
		// The pixels the point may write: centers within the square grown
		// by the margin. It is hidden when all of them are set.
		x0, x1 := centers(cx-half-d, cx+half+d)
		y0, y1 := centers(cy-half-d, cy+half+d)
		if x0 >= 0 && y0 >= 0 && x1 < c.w && y1 < c.h && x0 <= x1 && y0 <= y1 {
			// Within one word of each row, as small sprites mostly are,
			// the test is written out here: no call per sprite.
			if i := x0 >> 6; i == x1>>6 {
				m, bits, words := spanMask(x0&63, x1&63), c.bits, c.words
				j, end := y0*words+i, y1*words+i
				for j <= end && bits[j]&m == m {
					j += words
				}
				if j > end {
					continue
				}
			} else if c.covered(x0, x1, y0, y1) {
				continue
			}
		}
		// The pixels it certainly writes: centers within the square shrunk
		// by the margin.
		x0, x1 = centers(cx-half+d, cx+half-d)
		y0, y1 = centers(cy-half+d, cy+half-d)
		x0, y0 = max(x0, 0), max(y0, 0)
		x1, y1 = min(x1, c.w-1), min(y1, c.h-1)
		if x0 <= x1 && y0 <= y1 {
			if i := x0 >> 6; i == x1>>6 {
				m, bits, words := spanMask(x0&63, x1&63), c.bits, c.words
				for j, end := y0*words+i, y1*words+i; j <= end; j += words {
					bits[j] |= m
				}
			} else {
				c.mark(x0, x1, y0, y1)
			}
		}
		n--
		out[n] = uint32(k)
	}
	copy(out, out[n:])
	return len(out) - n
}

// hiddenMinShare is the share of the tested sprites that the hidden-sprite
// test must leave out for HiddenSpritesAuto to keep running it. The test
// costs 30 to 60 ns per sprite on the render thread, before the batch's
// first draw; each sprite it leaves out saves llvmpipe about 1 µs of CPU
// time (its vertex and setup work on the render thread and its
// rasterization on the rasterizer threads, at 4×4 pixels, measured with
// perf: see the README's many-sprites section). So it pays for itself from
// about 6% on; below 1/12 the gain is within the noise and the cost is
// sure.
const hiddenMinShare = 1.0 / 12

// hiddenRecheck is how many frames HiddenSpritesAuto goes without the test
// after a frame in which it left out less than hiddenMinShare: then it
// tests one frame again. At 60 frames per second a scene that becomes
// crowded gets the test back within about half a second, and one that
// stays sparse pays for one tested frame in 33.
const hiddenRecheck = 32

// hiddenAuto decides in which frames HiddenSpritesAuto runs the
// hidden-sprite test on a software rasterizer: every frame while the test
// leaves out at least hiddenMinShare of the sprites it tests, and
// otherwise one frame in hiddenRecheck+1, to see whether that changed. It
// only counts frames and sprites, so its choices are the same on every
// machine for the same frames.
type hiddenAuto struct {
	skip int // frames still to go without the test
}

// frame reports whether the test may run in the frame about to be drawn,
// and counts it.
func (a *hiddenAuto) frame() bool {
	if a.skip > 0 {
		a.skip--
		return false
	}
	return true
}

// tested takes the result of a frame in which frame reported true: the
// sprites of the batches tested and how many of them were left out. A
// frame that tested no batch says nothing and changes nothing.
func (a *hiddenAuto) tested(sprites, hidden int) {
	if sprites > 0 && float64(hidden) < hiddenMinShare*float64(sprites) {
		a.skip = hiddenRecheck
	}
}

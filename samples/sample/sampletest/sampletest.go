// Package sampletest holds what the samples' tests share: a headless,
// scripted run of a sample on the main thread, saving its picture to look
// at, and a few pixel checks.
//
// Run and RunConfig call platformtest.Do, so the test binary's TestMain must
// call platformtest.Main:
//
//	func TestMain(m *testing.M) { platformtest.Main(m) }
//
//	func TestScene(t *testing.T) {
//		g, img := sampletest.Run(t, Sample, 60)
//		sampletest.SavePNG(t, img, "scene.png")
//		...
//	}
package sampletest

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/internal/golden"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/samples/sample"
)

// ShotDirEnv names the environment variable that SavePNG reads: the folder
// to write pictures to, or empty for none.
const ShotDirEnv = "TACT_SHOT_DIR"

// MaxColors is where Colors stops counting.
const MaxColors = 256

// Config returns the configuration of a test run of frames frames: headless,
// at a fixed 1/60 s per frame, with panics failing the run.
func Config(frames uint64) tact.Config {
	return tact.Config{Headless: true, FixedDT: 1.0 / 60, MaxFrames: frames, PanicFatal: true}
}

// Run runs s headless for frames frames (Config(frames)), with its Script,
// and returns the Game and its last frame as drawn. See RunConfig.
func Run(t testing.TB, s sample.Sample, frames uint64) (*tact.Game, *image.RGBA) {
	t.Helper()
	return RunConfig(t, s, Config(frames))
}

// RunConfig runs s with cfg (after s.Configure) on the main thread, through
// platformtest.Do and sample.Run, calling s.Script (when set) at the end of
// every frame, and returns the Game and the last frame as drawn. It ends the
// test (t.Fatal, from the calling goroutine) if the run fails or gives no
// picture, so cfg must set MaxFrames and not NoGraphics. To run without the
// script, clear s.Script.
func RunConfig(t testing.TB, s sample.Sample, cfg tact.Config) (*tact.Game, *image.RGBA) {
	t.Helper()
	var (
		g   *tact.Game
		img *image.RGBA
		err error
	)
	platformtest.Do(func() { g, img, err = sample.Run(s, cfg, true) })
	if err != nil {
		t.Fatalf("run %s: %v", s.Name, err)
	}
	if img == nil {
		t.Fatalf("run %s: no screenshot of the last frame", s.Name)
	}
	return g, img
}

// SavePNG writes img as PNG file name in the folder named by $TACT_SHOT_DIR,
// when it is set, for a person to look at. It does nothing otherwise; a
// failure to write is logged, not a test failure.
func SavePNG(t testing.TB, img *image.RGBA, name string) {
	t.Helper()
	dir := os.Getenv(ShotDirEnv)
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Log(err)
		return
	}
	if err := png.Encode(f, img); err != nil {
		t.Log(err)
	}
	if err := f.Close(); err != nil {
		t.Log(err)
	}
}

// Colors returns the number of distinct colors (alpha included) in img's
// pixels, counting up to MaxColors: a picture with fewer than 2 is blank.
func Colors(img image.Image) int {
	if m, ok := img.(*image.RGBA); ok {
		seen := map[[4]byte]bool{}
		b := m.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := m.Pix[m.PixOffset(b.Min.X, y):m.PixOffset(b.Max.X, y)]
			for i := 0; i+4 <= len(row); i += 4 {
				seen[[4]byte(row[i:i+4])] = true
				if len(seen) >= MaxColors {
					return len(seen)
				}
			}
		}
		return len(seen)
	}
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
			if len(seen) >= MaxColors {
				return len(seen)
			}
		}
	}
	return len(seen)
}

// Near reports whether a and b differ by at most tol in each of red, green
// and blue (alpha is not compared).
func Near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// RGBA returns c as an image color, to compare with a screenshot's pixels.
func RGBA(c render.Color) color.RGBA { return color.RGBA{c.R(), c.G(), c.B(), c.A()} }

// HasBright reports whether a pixel of img in r (clipped to img's bounds) is
// bright: red, green and blue all above 170, as text drawn in white or light
// colors is.
func HasBright(img *image.RGBA, r image.Rectangle) bool {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := img.RGBAAt(x, y); c.R > 170 && c.G > 170 && c.B > 170 {
				return true
			}
		}
	}
	return false
}

// Golden compares img with the sample's testdata/golden/NAME.png within a
// small per-pixel tolerance; on a mismatch it writes the actual picture and
// a diff under testdata/failures and fails. With $TACT_UPDATE_GOLDEN=1 it
// rewrites the golden image instead (look at it before committing).
func Golden(t testing.TB, name string, img *image.RGBA) {
	t.Helper()
	golden.Check(t, name, img, false)
}

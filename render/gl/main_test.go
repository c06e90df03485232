package gl_test

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/gl/gltest"
)

const screenW, screenH = 64, 48

// testSurface is nil when no GL context could be made; GL tests then skip,
// or fail with $TACT_REQUIRE_GL=1 (skipOrFail).
var testSurface *gltest.Surface

func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "render/gl", screenW, screenH, &testSurface)) }

// harness is a renderer over a fresh GL backend.
type harness struct {
	t      testing.TB
	r      *render.Renderer
	b      *gl.Backend
	onMain bool
}

// newHarness starts a renderer; OnMainThread harnesses lock the test goroutine
// to its thread until Close, as the GL context is current there.
func newHarness(t testing.TB, onMain bool, opts gl.Options) *harness {
	t.Helper()
	if testSurface == nil {
		skipOrFail(t, "no GL context (SDL offscreen video driver unavailable)")
	}
	opts.NoSwap = true
	if opts.Shaders == nil {
		opts.Shaders = shaderFS
	}
	if onMain {
		runtime.LockOSThread()
	}
	b := gl.New(testSurface, opts)
	r, err := render.NewRenderer(b, render.Options{OnMainThread: onMain})
	if err != nil {
		if onMain {
			runtime.UnlockOSThread()
		}
		t.Fatal(err)
	}
	h := &harness{t: t, r: r, b: b, onMain: onMain}
	return h
}

// close shuts the renderer down and checks that no GL object is left.
func (h *harness) close() {
	h.t.Helper()
	if err := h.r.Close(); err != nil {
		h.t.Error(err)
	}
	if h.onMain {
		runtime.UnlockOSThread()
	}
	if n := h.b.LiveObjects(); n != 0 {
		h.t.Errorf("%d GL objects alive after Shutdown", n)
	}
}

// frame records one frame with record, reads the screen back, executes it and
// returns the picture, the frame's stats and its execution error.
func (h *harness) frame(record func(f *render.Frame)) (*image.RGBA, render.Stats, error) {
	h.t.Helper()
	f := h.r.Frame()
	f.SetScreenSize(screenW, screenH)
	record(f)
	got := make(chan *image.RGBA, 1)
	f.ReadPixels(0, render.Rect{}, func(img *image.RGBA) { got <- img })
	err := h.r.Submit()
	if !h.onMain {
		// Threaded: this Submit returns the previous frame's error; the next
		// one returns this frame's.
		if err != nil {
			h.t.Fatalf("previous frame: %v", err)
		}
		err = h.r.Submit()
	}
	return <-got, h.r.Stats(), err
}

// near reports whether two colors differ by at most tol in every channel.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// expect checks the pixel at (x, y) (top-left origin) and saves the picture
// under testdata/failures on a mismatch.
func expect(t *testing.T, img *image.RGBA, x, y int, want color.RGBA) {
	t.Helper()
	if got := img.RGBAAt(x, y); !near(got, want, 3) {
		t.Errorf("pixel (%d,%d) = %v, want %v", x, y, got, want)
		savePNG(t, img)
	}
}

func savePNG(t *testing.T, img image.Image) {
	dir := filepath.Join("testdata", "failures")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Log(err)
		return
	}
	name := filepath.Join(dir, filepath.Base(t.Name())+".png")
	f, err := os.Create(name)
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Log(err)
		return
	}
	t.Logf("wrote %s", name)
}

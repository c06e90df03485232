package gl_test

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/veandco/go-sdl2/sdl"
)

// SDL wants its window calls on the main OS thread: TestMain runs there.
func init() { runtime.LockOSThread() }

const screenW, screenH = 64, 48

// surface is the test's stand-in for the platform window: a hidden SDL window
// with a GL 3.3 core context, created and released on the main thread.
type surface struct {
	win *sdl.Window
	ctx sdl.GLContext
}

func (s *surface) MakeCurrent() error          { return s.win.GLMakeCurrent(s.ctx) }
func (s *surface) ReleaseCurrent() error       { return s.win.GLMakeCurrent(nil) }
func (s *surface) Swap()                       { s.win.GLSwap() }
func (s *surface) SetSwapInterval(m int) error { return sdl.GLSetSwapInterval(m) }

// testSurface is nil when no GL context could be made; GL tests then skip,
// or fail with $TACT_REQUIRE_GL=1 (skipOrFail).
var testSurface *surface

func TestMain(m *testing.M) {
	if os.Getenv("SDL_VIDEODRIVER") == "" {
		os.Setenv("SDL_VIDEODRIVER", "offscreen")
	}
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if err := sdl.Init(sdl.INIT_VIDEO); err != nil {
		fmt.Fprintln(os.Stderr, "render/gl tests: no SDL video, GL tests skip:", err)
		return m.Run()
	}
	defer sdl.Quit()
	sdl.GLSetAttribute(sdl.GL_CONTEXT_MAJOR_VERSION, 3)
	sdl.GLSetAttribute(sdl.GL_CONTEXT_MINOR_VERSION, 3)
	sdl.GLSetAttribute(sdl.GL_CONTEXT_PROFILE_MASK, sdl.GL_CONTEXT_PROFILE_CORE)
	sdl.GLSetAttribute(sdl.GL_DOUBLEBUFFER, 1)
	sdl.GLSetAttribute(sdl.GL_DEPTH_SIZE, 24)
	win, err := sdl.CreateWindow("tact render/gl test", sdl.WINDOWPOS_UNDEFINED, sdl.WINDOWPOS_UNDEFINED,
		screenW, screenH, sdl.WINDOW_OPENGL|sdl.WINDOW_HIDDEN)
	if err != nil {
		fmt.Fprintln(os.Stderr, "render/gl tests: no window, GL tests skip:", err)
		return m.Run()
	}
	defer win.Destroy()
	ctx, err := win.GLCreateContext()
	if err != nil {
		fmt.Fprintln(os.Stderr, "render/gl tests: no GL 3.3 core context, GL tests skip:", err)
		return m.Run()
	}
	// The backend makes the context current on whichever thread runs it.
	if err := win.GLMakeCurrent(nil); err != nil {
		fmt.Fprintln(os.Stderr, "render/gl tests: release context:", err)
		return 1
	}
	testSurface = &surface{win, ctx}
	code := m.Run()
	sdl.GLDeleteContext(ctx)
	return code
}

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

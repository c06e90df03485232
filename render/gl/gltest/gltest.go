package gltest

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// SDL wants its window calls on the main OS thread; package init runs
// there, and TestMain after it.
func init() { runtime.LockOSThread() }

// Surface is a hidden window's GL context, a render/gl.Surface. No thread
// holds the context current until the backend makes it so.
type Surface struct {
	Window  *sdl.Window
	Context sdl.GLContext
}

// MakeCurrent makes the context current on the calling thread.
func (s *Surface) MakeCurrent() error { return s.Window.GLMakeCurrent(s.Context) }

// ReleaseCurrent releases the context from the calling thread.
func (s *Surface) ReleaseCurrent() error { return s.Window.GLMakeCurrent(nil) }

// Swap swaps the window's buffers.
func (s *Surface) Swap() { s.Window.GLSwap() }

// SetSwapInterval sets the swap interval of the current context.
func (s *Surface) SetSwapInterval(m int) error { return sdl.GLSetSwapInterval(m) }

// Main opens a hidden w×h window with a GL 3.3 core context, stores its
// Surface in *surface, runs the tests and closes the window; it returns
// m.Run's exit code. Where no context can be made (no SDL video, no GL
// 3.3) it says why on standard error, leaves *surface nil and runs the
// tests anyway: GL tests then skip, or fail under $TACT_REQUIRE_GL=1. name
// labels the messages.
func Main(m *testing.M, name string, w, h int, surface **Surface) int {
	if os.Getenv("SDL_VIDEODRIVER") == "" {
		os.Setenv("SDL_VIDEODRIVER", "offscreen")
	}
	if err := sdl.Init(sdl.INIT_VIDEO); err != nil {
		fmt.Fprintln(os.Stderr, name+" tests: no SDL video, GL tests skip:", err)
		return m.Run()
	}
	defer sdl.Quit()
	sdl.GLSetAttribute(sdl.GL_CONTEXT_MAJOR_VERSION, 3)
	sdl.GLSetAttribute(sdl.GL_CONTEXT_MINOR_VERSION, 3)
	sdl.GLSetAttribute(sdl.GL_CONTEXT_PROFILE_MASK, sdl.GL_CONTEXT_PROFILE_CORE)
	sdl.GLSetAttribute(sdl.GL_DOUBLEBUFFER, 1)
	sdl.GLSetAttribute(sdl.GL_DEPTH_SIZE, 24)
	sdl.GLSetAttribute(sdl.GL_STENCIL_SIZE, 8)
	win, err := sdl.CreateWindow("tact "+name+" test", sdl.WINDOWPOS_UNDEFINED, sdl.WINDOWPOS_UNDEFINED,
		int32(w), int32(h), sdl.WINDOW_OPENGL|sdl.WINDOW_HIDDEN)
	if err != nil {
		fmt.Fprintln(os.Stderr, name+" tests: no window, GL tests skip:", err)
		return m.Run()
	}
	defer win.Destroy()
	ctx, err := win.GLCreateContext()
	if err != nil {
		fmt.Fprintln(os.Stderr, name+" tests: no GL 3.3 core context, GL tests skip:", err)
		return m.Run()
	}
	defer sdl.GLDeleteContext(ctx)
	// The backend makes the context current on whichever thread runs it.
	if err := win.GLMakeCurrent(nil); err != nil {
		fmt.Fprintln(os.Stderr, name+" tests: release context:", err)
		return 1
	}
	*surface = &Surface{Window: win, Context: ctx}
	return m.Run()
}

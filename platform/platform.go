package platform

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/tact-engine/tact/core"
	"github.com/veandco/go-sdl2/sdl"
)

// init locks the main goroutine to the main OS thread for the life of the
// process. SDL and the windowing systems under it (Cocoa above all, but also
// X11 and Win32 event queues, which belong to the thread that created the
// window) must be driven from the main thread; keeping the main goroutine
// there lets the engine call SDL directly, with no hop to another goroutine.
// It also records the thread's id for OnMainThread.
func init() {
	runtime.LockOSThread()
	mainThreadID = sdl.CurrentThreadID()
}

// sdlInUse is set while a Platform is open. SDL_Init and SDL_Quit act on
// process-wide state, so two Platforms at once would quit SDL under each
// other. This is the only mutable package-level state, and SDL forces it.
var sdlInUse atomic.Bool

// Options configures [Init].
type Options struct {
	// Headless forces SDL's "offscreen" video driver (real windows and GL,
	// nothing on screen), unless the SDL_VIDEODRIVER environment variable
	// names a driver. It is implied on Linux and the BSDs when neither
	// DISPLAY nor WAYLAND_DISPLAY is set.
	Headless bool
	// NoVideo starts SDL without video: no window, no GL, no gamepads; only
	// the event queue (so Pump and Dispatch still work, and QuitRequested
	// reports SDL_QUIT). For servers and simulations.
	NoVideo bool
	// Logger receives non-fatal reports, such as a game-controller subsystem
	// that failed to start. Nil drops them.
	Logger core.Logger
}

// InitError reports that SDL, or the video driver it was asked to use, could
// not start; Init returns it as is, and errors.As finds it.
type InitError struct {
	// Driver is the video driver that was requested: the value of
	// SDL_VIDEODRIVER, "offscreen" in headless mode, or "auto".
	Driver string
	// Err is SDL's own error.
	Err error
}

// Error returns `platform: init SDL video (driver "<Driver>"): <SDL error>`.
func (e *InitError) Error() string {
	return fmt.Sprintf("platform: init SDL video (driver %q): %v", e.Driver, e.Err)
}

// Unwrap returns SDL's error.
func (e *InitError) Unwrap() error { return e.Err }

// Platform is the started SDL: it opens windows and owns the [Input]. Use it
// from the main thread only; see the package documentation.
type Platform struct {
	logger    core.Logger
	noVideo   bool
	noDisplay bool // nothing is shown on a screen here: see AudioConfig.Driver
	driver    string
	input     *Input
	windows   []*Window
	closed    bool
	padError  error
}

// Init starts SDL: video, events, joysticks and game controllers, or only
// events in NoVideo mode. It never panics: a missing video driver or any SDL
// failure comes back as an error (an *InitError for video), with SDL shut down
// again. Init fails while another Platform is open; after that one's Close it
// may be called again in the same process. Called off the main goroutine it
// starts nothing and returns an error wrapping [ErrNotMainThread].
func Init(opts Options) (*Platform, error) {
	if !OnMainThread() {
		return nil, fmt.Errorf("platform: Init: %w", ErrNotMainThread)
	}
	if !sdlInUse.CompareAndSwap(false, true) {
		return nil, errors.New("platform: Init while another Platform is open (SDL is process-wide; Close it first)")
	}
	p, err := initSDL(opts)
	if err != nil {
		sdlInUse.Store(false)
		return nil, err
	}
	return p, nil
}

func initSDL(opts Options) (*Platform, error) {
	p := &Platform{logger: opts.Logger, noVideo: opts.NoVideo}
	if p.logger == nil {
		p.logger = core.DiscardLogger{}
	}
	if opts.NoVideo {
		if err := sdl.Init(sdl.INIT_EVENTS | sdl.INIT_TIMER); err != nil {
			sdl.Quit()
			return nil, fmt.Errorf("platform: init SDL events: %w", err)
		}
		p.noDisplay = noDisplayEnv(runtime.GOOS, os.Getenv)
		p.input = newInput(p)
		return p, nil
	}

	driver, setHint := chooseDriver(opts.Headless, runtime.GOOS, os.Getenv)
	if setHint {
		// A hint, not os.Setenv: it leaves the process environment alone
		// and is cleared by SDL_Quit, so the next Init decides afresh.
		sdl.SetHint(sdl.HINT_VIDEODRIVER, driver)
	}
	if driver == "" {
		driver = "auto"
	}
	// Closing the last window must not also post SDL_QUIT: the window's
	// close event already reports QuitRequested, exactly once.
	sdl.SetHint(sdl.HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")

	if err := sdl.Init(sdl.INIT_VIDEO | sdl.INIT_EVENTS | sdl.INIT_TIMER); err != nil {
		sdl.Quit()
		return nil, &InitError{Driver: driver, Err: err}
	}
	name, err := sdl.GetCurrentVideoDriver()
	if err != nil {
		sdl.Quit()
		return nil, &InitError{Driver: driver, Err: err}
	}
	p.driver = name
	p.noDisplay = name == "offscreen" || name == "dummy"
	// Gamepads are optional: a machine whose controller subsystem does not
	// start can still run the game with keyboard and mouse.
	if err := sdl.InitSubSystem(sdl.INIT_JOYSTICK | sdl.INIT_GAMECONTROLLER); err != nil {
		p.padError = fmt.Errorf("platform: init SDL game controllers: %w", err)
		p.logger.Printf("%v (gamepads disabled)", p.padError)
	}
	p.input = newInput(p)
	return p, nil
}

// chooseDriver decides which video driver to request. A non-empty
// SDL_VIDEODRIVER wins and is left to SDL (setHint false). Otherwise headless
// mode, asked for or implied by a Unix without DISPLAY and WAYLAND_DISPLAY,
// requests "offscreen" through a hint; else SDL picks ("", false).
func chooseDriver(headless bool, goos string, getenv func(string) string) (driver string, setHint bool) {
	if env := getenv("SDL_VIDEODRIVER"); env != "" {
		return env, false
	}
	if headless || noDisplayEnv(goos, getenv) {
		return "offscreen", true
	}
	return "", false
}

// noDisplayEnv reports whether goos finds its display through DISPLAY or
// WAYLAND_DISPLAY and neither is set: a machine with no display.
func noDisplayEnv(goos string, getenv func(string) string) bool {
	return usesDisplayEnv(goos) && getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == ""
}

// usesDisplayEnv reports whether goos finds its display through DISPLAY or
// WAYLAND_DISPLAY (X11 or Wayland), so that their absence means no display.
func usesDisplayEnv(goos string) bool {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return true
	}
	return false
}

// VideoDriver returns the name of the SDL video driver in use ("x11",
// "wayland", "offscreen", "cocoa", "windows", ...), or "" in NoVideo mode.
func (p *Platform) VideoDriver() string { return p.driver }

// Headless reports whether nothing is shown on a screen: NoVideo mode, or a
// video driver without a display ("offscreen" or "dummy"). Screenshots and
// render-target read-backs are then the only way to see frames.
func (p *Platform) Headless() bool {
	return p.noVideo || p.driver == "offscreen" || p.driver == "dummy"
}

// NoVideo reports whether the Platform was started without video.
func (p *Platform) NoVideo() bool { return p.noVideo }

// GamepadError returns why the game-controller subsystem failed to start, or
// nil when it started (or in NoVideo mode, which has no gamepads).
func (p *Platform) GamepadError() error { return p.padError }

// Input returns the Platform's input queue and state. It is the same *Input
// for the Platform's whole life.
func (p *Platform) Input() *Input { return p.input }

// Close closes every window still open and the gamepads, then quits SDL.
// It is idempotent and returns nil; after it, Init may be called again.
// The render thread must have released the GL context first.
func (p *Platform) Close() error {
	if p.closed {
		return nil
	}
	for len(p.windows) > 0 {
		p.windows[len(p.windows)-1].Close() // removes itself from p.windows
	}
	p.input.closeGamepads()
	clear(p.input.queue)
	p.input.queue = p.input.queue[:0]
	p.closed = true
	sdl.Quit()
	sdlInUse.Store(false)
	return nil
}

// removeWindow forgets w; called by Window.Close.
func (p *Platform) removeWindow(w *Window) {
	if i := slices.Index(p.windows, w); i >= 0 {
		p.windows = slices.Delete(p.windows, i, i+1)
	}
	if p.input.window == w {
		p.input.window = nil
		if len(p.windows) > 0 {
			p.input.window = p.windows[0]
		}
	}
}

package platform

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/veandco/go-sdl2/sdl"
)

// DefaultWidth and DefaultHeight are the engine's one default window size,
// in window coordinates: OpenWindow uses them for a WindowConfig whose Width
// or Height is 0, and the tact package's Config for a zero Width or Height.
const (
	DefaultWidth  = 800
	DefaultHeight = 600
)

// WindowConfig describes a window for [Platform.OpenWindow].
type WindowConfig struct {
	Title string
	// Width and Height are the client size in window coordinates (points on
	// high-DPI displays); 0 means DefaultWidth or DefaultHeight.
	Width, Height int
	// Resizable lets the user resize the window.
	Resizable bool
	// Fullscreen opens the window as a desktop-resolution fullscreen window
	// (no video mode change).
	Fullscreen bool
	// HighDPI asks for a drawable at the display's full pixel density, so
	// DrawableSize can exceed Size.
	HighDPI bool
	// Hidden opens the window hidden; Show shows it.
	Hidden bool
	// MSAA asks for a multisampled default framebuffer with this many
	// samples per pixel (typically 2, 4 or 8; 0 or 1: none), through SDL's
	// GL_MULTISAMPLEBUFFERS and GL_MULTISAMPLESAMPLES attributes. Whether it
	// is granted depends on the driver: where the window or context cannot
	// be created with it, OpenWindow retries without multisampling and
	// reports that through the platform's logger; Window.Samples says what
	// was obtained. (SDL's offscreen EGL driver, for one, may give no
	// multisampled default framebuffer.) Multisampled render targets
	// (render.TargetDesc.Samples) are the portable way to antialias.
	MSAA int
}

// Size is a width and a height.
type Size struct{ W, H int }

// SwapMode is a buffer-swap synchronisation mode for [Window.SetSwapInterval].
type SwapMode int

// Swap modes; their values are SDL's swap intervals.
const (
	// SwapImmediate swaps at once, without waiting for vertical blank.
	SwapImmediate SwapMode = 0
	// SwapVsync waits for vertical blank.
	SwapVsync SwapMode = 1
	// SwapAdaptive waits for vertical blank unless the frame is late, then
	// swaps at once; where the driver refuses it, vsync is used instead.
	SwapAdaptive SwapMode = -1
)

// String returns "immediate", "vsync", "adaptive" or "SwapMode(n)".
func (m SwapMode) String() string {
	switch m {
	case SwapImmediate:
		return "immediate"
	case SwapVsync:
		return "vsync"
	case SwapAdaptive:
		return "adaptive"
	}
	return fmt.Sprintf("SwapMode(%d)", int(m))
}

// ErrWindowClosed is returned by the GL surface methods of a closed Window.
var ErrWindowClosed = errors.New("platform: window is closed")

// Window is an SDL window with an OpenGL 3.3 core context. Its window methods
// are for the main thread. Its GL surface methods (MakeCurrent,
// ReleaseCurrent, Swap, SetSwapInterval) are for the one thread that renders,
// normally the render thread; they satisfy render/gl's Surface interface.
//
// After Close, the window methods do nothing and return zero values.
type Window struct {
	p       *Platform
	win     *sdl.Window
	ctx     sdl.GLContext
	samples int         // samples per pixel of the default framebuffer (0: none)
	closed  atomic.Bool // read by the render thread's GL methods
}

// OpenWindow creates a window and its OpenGL 3.3 core-profile context
// (double-buffered, 24-bit depth, 8-bit stencil), then releases the context
// from the main thread so the render thread can make it current. With
// WindowConfig.MSAA it asks for a multisampled default framebuffer, and
// falls back to none (reported through the logger) where the driver refuses
// it. On any
// failure nothing is left open and the error says which step failed.
func (p *Platform) OpenWindow(cfg WindowConfig) (*Window, error) {
	switch {
	case p.closed:
		return nil, errors.New("platform: OpenWindow after Close")
	case p.noVideo:
		return nil, errors.New("platform: OpenWindow in NoVideo mode")
	case cfg.Width < 0 || cfg.Height < 0:
		return nil, fmt.Errorf("platform: OpenWindow: negative size %dx%d", cfg.Width, cfg.Height)
	}
	w, h := cfg.Width, cfg.Height
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}

	msaa := cfg.MSAA
	if msaa <= 1 {
		msaa = 0
	}
	win, ctx, err := p.createGLWindow(cfg, w, h, msaa)
	if err != nil && msaa > 0 {
		p.logger.Printf("platform: window with %dx MSAA refused (%v); opening it without multisampling", msaa, err)
		msaa = 0
		win, ctx, err = p.createGLWindow(cfg, w, h, 0)
	}
	if err != nil {
		return nil, err
	}
	// The context is current on this thread until released below.
	samples := 0
	if bufs, err := sdl.GLGetAttribute(sdl.GL_MULTISAMPLEBUFFERS); err == nil && bufs > 0 {
		if n, err := sdl.GLGetAttribute(sdl.GL_MULTISAMPLESAMPLES); err == nil && n > 1 {
			samples = n
		}
	}
	if msaa > 0 && samples < msaa {
		p.logger.Printf("platform: asked for %dx MSAA, the default framebuffer has %d samples (driver %q)", msaa, samples, p.driver)
	}
	if err := win.GLMakeCurrent(nil); err != nil {
		sdl.GLDeleteContext(ctx)
		win.Destroy()
		return nil, fmt.Errorf("platform: release OpenGL context from the main thread: %w", err)
	}
	wd := &Window{p: p, win: win, ctx: ctx, samples: samples}
	p.windows = append(p.windows, wd)
	if p.input.window == nil {
		p.input.window = wd
		p.input.focused = win.GetFlags()&sdl.WINDOW_INPUT_FOCUS != 0
	}
	return wd, nil
}

// createGLWindow sets the GL attributes (with msaa samples per pixel, 0 for
// none), then creates the window and its context, leaving the context
// current on the calling thread.
func (p *Platform) createGLWindow(cfg WindowConfig, w, h, msaa int) (*sdl.Window, sdl.GLContext, error) {
	bufs := 0
	if msaa > 0 {
		bufs = 1
	}
	attrs := [...]struct {
		attr  sdl.GLattr
		value int
	}{
		{sdl.GL_CONTEXT_MAJOR_VERSION, 3},
		{sdl.GL_CONTEXT_MINOR_VERSION, 3},
		{sdl.GL_CONTEXT_PROFILE_MASK, sdl.GL_CONTEXT_PROFILE_CORE},
		// Forward-compatible: required for a core context on macOS, and
		// harmless elsewhere (core already drops what it removes).
		{sdl.GL_CONTEXT_FLAGS, sdl.GL_CONTEXT_FORWARD_COMPATIBLE_FLAG},
		{sdl.GL_DOUBLEBUFFER, 1},
		{sdl.GL_DEPTH_SIZE, 24},
		{sdl.GL_STENCIL_SIZE, 8},
		// SDL's attributes are global: set both, so that an earlier
		// window's MSAA does not carry over.
		{sdl.GL_MULTISAMPLEBUFFERS, bufs},
		{sdl.GL_MULTISAMPLESAMPLES, msaa},
	}
	for _, a := range attrs {
		if err := sdl.GLSetAttribute(a.attr, a.value); err != nil {
			return nil, nil, fmt.Errorf("platform: set GL attribute %d=%d: %w", a.attr, a.value, err)
		}
	}

	flags := uint32(sdl.WINDOW_OPENGL)
	if cfg.Resizable {
		flags |= sdl.WINDOW_RESIZABLE
	}
	if cfg.Fullscreen {
		flags |= sdl.WINDOW_FULLSCREEN_DESKTOP
	}
	if cfg.HighDPI {
		flags |= sdl.WINDOW_ALLOW_HIGHDPI
	}
	if cfg.Hidden {
		flags |= sdl.WINDOW_HIDDEN
	} else {
		flags |= sdl.WINDOW_SHOWN
	}
	win, err := sdl.CreateWindow(cfg.Title, sdl.WINDOWPOS_CENTERED, sdl.WINDOWPOS_CENTERED, int32(w), int32(h), flags)
	if err != nil {
		return nil, nil, fmt.Errorf("platform: create window (driver %q): %w", p.driver, err)
	}
	ctx, err := win.GLCreateContext()
	if err != nil {
		win.Destroy()
		return nil, nil, fmt.Errorf("platform: create OpenGL 3.3 core context (driver %q): %w", p.driver, err)
	}
	return win, ctx, nil
}

// Samples returns the number of samples per pixel of the window's default
// framebuffer, as the driver granted it: 0 when it is not multisampled
// (WindowConfig.MSAA 0, or refused by the driver). It returns 0 after Close.
func (w *Window) Samples() int {
	if w.closed.Load() {
		return 0
	}
	return w.samples
}

// Size returns the client area's size in window coordinates (the unit of
// mouse positions), or 0, 0 after Close.
func (w *Window) Size() (width, height int) {
	if w.closed.Load() {
		return 0, 0
	}
	x, y := w.win.GetSize()
	return int(x), int(y)
}

// DrawableSize returns the GL drawable's size in pixels, the size for the
// viewport. It equals Size except on high-DPI displays with
// WindowConfig.HighDPI, where it is larger. It returns 0, 0 after Close.
func (w *Window) DrawableSize() (width, height int) {
	if w.closed.Load() {
		return 0, 0
	}
	x, y := w.win.GLGetDrawableSize()
	return int(x), int(y)
}

// SetSize asks for a client area of width x height window coordinates.
// Sizes below 1 are raised to 1. The window manager may adjust the result;
// a resize event follows when the size changes.
func (w *Window) SetSize(width, height int) {
	if w.closed.Load() {
		return
	}
	w.win.SetSize(int32(max(width, 1)), int32(max(height, 1)))
}

// SetTitle sets the window's title.
func (w *Window) SetTitle(title string) {
	if w.closed.Load() {
		return
	}
	w.win.SetTitle(title)
}

// Title returns the window's title, or "" after Close.
func (w *Window) Title() string {
	if w.closed.Load() {
		return ""
	}
	return w.win.GetTitle()
}

// SetFullscreen switches between a desktop-resolution fullscreen window and
// a normal window. It returns SDL's error if the switch failed.
func (w *Window) SetFullscreen(on bool) error {
	if w.closed.Load() {
		return ErrWindowClosed
	}
	var flags uint32
	if on {
		flags = sdl.WINDOW_FULLSCREEN_DESKTOP
	}
	if err := w.win.SetFullscreen(flags); err != nil {
		return fmt.Errorf("platform: set fullscreen %v: %w", on, err)
	}
	return nil
}

// Fullscreen reports whether the window is fullscreen.
func (w *Window) Fullscreen() bool {
	if w.closed.Load() {
		return false
	}
	return w.win.GetFlags()&sdl.WINDOW_FULLSCREEN != 0
}

// Show shows the window.
func (w *Window) Show() {
	if !w.closed.Load() {
		w.win.Show()
	}
}

// Hide hides the window.
func (w *Window) Hide() {
	if !w.closed.Load() {
		w.win.Hide()
	}
}

// Close deletes the GL context, then destroys the window. It is idempotent.
// The render thread must have released the context (ReleaseCurrent) and
// stopped using the Window first.
func (w *Window) Close() {
	if w.closed.Swap(true) {
		return
	}
	sdl.GLDeleteContext(w.ctx)
	w.win.Destroy()
	w.p.removeWindow(w)
}

// MakeCurrent makes the window's GL context current on the calling OS thread,
// which must be locked (runtime.LockOSThread) and must not be the main thread
// while the render thread owns the context. For the render thread.
func (w *Window) MakeCurrent() error {
	if w.closed.Load() {
		return ErrWindowClosed
	}
	if err := w.win.GLMakeCurrent(w.ctx); err != nil {
		return fmt.Errorf("platform: make GL context current: %w", err)
	}
	return nil
}

// ReleaseCurrent makes no GL context current on the calling OS thread. For
// the render thread, before it exits.
func (w *Window) ReleaseCurrent() error {
	if w.closed.Load() {
		return ErrWindowClosed
	}
	if err := w.win.GLMakeCurrent(nil); err != nil {
		return fmt.Errorf("platform: release GL context: %w", err)
	}
	return nil
}

// Swap presents the back buffer. For the thread the context is current on.
func (w *Window) Swap() {
	if !w.closed.Load() {
		w.win.GLSwap()
	}
}

// SetSwapInterval sets the swap synchronisation of the context current on
// the calling thread. SwapAdaptive falls back to SwapVsync where the driver
// refuses it (the fallback is not an error). For the render thread.
func (w *Window) SetSwapInterval(mode SwapMode) error {
	if w.closed.Load() {
		return ErrWindowClosed
	}
	err := sdl.GLSetSwapInterval(int(mode))
	if err != nil && mode == SwapAdaptive {
		err = sdl.GLSetSwapInterval(int(SwapVsync))
	}
	if err != nil {
		return fmt.Errorf("platform: set swap interval %v: %w", mode, err)
	}
	return nil
}

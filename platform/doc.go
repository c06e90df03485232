// Package platform is Tact's layer over SDL2: it starts SDL, opens the window
// and its OpenGL 3.3 core context, pumps and buffers input events, keeps the
// polled input state (keys, mouse, touch, gamepads), and paces frames.
//
// # Threads
//
// SDL, and the Cocoa, Win32 and X11 windows under it, must be driven from the
// main OS thread. The package's init function therefore locks the main
// goroutine to the main OS thread (runtime.LockOSThread), and every function
// and method here must be called from that goroutine, except the GL surface
// methods of [Window] (MakeCurrent, ReleaseCurrent, Swap, SetSwapInterval),
// which the render thread calls. There is no channel hop per call: the main
// goroutine simply stays on the main thread. A program's main function that
// calls Init directly is on the right thread; a test must run its SDL code on
// the goroutine that runs TestMain (see this package's tests).
//
// The OpenGL context is created on the main thread by [Platform.OpenWindow]
// and released there at once, so the render thread can make it current with
// [Window.MakeCurrent]. Shut down in this order: the render thread deletes its
// GL objects and calls [Window.ReleaseCurrent]; then the main thread calls
// [Window.Close] and [Platform.Close].
//
// # Input
//
// [Input.Pump] polls SDL's event queue and stores copies of the events (SDL's
// event memory is reused by the next poll); it never calls listeners.
// [Input.Dispatch], called once at the start of a frame, clears the per-frame
// state (JustPressed, JustReleased, wheel, text, mouse delta), applies the
// buffered events in order to the polled state, and emits the [Input]'s
// signals as it goes. Something pressed between two frames therefore reads
// JustPressed during exactly one frame. In steady state neither Pump nor
// Dispatch allocates.
//
// # Headless and no-video modes
//
// With Options.Headless, or on Linux and the BSDs when neither DISPLAY nor
// WAYLAND_DISPLAY is set, SDL uses its "offscreen" video driver: real windows
// and OpenGL (through EGL, for example Mesa's llvmpipe) with nothing on screen.
// A user-set SDL_VIDEODRIVER environment variable always wins. With
// Options.NoVideo there is no window and no GL at all, for servers and
// simulations. [Platform.VideoDriver] and [Platform.Headless] report the
// outcome, so a program can say where its screenshots go.
//
// # Package-level state
//
// SDL is a process-wide singleton, so at most one [Platform] can be open at a
// time; a private flag enforces this. It is the package's only mutable
// package-level state. After [Platform.Close], Init may be called again.
//
// Layer: platform. It may import core only.
package platform

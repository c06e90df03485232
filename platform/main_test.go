package platform

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/veandco/go-sdl2/sdl"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// onMain runs f on the main OS thread (see package platformtest: each Test
// runs on a goroutine that can never be on the main thread). f must not call
// t.FailNow, t.Fatal or t.Skip: it reports with t.Error and returns.
func onMain(f func()) { platformtest.Do(f) }

// openPlatform starts a Platform on the main thread, headless, and closes it
// when the test ends. It skips the test only when SDL's video could not
// start at all (no usable driver on this machine), and fails it instead with
// $TACT_REQUIRE_GL=1 (platformtest.SkipOrFail).
func openPlatform(t *testing.T, opts Options) *Platform {
	t.Helper()
	if !opts.NoVideo {
		opts.Headless = true
	}
	var p *Platform
	var err error
	onMain(func() { p, err = Init(opts) })
	if err != nil {
		var ie *InitError
		if errors.As(err, &ie) {
			platformtest.SkipOrFailf(t, "SDL video unavailable here, test needs it: %v", err)
		}
		t.Fatalf("Init: %v", err)
	}
	t.Cleanup(func() { onMain(func() { p.Close() }) })
	return p
}

// push queues a synthetic SDL event; for the main thread.
func push(t *testing.T, ev sdl.Event) {
	t.Helper()
	if filtered, err := sdl.PushEvent(ev); err != nil || filtered {
		t.Errorf("PushEvent(%T): filtered %v, err %v", ev, filtered, err)
	}
}

// ev returns a copy of the event v placed at the start of an SDL_Event-sized
// allocation. go-sdl2's PushEvent reads a whole SDL_Event (56 bytes) through
// the pointer it gets; from a bare &sdl.KeyboardEvent{} (32 bytes) that read
// runs past the allocation, which -race's checkptr rejects ("converted pointer
// straddles multiple allocations"). Production code never pushes events.
func ev[T any](v T) *T {
	if unsafe.Sizeof(v) > unsafe.Sizeof(sdl.CEvent{}) {
		panic("platform test: event larger than SDL_Event")
	}
	p := (*T)(unsafe.Pointer(new([unsafe.Sizeof(sdl.CEvent{}) / 8]uint64)))
	*p = v
	return p
}

func keyEvent(typ uint32, k Key, repeat bool) *sdl.KeyboardEvent {
	e := ev(sdl.KeyboardEvent{Type: typ, State: sdl.RELEASED, Keysym: sdl.Keysym{
		Scancode: sdl.Scancode(k),
		Sym:      sdl.GetKeyFromScancode(sdl.Scancode(k)),
		Mod:      uint16(ModLShift),
	}})
	if typ == sdl.KEYDOWN {
		e.State = sdl.PRESSED
	}
	if repeat {
		e.Repeat = 1
	}
	return e
}

func mouseButtonEvent(typ uint32, b MouseButton, x, y int32) *sdl.MouseButtonEvent {
	e := ev(sdl.MouseButtonEvent{Type: typ, Button: uint8(b), State: sdl.RELEASED, Clicks: 1, X: x, Y: y})
	if typ == sdl.MOUSEBUTTONDOWN {
		e.State = sdl.PRESSED
	}
	return e
}

func textEvent(s string) *sdl.TextInputEvent {
	e := ev(sdl.TextInputEvent{Type: sdl.TEXTINPUT})
	copy(e.Text[:len(e.Text)-1], s)
	return e
}

// frame runs one input frame: Pump then Dispatch. For the main thread.
func frame(in *Input) {
	in.Pump()
	in.Dispatch()
}

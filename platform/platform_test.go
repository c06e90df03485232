package platform

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/tact-engine/tact/platform/platformtest"
)

func TestChooseDriver(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		name     string
		headless bool
		goos     string
		getenv   func(string) string
		driver   string
		setHint  bool
	}{
		{"user env wins over headless", true, "linux", env("SDL_VIDEODRIVER", "x11"), "x11", false},
		{"headless forced", true, "linux", env("DISPLAY", ":0"), "offscreen", true},
		{"no display on linux", false, "linux", env(), "offscreen", true},
		{"x11 display", false, "linux", env("DISPLAY", ":0"), "", false},
		{"wayland display", false, "linux", env("WAYLAND_DISPLAY", "wayland-0"), "", false},
		{"windows has no DISPLAY", false, "windows", env(), "", false},
		{"macos has no DISPLAY", false, "darwin", env(), "", false},
		{"headless on windows", true, "windows", env(), "offscreen", true},
	}
	for _, tt := range tests {
		driver, setHint := chooseDriver(tt.headless, tt.goos, tt.getenv)
		if driver != tt.driver || setHint != tt.setHint {
			t.Errorf("%s: chooseDriver = %q, %v; want %q, %v", tt.name, driver, setHint, tt.driver, tt.setHint)
		}
	}
}

// TestWindowLifecycle opens a window with its GL context, resizes it, uses
// the context from a render goroutine on its own OS thread, closes it all,
// and does it again in the same process.
func TestWindowLifecycle(t *testing.T) {
	for cycle := range 2 {
		p := openPlatform(t, Options{})
		if p.VideoDriver() == "" {
			t.Errorf("cycle %d: VideoDriver is empty", cycle)
		}
		t.Logf("cycle %d: video driver %q, headless %v", cycle, p.VideoDriver(), p.Headless())
		if p.VideoDriver() == "offscreen" && !p.Headless() {
			t.Errorf("offscreen driver but Headless() is false")
		}

		var w *Window
		var err error
		var resized []Size
		onMain(func() {
			w, err = p.OpenWindow(WindowConfig{Title: "tact test", Width: 320, Height: 240, Resizable: true, HighDPI: true})
			if err != nil {
				return
			}
			if got := w.Title(); got != "tact test" {
				t.Errorf("Title = %q", got)
			}
			w.SetTitle("renamed")
			if got := w.Title(); got != "renamed" {
				t.Errorf("Title after SetTitle = %q", got)
			}
			if cw, ch := w.Size(); cw != 320 || ch != 240 {
				t.Errorf("Size = %dx%d, want 320x240", cw, ch)
			}
			p.Input().Resized.On(func(s Size) { resized = append(resized, s) })
			w.SetSize(400, 300)
			if cw, ch := w.Size(); cw != 400 || ch != 300 {
				t.Errorf("Size after SetSize(400, 300) = %dx%d", cw, ch)
			}
			if dw, dh := w.DrawableSize(); dw <= 0 || dh <= 0 {
				t.Errorf("DrawableSize = %dx%d, want > 0", dw, dh)
			}
			frame(p.Input())
		})
		if err != nil {
			t.Fatalf("OpenWindow: %v", err)
		}
		if len(resized) == 0 || resized[len(resized)-1] != (Size{400, 300}) {
			t.Errorf("Resized signal got %v, want it to end with {400 300}", resized)
		}

		// The render thread: its own locked OS thread, as render/gl runs it.
		renderErr := make(chan error, 1)
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			renderErr <- func() error {
				if err := w.MakeCurrent(); err != nil {
					return err
				}
				if err := w.SetSwapInterval(SwapImmediate); err != nil {
					return err
				}
				if err := w.SetSwapInterval(SwapAdaptive); err != nil {
					return err // adaptive falls back to vsync, never fails alone
				}
				w.Swap()
				w.Swap()
				return w.ReleaseCurrent()
			}()
		}()
		if err := <-renderErr; err != nil {
			t.Errorf("render thread: %v", err)
		}

		onMain(func() {
			if err := w.SetFullscreen(true); err != nil {
				t.Logf("SetFullscreen(true): %v (driver may not support it)", err)
			} else if !w.Fullscreen() {
				t.Error("Fullscreen() false after SetFullscreen(true)")
			}
			if err := w.SetFullscreen(false); err != nil {
				t.Errorf("SetFullscreen(false): %v", err)
			}
			w.Hide()
			w.Show()
			w.Close()
			w.Close() // idempotent
			if cw, ch := w.Size(); cw != 0 || ch != 0 {
				t.Errorf("Size after Close = %dx%d, want 0x0", cw, ch)
			}
			if err := w.MakeCurrent(); !errors.Is(err, ErrWindowClosed) {
				t.Errorf("MakeCurrent after Close: %v, want ErrWindowClosed", err)
			}
			if err := p.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			if err := p.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
		})
	}
}

// TestCloseClosesWindows checks that Platform.Close closes a window left open.
func TestCloseClosesWindows(t *testing.T) {
	p := openPlatform(t, Options{})
	onMain(func() {
		w, err := p.OpenWindow(WindowConfig{Hidden: true})
		if err != nil {
			t.Errorf("OpenWindow: %v", err)
			return
		}
		if cw, ch := w.Size(); cw != DefaultWidth || ch != DefaultHeight {
			t.Errorf("default size %dx%d, want %dx%d", cw, ch, DefaultWidth, DefaultHeight)
		}
		p.Close()
		if cw, _ := w.Size(); cw != 0 {
			t.Error("window still open after Platform.Close")
		}
		if _, err := p.OpenWindow(WindowConfig{}); err == nil {
			t.Error("OpenWindow after Close succeeded")
		}
	})
}

func TestInitErrors(t *testing.T) {
	p := openPlatform(t, Options{})
	onMain(func() {
		if q, err := Init(Options{Headless: true}); err == nil {
			q.Close()
			t.Error("second Init while the first is open succeeded")
		}
		if _, err := p.OpenWindow(WindowConfig{Width: -1}); err == nil {
			t.Error("OpenWindow with a negative width succeeded")
		}
		p.Close()
	})

	t.Setenv("SDL_VIDEODRIVER", "no-such-driver")
	var err error
	onMain(func() {
		var q *Platform
		if q, err = Init(Options{}); err == nil {
			q.Close()
		}
	})
	var ie *InitError
	if !errors.As(err, &ie) {
		t.Fatalf("Init with a missing driver: %v, want an *InitError", err)
	}
	if want := `platform: init SDL video (driver "no-such-driver"): `; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q, want prefix %q", err, want)
	}
}

// TestNoVideo starts SDL without video: no window, but events still flow.
func TestNoVideo(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	if !p.NoVideo() || !p.Headless() || p.VideoDriver() != "" {
		t.Errorf("NoVideo %v, Headless %v, VideoDriver %q", p.NoVideo(), p.Headless(), p.VideoDriver())
	}
	onMain(func() {
		if _, err := p.OpenWindow(WindowConfig{}); err == nil {
			t.Error("OpenWindow in NoVideo mode succeeded")
		}
		quits := 0
		p.Input().QuitRequested.On(func(struct{}) { quits++ })
		push(t, quitEvent())
		frame(p.Input())
		if quits != 1 {
			t.Errorf("QuitRequested fired %d times, want 1", quits)
		}
		if x, y := p.Input().MousePixelPosition(); x != 0 || y != 0 {
			t.Errorf("MousePixelPosition without a window = %v, %v", x, y)
		}
	})
}

// TestAutoHeadless checks that, with no display and no SDL_VIDEODRIVER, Init
// picks the offscreen driver by itself.
func TestAutoHeadless(t *testing.T) {
	for _, k := range []string{"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"} {
		if os.Getenv(k) != "" {
			t.Skipf("%s is set; this test needs a machine without a display", k)
		}
	}
	if !usesDisplayEnv(runtime.GOOS) {
		t.Skipf("%s does not use DISPLAY", runtime.GOOS)
	}
	var p *Platform
	var err error
	onMain(func() { p, err = Init(Options{}) })
	if err != nil {
		platformtest.SkipOrFailf(t, "SDL video unavailable here: %v", err)
	}
	defer onMain(func() { p.Close() })
	if p.VideoDriver() != "offscreen" || !p.Headless() {
		t.Errorf("VideoDriver %q, Headless %v; want offscreen, true", p.VideoDriver(), p.Headless())
	}
}

package platform

import (
	"fmt"
	"sync"
	"testing"
)

// logRecorder is a core.Logger that keeps its reports.
type logRecorder struct {
	mu    sync.Mutex
	lines []string
}

func (l *logRecorder) Printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

// TestWindowMSAA opens a window asking for 4x MSAA. The window must open
// either way: with a multisampled default framebuffer where the driver
// grants one (Samples >= 2), or without (Samples 0) and with a report in
// the log. (SDL's offscreen EGL driver decides which; the test logs it.) A
// window opened afterwards without MSAA must not inherit the attributes.
func TestWindowMSAA(t *testing.T) {
	log := &logRecorder{}
	p := openPlatform(t, Options{Logger: log})
	onMain(func() {
		w, err := p.OpenWindow(WindowConfig{Hidden: true, Width: 64, Height: 48, MSAA: 4})
		if err != nil {
			t.Errorf("OpenWindow with MSAA 4: %v", err)
			return
		}
		n := w.Samples()
		t.Logf("MSAA 4 on driver %q: %d samples; log %q", p.driver, n, log.lines)
		switch {
		case n == 0 && len(log.lines) == 0:
			t.Error("MSAA refused without a report in the log")
		case n == 1 || n < 0:
			t.Errorf("Samples() = %d, want 0 or at least 2", n)
		case n >= 4 && len(log.lines) != 0:
			t.Errorf("MSAA granted, yet reported: %q", log.lines)
		}
		w.Close()
		if got := w.Samples(); got != 0 {
			t.Errorf("Samples() after Close = %d", got)
		}

		w, err = p.OpenWindow(WindowConfig{Hidden: true, Width: 64, Height: 48})
		if err != nil {
			t.Errorf("OpenWindow without MSAA: %v", err)
			return
		}
		if got := w.Samples(); got != 0 {
			t.Errorf("window without MSAA has %d samples", got)
		}
		w.Close()
	})
}

package gl

import (
	"runtime"
	"strings"
	"testing"
)

func TestParseLog(t *testing.T) {
	for _, c := range []struct{ log, want string }{
		{"0:12(3): error: syntax error, unexpected IDENTIFIER", "shaders/x.frag:12: error: syntax error, unexpected IDENTIFIER"},
		{"ERROR: 0:7: 'foo' : undeclared identifier", "shaders/x.frag:7: error: 'foo' : undeclared identifier"},
		{"0(9) : error C1008: undefined variable \"foo\"", "shaders/x.frag:9: error C1008: undefined variable \"foo\""},
		{"something odd", "shaders/x.frag: something odd"},
		{"", "shaders/x.frag: failed without a log"},
	} {
		if got := parseLog("shaders/x.frag", c.log).Error(); got != c.want {
			t.Errorf("parseLog(%q) = %q, want %q", c.log, got, c.want)
		}
	}
	got := parseLog("a.vert", "0:1(1): error: one\n0:2(1): error: two\n").Error()
	if !strings.Contains(got, "a.vert:1: error: one") || !strings.Contains(got, "a.vert:2: error: two") {
		t.Errorf("multi-line log: %q", got)
	}
}

// On Linux with glibc the heap accepts the trim settings Init makes.
func TestTuneHeap(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("glibc only")
	}
	if !tuneHeap() {
		t.Error("mallopt refused the heap settings")
	}
}

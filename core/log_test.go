package core

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
)

func TestNewLoggerWritesOneLinePerReport(t *testing.T) {
	var buf bytes.Buffer
	l := NewLogger(&buf)
	l.Printf("loaded %s in %d ms", "hero.png", 12)
	l.Printf("second\n")
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2: %q", len(lines), buf.String())
	}
	re := regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d\.\d{6} tact: loaded hero\.png in 12 ms$`)
	if !re.MatchString(lines[0]) {
		t.Fatalf("line %q does not match %v", lines[0], re)
	}
	if !strings.HasSuffix(lines[1], "tact: second") {
		t.Fatalf("line %q: want suffix %q", lines[1], "tact: second")
	}
}

func TestNewLoggerConcurrentUse(t *testing.T) {
	var buf bytes.Buffer
	l := NewLogger(&buf)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				l.Printf("worker %d", i)
			}
		})
	}
	wg.Wait()
	if n := strings.Count(buf.String(), "\n"); n != 400 {
		t.Fatalf("got %d lines, want 400", n)
	}
}

func TestNilWriterAndDiscardLogger(t *testing.T) {
	NewLogger(nil).Printf("dropped %d", 1)
	var l Logger = DiscardLogger{}
	l.Printf("dropped %d", 2)
}

package platformtest

import (
	"os"
	"syscall"
	"testing"
)

func TestMain(m *testing.M) { Main(m) }

// TestDo checks, on Linux where the main thread's id is the process id, that
// Do runs on the main thread and a Test's own goroutine does not.
func TestDo(t *testing.T) {
	if syscall.Gettid() == os.Getpid() {
		t.Error("a Test goroutine runs on the main thread")
	}
	tid := 0
	Do(func() { tid = syscall.Gettid() })
	if tid != os.Getpid() {
		t.Errorf("Do ran on thread %d, want the main thread %d", tid, os.Getpid())
	}
	n := 0
	for range 3 {
		Do(func() { n++ })
	}
	if n != 3 {
		t.Errorf("Do ran %d of 3 functions", n)
	}
}

package platform

import (
	"os"
	"syscall"
	"testing"
)

// TestMainThread checks the threading model on Linux, where the main
// thread's id equals the process id: onMain runs on the main thread, a Test's
// own goroutine never does.
func TestMainThread(t *testing.T) {
	if syscall.Gettid() == os.Getpid() {
		t.Error("a Test goroutine runs on the main thread, which init should have locked to the main goroutine")
	}
	var tid int
	onMain(func() { tid = syscall.Gettid() })
	if tid != os.Getpid() {
		t.Errorf("onMain ran on thread %d, want the main thread %d", tid, os.Getpid())
	}
}

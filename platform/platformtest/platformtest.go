package platformtest

import (
	"os"
	"runtime"
	"sync/atomic"
	"testing"
)

// init locks the main goroutine to the main OS thread (as package platform
// does), so that Main, called by TestMain on that goroutine, runs there.
func init() { runtime.LockOSThread() }

// calls carries functions to the main thread, and serving is true while Main
// serves them: package-level state, since a process has one main thread.
var (
	calls   = make(chan func())
	serving atomic.Bool
)

// Main runs the tests (m.Run) on another goroutine while the calling
// goroutine, which must be the main goroutine (call Main from TestMain),
// runs the functions passed to Do. It exits the process with m.Run's code.
func Main(m *testing.M) {
	serving.Store(true)
	done := make(chan int, 1)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-calls:
			f()
		case code := <-done:
			os.Exit(code)
		}
	}
}

// Do runs f on the main OS thread and returns when it has run. f must not
// call t.FailNow, t.Fatal, t.Skip or runtime.Goexit, which would end the main
// goroutine; report with t.Error and return instead. A panic in f crashes
// the test binary. Do panics unless Main is serving.
func Do(f func()) {
	if !serving.Load() {
		panic("platformtest: Do called without platformtest.Main in TestMain")
	}
	done := make(chan struct{})
	calls <- func() {
		defer close(done)
		f()
	}
	<-done
}

package platform

import (
	"errors"

	"github.com/veandco/go-sdl2/sdl"
)

// mainThreadID is SDL's id of the main OS thread, recorded by init right
// after it locks the main goroutine there; never written again.
var mainThreadID uint

// ErrNotMainThread is returned (wrapped) by [Init], and by the tact
// package's Game.Run, when called anywhere but on the main goroutine: SDL
// and the windowing systems under it must be driven from the main OS
// thread, which this package's init locks to the main goroutine.
var ErrNotMainThread = errors.New("not on the main goroutine: SDL must run on the main OS thread (call from main; in tests, through platformtest.Do)")

// OnMainThread reports whether the caller runs on the main OS thread. Since
// this package's init locks the main goroutine to that thread for the life
// of the process, no other goroutine ever runs there: OnMainThread is true
// exactly on the main goroutine (in a test binary, inside platformtest.Do,
// which runs on it). It is a cheap call (SDL_ThreadID), safe before Init and
// from any goroutine.
func OnMainThread() bool { return sdl.CurrentThreadID() == mainThreadID }

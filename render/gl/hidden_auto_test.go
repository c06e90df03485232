package gl

import "testing"

// HiddenRecheck is hiddenRecheck, for the tests of package gl_test.
const HiddenRecheck = hiddenRecheck

// HiddenSpritesAuto tests every frame while the test hides at least
// hiddenMinShare of the sprites it tests; after a frame that hides less it
// skips hiddenRecheck frames and tests the next; a frame that tests
// nothing changes nothing.
func TestHiddenAutoSchedule(t *testing.T) {
	var a hiddenAuto
	// hidden sprites of 1,200 tested, per frame tested; -1: tests nothing
	const little, much = 99, 100 // 1/12 of 1,200 is 100
	step := func(frame int, hidden int, wantTest bool) {
		t.Helper()
		if got := a.frame(); got != wantTest {
			t.Fatalf("frame %d: test %v, want %v", frame, got, wantTest)
		}
		if wantTest && hidden >= 0 {
			a.tested(1200, hidden)
		}
	}
	frame := 0
	for range 5 { // crowded: tested every frame
		step(frame, much, true)
		frame++
	}
	step(frame, -1, true) // no batch big enough: says nothing
	frame++
	step(frame, little, true) // too little hidden: off for hiddenRecheck frames
	frame++
	for range hiddenRecheck {
		step(frame, much, false)
		frame++
	}
	step(frame, little, true) // re-checked: still little, off again
	frame++
	for range hiddenRecheck {
		step(frame, much, false)
		frame++
	}
	step(frame, much, true) // crowded again: on from here
	frame++
	for range 3 * hiddenRecheck {
		step(frame, much, true)
		frame++
	}
	a.tested(0, 0) // nothing tested: no change
	step(frame, much, true)
}

package core

import "testing"

type movedUpd struct{ n int }

func (u *movedUpd) Update(float64) { u.n++ }

// A moved target's timers go on where they were in the other Scheduler:
// accumulated time, fires counted against repeat, keys, pause and update
// entry; nothing stays behind.
func TestMoveTarget(t *testing.T) {
	a, b := NewScheduler(), NewScheduler()
	tg := &movedUpd{}
	var fires []string
	a.ScheduleUpdate(tg, 0, false)
	id := a.Schedule(tg, func(float64) { fires = append(fires, "anon") }, 0.3, 2, 0, false)
	a.ScheduleKey(tg, "k", func(float64) { fires = append(fires, "key") }, 0.5, RepeatForever, 0)
	b.Schedule(&movedUpd{}, func(float64) {}, 1, -1, 0, false) // takes ID 1 in b
	a.Update(0.1)                                              // primes
	a.Update(0.2)                                              // anon at 0.2 of 0.3
	a.MoveTarget(tg, b)
	if a.IsScheduled(id) || a.IsScheduledKey(tg, "k") || len(a.targets) != 0 {
		t.Fatal("something stayed behind in the old scheduler")
	}
	if !b.IsScheduledKey(tg, "k") {
		t.Fatal("the keyed timer did not move")
	}
	b.Update(0.1) // anon reaches 0.3: fires
	if len(fires) != 1 || fires[0] != "anon" || tg.n != 3 {
		t.Fatalf("after the move: fires %v, updates %d", fires, tg.n)
	}
	b.PauseTarget(tg)
	b.Update(10)
	if len(fires) != 1 || tg.n != 3 {
		t.Fatal("a paused moved target ran")
	}
	b.ResumeTarget(tg)
	for range 10 {
		b.Update(0.3)
	}
	anon := 0
	for _, f := range fires {
		if f == "anon" {
			anon++
		}
	}
	if anon != 3 {
		t.Fatalf("repeat 2 fired %d times in all, want 3 (fires before the move count)", anon)
	}
	// Paused state moves too.
	c := NewScheduler()
	b.PauseTarget(tg)
	b.MoveTarget(tg, c)
	if !c.IsTargetPaused(tg) {
		t.Fatal("the pause did not move")
	}
}

// Moving from inside a timer callback of the old scheduler is safe: the
// walk neither runs a moved timer again nor skips another.
func TestMoveTargetDuringUpdate(t *testing.T) {
	a, b := NewScheduler(), NewScheduler()
	x, y := &movedUpd{}, &movedUpd{}
	var got []string
	a.Schedule(x, func(float64) { got = append(got, "x"); a.MoveTarget(y, b) }, 0, -1, 0, false)
	a.Schedule(y, func(float64) { got = append(got, "y") }, 0, -1, 0, false)
	a.Update(0.1) // primes
	a.Update(0.1) // x moves y before y's turn: y is not called by a
	b.Update(0.1) // in b, y fires (its priming moved with it)
	if want := "x y"; joinWords(got) != want {
		t.Fatalf("got %q, want %q", joinWords(got), want)
	}
}

func joinWords(s []string) string {
	out := ""
	for i, v := range s {
		if i > 0 {
			out += " "
		}
		out += v
	}
	return out
}

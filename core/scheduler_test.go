package core

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
)

// upd is an update target that records its name (and optionally runs fn).
type upd struct {
	name string
	r    *rec
	fn   func(dt float64)
}

func (u *upd) Update(dt float64) {
	if u.name != "" {
		u.r.add("%s", u.name)
	}
	if u.fn != nil {
		u.fn(dt)
	}
}

// frames runs n updates of dt, setting *frame to the 1-based frame number
// before each.
func frames(s *Scheduler, frame *int, n int, dt float64) {
	for range n {
		*frame++
		s.Update(dt)
	}
}

func TestSchedulerUpdatePriorityOrderAndTimersLast(t *testing.T) {
	s := NewScheduler()
	var r rec
	mk := func(name string) *upd { return &upd{name: name, r: &r} }
	tgt := &struct{ int }{}
	s.Schedule(tgt, func(float64) { r.add("timer") }, 0, RepeatForever, 0, false)
	s.ScheduleUpdate(mk("a0"), 0, false)
	s.ScheduleUpdate(mk("b-5"), -5, false)
	s.ScheduleUpdate(mk("c3"), 3, false)
	s.ScheduleUpdate(mk("d-5"), -5, false)
	s.ScheduleUpdate(mk("e0"), 0, false)
	s.ScheduleUpdate(mk("f-10"), -10, false)
	s.ScheduleUpdate(mk("g3"), 3, false)
	s.ScheduleUpdate(mk("h1"), 1, false)
	s.Update(0.1) // primes the timer
	r.check(t, "f-10", "b-5", "d-5", "a0", "e0", "h1", "c3", "g3")
	s.Update(0.1)
	r.check(t, "f-10", "b-5", "d-5", "a0", "e0", "h1", "c3", "g3", "timer")
}

func TestSchedulerUpdateDt(t *testing.T) {
	s := NewScheduler()
	var got []float64
	s.ScheduleUpdate(&upd{r: &rec{}, fn: func(dt float64) { got = append(got, dt) }}, 0, false)
	s.SetTimeScale(3)
	s.Update(0.25)
	s.Update(0.5)
	if len(got) != 2 || got[0] != 0.25 || got[1] != 0.5 {
		t.Fatalf("update targets saw dt %v, want [0.25 0.5] (time scale must not apply)", got)
	}
}

func TestSchedulerRescheduleUpdateChangesPriority(t *testing.T) {
	s := NewScheduler()
	var r rec
	a, b, c := &upd{name: "a", r: &r}, &upd{name: "b", r: &r}, &upd{name: "c", r: &r}
	s.ScheduleUpdate(a, 0, false)
	s.ScheduleUpdate(b, 0, false)
	s.ScheduleUpdate(c, 0, false)
	s.ScheduleUpdate(a, 5, false) // moves a last
	s.ScheduleUpdate(c, 0, false) // same priority: keeps its place
	s.Update(1)
	r.check(t, "b", "c", "a")
	s.ScheduleUpdate(b, 0, true) // same priority, now paused
	s.Update(1)
	r.check(t, "c", "a")
	s.ResumeTarget(b)
	s.Update(1)
	r.check(t, "b", "c", "a")
}

func TestSchedulerRescheduleUpdateDuringWalk(t *testing.T) {
	s := NewScheduler()
	var r rec
	a, b, c := &upd{name: "a", r: &r}, &upd{name: "b", r: &r}, &upd{name: "c", r: &r}
	once := true
	a.fn = func(float64) {
		if once {
			once = false
			s.ScheduleUpdate(c, -1, false) // takes effect after this walk
			s.ScheduleUpdate(b, 7, false)
			s.ScheduleUpdate(b, 0, false) // changed back: stays in place
		}
	}
	s.ScheduleUpdate(a, 0, false)
	s.ScheduleUpdate(b, 0, false)
	s.ScheduleUpdate(c, 0, false)
	s.Update(1)
	r.check(t, "a", "b", "c")
	s.Update(1)
	r.check(t, "c", "a", "b")
}

func TestSchedulerUnscheduleUpdateDuringWalk(t *testing.T) {
	s := NewScheduler()
	var r rec
	a, b, c, d := &upd{name: "a", r: &r}, &upd{name: "b", r: &r}, &upd{name: "c", r: &r}, &upd{name: "d", r: &r}
	first := true
	b.fn = func(float64) {
		if first {
			first = false
			s.UnscheduleUpdate(c) // not reached yet: not called
			s.UnscheduleUpdate(a) // already called: nothing repeats
			s.UnscheduleUpdate(b) // itself
		}
	}
	s.ScheduleUpdate(a, -1, false)
	s.ScheduleUpdate(b, 0, false)
	s.ScheduleUpdate(c, 0, false)
	s.ScheduleUpdate(d, 1, false)
	s.Update(1)
	r.check(t, "a", "b", "d")
	s.Update(1)
	r.check(t, "d")
	if len(s.updates) != 1 || len(s.targets) != 1 {
		t.Fatalf("updates = %d, targets = %d; want 1, 1", len(s.updates), len(s.targets))
	}
}

func TestSchedulerScheduleUpdateDuringWalk(t *testing.T) {
	s := NewScheduler()
	var r rec
	a, b, c := &upd{name: "a", r: &r}, &upd{name: "b", r: &r}, &upd{name: "c", r: &r}
	early := &upd{name: "early", r: &r}
	first := true
	a.fn = func(float64) {
		if first {
			first = false
			s.ScheduleUpdate(early, -5, false) // would sort first: not called now
			s.UnscheduleUpdate(c)
			s.ScheduleUpdate(c, 0, false) // removed and added back: a new entry
		}
	}
	s.ScheduleUpdate(a, 0, false)
	s.ScheduleUpdate(c, 0, false)
	s.ScheduleUpdate(b, 0, false)
	s.Update(1)
	r.check(t, "a", "b")
	s.Update(1)
	r.check(t, "early", "a", "b", "c")
}

func TestTimerFiringFrames(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	id := s.Schedule(&frame, func(dt float64) { r.add("f%d %.2f", frame, dt) }, 0.25, RepeatForever, 0, false)
	frames(s, &frame, 10, 0.1)
	// f1 primes; elapsed 0.1, 0.2, 0.3 -> fires at f4, then resets to 0.
	r.check(t, "f4 0.30", "f7 0.30", "f10 0.30")
	if !s.IsScheduled(id) {
		t.Fatal("RepeatForever timer no longer scheduled")
	}
}

func TestTimerIntervalZeroFiresEveryUpdateAfterPriming(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	s.Schedule(&frame, func(float64) { r.add("f%d", frame) }, 0, RepeatForever, 0, false)
	frames(s, &frame, 4, 0.1)
	r.check(t, "f2", "f3", "f4")
}

func TestTimerFiresAtMostOncePerUpdate(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	s.Schedule(&frame, func(dt float64) { r.add("f%d %.2f", frame, dt) }, 0.25, 5, 0, false)
	frames(s, &frame, 3, 10) // dt is 40 intervals
	r.check(t, "f2 10.00", "f3 10.00")
}

func TestTimerRepeatCount(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	id := s.Schedule(&frame, func(dt float64) { r.add("f%d %.3f", frame, dt) }, 0.25, 2, 0, false)
	frames(s, &frame, 6, 0.125)
	if !s.IsScheduled(id) {
		t.Fatal("timer finished early")
	}
	frames(s, &frame, 6, 0.125)
	r.check(t, "f3 0.250", "f5 0.250", "f7 0.250") // repeat 2: three fires
	if s.IsScheduled(id) {
		t.Fatal("finished timer still scheduled")
	}
	if len(s.targets) != 0 || len(s.timers) != 0 || len(s.timerTargets) != 0 {
		t.Fatalf("finished timer left state: %d targets, %d timers, %d timer targets",
			len(s.targets), len(s.timers), len(s.timerTargets))
	}
}

func TestTimerDelayThenInterval(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	s.Schedule(&frame, func(dt float64) { r.add("f%d %.3f", frame, dt) }, 0.25, 2, 0.5, false)
	frames(s, &frame, 12, 0.125)
	// f1 primes; 0.5 of delay reached at f5; then every 0.25 (two frames).
	r.check(t, "f5 0.500", "f7 0.250", "f9 0.250")
}

func TestTimerDelayKeepsExcess(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	s.Schedule(&frame, func(dt float64) { r.add("f%d %.3f", frame, dt) }, 0.25, RepeatForever, 0.5, false)
	frames(s, &frame, 5, 0.375)
	// f2: 0.375 < 0.5; f3: 0.75 fires, keeps 0.25; f4: 0.625 fires; f5: 0.375 fires.
	r.check(t, "f3 0.750", "f4 0.625", "f5 0.375")
}

func TestScheduleOnce(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	tgt := &struct{ int }{}
	a := s.ScheduleOnce(tgt, func(dt float64) { r.add("a f%d %.3f", frame, dt) }, 0.25)
	b := s.ScheduleOnce(tgt, func(dt float64) { r.add("b f%d %.3f", frame, dt) }, 0)
	frames(s, &frame, 6, 0.125)
	r.check(t, "b f2 0.125", "a f3 0.250")
	if s.IsScheduled(a) || s.IsScheduled(b) {
		t.Fatal("ScheduleOnce timer still scheduled after firing")
	}
}

func TestPauseResumeTargetDoesNotCountPausedTime(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	u := &upd{r: &r}
	u.fn = func(float64) { r.add("u%d", frame) }
	s.ScheduleUpdate(u, 0, false)
	s.Schedule(u, func(dt float64) { r.add("t%d %.3f", frame, dt) }, 0.5, RepeatForever, 0, false)
	frames(s, &frame, 2, 0.125) // f1 primes, f2: 0.125
	s.PauseTarget(u)
	if !s.IsTargetPaused(u) {
		t.Fatal("IsTargetPaused false after PauseTarget")
	}
	frames(s, &frame, 3, 0.125) // f3..f5 paused
	s.ResumeTarget(u)
	if s.IsTargetPaused(u) {
		t.Fatal("IsTargetPaused true after ResumeTarget")
	}
	frames(s, &frame, 3, 0.125) // 0.25, 0.375, 0.5 -> fires at f8
	r.check(t, "u1", "u2", "u6", "u7", "u8", "t8 0.500")
}

// Pausing is a property of the target: a timer or update entry added to a
// paused target starts paused even with paused false; paused true pauses the
// whole target, its other timers and its update entry included.
func TestPausedScheduling(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	early, other := &struct{ int }{1}, &struct{ int }{2}
	s.PauseTarget(early) // paused before anything is scheduled
	s.Schedule(early, func(float64) { r.add("early f%d", frame) }, 0, RepeatForever, 0, false)
	s.Schedule(other, func(float64) { r.add("other f%d", frame) }, 0, RepeatForever, 0, false)
	u := &upd{name: "u", r: &r}
	s.ScheduleUpdate(u, 0, true) // pauses the target u
	s.Schedule(u, func(float64) { r.add("uTimer f%d", frame) }, 0, RepeatForever, 0, false)
	v := &upd{name: "v", r: &r}
	s.PauseTarget(v)
	s.ScheduleUpdate(v, 0, false) // scheduled on a paused target: paused
	frames(s, &frame, 3, 0.1)
	r.check(t, "other f2", "other f3")
	if !s.IsTargetPaused(u) || !s.IsTargetPaused(v) || !s.IsTargetPaused(early) {
		t.Fatal("paused targets must report paused")
	}
	s.Schedule(other, func(float64) { r.add("pausedArg f%d", frame) }, 0, RepeatForever, 0, true)
	if !s.IsTargetPaused(other) {
		t.Fatal("Schedule(paused=true) must pause its target")
	}
	frames(s, &frame, 1, 0.1)
	r.check(t)
	for _, tg := range []any{early, other, u, v} {
		s.ResumeTarget(tg)
	}
	frames(s, &frame, 2, 0.1) // f5 primes the timers that never ran
	r.check(t, "u", "v", "other f5", "u", "v", "early f6", "other f6", "pausedArg f6", "uTimer f6")
}

// PauseAllTargets pauses every target with something scheduled (update
// targets too) and returns those it paused, each once; ResumeTargets undoes
// it and leaves alone the targets that were paused before.
func TestPauseAllTargetsAndResumeTargets(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	a, b := &upd{name: "a", r: &r}, &upd{name: "b", r: &r}
	tgt, already := &struct{ int }{1}, &struct{ int }{2}
	s.ScheduleUpdate(a, 0, false)
	s.Schedule(a, func(float64) { r.add("aTimer f%d", frame) }, 0, RepeatForever, 0, false)
	s.ScheduleUpdate(b, -1, false)
	s.Schedule(tgt, func(float64) { r.add("tgt f%d", frame) }, 0, RepeatForever, 0, false)
	s.Schedule(already, func(float64) { r.add("already f%d", frame) }, 0, RepeatForever, 0, false)
	s.PauseTarget(already)
	frames(s, &frame, 1, 0.1)
	r.check(t, "b", "a")
	got := s.PauseAllTargets()
	if !slices.Equal(got, []any{b, a, tgt}) {
		t.Fatalf("PauseAllTargets = %v, want [b a tgt] (update order, then timer order, each once, not the already paused)", got)
	}
	s.Schedule(a, func(float64) { r.add("aLate f%d", frame) }, 0, RepeatForever, 0, false)
	frames(s, &frame, 2, 0.1)
	r.check(t)
	s.ResumeTargets(got)
	if !s.IsTargetPaused(already) || s.IsTargetPaused(a) {
		t.Fatal("ResumeTargets must resume exactly the targets given")
	}
	frames(s, &frame, 2, 0.1) // f4 primes aLate
	r.check(t, "b", "a", "aTimer f4", "tgt f4", "b", "a", "aTimer f5", "aLate f5", "tgt f5")
	if again := s.PauseAllTargets(); len(again) != 3 {
		t.Fatalf("PauseAllTargets after ResumeTargets = %v, want the same three", again)
	}
	if none := s.PauseAllTargets(); none != nil {
		t.Fatalf("a second PauseAllTargets returned %v, want nothing new", none)
	}
}

func TestTimeScaleAppliesToTimersOnly(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	s.SetTimeScale(2)
	if s.TimeScale() != 2 {
		t.Fatalf("TimeScale = %v, want 2", s.TimeScale())
	}
	u := &upd{r: &r}
	u.fn = func(dt float64) { r.add("u%d %.3f", frame, dt) }
	s.ScheduleUpdate(u, 0, false)
	s.Schedule(u, func(dt float64) { r.add("t%d %.3f", frame, dt) }, 0.5, RepeatForever, 0, false)
	frames(s, &frame, 3, 0.125)
	r.check(t, "u1 0.125", "u2 0.125", "u3 0.125", "t3 0.500")
	s.SetTimeScale(-1)
	if s.TimeScale() != 0 {
		t.Fatalf("negative time scale stored as %v, want 0", s.TimeScale())
	}
	frames(s, &frame, 5, 0.125)
	for _, line := range r.got {
		if line[0] == 't' {
			t.Fatalf("timer fired with time scale 0: %q", r.got)
		}
	}
}

// threeTimers schedules timers named a, b, c (interval 0) on one target and
// primes them; each calls hook(name) after recording itself.
func threeTimers(s *Scheduler, r *rec, frame *int, hook func(name string)) map[string]TimerID {
	tgt := &struct{ int }{}
	ids := map[string]TimerID{}
	for _, name := range []string{"a", "b", "c"} {
		ids[name] = s.Schedule(tgt, func(float64) {
			r.add("%s%d", name, *frame)
			hook(name)
		}, 0, RepeatForever, 0, false)
	}
	frames(s, frame, 1, 0.1)
	return ids
}

func TestUnscheduleInsideCallback(t *testing.T) {
	cases := []struct {
		name        string
		caller      string
		victims     []string
		want        []string
		nextFrameOK []string
	}{
		{"later", "a", []string{"b"}, []string{"a2", "c2"}, []string{"a3", "c3"}},
		{"self", "a", []string{"a"}, []string{"a2", "b2", "c2"}, []string{"b3", "c3"}},
		{"earlier", "c", []string{"a"}, []string{"a2", "b2", "c2"}, []string{"b3", "c3"}},
		{"self and later", "b", []string{"b", "c"}, []string{"a2", "b2"}, []string{"a3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := NewScheduler()
			var r rec
			frame := 0
			var ids map[string]TimerID
			ids = threeTimers(s, &r, &frame, func(name string) {
				if name == tc.caller && frame == 2 {
					for _, v := range tc.victims {
						s.Unschedule(ids[v])
					}
				}
			})
			frames(s, &frame, 1, 0.1)
			r.check(t, tc.want...)
			for _, v := range tc.victims {
				if s.IsScheduled(ids[v]) {
					t.Fatalf("%s still scheduled", v)
				}
			}
			frames(s, &frame, 1, 0.1)
			r.check(t, tc.nextFrameOK...)
		})
	}
}

func TestUnscheduleAllForTargetInsideCallback(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	t1, t2 := &upd{name: "u1", r: &r}, &upd{name: "u2", r: &r}
	s.ScheduleUpdate(t1, 0, false)
	s.ScheduleUpdate(t2, 0, false)
	s.Schedule(t1, func(float64) {
		r.add("a%d", frame)
		if frame == 2 {
			s.UnscheduleAllForTarget(t2) // later target: b1, b2 must not run
		}
	}, 0, RepeatForever, 0, false)
	s.Schedule(t2, func(float64) { r.add("b1-%d", frame) }, 0, RepeatForever, 0, false)
	s.Schedule(t2, func(float64) {
		r.add("b2-%d", frame)
		if frame == 4 {
			s.UnscheduleAllForTarget(t1) // earlier target: already ran
		}
	}, 0, RepeatForever, 0, false)
	frames(s, &frame, 1, 0.1)
	r.check(t, "u1", "u2")
	frames(s, &frame, 1, 0.1)
	r.check(t, "u1", "u2", "a2")
	frames(s, &frame, 1, 0.1)
	r.check(t, "u1", "a3")
	// Schedule t2 again, then let it remove t1 from inside its callback.
	s.Schedule(t2, func(float64) {
		r.add("b2-%d", frame)
		if frame == 5 {
			s.UnscheduleAllForTarget(t1)
		}
	}, 0, RepeatForever, 0, false)
	frames(s, &frame, 1, 0.1) // f4 primes
	r.check(t, "u1", "a4")
	frames(s, &frame, 1, 0.1)
	r.check(t, "u1", "a5", "b2-5")
	frames(s, &frame, 1, 0.1)
	r.check(t, "b2-6")
	if len(s.targets) != 1 || len(s.updates) != 0 {
		t.Fatalf("targets = %d, updates = %d; want 1, 0", len(s.targets), len(s.updates))
	}
}

func TestUnscheduleAllInsideCallback(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	ids := threeTimers(s, &r, &frame, func(name string) {
		if name == "b" {
			s.UnscheduleAll()
		}
	})
	other := &upd{name: "u", r: &r}
	s.ScheduleUpdate(other, 0, false)
	s.PauseTarget(&frame)
	s.Schedule(other, func(float64) { r.add("other") }, 0, RepeatForever, 0, false)
	frames(s, &frame, 1, 0.1) // other's timer primes after a, b
	r.check(t, "u", "a2", "b2")
	frames(s, &frame, 2, 0.1)
	r.check(t)
	for name, id := range ids {
		if s.IsScheduled(id) {
			t.Fatalf("%s still scheduled after UnscheduleAll", name)
		}
	}
	if len(s.targets) != 0 || len(s.timers) != 0 || len(s.updates) != 0 || len(s.timerTargets) != 0 {
		t.Fatalf("state left after UnscheduleAll: %d targets, %d timers, %d updates, %d timer targets",
			len(s.targets), len(s.timers), len(s.updates), len(s.timerTargets))
	}
	if s.IsTargetPaused(&frame) {
		t.Fatal("pause state survived UnscheduleAll")
	}
}

// Cocos order for timers added during Update: the timer walk re-reads its
// lists, so a timer added to the target being walked, to a later target, or
// to a new target (appended to the walk) is primed in the same Update and
// fires in the next; one added to a target already walked is primed in the
// next Update. A timer scheduled by an update target is primed by the same
// Update's timer walk.
func TestScheduleInsideCallbackFiringFrames(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	t0, t1, t2, t3, t4 := &struct{ int }{0}, &struct{ int }{1}, &struct{ int }{2}, &struct{ int }{3}, &struct{ int }{4}
	rec := func(name string) func(float64) { return func(float64) { r.add("%s%d", name, frame) } }
	s.Schedule(t0, rec("Z"), 0, RepeatForever, 0, false)
	s.Schedule(t1, func(float64) {
		r.add("A%d", frame)
		if frame == 2 {
			s.Schedule(t1, rec("B"), 0, RepeatForever, 0, false) // same target, after A
			s.Schedule(t3, rec("C"), 0, RepeatForever, 0, false) // new target
			s.Schedule(t2, rec("D"), 0, RepeatForever, 0, false) // later target, after E
			s.Schedule(t0, rec("F"), 0, RepeatForever, 0, false) // target already walked
		}
	}, 0, RepeatForever, 0, false)
	s.Schedule(t2, rec("E"), 0, RepeatForever, 0, false)
	s.ScheduleUpdate(&upd{r: &r, fn: func(float64) {
		if frame == 2 {
			s.Schedule(t4, rec("G"), 0, RepeatForever, 0, false) // before the timer walk
		}
	}}, 0, false)
	frames(s, &frame, 2, 0.1) // f1 primes Z, A, E; f2 primes G, B, D, C
	r.check(t, "Z2", "A2", "E2")
	frames(s, &frame, 1, 0.1) // f3 primes F
	r.check(t, "Z3", "A3", "B3", "E3", "D3", "G3", "C3")
	frames(s, &frame, 1, 0.1)
	r.check(t, "Z4", "F4", "A4", "B4", "E4", "D4", "G4", "C4")
}

func TestUnscheduleAndRescheduleInsideCallback(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	tgt := &struct{ int }{}
	var id TimerID
	id = s.Schedule(tgt, func(float64) {
		r.add("old%d", frame)
		s.Unschedule(id)
		s.Schedule(tgt, func(float64) { r.add("new%d", frame) }, 0, RepeatForever, 0, false)
	}, 0, RepeatForever, 0, false)
	frames(s, &frame, 4, 0.1)
	// new is scheduled on the target being walked: primed at f2, fires from f3.
	r.check(t, "old2", "new3", "new4")
}

func TestSchedulerIDsAndUnknowns(t *testing.T) {
	s := NewScheduler()
	tgt := &struct{ int }{}
	a := s.Schedule(tgt, func(float64) {}, 1, RepeatForever, 0, false)
	b := s.Schedule(tgt, func(float64) {}, 1, RepeatForever, 0, false)
	if a == 0 || b == 0 || a == b {
		t.Fatalf("ids %d, %d: want distinct and non-zero", a, b)
	}
	if s.IsScheduled(0) || s.IsScheduled(b+1) {
		t.Fatal("IsScheduled true for an unknown id")
	}
	s.Unschedule(0)
	s.Unschedule(b + 100)
	s.Unschedule(a)
	s.Unschedule(a)
	if s.IsScheduled(a) || !s.IsScheduled(b) {
		t.Fatal("Unschedule removed the wrong timer")
	}
	s.UnscheduleAllForTarget(&struct{ int }{})
	s.UnscheduleAllForTarget(nil)
	s.UnscheduleUpdate(nil)
	s.ResumeTarget(nil)
	s.ResumeTarget(&struct{ int }{})
	if s.IsTargetPaused(nil) || s.IsTargetPaused(tgt) {
		t.Fatal("IsTargetPaused true for an unpaused target")
	}
	s.Unschedule(b)
	if len(s.targets) != 0 {
		t.Fatalf("targets = %d after removing everything, want 0", len(s.targets))
	}
	c := s.Schedule(tgt, func(float64) {}, 1, RepeatForever, 0, false)
	if c <= b {
		t.Fatalf("id %d reused or went backwards (last %d)", c, b)
	}
}

func TestSchedulerNilArgumentsPanic(t *testing.T) {
	s := NewScheduler()
	for name, f := range map[string]func(){
		"Schedule nil target":   func() { s.Schedule(nil, func(float64) {}, 0, 0, 0, false) },
		"Schedule nil fn":       func() { s.Schedule(s, nil, 0, 0, 0, false) },
		"ScheduleUpdate nil":    func() { s.ScheduleUpdate(nil, 0, false) },
		"PauseTarget nil":       func() { s.PauseTarget(nil) },
		"ScheduleOnce nil func": func() { s.ScheduleOnce(s, nil, 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

func TestSchedulerReentrantUpdatePanics(t *testing.T) {
	s := NewScheduler()
	var inner any
	s.ScheduleUpdate(&upd{r: &rec{}, fn: func(float64) {
		func() {
			defer func() { inner = recover() }()
			s.Update(1)
		}()
	}}, 0, false)
	s.Update(1)
	if inner == nil {
		t.Fatal("nested Update did not panic")
	}
}

// In fatal mode a timer's panic propagates as a *TimerPanic, after the
// timer is removed and the handler has seen it; the Scheduler stays
// consistent.
func TestSchedulerPanicFatalLeavesSchedulerConsistent(t *testing.T) {
	s := NewScheduler()
	s.SetPanicFatal(true)
	var reports []*TimerPanic
	s.SetPanicHandler(func(p *TimerPanic) { reports = append(reports, p) })
	var r rec
	frame := 0
	tgt := &struct{ int }{}
	late := &upd{name: "late", r: &r}
	id := s.Schedule(tgt, func(float64) {
		r.add("boom%d", frame)
		if frame == 2 {
			s.ScheduleUpdate(late, 0, false)
			panic("boom")
		}
	}, 0, RepeatForever, 0, false)
	s.Schedule(tgt, func(float64) { r.add("other%d", frame) }, 0, RepeatForever, 0, false)
	frames(s, &frame, 1, 0.1)
	func() {
		defer func() {
			p, ok := recover().(*TimerPanic)
			if !ok || p.ID != id || p.Value != "boom" || p.Target != tgt {
				t.Fatalf("want a *TimerPanic for the timer, got %#v", p)
			}
		}()
		frames(s, &frame, 1, 0.1)
	}()
	if len(reports) != 1 || s.IsScheduled(id) {
		t.Fatalf("fatal mode: %d reports, scheduled %v; want 1 report and the timer removed", len(reports), s.IsScheduled(id))
	}
	frames(s, &frame, 1, 0.1)
	r.check(t, "boom2", "late", "other3")
}

// A panic in a timer callback is recovered: the timer is removed, the panic
// goes to the handler with the target, the value and the stack, and every
// other timer of that Update runs once (none skipped, none twice).
func TestTimerPanicRecoveredAndReported(t *testing.T) {
	s := NewScheduler()
	var reports []*TimerPanic
	s.SetPanicHandler(func(p *TimerPanic) { reports = append(reports, p) })
	var r rec
	frame := 0
	ids := threeTimers(s, &r, &frame, func(name string) {
		if name == "b" && frame == 2 {
			panic("boom")
		}
	})
	other := &struct{ int }{}
	s.Schedule(other, func(float64) { r.add("d%d", frame) }, 0, RepeatForever, 0, false)
	frames(s, &frame, 1, 0.1) // d primes
	r.check(t, "a2", "b2", "c2")
	frames(s, &frame, 1, 0.1)
	r.check(t, "a3", "c3", "d3")
	if len(reports) != 1 {
		t.Fatalf("%d reports, want 1", len(reports))
	}
	p := reports[0]
	if p.ID != ids["b"] || p.Value != "boom" || p.Target == nil || p.Target == other ||
		!strings.Contains(string(p.Stack), "threeTimers") || !strings.Contains(p.Error(), "boom") {
		t.Fatalf("report %v (ID %d, target %v), stack:\n%s", p, p.ID, p.Target, p.Stack)
	}
	if s.IsScheduled(ids["b"]) || !s.IsScheduled(ids["a"]) {
		t.Fatal("the panicking timer, and only it, must be removed")
	}
}

// Without a handler a timer's panic is logged to standard error.
func TestTimerPanicDefaultsToStderr(t *testing.T) {
	s := NewScheduler()
	s.Schedule(s, func(float64) { panic("timer-boom") }, 0, RepeatForever, 0, false)
	out := captureStderr(t, func() { s.Update(0.1); s.Update(0.1) })
	if !strings.Contains(out, "timer-boom") || !strings.Contains(out, "the timer is removed") || !strings.Contains(out, "goroutine") {
		t.Fatalf("stderr: %q", out)
	}
	if len(s.timers) != 0 {
		t.Fatal("the panicking timer must be removed")
	}
}

// captureStderr returns what f writes to os.Stderr.
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	rd, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = wr
	done := make(chan []byte)
	go func() { b, _ := io.ReadAll(rd); done <- b }()
	func() {
		defer func() { os.Stderr = saved; wr.Close() }()
		f()
	}()
	return string(<-done)
}

// ScheduleKey: the same (target, key) is one timer, updated in place (new
// function, interval, repeat; same ID, accumulated time kept); another key
// or another target is another timer.
func TestScheduleKeyUpdatesInPlace(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	tgt, tgt2 := &struct{ int }{1}, &struct{ int }{2}
	id := s.ScheduleKey(tgt, "k", func(dt float64) { r.add("a f%d %.3f", frame, dt) }, 0.5, RepeatForever, 0)
	frames(s, &frame, 3, 0.125) // f1 primes; f2, f3 accumulate 0.25
	if again := s.ScheduleKey(tgt, "k", func(dt float64) { r.add("b f%d %.3f", frame, dt) }, 0.375, RepeatForever, 0); again != id {
		t.Fatalf("same identity got a new timer: %d, want %d", again, id)
	}
	other := s.ScheduleKey(tgt, "k2", func(float64) {}, 10, RepeatForever, 0)
	elsewhere := s.ScheduleKey(tgt2, "k", func(float64) {}, 10, RepeatForever, 0)
	if other == id || elsewhere == id || other == elsewhere {
		t.Fatal("another key or another target must be another timer")
	}
	frames(s, &frame, 4, 0.125)
	// Kept 0.25: 0.375 reached at f4; then every three frames.
	r.check(t, "b f4 0.375", "b f7 0.375")
	if !s.IsScheduledKey(tgt, "k") || !s.IsScheduled(id) || s.IsScheduledKey(tgt, "none") {
		t.Fatal("IsScheduledKey")
	}
	s.UnscheduleKey(tgt, "k")
	if s.IsScheduledKey(tgt, "k") || s.IsScheduled(id) {
		t.Fatal("UnscheduleKey left the timer")
	}
	frames(s, &frame, 4, 0.125)
	r.check(t)
	if fresh := s.ScheduleKey(tgt, "k", func(float64) {}, 1, 0, 0); fresh == id || fresh == 0 {
		t.Fatal("a removed identity must get a new timer")
	}
}

// ScheduleKey's repeat counts the fires already made, and its delay only
// applies before the first fire.
func TestScheduleKeyRepeatAndDelay(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	tgt := &struct{ int }{}
	fn := func(dt float64) { r.add("f%d", frame) }
	s.ScheduleKey(tgt, "k", fn, 0, 5, 0)
	frames(s, &frame, 3, 0.1) // fires at f2, f3
	if id := s.ScheduleKey(tgt, "k", fn, 0, 1, 0); id != 0 || s.IsScheduledKey(tgt, "k") {
		t.Fatal("a repeat already used up must end the timer at once")
	}
	s.ScheduleKey(tgt, "d", fn, 0, RepeatForever, 0)
	s.ScheduleKey(tgt, "d", fn, 0, RepeatForever, 0.25) // not fired yet: the delay applies
	frames(s, &frame, 5, 0.1)                           // f4 primes; 0.3 reached at f7
	r.check(t, "f2", "f3", "f7", "f8")
	s.ScheduleKey(tgt, "d", fn, 0, RepeatForever, 10) // fired already: no delay
	frames(s, &frame, 1, 0.1)
	r.check(t, "f9")
}

// steadyScheduler builds a scheduler with nTimers timers over 100 targets and
// nUpdates update targets, warmed up past priming.
func steadyScheduler(nTimers, nUpdates int) (*Scheduler, *int) {
	s := NewScheduler()
	count := new(int)
	targets := make([]*upd, 100)
	r := &rec{}
	for i := range targets {
		targets[i] = &upd{name: fmt.Sprint(i), r: r}
	}
	for i := range nTimers {
		interval := float64(i%7) / 60
		repeat := RepeatForever
		delay := 0.0
		if i%3 == 0 {
			delay = 0.05
		}
		s.Schedule(targets[i%len(targets)], func(float64) { *count++ }, interval, repeat, delay, false)
	}
	for i := range nUpdates {
		s.ScheduleUpdate(&upd{r: r}, i%5-2, false) // no name: records nothing
	}
	for range 10 {
		s.Update(1.0 / 60)
	}
	return s, count
}

func TestSchedulerSteadyStateAllocatesNothing(t *testing.T) {
	s, count := steadyScheduler(1000, 100)
	before := *count
	allocs := testing.AllocsPerRun(100, func() { s.Update(1.0 / 60) })
	if allocs != 0 {
		t.Fatalf("Update allocates %v times per frame, want 0", allocs)
	}
	if *count == before {
		t.Fatal("no timer fired")
	}
}

func BenchmarkSchedulerUpdate(b *testing.B) {
	s, _ := steadyScheduler(1000, 0)
	b.ReportAllocs()
	for b.Loop() {
		s.Update(1.0 / 60)
	}
}

func TestScheduleUpdateTwiceDuringWalk(t *testing.T) {
	s := NewScheduler()
	var r rec
	a, b, late := &upd{name: "a", r: &r}, &upd{name: "b", r: &r}, &upd{name: "late", r: &r}
	first := true
	a.fn = func(float64) {
		if first {
			first = false
			s.ScheduleUpdate(late, 5, false)
			s.ScheduleUpdate(late, -5, false) // still pending: takes the new priority
		}
	}
	s.ScheduleUpdate(a, 0, false)
	s.ScheduleUpdate(b, 0, false)
	s.Update(1)
	r.check(t, "a", "b")
	s.Update(1)
	r.check(t, "late", "a", "b")
	s.UnscheduleUpdate(b)
	s.UnscheduleUpdate(b)
	s.Update(1)
	r.check(t, "late", "a")
}

func TestNegativeIntervalCountsAsZero(t *testing.T) {
	s := NewScheduler()
	var r rec
	frame := 0
	s.Schedule(&frame, func(float64) { r.add("f%d", frame) }, -3, 1, 0, false)
	frames(s, &frame, 4, 0.1)
	r.check(t, "f2", "f3")
}

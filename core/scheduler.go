package core

import "runtime/debug"

// Updatable is a per-frame update target of a Scheduler.
type Updatable interface {
	// Update is called once per Scheduler.Update with the frame's dt in
	// seconds (not scaled by the time scale).
	Update(dt float64)
}

// TimerID identifies a timer of a Scheduler. IDs are never reused by a
// Scheduler; the zero TimerID is never a timer. A timer updated in place by
// ScheduleKey keeps its ID.
type TimerID uint64

// RepeatForever as the repeat argument of Scheduler.Schedule makes a timer
// fire until it is unscheduled.
const RepeatForever = -1

// Scheduler drives per-frame update targets and timers, with the semantics of
// Cocos Creator 3.8's Scheduler (cocos/core/scheduler.ts).
//
// Each Update first calls Update(dt) on every unpaused update target, by
// ascending priority (negative, then zero, then positive), in scheduling order
// within one priority; then it advances every unpaused timer by dt times the
// time scale. Timers are grouped by target: targets in the order in which they
// got their first (current) timer, timers of one target in scheduling order.
//
// Timers behave like Cocos' CallbackTimer: the first Update whose timer walk
// reaches a timer only primes it (normally the first Update after
// scheduling; see below for timers added during Update); from the next one
// on it accumulates time. A timer
// without delay fires when its accumulated time reaches interval and then
// starts again from zero; a timer with a delay > 0 first fires when the
// accumulated time reaches delay, keeping the excess, and then every interval.
// A timer fires at most once per Update. Its callback gets the time
// accumulated since it last fired (or since it was primed). A repeat of N
// fires N+1 times, then the timer is removed; any negative repeat, such as
// RepeatForever, never ends.
//
// Timers scheduled with Schedule are anonymous: each call adds one. Timers
// scheduled with ScheduleKey have an identity, (target, key): scheduling the
// same identity again updates the timer in place, as Cocos' schedule() does
// for a callback already scheduled on a target.
//
// Pausing is a property of the target, as in Cocos: PauseTarget (or a
// scheduling call with paused set) pauses the target's update entry and all
// its timers, those scheduled later included, until ResumeTarget; a
// scheduling call with paused false never resumes a paused target.
//
// Lists may change while Update walks them: an entry or timer removed before
// its turn is not called, none is skipped or called twice. An update entry
// added during Update is not called until the next Update. A timer added
// during Update is primed in that same Update if the timer walk has not
// finished with its target yet, as in Cocos (whose walk re-reads the lengths
// of the lists it walks): a timer of the target being walked, of a later
// target, or of a target that gets its first timer (appended to the walk) is
// primed in this Update and can fire in the next; a timer added to a target
// the walk has already passed is primed in the next Update.
//
// A panic in a timer callback is recovered: the timer is removed, the panic
// is reported as a *TimerPanic (SetPanicHandler; standard error by default),
// and the walk goes on with the next timer, so no timer is skipped or run
// twice. SetPanicFatal makes the panic propagate to the caller of Update
// instead, after the timer is removed. A panic in an update target's Update
// is not recovered: it propagates to the caller of Update, and the Scheduler
// stays consistent.
//
// Targets and keys are map keys: they must be comparable values, normally
// pointers; an incomparable one makes the call panic. A Scheduler keeps no
// state for a target once nothing is scheduled for it and it is not paused.
//
// In steady state (no scheduling or unscheduling) Update allocates nothing.
// Create a Scheduler with NewScheduler (the zero value is not ready). A
// Scheduler is not safe for concurrent use.
type Scheduler struct {
	targets map[any]*schedTarget
	timers  map[TimerID]*timer
	keyed   map[timerKey]*timer // timers scheduled with ScheduleKey

	updates      []*updateEntry // sorted by priority, stable
	pendingAdds  []*updateEntry // added during Update, merged after it
	pendingMoves []*updateEntry // priority changed during Update
	timerTargets []*schedTarget // targets with timers, in Cocos order

	nextID    TimerID
	timeScale float64
	updating  bool

	updatesDirty bool // updates holds dead entries
	timersDirty  bool // some target holds dead timers

	fatal   bool // SetPanicFatal's
	onPanic func(*TimerPanic)
}

// timerKey is the identity of a timer scheduled with ScheduleKey.
type timerKey struct{ target, key any }

// schedTarget is everything the scheduler knows about one target.
type schedTarget struct {
	key         any
	paused      bool
	update      *updateEntry // live update entry, or nil
	timers      []*timer     // may hold dead timers until compaction
	liveTimers  int
	inList      bool // in Scheduler.timerTargets
	timersDirty bool
}

type updateEntry struct {
	target      Updatable
	owner       *schedTarget
	priority    int
	newPriority int
	dead        bool
	pending     bool // in pendingAdds, not yet in updates
	moving      bool // in pendingMoves
}

type timer struct {
	id            TimerID
	owner         *schedTarget
	key           any // ScheduleKey's key, or nil
	fn            func(dt float64)
	interval      float64
	delay         float64
	elapsed       float64
	repeat        int
	timesExecuted int
	primed        bool
	fired         bool // fn has been called at least once
	runForever    bool
	useDelay      bool
	dead          bool
}

// NewScheduler returns an empty Scheduler with a time scale of 1.
func NewScheduler() *Scheduler {
	return &Scheduler{
		targets:   make(map[any]*schedTarget),
		timers:    make(map[TimerID]*timer),
		timeScale: 1,
	}
}

func (s *Scheduler) target(key any) *schedTarget {
	if key == nil {
		panic("core: Scheduler target is nil")
	}
	st := s.targets[key]
	if st == nil {
		st = &schedTarget{key: key}
		s.targets[key] = st
	}
	return st
}

// release forgets st when nothing is scheduled for it and it is not paused.
func (s *Scheduler) release(st *schedTarget) {
	if st.update == nil && st.liveTimers == 0 && !st.paused && s.targets[st.key] == st {
		delete(s.targets, st.key)
	}
}

// ScheduleUpdate makes target's Update run on every Scheduler.Update, at the
// given priority (lower runs earlier). The entry does not run while the
// target is paused: paused true pauses the target (its timers too) as
// PauseTarget does; paused false leaves the target's state alone, so an entry
// scheduled for a paused target starts paused.
//
// If target already has an update entry and priority differs, the entry moves
// to the end of the new priority's group (during Update the move takes effect
// when that Update ends; the entry keeps its old place for the walk under
// way). ScheduleUpdate panics if target is nil.
func (s *Scheduler) ScheduleUpdate(target Updatable, priority int, paused bool) {
	if target == nil {
		panic("core: Scheduler target is nil")
	}
	st := s.target(target)
	if paused {
		st.paused = true
	}
	if e := st.update; e != nil {
		if e.priority == priority && !e.moving {
			return
		}
		switch {
		case e.pending:
			e.priority = priority
		case s.updating:
			e.newPriority = priority
			if !e.moving {
				e.moving = true
				s.pendingMoves = append(s.pendingMoves, e)
			}
		default:
			s.removeUpdateAt(s.indexOfUpdate(e))
			e.priority = priority
			s.insertUpdate(e)
		}
		return
	}
	e := &updateEntry{target: target, owner: st, priority: priority}
	st.update = e
	if s.updating {
		e.pending = true
		s.pendingAdds = append(s.pendingAdds, e)
		return
	}
	s.insertUpdate(e)
}

// insertUpdate puts e after every entry whose priority is <= e.priority.
func (s *Scheduler) insertUpdate(e *updateEntry) {
	i := len(s.updates)
	for i > 0 && s.updates[i-1].priority > e.priority {
		i--
	}
	s.updates = append(s.updates, nil)
	copy(s.updates[i+1:], s.updates[i:])
	s.updates[i] = e
}

func (s *Scheduler) indexOfUpdate(e *updateEntry) int {
	for i, x := range s.updates {
		if x == e {
			return i
		}
	}
	return -1
}

func (s *Scheduler) removeUpdateAt(i int) {
	copy(s.updates[i:], s.updates[i+1:])
	s.updates[len(s.updates)-1] = nil
	s.updates = s.updates[:len(s.updates)-1]
}

// UnscheduleUpdate removes target's update entry, if any. Called during Update
// before the entry's turn, the entry is not called in that Update.
func (s *Scheduler) UnscheduleUpdate(target Updatable) {
	if target == nil {
		return
	}
	st := s.targets[target]
	if st == nil || st.update == nil {
		return
	}
	s.killUpdate(st)
	s.release(st)
}

func (s *Scheduler) killUpdate(st *schedTarget) {
	e := st.update
	st.update = nil
	e.dead = true
	e.target = nil
	s.updatesDirty = true
}

// Schedule adds a timer for target that calls fn every interval seconds of
// scaled time, repeat+1 times (forever for a negative repeat such as
// RepeatForever), the first time after delay seconds when delay > 0; see the
// Scheduler documentation for the exact timing. The timer does not run while
// the target is paused: paused true pauses the target (its other timers and
// update entry too) as PauseTarget does; paused false leaves the target's
// state alone, so a timer added to a paused target starts paused.
//
// Each call adds a new timer, even for a function already scheduled; use
// ScheduleKey for a timer that is updated instead. A negative interval counts
// as 0 (fire on every Update after priming). Schedule panics if target or fn
// is nil.
func (s *Scheduler) Schedule(target any, fn func(dt float64), interval float64, repeat int, delay float64, paused bool) TimerID {
	if fn == nil {
		panic("core: Scheduler timer func is nil")
	}
	st := s.target(target)
	if paused {
		st.paused = true
	}
	return s.addTimer(st, nil, fn, interval, repeat, delay).id
}

func (s *Scheduler) addTimer(st *schedTarget, key any, fn func(float64), interval float64, repeat int, delay float64) *timer {
	s.nextID++
	t := &timer{id: s.nextID, owner: st, key: key, fn: fn}
	t.set(interval, repeat, delay)
	st.timers = append(st.timers, t)
	st.liveTimers++
	if !st.inList {
		st.inList = true
		s.timerTargets = append(s.timerTargets, st)
	}
	s.timers[t.id] = t
	return t
}

// set gives t its interval, repeat and delay. The delay only applies while t
// has not fired yet.
func (t *timer) set(interval float64, repeat int, delay float64) {
	if interval < 0 {
		interval = 0
	}
	t.interval = interval
	t.repeat = repeat
	t.runForever = repeat < 0
	t.delay = delay
	t.useDelay = delay > 0 && !t.fired
}

// ScheduleKey schedules a timer whose identity is (target, key), with the
// meaning of Schedule's arguments, and returns its ID. If a timer with that
// identity is scheduled, no timer is added: that one is updated in place, as
// Cocos' schedule() updates a callback already scheduled on a target. It
// takes fn, interval and repeat; it keeps its ID, its place in the order, its
// priming and the time it has accumulated; repeat counts the times it has
// already fired (if those already exceed repeat, the timer is removed at
// once and ScheduleKey returns 0); delay applies only if it has not fired
// yet, counted from its priming. (Cocos updates only the interval; Tact
// takes the other arguments too, so that a call states the whole timer.)
//
// Pausing is the target's (see Schedule); to schedule paused, call
// PauseTarget. ScheduleKey panics if target, key or fn is nil, and if key is
// not comparable.
func (s *Scheduler) ScheduleKey(target, key any, fn func(dt float64), interval float64, repeat int, delay float64) TimerID {
	if fn == nil {
		panic("core: Scheduler timer func is nil")
	}
	if key == nil {
		panic("core: Scheduler timer key is nil")
	}
	st := s.target(target)
	k := timerKey{target, key}
	if t := s.keyed[k]; t != nil {
		t.fn = fn
		t.set(interval, repeat, delay)
		if !t.runForever && t.timesExecuted > t.repeat {
			s.killTimer(t)
			s.release(st)
			return 0
		}
		return t.id
	}
	t := s.addTimer(st, key, fn, interval, repeat, delay)
	if s.keyed == nil {
		s.keyed = make(map[timerKey]*timer)
	}
	s.keyed[k] = t
	return t.id
}

// UnscheduleKey removes the timer with identity (target, key), if one is
// scheduled. Called from inside a callback, the removed timer does not fire
// again in that Update.
func (s *Scheduler) UnscheduleKey(target, key any) {
	if target == nil || key == nil {
		return
	}
	if t := s.keyed[timerKey{target, key}]; t != nil {
		st := t.owner
		s.killTimer(t)
		s.release(st)
	}
}

// IsScheduledKey reports whether a timer with identity (target, key) is
// scheduled: not removed, and not finished.
func (s *Scheduler) IsScheduledKey(target, key any) bool {
	if target == nil || key == nil {
		return false
	}
	return s.keyed[timerKey{target, key}] != nil
}

// ScheduleOnce adds a timer for target that calls fn once, delay seconds of
// scaled time after the Update that primes it (on the Update after priming
// when delay <= 0). It is Schedule(target, fn, 0, 0, delay, false).
func (s *Scheduler) ScheduleOnce(target any, fn func(dt float64), delay float64) TimerID {
	return s.Schedule(target, fn, 0, 0, delay, false)
}

// Unschedule removes the timer id. Unknown, finished and zero IDs are ignored.
// Called from inside a callback (the timer's own or another's), the removed
// timer does not fire again in that Update.
func (s *Scheduler) Unschedule(id TimerID) {
	t := s.timers[id]
	if t == nil {
		return
	}
	st := t.owner
	s.killTimer(t)
	s.release(st)
}

func (s *Scheduler) killTimer(t *timer) {
	delete(s.timers, t.id)
	if t.key != nil {
		if k := (timerKey{t.owner.key, t.key}); s.keyed[k] == t {
			delete(s.keyed, k)
		}
	}
	t.dead = true
	t.fn = nil
	t.owner.liveTimers--
	t.owner.timersDirty = true
	s.timersDirty = true
}

// UnscheduleAllForTarget removes target's update entry and all its timers,
// and forgets the target, including its paused state.
func (s *Scheduler) UnscheduleAllForTarget(target any) {
	if target == nil {
		return
	}
	st := s.targets[target]
	if st == nil {
		return
	}
	s.forget(st)
	delete(s.targets, target)
}

func (s *Scheduler) forget(st *schedTarget) {
	for _, t := range st.timers {
		if !t.dead {
			s.killTimer(t)
		}
	}
	if st.update != nil {
		s.killUpdate(st)
	}
	st.paused = false
}

// UnscheduleAll removes every update entry and timer and forgets every target,
// including paused states. The time scale is kept.
func (s *Scheduler) UnscheduleAll() {
	for _, st := range s.targets {
		s.forget(st)
	}
	clear(s.targets)
}

// IsScheduled reports whether the timer id is still scheduled: not removed,
// and not finished.
func (s *Scheduler) IsScheduled(id TimerID) bool {
	return s.timers[id] != nil
}

// PauseTarget pauses target's update entry and timers; paused time does not
// count toward its timers. A target may be paused before anything is
// scheduled for it: what is scheduled later starts paused. PauseTarget panics
// if target is nil.
func (s *Scheduler) PauseTarget(target any) {
	s.target(target).paused = true
}

// ResumeTarget resumes target's update entry and timers, including those
// scheduled with paused set to true.
func (s *Scheduler) ResumeTarget(target any) {
	if target == nil {
		return
	}
	st := s.targets[target]
	if st == nil {
		return
	}
	st.paused = false
	s.release(st)
}

// PauseAllTargets pauses every target that has an update entry or a timer
// and is not paused yet, and returns those targets: each once, update targets
// first (in update order), then timer targets (in timer order). Targets that
// were already paused are not returned, so ResumeTargets(PauseAllTargets())
// leaves them paused. (Cocos' pauseAllTargets returns every target, already
// paused or not, once per kind of schedule.) What is scheduled for a paused
// target later starts paused.
func (s *Scheduler) PauseAllTargets() []any {
	var paused []any
	pause := func(st *schedTarget) {
		if !st.paused && s.targets[st.key] == st {
			st.paused = true
			paused = append(paused, st.key)
		}
	}
	for _, list := range [2][]*updateEntry{s.updates, s.pendingAdds} {
		for _, e := range list {
			if !e.dead {
				pause(e.owner)
			}
		}
	}
	for _, st := range s.timerTargets {
		if st.liveTimers > 0 {
			pause(st)
		}
	}
	return paused
}

// ResumeTargets resumes each of targets as ResumeTarget does; it undoes
// PauseAllTargets given its result.
func (s *Scheduler) ResumeTargets(targets []any) {
	for _, t := range targets {
		s.ResumeTarget(t)
	}
}

// IsTargetPaused reports whether target is paused by PauseTarget.
func (s *Scheduler) IsTargetPaused(target any) bool {
	if target == nil {
		return false
	}
	st := s.targets[target]
	return st != nil && st.paused
}

// SetTimeScale sets the factor applied to dt for timers (not for update
// targets); 1 is real time. A negative or NaN k is treated as 0.
func (s *Scheduler) SetTimeScale(k float64) {
	if !(k >= 0) {
		k = 0
	}
	s.timeScale = k
}

// TimeScale returns the factor applied to dt for timers.
func (s *Scheduler) TimeScale() float64 {
	return s.timeScale
}

// Update runs one frame of dt seconds: update targets first, then timers with
// dt scaled by the time scale. Calling Update from inside one of this
// Scheduler's callbacks panics. A panic in a timer callback is recovered and
// reported (see the type's documentation); one in an update target, or one
// made fatal, propagates to the caller and leaves the Scheduler consistent.
func (s *Scheduler) Update(dt float64) {
	if s.updating {
		panic("core: Scheduler.Update called from inside one of its callbacks")
	}
	s.compact()
	s.updating = true
	defer s.endUpdate()

	for i := 0; i < len(s.updates); i++ {
		e := s.updates[i]
		if e.dead || e.owner.paused {
			continue
		}
		e.target.Update(dt)
	}

	tdt := dt * s.timeScale
	for i, j := 0, 0; i < len(s.timerTargets); {
		i, j = s.runTimers(i, j, tdt)
	}
}

// runTimers walks the timers from timer j of target i to the end and returns
// the end position. After a panic it returns the position of the next timer,
// so that Update resumes there: one deferred recover per walk, not one per
// timer. The lengths are read afresh on every step, as in Cocos, so timers
// and targets added meanwhile are visited (and primed).
func (s *Scheduler) runTimers(i, j int, dt float64) (ti, tj int) {
	defer s.recoverTimer(&ti, &tj)
	for ti = i; ti < len(s.timerTargets); ti++ {
		st := s.timerTargets[ti]
		for tj = j; tj < len(st.timers); tj++ {
			t := st.timers[tj]
			if t.dead || st.paused {
				continue
			}
			s.advance(t, dt)
		}
		j = 0
	}
	return ti, 0
}

// recoverTimer removes and reports the timer at (*ti, *tj) if its callback
// panicked, and moves the position past it.
func (s *Scheduler) recoverTimer(ti, tj *int) {
	r := recover()
	if r == nil {
		return
	}
	st := s.timerTargets[*ti]
	t := st.timers[*tj]
	*tj++
	p := &TimerPanic{Target: st.key, ID: t.id, Key: t.key, Func: funcName(t.fn), Value: r, Stack: debug.Stack()}
	if !t.dead {
		s.killTimer(t)
		s.release(st)
	}
	reportPanic(s.onPanic, s.fatal, p, r, p.Stack, "the timer is removed")
}

// SetPanicHandler makes h receive the report of every panic recovered from a
// timer callback, after the timer is removed; nil (the default) logs the
// report and its stack to standard error. h runs inside Update: if h
// panics, that panic propagates to the caller of Update, with the Scheduler
// consistent.
func (s *Scheduler) SetPanicHandler(h func(*TimerPanic)) { s.onPanic = h }

// SetPanicFatal switches fatal mode on or off (off by default). In fatal
// mode a timer's panic is still reported to the handler and the timer is
// still removed, but then the panic propagates to the caller of Update as a
// *TimerPanic (one that already is a *TimerPanic or *ListenerPanic, from a
// nested update or emit in fatal mode, propagates unchanged, without a second
// report). Meant for tests.
func (s *Scheduler) SetPanicFatal(fatal bool) { s.fatal = fatal }

// advance is Cocos' CallbackTimer.update.
func (s *Scheduler) advance(t *timer, dt float64) {
	if !t.primed {
		t.primed = true
		t.elapsed = 0
		t.timesExecuted = 0
		return
	}
	t.elapsed += dt
	if t.runForever && !t.useDelay {
		if t.elapsed >= t.interval {
			t.fired = true
			t.fn(t.elapsed)
			t.elapsed = 0
		}
		return
	}
	if t.useDelay {
		if t.elapsed >= t.delay {
			t.fired = true
			t.fn(t.elapsed)
			t.elapsed -= t.delay
			t.timesExecuted++
			t.useDelay = false
		}
	} else if t.elapsed >= t.interval {
		t.fired = true
		t.fn(t.elapsed)
		t.elapsed = 0
		t.timesExecuted++
	}
	if !t.runForever && t.timesExecuted > t.repeat && !t.dead {
		st := t.owner
		s.killTimer(t)
		s.release(st)
	}
}

func (s *Scheduler) endUpdate() {
	s.updating = false
	for i, e := range s.pendingMoves {
		s.pendingMoves[i] = nil
		e.moving = false
		if e.dead || e.newPriority == e.priority {
			continue
		}
		s.removeUpdateAt(s.indexOfUpdate(e))
		e.priority = e.newPriority
		s.insertUpdate(e)
	}
	s.pendingMoves = s.pendingMoves[:0]
	for i, e := range s.pendingAdds {
		s.pendingAdds[i] = nil
		e.pending = false
		if !e.dead {
			s.insertUpdate(e)
		}
	}
	s.pendingAdds = s.pendingAdds[:0]
	s.compact()
}

// compact drops dead update entries, dead timers and targets without timers.
func (s *Scheduler) compact() {
	if s.updatesDirty {
		s.updatesDirty = false
		kept := s.updates[:0]
		for _, e := range s.updates {
			if !e.dead {
				kept = append(kept, e)
			}
		}
		clear(s.updates[len(kept):])
		s.updates = kept
	}
	if s.timersDirty {
		s.timersDirty = false
		keptTargets := s.timerTargets[:0]
		for _, st := range s.timerTargets {
			if st.timersDirty {
				st.timersDirty = false
				kept := st.timers[:0]
				for _, t := range st.timers {
					if !t.dead {
						kept = append(kept, t)
					}
				}
				clear(st.timers[len(kept):])
				st.timers = kept
			}
			if len(st.timers) > 0 {
				keptTargets = append(keptTargets, st)
			} else {
				st.inList = false
			}
		}
		clear(s.timerTargets[len(keptTargets):])
		s.timerTargets = keptTargets
	}
}

package core

// MoveTarget moves everything s holds for target to the Scheduler to: its
// update entry (same priority), its timers in their order with their state
// (time accumulated, fires so far, priming, key), and its paused state. The
// target then has nothing left in s. A timer keeps its TimerID unless to
// already has a timer with that ID, in which case it gets a new one; timers
// scheduled with ScheduleKey keep their identity, so prefer keys for timers
// of objects that move. Moving while either Scheduler is in Update is
// allowed: the moved timers and entry follow the rules for ones added and
// removed during Update. Moving to s itself, or a target s does not know,
// does nothing.
func (s *Scheduler) MoveTarget(target any, to *Scheduler) {
	if to == nil || to == s || target == nil {
		return
	}
	st := s.targets[target]
	if st == nil {
		return
	}
	dst := to.target(target)
	if st.paused {
		dst.paused = true
	}
	if e := st.update; e != nil && !e.dead {
		p := e.priority
		if e.moving {
			p = e.newPriority
		}
		to.ScheduleUpdate(e.target, p, false)
	}
	for _, t := range st.timers {
		if t.dead {
			continue
		}
		id := t.id
		if _, taken := to.timers[id]; taken || id == 0 {
			to.nextID++
			id = to.nextID
		} else if id > to.nextID {
			to.nextID = id
		}
		if t.key != nil {
			if old := to.keyed[timerKey{target, t.key}]; old != nil {
				to.killTimer(old)
			}
		}
		c := *t
		c.id, c.owner = id, dst
		dst.timers = append(dst.timers, &c)
		dst.liveTimers++
		if !dst.inList {
			dst.inList = true
			to.timerTargets = append(to.timerTargets, dst)
		}
		to.timers[id] = &c
		if c.key != nil {
			if to.keyed == nil {
				to.keyed = make(map[timerKey]*timer)
			}
			to.keyed[timerKey{target, c.key}] = &c
		}
	}
	s.forget(st)
	delete(s.targets, target)
	to.release(dst)
}

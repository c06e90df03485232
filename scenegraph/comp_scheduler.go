package scenegraph

// ComponentScheduler runs a scene's per-frame component phases: Start,
// FixedUpdate, Update and LateUpdate. Each list is ordered by execution order
// (negative ascending, then zero, then positive ascending) and, within one
// order, by the moment each component's OnEnable finished.
//
// Components enabled while a frame's phases run are deferred as the lifecycle rules (README) say
// says: one enabled inside a Start starts in an extra pass at the end of
// StartPhase and updates in the same frame; one enabled later starts at the
// end of LateUpdatePhase and first updates in the next frame.
type ComponentScheduler struct {
	scene    *Scene
	start    compList[Starter]
	update   compList[Updater]
	late     compList[LateUpdater]
	fixed    compList[FixedUpdater]
	updating bool
	deferred []*Component
}

func (s *ComponentScheduler) init(scene *Scene) {
	s.scene = scene
	s.start.kind, s.update.kind, s.late.kind, s.fixed.kind = startList, updateList, lateUpdateList, fixedUpdateList
}

// Counts reports how many components wait to start and how many are in the
// update, late-update and fixed-update lists.
func (s *ComponentScheduler) Counts() (start, update, lateUpdate, fixedUpdate int) {
	return s.start.len() + len(s.deferred), s.update.len(), s.late.len(), s.fixed.len()
}

// enableComp makes c effective: now, or (with an activation task) queued
// behind the task's OnLoad stage.
func (s *ComponentScheduler) enableComp(c *Component, t *activationTask) {
	if c.state&onEnableCalled != 0 {
		return
	}
	if t != nil && c.calls&hasOnEnable != 0 {
		t.onEnable = append(t.onEnable, c)
		return
	}
	s.enableNow(c)
}

// enableNow calls OnEnable and schedules c. The flag is set before the call,
// so a component switched off inside its own OnEnable gets its OnDisable and
// the two keep alternating (Cocos skips that OnDisable).
func (s *ComponentScheduler) enableNow(c *Component) {
	c.state |= onEnableCalled
	c.epoch++
	epoch := c.epoch
	if c.timers != nil {
		c.timers.ResumeTarget(c)
	}
	if c.calls&hasOnEnable != 0 {
		s.scene.callback(c, callOnEnable)
	}
	if c.epoch == epoch && c.state&onEnableCalled != 0 {
		s.schedule(c)
	}
}

// disableComp calls OnDisable if c is effective and takes it off every list.
func (s *ComponentScheduler) disableComp(c *Component) {
	if c.state&onEnableCalled == 0 {
		return
	}
	c.state &^= onEnableCalled
	if c.timers != nil {
		c.timers.PauseTarget(c)
	}
	s.unschedule(c)
	if c.calls&hasOnDisable != 0 {
		s.scene.callback(c, callOnDisable)
	}
}

func (s *ComponentScheduler) schedule(c *Component) {
	if s.updating {
		if c.state&deferredStart == 0 {
			c.state |= deferredStart
			s.deferred = append(s.deferred, c)
		}
		return
	}
	s.scheduleImmediate(c)
}

func (s *ComponentScheduler) scheduleImmediate(c *Component) {
	if c.calls&hasStart != 0 && c.state&startCalled == 0 {
		s.start.add(c, c.self.(Starter))
	}
	if c.calls&hasUpdate != 0 {
		s.update.add(c, c.self.(Updater))
	}
	if c.calls&hasLateUpdate != 0 {
		s.late.add(c, c.self.(LateUpdater))
	}
	if c.calls&hasFixedUpdate != 0 {
		s.fixed.add(c, c.self.(FixedUpdater))
	}
}

func (s *ComponentScheduler) unschedule(c *Component) {
	if c.state&deferredStart != 0 {
		c.state &^= deferredStart
		for i, d := range s.deferred {
			if d == c {
				s.deferred = append(s.deferred[:i], s.deferred[i+1:]...)
				break
			}
		}
		return
	}
	s.start.remove(c)
	s.update.remove(c)
	s.late.remove(c)
	s.fixed.remove(c)
}

// forget drops every trace of c (destroy).
func (s *ComponentScheduler) forget(c *Component) { s.unschedule(c) }

// StartPhase calls Start on every component enabled since the last frame,
// then once more on those enabled inside those Starts.
func (s *ComponentScheduler) StartPhase() {
	s.updating = true
	s.invokeStart()
	s.startForNewComps()
}

// UpdatePhase calls Update(dt) on every effective component that has one.
func (s *ComponentScheduler) UpdatePhase(dt float64) {
	l := &s.update
	n := l.begin()
	for i := 0; i < n; {
		i = s.runUpdates(l, i, n, dt)
	}
	l.end(false)
}

// LateUpdatePhase calls LateUpdate(dt), then starts the components enabled
// during this frame's update so they update from the next frame on.
func (s *ComponentScheduler) LateUpdatePhase(dt float64) {
	l := &s.late
	n := l.begin()
	for i := 0; i < n; {
		i = s.runLateUpdates(l, i, n, dt)
	}
	l.end(false)
	s.updating = false
	s.startForNewComps()
}

// FixedUpdatePhase calls FixedUpdate(step) on every effective component that
// has one; the Director calls it once per fixed step.
func (s *ComponentScheduler) FixedUpdatePhase(step float64) {
	l := &s.fixed
	n := l.begin()
	for i := 0; i < n; {
		i = s.runFixedUpdates(l, i, n, step)
	}
	l.end(false)
}

// The run* loops recover a panic once per loop rather than once per call:
// a deferred recover per Update would cost more than the call itself. After a
// panic the loop resumes at the next component.

func (s *ComponentScheduler) runUpdates(l *compList[Updater], from, n int, dt float64) (i int) {
	if s.scene.hook != nil {
		return s.runHooked(l.comps, from, n, dt, "Update", callUpdate)
	}
	defer s.recoverWalk(l.comps, &i, "Update")
	fns := l.fns[:n]
	for i = from; i < n; i++ {
		if f := fns[i]; f != nil {
			f.Update(dt)
		}
	}
	return n
}

func (s *ComponentScheduler) runLateUpdates(l *compList[LateUpdater], from, n int, dt float64) (i int) {
	if s.scene.hook != nil {
		return s.runHooked(l.comps, from, n, dt, "LateUpdate", callLateUpdate)
	}
	defer s.recoverWalk(l.comps, &i, "LateUpdate")
	fns := l.fns[:n]
	for i = from; i < n; i++ {
		if f := fns[i]; f != nil {
			f.LateUpdate(dt)
		}
	}
	return n
}

func (s *ComponentScheduler) runFixedUpdates(l *compList[FixedUpdater], from, n int, dt float64) (i int) {
	if s.scene.hook != nil {
		return s.runHooked(l.comps, from, n, dt, "FixedUpdate", callFixedUpdate)
	}
	defer s.recoverWalk(l.comps, &i, "FixedUpdate")
	fns := l.fns[:n]
	for i = from; i < n; i++ {
		if f := fns[i]; f != nil {
			f.FixedUpdate(dt)
		}
	}
	return n
}

// runHooked is the walk while a callback hook is set (a frame trace): the
// hook brackets every call. It is kept apart so the plain walks above pay
// nothing for tracing.
func (s *ComponentScheduler) runHooked(comps []*Component, from, n int, dt float64, name string, call func(*Component, float64)) (i int) {
	defer s.recoverWalk(comps, &i, name)
	h := s.scene.hook
	for i = from; i < n; i++ {
		if c := comps[i]; c != nil {
			h(c, name, false)
			call(c, dt)
			h(c, name, true)
		}
	}
	return n
}

func callUpdate(c *Component, dt float64)      { c.self.(Updater).Update(dt) }
func callLateUpdate(c *Component, dt float64)  { c.self.(LateUpdater).LateUpdate(dt) }
func callFixedUpdate(c *Component, dt float64) { c.self.(FixedUpdater).FixedUpdate(dt) }

func (s *ComponentScheduler) recoverWalk(comps []*Component, i *int, phase string) {
	r := recover()
	if r == nil {
		return
	}
	c := comps[*i]
	*i++
	s.scene.handlePanic(c, phase, r)
}

func (s *ComponentScheduler) invokeStart() {
	l := &s.start
	n := l.begin()
	for i := 0; i < n; i++ {
		c := l.comps[i]
		if c == nil || c.state&startCalled != 0 {
			continue
		}
		c.state |= startCalled
		s.scene.callback(c, callStart)
	}
	l.end(true)
}

func (s *ComponentScheduler) startForNewComps() {
	if len(s.deferred) == 0 {
		return
	}
	for _, c := range s.deferred {
		c.state &^= deferredStart
		s.scheduleImmediate(c)
	}
	clear(s.deferred)
	s.deferred = s.deferred[:0]
	s.invokeStart()
}

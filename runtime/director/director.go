package director

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"slices"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// System is an engine module ticked by the Director every unpaused frame, in
// descending priority: Update after the components' Update, PostUpdate after
// the deferred-destroy step.
type System interface {
	Update(dt float64)
	PostUpdate(dt float64)
}

// FixedSystem is a System that also steps in the fixed step, after the
// components' FixedUpdate (physics does).
type FixedSystem interface {
	System
	FixedUpdate(step float64)
}

// InputDispatcher delivers the input events buffered since the last frame.
// platform.Input satisfies it.
type InputDispatcher interface{ Dispatch() }

// FrameSink is what the Director draws through: the frame being recorded and
// the hand-off to whoever executes it. *render.Renderer satisfies it.
type FrameSink interface {
	Frame() *render.Frame
	Submit() error
}

// statsSource is a FrameSink that also reports the last executed frame's
// statistics (*render.Renderer does).
type statsSource interface{ Stats() render.Stats }

// Extractor records a scene's draw items into a frame. The scenegraph's
// cameras and renderables implement it through scenegraph.Extract.
type Extractor func(s *scenegraph.Scene, f *render.Frame)

// TimerPriority is the priority of the timer system.
const TimerPriority = 200

type systemEntry struct {
	sys      System
	fixed    FixedSystem
	priority int
	dead     bool // removed during a Tick; dropped at its end
}

// Director runs frames: Tick advances the running scene by one frame in the
// order of Cocos Creator 3.8's director.tick. A Director is a plain value: create as many as you
// like, in one process.
type Director struct {
	// Frame events, emitted with the Director itself.
	BeginFrame, BeforeUpdate, AfterUpdate, BeforeDraw, AfterDraw, EndFrame core.Signal[*Director]
	// BeforeSceneLaunch and AfterSceneLaunch bracket the activation of a scene
	// given to RunScene.
	BeforeSceneLaunch, AfterSceneLaunch core.Signal[*scenegraph.Scene]

	scene     *scenegraph.Scene
	nextScene *scenegraph.Scene
	timers    *core.Scheduler
	systems   []systemEntry
	input     InputDispatcher
	sink      FrameSink
	extract   Extractor
	// unloaded are scenes unloaded since the last frame was recorded,
	// whose render resources that frame releases.
	unloaded []*scenegraph.Scene
	logger   core.Logger

	paused      bool
	ended       bool // End was called: nothing ever again
	ending      bool // End was called during a Tick: it takes effect at the frame's end
	halted      bool // Stop was called: ticks do nothing until Start
	ticking     bool // inside Tick
	totalFrames uint64
	dt          float64
	totalTime   float64
	badDt       bool // a non-finite or negative dt was reported
	fatal       bool // SetPanicFatal's

	fixedStep     float64
	maxFrameTime  float64
	maxFixedSteps int
	accumulator   float64
	fixedSteps    uint64
	droppedTime   float64
	renderErr     error

	tracer     Tracer                       // nil: no phase reports
	transforms *scenegraph.TransformUpdater // nil: world matrices computed lazily
	overlays   []*scenegraph.Scene          // drawn after the running scene

	pendingSystems []systemEntry      // added during a Tick
	systemsDirty   bool               // some entry is dead
	persist        []*scenegraph.Node // AddPersistRootNode's
}

// DefaultFixedStep is the fixed step when none is configured: 1/60 s.
const DefaultFixedStep = 1.0 / 60

// DefaultMaxFrameTime is the clamp on the time fed to the fixed-step
// accumulator: a stall never becomes more than this much simulated time.
const DefaultMaxFrameTime = 0.25

// MinFixedStep is the smallest fixed step SetFixedStep accepts: 0.1 ms.
// Below it, a frame would run thousands of steps.
const MinFixedStep = 1e-4

// DefaultMaxFixedSteps caps the fixed steps one frame runs. With the default
// step and clamp a frame needs at most 15; the cap keeps a small step with a
// large clamp from running hundreds per frame (the spiral of death).
const DefaultMaxFixedSteps = 32

// New returns a Director with the timer system registered at
// TimerPriority, a fixed step of DefaultFixedStep and a frame-time clamp of
// DefaultMaxFrameTime.
func New() *Director {
	d := &Director{timers: core.NewScheduler(), fixedStep: DefaultFixedStep, maxFrameTime: DefaultMaxFrameTime,
		maxFixedSteps: DefaultMaxFixedSteps}
	// The Director's signals are emitted by Tick itself, outside any
	// component callback, so a listener's panic is reported here (a
	// core.Signal without a handler would hand it to Tick's caller).
	onListener := func(p *core.ListenerPanic) { d.logf("%v; the listener is removed\n%s", p, p.Stack) }
	d.eachSignal(func(s panicSetter) { s.SetPanicHandler(onListener) })
	d.timers.SetPanicHandler(func(p *core.TimerPanic) { d.logf("%v; the timer is removed\n%s", p, p.Stack) })
	d.AddSystem(timerSystem{d}, TimerPriority)
	return d
}

// timerSystem updates the game-level timers, then the running scene's
// component timers: after every Update, before any LateUpdate.
type timerSystem struct{ d *Director }

func (t timerSystem) Update(dt float64) {
	t.d.begin(PhaseTimers)
	t.d.timers.Update(dt)
	if s := t.d.scene; s != nil {
		s.Scheduler().Update(dt)
	}
	t.d.end(PhaseTimers)
}

func (timerSystem) PostUpdate(float64) {}

// Scheduler returns the game-level timer scheduler (timers that survive
// scene switches). Components schedule on their scene's scheduler.
func (d *Director) Scheduler() *core.Scheduler { return d.timers }

// AddSystem registers s to run at priority p (higher runs first; equal
// priorities run in registration order). Adding a system twice does nothing.
// A system added during Tick first runs in the next frame.
func (d *Director) AddSystem(s System, p int) {
	if d.hasSystem(s) {
		return
	}
	e := systemEntry{sys: s, priority: p}
	e.fixed, _ = s.(FixedSystem)
	if d.ticking {
		d.pendingSystems = append(d.pendingSystems, e)
		return
	}
	d.insertSystem(e)
}

func (d *Director) hasSystem(s System) bool {
	for _, list := range [2][]systemEntry{d.systems, d.pendingSystems} {
		for _, e := range list {
			if e.sys == s && !e.dead {
				return true
			}
		}
	}
	return false
}

func (d *Director) insertSystem(e systemEntry) {
	i := len(d.systems)
	for i > 0 && d.systems[i-1].priority < e.priority {
		i--
	}
	d.systems = slices.Insert(d.systems, i, e)
}

// RemoveSystem unregisters s. Removed during Tick (a system removing
// itself), it is not called again, and no other system is skipped or
// called twice.
func (d *Director) RemoveSystem(s System) {
	d.pendingSystems = slices.DeleteFunc(d.pendingSystems, func(e systemEntry) bool { return e.sys == s })
	if !d.ticking {
		d.systems = slices.DeleteFunc(d.systems, func(e systemEntry) bool { return e.sys == s })
		return
	}
	for i := range d.systems {
		if d.systems[i].sys == s {
			d.systems[i].dead = true
			d.systemsDirty = true
		}
	}
}

// settleSystems applies the additions and removals made during a Tick.
func (d *Director) settleSystems() {
	if d.systemsDirty {
		d.systemsDirty = false
		d.systems = slices.DeleteFunc(d.systems, func(e systemEntry) bool { return e.dead })
	}
	for _, e := range d.pendingSystems {
		d.insertSystem(e)
	}
	clear(d.pendingSystems)
	d.pendingSystems = d.pendingSystems[:0]
}

// SetInput sets where step 1 of Tick dispatches input from (nil for none).
func (d *Director) SetInput(in InputDispatcher) { d.input = in }

// SetFrameSink sets what step 3 of Tick records into and submits to, and the
// function that extracts the scene's draw items (nil sink: no drawing).
func (d *Director) SetFrameSink(r FrameSink, x Extractor) { d.sink, d.extract = r, x }

// FrameSink returns what the Director draws through (nil: no drawing).
func (d *Director) FrameSink() FrameSink { return d.sink }

// RenderStats returns the statistics of the last frame the renderer
// executed, and false when the FrameSink keeps none.
func (d *Director) RenderStats() (render.Stats, bool) {
	if s, ok := d.sink.(statsSource); ok {
		return s.Stats(), true
	}
	return render.Stats{}, false
}

// AddOverlay draws s over the running scene every frame, after it and into
// the same frame, until RemoveOverlay: debug panels and HUDs that must not
// be part of the game's scene (saving the scene does not see them). The
// Director does not tick an overlay: its owner launches it and updates its
// nodes. Adding one twice does nothing.
func (d *Director) AddOverlay(s *scenegraph.Scene) {
	if s != nil && !slices.Contains(d.overlays, s) {
		d.overlays = append(d.overlays, s)
	}
}

// RemoveOverlay stops drawing s.
func (d *Director) RemoveOverlay(s *scenegraph.Scene) {
	d.overlays = slices.DeleteFunc(d.overlays, func(o *scenegraph.Scene) bool { return o == s })
}

// SetLogger sets where the Director reports errors (render errors, and
// panics recovered from listeners of its signals and from its game-level
// timers); nil is standard error. A listener's panic is reported and that
// listener removed with or without a logger: it never escapes Tick unless
// SetPanicFatal says so.
func (d *Director) SetLogger(l core.Logger) { d.logger = l }

// SetPanicFatal makes a panic in a listener of the Director's signals, in
// one of its game-level timers, or escaping a system, propagate out of Tick
// (for tests) instead of being reported and that listener or timer removed
// (or that system call cut short).
func (d *Director) SetPanicFatal(fatal bool) {
	d.fatal = fatal
	d.eachSignal(func(s panicSetter) { s.SetPanicFatal(fatal) })
	d.timers.SetPanicFatal(fatal)
}

type systemCall uint8

const (
	callUpdate systemCall = iota
	callFixedUpdate
	callPostUpdate
)

var systemCallNames = [...]string{callUpdate: "Update", callFixedUpdate: "FixedUpdate", callPostUpdate: "PostUpdate"}

// runSystem makes one call of a system. A panic escaping it (a system's
// own bug, or a handler-less core.Signal the system emits, whose
// listener's panic reaches its emitter) is reported to the logger with the
// system's type, and the frame goes on with the next system; the system
// stays registered. A *scenegraph.CallbackPanic (a scene in PanicFatal mode
// raised it) and any panic in SetPanicFatal mode propagate out of Tick.
func (d *Director) runSystem(e *systemEntry, call systemCall, dt float64) {
	defer d.recoverSystem(e.sys, call)
	switch call {
	case callUpdate:
		e.sys.Update(dt)
	case callFixedUpdate:
		e.fixed.FixedUpdate(dt)
	default:
		e.sys.PostUpdate(dt)
	}
}

func (d *Director) recoverSystem(s System, call systemCall) {
	r := recover()
	if r == nil {
		return
	}
	if _, ok := r.(*scenegraph.CallbackPanic); ok || d.fatal {
		panic(r)
	}
	d.logf("director: panic in system %T.%s: %v; the rest of its call is skipped this time\n%s",
		s, systemCallNames[call], r, debug.Stack())
}

// panicSetter is what every core.Signal has: how its listeners' panics are
// handled.
type panicSetter interface {
	SetPanicHandler(func(*core.ListenerPanic))
	SetPanicFatal(bool)
}

func (d *Director) eachSignal(f func(panicSetter)) {
	for _, s := range [...]panicSetter{&d.BeginFrame, &d.BeforeUpdate, &d.AfterUpdate, &d.BeforeDraw, &d.AfterDraw,
		&d.EndFrame, &d.BeforeSceneLaunch, &d.AfterSceneLaunch} {
		f(s)
	}
}

// SetFixedStep sets the fixed step in seconds (0 restores the default) and
// the clamp on frame time fed to the accumulator (0 restores the default).
// A step below MinFixedStep, a negative value, NaN or infinity is refused
// with an error naming the value, and nothing changes.
func (d *Director) SetFixedStep(step, maxFrameTime float64) error {
	if err := CheckFixedStep(step, maxFrameTime); err != nil {
		return err
	}
	if step == 0 {
		step = DefaultFixedStep
	}
	if maxFrameTime == 0 {
		maxFrameTime = DefaultMaxFrameTime
	}
	d.fixedStep, d.maxFrameTime = step, maxFrameTime
	return nil
}

// CheckFixedStep reports whether SetFixedStep would accept step and
// maxFrameTime: each 0 (the default) or finite and positive, the step at
// least MinFixedStep. Loaders of settings and recordings use it to refuse bad
// values with the file's name.
func CheckFixedStep(step, maxFrameTime float64) error {
	if step != 0 && !(step >= MinFixedStep && step <= math.MaxFloat64) {
		return fmt.Errorf("director: fixed step %v s: want at least %v s (or 0 for the default)", step, MinFixedStep)
	}
	if maxFrameTime != 0 && !(maxFrameTime > 0 && maxFrameTime <= math.MaxFloat64) {
		return fmt.Errorf("director: max frame time %v s: want a positive number of seconds (or 0 for the default)", maxFrameTime)
	}
	return nil
}

// SetMaxFixedSteps caps the fixed steps one frame runs (n <= 0 restores
// DefaultMaxFixedSteps). Simulated time a frame could not step is dropped,
// not carried: DroppedTime counts it.
func (d *Director) SetMaxFixedSteps(n int) {
	if n <= 0 {
		n = DefaultMaxFixedSteps
	}
	d.maxFixedSteps = n
}

// DroppedTime returns the simulated time, in seconds, that frames dropped
// because they hit the cap on fixed steps.
func (d *Director) DroppedTime() float64 { return d.droppedTime }

// MaxFrameTime returns the clamp on the frame time fed to the fixed-step
// accumulator, in seconds.
func (d *Director) MaxFrameTime() float64 { return d.maxFrameTime }

// FixedStep returns the fixed step in seconds.
func (d *Director) FixedStep() float64 { return d.fixedStep }

// Alpha returns how far the simulation is between the last fixed step and
// the next one, in [0, 1): draw at prev + (cur-prev)*Alpha() for smooth
// motion.
func (d *Director) Alpha() float64 { return d.accumulator / d.fixedStep }

// FixedSteps returns the number of fixed steps run so far.
func (d *Director) FixedSteps() uint64 { return d.fixedSteps }

// Scene returns the running scene (nil before the first RunScene).
func (d *Director) Scene() *scenegraph.Scene { return d.scene }

// TotalFrames returns the number of frames ticked, paused ones included.
func (d *Director) TotalFrames() uint64 { return d.totalFrames }

// DeltaTime returns the dt of the frame being ticked (or the last one).
func (d *Director) DeltaTime() float64 { return d.dt }

// TotalTime returns the sum of the dt of all unpaused frames.
func (d *Director) TotalTime() float64 { return d.totalTime }

// Pause skips step 2 of Tick (start, update, timers, destroy) from the next
// frame on; paused frames still dispatch input, draw and count.
func (d *Director) Pause() { d.paused = true }

// Resume undoes Pause.
func (d *Director) Resume() { d.paused = false }

// Paused reports whether the Director is paused.
func (d *Director) Paused() bool { return d.paused }

// End stops the Director for good: the running scene is unloaded and Tick
// does nothing from then on. Called during a Tick, it takes effect at the
// end of that frame, which completes and counts; called between frames, at
// once.
func (d *Director) End() {
	if d.ended {
		return
	}
	if d.ticking {
		d.ending = true
		return
	}
	d.ended = true
	d.UnloadScene()
}

// Ended reports whether End has taken effect.
func (d *Director) Ended() bool { return d.ended }

// Stop halts the Director, as Cocos' director.stopAnimation does: from the
// next Tick on, ticks do nothing (no input, no update, no drawing) and are
// not counted, until Start. Unlike Pause, nothing is drawn either.
func (d *Director) Stop() { d.halted = true }

// Start undoes Stop.
func (d *Director) Start() { d.halted = false }

// Stopped reports whether Stop halted the Director.
func (d *Director) Stopped() bool { return d.halted }

// RunScene makes s the running scene. With no scene running it is launched
// at once; otherwise the switch happens at the end of the current (or next)
// frame: the old scene is unloaded (OnDisable pre-order, then OnDestroy
// children before parents), BeforeSceneLaunch is emitted, s is launched, and
// AfterSceneLaunch is emitted.
func (d *Director) RunScene(s *scenegraph.Scene) {
	if d.ended || s == nil {
		return
	}
	if d.scene == nil {
		d.launch(s)
		return
	}
	d.nextScene = s
}

// RunSceneImmediate switches to s at once, even in the middle of a frame:
// the old scene gets OnDisable (pre-order) and OnDestroy (children first),
// BeforeSceneLaunch is emitted, s is activated, and AfterSceneLaunch is
// emitted, before RunSceneImmediate returns. A switch requested by RunScene
// and still pending is dropped. The rest of a frame it is called in runs on
// s.
func (d *Director) RunSceneImmediate(s *scenegraph.Scene) {
	if d.ended || s == nil {
		return
	}
	d.nextScene = nil
	d.launch(s)
}

func (d *Director) launch(s *scenegraph.Scene) {
	for _, n := range d.livePersist() {
		if n.Scene() != s {
			d.reparent(n, s.Root())
		}
	}
	if old := d.scene; old != nil && old != s {
		d.unload(old)
	}
	// Linked before BeforeSceneLaunch, so that systems attaching then, and
	// components enabled by the launch, find the Director through Of.
	s.SetValue(directorKey{}, d)
	d.BeforeSceneLaunch.Emit(s)
	d.scene = s
	d.accumulator = 0
	s.Launch()
	d.AfterSceneLaunch.Emit(s)
}

// UnloadScene unloads the running scene at once (OnDisable pre-order, then
// OnDestroy children before parents) and leaves the Director with no scene;
// the next RunScene launches at once. A scene switch that was pending is
// dropped. The Game's Restart uses it.
//
// Persist root nodes are detached first and wait, inactive, for the next
// scene.
func (d *Director) UnloadScene() {
	d.nextScene = nil
	if s := d.scene; s != nil {
		d.scene = nil
		for _, n := range d.livePersist() {
			if n.Scene() == s {
				d.reparent(n, nil)
			}
		}
		d.unload(s)
	}
}

// AddPersistRootNode makes n, a top-level node of a scene (a child of its
// root), survive scene switches, as Cocos' director.addPersistRootNode: on
// RunScene, RunSceneImmediate and a Game's Restart it moves to the new
// scene (as its last top-level node) before the old one is unloaded, with
// its components, their state and their timers; they get OnDisable as it
// leaves the old scene and OnEnable as the new one activates, never
// OnDestroy or a second Start. Adding a node twice does nothing; a node that
// is not top-level is refused with an error.
func (d *Director) AddPersistRootNode(n *scenegraph.Node) error {
	if n == nil || !n.IsValidStrict() {
		return fmt.Errorf("director: AddPersistRootNode: %v is destroyed", n)
	}
	if s := n.Scene(); s == nil || n.Parent() != s.Root() {
		return fmt.Errorf("director: AddPersistRootNode(%q): not a top-level node of a scene", n.Path())
	}
	if !slices.Contains(d.persist, n) {
		d.persist = append(d.persist, n)
	}
	return nil
}

// RemovePersistRootNode makes n an ordinary node again: it stays where it
// is and goes with its scene.
func (d *Director) RemovePersistRootNode(n *scenegraph.Node) {
	d.persist = slices.DeleteFunc(d.persist, func(p *scenegraph.Node) bool { return p == n })
}

// IsPersistRootNode reports whether n was made persistent and not removed.
func (d *Director) IsPersistRootNode(n *scenegraph.Node) bool { return slices.Contains(d.persist, n) }

// livePersist drops destroyed persist nodes and returns the rest.
func (d *Director) livePersist() []*scenegraph.Node {
	d.persist = slices.DeleteFunc(d.persist, func(n *scenegraph.Node) bool { return !n.IsValidStrict() })
	return d.persist
}

func (d *Director) reparent(n, parent *scenegraph.Node) {
	if err := n.SetParent(parent); err != nil {
		d.logf("director: persist root node: %v", err)
	}
}

func (d *Director) unload(s *scenegraph.Scene) {
	s.Unload()
	d.unloaded = append(d.unloaded, s)
	if Of(s) == d {
		s.SetValue(directorKey{}, nil)
	}
}

// directorKey is the scenegraph.Scene value under which a scene keeps the
// Director running it.
type directorKey struct{}

// Of returns the Director that runs s (from just before BeforeSceneLaunch
// until the scene is unloaded), or nil. It is how engine systems and
// components reach their Director from a node, without global state:
// Of(node.Scene()).
func Of(s *scenegraph.Scene) *Director {
	if s == nil {
		return nil
	}
	d, _ := s.Value(directorKey{}).(*Director)
	return d
}

// OfNode returns the Director that runs n's scene, or nil (also for a nil n).
func OfNode(n *scenegraph.Node) *Director {
	if n == nil {
		return nil
	}
	return Of(n.Scene())
}

// Install returns d's system of type T, first registering the one newSys
// makes at priority p when d has none: how engine packages give a Director
// one system each, however often they are asked.
func Install[T System](d *Director, p int, newSys func() T) T {
	if s, ok := Find[T](d); ok {
		return s
	}
	s := newSys()
	d.AddSystem(s, p)
	return s
}

// Find returns d's system of type T (the first registered), if any. Engine
// packages use it to install their system once per Director:
//
//	if s, ok := director.Find[*tween.System](d); ok { ... }
func Find[T System](d *Director) (T, bool) {
	for _, list := range [2][]systemEntry{d.systems, d.pendingSystems} {
		for _, e := range list {
			if t, ok := e.sys.(T); ok && !e.dead {
				return t, true
			}
		}
	}
	var zero T
	return zero, false
}

// SetTracer makes Tick report each of its phases to t (nil stops it). A
// Director without a Tracer pays one nil check per phase.
func (d *Director) SetTracer(t Tracer) { d.tracer = t }

func (d *Director) begin(p Phase) {
	if d.tracer != nil {
		d.tracer.BeginPhase(p)
	}
}

func (d *Director) end(p Phase) {
	if d.tracer != nil {
		d.tracer.EndPhase(p)
	}
}

// SetJobPool gives the Director a pool for the frame's parallel work: with
// one, Tick brings the world matrices up to date in parallel before
// extraction when the scene and the pool are large enough to gain
// (scenegraph.TransformUpdater); otherwise extraction computes each matrix
// as it reads it. Nil means always the latter. The pool stays the caller's
// to Close.
func (d *Director) SetJobPool(p *core.JobPool) {
	d.transforms = nil
	if p != nil {
		d.transforms = scenegraph.NewTransformUpdater(p)
	}
}

// RenderErr returns the last error the renderer reported, if any.
func (d *Director) RenderErr() error { return d.renderErr }

// Tick runs one frame of dt seconds:
//
//  1. BeginFrame; input dispatch (also when paused)
//  2. unless paused: BeforeUpdate, Start, fixed steps, Update, systems'
//     Update (timers at priority 200), LateUpdate, AfterUpdate, deferred
//     destroy, systems' PostUpdate
//  3. BeforeDraw, extraction and Submit, AfterDraw
//  4. HasChanged reset, EndFrame, a pending scene switch, TotalFrames++
//
// dt must be a finite, non-negative number of seconds. A negative, NaN or
// infinite dt is caught here, at the Director's edge, and the frame runs
// with dt 0 (DeltaTime, Update and the timers see 0; the total time and
// the fixed-step accumulator do not move), so that one bad clock reading
// cannot make TotalTime, Alpha or the timers NaN for good. The first such
// dt is reported to the logger (SetLogger); later ones are not, so a clock
// that keeps misbehaving does not flood the log.
func (d *Director) Tick(dt float64) {
	if d.ended || d.halted {
		return
	}
	if !(dt >= 0 && dt <= math.MaxFloat64) { // NaN fails both
		if !d.badDt {
			d.badDt = true
			d.logf("director: Tick(%v): dt must be a finite, non-negative number of seconds; the frame runs with dt 0 (reported once)", dt)
		}
		dt = 0
	}
	d.ticking = true
	d.begin(PhaseFrame)
	d.dt = dt
	d.begin(PhaseBeginFrame)
	d.BeginFrame.Emit(d)
	d.end(PhaseBeginFrame)
	if d.input != nil {
		d.begin(PhaseInput)
		d.input.Dispatch()
		d.end(PhaseInput)
	}
	s := d.scene
	if !d.paused {
		d.totalTime += dt
		d.BeforeUpdate.Emit(d)
		if s != nil {
			cs := s.ComponentScheduler()
			d.begin(PhaseStart)
			cs.StartPhase()
			d.end(PhaseStart)
			d.fixedPhase(cs, dt)
			d.begin(PhaseUpdate)
			cs.UpdatePhase(dt)
			d.end(PhaseUpdate)
			d.updateSystems(dt)
			d.begin(PhaseLateUpdate)
			cs.LateUpdatePhase(dt)
			d.end(PhaseLateUpdate)
		} else {
			d.fixedPhase(nil, dt)
			d.updateSystems(dt)
		}
		d.AfterUpdate.Emit(d)
		s = d.scene // RunSceneImmediate may have switched
		if s != nil {
			d.begin(PhaseDestroy)
			s.ProcessDestroyed()
			d.end(PhaseDestroy)
		}
		d.begin(PhasePostUpdate)
		for i := 0; i < len(d.systems); i++ {
			if e := &d.systems[i]; !e.dead {
				d.runSystem(e, callPostUpdate, dt)
			}
		}
		d.end(PhasePostUpdate)
	}
	d.BeforeDraw.Emit(d)
	s = d.scene
	if d.sink != nil {
		if s != nil && d.transforms != nil {
			d.begin(PhaseTransforms)
			if err := d.transforms.Update(s); err != nil {
				d.logf("director: world matrices: %v", err)
			}
			d.end(PhaseTransforms)
		}
		f := d.sink.Frame()
		if d.extract != nil {
			d.begin(PhaseExtract)
			if s != nil {
				d.extract(s, f)
				if len(s.Cameras()) == 0 {
					d.warnNoCamera(s)
				}
			}
			for _, o := range d.overlays {
				d.extract(o, f)
			}
			d.end(PhaseExtract)
		}
		// Scenes unloaded since the last frame give back what their
		// renderers held (shadow maps), in this frame.
		for _, u := range d.unloaded {
			scenegraph.ReleaseRenderResources(u, f)
		}
		d.begin(PhaseSubmit)
		err := d.sink.Submit()
		d.end(PhaseSubmit)
		if err != nil && err != d.renderErr {
			d.renderErr = err
			d.logf("director: render: %v", err)
		}
	}
	clear(d.unloaded)
	d.unloaded = d.unloaded[:0]
	d.AfterDraw.Emit(d)
	s = d.scene
	if s != nil {
		s.ResetChanged()
	}
	for _, o := range d.overlays {
		o.ResetChanged()
	}
	d.begin(PhaseEndFrame)
	d.EndFrame.Emit(d)
	d.end(PhaseEndFrame)
	if next := d.nextScene; next != nil && !d.ending {
		d.nextScene = nil
		d.launch(next)
	}
	d.totalFrames++
	d.end(PhaseFrame)
	d.ticking = false
	d.settleSystems()
	if d.ending {
		d.ending = false
		d.End()
	}
}

// noCameraKey marks a scene the Director has warned about.
type noCameraKey struct{}

// warnNoCamera says once per scene why it draws nothing: a scene without
// an enabled Camera renders only the clear colour of nothing.
func (d *Director) warnNoCamera(s *scenegraph.Scene) {
	if s.Value(noCameraKey{}) != nil {
		return
	}
	s.SetValue(noCameraKey{}, true)
	d.logf("director: scene %q has no enabled Camera, so nothing of it is drawn; add one (scenegraph.NewOrthoCamera)", s.Name())
}

// updateSystems runs the systems' Update in descending priority.
func (d *Director) updateSystems(dt float64) {
	d.begin(PhaseSystems)
	for i := 0; i < len(d.systems); i++ {
		if e := &d.systems[i]; !e.dead {
			d.runSystem(e, callUpdate, dt)
		}
	}
	d.end(PhaseSystems)
}

// fixedPhase feeds the clamped frame time to the accumulator and runs the
// fixed steps it holds.
func (d *Director) fixedPhase(cs *scenegraph.ComponentScheduler, dt float64) {
	d.accumulator += min(max(dt, 0), d.maxFrameTime)
	// The epsilon keeps a frame of exactly one step from losing that step to
	// rounding in the accumulator.
	for steps := 0; d.accumulator+1e-9 >= d.fixedStep; steps++ {
		if steps == d.maxFixedSteps {
			// Keep the fraction for Alpha; drop the whole steps left.
			whole := math.Floor((d.accumulator + 1e-9) / d.fixedStep)
			keep := max(d.accumulator-whole*d.fixedStep, 0)
			d.droppedTime += d.accumulator - keep
			d.accumulator = keep
			break
		}
		d.begin(PhaseFixedStep)
		if cs != nil {
			cs.FixedUpdatePhase(d.fixedStep)
		}
		for i := 0; i < len(d.systems); i++ {
			if e := &d.systems[i]; e.fixed != nil && !e.dead {
				d.runSystem(e, callFixedUpdate, d.fixedStep)
			}
		}
		d.accumulator -= d.fixedStep
		d.fixedSteps++
		d.end(PhaseFixedStep)
	}
	d.accumulator = max(d.accumulator, 0)
}

func (d *Director) logf(format string, args ...any) {
	if d.logger != nil {
		d.logger.Printf(format, args...)
		return
	}
	core.NewLogger(os.Stderr).Printf(format, args...)
}

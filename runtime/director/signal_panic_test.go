package director

import (
	"errors"
	"strings"
	"testing"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/scenegraph"
)

// emitter is a game component that emits a Signal the game made itself.
type emitter struct {
	scenegraph.Component
	hit     *core.Signal[int]
	updates int
}

func (e *emitter) Update(float64) { e.updates++; e.hit.Emit(e.updates) }

// A panic in a listener of a game's own core.Signal, emitted from a
// component's Update, is reported like a panic of that Update: through the
// scene's logger, naming the emitting component and its node path, after
// the signal's other listeners ran; the component is disabled and the frame
// goes on. With PanicFatal it propagates out of Tick.
func TestGameSignalPanicReportedWithNodePath(t *testing.T) {
	for _, fatal := range []bool{false, true} {
		d := New()
		d.SetLogger(&lines{}) // the Director's own reports are not the scene's
		s := scenegraph.NewScene("Main")
		log := &lines{}
		s.Logger = log
		s.PanicFatal = fatal
		var hit core.Signal[int]
		others := 0
		hit.On(func(int) { panic("game listener boom") })
		hit.On(func(int) { others++ })
		n := scenegraph.NewNode("Player")
		s.AddChild(n)
		e := scenegraph.AddComponent(n, &emitter{hit: &hit})
		d.RunScene(s)

		var got any
		func() {
			defer func() { got = recover() }()
			d.Tick(1.0 / 60)
		}()
		if fatal {
			var cp *scenegraph.CallbackPanic
			err, _ := got.(error)
			if !errors.As(err, &cp) || cp.Node != "Main/Player" || cp.Callback != "Update" {
				t.Fatalf("PanicFatal: Tick panicked with %#v, want a *scenegraph.CallbackPanic for Main/Player's Update", got)
			}
			if lp, ok := cp.Value.(*core.ListenerPanic); !ok || lp.Value != "game listener boom" {
				t.Fatalf("PanicFatal: the panic's value is %#v, want the *core.ListenerPanic", cp.Value)
			}
			continue
		}
		if got != nil {
			t.Fatalf("Tick panicked with %v", got)
		}
		all := strings.Join(log.got, "\n")
		if len(log.got) != 1 || !strings.Contains(all, `*director.emitter.Update on node "Main/Player"`) ||
			!strings.Contains(all, "game listener boom") {
			t.Fatalf("scene log: %q; want one report naming the component, its node and the panic", log.got)
		}
		// The listener is blamed and removed; the component that emitted
		// did nothing wrong and goes on. The stack is the listener's.
		if others != 1 || !e.Enabled() || hit.Len() != 1 || !strings.Contains(all, "the listener is removed") ||
			!strings.Contains(all, "TestGameSignalPanicReportedWithNodePath.func") {
			t.Fatalf("other listener ran %d times, emitter enabled %v, %d listeners left, report %q; want 1, true, 1, the listener removed and its stack", others, e.Enabled(), hit.Len(), all)
		}
		d.Tick(1.0 / 60) // the frame after goes on without it
		if e.updates != 2 || d.TotalFrames() != 2 || others != 2 {
			t.Fatalf("updates %d, frames %d", e.updates, d.TotalFrames())
		}
	}
}

// The Director's own signals keep their handlers without SetLogger: a
// listener's panic never escapes Tick (it goes to standard error) and that
// listener is removed.
func TestDirectorSignalPanicWithoutLogger(t *testing.T) {
	d := New()
	d.BeforeUpdate.On(func(*Director) { panic("frame listener boom") })
	calls := 0
	d.BeforeUpdate.On(func(*Director) { calls++ })
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("a Director signal's listener panic escaped Tick: %v", r)
		}
	}()
	d.Tick(0.1)
	d.Tick(0.1)
	if calls != 2 || d.BeforeUpdate.Len() != 1 {
		t.Fatalf("calls %d, listeners %d; want 2, 1", calls, d.BeforeUpdate.Len())
	}
}

// signalSystem is an engine-style system that emits a handler-less Signal
// from its Update, as animation and transition systems do.
type signalSystem struct{ done core.Signal[int] }

func (s *signalSystem) Update(float64)     { s.done.Emit(1) }
func (s *signalSystem) PostUpdate(float64) {}

// A panic escaping a system (here a listener of a handler-less Signal the
// system emits) is reported through the Director's logger with the
// system's type; the other systems and the rest of the frame still run.
// SetPanicFatal makes it propagate out of Tick.
func TestSystemPanicContained(t *testing.T) {
	d := New()
	log := &lines{}
	d.SetLogger(log)
	bad := &signalSystem{}
	bad.done.On(func(int) { panic("system listener boom") })
	r := &recorder{}
	d.AddSystem(bad, 10)
	d.AddSystem(&sys{name: "after", r: r}, 5)
	frames := 0
	d.EndFrame.On(func(*Director) { frames++ })
	d.Tick(0.1)
	all := strings.Join(log.got, "\n")
	if !strings.Contains(all, "director: panic in system *director.signalSystem.Update") || !strings.Contains(all, "system listener boom") {
		t.Fatalf("log: %q", log.got)
	}
	if got := r.take(); !strings.HasSuffix(got, "after.fixed after.update after.post") || frames != 1 {
		t.Fatalf("after the panic: %q, %d frames ended", got, frames)
	}
	bad.done.On(func(int) { panic("fatal system boom") })
	d.SetPanicFatal(true)
	defer func() {
		p, ok := recover().(*core.ListenerPanic)
		if !ok || p.Value != "fatal system boom" {
			t.Fatalf("fatal mode: recovered %#v", p)
		}
	}()
	d.Tick(0.1)
}

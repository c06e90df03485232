package scenegraph

import (
	"fmt"
	"strings"
	"testing"
)

// trace records callbacks as "name.callback" strings.
type trace struct{ log []string }

func (t *trace) add(format string, args ...any) { t.log = append(t.log, fmt.Sprintf(format, args...)) }
func (t *trace) take() []string                 { l := t.log; t.log = nil; return l }

// probe implements every lifecycle interface and records each call. The
// optional hooks run inside the matching callback, after it is recorded.
type probe struct {
	Component
	name  string
	tr    *trace
	order int

	onLoad, onEnable, start, onDisable, onDestroy func()
	update, lateUpdate, fixedUpdate               func(dt float64)
}

func (p *probe) ExecutionOrder() int { return p.order }
func (p *probe) Preload()            { p.tr.add("%s.preload", p.name) }
func (p *probe) OnLoad()             { p.tr.add("%s.onLoad", p.name); call(p.onLoad) }
func (p *probe) OnEnable()           { p.tr.add("%s.onEnable", p.name); call(p.onEnable) }
func (p *probe) Start()              { p.tr.add("%s.start", p.name); call(p.start) }
func (p *probe) OnDisable()          { p.tr.add("%s.onDisable", p.name); call(p.onDisable) }
func (p *probe) OnDestroy()          { p.tr.add("%s.onDestroy", p.name); call(p.onDestroy) }
func (p *probe) Update(dt float64) {
	p.tr.add("%s.update", p.name)
	if p.update != nil {
		p.update(dt)
	}
}
func (p *probe) LateUpdate(dt float64) {
	p.tr.add("%s.lateUpdate", p.name)
	if p.lateUpdate != nil {
		p.lateUpdate(dt)
	}
}
func (p *probe) FixedUpdate(dt float64) {
	p.tr.add("%s.fixedUpdate", p.name)
	if p.fixedUpdate != nil {
		p.fixedUpdate(dt)
	}
}

func call(f func()) {
	if f != nil {
		f()
	}
}

// frame runs the scene part of Director.Tick (step 2 of its order and the
// HasChanged reset), without the runtime package.
func frame(s *Scene, dt float64) {
	cs := s.ComponentScheduler()
	cs.StartPhase()
	cs.FixedUpdatePhase(dt)
	cs.UpdatePhase(dt)
	s.Scheduler().Update(dt)
	cs.LateUpdatePhase(dt)
	s.ProcessDestroyed()
	s.ResetChanged()
}

// filter keeps the entries containing any of the given callback names.
func filter(log []string, names ...string) []string {
	var out []string
	for _, e := range log {
		for _, n := range names {
			if strings.HasSuffix(e, "."+n) {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

func eq(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("trace mismatch\n got: %q\nwant: %q", got, want)
	}
}

// logBuf is a core.Logger that keeps what it is given.
type logBuf struct{ lines []string }

func (l *logBuf) Printf(format string, args ...any) {
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func newTestScene(t *testing.T) (*Scene, *trace, *logBuf) {
	s := NewScene("Scene")
	lb := &logBuf{}
	s.Logger = lb
	return s, &trace{}, lb
}

func addProbe(n *Node, tr *trace, name string) *probe {
	return AddComponent(n, &probe{name: name, tr: tr})
}

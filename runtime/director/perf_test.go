package director

import (
	"fmt"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

// spinner is the cheapest useful component: it updates a counter.
type spinner struct {
	scenegraph.Component
	n int
}

func (s *spinner) Update(dt float64) { s.n++ }

// updater is what BenchmarkBaseline calls: the same work through an interface.
type updater interface{ Update(dt float64) }

func buildScene(comps, perNode int) (*scenegraph.Scene, []*spinner) {
	s := scenegraph.NewScene("Bench")
	var all []*spinner
	var n *scenegraph.Node
	for i := range comps {
		if i%perNode == 0 {
			n = scenegraph.NewNode("N")
			s.AddChild(n)
		}
		all = append(all, scenegraph.AddComponent(n, &spinner{}))
	}
	return s, all
}

// A steady frame with 10,000 updating components, 1,000 timers and a signal
// emit allocates nothing.
func TestSteadyFrameAllocatesNothing(t *testing.T) {
	d := New()
	s, comps := buildScene(10000, 10)
	d.RunScene(s)
	fired := 0
	for i := range 500 {
		comps[i].Schedule(func(float64) { fired++ }, 0, -1, 0)
		d.Scheduler().Schedule(&comps[i].n, func(float64) { fired++ }, 0.05, -1, 0, false)
	}
	emitted := 0
	d.BeginFrame.On(func(*Director) { emitted++ })
	for range 3 {
		d.Tick(1.0 / 60)
	}
	allocs := testing.AllocsPerRun(100, func() { d.Tick(1.0 / 60) })
	if allocs != 0 {
		t.Fatalf("steady frame allocates %v times", allocs)
	}
	if fired < 500*100 || emitted < 100 || comps[9999].n < 100 {
		t.Fatalf("the frame did not do its work: fired=%d emitted=%d updates=%d", fired, emitted, comps[9999].n)
	}
}

// BenchmarkTick measures a whole Director.Tick over N updating components;
// compare ns/op with BenchmarkBaseline at the same N.
func BenchmarkTick(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			d := New()
			s, _ := buildScene(n, 10)
			d.RunScene(s)
			d.Tick(1.0 / 60)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				d.Tick(1.0 / 60)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/component")
		})
	}
}

// BenchmarkBaseline is the floor for BenchmarkTick: the same number of
// Update calls through an interface in a plain loop.
func BenchmarkBaseline(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			_, comps := buildScene(n, 10)
			us := make([]updater, len(comps))
			for i, c := range comps {
				us[i] = c
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range us {
					u.Update(1.0 / 60)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/component")
		})
	}
}

type loadable struct {
	scenegraph.Component
	loaded, enabled int
}

func (l *loadable) OnLoad()        { l.loaded++ }
func (l *loadable) OnEnable()      { l.enabled++ }
func (l *loadable) OnDisable()     { l.enabled-- }
func (l *loadable) Update(float64) {}

func subtree(nodes int) *scenegraph.Node {
	root := scenegraph.NewNode("Sub")
	parents := []*scenegraph.Node{root}
	for i := 1; i < nodes; i++ {
		n := scenegraph.NewNode("N")
		parents[(i-1)/4].AddChild(n) // a 4-ary tree
		parents = append(parents, n)
		scenegraph.AddComponent(n, &loadable{})
	}
	return root
}

// BenchmarkActivate10k activates a 10,000-node subtree with one component per node.
func BenchmarkActivate10k(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := scenegraph.NewScene("S")
		s.Launch()
		sub := subtree(10000)
		b.StartTimer()
		s.AddChild(sub)
	}
}

// BenchmarkDestroy10k destroys the same subtree: OnDisable at once, then the
// deferred step.
func BenchmarkDestroy10k(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s := scenegraph.NewScene("S")
		s.Launch()
		sub := subtree(10000)
		s.AddChild(sub)
		b.StartTimer()
		sub.Destroy()
		s.ProcessDestroyed()
	}
}

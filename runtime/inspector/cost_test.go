package inspector_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/scenegraph"
)

// With the inspector on and no client, a steady-state frame allocates
// nothing.
func TestNoClientFramesAllocateNothing(t *testing.T) {
	d := director.New()
	rend, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rend.Close()
	d.SetFrameSink(rend, scenegraph.Extract)
	d.RunScene(testScene())
	s, err := inspector.New(inspector.Options{Director: d})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for range 10 {
		d.Tick(1.0 / 60)
	}
	if a := testing.AllocsPerRun(100, func() { d.Tick(1.0 / 60) }); a != 0 {
		t.Fatalf("a frame with an idle inspector allocates %v times", a)
	}
	if a := testing.AllocsPerRun(100, s.Poll); a != 0 {
		t.Fatalf("an idle Poll allocates %v times", a)
	}
}

// bigScene has n sprites in rows of 100 under a camera.
func bigScene(n int) *scenegraph.Scene {
	s := testScene()
	for i := range n / 100 {
		row := scenegraph.NewNode(fmt.Sprint("row", i))
		s.AddChild(row)
		for j := range 100 {
			c := scenegraph.NewNode(fmt.Sprint("n", j))
			c.SetPositionXY(float32(j), float32(i))
			row.AddChild(c)
			scenegraph.AddComponent(c, scenegraph.NewSprite(0, 4, 4))
		}
	}
	return s
}

// BenchmarkWatchUpdate10k is one watch update (what the main thread pays
// every 100 ms, at 10 Hz) of a client watching the tree and one node of a
// 10,000-node scene, in which one node changes between updates.
func BenchmarkWatchUpdate10k(b *testing.B) {
	scene := bigScene(10000)
	heroNode := scene.Root().Find("Hero")
	r := newRig(b, scene, func(o *inspector.Options) { o.WatchInterval = time.Hour })
	hero := r.find(b, "Hero")
	ch, err := r.cl.Watch(ctx(b), true, hero.ID, true)
	if err != nil {
		b.Fatal(err)
	}
	go func() {
		for range ch {
		}
	}()
	r.pause() // the benchmark is the main thread now
	defer r.resume()
	for range 2 {
		r.srv.FeedWatchers() // the first, full tree
	}
	names := [2]string{"Hero", "Hera"}
	b.ResetTimer()
	for i := range b.N {
		heroNode.SetName(names[i&1]) // one change per update
		r.srv.FeedWatchers()
	}
}

// BenchmarkFrameSample is what every frame pays for the graphs, client or
// not: a clock read, the render stats, and every statsGCEvery frames a
// runtime/metrics read.
func BenchmarkFrameSample(b *testing.B) {
	d := director.New()
	d.RunScene(testScene())
	s, err := inspector.New(inspector.Options{Director: d})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	for b.Loop() {
		s.Sample()
	}
}

package animation

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// benchClip has five tracks, one of each common kind: position (linear),
// scale (Hermite), angle (Bézier), node opacity (step) and a Sprite's
// colour, keyed every quarter second over a 1 s loop.
func benchClip() *Clip {
	keys := func(w int, f func(i int) mgl32.Vec4) []Keyframe {
		ks := make([]Keyframe, 5)
		for i := range ks {
			ks[i] = Keyframe{Time: float64(i) * frame, Value: f(i), Out: mgl32.Vec4{1, 1, 1, 1}, In: mgl32.Vec4{-1, -1, -1, -1}, Curve: mgl32.Vec4{0.42, 0, 0.58, 1}}
		}
		return ks
	}
	return &Clip{Name: "bench", Duration: 1, Wrap: WrapLoop, Tracks: []Track{
		{Property: "position", Keys: keys(3, func(i int) mgl32.Vec4 { return mgl32.Vec4{float32(i * 10), float32(i * i), 0} })},
		{Property: "scale", Interp: Hermite, Keys: keys(3, func(i int) mgl32.Vec4 { return mgl32.Vec4{1 + float32(i)/4, 1, 1} })},
		{Property: "angle", Interp: Bezier, Keys: keys(1, func(i int) mgl32.Vec4 { return mgl32.Vec4{float32(i * 90)} })},
		{Property: "opacity", Interp: Step, Keys: keys(1, func(i int) mgl32.Vec4 { return mgl32.Vec4{float32(255 - i*50)} })},
		{Component: "Sprite", Property: "color", Keys: keys(4, func(i int) mgl32.Vec4 { return mgl32.Vec4{float32(i * 60), 100, 200, 255} })},
	}}
}

// BenchmarkSample1000Nodes advances and samples 1,000 nodes, each with its
// own Player playing a clip of 5 tracks: one frame of the animation
// System's main-thread work (the target: under 1 ms).
func BenchmarkSample1000Nodes(b *testing.B) {
	d, sys, s := newWorld(b)
	clip := benchClip()
	for i := range 1000 {
		n := addNode(s, fmt.Sprint("N", i))
		scenegraph.AddComponent(n, scenegraph.NewSprite(0, 4, 4))
		p := scenegraph.AddComponent(n, NewPlayer(clip))
		if err := p.Play("bench"); err != nil {
			b.Fatal(err)
		}
	}
	d.Tick(1.0 / 60)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		sys.Update(1.0 / 60)
	}
}

// BenchmarkController1000Nodes is the same load through state machines: a
// 1D blend of two such clips per node.
func BenchmarkController1000Nodes(b *testing.B) {
	d, sys, s := newWorld(b)
	a, c := benchClip(), benchClip()
	c.Name = "fast"
	g := &Graph{
		Params: []Param{{Name: "speed", Default: 0.5}},
		States: []State{{Name: "move", Blend: &Blend1D{Param: "speed", Points: []BlendPoint{{0, a}, {1, c}}}}},
	}
	for i := range 1000 {
		n := addNode(s, fmt.Sprint("N", i))
		scenegraph.AddComponent(n, scenegraph.NewSprite(0, 4, 4))
		scenegraph.AddComponent(n, NewController(g))
	}
	d.Tick(1.0 / 60)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		sys.Update(1.0 / 60)
	}
}

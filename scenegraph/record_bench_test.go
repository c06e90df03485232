package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkRecordSprites50k measures the main thread's recording of a
// bunnymark frame alone, per node sprite: 50,000 moving 4×4 Sprites, each
// on its own node, with their world matrices computed as extraction reads
// them (the default on fewer than DefaultParallelWorkers cores), the
// extraction (culling, sort keys, sprite runs) and the frame's sorting and
// batching (render.Frame.Batches). The bunnies' own move runs between the
// timed parts, untimed. The target is 50 ns/sprite (issue 30).
func BenchmarkRecordSprites50k(b *testing.B) {
	const n = 50000
	s, f, nodes := bunnyScene(b, n)
	frame := 0
	for range 3 { // grow the frame's buffers
		frame++
		moveBunnies(nodes, frame)
		Extract(s, f)
		f.Batches()
		s.ResetChanged()
		f.Reset()
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		s.ResetChanged()
		f.Reset()
		frame++
		moveBunnies(nodes, frame)
		b.StartTimer()
		Extract(s, f)
		f.Batches()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/sprite")
}

// BenchmarkRecordSpriteBatch200k measures the recording of one 200,000-sprite
// SpriteBatch, per sprite: extraction (culling and writing each instance
// into the frame) and the frame's batching. The target is 20 ns/sprite
// (issue 30).
func BenchmarkRecordSpriteBatch200k(b *testing.B) {
	const n = 200000
	s, _, f := scene2D(b)
	nd := NewNode("Batch")
	s.AddChild(nd)
	sb := AddComponent(nd, NewSpriteBatch(1, 4, 4))
	for i := range n {
		sb.Positions = append(sb.Positions, mgl32.Vec2{float32(i % 800), float32(i % 600)})
	}
	Extract(s, f)
	f.Batches()
	f.Reset()
	b.ReportAllocs()
	for b.Loop() {
		Extract(s, f)
		f.Batches()
		f.Reset()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/sprite")
}

package camera2d

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// BenchmarkPostUpdate is the System's frame: one Follow with every option
// on and eight repeating Parallax layers.
func BenchmarkPostUpdate(b *testing.B) {
	r := newRig(b, 1280, 720)
	scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target, Smoothing: 0.2,
		DeadZone: mgl32.Vec2{40, 20}, LookAhead: 0.1, PixelSnap: true,
		Bounds: Bounds{Max: mgl32.Vec2{1e5, 1e5}}})
	for i := 0; i < 8; i++ {
		n := scenegraph.NewNode("Layer")
		r.s.AddChild(n)
		scenegraph.AddComponent(n, newTestSprite())
		scenegraph.AddComponent(n, &Parallax{Camera: r.CamNode, Factor: mgl32.Vec2{float32(i) / 8, 1}, RepeatX: true})
	}
	r.tick(1.0 / 60)
	sys := SystemOf(r.CamNode)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Target.SetPositionXY(float32(i%1000), 0)
		sys.PostUpdate(1.0 / 60)
	}
}

package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// A SpriteBatch records its visible sprites as one item, in slice order,
// with per-sprite colors and frames; sprites outside a 2D view are skipped.
func TestSpriteBatchRecordsOneRun(t *testing.T) {
	s, _, f := scene2D(t)
	n := NewNode("Batch")
	n.SetPositionXY(10, 20)
	s.AddChild(n)
	sb := AddComponent(n, NewSpriteBatch(5, 4, 2))
	sb.Frames = []mgl32.Vec4{{0, 0, 0.5, 0.5}, {0.5, 0.5, 1, 1}}
	sb.Positions = []mgl32.Vec2{{0, 0}, {5000, 0}, {100, 50}, {200, 60}}
	sb.Colors = []render.Color{render.RGBA(1, 2, 3, 4)}
	sb.FrameOf = []uint16{0, 0, 1, 7}
	Extract(s, f)
	items, insts := f.Items(), f.SpriteInstances()
	if len(items) != 1 || items[0].Count != 3 || items[0].Texture != 5 || len(insts) != 3 {
		t.Fatalf("items %+v, %d instances; want one item of 3 (one culled)", items, len(insts))
	}
	want := []render.SpriteInstance{
		{X: 8, Y: 19, AX: 4, BY: 2, U0: 0, V0: 0, U1: 0.5, V1: 0.5, Color: render.RGBA(1, 2, 3, 4)},
		{X: 108, Y: 69, AX: 4, BY: 2, U0: 0.5, V0: 0.5, U1: 1, V1: 1, Color: render.White},
		{X: 208, Y: 79, AX: 4, BY: 2, U0: 0, V0: 0, U1: 0.5, V1: 0.5, Color: render.White}, // frame 7: none, so 0
	}
	for i := range want {
		if insts[i] != want[i] {
			t.Errorf("sprite %d: %+v, want %+v", i, insts[i], want[i])
		}
	}
	if st := s.RenderStats(); st.Rendered != 1 || st.Culled != 0 {
		t.Errorf("stats %+v: the batch is one renderable", st)
	}
	// Every sprite outside: nothing recorded, the batch counts as culled.
	f.Reset()
	sb.Positions = sb.Positions[1:2]
	Extract(s, f)
	if len(f.Items()) != 0 || len(f.SpriteInstances()) != 0 || s.RenderStats().Culled != 1 {
		t.Errorf("all culled: %d items, %d instances, stats %+v", len(f.Items()), len(f.SpriteInstances()), s.RenderStats())
	}
}

// A batch draws the instances that a Sprite per position on child nodes
// would: the same corners, to the bit.
func TestSpriteBatchMatchesSprites(t *testing.T) {
	s, _, f := scene2D(t)
	root := NewNode("Root")
	root.SetPositionXY(3.25, -1.5)
	root.SetAngle(30)
	root.SetScale(mgl32.Vec3{1.5, 0.75, 1})
	s.AddChild(root)
	var ps []mgl32.Vec2
	for i := range 50 {
		p := mgl32.Vec2{float32(i*13%700) + 0.375, float32(i*29%500) + 0.625}
		ps = append(ps, p)
		c := NewNode("S")
		c.SetPositionXY(p[0], p[1])
		root.AddChild(c)
		sp := AddComponent(c, NewSprite(1, 6, 5))
		sp.Anchor = mgl32.Vec2{0.25, 1}
	}
	Extract(s, f)
	nodes := append([]render.SpriteInstance(nil), f.SpriteInstances()...)

	s2, _, f2 := scene2D(t)
	root2 := NewNode("Root")
	root2.SetPositionXY(3.25, -1.5)
	root2.SetAngle(30)
	root2.SetScale(mgl32.Vec3{1.5, 0.75, 1})
	s2.AddChild(root2)
	sb := AddComponent(root2, NewSpriteBatch(1, 6, 5))
	sb.Anchor = mgl32.Vec2{0.25, 1}
	sb.Positions = ps
	Extract(s2, f2)
	batch := f2.SpriteInstances()
	if len(nodes) == 0 || len(batch) != len(nodes) {
		t.Fatalf("%d sprites from nodes, %d from the batch", len(nodes), len(batch))
	}
	const eps = 1e-3 // the node path multiplies two matrices first
	for i := range nodes {
		a, b := nodes[i], batch[i]
		if abs32(a.X-b.X) > eps || abs32(a.Y-b.Y) > eps || abs32(a.AX-b.AX) > eps || abs32(a.BY-b.BY) > eps ||
			abs32(a.AY-b.AY) > eps || abs32(a.BX-b.BX) > eps || a.Color != b.Color || a.U1 != b.U1 {
			t.Fatalf("sprite %d: node %+v, batch %+v", i, a, b)
		}
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// Recording a steady 100,000-sprite batch allocates nothing.
func TestSpriteBatchAllocatesNothing(t *testing.T) {
	s, _, f := scene2D(t)
	n := NewNode("Batch")
	s.AddChild(n)
	sb := AddComponent(n, NewSpriteBatch(1, 4, 4))
	for i := range 100000 {
		sb.Positions = append(sb.Positions, mgl32.Vec2{float32(i % 800), float32(i % 600)})
	}
	Extract(s, f)
	f.Reset()
	allocs := testing.AllocsPerRun(20, func() {
		Extract(s, f)
		f.Batches()
		f.Reset()
	})
	if allocs != 0 {
		t.Fatalf("a SpriteBatch frame allocates %v times", allocs)
	}
}

func BenchmarkExtractSpriteBatch200k(b *testing.B) {
	s, _, f := scene2D(b)
	n := NewNode("Batch")
	s.AddChild(n)
	sb := AddComponent(n, NewSpriteBatch(1, 4, 4))
	for i := range 200000 {
		sb.Positions = append(sb.Positions, mgl32.Vec2{float32(i % 800), float32(i % 600)})
	}
	b.ReportAllocs()
	for b.Loop() {
		Extract(s, f)
		f.Reset()
	}
}

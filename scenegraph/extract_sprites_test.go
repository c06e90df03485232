package scenegraph

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
)

// bunnyScene builds the bunnymark's scene without a window: an 800×600
// orthographic camera and n 4×4 sprites of one texture, each on its own
// node under one parent, anchored at their top-left corners, at
// pseudo-random positions inside the view. It returns the sprites' nodes.
func bunnyScene(tb testing.TB, n int) (*Scene, *render.Frame, []*Node) {
	s, _, f := scene2D(tb)
	root := NewNode("Bunnies")
	s.AddChild(root)
	nodes := make([]*Node, n)
	seed := uint32(1)
	rnd := func(k int) float32 { // xorshift: the same scene every run
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return float32(seed % uint32(k))
	}
	for i := range nodes {
		nd := NewNode("bunny")
		sp := AddComponent(nd, NewSprite(1, 4, 4))
		sp.Anchor = mgl32.Vec2{0, 1}
		nd.SetPositionXY(rnd(796), 4+rnd(596))
		root.AddChild(nd)
		nodes[i] = nd
	}
	return s, f, nodes
}

// moveBunnies moves every node a little, as the bunnymark's Update does.
func moveBunnies(nodes []*Node, frame int) {
	d := float32(frame%3) - 1
	for _, nd := range nodes {
		p := nd.Position()
		nd.SetPositionXY(p[0]+d, p[1]-d)
	}
}

// BenchmarkBunnymarkFrame50k measures the main and render threads' CPU
// work per sprite for 50,000 moving node sprites, the bunnymark's
// 50,000-sprite case, without the GPU: the whole frame (move, world
// matrices, extraction, sorting and batching) with the matrices computed
// by a parallel pass or as extraction reads them (the default on fewer than
// DefaultParallelWorkers cores), and each step alone (the matrices in
// parallel).
func BenchmarkBunnymarkFrame50k(b *testing.B) {
	const n = 50000
	pool := core.NewJobPool(0)
	defer pool.Close()
	s, f, nodes := bunnyScene(b, n)
	u := NewTransformUpdater(pool)
	u.Threshold = 1 // parallel matrices, except where a benchmark says lazy
	frame := 0
	// step runs the first upTo steps of a frame: move, matrices, extract,
	// batches.
	step := func(upTo int) {
		if upTo == 0 {
			return
		}
		frame++
		moveBunnies(nodes, frame)
		if upTo == 1 {
			return
		}
		if err := u.Update(s); err != nil {
			b.Fatal(err)
		}
		if upTo == 2 {
			return
		}
		Extract(s, f)
		if upTo == 3 {
			return
		}
		f.Batches()
	}
	endFrame := func() { // as the Director ends a frame
		s.ResetChanged()
		f.Reset()
	}
	for range 3 { // grow the frame's buffers; give the updater its history
		step(4)
		endFrame()
	}
	perSprite := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/sprite")
	}
	for _, mode := range []struct {
		name      string
		threshold int
	}{{"frame-parallel-matrices", 1}, {"frame-lazy-matrices", -1}} {
		b.Run(mode.name, func(b *testing.B) {
			u.Threshold = mode.threshold
			b.ReportAllocs()
			for b.Loop() {
				step(4)
				endFrame()
			}
			perSprite(b)
		})
	}
	u.Threshold = 1
	for _, c := range []struct {
		name string
		step int
	}{{"move", 1}, {"matrices", 2}, {"extract", 3}, {"batches", 4}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				endFrame()
				if c.step == 1 { // a frame's matrices were computed
					u.Update(s)
				}
				step(c.step - 1)
				b.StartTimer()
				switch c.step {
				case 1:
					frame++
					moveBunnies(nodes, frame)
				case 2:
					u.Update(s)
				case 3:
					Extract(s, f)
				case 4:
					f.Batches()
				}
			}
			perSprite(b)
		})
	}
	endFrame()
}

// extractOneByOne records n's subtree the way extraction did before sprite
// runs: every renderable through its Render method, so one draw item per
// Sprite. It is the reference sprite runs must draw exactly like.
func extractOneByOne(n *Node, v *View, mask uint32) {
	if !n.activeInHierarchy {
		return
	}
	if n.Layer&mask != 0 {
		for _, b := range n.comps {
			c := b.Base()
			if c.renderable != nil && c.state&onEnableCalled != 0 {
				c.renderable.Render(v)
			}
		}
	}
	for _, ch := range n.children {
		extractOneByOne(ch, v, mask)
	}
}

// mixedScene builds a scene under a 2D camera (or a perspective one) with
// n renderables of every kind that affects sprite runs: sprites of two
// textures, opaque and blended, in two layers and orders, at different
// depths, rotated, flipped, trimmed and turned, disabled ones, inactive
// and hidden subtrees, sprites out of view, and SpriteBatches between
// them.
func mixedScene(tb testing.TB, n int, perspective bool) (*Scene, *render.Frame) {
	s, cam, f := scene2D(tb)
	if perspective {
		cam.Projection = Perspective
		cam.Node().SetPosition(mgl32.Vec3{400, 300, 700})
	}
	r := rand.New(rand.NewPCG(5, 6))
	var parents []*Node
	for i := range n {
		nd := NewNode("R")
		if len(parents) == 0 || r.IntN(2) == 0 { // a root child somewhere on (or just off) the screen
			s.AddChild(nd)
			nd.SetPositionXY(r.Float32()*900-50, r.Float32()*700-50)
		} else { // a child near its parent
			parents[r.IntN(len(parents))].AddChild(nd)
			nd.SetPositionXY(r.Float32()*60-30, r.Float32()*60-30)
		}
		parents = append(parents, nd)
		if r.IntN(4) == 0 {
			nd.SetPosition(mgl32.Vec3{nd.Position()[0], nd.Position()[1], float32(r.IntN(3))})
		}
		if r.IntN(6) == 0 {
			nd.SetAngle(r.Float32() * 360)
		}
		if i%50 == 7 {
			sb := AddComponent(nd, NewSpriteBatch(2, 5, 5))
			for k := range 20 {
				sb.Positions = append(sb.Positions, mgl32.Vec2{float32(k * 9), float32(k * 3)})
			}
			continue
		}
		sp := AddComponent(nd, NewSprite(render.TextureID(1+r.IntN(10)/8), 8, 6))
		switch r.IntN(12) {
		case 0:
			sp.Blend = render.BlendOpaque
		case 1:
			sp.SortLayer = 1
		case 2:
			sp.Order = -1
		case 3:
			sp.FlipX, sp.FlipY = true, r.IntN(2) == 0
		case 4:
			sp.Trim = mgl32.Vec4{1, 2, 0, 1}
		case 5:
			sp.UVRotated = true
			sp.UV = mgl32.Vec4{0.25, 0, 0.5, 0.5}
		case 6:
			sp.SetEnabled(false)
		case 7:
			nd.Layer = 2 // the camera does not see it
		}
		if i%97 == 3 {
			nd.SetActive(false)
		}
	}
	return s, f
}

// Sprite runs draw exactly what one draw item per sprite draws: the same
// batches, the same instances in the same order, the same stats, under a
// 2D camera and under a perspective one (where depths differ and runs are
// short).
func TestSpriteRunsDrawLikeOneItemPerSprite(t *testing.T) {
	for _, perspective := range []bool{false, true} {
		s, f := mixedScene(t, 3000, perspective)
		Extract(s, f)
		stats := s.RenderStats()
		items := len(f.Items())
		batches, insts := f.Batches()

		ref := render.NewFrame()
		ref.SetScreenSize(f.ScreenSize())
		ref.BeginPass(f.Passes()[0])
		v := &s.view
		v.Frame = ref
		v.setViewProj(f.Passes()[0].ViewProj)
		v.rendered, v.culled = 0, 0
		extractOneByOne(&s.Node, v, ^EngineLayer)
		v.Frame = nil
		refBatches, refInsts := ref.Batches()

		if stats.Rendered != v.rendered || stats.Culled != v.culled || stats.Rendered < 1000 || stats.Culled == 0 {
			t.Fatalf("perspective %v: stats %+v, one by one %d rendered, %d culled", perspective, stats, v.rendered, v.culled)
		}
		if items >= len(ref.Items()) && !perspective {
			t.Errorf("2D: %d draw items with runs, %d one by one: nothing was merged", items, len(ref.Items()))
		}
		if len(batches) != len(refBatches) {
			t.Fatalf("perspective %v: %d batches, one by one %d", perspective, len(batches), len(refBatches))
		}
		for i, b := range batches {
			rb := refBatches[i]
			if b.Kind != rb.Kind || b.Texture != rb.Texture || b.Blend != rb.Blend || b.Count != rb.Count ||
				b.Squares != rb.Squares || b.Opaque != rb.Opaque {
				t.Fatalf("perspective %v: batch %d is %+v, one by one %+v", perspective, i, b, rb)
			}
			if b.Kind != render.KindSprite {
				continue
			}
			got, want := insts[b.First:b.First+b.Count], refInsts[rb.First:rb.First+rb.Count]
			for k := range got {
				if got[k] != want[k] {
					t.Fatalf("perspective %v: batch %d instance %d is %+v, one by one %+v", perspective, i, k, got[k], want[k])
				}
			}
		}
		t.Logf("perspective %v: %d renderables in %d draw items (%d one by one), %d batches", perspective, stats.Rendered, items, len(ref.Items()), len(batches))
	}
}

// A run longer than runChunk continues in further draw items, which batch
// into one draw call, in tree order.
func TestLongSpriteRun(t *testing.T) {
	const n = 2*runChunk + 5
	s, f, nodes := bunnyScene(t, n)
	Extract(s, f)
	if got := len(f.Items()); got != 3 {
		t.Fatalf("%d sprites in %d draw items, want 3", n, got)
	}
	batches, insts := f.Batches()
	if len(batches) != 1 || batches[0].Count != n {
		t.Fatalf("batches %+v, want one of %d sprites", batches, n)
	}
	for i, nd := range nodes {
		p := nd.WorldPosition()
		if in := insts[i]; in.X != p[0] || in.Y != p[1]-4 {
			t.Fatalf("instance %d at (%v, %v), its node at %v", i, in.X, in.Y, p)
		}
	}
}

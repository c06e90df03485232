package render_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

func sprite(tex render.TextureID, layer uint8, order int16, blend render.BlendMode, depth float32) *render.Sprite {
	return &render.Sprite{Transform: mgl32.Translate3D(depth, 0, 0), Size: mgl32.Vec2{1, 1},
		Texture: tex, Layer: layer, Order: order, Blend: blend, Depth: depth, Color: render.White}
}

func TestTwoTexturesInterleaved(t *testing.T) {
	f := render.NewFrame()
	a := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, nil)
	b := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, nil)
	cases := []struct {
		name  string
		add   func(i int) *render.Sprite
		count int
	}{
		// Layers separate the textures: 2 batches.
		{"by layer", func(i int) *render.Sprite {
			return sprite([]render.TextureID{a, b}[i%2], uint8(i%2), 0, render.BlendAlpha, 0)
		}, 2},
		// Same layer and order, transparent: painter's (recording) order
		// wins over grouping, so nothing merges.
		{"same order", func(i int) *render.Sprite { return sprite([]render.TextureID{a, b}[i%2], 0, 0, render.BlendAlpha, 0) }, 10},
		// Same layer and order, opaque: the key groups by texture: 2 batches.
		{"same order opaque", func(i int) *render.Sprite {
			return sprite([]render.TextureID{a, b}[i%2], 0, 0, render.BlendOpaque, 0)
		}, 2},
		// Explicit painter's order alternating textures: no merging possible.
		{"by order", func(i int) *render.Sprite {
			return sprite([]render.TextureID{a, b}[i%2], 0, int16(i), render.BlendAlpha, 0)
		}, 10},
		// Same texture, two blend modes alternating: painter's order, 10.
		{"blend", func(i int) *render.Sprite {
			return sprite(a, 0, 0, []render.BlendMode{render.BlendAlpha, render.BlendAdditive}[i%2], 0)
		}, 10},
		// Two blend modes in separate runs: 2 batches.
		{"blend runs", func(i int) *render.Sprite {
			return sprite(a, 0, 0, []render.BlendMode{render.BlendAlpha, render.BlendAdditive}[i/5], 0)
		}, 2},
	}
	for _, c := range cases {
		f.Reset()
		f.BeginPass(render.Pass{})
		for i := 0; i < 10; i++ {
			f.DrawSprite(c.add(i))
		}
		batches, insts := f.Batches()
		if len(batches) != c.count {
			t.Errorf("%s: %d batches, want %d: %+v", c.name, len(batches), c.count, batches)
		}
		n := 0
		for _, bt := range batches {
			if bt.First != n {
				t.Errorf("%s: batch starts at sprite %d, want %d", c.name, bt.First, n)
			}
			n += bt.Count
		}
		if n != 10 || len(insts) != 10 {
			t.Errorf("%s: batches cover %d sprites, %d instances", c.name, n, len(insts))
		}
	}
}

func TestDepthOrder(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	// Transparent: back to front (larger depth first), negative depths work.
	for _, d := range []float32{1, 5, -2, 3, 0.5} {
		f.DrawSprite(sprite(0, 0, 0, render.BlendAlpha, d))
	}
	// Opaque in a second pass: front to back.
	f.BeginPass(render.Pass{})
	for _, d := range []float32{1, 5, -2, 3, 0.5} {
		f.DrawSprite(sprite(0, 0, 0, render.BlendOpaque, d))
	}
	batches, insts := f.Batches()
	var xs []float32
	for i := range insts {
		xs = append(xs, insts[i].X) // the sprite's x is its depth
	}
	want := []float32{5, 3, 1, 0.5, -2, -2, 0.5, 1, 3, 5}
	for i := range want {
		if xs[i] != want[i] {
			t.Fatalf("sprite order %v, want %v", xs, want)
		}
	}
	if batches[0].Pass != 0 || batches[len(batches)-1].Pass != 1 {
		t.Errorf("passes out of order: %+v", batches)
	}
}

func TestOpaqueBeforeTransparentAndStable(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	// Equal keys keep recording order: use distinct colors to tell them apart.
	for i := 0; i < 100; i++ {
		s := sprite(0, 0, 0, render.BlendAlpha, 0)
		s.Color = render.RGBA(uint8(i), 0, 0, 255)
		f.DrawSprite(s)
	}
	f.DrawSprite(sprite(0, 0, 0, render.BlendOpaque, 0))
	batches, insts := f.Batches()
	if len(batches) != 2 || batches[0].Blend != render.BlendOpaque || batches[1].Count != 100 {
		t.Fatalf("batches %+v", batches)
	}
	for i := 0; i < 100; i++ {
		if got := insts[1+i].Color & 0xff; got != render.Color(i) {
			t.Fatalf("sprite %d has color %d: sort not stable", i, got)
		}
	}
}

// Transparent sprites at one depth paint in recording (tree) order even
// when their textures alternate: A, B, A is three batches, not A+A then B.
func TestTransparentKeepsPaintersOrder(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	for _, tex := range []render.TextureID{1, 2, 1, 1} {
		f.DrawSprite(sprite(tex, 0, 0, render.BlendAlpha, 0))
	}
	batches, _ := f.Batches()
	var got []render.TextureID
	for _, b := range batches {
		got = append(got, b.Texture)
	}
	if len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 1 || batches[2].Count != 2 {
		t.Fatalf("batches by texture %v, want [1 2 1] with the last covering 2 sprites", got)
	}
}

func TestSortKeyFields(t *testing.T) {
	k := func(pass int, layer uint8, order int16, blend render.BlendMode, depth float32) uint64 {
		return render.SortKey(pass, layer, order, blend, 0, 0, depth)
	}
	less := []struct {
		name string
		a, b uint64
	}{
		{"pass", k(0, 9, 9, render.BlendAlpha, 9), k(1, 0, -9, render.BlendOpaque, 0)},
		{"layer", k(0, 1, 9, render.BlendAlpha, 9), k(0, 2, -9, render.BlendOpaque, 0)},
		{"opaque first", k(0, 1, 9, render.BlendOpaque, 9), k(0, 1, -9, render.BlendAlpha, 0)},
		{"negative order", k(0, 1, -5, render.BlendAlpha, 0), k(0, 1, 3, render.BlendAlpha, 9)},
		{"opaque near first", k(0, 1, 0, render.BlendOpaque, 0.25), k(0, 1, 0, render.BlendOpaque, 0.5)},
		{"transparent far first", k(0, 1, 0, render.BlendAlpha, 100), k(0, 1, 0, render.BlendAlpha, 10)},
	}
	for _, c := range less {
		if c.a >= c.b {
			t.Errorf("%s: %x >= %x", c.name, c.a, c.b)
		}
	}
}

func TestSpriteVertices(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	f.DrawSprite(&render.Sprite{
		Transform: mgl32.Translate3D(10, 20, 0).Mul4(mgl32.HomogRotate3DZ(mgl32.DegToRad(90))),
		Size:      mgl32.Vec2{4, 2}, Pivot: mgl32.Vec2{0.5, 0.5}, Color: render.RGBA(1, 2, 3, 4),
		UV: mgl32.Vec4{0.25, 0, 0.75, 0.5},
	})
	v := f.SpriteVertices()
	// Local bottom-left (-2,-1) rotated 90° is (1,-2).
	want := []render.SpriteVertex{{11, 18, 0.25, 0.5, 0x04030201}, {11, 22, 0.75, 0.5, 0x04030201},
		{9, 22, 0.75, 0, 0x04030201}, {9, 18, 0.25, 0, 0x04030201}}
	for i := range want {
		got := v[i]
		if abs(got.X-want[i].X) > 1e-5 || abs(got.Y-want[i].Y) > 1e-5 || got.U != want[i].U || got.V != want[i].V || got.Color != want[i].Color {
			t.Errorf("vertex %d: %+v, want %+v", i, got, want[i])
		}
	}
}

func abs(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

func TestHandleReuse(t *testing.T) {
	f := render.NewFrame()
	a := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, nil)
	f.DeleteTexture(a)
	b := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, nil)
	if b.Index() == a.Index() {
		t.Error("a slot freed in this frame was reused before the frame ended")
	}
	f.Reset()
	c := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, nil)
	if c.Index() != a.Index() || c == a {
		t.Errorf("after Reset: got %v, want slot of %v with a new generation", c, a)
	}
}

func TestBatchesAllocateNothing(t *testing.T) {
	f := render.NewFrame()
	record := func() {
		f.Reset()
		f.BeginPass(render.Pass{})
		for i := 0; i < 1000; i++ {
			f.DrawSprite(sprite(render.TextureID(i%3), uint8(i%4), int16(i%7), render.BlendAlpha, float32(i)))
		}
		f.DrawMesh(&render.MeshDraw{Model: mgl32.Ident4()})
		f.Batches()
	}
	record()
	if n := testing.AllocsPerRun(50, record); n != 0 {
		t.Errorf("%v allocations per recorded and batched frame", n)
	}
}

// Keys already in order (one texture, layer and depth, as a 2D scene of one
// atlas is): Batches neither sorts nor copies, and returns the frame's own
// instances.
func TestBatchesInOrderUseTheFramesInstances(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	for i := 0; i < 100; i++ {
		f.DrawSprite(sprite(1, 0, 0, render.BlendAlpha, 0))
	}
	batches, insts := f.Batches()
	if len(batches) != 1 || batches[0].Count != 100 || len(insts) != 100 {
		t.Fatalf("batches %+v, %d instances", batches, len(insts))
	}
	if &insts[0] != &f.SpriteInstances()[0] {
		t.Error("in-order sprites were copied")
	}
	// One item out of order: now they are sorted into a copy, stably.
	f.DrawSprite(sprite(2, 0, -1, render.BlendAlpha, 0))
	batches, insts = f.Batches()
	if len(batches) != 2 || batches[0].Texture != 2 || batches[1].Count != 100 || &insts[0] == &f.SpriteInstances()[0] {
		t.Fatalf("after an out-of-order sprite: %+v", batches)
	}
}

// DrawSprites and ReserveSprites/CommitSprites record one item for a run
// of sprites: it sorts as a unit and joins the batches around it.
func TestSpriteRuns(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	run := make([]render.SpriteInstance, 5)
	for i := range run {
		run[i] = render.SpriteInstance{X: float32(i), AX: 1, BY: 1, U1: 1, V1: 1, Color: render.White}
	}
	f.DrawSprite(sprite(1, 0, 0, render.BlendAlpha, 0))                          // sprite 0
	f.DrawSprites(&render.SpriteDraw{Texture: 1, Blend: render.BlendAlpha}, run) // 1..5
	rs := f.ReserveSprites(10)
	for i := range rs[:3] {
		rs[i] = render.SpriteInstance{X: 100 + float32(i), AX: 2, BY: 2, Color: render.White}
	}
	f.CommitSprites(&render.SpriteDraw{Texture: 1, Blend: render.BlendAlpha, Layer: 1}, 3)      // 6..8, drawn last
	f.DrawSprites(&render.SpriteDraw{Texture: 2, Blend: render.BlendAlpha, Order: -1}, run[:2]) // 9..10, drawn first
	f.ReserveSprites(4)                                                                         // never committed: dropped
	f.DrawSprite(sprite(1, 0, 0, render.BlendAlpha, 0))                                         // 11
	items := f.Items()
	if len(items) != 5 || items[1].Count != 5 || items[2].Index != 6 || items[2].Count != 3 || items[4].Index != 11 {
		t.Fatalf("items %+v", items)
	}
	if n := len(f.SpriteInstances()); n != 12 {
		t.Fatalf("%d instances, want 12", n)
	}
	batches, insts := f.Batches()
	var got []int
	for _, b := range batches {
		got = append(got, b.Count)
	}
	// The layer-1 run sorts last but shares the texture: it joins the batch.
	if len(got) != 2 || got[0] != 2 || got[1] != 10 {
		t.Fatalf("batch sizes %v, want [2 10]", got)
	}
	if insts[2].X != 0 || insts[3].X != 0 || insts[7].X != 4 || insts[8].X != 0 || insts[9].X != 100 {
		t.Errorf("sorted instances %+v", insts)
	}
	if len(f.SpriteVertices()) != 48 {
		t.Errorf("%d vertices, want 48", len(f.SpriteVertices()))
	}
}

// Squares marks batches that a backend may draw as point sprites: every
// sprite an axis-aligned square wholly inside a 2D pass.
func TestSquares(t *testing.T) {
	ortho := render.Pass{ViewProj: mgl32.Ortho(0, 100, 0, 50, -1, 1)}
	square := func(x, y, side float32) render.SpriteInstance {
		return render.SpriteInstance{X: x, Y: y, AX: side, BY: side, U1: 1, V1: 1, Color: render.White}
	}
	cases := []struct {
		name    string
		pass    render.Pass
		sprites []render.SpriteInstance
		want    bool
		lo, hi  float32
	}{
		{"inside", ortho, []render.SpriteInstance{square(0, 0, 4), square(90, 40, 10)}, true, 4, 10},
		{"mirrored", ortho, []render.SpriteInstance{{X: 10, Y: 10, AX: -4, BY: 4}, {X: 20, Y: 20, AX: 3, BY: -3}}, true, 3, 4},
		{"crosses the right edge", ortho, []render.SpriteInstance{square(0, 0, 4), square(97, 10, 4)}, false, 0, 0},
		{"below the bottom", ortho, []render.SpriteInstance{square(10, -1, 4)}, false, 0, 0},
		{"not square", ortho, []render.SpriteInstance{{X: 10, Y: 10, AX: 4, BY: 3}}, false, 0, 0},
		{"rotated", ortho, []render.SpriteInstance{{X: 10, Y: 10, AX: 0, AY: 4, BX: -4}}, false, 0, 0},
		{"perspective", render.Pass{ViewProj: mgl32.Perspective(1, 1, 0.1, 10)}, []render.SpriteInstance{square(0, 0, 0.1)}, false, 0, 0},
		{"rotated camera", render.Pass{ViewProj: mgl32.Ortho(0, 100, 0, 50, -1, 1).Mul4(mgl32.HomogRotate3DZ(0.1))},
			[]render.SpriteInstance{square(10, 10, 4)}, false, 0, 0},
	}
	for _, c := range cases {
		f := render.NewFrame()
		f.BeginPass(c.pass)
		f.DrawSprites(&render.SpriteDraw{}, c.sprites)
		batches, _ := f.Batches()
		if len(batches) != 1 || batches[0].Squares != c.want || c.want && (batches[0].SideMin != c.lo || batches[0].SideMax != c.hi) {
			t.Errorf("%s: batches %+v, want Squares %v, sides %v..%v", c.name, batches, c.want, c.lo, c.hi)
		}
	}
}

func BenchmarkBatchesInOrder50k(b *testing.B) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{ViewProj: mgl32.Ortho(0, 800, 0, 600, -1, 1)})
	for i := 0; i < 50000; i++ {
		f.DrawSprite(&render.Sprite{Transform: mgl32.Translate3D(float32(i%790), float32(i%590), 0), Size: mgl32.Vec2{4, 4},
			Color: render.White, Blend: render.BlendAlpha, Texture: 1})
	}
	b.ReportAllocs()
	for b.Loop() {
		f.DrawMesh(&render.MeshDraw{Model: mgl32.Ident4(), Layer: 255}) // invalidates the cached batches; stays in order
		f.Batches()
	}
}

// Opaque marks sprite batches whose tints all have alpha 255.
func TestOpaqueTints(t *testing.T) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	f.DrawSprite(sprite(1, 0, 0, render.BlendAlpha, 0))
	f.DrawSprite(sprite(1, 0, 0, render.BlendAlpha, 0))
	s := sprite(2, 1, 0, render.BlendAlpha, 0)
	s.Color = render.RGBA(255, 255, 255, 254)
	f.DrawSprite(s)
	f.DrawSprite(sprite(2, 1, 0, render.BlendAlpha, 0))
	batches, _ := f.Batches()
	if len(batches) != 2 || !batches[0].Opaque || batches[1].Opaque {
		t.Fatalf("batches %+v: want the first opaque, the second not", batches)
	}
}

// BenchmarkScanRun50k measures the per-sprite scan that sets Squares and
// Opaque (one draw item of 50,000 upright squares, as the bunnymark's),
// with the in-order check and the batching of the frame's one item: each
// iteration records the run afresh, untimed, so that the frame does not
// grow from one iteration to the next.
func BenchmarkScanRun50k(b *testing.B) {
	const n = 50000
	insts := make([]render.SpriteInstance, n)
	for i := range insts {
		insts[i] = render.SpriteInstance{X: float32(i % 790), Y: float32(i % 590), AX: 4, BY: 4, U1: 1, V1: 1, Color: render.White}
	}
	f := render.NewFrame()
	record := func() {
		f.Reset()
		f.BeginPass(render.Pass{ViewProj: mgl32.Ortho(0, 800, 0, 600, -1, 1)})
		f.DrawSprites(&render.SpriteDraw{Texture: 1, Blend: render.BlendAlpha}, insts)
	}
	record()
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		record()
		b.StartTimer()
		batches, _ := f.Batches()
		if !batches[0].Squares || !batches[0].Opaque {
			b.Fatalf("batch %+v", batches[0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/sprite")
}

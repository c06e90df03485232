package scenegraph

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// computeWorld's in-place path for unrotated nodes under an identity
// parent gives the matrix LocalMatrix gives and the identity flag
// localIsIdentity gives, bit for bit: negative zeros, unit and zero
// scales, NaN, far positions.
func TestComputeWorldInPlaceMatchesLocalMatrix(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 2))
	values := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 3e38, float32(math.NaN()), 1e-40}
	pick := func() float32 {
		if r.IntN(3) == 0 {
			return values[r.IntN(len(values))]
		}
		return r.Float32()*2000 - 1000
	}
	root := NewNode("root")
	for i := range 5000 {
		n := NewNode("n")
		root.AddChild(n)
		p := mgl32.Vec3{pick(), pick(), pick()}
		sc := mgl32.Vec3{1, 1, 1}
		if i%2 == 0 {
			sc = mgl32.Vec3{pick(), pick(), pick()}
		}
		if i%5 == 0 {
			p = mgl32.Vec3{}
		}
		n.SetPosition(p)
		n.SetScale(sc)
		want := n.LocalMatrix()
		wantIdentity := n.localIsIdentity()
		got := n.WorldMatrix()
		for k := range want {
			if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
				t.Fatalf("node at %v scaled %v: world[%d] = %v, LocalMatrix %v", p, sc, k, got[k], want[k])
			}
		}
		if n.identity != wantIdentity || n.dirty {
			t.Fatalf("node at %v scaled %v: identity %v dirty %v, want identity %v", p, sc, n.identity, n.dirty, wantIdentity)
		}
	}
	// A child of an identity node takes the parent's identity flag along.
	g := NewNode("group")
	root.AddChild(g)
	c := NewNode("child")
	g.AddChild(c)
	if c.WorldMatrix(); !g.identity || !c.identity {
		t.Fatalf("an unmoved group and its unmoved child: identity %v, %v", g.identity, c.identity)
	}
	g.SetPositionXY(1, 0)
	if m := c.WorldMatrix(); g.identity || c.identity || m[12] != 1 {
		t.Fatalf("after moving the group: identity %v, %v, child at %v", g.identity, c.identity, m[12])
	}
}

// Leaves take a shortcut in the tree walk (no call of their own): an
// inactive leaf, one on a layer the camera does not see, a faded leaf and
// a leaf after it all come out as the full walk would have them.
func TestLeafShortcutKeepsFadesLayersAndActivity(t *testing.T) {
	s, _, f := scene2D(t)
	parent := NewNode("P")
	s.AddChild(parent)
	parent.SetOpacity(128)
	var sprites []*Sprite
	for i := range 5 {
		n := NewNode("leaf")
		n.SetPositionXY(float32(100+20*i), 100)
		parent.AddChild(n)
		sprites = append(sprites, AddComponent(n, NewSprite(1, 8, 8)))
	}
	sprites[1].Node().SetOpacity(64)      // a faded leaf: walked as a subtree
	sprites[2].Node().SetActive(false)    // an inactive leaf
	sprites[3].Node().Layer = EngineLayer // a layer the camera does not see
	Extract(s, f)
	_, insts := f.Batches()
	var alphas []uint8
	for _, in := range insts {
		alphas = append(alphas, in.Color.A())
	}
	// 255 × 128/255 = 128; × 64/255 more = 32 (View.ApplyOpacity rounds).
	want := []uint8{128, 32, 128}
	if len(alphas) != len(want) {
		t.Fatalf("alphas %v, want %v", alphas, want)
	}
	for i := range want {
		if alphas[i] != want[i] {
			t.Fatalf("alphas %v, want %v", alphas, want)
		}
	}
	if st := s.RenderStats(); st.Rendered != 3 {
		t.Fatalf("stats %+v, want 3 rendered", st)
	}
}

// A frame of 5,000 moving node sprites, recorded and batched, allocates
// nothing once the frame's buffers have grown.
func TestMovingSpritesAllocateNothing(t *testing.T) {
	s, f, nodes := bunnyScene(t, 5000)
	frame := 0
	step := func() {
		frame++
		moveBunnies(nodes, frame)
		Extract(s, f)
		f.Batches()
		s.ResetChanged()
		f.Reset()
	}
	step()
	if allocs := testing.AllocsPerRun(20, step); allocs != 0 {
		t.Fatalf("a frame of moving sprites allocates %v times", allocs)
	}
}

// The recorded instance of a moved sprite is the one its world matrix
// gives: the matrix computed during extraction, not the last frame's.
func TestMovedSpriteRecordsItsNewPlace(t *testing.T) {
	s, f, nodes := bunnyScene(t, 10)
	Extract(s, f)
	s.ResetChanged()
	f.Reset()
	nodes[3].SetPositionXY(50.5, 70.25)
	Extract(s, f)
	_, insts := f.Batches()
	if in := insts[3]; in.X != 50.5 || in.Y != 70.25-4 || in.AX != 4 || in.BY != 4 || in.AY != 0 || in.BX != 0 {
		t.Fatalf("moved sprite recorded as %+v", in)
	}
	if c := insts[3].Color; c != render.White {
		t.Fatalf("color %08x", uint32(c))
	}
}

// Upright sprites take a shortcut to their bounds in the 2D cull test; it
// culls exactly the sprites the general bounds (min and max over the
// corners) cull: sprites touching, straddling and just missing each edge
// of the view, of zero and negative-zero size, next to mirrored ones.
func TestUprightCullMatchesGeneralBounds(t *testing.T) {
	s, _, f := scene2D(t) // the view is [0, 800] × [0, 600], up to rounding
	r := rand.New(rand.NewPCG(30, 3))
	type quad struct{ x, y, ax, ay, bx, by float32 }
	var quads []quad
	edges := []float32{0, 800, 600, -4, 804, 604}
	for i := range 4000 {
		n := NewNode("S")
		px := edges[r.IntN(len(edges))] + float32(r.IntN(17)-8)*0.5
		py := edges[r.IntN(len(edges))] + float32(r.IntN(17)-8)*0.5
		n.SetPositionXY(px, py)
		s.AddChild(n)
		w, h := float32(r.IntN(5)), float32(r.IntN(5))
		if i%13 == 0 {
			w = float32(math.Copysign(0, -1))
		}
		sp := AddComponent(n, NewSprite(1, w, h))
		sp.Anchor = mgl32.Vec2{float32(r.IntN(3)) * 0.5, float32(r.IntN(3)) * 0.5}
		sx := float32(1)
		if i%5 == 0 {
			sx = -1 // mirrored: the general way
			n.SetScale(mgl32.Vec3{sx, 1, 1})
		}
		x0, y0 := -sp.Anchor[0]*w, -sp.Anchor[1]*h
		quads = append(quads, quad{sx*x0 + 0*y0 + px, 0*x0 + 1*y0 + py, sx * w, 0 * w, 0 * h, 1 * h})
	}
	Extract(s, f)
	_, insts := f.Batches()
	// The general bounds, as Sprite.record computes them for any sprite,
	// against the rectangle the camera showed.
	rect := s.view.rect2D
	var kept []quad
	for _, q := range quads {
		loX, hiX := q.x+min(0, q.ax)+min(0, q.bx), q.x+max(0, q.ax)+max(0, q.bx)
		loY, hiY := q.y+min(0, q.ay)+min(0, q.by), q.y+max(0, q.ay)+max(0, q.by)
		if !(hiX < rect[0] || loX > rect[2] || hiY < rect[1] || loY > rect[3]) {
			kept = append(kept, q)
		}
	}
	if len(insts) != len(kept) || len(kept) < 500 || len(kept) > 3500 {
		t.Fatalf("%d sprites recorded, the general bounds keep %d of 4000", len(insts), len(kept))
	}
	for i, q := range kept {
		if insts[i].X != q.x || insts[i].Y != q.y || insts[i].AX != q.ax || insts[i].BY != q.by {
			t.Fatalf("sprite %d recorded as %+v, want %+v", i, insts[i], q)
		}
	}
}

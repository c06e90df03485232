package scenegraph

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// An unrotated leaf under an identity parent records from its local
// transform without computing its world matrix (Sprite.record). Its
// instances and draw items are bit for bit those of the same sprites
// recorded from cached matrices, whatever the scale (zero, negative, -0),
// anchor, size, trim, flips and region; the matrix it left uncomputed is
// still right when asked for; and a leaf that is rotated, under a moved
// parent, or has children takes the cached way.
func TestLazyLeafMatchesCachedMatrix(t *testing.T) {
	s, _, f := scene2D(t)
	group := NewNode("Group") // never moved: an identity parent
	s.AddChild(group)
	moved := NewNode("Moved") // a parent that is not the identity
	moved.SetPositionXY(3, -2)
	s.AddChild(moved)
	r := rand.New(rand.NewPCG(30, 2))
	pick := func(vals ...float32) float32 { return vals[r.IntN(len(vals))] }
	negZero := float32(math.Copysign(0, -1))
	var nodes []*Node
	for i := range 600 {
		nd := NewNode("leaf")
		switch i % 10 {
		case 7:
			moved.AddChild(nd)
		case 8:
			group.AddChild(nd)
			nd.SetAngle(pick(30, 90, 180))
		case 9:
			group.AddChild(nd)
			nd.AddChild(NewNode("child")) // not a leaf
		default:
			group.AddChild(nd)
		}
		nd.SetPosition(mgl32.Vec3{pick(0, negZero, 1.5) + float32(r.IntN(800)), pick(0, negZero) + float32(r.IntN(600)), pick(0, negZero, 0.25)})
		nd.SetScale(mgl32.Vec3{pick(1, -1, 2, 0, negZero, 0.5), pick(1, -1, 3, 0, negZero), pick(1, 0, -2)})
		sp := AddComponent(nd, NewSprite(render.TextureID(1+r.IntN(2)), pick(4, 0, 7.5, 32), pick(4, 0, 9, negZero)))
		sp.Anchor = mgl32.Vec2{pick(0, 0.5, 1, 0.3), pick(0, 0.5, 1)}
		if r.IntN(4) == 0 {
			sp.Trim = mgl32.Vec4{pick(0, 1), pick(0, 2, negZero), pick(0, 3), pick(0, 0.5)}
		}
		if r.IntN(3) == 0 {
			sp.UV = mgl32.Vec4{0.25, 0, 0.5, 0.75}
		}
		sp.FlipX, sp.FlipY, sp.UVRotated = r.IntN(4) == 0, r.IntN(4) == 0, r.IntN(5) == 0
		nodes = append(nodes, nd)
	}
	record := func() ([]render.SpriteInstance, []render.DrawItem) {
		f.Reset()
		Extract(s, f)
		return append([]render.SpriteInstance(nil), f.SpriteInstances()...), append([]render.DrawItem(nil), f.Items()...)
	}
	group.WorldMatrix() // up to date, as after the first frame
	lazyInst, lazyItems := record()
	for _, nd := range nodes {
		lazy := nd.dirty
		want := nd.LocalMatrix()
		if nd.parent == moved {
			want = moved.WorldMatrix().Mul4(want)
		}
		if lazy != (nd.parent == group && len(nd.children) == 0 && nd.rot == (mgl32.Quat{W: 1})) {
			t.Fatalf("%s (parent %s, %d children, rotation %v): left out of date %v", nd.Path(), nd.parent.name, len(nd.children), nd.rot, lazy)
		}
		got := nd.WorldMatrix()
		for k := range got {
			if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
				t.Fatalf("%s: world[%d] = %v after a lazy record, want %v", nd.Path(), k, got[k], want[k])
			}
		}
	}
	// Now every matrix is cached: the same frame again, the other way.
	cachedInst, cachedItems := record()
	if len(lazyInst) != len(cachedInst) || len(lazyItems) != len(cachedItems) || len(lazyInst) < 400 {
		t.Fatalf("%d instances in %d items from lazy leaves, %d in %d from cached matrices", len(lazyInst), len(lazyItems), len(cachedInst), len(cachedItems))
	}
	bits := func(in *render.SpriteInstance) [11]uint32 {
		return [11]uint32{math.Float32bits(in.X), math.Float32bits(in.Y), math.Float32bits(in.AX), math.Float32bits(in.AY),
			math.Float32bits(in.BX), math.Float32bits(in.BY), math.Float32bits(in.U0), math.Float32bits(in.V0),
			math.Float32bits(in.U1), math.Float32bits(in.V1), uint32(in.Color)}
	}
	for i := range lazyInst {
		if bits(&lazyInst[i]) != bits(&cachedInst[i]) {
			t.Fatalf("instance %d: %+v from a lazy leaf, %+v from the cached matrix", i, lazyInst[i], cachedInst[i])
		}
	}
	for i := range lazyItems {
		if lazyItems[i] != cachedItems[i] {
			t.Fatalf("draw item %d: %+v from lazy leaves, %+v from cached matrices", i, lazyItems[i], cachedItems[i])
		}
	}
}

package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// opacityScene: Panel (opacity 128) > Row (opacity 128) > sprite, a sprite
// on Panel itself, a SpriteBatch on Row, and a sprite outside Panel.
func opacityScene(t testing.TB) (*Scene, *render.Frame, *Node, *Node) {
	s, _, f := scene2D(t)
	panel := NewNode("Panel")
	s.AddChild(panel)
	row := NewNode("Row")
	panel.AddChild(row)
	leaf := NewNode("Leaf")
	row.AddChild(leaf)
	add := func(n *Node, x float32, c render.Color) {
		sp := AddComponent(n, NewSprite(0, 10, 10))
		sp.Color = c
		n.SetPositionXY(x, 300)
	}
	add(panel, 100, render.RGBA(255, 0, 0, 255))
	add(leaf, 0, render.RGBA(0, 255, 0, 200)) // x relative to Row, Panel: 100
	sb := AddComponent(row, NewSpriteBatch(0, 10, 10))
	sb.Positions = []mgl32.Vec2{{10, 0}, {20, 0}}
	sb.Colors = []render.Color{render.RGBA(0, 0, 255, 255)}
	outside := NewNode("Outside")
	s.AddChild(outside)
	add(outside, 300, render.RGBA(9, 9, 9, 255))
	return s, f, panel, row
}

func alphas(f *render.Frame) []uint8 {
	_, insts := f.Batches()
	var a []uint8
	for _, in := range insts {
		a = append(a, in.Color.A())
	}
	return a
}

// A node's opacity multiplies into the alpha of every Sprite and
// SpriteBatch at and below it, and nowhere else; colors keep their RGB.
func TestNodeOpacityMultipliesIntoSubtree(t *testing.T) {
	s, f, panel, row := opacityScene(t)
	if panel.Opacity() != 255 {
		t.Fatalf("a new node's opacity is %d, want 255", panel.Opacity())
	}
	panel.SetOpacity(128)
	row.SetOpacity(128)
	Extract(s, f)
	// Panel's sprite: 255·128/255 = 128. Leaf: 200·(128/255)² = 50.4 → 50.
	// Row's batch: 255·(128/255)² = 64.25 → 64, for the sprite with its own
	// color and the one with the batch's Color alike. Outside: 255.
	got := alphas(f)
	want := []uint8{128, 64, 64, 50, 255}
	if len(got) != len(want) {
		t.Fatalf("alphas %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("alphas %v, want %v", got, want)
		}
	}
	_, insts := f.Batches()
	if c := insts[0].Color; c.R() != 255 || c.G() != 0 || c.B() != 0 {
		t.Fatalf("the faded color lost its RGB: %08x", uint32(c))
	}
	// Back to opaque: the colors as set, nothing left over between frames.
	panel.SetOpacity(255)
	row.SetOpacity(255)
	f.Reset()
	Extract(s, f)
	got = alphas(f)
	for i, w := range []uint8{255, 255, 255, 200, 255} {
		if got[i] != w {
			t.Fatalf("opaque again: alphas %v", got)
		}
	}
}

// Fading allocates nothing per frame.
func TestNodeOpacityExtractsWithoutAllocating(t *testing.T) {
	s, f, panel, _ := opacityScene(t)
	o := uint8(0)
	allocs := testing.AllocsPerRun(100, func() {
		o += 3
		panel.SetOpacity(o)
		f.Reset()
		Extract(s, f)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per frame", allocs)
	}
}

func TestViewApplyOpacity(t *testing.T) {
	var v View
	c := render.RGBA(1, 2, 3, 255)
	if v.Opacity() != 1 || v.ApplyOpacity(c) != c {
		t.Fatal("a zero View fades")
	}
	v.fade = 0.5
	if got := v.ApplyOpacity(c); got != render.RGBA(1, 2, 3, 128) {
		t.Fatalf("half: %08x", uint32(got))
	}
}

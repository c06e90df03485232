package camera2d

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

func newTestSprite() *scenegraph.Sprite { return scenegraph.NewSprite(0, 100, 100) }

func TestParallaxFactor(t *testing.T) {
	r := newRig(t, 400, 300)
	layers := []struct {
		factor mgl32.Vec2
		want   mgl32.Vec2
	}{
		{mgl32.Vec2{1, 1}, mgl32.Vec2{5, 7}},        // moves with the world: stays at its origin
		{mgl32.Vec2{0, 0}, mgl32.Vec2{105, 47}},     // fixed on the screen: moves with the camera
		{mgl32.Vec2{0.5, 0.25}, mgl32.Vec2{55, 37}}, // half speed across, quarter speed up
	}
	ps := make([]*scenegraph.Node, len(layers))
	for i, l := range layers {
		n := scenegraph.NewNode("Layer")
		n.SetPositionXY(5, 7)
		r.s.AddChild(n)
		scenegraph.AddComponent(n, &Parallax{Camera: r.CamNode, Factor: l.factor})
		ps[i] = n
	}
	r.CamNode.SetPositionXY(100, 40)
	r.tick(quarter)
	for i, l := range layers {
		if p := ps[i].Position(); (mgl32.Vec2{p[0], p[1]}) != l.want {
			t.Errorf("factor %v: layer at %v, want exactly %v", l.factor, p, l.want)
		}
	}
}

// The parallax follows a Follow's camera in the same frame.
func TestParallaxAfterFollow(t *testing.T) {
	r := newRig(t, 400, 300)
	n := scenegraph.NewNode("Layer")
	r.s.AddChild(n)
	scenegraph.AddComponent(n, NewParallax(r.CamNode, 0.5)) // enabled before the Follow
	scenegraph.AddComponent(r.CamNode, &Follow{Target: r.Target})
	r.Target.SetPositionXY(80, 20)
	r.tick(quarter)
	if p := n.Position(); p[0] != 40 || p[1] != 10 {
		t.Fatalf("layer at %v, want (40, 10): it was placed before the camera moved", p)
	}
}

func TestParallaxRepeat(t *testing.T) {
	r := newRig(t, 400, 300) // the view is 400×300 units
	n := scenegraph.NewNode("Sky")
	r.s.AddChild(n)
	sp := scenegraph.AddComponent(n, newTestSprite()) // one repeat every 100 units
	scenegraph.AddComponent(n, &Parallax{Camera: r.CamNode, Factor: mgl32.Vec2{0.5, 0.5}, RepeatX: true, RepeatY: true})
	r.CamNode.SetPositionXY(100, 0)
	r.tick(quarter)
	if p := n.Position(); p[0] != 100 || p[1] != 0 {
		t.Fatalf("repeating layer at %v, want on the camera (100, 0)", p)
	}
	if sp.Size != (mgl32.Vec2{400, 300}) || sp.Anchor != (mgl32.Vec2{0.5, 0.5}) {
		t.Fatalf("sprite size %v anchor %v, want the view 400×300, centered", sp.Size, sp.Anchor)
	}
	// The left edge is at layer x 100·0.5 - 200 = -150: u = -1.5 → 0.5;
	// the top edge at layer y 150: v = -1.5 → 0.5.
	if want := (mgl32.Vec4{0.5, 0.5, 4.5, 3.5}); sp.UV != want {
		t.Fatalf("UV %v, want %v", sp.UV, want)
	}
	// Far from the origin the region stays within one repeat of 0.
	r.CamNode.SetPositionXY(1e6+100, 0)
	r.tick(quarter)
	if sp.UV[0] < 0 || sp.UV[0] >= 1 || sp.UV[2]-sp.UV[0] != 4 {
		t.Fatalf("far away: UV %v, want u0 in [0, 1) and 4 repeats", sp.UV)
	}
	// Only X repeating: Y follows the factor rule, the V region is kept.
	n2 := scenegraph.NewNode("Hills")
	n2.SetPositionXY(0, -50)
	r.s.AddChild(n2)
	sp2 := scenegraph.AddComponent(n2, newTestSprite())
	sp2.UV = mgl32.Vec4{0, 0.25, 1, 0.75}
	scenegraph.AddComponent(n2, &Parallax{Camera: r.CamNode, Factor: mgl32.Vec2{0.5, 0.5}, RepeatX: true})
	r.CamNode.SetPositionXY(100, 20)
	r.tick(quarter)
	if p := n2.Position(); p[0] != 100 || p[1] != -40 {
		t.Fatalf("x-repeating layer at %v, want (100, -40)", p)
	}
	if want := (mgl32.Vec4{0.5, 0.25, 4.5, 0.75}); sp2.UV != want || sp2.Size != (mgl32.Vec2{400, 100}) {
		t.Fatalf("UV %v size %v, want %v and 400×100", sp2.UV, sp2.Size, want)
	}
}

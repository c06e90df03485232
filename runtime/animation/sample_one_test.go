package animation

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// A lone state of weight 1 is sampled by sampleOne, which writes each
// track as it samples it; the general blend (begin, contribute, apply)
// must give the same properties to the bit. Two players play one clip
// of every numeric and discrete kind; the second also plays a state of
// weight 0, which contributes nothing but sends it down the general path.
func TestSampleOneMatchesBlend(t *testing.T) {
	q := func(a float32) mgl32.Vec4 {
		r := mgl32.QuatRotate(a, mgl32.Vec3{0.6, 0, 0.8})
		return mgl32.Vec4{r.V[0], r.V[1], r.V[2], r.W}
	}
	clip := benchClip()
	clip.Tracks = append(clip.Tracks,
		Track{Path: "J", Property: "quaternion", Keys: []Keyframe{{Time: 0, Value: q(0)}, {Time: 0.4, Value: q(-2.5)}, {Time: 1, Value: q(3)}}},
		Track{Path: "K", Property: "quaternion", Interp: Hermite, Keys: []Keyframe{{Time: 0, Value: q(0.2)}, {Time: 1, Value: q(1), In: mgl32.Vec4{0.1}}}},
		Track{Component: "mover", Property: "speed", Interp: Bezier, Keys: []Keyframe{key(0, -1), {Time: 1, Value: mgl32.Vec4{1}, Curve: mgl32.Vec4{0.2, 0.9, 0.3, 1}}}},
		Track{Component: "mover", Property: "count", Keys: []Keyframe{key(0, 0), key(1, 10)}},
		Track{Component: "mover", Property: "on", Keys: []Keyframe{key(0, 0), key(0.5, 1)}},
		Track{Component: "mover", Property: "offset", Keys: []Keyframe{key(0, 0, -3), key(1, 4, 8)}},
		Track{Component: "mover", Property: "tint", Keys: []Keyframe{key(0, 0, 0, 0, 0), key(1, 100, 100, 100, 100)}},
		Track{Component: "mover", Property: "mode", Keys: []Keyframe{{Time: 0, Text: "a"}, {Time: 0.75, Text: "b"}}},
	)
	idle := &Clip{Name: "idle", Duration: 1, Tracks: []Track{{Property: "angle", Keys: []Keyframe{key(0, 45)}}}}

	d, sys, s := newWorld(t)
	type rig struct {
		n, j, k *scenegraph.Node
		m       *mover
		sp      *scenegraph.Sprite
		p       *Player
	}
	var rigs [2]rig
	for i := range rigs {
		r := &rigs[i]
		r.n = addNode(s, fmt.Sprint("N", i))
		r.j = scenegraph.NewNode("J")
		r.k = scenegraph.NewNode("K")
		r.n.AddChild(r.j)
		r.n.AddChild(r.k)
		r.sp = scenegraph.AddComponent(r.n, scenegraph.NewSprite(0, 4, 4))
		r.m = scenegraph.AddComponent(r.n, &mover{})
		r.p = scenegraph.AddComponent(r.n, NewPlayer(clip, idle))
		if err := r.p.Play("bench"); err != nil {
			t.Fatal(err)
		}
	}
	z := rigs[1].p.State("idle")
	z.Play()
	z.Weight = 0
	bits := func(vs ...float32) string {
		var b []byte
		for _, v := range vs {
			b = fmt.Appendf(b, "%08x ", math.Float32bits(v))
		}
		return string(b)
	}
	state := func(r *rig) string {
		pos, sc, rot, jr, kr := r.n.Position(), r.n.Scale(), r.n.Rotation(), r.j.Rotation(), r.k.Rotation()
		return bits(pos[0], pos[1], pos[2], sc[0], sc[1], sc[2], rot.V[0], rot.V[1], rot.V[2], rot.W,
			jr.V[0], jr.V[1], jr.V[2], jr.W, kr.V[0], kr.V[1], kr.V[2], kr.W, r.m.Speed, r.m.Offset[0], r.m.Offset[1]) +
			fmt.Sprint(r.n.Opacity(), r.sp.Color, r.m.Count, r.m.On, r.m.Tint, r.m.Mode)
	}
	d.Tick(0)
	if !rigs[0].p.mix.active[0].exclusive || len(rigs[1].p.mix.active) != 2 {
		t.Fatalf("the two players do not take the two paths: exclusive %v, %d active",
			rigs[0].p.mix.active[0].exclusive, len(rigs[1].p.mix.active))
	}
	for i, dt := range []float64{0.01, 1.0 / 60, 0.1, 0.2, 0.25, 0.0001, 0.33, 0.5, 0.05, 0.4} {
		sys.Update(dt)
		if a, b := state(&rigs[0]), state(&rigs[1]); a != b {
			t.Fatalf("frame %d (t %.4f): one state gives\n%s\nthe blend gives\n%s", i, rigs[0].p.Current().Time(), a, b)
		}
	}
}

// Two tracks on one property blend (their mean), so a clip holding such
// a pair is not exclusive and takes the general path.
func TestDuplicateTracksBlend(t *testing.T) {
	c := &Clip{Name: "dup", Duration: 1, Tracks: []Track{
		{Property: "position", Keys: []Keyframe{key(0, 10, 0, 0)}},
		{Property: "position", Keys: []Keyframe{key(0, 20, 0, 0)}},
	}}
	d, p, n := playerWorld(t, c)
	if err := p.Play("dup"); err != nil {
		t.Fatal(err)
	}
	d.Tick(1.0 / 60)
	if p.Current().exclusive {
		t.Error("a clip with two position tracks is exclusive")
	}
	if x := n.Position()[0]; x != 15 {
		t.Errorf("two position tracks at 10 and 20 give x %v, want their mean 15", x)
	}
}

// byte255 rounds as math.Round does, clamped to 0..255, for every
// float32 from -1 to 256 in steps of 1/4096, halves and NaN included.
func TestByte255Rounds(t *testing.T) {
	want := func(x float32) uint8 { return uint8(min(max(math.Round(float64(x)), 0), 255)) }
	for i := -4096; i <= 256*4096; i++ {
		x := float32(i) / 4096
		for _, y := range []float32{x, math.Nextafter32(x, -1), math.Nextafter32(x, 300)} {
			if got := byte255(y); got != want(y) {
				t.Fatalf("byte255(%v) = %d, want %d", y, got, want(y))
			}
		}
	}
	if got := byte255(float32(math.NaN())); got != 0 {
		t.Errorf("byte255(NaN) = %d, want 0", got)
	}
}

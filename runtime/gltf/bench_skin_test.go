package gltf

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/systemtest"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// skeletons builds n characters of a 40-joint chain with a Skin and a
// Player looping a clip that bends every joint (40 quaternion tracks of
// 3 keys), in a running scene.
func skeletons(tb testing.TB, n int) (*director.Director, []*scenegraph.Skin) {
	const joints = 40
	d, _, scene := systemtest.World(tb, animation.Install, animation.SystemOf)
	clip := &animation.Clip{Name: "wiggle", Duration: 1, Wrap: animation.WrapLoop}
	var path []string
	for range joints {
		path = append(path, "J")
		q0, q1 := mgl32.QuatIdent(), mgl32.QuatRotate(0.3, mgl32.Vec3{0, 0, 1})
		k := func(t float64, q mgl32.Quat) animation.Keyframe {
			return animation.Keyframe{Time: t, Value: mgl32.Vec4{q.V[0], q.V[1], q.V[2], q.W}}
		}
		clip.Tracks = append(clip.Tracks, animation.Track{Path: strings.Join(path, "/"), Property: "quaternion",
			Keys: []animation.Keyframe{k(0, q0), k(0.5, q1), k(1, q0)}})
	}
	skins := make([]*scenegraph.Skin, n)
	for i := range skins {
		root, mesh := scenegraph.NewNode("Character"), scenegraph.NewNode("Mesh")
		root.AddChild(mesh)
		js := make([]*scenegraph.Node, joints)
		ibm := make([]mgl32.Mat4, joints)
		parent := root
		for j := range js {
			js[j] = scenegraph.NewNode("J")
			if j > 0 {
				js[j].SetPosition(mgl32.Vec3{0, 1, 0})
			}
			parent.AddChild(js[j])
			parent = js[j]
			ibm[j] = mgl32.Translate3D(0, -float32(j), 0)
		}
		s, err := scenegraph.NewSkin(js, ibm)
		if err != nil {
			tb.Fatal(err)
		}
		skins[i] = scenegraph.AddComponent(mesh, s)
		scene.AddChild(root)
		p := scenegraph.AddComponent(root, animation.NewPlayer(clip))
		if err := p.Play("wiggle"); err != nil {
			tb.Fatal(err)
		}
	}
	return d, skins
}

// frame advances and samples every Player, then computes every palette.
func skinFrame(d *director.Director, skins []*scenegraph.Skin) {
	d.Tick(1.0 / 60)
	for _, s := range skins {
		s.Palette()
	}
}

// A frame of sampling and palettes allocates nothing, and the pose moves.
func TestSkinnedFrameAllocs(t *testing.T) {
	d, skins := skeletons(t, 3)
	skinFrame(d, skins)
	if n := testing.AllocsPerRun(50, func() { skinFrame(d, skins) }); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
	tip := skins[0].Palette()[39].Mul4x1(mgl32.Vec4{0, 39, 0, 1})
	if math.Abs(float64(tip[0])) < 1e-3 {
		t.Errorf("the tip did not move: %v", tip)
	}
}

// BenchmarkSkinned100x40 is one frame of 100 skinned characters of 40
// joints: every Player sampled (40 slerped tracks each) and every joint
// palette computed.
func BenchmarkSkinned100x40(b *testing.B) {
	d, skins := skeletons(b, 100)
	skinFrame(d, skins)
	b.ReportAllocs()
	for b.Loop() {
		skinFrame(d, skins)
	}
}

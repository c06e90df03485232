package scenegraph

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// skinChain returns a root holding a mesh node and a chain of n joints,
// one unit apart along y, with the inverse bind matrices of that pose.
func skinChain(t testing.TB, n int) (*Node, *Skin, []*Node) {
	root, mesh := NewNode("Model"), NewNode("Mesh")
	root.AddChild(mesh)
	joints := make([]*Node, n)
	ibm := make([]mgl32.Mat4, n)
	parent := root
	for i := range joints {
		j := NewNode("J")
		if i > 0 {
			j.SetPosition(mgl32.Vec3{0, 1, 0})
		}
		parent.AddChild(j)
		joints[i], parent = j, j
		ibm[i] = mgl32.Translate3D(0, -float32(i), 0)
	}
	s, err := NewSkin(joints, ibm)
	if err != nil {
		t.Fatal(err)
	}
	AddComponent(mesh, s)
	return root, s, joints
}

// In the bind pose every joint matrix is the identity; turning a joint
// moves the vertices it carries about it.
func TestSkinPalette(t *testing.T) {
	root, s, joints := skinChain(t, 3)
	root.SetPosition(mgl32.Vec3{5, 0, 0}) // the whole model moves: joints stay relative to the mesh
	for j, m := range s.Palette() {
		if !m.ApproxEqualThreshold(mgl32.Ident4(), 1e-5) {
			t.Errorf("bind pose: joint %d matrix %v", j, m)
		}
	}
	joints[1].SetRotationEuler(0, 0, 90) // joint 1 at y=1 turns 90° about z
	p := s.Palette()
	// A vertex at (0, 2) bound to joint 1 swings to (-1, 1); joint 0's stay.
	if got := p[1].Mul4x1(mgl32.Vec4{0, 2, 0, 1}); !got.ApproxEqualThreshold(mgl32.Vec4{-1, 1, 0, 1}, 1e-5) {
		t.Errorf("joint 1 carries (0,2) to %v, want (-1,1)", got)
	}
	if got := p[2].Mul4x1(mgl32.Vec4{0, 2, 0, 1}); !got.ApproxEqualThreshold(mgl32.Vec4{-1, 1, 0, 1}, 1e-5) {
		t.Errorf("joint 2 carries (0,2) to %v, want (-1,1)", got)
	}
	if !p[0].ApproxEqualThreshold(mgl32.Ident4(), 1e-5) {
		t.Errorf("joint 0 moved: %v", p[0])
	}
}

func TestSkinErrors(t *testing.T) {
	many := make([]*Node, MaxJoints+1)
	for i := range many {
		many[i] = NewNode("J")
	}
	for _, c := range []struct {
		joints []*Node
		ibm    []mgl32.Mat4
		want   string
	}{
		{nil, nil, "no joints"},
		{many, nil, "65 joints, more than the 64"},
		{many[:2], make([]mgl32.Mat4, 3), "3 inverse bind matrices for 2 joints"},
		{[]*Node{nil}, nil, "joint 0 is nil"},
	} {
		if _, err := NewSkin(c.joints, c.ibm); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// Computing a palette allocates nothing.
func TestSkinPaletteAllocs(t *testing.T) {
	_, s, joints := skinChain(t, 40)
	a := float32(0)
	if n := testing.AllocsPerRun(100, func() {
		a += 1
		joints[3].SetRotationEuler(0, 0, a)
		s.Palette()
	}); n != 0 {
		t.Errorf("%v allocations per palette", n)
	}
}

// BenchmarkSkinPalette100x40 poses and computes the palettes of 100
// skins of 40 joints (a frame of 100 characters).
func BenchmarkSkinPalette100x40(b *testing.B) {
	skins := make([]*Skin, 100)
	var all [][]*Node
	for i := range skins {
		_, skins[i], _ = skinChain(b, 40)
		all = append(all, skins[i].Joints)
	}
	b.ReportAllocs()
	a := float32(0)
	for b.Loop() {
		a += 0.5
		for i, s := range skins {
			for _, j := range all[i] {
				j.SetRotationEuler(0, 0, a)
			}
			s.Palette()
		}
	}
}

package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// armMesh is a column of vertices from y = 0 to y = 2 on the skinChain's
// joints: each vertex follows the joint below it.
func armMesh(n int) ([]render.MeshVertex, []render.SkinVertex) {
	var vs []render.MeshVertex
	var sk []render.SkinVertex
	for i := range n {
		for _, dy := range []float32{0, 0.5} {
			for _, x := range []float32{-0.25, 0.25} {
				vs = append(vs, render.MeshVertex{Position: [3]float32{x, float32(i) + dy, 0}})
				sk = append(sk, render.SkinVertex{Joints: [4]uint8{uint8(i)}, Weights: [4]float32{1}})
			}
		}
	}
	return vs, sk
}

// Fit measures each joint's vertices from the joint; Bounds holds every
// vertex in every pose, and follows the joints when they move.
func TestSkinFitAndBounds(t *testing.T) {
	root, s, joints := skinChain(t, 3)
	vs, sk := armMesh(3)
	s.Fit(vs, sk)
	want := sqrt32(0.25*0.25 + 0.5*0.5)
	for j, r := range s.Radii {
		if d := r - want; d > 1e-6 || d < -1e-6 {
			t.Errorf("Radii[%d] = %v, want %v", j, r, want)
		}
	}
	contains := func(pose string) {
		c, r, ok := s.Bounds()
		if !ok {
			t.Fatalf("%s: no bounds", pose)
		}
		pal := s.Palette()
		world := s.Node().WorldMatrix()
		for i, v := range vs {
			p := world.Mul4(pal[sk[i].Joints[0]]).Mul4x1(mgl32.Vec3(v.Position).Vec4(1)).Vec3()
			if d := p.Sub(c).Len(); d > r+1e-4 {
				t.Errorf("%s: vertex %d at %v is %v from the bounds' center %v, radius %v", pose, i, p, d, c, r)
			}
		}
	}
	contains("bind pose")
	joints[1].SetRotationEuler(0, 0, 90)
	root.SetPosition(mgl32.Vec3{3, 0, 0})
	contains("bent")
	joints[0].SetPosition(mgl32.Vec3{100, 0, 0})
	joints[0].SetScale(mgl32.Vec3{2, 2, 2})
	contains("moved and scaled")
	if c, _, _ := s.Bounds(); c[0] < 100 {
		t.Errorf("bounds at %v did not follow the joints to x = 103", c)
	}
	s.Radii = nil
	if _, _, ok := s.Bounds(); ok {
		t.Error("bounds without Radii")
	}
}

// A skinned mesh is culled by where its joints put it, not by its node:
// one whose node is far outside the view but whose joints carry it into
// the view is drawn, and the reverse is culled.
func TestSkinnedMeshCulledByPose(t *testing.T) {
	s, _, f := scene3D(t, mgl32.Vec3{0, 2, 10})
	model := addNode(s, "Model", mgl32.Vec3{})
	far := NewNode("Mesh")
	far.SetPosition(mgl32.Vec3{5000, 0, 0}) // the skinned node: its own transform cancels out
	model.AddChild(far)
	j := NewNode("Joint")
	model.AddChild(j)
	sk, err := NewSkin([]*Node{j}, nil)
	if err != nil {
		t.Fatal(err)
	}
	AddComponent(far, sk)
	vs, skin := armMesh(1)
	sk.Fit(vs, skin)
	mr := AddComponent(far, &MeshRenderer{Mesh: 1, Radius: 1, Skin: sk})
	Extract(s, f)
	if got := meshesInPass(f, 0); len(got) != 1 || s.RenderStats().Culled != 0 {
		t.Fatalf("posed into the view: meshes %v, culled %d; want drawn", got, s.RenderStats().Culled)
	}
	if d := f.MeshDraws()[0]; d.Palette == 0 || len(f.Palette(d.Palette)) != 1 {
		t.Errorf("draw %+v has no palette of 1 joint", d)
	}
	// The joint leaves the view; the node comes in.
	j.SetPosition(mgl32.Vec3{-5000, 0, 0})
	far.SetPosition(mgl32.Vec3{})
	f.Reset()
	Extract(s, f)
	if got := meshesInPass(f, 0); len(got) != 0 || s.RenderStats().Culled != 1 {
		t.Errorf("posed out of the view: meshes %v, culled %d; want culled", got, s.RenderStats().Culled)
	}
	// Without Radii: never culled.
	sk.Radii = nil
	f.Reset()
	Extract(s, f)
	if got := meshesInPass(f, 0); len(got) != 1 {
		t.Errorf("no Radii: meshes %v, want drawn", got)
	}
	_ = mr
}

// Two meshes of one skin, in the shadow pass and the camera's, record one
// palette a frame; the steady frame allocates nothing.
func TestSkinPaletteOncePerFrame(t *testing.T) {
	s, _, _, f := shadowScene(t)
	root, sk, _ := skinChain(t, 3)
	s.AddChild(root)
	vs, skin := armMesh(3)
	sk.Fit(vs, skin)
	mesh := sk.Node()
	AddComponent(mesh, &MeshRenderer{Mesh: 1, Skin: sk})
	AddComponent(mesh, &MeshRenderer{Mesh: 2, Skin: sk})
	frame := func() {
		f.Reset()
		Extract(s, f)
	}
	frame()
	ids := map[render.PaletteID]int{}
	for _, d := range f.MeshDraws() {
		ids[d.Palette]++
	}
	if len(ids) != 1 || ids[1] != 4 || len(f.Palettes()) != 4 {
		t.Errorf("palettes by draw %v, %d matrices; want palette 1 in all 4 draws, 3 joints padded to 4", ids, len(f.Palettes()))
	}
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

// The affine products Palette and world matrices use are the general
// ones to the bit.
func TestAffineProducts(t *testing.T) {
	a := mgl32.Translate3D(1, 2, 3).Mul4(mgl32.HomogRotate3D(0.7, mgl32.Vec3{1, 2, 3}.Normalize())).Mul4(mgl32.Scale3D(2, 0.5, 3))
	b := mgl32.Translate3D(-4, 0, 1).Mul4(mgl32.HomogRotate3DZ(1.1))
	for i := range 200 {
		var got mgl32.Mat4
		mulAffineTo(&got, &a, &b)
		if want := a.Mul4(b); got != want {
			t.Fatalf("product %d: mulAffineTo = %v, want %v", i, got, want)
		}
		f := float32(i)
		a = mgl32.Translate3D(f, -2*f, 0.5).Mul4(mgl32.HomogRotate3D(f*0.37, mgl32.Vec3{1, f, 3}.Normalize())).Mul4(mgl32.Scale3D(1+f/50, -0.7, 2))
		b = mgl32.Translate3D(3, f/7, -f).Mul4(mgl32.HomogRotate3DY(f * 1.3)).Mul4(mgl32.Scale3D(0.3, 1, 1+f))
	}
	if got, want := affineInverse(a), a.Inv(); !got.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("affineInverse = %v, want %v", got, want)
	}
	p := mgl32.Perspective(1, 1, 0.1, 10) // not affine: the general inverse
	if got, want := affineInverse(p), p.Inv(); got != want {
		t.Errorf("affineInverse of a projection = %v, want %v", got, want)
	}
}

// A node's world matrix below a rotated, scaled, moved parent is
// parent × LocalMatrix to the bit, rotated or not, negative scales
// included.
func TestWorldUnderParentIsProduct(t *testing.T) {
	parent, child := NewNode("P"), NewNode("C")
	parent.AddChild(child)
	for i := range 100 {
		f := float32(i)
		parent.SetPosition(mgl32.Vec3{f, -f / 3, 2})
		parent.SetRotation(mgl32.QuatRotate(f*0.29, mgl32.Vec3{1, 2, f}.Normalize()))
		parent.SetScale(mgl32.Vec3{1 + f/10, -0.5, 2})
		child.SetPosition(mgl32.Vec3{3, f / 7, -f})
		if i%3 != 0 {
			child.SetRotation(mgl32.QuatRotate(f*1.7, mgl32.Vec3{f, 1, -1}.Normalize()))
		} else {
			child.SetRotation(mgl32.QuatIdent())
		}
		child.SetScale(mgl32.Vec3{0.3, float32(i%2*2 - 1), 1 + f})
		if got, want := child.WorldMatrix(), parent.WorldMatrix().Mul4(child.LocalMatrix()); got != want {
			t.Fatalf("case %d: world %v, want parent × local %v", i, got, want)
		}
	}
}

// SetRotation stores a unit quaternion: one already unit as it is, any
// other scaled to unit length, a zero one as the identity.
func TestSetRotationNormalizes(t *testing.T) {
	n := NewNode("N")
	unit := mgl32.QuatRotate(0.8, mgl32.Vec3{0, 0.6, 0.8})
	n.SetRotation(unit)
	if n.Rotation() != unit {
		t.Errorf("unit %v stored as %v", unit, n.Rotation())
	}
	for _, q := range []mgl32.Quat{unit.Scale(3), unit.Scale(1.00001), unit.Scale(0.9999), {W: -2}} {
		n.SetRotation(q)
		if l := n.Rotation().Len(); l < 1-1e-6 || l > 1+1e-6 || n.Rotation().Dot(q) <= 0 {
			t.Errorf("%v stored as %v, of length %v", q, n.Rotation(), l)
		}
	}
	n.SetRotation(mgl32.Quat{})
	if n.Rotation() != mgl32.QuatIdent() {
		t.Errorf("zero quaternion stored as %v", n.Rotation())
	}
}

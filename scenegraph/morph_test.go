package scenegraph

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

func TestSetWeights(t *testing.T) {
	var m MeshRenderer
	src := []float32{0, 0.5}
	m.SetWeights(src)
	src[0] = 9
	m.SetWeight(1, 0)
	if fmt.Sprint(m.Weights) != "[1 0.5]" {
		t.Errorf("Weights %v, want [1 0.5]", m.Weights)
	}
	for _, c := range []struct {
		call func()
		want string
	}{
		{func() { m.SetWeight(1, 2) }, "SetWeight: shape 2 of 2 weights"},
		{func() { m.SetWeight(float32(math.NaN()), 1) }, "SetWeight: weight 1 is NaN, not finite"},
		{func() { m.SetWeights(make([]float32, 65)) }, "SetWeights: 65 weights, at most 64"},
	} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), c.want) {
					t.Errorf("panic %v, want %q", p, c.want)
				}
			}()
			c.call()
		}()
	}
}

func TestMorphRadii(t *testing.T) {
	r := MorphRadii([]render.MorphTarget{
		{Positions: []mgl32.Vec3{{3, 4, 0}, {1, 0, 0}}},
		{Normals: []mgl32.Vec3{{9, 9, 9}}}, // normals move no vertex
	})
	if fmt.Sprint(r) != "[5 0]" {
		t.Errorf("MorphRadii = %v, want [5 0]", r)
	}
}

// A morphed mesh is culled by its sphere grown by its weighted targets'
// reach: one just outside the view is drawn when its weights may move it
// into the view, culled at weight 0, and a skinned one likewise.
func TestMorphedMeshCulledByReach(t *testing.T) {
	s, _, f := scene3D(t, mgl32.Vec3{0, 0, 10})
	n := addNode(s, "Mesh", mgl32.Vec3{30, 0, 0}) // ~25 units past the view's right edge at z = 0
	mr := AddComponent(n, &MeshRenderer{Mesh: 1, Radius: 1, MorphRadii: []float32{10, 40}})
	for _, c := range []struct {
		weights []float32
		drawn   bool
	}{
		{nil, false},
		{[]float32{0, 0}, false},
		{[]float32{1, 0}, false}, // reach 11: still out
		{[]float32{0, 1}, true},  // reach 41
		{[]float32{-0.75, 0}, false},
		{[]float32{0, -0.75}, true}, // negative weights reach as far
	} {
		mr.SetWeights(c.weights)
		f.Reset()
		Extract(s, f)
		if got := len(meshesInPass(f, 0)) == 1; got != c.drawn {
			t.Errorf("weights %v: drawn %v, want %v", c.weights, got, c.drawn)
		}
	}
	// Scaled nodes scale the reach.
	mr.SetWeights([]float32{1, 0})
	n.SetScale(mgl32.Vec3{4, 4, 4})
	f.Reset()
	Extract(s, f)
	if len(meshesInPass(f, 0)) != 1 {
		t.Error("scaled by 4: reach 44, not drawn")
	}
}

// The weights go with the mesh's draws in the shadow pass and the
// camera's, recorded once per frame; the steady frame allocates nothing.
func TestMorphWeightsOncePerFrame(t *testing.T) {
	s, _, _, f := shadowScene(t)
	n := addNode(s, "Mesh", mgl32.Vec3{})
	mr := AddComponent(n, &MeshRenderer{Mesh: 1})
	mr.SetWeights([]float32{0.25, 0.75})
	AddComponent(addNode(s, "Plain", mgl32.Vec3{}), &MeshRenderer{Mesh: 2})
	frame := func() {
		f.Reset()
		Extract(s, f)
	}
	frame()
	ids := map[render.MeshID][]render.WeightsID{}
	for _, d := range f.MeshDraws() {
		ids[d.Mesh] = append(ids[d.Mesh], d.Weights)
	}
	if fmt.Sprint(ids[1]) != "[weights 1 weights 1]" || fmt.Sprint(ids[2]) != "[weights 0 weights 0]" {
		t.Errorf("weights by mesh %v; want weights 1 in both passes of mesh 1, none for mesh 2", ids)
	}
	if w := f.Weights(1); fmt.Sprint(w) != "[0.25 0.75]" {
		t.Errorf("recorded weights %v", w)
	}
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

// A skinned, morphed mesh is culled by its pose's bounds grown by its
// weighted targets' reach.
func TestSkinnedMorphedMeshCulledByReach(t *testing.T) {
	s, _, f := scene3D(t, mgl32.Vec3{0, 0, 10})
	model := addNode(s, "Model", mgl32.Vec3{})
	mesh := NewNode("Mesh")
	model.AddChild(mesh)
	j := NewNode("Joint")
	j.SetPosition(mgl32.Vec3{30, 0, 0}) // the pose puts the mesh out of the view
	model.AddChild(j)
	sk, err := NewSkin([]*Node{j}, nil)
	if err != nil {
		t.Fatal(err)
	}
	AddComponent(mesh, sk)
	vs, skin := armMesh(1)
	sk.Fit(vs, skin)
	mr := AddComponent(mesh, &MeshRenderer{Mesh: 1, Skin: sk, MorphRadii: []float32{40}})
	for _, w := range []float32{0, 1} {
		mr.SetWeights([]float32{w})
		f.Reset()
		Extract(s, f)
		if drawn := len(meshesInPass(f, 0)) == 1; drawn != (w == 1) {
			t.Errorf("weight %v: drawn %v", w, drawn)
		}
	}
}

// Weights is a plain field: a weight that is not finite, set directly,
// draws the base shape and is logged once, naming the node; it does not
// panic in extraction. Fixed weights are recorded again.
func TestBadWeightsDrawBaseShape(t *testing.T) {
	s, _, _, f := shadowScene(t)
	lb := &logBuf{}
	s.Logger = lb
	n := addNode(s, "Face", mgl32.Vec3{})
	mr := AddComponent(n, &MeshRenderer{Mesh: 1})
	mr.Weights = []float32{0.5, float32(math.Inf(1))}
	for range 3 {
		f.Reset()
		Extract(s, f)
	}
	for _, d := range f.MeshDraws() {
		if d.Weights != 0 {
			t.Errorf("a draw with an infinite weight carries %v", d.Weights)
		}
	}
	if len(lb.lines) != 1 || !strings.Contains(lb.lines[0], "Face") || !strings.Contains(lb.lines[0], "weight 1 is +Inf, not finite") {
		t.Errorf("logged %q, want one line naming the node and weight 1", lb.lines)
	}
	mr.Weights[1] = 1
	f.Reset()
	Extract(s, f)
	if ds := f.MeshDraws(); len(ds) == 0 || ds[0].Weights == 0 || fmt.Sprint(f.Weights(ds[0].Weights)) != "[0.5 1]" {
		t.Errorf("fixed weights not recorded: %v", ds)
	}
}

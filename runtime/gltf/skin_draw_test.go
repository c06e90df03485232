package gltf

import (
	"encoding/base64"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/scenegraph"
)

// skinFixtureEdited is skinFixture with vertex 0 split 3:1 between joints
// 0 and 1 (weights 3 and 1, which the loader normalizes), and a node
// "Static" drawing the skinned mesh without a skin.
func skinFixtureEdited(t *testing.T) map[string]any {
	doc := skinFixture()
	buf := doc["buffers"].([]any)[0].(map[string]any)
	uri := buf["uri"].(string)
	const prefix = "data:application/octet-stream;base64,"
	bin, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(uri, prefix))
	if err != nil {
		t.Fatal(err)
	}
	copy(bin[132:136], []byte{0, 1, 0, 0})
	binary.LittleEndian.PutUint32(bin[164:], math.Float32bits(3))
	binary.LittleEndian.PutUint32(bin[168:], math.Float32bits(1))
	buf["uri"] = prefix + base64.StdEncoding.EncodeToString(bin)
	doc["nodes"] = append(doc["nodes"].([]any), map[string]any{"name": "Static", "mesh": 0})
	return doc
}

// A skinned primitive becomes a skinned mesh: its skin vertices follow
// the vertices flat normals unshare, weights normalized; the skinned
// node's MeshRenderer gets its Skin, fitted to the mesh; a node without a
// skin draws a plain copy in the bind pose. The null backend accepts the
// frames that create and draw them.
func TestSkinnedMeshCreated(t *testing.T) {
	d, err := parse("models/arm.gltf", mustJSON(t, skinFixtureEdited(t)), fuzzRead)
	if err != nil {
		t.Fatal(err)
	}
	f := render.NewFrame()
	m := newModel(f, d)
	p := m.Meshes[0].Primitives[0]
	if !p.Skinned || p.Unskinned == 0 {
		t.Fatalf("primitive %+v: want skinned, with an unskinned copy", p)
	}
	var cmd *render.ResourceCommand
	for i, c := range f.Resources() {
		if c.Op == render.OpCreateSkinnedMesh {
			cmd = &f.Resources()[i]
		}
	}
	if cmd == nil || cmd.Mesh != p.Mesh {
		t.Fatalf("no CreateSkinnedMesh of %v in %+v", p.Mesh, f.Resources())
	}
	verts, skin := f.MeshVertices(cmd.Vertices), f.SkinVertices(cmd.Skin)
	if len(verts) != 18 || len(skin) != 18 {
		t.Fatalf("%d vertices, %d skin vertices; want 18 (flat normals unshare them)", len(verts), len(skin))
	}
	if want := (render.SkinVertex{Joints: [4]uint8{0, 1}, Weights: [4]float32{0.75, 0.25}}); skin[0] != want {
		t.Errorf("vertex 0 skin %+v, want %+v", skin[0], want)
	}
	for i := 1; i < len(verts); i++ {
		y := verts[i].Position[1]
		if y == 0 && verts[i].Position[0] < 0 {
			continue // vertex 0's copies
		}
		if want := uint8(min(int(y), 2)); skin[i].Joints[0] != want || skin[i].Weights != [4]float32{1} {
			t.Errorf("vertex %d at y=%v: skin %+v, want joint %d alone", i, y, skin[i], want)
		}
	}

	root, err := m.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	arm := root.Find("Arm")
	sk := scenegraph.GetComponent[*scenegraph.Skin](arm)
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](arm)
	if mr == nil || mr.Skin != sk || mr.Mesh != p.Mesh {
		t.Fatalf("Arm's renderer %+v, skin %p", mr, sk)
	}
	// Joint 0 carries the row at y = 0 (and vertex 0 also joint 1, 1 below
	// it), joint 1 the row at y = 1, joint 2 the rows at 2 and 3.
	want := []float32{0.5, float32(math.Hypot(0.5, 1)), float32(math.Hypot(0.5, 1))}
	for j := range want {
		if math.Abs(float64(sk.Radii[j]-want[j])) > 1e-6 {
			t.Errorf("Radii %v, want %v", sk.Radii, want)
			break
		}
	}
	st := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Find("Static"))
	if st == nil || st.Skin != nil || st.Mesh != p.Unskinned {
		t.Errorf("Static's renderer %+v: want the unskinned copy", st)
	}

	// Both draw, in a frame the null backend checks as render/gl would.
	b := null.New()
	b.Init()
	f.SetNumber(1)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	f.Reset()
	s := scenegraph.NewScene("S")
	s.AddChild(root)
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{0, 1, 10})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewPerspectiveCamera(45, render.Black))
	s.Launch()
	f.SetScreenSize(64, 64)
	scenegraph.Extract(s, f)
	f.SetNumber(2)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	if f.Stats.DrawCalls != 2 {
		t.Errorf("%d draw calls, want the skinned arm and the static copy", f.Stats.DrawCalls)
	}
}

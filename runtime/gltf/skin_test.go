package gltf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/systemtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// skinFixture is a strip of three quads up y (vertices at y = 0..3), each
// row bound to joint min(y, 2) of a three-joint chain J0/J1/J2 one unit
// apart, and an animation "bend" turning J1 from 0° to 90° about z over a
// second.
func skinFixture() map[string]any {
	var b bytes.Buffer
	w := func(v ...any) {
		for _, x := range v {
			binary.Write(&b, binary.LittleEndian, x)
		}
	}
	for y := range 4 {
		w(float32(-0.5), float32(y), float32(0), float32(0.5), float32(y), float32(0)) // offset 0, 96 bytes
	}
	for q := range 3 {
		i := uint16(2 * q)
		w(i, i+1, i+3, i, i+3, i+2) // offset 96, 36 bytes
	}
	for y := range 4 {
		j := uint8(min(y, 2))
		w([4]uint8{j, 0, 0, 0}, [4]uint8{j, 0, 0, 0}) // offset 132, 32 bytes
	}
	for range 8 {
		w([4]float32{1, 0, 0, 0}) // offset 164, 128 bytes
	}
	for k := range 3 {
		w([16]float32(mgl32.Translate3D(0, -float32(k), 0))) // offset 292, 192 bytes
	}
	s := float32(math.Sqrt2 / 2)
	w(float32(0), float32(1))                         // offset 484, 8 bytes
	w([4]float32{0, 0, 0, 1}, [4]float32{0, 0, s, s}) // offset 492, 32 bytes
	bin := b.Bytes()                                  // 524 bytes
	view := func(off, n int) map[string]any {
		return map[string]any{"buffer": 0, "byteOffset": off, "byteLength": n}
	}
	acc := func(v, ct int, typ string, n int) map[string]any {
		return map[string]any{"bufferView": v, "componentType": ct, "type": typ, "count": n}
	}
	return map[string]any{
		"asset":       map[string]any{"version": "2.0"},
		"buffers":     []any{map[string]any{"byteLength": len(bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)}},
		"bufferViews": []any{view(0, 96), view(96, 36), view(132, 32), view(164, 128), view(292, 192), view(484, 8), view(492, 32)},
		"accessors": []any{acc(0, 5126, "VEC3", 8), acc(1, 5123, "SCALAR", 18), acc(2, 5121, "VEC4", 8), acc(3, 5126, "VEC4", 8),
			acc(4, 5126, "MAT4", 3), acc(5, 5126, "SCALAR", 2), acc(6, 5126, "VEC4", 2)},
		"meshes": []any{map[string]any{"primitives": []any{map[string]any{"indices": 1,
			"attributes": map[string]any{"POSITION": 0, "JOINTS_0": 2, "WEIGHTS_0": 3}}}}},
		"skins": []any{map[string]any{"name": "arm", "joints": []any{1, 2, 3}, "inverseBindMatrices": 4}},
		"nodes": []any{
			map[string]any{"name": "Arm", "mesh": 0, "skin": 0},
			map[string]any{"name": "J0", "children": []any{2}},
			map[string]any{"name": "J1", "translation": []any{0, 1, 0}, "children": []any{3}},
			map[string]any{"name": "J2", "translation": []any{0, 1, 0}},
		},
		"animations": []any{map[string]any{"name": "bend",
			"samplers": []any{map[string]any{"input": 5, "output": 6}},
			"channels": []any{map[string]any{"sampler": 0, "target": map[string]any{"node": 2, "path": "rotation"}}}}},
	}
}

// A skinned node gets a scenegraph.Skin of its joints and inverse bind
// matrices; played, its palette follows the pose.
func TestSkinInstantiatedAndPosed(t *testing.T) {
	d, err := parse("models/arm.gltf", mustJSON(t, skinFixture()), fuzzRead)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Format{}.Create(&asset.CreateContext{Frame: render.NewFrame()}, d)
	if err != nil {
		t.Fatal(err)
	}
	m := v.(*Model)
	dir, _, scene := systemtest.World(t, animation.Install, animation.SystemOf)
	root, err := m.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	scene.AddChild(root)
	sk := scenegraph.GetComponent[*scenegraph.Skin](root.Find("Arm"))
	if sk == nil || len(sk.Joints) != 3 || sk.Joints[1] != root.Find("J0/J1") || sk.InverseBind[2] != mgl32.Translate3D(0, -2, 0) {
		t.Fatalf("skin %v: joints %v (%v), ibm %v", sk, sk.Joints, root.Find("J0/J1"), sk.InverseBind[2])
	}
	for j, pm := range sk.Palette() {
		if !pm.ApproxEqualThreshold(mgl32.Ident4(), 1e-6) {
			t.Errorf("bind pose joint %d: %v", j, pm)
		}
	}
	p := scenegraph.AddComponent(root, animation.NewPlayer(m.Clips()...))
	if err := p.Play("bend"); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		dir.Tick(0.25)
		a := float64(i) * 22.5 * math.Pi / 180
		want := mgl32.Vec4{float32(-math.Sin(a)), float32(1 + math.Cos(a)), 0, 1} // (0,2) about (0,1)
		got := sk.Palette()[1].Mul4x1(mgl32.Vec4{0, 2, 0, 1})
		if !got.ApproxEqualThreshold(want, 1e-5) {
			t.Errorf("t=%v: joint 1 carries (0,2) to %v, want %v", float64(i)*0.25, got, want)
		}
	}
}

// Hostile skins are errors naming the JSON path and the reason.
func TestBrokenSkins(t *testing.T) {
	attrs := func(d map[string]any) map[string]any {
		return d["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)["attributes"].(map[string]any)
	}
	skin := func(d map[string]any) map[string]any { return d["skins"].([]any)[0].(map[string]any) }
	for _, c := range []struct {
		name string
		edit func(d map[string]any)
		want string
	}{
		{"joint index past the skin", func(d map[string]any) { skin(d)["joints"] = []any{1, 2}; skin(d)["inverseBindMatrices"] = nil },
			"nodes[0].skin: meshes[0].primitives[0].attributes.JOINTS_0 uses joint 2, skin 0 has 2 joints"},
		{"joints as floats", func(d map[string]any) { attrs(d)["JOINTS_0"] = 3 },
			"meshes[0].primitives[0].attributes.JOINTS_0: accessor 3: accessors[3].componentType 5126 is not allowed here"},
		{"weights without joints", func(d map[string]any) { delete(attrs(d), "JOINTS_0") },
			"meshes[0].primitives[0].attributes.JOINTS_0: missing (WEIGHTS_0 needs it)"},
		{"matrices as VEC4", func(d map[string]any) { skin(d)["inverseBindMatrices"] = 3 },
			`skins[0].inverseBindMatrices: accessor 3: accessors[3].type "VEC4", want MAT4`},
		{"too few matrices", func(d map[string]any) { skin(d)["joints"] = []any{1, 2, 3, 0} },
			"skins[0].inverseBindMatrices: accessor 4 has 3 matrices, the skin has 4 joints"},
		{"joint node out of range", func(d map[string]any) { skin(d)["joints"] = []any{1, 2, 9} },
			"skins[0].joints[2]: node 9 out of range (the file has 4)"},
		{"skin out of range", func(d map[string]any) { d["nodes"].([]any)[0].(map[string]any)["skin"] = 3 },
			"nodes[0].skin: skin 3 out of range (the file has 1)"},
		{"too many joints", func(d map[string]any) {
			j := make([]any, scenegraph.MaxJoints+1)
			for k := range j {
				j[k] = 1
			}
			skin(d)["joints"] = j
		}, fmt.Sprintf(`skins[0].joints: skin "arm" has %d joints, more than the %d a skin may have`, scenegraph.MaxJoints+1, scenegraph.MaxJoints)},
	} {
		doc := skinFixture()
		c.edit(doc)
		_, err := parse("models/arm.gltf", mustJSON(t, doc), fuzzRead)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

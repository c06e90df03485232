package gltf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// morphFixture is a quad with two morph targets: 0 raises the top edge by
// 1 (a dense POSITION accessor), 1 moves vertex 1 by 0.5 along x (a sparse
// POSITION accessor without a bufferView) and tilts every normal (NORMAL).
// Node Quad uses the mesh's weights [0.25, 0]; node Quad2 overrides them
// with [1, 0.5]. Animation "morph" drives Quad's weights LINEAR from
// [0, 0] to [1, 0.5] over a second and Quad2's by a CUBICSPLINE from
// [0, 0] (out-tangents [2, 0]) to [1, 1].
func morphFixture() map[string]any {
	var b bytes.Buffer
	put := func(v ...any) int {
		off := b.Len()
		for _, x := range v {
			binary.Write(&b, binary.LittleEndian, x)
		}
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		return off
	}
	pos := put([]float32{-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0})
	nrm := put([]float32{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1})
	idx := put([]uint16{0, 1, 2, 2, 3, 0})
	raise := put([]float32{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0})
	spIdx := put([]uint8{1})
	spVal := put([]float32{0.5, 0, 0})
	tilt := put([]float32{0, 0.5, -0.5, 0, 0.5, -0.5, 0, 0.5, -0.5, 0, 0.5, -0.5})
	times := put([]float32{0, 1})
	linear := put([]float32{0, 0, 1, 0.5})
	cubic := put([]float32{0, 0, 0, 0, 2, 0, 0, 0, 1, 1, 0, 0})
	end := b.Len()
	offs := []int{pos, nrm, idx, raise, spIdx, spVal, tilt, times, linear, cubic, end}
	var views []any
	for i := range len(offs) - 1 {
		views = append(views, map[string]any{"buffer": 0, "byteOffset": offs[i], "byteLength": offs[i+1] - offs[i]})
	}
	acc := func(v int, ct int, typ string, n int) map[string]any {
		return map[string]any{"bufferView": v, "componentType": ct, "type": typ, "count": n}
	}
	sparse := map[string]any{"componentType": 5126, "type": "VEC3", "count": 4,
		"sparse": map[string]any{"count": 1, "indices": map[string]any{"bufferView": 4, "componentType": 5121}, "values": map[string]any{"bufferView": 5}}}
	return map[string]any{
		"asset":       map[string]any{"version": "2.0"},
		"buffers":     []any{map[string]any{"byteLength": end, "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b.Bytes())}},
		"bufferViews": views,
		"accessors": []any{
			acc(0, 5126, "VEC3", 4), acc(1, 5126, "VEC3", 4), acc(2, 5123, "SCALAR", 6), acc(3, 5126, "VEC3", 4),
			sparse, acc(6, 5126, "VEC3", 4), acc(7, 5126, "SCALAR", 2), acc(8, 5126, "SCALAR", 4), acc(9, 5126, "SCALAR", 12),
		},
		"meshes": []any{map[string]any{"name": "Face", "weights": []any{0.25, 0},
			"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": 0, "NORMAL": 1}, "indices": 2,
				"targets": []any{map[string]any{"POSITION": 3}, map[string]any{"POSITION": 4, "NORMAL": 5}}}}}},
		"nodes": []any{
			map[string]any{"name": "Quad", "mesh": 0},
			map[string]any{"name": "Quad2", "mesh": 0, "weights": []any{1, 0.5}},
		},
		"animations": []any{map[string]any{"name": "morph",
			"samplers": []any{
				map[string]any{"input": 6, "output": 7},
				map[string]any{"input": 6, "output": 8, "interpolation": "CUBICSPLINE"}},
			"channels": []any{
				map[string]any{"sampler": 0, "target": map[string]any{"node": 0, "path": "weights"}},
				map[string]any{"sampler": 1, "target": map[string]any{"node": 1, "path": "weights"}}}}},
	}
}

// The targets are read (dense, sparse, normals) and given to the mesh,
// which the null backend accepts; the mesh's and the node's weights become
// the renderers' Weights, and the weights channels tracks sampled exactly.
func TestMorphTargetsRead(t *testing.T) {
	d, err := parse("models/morph.gltf", mustJSON(t, morphFixture()), fuzzRead)
	if err != nil {
		t.Fatal(err)
	}
	p := d.meshes[0].prims[0]
	if len(p.targets) != 2 || fmt.Sprint(p.targets[0].Positions) != "[[0 0 0] [0 0 0] [0 1 0] [0 1 0]]" ||
		fmt.Sprint(p.targets[1].Positions) != "[[0 0 0] [0.5 0 0] [0 0 0] [0 0 0]]" || len(p.targets[1].Normals) != 4 || p.targets[0].Normals != nil {
		t.Fatalf("targets %+v", p.targets)
	}
	if fmt.Sprint(p.radii) != "[1 0.5]" {
		t.Errorf("radii %v", p.radii)
	}
	f := render.NewFrame()
	v, err := Format{}.Create(&asset.CreateContext{Frame: f}, d)
	if err != nil {
		t.Fatal(err)
	}
	m := v.(*Model)
	if pr := m.Meshes[0].Primitives[0]; pr.Targets != 2 || fmt.Sprint(m.Meshes[0].Weights) != "[0.25 0]" {
		t.Errorf("primitive targets %d, mesh weights %v", pr.Targets, m.Meshes[0].Weights)
	}
	b := null.New()
	b.Init()
	f.SetNumber(1)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	f.Reset()

	dir := director.New()
	animation.Install(dir)
	scene := scenegraph.NewScene("S")
	dir.RunScene(scene)
	root, err := m.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	scene.AddChild(root)
	quad := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Find("Quad"))
	quad2 := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Find("Quad2"))
	if fmt.Sprint(quad.Weights, quad2.Weights, quad.MorphRadii) != "[0.25 0] [1 0.5] [1 0.5]" {
		t.Errorf("weights %v and %v, radii %v", quad.Weights, quad2.Weights, quad.MorphRadii)
	}
	c := m.Clip("morph")
	if c == nil || len(c.Tracks) != 4 || c.Duration != 1 {
		t.Fatalf("clip %+v", c)
	}
	for i, want := range []string{"Quad MeshRenderer weights[0] linear", "Quad MeshRenderer weights[1] linear", "Quad2 MeshRenderer weights[0] hermite", "Quad2 MeshRenderer weights[1] hermite"} {
		if tr := c.Tracks[i]; fmt.Sprint(tr.Path, " ", tr.Component, " ", tr.Property, " ", tr.Interp) != want {
			t.Errorf("track %d: %s %s %s %v, want %s", i, tr.Path, tr.Component, tr.Property, tr.Interp, want)
		}
	}
	pl := scenegraph.AddComponent(root, animation.NewPlayer(m.Clips()...))
	if err := pl.Play("morph"); err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct {
		at          float64
		quad, quad2 string
	}{
		// Hermite from 0 (slope 2) to 1 (slope 0): 2(s³-2s²+s) + 3s²-2s³;
		// from 0 to 1 with flat tangents: 3s²-2s³.
		{0, "[0 0]", "[0 0]"},
		{0.25, "[0.25 0.125]", "[0.4375 0.15625]"},
		{0.5, "[0.5 0.25]", "[0.75 0.5]"},
		{1, "[1 0.5]", "[1 1]"},
	} {
		pl.Seek(k.at)
		if got := fmt.Sprint(quad.Weights, " ", quad2.Weights); got != k.quad+" "+k.quad2 {
			t.Errorf("at %v: weights %s, want %s %s", k.at, got, k.quad, k.quad2)
		}
	}
	// The weights go with the draws.
	cam := scenegraph.NewNode("Cam")
	scene.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewPerspectiveCamera(60, render.Black))
	cam.SetPosition([3]float32{0, 0, 10})
	scenegraph.Extract(scene, f)
	n := 0
	for _, md := range f.MeshDraws() {
		if w := f.Weights(md.Weights); len(w) == 2 {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d draws with 2 weights, want 2", n)
	}
	f.SetNumber(2)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
}

// Bad morph data is an error naming the file's JSON path and the reason.
func TestBrokenMorphTargets(t *testing.T) {
	prim := func(d map[string]any) map[string]any {
		return d["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any)
	}
	targets := func(d map[string]any) []any { return prim(d)["targets"].([]any) }
	for _, c := range []struct {
		name string
		edit func(d map[string]any)
		want string
	}{
		{"short deltas", func(d map[string]any) { d["accessors"].([]any)[3].(map[string]any)["count"] = 2 },
			"meshes[0].primitives[0].targets[0].POSITION: accessor 3 has 2 elements, POSITION has 4"},
		{"scalar deltas", func(d map[string]any) { targets(d)[0].(map[string]any)["POSITION"] = 2 },
			`meshes[0].primitives[0].targets[0].POSITION: accessor 2: accessors[2].type "SCALAR", want VEC3`},
		{"other attribute", func(d map[string]any) { targets(d)[0].(map[string]any)["TEXCOORD_0"] = 3 },
			"meshes[0].primitives[0].targets[0].TEXCOORD_0: morph targets move POSITION, NORMAL and TANGENT only"},
		{"too many targets", func(d map[string]any) {
			ts := make([]any, 65)
			for i := range ts {
				ts[i] = map[string]any{"POSITION": 3}
			}
			prim(d)["targets"] = ts
			delete(d["meshes"].([]any)[0].(map[string]any), "weights")
			delete(d["nodes"].([]any)[1].(map[string]any), "weights")
		}, "meshes[0].primitives[0].targets: 65 morph targets, at most 64"},
		{"mesh weights", func(d map[string]any) { d["meshes"].([]any)[0].(map[string]any)["weights"] = []any{1} },
			"meshes[0].weights: 1 weights for 2 morph targets"},
		{"node weights", func(d map[string]any) { d["nodes"].([]any)[1].(map[string]any)["weights"] = []any{1, 2, 3} },
			"nodes[1].weights: 3 weights for 2 morph targets"},
		{"primitives differ", func(d map[string]any) {
			m := d["meshes"].([]any)[0].(map[string]any)
			m["primitives"] = append(m["primitives"].([]any), map[string]any{"attributes": map[string]any{"POSITION": 0}, "indices": 2})
		}, "meshes[0].primitives[1].targets: 0 morph targets, primitive 0 has 2 (a mesh's primitives must have the same)"},
		{"sparse past its view", func(d map[string]any) {
			d["accessors"].([]any)[4].(map[string]any)["sparse"].(map[string]any)["count"] = 3
		}, "accessors[4].sparse.values: 3 elements of 12 bytes from byteOffset 0 lie outside bufferView 5 (12 bytes)"},
		{"sparse over the count", func(d map[string]any) {
			d["accessors"].([]any)[4].(map[string]any)["sparse"].(map[string]any)["count"] = 5
		}, "accessors[4].sparse.count: 5, from 1 to the accessor's count 4"},
		{"sparse index past the count", func(d map[string]any) {
			d["accessors"].([]any)[4].(map[string]any)["sparse"].(map[string]any)["indices"].(map[string]any)["bufferView"] = 7 // bytes 0, 0, 0, 0: not increasing
			d["accessors"].([]any)[4].(map[string]any)["sparse"].(map[string]any)["count"] = 2
			d["accessors"].([]any)[4].(map[string]any)["sparse"].(map[string]any)["values"].(map[string]any)["bufferView"] = 6
		}, "meshes[0].primitives[0].targets[1].POSITION: accessor 4: gltf: sparse indices must be strictly increasing"},
		{"sparse index out of range", func(d map[string]any) {
			d["accessors"].([]any)[4].(map[string]any)["count"] = 1
		}, "meshes[0].primitives[0].targets[1].POSITION: accessor 4 has 1 elements, POSITION has 4"},
		{"weights of too few values", func(d map[string]any) {
			d["animations"].([]any)[0].(map[string]any)["samplers"].([]any)[0].(map[string]any)["output"] = 6
		}, "animations[0].samplers[0].output: accessor 6 has 2 elements, want 4 (2 keys × 2 morph targets × 1 for LINEAR)"},
		{"cubic weights of too few values", func(d map[string]any) {
			d["animations"].([]any)[0].(map[string]any)["samplers"].([]any)[1].(map[string]any)["output"] = 7
		}, "animations[0].samplers[1].output: accessor 7 has 4 elements, want 12 (2 keys × 2 morph targets × 3 for CUBICSPLINE)"},
	} {
		doc := morphFixture()
		c.edit(doc)
		_, err := parse("models/morph.gltf", mustJSON(t, doc), fuzzRead)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

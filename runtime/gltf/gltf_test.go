package gltf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

type frames struct{ f *render.Frame }

func (s frames) Frame() *render.Frame { return s.f }

// fixtureBin is the test model's buffer: a quad (4 vertices with normals
// and UVs, 6 unsigned-short indices) and a triangle (3 positions only).
func fixtureBin() []byte {
	var b bytes.Buffer
	w := func(v ...float32) {
		for _, x := range v {
			binary.Write(&b, binary.LittleEndian, x)
		}
	}
	w(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0) // quad positions, offset 0
	w(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1) // normals, offset 48
	w(0, 1, 1, 1, 1, 0, 0, 0)             // UVs, offset 96
	for _, i := range []uint16{0, 1, 2, 0, 2, 3} {
		binary.Write(&b, binary.LittleEndian, i) // offset 128
	}
	w(0, 0, 0, 0, 0, -1, 0, 1, 0) // triangle positions, offset 140: in the YZ plane
	return b.Bytes()              // 176 bytes
}

// fixture is the test model's JSON as a map, with its buffer at uri (nil:
// the GLB's BIN chunk).
func fixture(uri any) map[string]any {
	buf := map[string]any{"byteLength": 176}
	if uri != nil {
		buf["uri"] = uri
	}
	return map[string]any{
		"asset":  map[string]any{"version": "2.0"},
		"scene":  0,
		"scenes": []any{map[string]any{"name": "S", "nodes": []any{0, 2}}},
		"nodes": []any{
			map[string]any{"name": "Root", "translation": []any{1, 2, 3}, "children": []any{1}},
			map[string]any{"name": "Quad", "mesh": 0, "rotation": []any{0, 0, 0.7071068, 0.7071068}, "scale": []any{2, 2, 2}},
			map[string]any{"name": "Tri", "mesh": 1, "matrix": []any{2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 5, 6, 7, 1}},
		},
		"meshes": []any{
			map[string]any{"name": "quad", "primitives": []any{map[string]any{
				"attributes": map[string]any{"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}, "indices": 3, "material": 0, "mode": 4}}},
			map[string]any{"name": "tri", "primitives": []any{map[string]any{
				"attributes": map[string]any{"POSITION": 4}}}},
		},
		"materials": []any{map[string]any{"pbrMetallicRoughness": map[string]any{
			"baseColorFactor": []any{1, 0.5, 0.25, 1}, "baseColorTexture": map[string]any{"index": 0}}}},
		"textures": []any{map[string]any{"source": 0}},
		"images":   []any{map[string]any{"uri": "tex.png"}},
		"accessors": []any{
			map[string]any{"bufferView": 0, "byteOffset": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
			map[string]any{"bufferView": 0, "byteOffset": 48, "componentType": 5126, "count": 4, "type": "VEC3"},
			map[string]any{"bufferView": 0, "byteOffset": 96, "componentType": 5126, "count": 4, "type": "VEC2"},
			map[string]any{"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"},
			map[string]any{"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC3"},
		},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteOffset": 0, "byteLength": 128},
			map[string]any{"buffer": 0, "byteOffset": 128, "byteLength": 12},
			map[string]any{"buffer": 0, "byteOffset": 140, "byteLength": 36},
		},
		"buffers": []any{buf},
	}
}

func mustJSON(t testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// makeGLB wraps JSON and BIN in a GLB container.
func makeGLB(js, bin []byte) []byte {
	pad := func(b []byte, c byte) []byte {
		for len(b)%4 != 0 {
			b = append(b, c)
		}
		return b
	}
	js, bin = pad(append([]byte(nil), js...), ' '), pad(append([]byte(nil), bin...), 0)
	var out bytes.Buffer
	le := func(v uint32) { binary.Write(&out, binary.LittleEndian, v) }
	le(glbMagic)
	le(2)
	le(uint32(12 + 8 + len(js) + 8 + len(bin)))
	le(uint32(len(js)))
	le(glbChunkJSON)
	out.Write(js)
	le(uint32(len(bin)))
	le(glbChunkBIN)
	out.Write(bin)
	return out.Bytes()
}

func pngBytes(t testing.TB) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// newManager makes a Manager on a temp root holding files, with glTF
// registered, recording into the returned frame.
func newManager(t *testing.T, files map[string][]byte) (*asset.Manager, *render.Frame) {
	t.Helper()
	dir := t.TempDir()
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f := render.NewFrame()
	m, err := asset.New(asset.Options{Root: dir, Frames: frames{f}, Logger: core.NewLogger(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	Register(m)
	return m, f
}

// createdMesh returns the vertices and indices CreateMesh recorded for id.
func createdMesh(t *testing.T, f *render.Frame, id render.MeshID) ([]render.MeshVertex, []uint32) {
	t.Helper()
	for _, c := range f.Resources() {
		if c.Op == render.OpCreateMesh && c.Mesh == id {
			return f.MeshVertices(c.Vertices), f.Indices(c.Indices)
		}
	}
	t.Fatalf("mesh %d was not created", id)
	return nil, nil
}

// createdTexture returns the command that created texture id.
func createdTexture(t *testing.T, f *render.Frame, id render.TextureID) render.ResourceCommand {
	t.Helper()
	for _, c := range f.Resources() {
		if c.Op == render.OpCreateTexture && c.Texture == id {
			return c
		}
	}
	t.Fatalf("texture %d was not created", id)
	return render.ResourceCommand{}
}

// textureDeleted reports whether f recorded the deletion of texture id.
func textureDeleted(f *render.Frame, id render.TextureID) bool {
	for _, c := range f.Deletes() {
		if c.Op == render.OpDeleteTexture && c.Texture == id {
			return true
		}
	}
	return false
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-5 }

func nearVec(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

// checkModel checks the fixture as loaded from path (.gltf or .glb).
func checkModel(t *testing.T, m *asset.Manager, f *render.Frame, p string) {
	t.Helper()
	x, err := m.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	model := ModelOf(x)
	if model == nil {
		t.Fatalf("value is %T", x.Value())
	}
	if m.Get("models/tex.png") != nil || len(x.Dependencies()) != 0 {
		t.Error("the base-colour image was loaded as an asset dependency")
	}
	if len(model.Textures) != 1 {
		t.Fatalf("model textures %v, want the base-colour map", model.Textures)
	}
	tex := createdTexture(t, f, model.Textures[0])
	if tex.Desc.Format != render.FormatSRGB8A8 || tex.Desc.Width != 2 || tex.Desc.Height != 2 || tex.Desc.Wrap != render.WrapRepeat {
		t.Errorf("base-colour texture %+v, want 2x2 SRGB8A8 repeating", tex.Desc)
	}
	if px := f.Bytes(tex.Data); len(px) != 16 || px[0] != 255 || px[1] != 0 || px[3] != 255 {
		t.Errorf("base-colour pixels %v, want red first", px)
	}
	root, err := model.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	if root.Name() != "model" || len(root.Children()) != 2 {
		t.Fatalf("root %q with %d children", root.Name(), len(root.Children()))
	}
	r, tri := root.Children()[0], root.Children()[1]
	if r.Name() != "Root" || tri.Name() != "Tri" || len(r.Children()) != 1 || r.Children()[0].Name() != "Quad" {
		t.Fatalf("hierarchy: %q %q", r.Name(), tri.Name())
	}
	quad := r.Children()[0]
	if r.Position() != (mgl32.Vec3{1, 2, 3}) {
		t.Errorf("Root position %v", r.Position())
	}
	q := quad.Rotation()
	if !nearVec([]float32{q.V[0], q.V[1], q.V[2], q.W}, []float32{0, 0, 0.7071068, 0.7071068}) || quad.Scale() != (mgl32.Vec3{2, 2, 2}) {
		t.Errorf("Quad rotation %v scale %v", q, quad.Scale())
	}
	// The matrix: translation 5,6,7 and scale 2,3,4, no rotation.
	tq, ts := tri.Rotation(), tri.Scale()
	if tri.Position() != (mgl32.Vec3{5, 6, 7}) || !nearVec(ts[:], []float32{2, 3, 4}) || !near(tq.W, 1) {
		t.Errorf("Tri from matrix: %v %v %v", tri.Position(), tri.Scale(), tq)
	}

	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](quad)
	if mr == nil {
		t.Fatal("no MeshRenderer on Quad")
	}
	if mr.Color != (mgl32.Vec4{1, 0.5, 0.25, 1}) || mr.Texture != tex.Texture || mr.Texture == 0 {
		t.Errorf("Quad renderer color %v texture %d (want %d)", mr.Color, mr.Texture, tex.Texture)
	}
	vs, is := createdMesh(t, f, mr.Mesh)
	if len(vs) != 4 || !equalU32(is, []uint32{0, 1, 2, 0, 2, 3}) {
		t.Fatalf("quad: %d vertices, indices %v", len(vs), is)
	}
	if vs[2].Position != [3]float32{1, 1, 0} || vs[2].Normal != [3]float32{0, 0, 1} || vs[2].UV != [2]float32{1, 0} || vs[2].Color != render.White {
		t.Errorf("quad vertex 2: %+v", vs[2])
	}

	tr := scenegraph.GetComponent[*scenegraph.MeshRenderer](tri)
	if tr == nil || tr.Texture != 0 || tr.Color != (mgl32.Vec4{1, 1, 1, 1}) {
		t.Fatalf("Tri renderer %+v", tr)
	}
	vs, is = createdMesh(t, f, tr.Mesh)
	if len(vs) != 3 || !equalU32(is, []uint32{0, 1, 2}) {
		t.Fatalf("triangle (generated indices): %d vertices, indices %v", len(vs), is)
	}
	// (0,0,0), (0,0,-1), (0,1,0): counter-clockwise seen from +X.
	for i, v := range vs {
		if !nearVec(v.Normal[:], []float32{1, 0, 0}) {
			t.Errorf("triangle vertex %d flat normal %v, want +X", i, v.Normal)
		}
	}
	if vs[1].Position != [3]float32{0, 0, -1} {
		t.Errorf("triangle vertex 1 at %v", vs[1].Position)
	}

	// Release unloads: Free deletes both meshes.
	x.Release()
	deleted := map[render.MeshID]bool{}
	for _, c := range f.Deletes() {
		if c.Op == render.OpDeleteMesh {
			deleted[c.Mesh] = true
		}
	}
	if !deleted[mr.Mesh] || !deleted[tr.Mesh] || len(deleted) != 2 {
		t.Errorf("deleted meshes %v, want %d and %d", deleted, mr.Mesh, tr.Mesh)
	}
	if !textureDeleted(f, tex.Texture) {
		t.Errorf("texture %d not deleted", tex.Texture)
	}
	if _, err := model.Instantiate(); err == nil {
		t.Error("Instantiate after unload did not fail")
	}
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestGLTFExternalBuffer(t *testing.T) {
	m, f := newManager(t, map[string][]byte{
		"models/model.gltf":         mustJSON(t, fixture("bin/model data.bin")),
		"models/bin/model data.bin": fixtureBin(),
		"models/tex.png":            pngBytes(t),
	})
	checkModel(t, m, f, "models/model.gltf")
}

func TestGLTFDataURI(t *testing.T) {
	uri := "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(fixtureBin())
	m, f := newManager(t, map[string][]byte{
		"models/model.gltf": mustJSON(t, fixture(uri)),
		"models/tex.png":    pngBytes(t),
	})
	checkModel(t, m, f, "models/model.gltf")
}

func TestGLB(t *testing.T) {
	m, f := newManager(t, map[string][]byte{
		"models/model.glb": makeGLB(mustJSON(t, fixture(nil)), fixtureBin()),
		"models/tex.png":   pngBytes(t),
	})
	checkModel(t, m, f, "models/model.glb")
}

// TestInterleavedAndNormalized checks COLOR_0 as normalized unsigned bytes
// (VEC4), UNSIGNED_BYTE indices, and byteStride (interleaved vertices).
func TestInterleavedAndNormalized(t *testing.T) {
	var b bytes.Buffer
	// 3 vertices, each: position (12 bytes) + color RGBA8 (4 bytes) = 16 stride.
	for i, p := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}} {
		binary.Write(&b, binary.LittleEndian, p)
		b.Write([]byte{255, uint8(i * 100), 0, 128})
	}
	b.Write([]byte{2, 1, 0, 0}) // indices (UNSIGNED_BYTE) at 48, then padding
	doc := map[string]any{
		"asset":  map[string]any{"version": "2.0"},
		"nodes":  []any{map[string]any{"mesh": 0}},
		"meshes": []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": 0, "NORMAL": 2, "COLOR_0": 1}, "indices": 3}}}},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
			map[string]any{"bufferView": 0, "byteOffset": 12, "componentType": 5121, "normalized": true, "count": 3, "type": "VEC4"},
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}, // normals = positions, for the test
			map[string]any{"bufferView": 1, "componentType": 5121, "count": 3, "type": "SCALAR"},
		},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteLength": 48, "byteStride": 16},
			map[string]any{"buffer": 0, "byteOffset": 48, "byteLength": 3},
		},
		"buffers": []any{map[string]any{"byteLength": 52}},
	}
	m, f := newManager(t, map[string][]byte{"m.glb": makeGLB(mustJSON(t, doc), b.Bytes())})
	x, err := m.Load("m.glb")
	if err != nil {
		t.Fatal(err)
	}
	root, err := ModelOf(x).Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	// No scenes: every parentless node is a root; unnamed nodes get their index.
	if len(root.Children()) != 1 || root.Children()[0].Name() != "node0" {
		t.Fatalf("roots %v", root.Children())
	}
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Children()[0])
	vs, is := createdMesh(t, f, mr.Mesh)
	if !equalU32(is, []uint32{2, 1, 0}) {
		t.Errorf("indices %v", is)
	}
	if vs[1].Position != [3]float32{1, 0, 0} || vs[1].Color != render.RGBA(255, 100, 0, 128) || vs[2].Color != render.RGBA(255, 200, 0, 128) {
		t.Errorf("vertices %+v", vs)
	}
	if mr.Radius != 1 {
		t.Errorf("radius %v", mr.Radius)
	}
}

// TestBrokenFiles checks that every broken file fails with an error naming
// the file and the JSON path of the fault.
func TestBrokenFiles(t *testing.T) {
	type edit func(d map[string]any)
	at := func(d map[string]any, keys ...any) map[string]any {
		var cur any = d
		for _, k := range keys {
			switch k := k.(type) {
			case string:
				cur = cur.(map[string]any)[k]
			case int:
				cur = cur.([]any)[k]
			}
		}
		return cur.(map[string]any)
	}
	prim := func(d map[string]any) map[string]any { return at(d, "meshes", 0, "primitives", 0) }
	for _, c := range []struct {
		name string
		edit edit
		want string
	}{
		{"position accessor out of range", func(d map[string]any) { prim(d)["attributes"].(map[string]any)["POSITION"] = 7 },
			"model.gltf: meshes[0].primitives[0].attributes.POSITION: accessor 7 out of range"},
		{"no position", func(d map[string]any) { delete(prim(d)["attributes"].(map[string]any), "POSITION") },
			"model.gltf: meshes[0].primitives[0].attributes.POSITION: missing"},
		{"indices accessor float", func(d map[string]any) { at(d, "accessors", 3)["componentType"] = 5126 },
			"model.gltf: meshes[0].primitives[0].indices: accessor 3: accessors[3].componentType 5126"},
		{"position type VEC2", func(d map[string]any) { at(d, "accessors", 0)["type"] = "VEC2" },
			`model.gltf: meshes[0].primitives[0].attributes.POSITION: accessor 0: accessors[0].type "VEC2", want VEC3`},
		{"bufferView out of range", func(d map[string]any) { at(d, "accessors", 1)["bufferView"] = 9 },
			"model.gltf: accessors[1].bufferView: bufferView 9 out of range"},
		{"buffer out of range", func(d map[string]any) { at(d, "bufferViews", 0)["buffer"] = 3 },
			"model.gltf: bufferViews[0].buffer: buffer 3 out of range"},
		{"bufferView past buffer", func(d map[string]any) { at(d, "bufferViews", 2)["byteLength"] = 400 },
			"model.gltf: bufferViews[2]: bytes 140+400 lie outside buffer 0"},
		{"accessor count past view", func(d map[string]any) { at(d, "accessors", 2)["count"] = 5 },
			"model.gltf: accessors[2].count: 5 elements need"},
		{"count overflow", func(d map[string]any) { at(d, "accessors", 0)["count"] = 4611686018427387904 },
			"model.gltf: accessors[0].count: 4611686018427387904 elements, more than the 128 bytes of bufferViews[0]"},
		{"bad stride", func(d map[string]any) { at(d, "bufferViews", 0)["byteStride"] = 6 },
			"model.gltf: bufferViews[0].byteStride: 6"},
		{"index past vertices", func(d map[string]any) {
			at(d, "accessors", 3)["bufferView"] = 2
			at(d, "accessors", 3)["componentType"] = 5125
		},
			"model.gltf: meshes[0].primitives[0].indices: index 5 is 3212836864, past the 4 vertices"},
		{"attribute count mismatch", func(d map[string]any) { at(d, "accessors", 1)["count"] = 3 },
			"model.gltf: meshes[0].primitives[0].attributes.NORMAL: accessor 1 has 3 elements, POSITION has 4"},
		{"lines", func(d map[string]any) { prim(d)["mode"] = 1 },
			"model.gltf: meshes[0].primitives[0].mode: 1, only TRIANGLES"},
		{"material out of range", func(d map[string]any) { prim(d)["material"] = 2 },
			"model.gltf: meshes[0].primitives[0].material: material 2 out of range"},
		{"texture out of range", func(d map[string]any) {
			at(d, "materials", 0, "pbrMetallicRoughness", "baseColorTexture")["index"] = 4
		}, "model.gltf: materials[0].pbrMetallicRoughness.baseColorTexture.index: texture 4 out of range"},
		{"image outside root", func(d map[string]any) { at(d, "images", 0)["uri"] = "../../x.png" },
			`model.gltf: images[0]: uri "../../x.png"`},
		{"buffer outside root", func(d map[string]any) { at(d, "buffers", 0)["uri"] = "../../x.bin" },
			`model.gltf: buffers[0]: uri "../../x.bin"`},
		{"buffer file missing", func(d map[string]any) { at(d, "buffers", 0)["uri"] = "nope.bin" },
			"model.gltf: buffers[0].uri: models/nope.bin"},
		{"buffer too short", func(d map[string]any) { at(d, "buffers", 0)["byteLength"] = 500 },
			"model.gltf: buffers[0].byteLength: 500, but the data has 176 bytes"},
		{"child out of range", func(d map[string]any) { at(d, "nodes", 0)["children"] = []any{5} },
			"model.gltf: nodes[0].children[0]: node 5 out of range"},
		{"two parents", func(d map[string]any) { at(d, "nodes", 2)["children"] = []any{1} },
			"model.gltf: nodes[2].children[0]: node 1 already has a parent"},
		{"cycle", func(d map[string]any) {
			at(d, "nodes", 1)["children"] = []any{0}
			at(d, "scenes", 0)["nodes"] = []any{2}
		},
			"is its own ancestor"},
		{"scene root not a root", func(d map[string]any) { at(d, "scenes", 0)["nodes"] = []any{1} },
			"model.gltf: scenes[0].nodes[0]: node 1 is not a root node"},
		{"scene out of range", func(d map[string]any) { d["scene"] = 3 },
			"model.gltf: scene: scene 3 out of range"},
		{"node mesh out of range", func(d map[string]any) { at(d, "nodes", 1)["mesh"] = 2 },
			"model.gltf: nodes[1].mesh: mesh 2 out of range"},
		{"bad rotation", func(d map[string]any) { at(d, "nodes", 1)["rotation"] = []any{0, 0, 1} },
			"model.gltf: nodes[1].rotation: 3 numbers, want 4"},
		{"version 1", func(d map[string]any) { at(d, "asset")["version"] = "1.0" },
			`model.gltf: asset.version: "1.0", only glTF 2.x`},
		{"wrong JSON type", func(d map[string]any) { at(d, "accessors", 0)["count"] = "four" },
			"model.gltf: accessors[0].count: a JSON string where an integer belongs"},
		{"unknown component type", func(d map[string]any) { at(d, "accessors", 2)["componentType"] = 5130 },
			"model.gltf: accessors[2].componentType: unknown component type: 5130"},
		{"matrix and translation", func(d map[string]any) { at(d, "nodes", 2)["translation"] = []any{1, 2, 3} },
			"model.gltf: nodes[2]: node must not define both matrix and TRS properties"},
		{"long matrix", func(d map[string]any) { at(d, "nodes", 2)["matrix"] = make([]any, 17) },
			"model.gltf: nodes[2].matrix: 17 numbers, want 16"},
		{"null accessor", func(d map[string]any) { d["accessors"].([]any)[1] = nil },
			"model.gltf: accessors[1]: null, want an object"},
		{"null primitive", func(d map[string]any) { at(d, "meshes", 1)["primitives"] = []any{nil} },
			"model.gltf: meshes[1].primitives[0]: null, want an object"},
		{"not an object", func(d map[string]any) { d["nodes"] = []any{1} },
			"model.gltf: nodes[0]: a JSON number where an object belongs"},
		{"sparse", func(d map[string]any) { at(d, "accessors", 0)["sparse"] = map[string]any{} },
			"model.gltf: accessors[0].sparse: sparse accessors are not read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := fixture("model.bin")
			c.edit(d)
			m, _ := newManager(t, map[string][]byte{
				"models/model.gltf": mustJSON(t, d),
				"models/model.bin":  fixtureBin(),
				"models/tex.png":    pngBytes(t),
			})
			_, err := m.Load("models/model.gltf")
			if err == nil {
				t.Fatal("loaded")
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "models/model.gltf: ") {
				t.Errorf("error %q\nwant it to start with the file and contain %q", err, c.want)
			}
		})
	}
}

func TestBrokenGLB(t *testing.T) {
	good := makeGLB(mustJSON(t, fixture(nil)), fixtureBin())
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"short", good[:8], "m.glb: glb header: 8 bytes"},
		{"magic", append([]byte("gLTF"), good[4:]...), `m.glb: glb header: no "glTF" magic`},
		{"length", good[:len(good)-4], "m.glb: glb header: length"},
		{"version", append(append(append([]byte(nil), good[:4]...), 1, 0, 0, 0), good[8:]...), "m.glb: glb header: version 1"},
		{"chunk cut short", makeGLB(mustJSON(t, fixture(nil)), nil)[:12+8+len(padTo4(mustJSON(t, fixture(nil))))], "m.glb: glb header: length"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := newManager(t, map[string][]byte{"m.glb": c.b})
			_, err := m.Load("m.glb")
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	// A GLB without a BIN chunk whose buffer has no uri.
	js := padTo4(mustJSON(t, fixture(nil)))
	var b bytes.Buffer
	for _, v := range []uint32{glbMagic, 2, uint32(20 + len(js)), uint32(len(js)), glbChunkJSON} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.Write(js)
	m, _ := newManager(t, map[string][]byte{"m.glb": b.Bytes()})
	if _, err := m.Load("m.glb"); err == nil || !strings.HasPrefix(err.Error(), "m.glb: buffers[0].uri: missing") {
		t.Errorf("no BIN chunk: %v", err)
	}
}

func padTo4(b []byte) []byte {
	for len(b)%4 != 0 {
		b = append(b, ' ')
	}
	return b
}

// TestDecodedBudget: many primitives sharing one accessor cannot make a
// small file decode to gigabytes.
func TestDecodedBudget(t *testing.T) {
	d := fixture("data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(fixtureBin()))
	// An accessor of 42 triangles (126 vertices) over 1512 bytes of a big buffer.
	big := make([]byte, 1<<16)
	d["buffers"] = []any{map[string]any{"byteLength": len(big), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(big)}}
	d["bufferViews"] = []any{map[string]any{"buffer": 0, "byteLength": len(big)}}
	d["accessors"] = []any{map[string]any{"bufferView": 0, "componentType": 5126, "count": len(big) / 12 / 3 * 3, "type": "VEC3"}}
	prims := make([]any, 5000)
	for i := range prims {
		prims[i] = map[string]any{"attributes": map[string]any{"POSITION": 0}}
	}
	d["meshes"] = []any{map[string]any{"primitives": prims}}
	d["nodes"] = []any{}
	d["scenes"] = []any{map[string]any{"nodes": []any{}}}
	delete(d, "materials")
	_, err := parse("big.gltf", mustJSON(t, d), nil)
	if err == nil || !strings.Contains(err.Error(), "decode to more than 256 MiB") {
		t.Fatalf("error %v", err)
	}
}

func TestDecompose(t *testing.T) {
	want := mgl32.QuatRotate(0.7, mgl32.Vec3{1, 2, 3}.Normalize())
	m := mgl32.Translate3D(1, 2, 3).Mul4(want.Mat4()).Mul4(mgl32.Scale3D(2, 3, 4))
	tr, q, s := decompose(m)
	if !nearVec(tr[:], []float32{1, 2, 3}) || !nearVec(s[:], []float32{2, 3, 4}) || math.Abs(float64(q.Dot(want))) < 0.99999 {
		t.Errorf("decompose: %v %v %v, want rotation %v", tr, q, s, want)
	}
}

// TestJSONErrors: faults the module's document model finds while decoding
// are reported at their JSON path; a UTF-8 byte order mark is allowed.
func TestJSONErrors(t *testing.T) {
	for _, c := range []struct{ js, want string }{
		{`{"asset":{"version":"2.0"}} x`, "not glTF JSON: invalid character 'x' after top-level value (at byte 29)"},
		{`[1, 2]`, "not glTF JSON: a JSON array, want an object"},
		{`{"asset":{}}`, "asset: asset.version is required"},
		{`{"asset":{"version":"2.0"},"materials":[{},{"alphaCutoff":0.2}]}`, "materials[1]: material.alphaCutoff requires alphaMode"},
		{`{"asset":{"version":"2.0"},"nodes":[{"rotation":"x"}]}`, "nodes[0].rotation: a JSON string where an array of 4 belongs"},
		{`{"asset":{"version":"2.0"},"accessors":[{"count":0,"type":"VEC3","componentType":5126}]}`, "accessors[0]: accessor.count must be greater than zero"},
		{`{"asset":{"version":"2.0"},"materials":[{"pbrMetallicRoughness":{"baseColorFactor":[1,1,1]}}]}`, "materials[0].pbrMetallicRoughness.baseColorFactor: 3 numbers, want 4"},
	} {
		_, err := parse("m.gltf", []byte(c.js), nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\nerror %v\nwant  %s", c.js, err, c.want)
		}
	}
	if _, err := parse("m.gltf", []byte("\ufeff"+`{"asset":{"version":"2.0"}}`), nil); err != nil {
		t.Errorf("with a byte order mark: %v", err)
	}
}

// TestColorComponents: float colours are clamped to 0..1 (the module's own
// conversion would wrap them), and normalized unsigned shorts are scaled.
func TestColorComponents(t *testing.T) {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, []float32{0, 0, 0, 1, 0, 0, 0, 1, 0})                     // positions at 0
	binary.Write(&b, binary.LittleEndian, []float32{-0.5, 0.5, 2, 1, 0, 0, 0, 1, 0})                // float RGB at 36
	binary.Write(&b, binary.LittleEndian, []uint16{65535, 0, 32768, 65535, 0, 0, 0, 0, 0, 0, 0, 0}) // RGBA16 at 72
	uri := "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	doc := func(color int) []byte {
		return mustJSON(t, map[string]any{
			"asset":  map[string]any{"version": "2.0"},
			"meshes": []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": 0, "COLOR_0": color}}}}},
			"accessors": []any{
				map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
				map[string]any{"bufferView": 0, "byteOffset": 36, "componentType": 5126, "count": 3, "type": "VEC3"},
				map[string]any{"bufferView": 0, "byteOffset": 72, "componentType": 5123, "normalized": true, "count": 3, "type": "VEC4"},
			},
			"bufferViews": []any{map[string]any{"buffer": 0, "byteLength": b.Len()}},
			"buffers":     []any{map[string]any{"byteLength": b.Len(), "uri": uri}},
		})
	}
	for _, c := range []struct {
		accessor int
		want     render.Color
	}{{1, render.RGBA(0, 128, 255, 255)}, {2, render.RGBA(255, 0, 128, 255)}} {
		d, err := parse("m.gltf", doc(c.accessor), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.meshes[0].prims[0].verts[0].Color; got != c.want {
			t.Errorf("accessor %d: first colour %08x, want %08x", c.accessor, got, c.want)
		}
	}
}

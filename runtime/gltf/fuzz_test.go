package gltf

import (
	"encoding/base64"
	"errors"
	"io/fs"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
)

// fuzzRead serves the fixture's buffer to a parse under fuzzing.
func fuzzRead(p string) ([]byte, error) {
	if p == "models/model.bin" {
		return fixtureBin(), nil
	}
	return nil, errors.New("no file " + p + ": " + fs.ErrNotExist.Error())
}

// fuzzParse parses b as the file p and, when it parses, creates its meshes
// in a frame and instantiates it: nothing may panic.
func fuzzParse(t *testing.T, p string, b []byte) {
	d, err := parse(p, b, fuzzRead)
	if err != nil {
		if d != nil {
			t.Fatal("a result with an error")
		}
		return
	}
	f := render.NewFrame()
	v, err := Format{}.Create(&asset.CreateContext{Frame: f}, d)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.(*Model).Instantiate(); err != nil {
		t.Fatal(err)
	}
	Format{}.Free(f, v)
}

func FuzzGLB(f *testing.F) {
	f.Add(makeGLB(mustJSON(f, fixture(nil)), fixtureBin()))
	f.Add(makeGLB(mustJSON(f, fixture("model.bin")), nil))
	f.Add([]byte("glTF\x02\x00\x00\x00\x0c\x00\x00\x00"))
	f.Add(fuzzQuad(f, true))
	f.Add(makeGLB(mustJSON(f, animFixture()), nil))
	f.Add(makeGLB(mustJSON(f, morphFixture()), nil))
	f.Fuzz(func(t *testing.T, b []byte) { fuzzParse(t, "models/m.glb", b) })
}

func FuzzGLTF(f *testing.F) {
	f.Add(mustJSON(f, fixture("model.bin")))
	f.Add(mustJSON(f, fixture("data:application/octet-stream;base64,"+base64.StdEncoding.EncodeToString(fixtureBin()))))
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"children":[0]}]}`))
	f.Add(fuzzQuad(f, false))
	f.Add(mustJSON(f, animFixture()))
	f.Add(mustJSON(f, skinFixture()))
	f.Add(mustJSON(f, morphFixture())) // morph targets (dense, sparse), weights channels
	f.Fuzz(func(t *testing.T, b []byte) { fuzzParse(t, "models/model.gltf", b) })
}

// fuzzQuad is a seed with embedded images (bufferViews in a GLB, data:
// URIs otherwise) used by every kind of map, a sampler, MASK and a normal
// map without tangents (generated).
func fuzzQuad(tb testing.TB, glb bool) []byte {
	q := quad{uvs: uprightUVs, glb: glb, images: [][]byte{alphaRamp(tb), pngBytes(tb)}}
	doc, bin := q.build()
	doc["samplers"] = []any{map[string]any{"magFilter": 9728, "wrapS": 33071, "wrapT": 33648}}
	doc["textures"] = []any{map[string]any{"source": 0, "sampler": 0}, map[string]any{"source": 1}}
	doc["extensionsUsed"] = []any{"KHR_materials_emissive_strength"}
	doc["materials"] = []any{map[string]any{
		"alphaMode": "MASK", "alphaCutoff": 0.4,
		"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0},
			"metallicRoughnessTexture": map[string]any{"index": 1}, "metallicFactor": 0.5},
		"normalTexture":    map[string]any{"index": 1, "scale": 2},
		"occlusionTexture": map[string]any{"index": 1},
		"emissiveTexture":  map[string]any{"index": 0},
		"emissiveFactor":   []any{1, 1, 1},
		"extensions":       map[string]any{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 2}},
	}}
	return q.file(tb, doc, bin)
}

// TestFuzzSeeds checks that the embedded-image seeds parse, so that the
// fuzzers start from files that reach the image and material code.
func TestFuzzSeeds(t *testing.T) {
	for _, c := range []struct {
		name string
		glb  bool
	}{{"models/m.gltf", false}, {"models/m.glb", true}} {
		d, err := parse(c.name, fuzzQuad(t, c.glb), fuzzRead)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		// Base colour (cut, sRGB), emissive (sRGB), and the second image
		// in RGBA8 for the data maps.
		if len(d.textures) != 3 || d.meshes[0].prims[0].verts[0].Tangent == ([4]float32{}) {
			t.Errorf("%s: %d textures, tangent %v", c.name, len(d.textures), d.meshes[0].prims[0].verts[0].Tangent)
		}
	}
}

package gltf

import (
	"encoding/base64"
	"errors"
	"io/fs"
	"testing"

	"github.com/tact-engine/tact/asset"
	"github.com/tact-engine/tact/render"
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
	for i := range d.meshes {
		for j := range d.meshes[i].prims {
			d.meshes[i].prims[j].texture = "" // no dependencies without a Manager
		}
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
	f.Fuzz(func(t *testing.T, b []byte) { fuzzParse(t, "models/m.glb", b) })
}

func FuzzGLTF(f *testing.F) {
	f.Add(mustJSON(f, fixture("model.bin")))
	f.Add(mustJSON(f, fixture("data:application/octet-stream;base64,"+base64.StdEncoding.EncodeToString(fixtureBin()))))
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"children":[0]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) { fuzzParse(t, "models/model.gltf", b) })
}

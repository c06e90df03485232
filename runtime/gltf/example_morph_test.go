package gltf_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/scenegraph"
)

// A glTF mesh with a morph target: its node's MeshRenderer gets the
// mesh's weights, and the file's weights channel becomes a track on
// "weights[0]" that an animation.Player plays (here "open" from 0 to 1
// over a second, LINEAR).
func ExampleModel_Instantiate_morphTargets() {
	var bin bytes.Buffer
	binary.Write(&bin, binary.LittleEndian, []float32{
		0, 0, 0, 1, 0, 0, 0, 1, 0, // the triangle
		0, 0, 0, 0, 0, 0, 0, 1, 0, // target 0 lifts its top vertex by 1
		0, 1, // key times
		0, 1, // weights at them
	})
	model := `{
	  "asset": {"version": "2.0"},
	  "nodes": [{"name": "Lid", "mesh": 0}],
	  "meshes": [{"weights": [0.25], "primitives": [{"attributes": {"POSITION": 0}, "targets": [{"POSITION": 1}]}]}],
	  "animations": [{"name": "open",
	    "samplers": [{"input": 2, "output": 3}],
	    "channels": [{"sampler": 0, "target": {"node": 0, "path": "weights"}}]}],
	  "accessors": [
	    {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
	    {"bufferView": 0, "byteOffset": 36, "componentType": 5126, "count": 3, "type": "VEC3"},
	    {"bufferView": 0, "byteOffset": 72, "componentType": 5126, "count": 2, "type": "SCALAR"},
	    {"bufferView": 0, "byteOffset": 80, "componentType": 5126, "count": 2, "type": "SCALAR"}],
	  "bufferViews": [{"buffer": 0, "byteLength": 88}],
	  "buffers": [{"byteLength": 88, "uri": "data:application/octet-stream;base64,` +
		base64.StdEncoding.EncodeToString(bin.Bytes()) + `"}]
	}`
	dir, _ := os.MkdirTemp("", "gltf")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "lid.gltf"), []byte(model), 0o644)
	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		panic(err)
	}
	defer assets.Close()
	gltf.Register(assets)
	x, err := assets.Load("lid.gltf")
	if err != nil {
		panic(err)
	}
	defer x.Release()
	m := gltf.ModelOf(x)

	d := director.New()
	animation.Install(d)
	scene := scenegraph.NewScene("Example")
	d.RunScene(scene)
	root, _ := m.Instantiate()
	scene.AddChild(root)
	lid := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Find("Lid"))
	fmt.Println("targets", m.Meshes[0].Primitives[0].Targets, "weights", lid.Weights, "track", m.Clip("open").Tracks[0].Property)
	p := scenegraph.AddComponent(root, animation.NewPlayer(m.Clips()...))
	p.Play("open")
	for range 2 {
		d.Tick(0.5)
		fmt.Println(lid.Weights)
	}
	// Output:
	// targets 1 weights [0.25] track weights[0]
	// [0.5]
	// [1]
}

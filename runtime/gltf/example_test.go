package gltf_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/scenegraph"
)

// A one-triangle model with its buffer in a data: URI, loaded through a
// Manager and instantiated.
func Example() {
	var bin bytes.Buffer
	binary.Write(&bin, binary.LittleEndian, []float32{0, 0, 0, 1, 0, 0, 0, 1, 0})
	model := `{
	  "asset": {"version": "2.0"},
	  "scenes": [{"nodes": [0]}],
	  "nodes": [{"name": "Ship", "translation": [0, 0, -5], "children": [1]},
	            {"name": "Hull", "mesh": 0}],
	  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0}]}],
	  "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}}],
	  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}],
	  "bufferViews": [{"buffer": 0, "byteLength": 36}],
	  "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,` +
		base64.StdEncoding.EncodeToString(bin.Bytes()) + `"}]
	}`
	dir, _ := os.MkdirTemp("", "gltf")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "ship.gltf"), []byte(model), 0o644)

	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		panic(err)
	}
	defer assets.Close()
	gltf.Register(assets)
	x, err := assets.Load("ship.gltf")
	if err != nil {
		panic(err)
	}
	defer x.Release()
	root, err := gltf.ModelOf(x).Instantiate()
	if err != nil {
		panic(err)
	}
	ship := root.Children()[0]
	hull := ship.Children()[0]
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](hull)
	p := gltf.ModelOf(x).Meshes[0].Primitives[0]
	fmt.Println(root.Name(), ship.Name(), ship.Position(), hull.Name())
	fmt.Println("color", mr.Color, "vertices", p.Vertices, "indices", p.Indices)
	// Output:
	// ship Ship [0 0 -5] Hull
	// color [1 0 0 1] vertices 3 indices 3
}

// A model's materials: each primitive carries its base colour (Color,
// Texture) and the rest of its metallic-roughness material, which
// Instantiate puts on the node's MeshRenderer.
func ExamplePrimitive() {
	var bin bytes.Buffer
	binary.Write(&bin, binary.LittleEndian, []float32{0, 0, 0, 1, 0, 0, 0, 1, 0})
	model := `{
	  "asset": {"version": "2.0"},
	  "nodes": [{"mesh": 0}],
	  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0}]}],
	  "materials": [{
	    "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.6, 0.2, 0.5], "metallicFactor": 1, "roughnessFactor": 0.3},
	    "emissiveFactor": [1, 0.5, 0],
	    "alphaMode": "BLEND"
	  }],
	  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}],
	  "bufferViews": [{"buffer": 0, "byteLength": 36}],
	  "buffers": [{"byteLength": 36, "uri": "data:application/octet-stream;base64,` +
		base64.StdEncoding.EncodeToString(bin.Bytes()) + `"}]
	}`
	dir, _ := os.MkdirTemp("", "gltf")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "gold.gltf"), []byte(model), 0o644)

	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		panic(err)
	}
	defer assets.Close()
	gltf.Register(assets)
	x, err := assets.Load("gold.gltf")
	if err != nil {
		panic(err)
	}
	defer x.Release()
	p := gltf.ModelOf(x).Meshes[0].Primitives[0]
	fmt.Println("color", p.Color, "blend", p.Blend)
	fmt.Println("metallic", p.Material.Metallic, "roughness", p.Material.Roughness, "emissive", p.Material.Emissive)
	root, _ := gltf.ModelOf(x).Instantiate()
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Children()[0])
	fmt.Println("renderer has it:", mr.Material == p.Material && mr.Blend == p.Blend)
	// Output:
	// color [0.8 0.6 0.2 0.5] blend alpha
	// metallic 1 roughness 0.3 emissive [1 0.5 0]
	// renderer has it: true
}

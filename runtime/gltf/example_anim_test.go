package gltf_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/scenegraph"
)

// A glTF animation plays through an animation.Player on the instantiated
// model: here "swing" turns the node Arm from 0° to 90° about z over a
// second (a LINEAR rotation channel: slerped).
func ExampleModel_Clips() {
	var bin bytes.Buffer
	s := float32(math.Sqrt2 / 2)
	binary.Write(&bin, binary.LittleEndian, []float32{0, 1, 0, 0, 0, 1, 0, 0, s, s})
	model := `{
	  "asset": {"version": "2.0"},
	  "nodes": [{"name": "Arm"}],
	  "animations": [{"name": "swing",
	    "samplers": [{"input": 0, "output": 1, "interpolation": "LINEAR"}],
	    "channels": [{"sampler": 0, "target": {"node": 0, "path": "rotation"}}]}],
	  "accessors": [
	    {"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR"},
	    {"bufferView": 0, "byteOffset": 8, "componentType": 5126, "count": 2, "type": "VEC4"}],
	  "bufferViews": [{"buffer": 0, "byteLength": 40}],
	  "buffers": [{"byteLength": 40, "uri": "data:application/octet-stream;base64,` +
		base64.StdEncoding.EncodeToString(bin.Bytes()) + `"}]
	}`
	dir, _ := os.MkdirTemp("", "gltf")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "arm.gltf"), []byte(model), 0o644)
	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		panic(err)
	}
	defer assets.Close()
	gltf.Register(assets)
	x, err := assets.Load("arm.gltf")
	if err != nil {
		panic(err)
	}
	defer x.Release()
	m := gltf.ModelOf(x)
	for _, c := range m.Clips() {
		fmt.Println("clip", c.Name, "lasts", c.Duration, "s; track", c.Tracks[0].Path, c.Tracks[0].Property)
	}

	d := director.New()
	animation.Install(d)
	scene := scenegraph.NewScene("Example")
	d.RunScene(scene)
	root, _ := m.Instantiate()
	scene.AddChild(root)
	p := scenegraph.AddComponent(root, animation.NewPlayer(m.Clips()...))
	p.Play("swing")
	arm := root.Find("Arm")
	for range 4 {
		d.Tick(0.25)
		q := arm.Rotation()
		fmt.Printf("%.1f°\n", 2*math.Atan2(float64(q.V[2]), float64(q.W))*180/math.Pi)
	}
	// Output:
	// clip swing lasts 1 s; track Arm quaternion
	// 22.5°
	// 45.0°
	// 67.5°
	// 90.0°
}

package modelviewer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
)

// RobotFile is the name of the generated model in its asset folder.
const RobotFile = "robot.gltf"

// FloorHalf is half the side of the generated floor quad, in metres.
const FloorHalf = 3

// part is one box of the generated robot: a node, with a mesh of its own
// (or shared with another part of the same mesh name).
type part struct {
	name    string
	mesh    string     // mesh name; parts with the same name share it
	half    [3]float32 // half extents of the box
	color   [4]float32 // base colour
	parent  int        // index in robotParts, -1: a child of the root node
	at      [3]float32 // translation relative to the parent
	rollDeg float32    // rotation about Z, degrees
	// metallic and roughness are the PBR factors (roughness 0 means the
	// glTF default, 1); emissive the light the part gives off.
	metallic, roughness float32
	emissive            [3]float32
}

// robotParts is a low-poly robot: a hierarchy of boxes with different base
// colours. Arms and legs share one mesh each.
var robotParts = []part{
	{name: "Hips", mesh: "Hips", half: [3]float32{0.5, 0.15, 0.3}, color: [4]float32{0.55, 0.57, 0.62, 1}, parent: -1, at: [3]float32{0, 1.15, 0}, metallic: 1, roughness: 0.35},
	{name: "Torso", mesh: "Torso", half: [3]float32{0.6, 0.6, 0.35}, color: [4]float32{0.2, 0.45, 0.95, 1}, parent: 0, at: [3]float32{0, 0.75, 0}, roughness: 0.45},
	{name: "Head", mesh: "Head", half: [3]float32{0.38, 0.3, 0.32}, color: [4]float32{0.85, 0.86, 0.9, 1}, parent: 1, at: [3]float32{0, 0.9, 0}, roughness: 0.3},
	{name: "Visor", mesh: "Visor", half: [3]float32{0.28, 0.08, 0.05}, color: [4]float32{0.1, 0.95, 0.9, 1}, parent: 2, at: [3]float32{0, 0.05, 0.33}, roughness: 0.2, emissive: [3]float32{0.1, 2.5, 2.3}},
	{name: "Antenna", mesh: "Antenna", half: [3]float32{0.04, 0.18, 0.04}, color: [4]float32{0.95, 0.2, 0.2, 1}, parent: 2, at: [3]float32{0, 0.48, 0}, roughness: 0.5, emissive: [3]float32{3, 0.3, 0.2}},
	{name: "ArmL", mesh: "Arm", half: [3]float32{0.15, 0.55, 0.15}, color: [4]float32{0.98, 0.6, 0.15, 1}, parent: 1, at: [3]float32{-0.82, 0.05, 0}, rollDeg: -12, metallic: 1, roughness: 0.3},
	{name: "ArmR", mesh: "Arm", half: [3]float32{0.15, 0.55, 0.15}, color: [4]float32{0.98, 0.6, 0.15, 1}, parent: 1, at: [3]float32{0.82, 0.05, 0}, rollDeg: 12, metallic: 1, roughness: 0.3},
	{name: "LegL", mesh: "Leg", half: [3]float32{0.18, 0.5, 0.2}, color: [4]float32{0.3, 0.31, 0.35, 1}, parent: 0, at: [3]float32{-0.28, -0.65, 0}, roughness: 0.8},
	{name: "LegR", mesh: "Leg", half: [3]float32{0.18, 0.5, 0.2}, color: [4]float32{0.3, 0.31, 0.35, 1}, parent: 0, at: [3]float32{0.28, -0.65, 0}, roughness: 0.8},
}

// Robot's expected contents, for the tests: the glTF's nodes (a "Robot"
// root, one per part and the floor), its meshes (the parts' boxes and the
// floor quad) and the triangles of those meshes.
const (
	RobotNodes     = 1 + 9 + 1
	RobotMeshes    = 7 + 1
	RobotTriangles = 7*12 + 2
)

// boxIndices are the 12 triangles of a box whose 8 corners are numbered by
// bits (x: 1, y: 2, z: 4; a set bit is the + side), wound counter-clockwise
// seen from outside.
var boxIndices = []uint16{
	0, 4, 6, 0, 6, 2, // -X
	1, 3, 7, 1, 7, 5, // +X
	0, 1, 5, 0, 5, 4, // -Y
	2, 6, 7, 2, 7, 3, // +Y
	0, 2, 3, 0, 3, 1, // -Z
	4, 5, 7, 4, 7, 6, // +Z
}

// robotGLTF returns the robot as a .gltf document with its one buffer in a
// data: URI. Meshes have POSITION and indices only: the loader computes flat
// normals.
func robotGLTF() []byte {
	type obj = map[string]any
	var bin bytes.Buffer
	// The shared index accessor first.
	binary.Write(&bin, binary.LittleEndian, boxIndices)
	views := []obj{{"buffer": 0, "byteOffset": 0, "byteLength": len(boxIndices) * 2, "target": 34963}}
	accessors := []obj{{"bufferView": 0, "componentType": 5123, "count": len(boxIndices), "type": "SCALAR"}}
	var meshes, materials []obj
	meshIndex := map[string]int{}
	nodes := make([]obj, 0, len(robotParts)+1)
	nodes = append(nodes, obj{"name": "Robot"})
	var rootKids []int
	kids := make([][]int, len(robotParts))
	for i, p := range robotParts {
		if p.parent < 0 {
			rootKids = append(rootKids, i+1)
		} else {
			kids[p.parent] = append(kids[p.parent], i+1)
		}
	}
	for i, p := range robotParts {
		mi, ok := meshIndex[p.mesh]
		if !ok {
			for bin.Len()%4 != 0 {
				bin.WriteByte(0)
			}
			off := bin.Len()
			for c := 0; c < 8; c++ {
				var v [3]float32
				for k := 0; k < 3; k++ {
					v[k] = -p.half[k]
					if c&(1<<k) != 0 {
						v[k] = p.half[k]
					}
				}
				binary.Write(&bin, binary.LittleEndian, v)
			}
			views = append(views, obj{"buffer": 0, "byteOffset": off, "byteLength": 8 * 12, "target": 34962})
			accessors = append(accessors, obj{"bufferView": len(views) - 1, "componentType": 5126, "count": 8, "type": "VEC3",
				"min": []float32{-p.half[0], -p.half[1], -p.half[2]}, "max": p.half[:]})
			materials = append(materials, partMaterial(p))
			mi = len(meshes)
			meshes = append(meshes, obj{"name": p.mesh, "primitives": []obj{{
				"attributes": obj{"POSITION": len(accessors) - 1}, "indices": 0, "material": len(materials) - 1}}})
			meshIndex[p.mesh] = mi
		}
		n := obj{"name": p.name, "mesh": mi, "translation": p.at[:]}
		if p.rollDeg != 0 {
			h := float64(p.rollDeg) * math.Pi / 360
			n["rotation"] = []float64{0, 0, math.Sin(h), math.Cos(h)}
		}
		if len(kids[i]) > 0 {
			n["children"] = kids[i]
		}
		nodes = append(nodes, n)
	}
	// The floor: a textured quad (checker base colour, bumpy normal map,
	// both PNGs in data: URIs) the robot stands on and casts its shadow on.
	for bin.Len()%4 != 0 {
		bin.WriteByte(0)
	}
	const fh, tiles = FloorHalf, 2
	floorAttr := obj{}
	for _, a := range []struct {
		name  string
		typ   string
		comps int
		data  []float32
	}{
		{"POSITION", "VEC3", 3, []float32{-fh, 0, fh, fh, 0, fh, fh, 0, -fh, -fh, 0, -fh}},
		{"NORMAL", "VEC3", 3, []float32{0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}},
		{"TEXCOORD_0", "VEC2", 2, []float32{0, tiles, tiles, tiles, tiles, 0, 0, 0}},
	} {
		off := bin.Len()
		binary.Write(&bin, binary.LittleEndian, a.data)
		views = append(views, obj{"buffer": 0, "byteOffset": off, "byteLength": 4 * len(a.data), "target": 34962})
		acc := obj{"bufferView": len(views) - 1, "componentType": 5126, "count": 4, "type": a.typ}
		if a.name == "POSITION" {
			acc["min"], acc["max"] = []float32{-fh, 0, -fh}, []float32{fh, 0, fh}
		}
		accessors = append(accessors, acc)
		floorAttr[a.name] = len(accessors) - 1
	}
	off := bin.Len()
	binary.Write(&bin, binary.LittleEndian, []uint16{0, 1, 2, 0, 2, 3})
	views = append(views, obj{"buffer": 0, "byteOffset": off, "byteLength": 12, "target": 34963})
	accessors = append(accessors, obj{"bufferView": len(views) - 1, "componentType": 5123, "count": 6, "type": "SCALAR"})
	materials = append(materials, obj{"name": "Floor",
		"pbrMetallicRoughness": obj{"baseColorTexture": obj{"index": 0}, "metallicFactor": 0, "roughnessFactor": 0.7},
		"normalTexture":        obj{"index": 1, "scale": 1}})
	meshes = append(meshes, obj{"name": "Floor", "primitives": []obj{{
		"attributes": floorAttr, "indices": len(accessors) - 1, "material": len(materials) - 1}}})
	nodes = append(nodes, obj{"name": "Floor", "mesh": len(meshes) - 1})
	rootKids = append(rootKids, len(nodes)-1)
	nodes[0]["children"] = rootKids
	doc := obj{
		"extensionsUsed": []string{"KHR_materials_emissive_strength"},
		"images": []obj{
			{"name": "checker", "uri": pngURI(checkerImage())},
			{"name": "bumps", "uri": pngURI(bumpNormalImage())},
		},
		"samplers":    []obj{{"magFilter": 9729, "minFilter": 9729, "wrapS": 10497, "wrapT": 10497}},
		"textures":    []obj{{"source": 0, "sampler": 0}, {"source": 1, "sampler": 0}},
		"asset":       obj{"version": "2.0", "generator": "tact samples/modelviewer"},
		"scene":       0,
		"scenes":      []obj{{"name": "Robot", "nodes": []int{0}}},
		"nodes":       nodes,
		"meshes":      meshes,
		"materials":   materials,
		"accessors":   accessors,
		"bufferViews": views,
		"buffers": []obj{{"byteLength": bin.Len(),
			"uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin.Bytes())}},
	}
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		panic(err) // plain maps and numbers: cannot fail
	}
	return b
}

// WriteRobot writes the generated robot as dir/RobotFile.
func WriteRobot(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, RobotFile), robotGLTF(), 0o644)
}

// partMaterial returns p's glTF material: its base colour and PBR factors,
// and its emission (with KHR_materials_emissive_strength for values above
// 1, which a reader without the extension shows at strength 1).
func partMaterial(p part) map[string]any {
	rough := p.roughness
	if rough == 0 {
		rough = 1
	}
	m := map[string]any{"name": p.mesh, "pbrMetallicRoughness": map[string]any{
		"baseColorFactor": p.color[:], "metallicFactor": p.metallic, "roughnessFactor": rough}}
	if e := p.emissive; e != [3]float32{} {
		strength := max(e[0], e[1], e[2], 1)
		m["emissiveFactor"] = []float32{e[0] / strength, e[1] / strength, e[2] / strength}
		if strength > 1 {
			m["extensions"] = map[string]any{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": strength}}
		}
	}
	return m
}

// checkerImage is the floor's base colour: a 64×64 two-tone checker of 8×8
// squares.
func checkerImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			c := color.RGBA{188, 190, 196, 255}
			if (x/8+y/8)%2 == 1 {
				c = color.RGBA{92, 96, 110, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// bumpNormalImage is the floor's tangent-space normal map: a grid of soft
// round bumps, one per checker square.
func bumpNormalImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			// Height h = cos(πu)·cos(πv) over each 8×8 square, centred.
			u, v := (float64(x%8)+0.5)/8-0.5, (float64(y%8)+0.5)/8-0.5
			dx := -math.Pi * math.Sin(math.Pi*u) * math.Cos(math.Pi*v) * 0.2
			dy := -math.Pi * math.Cos(math.Pi*u) * math.Sin(math.Pi*v) * 0.2
			n := [3]float64{-dx, dy, 1} // image rows run down, tangent-space Y up
			l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
			enc := func(c float64) uint8 { return uint8(math.Round((c/l*0.5 + 0.5) * 255)) }
			img.SetRGBA(x, y, color.RGBA{enc(n[0]), enc(n[1]), enc(n[2]), 255})
		}
	}
	return img
}

// pngURI encodes img as a data: URI.
func pngURI(img image.Image) string {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an in-memory RGBA image: cannot fail
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

package modelviewer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
)

// RobotFile is the name of the generated model in its asset folder.
const RobotFile = "robot.gltf"

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
}

// robotParts is a low-poly robot: a hierarchy of boxes with different base
// colours. Arms and legs share one mesh each.
var robotParts = []part{
	{name: "Hips", mesh: "Hips", half: [3]float32{0.5, 0.15, 0.3}, color: [4]float32{0.55, 0.57, 0.62, 1}, parent: -1, at: [3]float32{0, 1.15, 0}},
	{name: "Torso", mesh: "Torso", half: [3]float32{0.6, 0.6, 0.35}, color: [4]float32{0.2, 0.45, 0.95, 1}, parent: 0, at: [3]float32{0, 0.75, 0}},
	{name: "Head", mesh: "Head", half: [3]float32{0.38, 0.3, 0.32}, color: [4]float32{0.85, 0.86, 0.9, 1}, parent: 1, at: [3]float32{0, 0.9, 0}},
	{name: "Visor", mesh: "Visor", half: [3]float32{0.28, 0.08, 0.05}, color: [4]float32{0.1, 0.95, 0.9, 1}, parent: 2, at: [3]float32{0, 0.05, 0.33}},
	{name: "Antenna", mesh: "Antenna", half: [3]float32{0.04, 0.18, 0.04}, color: [4]float32{0.95, 0.2, 0.2, 1}, parent: 2, at: [3]float32{0, 0.48, 0}},
	{name: "ArmL", mesh: "Arm", half: [3]float32{0.15, 0.55, 0.15}, color: [4]float32{0.98, 0.6, 0.15, 1}, parent: 1, at: [3]float32{-0.82, 0.05, 0}, rollDeg: -12},
	{name: "ArmR", mesh: "Arm", half: [3]float32{0.15, 0.55, 0.15}, color: [4]float32{0.98, 0.6, 0.15, 1}, parent: 1, at: [3]float32{0.82, 0.05, 0}, rollDeg: 12},
	{name: "LegL", mesh: "Leg", half: [3]float32{0.18, 0.5, 0.2}, color: [4]float32{0.3, 0.31, 0.35, 1}, parent: 0, at: [3]float32{-0.28, -0.65, 0}},
	{name: "LegR", mesh: "Leg", half: [3]float32{0.18, 0.5, 0.2}, color: [4]float32{0.3, 0.31, 0.35, 1}, parent: 0, at: [3]float32{0.28, -0.65, 0}},
}

// Robot's expected contents, for the tests: the glTF's nodes (a "Robot"
// root and one per part), its meshes and the triangles of those meshes.
const (
	RobotNodes     = 1 + 9
	RobotMeshes    = 7
	RobotTriangles = RobotMeshes * 12
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
			materials = append(materials, obj{"name": p.mesh, "pbrMetallicRoughness": obj{"baseColorFactor": p.color[:]}})
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
	nodes[0]["children"] = rootKids
	doc := obj{
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

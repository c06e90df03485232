package modelviewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// ArmFile is the name of the generated skinned arm in its asset folder
// (-arm). A copy is committed as testdata/arm.gltf.
const ArmFile = "arm.gltf"

// The arm: a tube of ArmRings rings of ArmSides vertices up y from 0 to
// ArmJoints-1 units, skinned to a chain of ArmJoints joints one unit
// apart, each vertex blended between the two joints nearest it, with an
// animation "wave" bending the three upper joints about z, in a loop of
// ArmWaveSeconds.
const (
	ArmJoints      = 4
	ArmSides       = 12
	ArmRings       = 25
	ArmWaveSeconds = 4
	armRadius      = 0.3
)

// armWave are the wave's key times and each upper joint's bend (degrees
// about z) at them; a phase between the joints makes the arm curl.
var armWave = struct {
	times []float32
	bends [ArmJoints - 1][]float32
}{
	times: []float32{0, 1, 2, 3, 4},
	bends: [ArmJoints - 1][]float32{
		{0, 30, 0, -30, 0},
		{10, 35, 10, -25, 10},
		{20, 40, 20, -20, 20},
	},
}

// armGLTF returns the arm on a floor as a .gltf document, its buffer in
// a data: URI: node "Arm" holds "Floor" (a plain quad), "Base" (the
// skinned "Tube" mesh's node, with skin "arm") and the joint chain
// J0/J1/J2/J3.
func armGLTF() []byte {
	type obj = map[string]any
	g := new(gltfBuilder)
	add := g.add
	const float, ushort, ubyte, vertices, indices = gltfFloat, gltfUshort, gltfUbyte, gltfVertices, gltfIndices

	// The tube: rings from y = 0 to the top joint, and a cap.
	top := float32(ArmJoints - 1)
	var pos, nrm [][3]float32
	var joints [][4]uint8
	var weights [][4]float32
	for r := range ArmRings {
		y := top * float32(r) / float32(ArmRings-1)
		// Blend between the joints below and above y, each vertex
		// nearer a joint following it more.
		a := min(int(y), ArmJoints-2)
		t := y - float32(a)
		for s := range ArmSides {
			th := 2 * math.Pi * float64(s) / ArmSides
			x, z := float32(math.Cos(th)), float32(-math.Sin(th))
			pos = append(pos, [3]float32{armRadius * x, y, armRadius * z})
			nrm = append(nrm, [3]float32{x, 0, z})
			joints = append(joints, [4]uint8{uint8(a), uint8(a + 1)})
			weights = append(weights, [4]float32{1 - t, t})
		}
	}
	tip := len(pos)
	pos = append(pos, [3]float32{0, top + armRadius, 0})
	nrm = append(nrm, [3]float32{0, 1, 0})
	joints = append(joints, [4]uint8{ArmJoints - 1})
	weights = append(weights, [4]float32{1})
	var idx []uint16
	for r := range ArmRings - 1 {
		for s := range ArmSides {
			a, b := uint16(r*ArmSides+s), uint16(r*ArmSides+(s+1)%ArmSides)
			idx = append(idx, a, b, b+ArmSides, a, b+ArmSides, a+ArmSides)
		}
	}
	last := (ArmRings - 1) * ArmSides
	for s := range ArmSides {
		idx = append(idx, uint16(last+s), uint16(last+(s+1)%ArmSides), uint16(tip))
	}
	posAcc := add(pos, len(pos), "VEC3", float, vertices)
	g.accessors[posAcc]["min"] = []float32{-armRadius, 0, -armRadius}
	g.accessors[posAcc]["max"] = []float32{armRadius, top + armRadius, armRadius}
	tube := obj{"attributes": obj{"POSITION": posAcc, "NORMAL": add(nrm, len(nrm), "VEC3", float, vertices),
		"JOINTS_0": add(joints, len(joints), "VEC4", ubyte, vertices), "WEIGHTS_0": add(weights, len(weights), "VEC4", float, vertices)},
		"indices": add(idx, len(idx), "SCALAR", ushort, indices), "material": 0}

	floor := g.floor(1)

	// The skeleton's bind pose: joint k at y = k, unrotated.
	ibm := make([][16]float32, ArmJoints)
	for k := range ibm {
		ibm[k] = [16]float32(mgl32.Translate3D(0, -float32(k), 0))
	}
	ibmAcc := add(ibm, ArmJoints, "MAT4", float, 0)

	// The wave: one rotation channel a bending joint.
	timeAcc := add(armWave.times, len(armWave.times), "SCALAR", float, 0)
	g.accessors[timeAcc]["min"], g.accessors[timeAcc]["max"] = []float32{0}, []float32{ArmWaveSeconds}
	var samplers, channels []obj
	for j, bends := range armWave.bends {
		qs := make([][4]float32, len(bends))
		for k, deg := range bends {
			h := float64(deg) * math.Pi / 360
			qs[k] = [4]float32{0, 0, float32(math.Sin(h)), float32(math.Cos(h))}
		}
		samplers = append(samplers, obj{"input": timeAcc, "output": add(qs, len(qs), "VEC4", float, 0), "interpolation": "LINEAR"})
		channels = append(channels, obj{"sampler": j, "target": obj{"node": 4 + j, "path": "rotation"}})
	}

	// Nodes: 0 Arm, 1 Floor, 2 Base (the skinned mesh), 3.. J0..J3.
	nodes := []obj{
		{"name": "Arm", "children": []int{1, 2, 3}},
		{"name": "Floor", "mesh": 1},
		{"name": "Base", "mesh": 0, "skin": 0},
	}
	for k := range ArmJoints {
		n := obj{"name": "J" + string(rune('0'+k))}
		if k > 0 {
			n["translation"] = []float32{0, 1, 0}
		}
		if k < ArmJoints-1 {
			n["children"] = []int{4 + k}
		}
		nodes = append(nodes, n)
	}
	jointNodes := make([]int, ArmJoints)
	for k := range jointNodes {
		jointNodes[k] = 3 + k
	}
	doc := obj{
		"asset":      obj{"version": "2.0", "generator": "tact samples/modelviewer (armGLTF)"},
		"scene":      0,
		"scenes":     []obj{{"name": "Arm", "nodes": []int{0}}},
		"nodes":      nodes,
		"meshes":     []obj{{"name": "Tube", "primitives": []obj{tube}}, {"name": "Floor", "primitives": []obj{floor}}},
		"skins":      []obj{{"name": "arm", "joints": jointNodes, "skeleton": 3, "inverseBindMatrices": ibmAcc}},
		"animations": []obj{{"name": "wave", "samplers": samplers, "channels": channels}},
		"materials": []obj{
			{"name": "Arm", "pbrMetallicRoughness": obj{"baseColorFactor": []float32{0.95, 0.45, 0.12, 1}, "metallicFactor": 0.2, "roughnessFactor": 0.45}},
			{"name": "Floor", "pbrMetallicRoughness": obj{"baseColorFactor": []float32{0.55, 0.58, 0.62, 1}, "metallicFactor": 0, "roughnessFactor": 0.8}},
		},
	}
	return g.encode(doc)
}

// WriteArm writes the generated arm as dir/ArmFile.
func WriteArm(dir string) error { return writeGenerated(dir, ArmFile, armGLTF()) }

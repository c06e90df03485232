package modelviewer

import (
	"math"
)

// MorphFile is the name of the generated morphing blob in its asset
// folder (-morph). A copy is committed as testdata/morph.gltf.
const MorphFile = "morph.gltf"

// The blob: a sphere of MorphRings × MorphSides vertices with two morph
// targets, "stretch" (taller and thinner, standing where it stood, its
// normals following) and "ripple" (three lobes pushed out around y), and
// an animation "breathe" that stretches, then ripples, then relaxes, in
// a loop of MorphSeconds.
const (
	MorphRings   = 17
	MorphSides   = 24
	MorphSeconds = 3
	morphRadius  = 0.8
	morphStretch = 1.6 // target 0 scales y by this, x and z by its inverse square root
)

// morphBreath are the breathe animation's key times and the two weights
// at them (LINEAR).
var morphBreath = struct {
	times   []float32
	weights [][2]float32
}{
	times:   []float32{0, 1, 2, 3},
	weights: [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 0}},
}

// morphGLTF returns the blob on a floor as a .gltf document, its buffer in
// a data: URI: node "Blob" holds "Floor" (a plain quad) and "Body" (the
// "Sphere" mesh with the two targets, default weights [0, 0]).
func morphGLTF() []byte {
	type obj = map[string]any
	g := new(gltfBuilder)
	add := g.add
	const float, ushort, vertices, indices = gltfFloat, gltfUshort, gltfVertices, gltfIndices

	// The sphere, centred 1 unit above the floor, and its targets.
	var pos, nrm, dStretch, dStretchN, dRipple [][3]float32
	side := float32(1 / math.Sqrt(morphStretch))
	for r := range MorphRings {
		phi := math.Pi * float64(r) / float64(MorphRings-1)
		for s := range MorphSides {
			th := 2 * math.Pi * float64(s) / MorphSides
			n := [3]float32{float32(math.Sin(phi) * math.Cos(th)), float32(math.Cos(phi)), float32(-math.Sin(phi) * math.Sin(th))}
			p := [3]float32{morphRadius * n[0], 1 + morphRadius*n[1], morphRadius * n[2]}
			pos, nrm = append(pos, p), append(nrm, n)
			// Stretch: the ellipsoid standing on the sphere's lowest
			// point, and its normal, as deltas.
			const bottom = 1 - morphRadius
			sp := [3]float32{p[0] * side, bottom + (p[1]-bottom)*morphStretch, p[2] * side}
			dStretch = append(dStretch, [3]float32{sp[0] - p[0], sp[1] - p[1], sp[2] - p[2]})
			sn := [3]float32{n[0] / side, n[1] / morphStretch, n[2] / side}
			l := float32(math.Sqrt(float64(sn[0]*sn[0] + sn[1]*sn[1] + sn[2]*sn[2])))
			dStretchN = append(dStretchN, [3]float32{sn[0]/l - n[0], sn[1]/l - n[1], sn[2]/l - n[2]})
			// Ripple: three lobes around y, strongest at the equator.
			k := float32(0.6 * math.Max(0, math.Cos(3*th)) * math.Sin(phi))
			dRipple = append(dRipple, [3]float32{k * n[0], 0, k * n[2]})
		}
	}
	var idx []uint16
	for r := range MorphRings - 1 {
		for s := range MorphSides {
			a, b := uint16(r*MorphSides+s), uint16(r*MorphSides+(s+1)%MorphSides)
			idx = append(idx, a, b+MorphSides, b, a, a+MorphSides, b+MorphSides)
		}
	}
	posAcc := add(pos, len(pos), "VEC3", float, vertices)
	g.accessors[posAcc]["min"] = []float32{-morphRadius, 1 - morphRadius, -morphRadius}
	g.accessors[posAcc]["max"] = []float32{morphRadius, 1 + morphRadius, morphRadius}
	sphere := obj{"attributes": obj{"POSITION": posAcc, "NORMAL": add(nrm, len(nrm), "VEC3", float, vertices)},
		"indices": add(idx, len(idx), "SCALAR", ushort, indices), "material": 0,
		"targets": []obj{
			{"POSITION": add(dStretch, len(dStretch), "VEC3", float, vertices), "NORMAL": add(dStretchN, len(dStretchN), "VEC3", float, vertices)},
			{"POSITION": add(dRipple, len(dRipple), "VEC3", float, vertices)},
		}}
	// glTF wants min and max on target positions too.
	for k, d := range [][][3]float32{dStretch, dRipple} {
		lo, hi := [3]float32{}, [3]float32{}
		for _, v := range d {
			for c := range 3 {
				lo[c], hi[c] = min(lo[c], v[c]), max(hi[c], v[c])
			}
		}
		a := g.accessors[sphere["targets"].([]obj)[k]["POSITION"].(int)]
		a["min"], a["max"] = lo[:], hi[:]
	}

	floor := g.floor(1)

	// The breath: one weights channel, two values a key.
	timeAcc := add(morphBreath.times, len(morphBreath.times), "SCALAR", float, 0)
	g.accessors[timeAcc]["min"], g.accessors[timeAcc]["max"] = []float32{0}, []float32{MorphSeconds}
	weightAcc := add(morphBreath.weights, 2*len(morphBreath.weights), "SCALAR", float, 0)

	doc := obj{
		"asset":  obj{"version": "2.0", "generator": "tact samples/modelviewer (morphGLTF)"},
		"scene":  0,
		"scenes": []obj{{"name": "Blob", "nodes": []int{0}}},
		"nodes": []obj{
			{"name": "Blob", "children": []int{1, 2}},
			{"name": "Floor", "mesh": 1},
			{"name": "Body", "mesh": 0},
		},
		"meshes": []obj{{"name": "Sphere", "primitives": []obj{sphere}, "weights": []float32{0, 0},
			"extras": obj{"targetNames": []string{"stretch", "ripple"}}},
			{"name": "Floor", "primitives": []obj{floor}}},
		"animations": []obj{{"name": "breathe",
			"samplers": []obj{{"input": timeAcc, "output": weightAcc, "interpolation": "LINEAR"}},
			"channels": []obj{{"sampler": 0, "target": obj{"node": 2, "path": "weights"}}}}},
		"materials": []obj{
			{"name": "Blob", "pbrMetallicRoughness": obj{"baseColorFactor": []float32{0.2, 0.65, 0.95, 1}, "metallicFactor": 0.1, "roughnessFactor": 0.35}},
			{"name": "Floor", "pbrMetallicRoughness": obj{"baseColorFactor": []float32{0.55, 0.58, 0.62, 1}, "metallicFactor": 0, "roughnessFactor": 0.8}},
		},
	}
	return g.encode(doc)
}

// WriteMorph writes the generated blob as dir/MorphFile.
func WriteMorph(dir string) error { return writeGenerated(dir, MorphFile, morphGLTF()) }

package render

import "github.com/go-gl/mathgl/mgl32"

// CubeMesh returns a unit cube centered on the origin, for CreateMesh: 24
// vertices (four per face, so each face has its own flat normal) and 36
// indices, counter-clockwise seen from outside, white (a draw's Color tints
// it), with each face's texture upright in UV space.
func CubeMesh() ([]MeshVertex, []uint32) {
	// Each face: its normal and two axes spanning it, chosen so that
	// u × v = normal (counter-clockwise winding from outside).
	faces := [6][3]mgl32.Vec3{
		{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
		{{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
		{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},
		{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
		{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},
		{{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
	}
	corners := [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	verts := make([]MeshVertex, 0, 24)
	idx := make([]uint32, 0, 36)
	for _, fc := range faces {
		n, u, v := fc[0], fc[1], fc[2]
		base := uint32(len(verts))
		for _, c := range corners {
			p := n.Mul(0.5).Add(u.Mul(0.5 * c[0])).Add(v.Mul(0.5 * c[1]))
			verts = append(verts, MeshVertex{
				Position: p, Normal: n,
				UV:    [2]float32{(c[0] + 1) / 2, (1 - c[1]) / 2},
				Color: White,
			})
		}
		idx = append(idx, base, base+1, base+2, base, base+2, base+3)
	}
	return verts, idx
}

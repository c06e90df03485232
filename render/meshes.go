package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// CubeMesh returns a unit cube centered on the origin, for CreateMesh: 24
// vertices (four per face, so each face has its own flat normal) and 36
// indices, counter-clockwise seen from outside, white (a draw's Color tints
// it), with each face's texture upright in UV space and tangents along U.
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
				UV:      [2]float32{(c[0] + 1) / 2, (1 - c[1]) / 2},
				Color:   White,
				Tangent: [4]float32{u[0], u[1], u[2], 1}, // n × u = v: up the image
			})
		}
		idx = append(idx, base, base+1, base+2, base, base+2, base+3)
	}
	return verts, idx
}

// SphereMesh returns a sphere of radius 0.5 centered on the origin, for
// CreateMesh: a latitude-longitude grid of rings × segments quads (at
// least 2 × 3), smooth normals, counter-clockwise seen from outside,
// white, with U running once around eastwards and V from the north pole
// (0) to the south pole (1), and tangents pointing east.
func SphereMesh(segments, rings int) ([]MeshVertex, []uint32) {
	segments, rings = max(segments, 3), max(rings, 2)
	verts := make([]MeshVertex, 0, (segments+1)*(rings+1))
	idx := make([]uint32, 0, segments*rings*6)
	for r := 0; r <= rings; r++ {
		lat := math.Pi * float64(r) / float64(rings) // 0 at the north pole
		for s := 0; s <= segments; s++ {
			lon := 2 * math.Pi * float64(s) / float64(segments)
			n := mgl32.Vec3{float32(math.Sin(lat) * math.Sin(lon)), float32(math.Cos(lat)), float32(math.Sin(lat) * math.Cos(lon))}
			east := mgl32.Vec3{float32(math.Cos(lon)), 0, float32(-math.Sin(lon))}
			verts = append(verts, MeshVertex{
				Position: n.Mul(0.5), Normal: n,
				UV:      [2]float32{float32(s) / float32(segments), float32(r) / float32(rings)},
				Color:   White,
				Tangent: [4]float32{east[0], east[1], east[2], 1}, // n × east points north: up the image
			})
		}
	}
	row := uint32(segments + 1)
	for r := 0; r < rings; r++ {
		for s := 0; s < segments; s++ {
			a := uint32(r)*row + uint32(s) // north-west corner
			b, c, d := a+row, a+row+1, a+1 // south-west, south-east, north-east
			idx = append(idx, a, b, c, a, c, d)
		}
	}
	return verts, idx
}

package render_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Every triangle of the cube winds counter-clockwise seen from outside: its
// geometric normal points along the vertex normal, away from the center.
func TestCubeMeshWindingAndNormals(t *testing.T) {
	vs, idx := render.CubeMesh()
	if len(vs) != 24 || len(idx) != 36 {
		t.Fatalf("%d vertices, %d indices", len(vs), len(idx))
	}
	for i := 0; i < len(idx); i += 3 {
		a, b, c := vs[idx[i]], vs[idx[i+1]], vs[idx[i+2]]
		pa, pb, pc := mgl32.Vec3(a.Position), mgl32.Vec3(b.Position), mgl32.Vec3(c.Position)
		geo := pb.Sub(pa).Cross(pc.Sub(pa)).Normalize()
		n := mgl32.Vec3(a.Normal)
		if geo.Dot(n) < 0.99 || n.Dot(pa) <= 0 {
			t.Fatalf("triangle %d: geometric normal %v, vertex normal %v", i/3, geo, n)
		}
	}
}

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

// Both built-in meshes wind outwards, and their tangents run along
// increasing U, perpendicular to the normal, with the bitangent
// (normal × tangent · w) running up the image (decreasing V), the glTF
// convention normal maps are drawn in.
func TestMeshTangentsAndWinding(t *testing.T) {
	for name, mesh := range map[string]func() ([]render.MeshVertex, []uint32){
		"cube":   render.CubeMesh,
		"sphere": func() ([]render.MeshVertex, []uint32) { return render.SphereMesh(16, 8) },
	} {
		vs, idx := mesh()
		checked := 0
		for i := 0; i < len(idx); i += 3 {
			a, b, c := vs[idx[i]], vs[idx[i+1]], vs[idx[i+2]]
			pa, pb, pc := mgl32.Vec3(a.Position), mgl32.Vec3(b.Position), mgl32.Vec3(c.Position)
			e1, e2 := pb.Sub(pa), pc.Sub(pa)
			cross := e1.Cross(e2)
			if cross.Len() < 1e-6 { // a sliver at a pole
				continue
			}
			if cross.Normalize().Dot(mgl32.Vec3(a.Normal).Add(mgl32.Vec3(b.Normal)).Add(mgl32.Vec3(c.Normal))) <= 0 {
				t.Fatalf("%s: triangle %d winds inwards", name, i/3)
			}
			// dP/du and dP/dv from the triangle's UVs.
			du1, dv1 := b.UV[0]-a.UV[0], b.UV[1]-a.UV[1]
			du2, dv2 := c.UV[0]-a.UV[0], c.UV[1]-a.UV[1]
			det := du1*dv2 - du2*dv1
			if det == 0 {
				continue
			}
			dPdu := e1.Mul(dv2).Sub(e2.Mul(dv1)).Mul(1 / det)
			dPdv := e2.Mul(du1).Sub(e1.Mul(du2)).Mul(1 / det)
			n := mgl32.Vec3(a.Normal)
			tg := mgl32.Vec3{a.Tangent[0], a.Tangent[1], a.Tangent[2]}
			bt := n.Cross(tg).Mul(a.Tangent[3])
			if abs(tg.Dot(n)) > 1e-3 || tg.Dot(dPdu) <= 0 || bt.Dot(dPdv) >= 0 {
				t.Fatalf("%s: triangle %d: tangent %v bitangent %v; dP/du %v dP/dv %v", name, i/3, tg, bt, dPdu, dPdv)
			}
			checked++
		}
		if checked < len(idx)/6 {
			t.Errorf("%s: only %d triangles checked", name, checked)
		}
	}
}

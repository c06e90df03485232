package gltf

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// checkTangent returns a TANGENT element with its W forced to ±1 (glTF
// requires it to be one of them). A tangent that is not finite comes back
// zero, which makes the mesh program derive one per pixel.
func checkTangent(t [4]float32) [4]float32 {
	for c := range 4 {
		if !finite(t[c]) {
			return [4]float32{}
		}
	}
	if t[3] < 0 {
		t[3] = -1
	} else {
		t[3] = 1
	}
	return t
}

// generateTangents sets the tangents of an indexed triangle mesh from its
// positions, normals and texture coordinates. It is the classic per-triangle
// method (Lengyel): every triangle adds its directions of increasing U and V
// to its three vertices, and each vertex's sum of U directions is then made
// orthogonal to its normal (Gram-Schmidt) and normalized. W holds the
// handedness: +1 where cross(normal, tangent) points up the image (towards
// decreasing V, glTF's V running down the image), -1 where the texture is
// mirrored. This is not MikkTSpace: normal maps baked against MikkTSpace
// tangents match it on smooth, unmirrored surfaces, but can differ along UV
// seams and where triangles of one vertex disagree.
//
// Vertices whose triangles give no usable direction (degenerate UVs, or a U
// direction along the normal) keep a zero tangent, for which the mesh
// program derives one per pixel.
func generateTangents(verts []render.MeshVertex, idx []uint32) {
	tu := make([]mgl32.Vec3, len(verts)) // sums of directions of increasing U
	tv := make([]mgl32.Vec3, len(verts)) // and of increasing V
	for t := 0; t+2 < len(idx); t += 3 {
		i0, i1, i2 := idx[t], idx[t+1], idx[t+2]
		a, b, c := &verts[i0], &verts[i1], &verts[i2]
		e1 := mgl32.Vec3(b.Position).Sub(mgl32.Vec3(a.Position))
		e2 := mgl32.Vec3(c.Position).Sub(mgl32.Vec3(a.Position))
		du1, dv1 := b.UV[0]-a.UV[0], b.UV[1]-a.UV[1]
		du2, dv2 := c.UV[0]-a.UV[0], c.UV[1]-a.UV[1]
		det := du1*dv2 - du2*dv1
		if det == 0 || !finite(det) {
			continue // the triangle's UVs have no area: no direction
		}
		// Solve e1 = du1·U + dv1·V, e2 = du2·U + dv2·V for U and V (the
		// signed det keeps their sense on mirrored triangles).
		r := 1 / det
		u := e1.Mul(dv2).Sub(e2.Mul(dv1)).Mul(r)
		v := e2.Mul(du1).Sub(e1.Mul(du2)).Mul(r)
		if !finiteVec(u) || !finiteVec(v) {
			continue
		}
		for _, i := range [3]uint32{i0, i1, i2} {
			tu[i] = tu[i].Add(u)
			tv[i] = tv[i].Add(v)
		}
	}
	for i := range verts {
		n := mgl32.Vec3(verts[i].Normal)
		if l := n.Len(); l > 0 && finite(l) {
			n = n.Mul(1 / l)
		}
		t := tu[i].Sub(n.Mul(n.Dot(tu[i])))
		l := t.Len()
		if !(l > 1e-20) || !finite(l) {
			verts[i].Tangent = [4]float32{}
			continue
		}
		t = t.Mul(1 / l)
		w := float32(1)
		// V runs down the image, so an unmirrored mapping has
		// cross(n, t) pointing against increasing V.
		if n.Cross(t).Dot(tv[i]) > 0 {
			w = -1
		}
		verts[i].Tangent = [4]float32{t[0], t[1], t[2], w}
	}
}

func finiteVec(v mgl32.Vec3) bool { return finite(v[0]) && finite(v[1]) && finite(v[2]) }

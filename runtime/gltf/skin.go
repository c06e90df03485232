package gltf

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// skinData is one glTF skin: joint node indices and their inverse bind
// matrices (nil: identities).
type skinData struct {
	name   string
	joints []int
	ibm    []mgl32.Mat4
}

var (
	mat4      = []qgltf.AccessorType{qgltf.AccessorMat4}
	jointType = []qgltf.ComponentType{qgltf.ComponentUbyte, qgltf.ComponentUshort}
)

// skinAttributes checks a primitive's JOINTS_0 and WEIGHTS_0 (both or
// neither, VEC4, n elements) and returns the highest joint index a
// weighted influence uses (-1 without them), for the check against the
// skin of each node that draws the mesh, and the skin vertices (nil
// without). Weights are normalized to sum to 1, as glTF requires them to
// (exporters round); a vertex whose weights are all 0 follows joint 0. An
// influence of weight 0 gets joint index 0, whatever the file says (it
// may be past the skin, which glTF allows).
func (r *reader) skinAttributes(where string, p *qgltf.Primitive, n int) (int, []render.SkinVertex, error) {
	ji, hasJ := p.Attributes["JOINTS_0"]
	wi, hasW := p.Attributes["WEIGHTS_0"]
	switch {
	case !hasJ && !hasW:
		return -1, nil, nil
	case !hasW:
		return 0, nil, pathError(where+".attributes.WEIGHTS_0", "missing (JOINTS_0 needs it)")
	case !hasJ:
		return 0, nil, pathError(where+".attributes.JOINTS_0", "missing (WEIGHTS_0 needs it)")
	}
	jw, ww := where+".attributes.JOINTS_0", where+".attributes.WEIGHTS_0"
	ja, err := r.accessor(jw, ji, vec4, jointType)
	if err != nil {
		return 0, nil, err
	}
	if ja.Normalized {
		return 0, nil, pathError(jw, "accessor %d: joint indices must not be normalized", ji)
	}
	wa, err := r.accessor(ww, wi, vec4, floatOrNorm)
	if err != nil {
		return 0, nil, err
	}
	if wa.ComponentType != qgltf.ComponentFloat && !wa.Normalized {
		return 0, nil, pathError(ww, "accessor %d: integer components must be normalized", wi)
	}
	for _, c := range [...]struct {
		w string
		a *qgltf.Accessor
		i int
	}{{jw, ja, ji}, {ww, wa, wi}} {
		if c.a.Count != n {
			return 0, nil, pathError(c.w, "accessor %d has %d elements, POSITION has %d", c.i, c.a.Count, n)
		}
	}
	if err := r.spend(where, int64(n)*24); err != nil {
		return 0, nil, err
	}
	joints, err := modeler.ReadJoints(r.doc, ja, nil)
	if err != nil {
		return 0, nil, pathError(jw, "%v", err)
	}
	weights, err := modeler.ReadWeights(r.doc, wa, nil)
	if err != nil {
		return 0, nil, pathError(ww, "%v", err)
	}
	if len(joints) != n || len(weights) != n {
		return 0, nil, pathError(where, "read %d joints and %d weights for %d vertices", len(joints), len(weights), n)
	}
	top := 0
	skin := make([]render.SkinVertex, n)
	for v := range n {
		var sum float32
		for k := range 4 {
			w := weights[v][k]
			if !finite(w) || w < 0 {
				return 0, nil, pathError(ww, "accessor %d: vertex %d weight %d is %v, not a finite number from 0", wi, v, k, w)
			}
			if w > 0 {
				top = max(top, int(joints[v][k]))
			}
			sum += w
		}
		sv := &skin[v]
		if !(sum > 0) || !finite(sum) {
			sv.Weights[0] = 1
			continue
		}
		for k := range 4 {
			if w := weights[v][k]; w > 0 && joints[v][k] < render.MaxJoints {
				sv.Joints[k], sv.Weights[k] = uint8(joints[v][k]), w/sum
			}
		}
	}
	return top, skin, nil
}

// skins reads the file's skins and checks them against the nodes that use
// them: joint indices in range, at most scenegraph.MaxJoints, matrices of
// the right type and count, and every skinned mesh's joint indices within
// its skin. It runs after nodes.
func (r *reader) skins() error {
	d := r.d
	for si, sk := range r.doc.Skins {
		sw := fmt.Sprintf("skins[%d]", si)
		if len(sk.Joints) > scenegraph.MaxJoints {
			return pathError(sw+".joints", "skin %q has %d joints, more than the %d a skin may have", sk.Name, len(sk.Joints), scenegraph.MaxJoints)
		}
		sd := skinData{name: sk.Name, joints: sk.Joints}
		for k, j := range sk.Joints {
			if j < 0 || j >= len(d.nodes) {
				return pathError(fmt.Sprintf("%s.joints[%d]", sw, k), "node %d out of range (the file has %d)", j, len(d.nodes))
			}
		}
		if sk.InverseBindMatrices != nil {
			iw := sw + ".inverseBindMatrices"
			a, err := r.accessor(iw, *sk.InverseBindMatrices, mat4, floatOnly)
			if err != nil {
				return err
			}
			if a.Count != len(sk.Joints) {
				return pathError(iw, "accessor %d has %d matrices, the skin has %d joints", *sk.InverseBindMatrices, a.Count, len(sk.Joints))
			}
			ms, err := modeler.ReadInverseBindMatrices(r.doc, a, nil)
			if err != nil {
				return pathError(iw, "%v", err)
			}
			if len(ms) != a.Count {
				return pathError(iw, "read %d matrices, want %d", len(ms), a.Count)
			}
			sd.ibm = make([]mgl32.Mat4, len(ms))
			for k, m := range ms {
				for c := range 4 {
					for e := range 4 {
						if !finite(m[e][c]) {
							return pathError(iw, "matrix %d is not finite", k)
						}
						sd.ibm[k][4*c+e] = m[e][c] // the module gives [row][column]; mgl32 is column-major
					}
				}
			}
		}
		d.skins = append(d.skins, sd)
	}
	if len(d.skins) == 0 {
		return nil
	}
	sn := newSceneNodes(d)
	for i, nd := range d.nodes {
		if nd.skin < 0 || !sn.in[i] {
			continue
		}
		for k, j := range d.skins[nd.skin].joints {
			if !sn.in[j] {
				return pathError(fmt.Sprintf("skins[%d].joints[%d]", nd.skin, k), "node %d is not in the default scene, which skinned node %d is in", j, i)
			}
		}
		if nd.mesh < 0 {
			continue
		}
		sd := &d.skins[nd.skin]
		nj := len(sd.joints)
		fit := scenegraph.Skin{Joints: make([]*scenegraph.Node, nj), InverseBind: sd.ibm}
		for pi, pd := range d.meshes[nd.mesh].prims {
			if pd.maxJoint >= nj {
				return pathError(fmt.Sprintf("nodes[%d].skin", i), "meshes[%d].primitives[%d].attributes.JOINTS_0 uses joint %d, skin %d has %d joints", nd.mesh, pi, pd.maxJoint, nd.skin, nj)
			}
			fit.Fit(pd.verts, pd.skin)
		}
		if fit.Radii != nil {
			d.nodes[i].radii = fit.Radii
		}
	}
	return nil
}

// unshareSkin gives skin the layout flatNormals gives the vertices: one
// skin vertex an index, in index order.
func unshareSkin(skin []render.SkinVertex, idx []uint32) []render.SkinVertex {
	out := make([]render.SkinVertex, len(idx))
	for i, x := range idx {
		out[i] = skin[x]
	}
	return out
}

// addSkins puts a scenegraph.Skin on every built node that has a skin,
// once all the nodes (joints in other subtrees included) exist, fitted
// to its mesh (Radii), and hands it to the node's MeshRenderers.
func (m *Model) addSkins(byDoc []*scenegraph.Node, renderers [][]*scenegraph.MeshRenderer) error {
	for i, n := range byDoc {
		if n == nil || m.nodes[i].skin < 0 {
			continue
		}
		sd := &m.skins[m.nodes[i].skin]
		joints := make([]*scenegraph.Node, len(sd.joints))
		for k, j := range sd.joints {
			joints[k] = byDoc[j]
		}
		s, err := scenegraph.NewSkin(joints, sd.ibm)
		if err != nil {
			return fmt.Errorf("skin %q of node %q: %w", sd.name, n.Name(), err)
		}
		if r := m.nodes[i].radii; r != nil {
			s.Radii = append([]float32(nil), r...) // a Skin's own: instances may refit theirs
		}
		scenegraph.AddComponent(n, s)
		for _, mr := range renderers[i] {
			mr.Skin = s
		}
	}
	return nil
}

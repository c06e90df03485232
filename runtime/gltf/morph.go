package gltf

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/scenegraph"
)

// Morph targets. Each primitive's targets (POSITION, NORMAL and TANGENT
// deltas, float VEC3 accessors that may be sparse or have no bufferView)
// become render.MorphTarget deltas of its mesh; a mesh's weights, or a
// node's, become its MeshRenderers' Weights; an animation channel on
// "weights" becomes one track a target, on "weights[i]" of the node's
// MeshRenderer.

// checkSparse checks the sparse part of accessor a (named aw), if any:
// its count, its indices' component type, and that its indices and values
// lie inside their bufferViews, so that the module reads only what is
// there (it checks the indices' order and range itself).
func (r *reader) checkSparse(aw string, a *qgltf.Accessor) error {
	sp := a.Sparse
	if sp == nil {
		return nil
	}
	sw := aw + ".sparse"
	if sp.Count < 1 || sp.Count > a.Count {
		return pathError(sw+".count", "%d, from 1 to the accessor's count %d", sp.Count, a.Count)
	}
	isz := 0
	switch sp.Indices.ComponentType {
	case qgltf.ComponentUbyte:
		isz = 1
	case qgltf.ComponentUshort:
		isz = 2
	case qgltf.ComponentUint:
		isz = 4
	default:
		return pathError(sw+".indices.componentType", "%s, want an unsigned byte, short or int", glNumber(&sp.Indices.ComponentType))
	}
	for _, part := range [...]struct {
		name      string
		view, off int
		elem      int
	}{
		{"indices", sp.Indices.BufferView, sp.Indices.ByteOffset, isz},
		{"values", sp.Values.BufferView, sp.Values.ByteOffset, qgltf.SizeOfElement(a.ComponentType, a.Type)},
	} {
		pw := sw + "." + part.name
		data, err := r.bufferView(pw+".bufferView", part.view)
		if err != nil {
			return err
		}
		if r.doc.BufferViews[part.view].ByteStride != 0 {
			return pathError(pw+".bufferView", "bufferView %d has a byteStride (sparse data is tightly packed)", part.view)
		}
		if part.off < 0 || part.off > len(data) || int64(sp.Count)*int64(part.elem) > int64(len(data)-part.off) {
			return pathError(pw, "%d elements of %d bytes from byteOffset %d lie outside bufferView %d (%d bytes)", sp.Count, part.elem, part.off, part.view, len(data))
		}
	}
	return nil
}

// maxTargets is the most morph targets a mesh may have: the renderer's.
const maxTargets = render.MaxMorphTargets

// targets reads primitive p's morph targets for its n vertices (where
// names the primitive): nil without any. Normal deltas are read only
// where the primitive has normals, tangent deltas only where it has
// tangents (glTF ignores the others).
func (r *reader) targets(where string, p *qgltf.Primitive, n int, normals, tangents bool) ([]render.MorphTarget, error) {
	if len(p.Targets) == 0 {
		return nil, nil
	}
	if len(p.Targets) > maxTargets {
		return nil, pathError(where+".targets", "%d morph targets, at most %d", len(p.Targets), maxTargets)
	}
	ts := make([]render.MorphTarget, len(p.Targets))
	for k, attrs := range p.Targets {
		tw := fmt.Sprintf("%s.targets[%d]", where, k)
		for name := range attrs {
			switch name {
			case "POSITION", "NORMAL", "TANGENT":
			default:
				return nil, pathError(tw+"."+name, "morph targets move POSITION, NORMAL and TANGENT only")
			}
		}
		for _, a := range [...]struct {
			name string
			use  bool
			dst  *[]mgl32.Vec3
		}{{"POSITION", true, &ts[k].Positions}, {"NORMAL", normals, &ts[k].Normals}, {"TANGENT", tangents, &ts[k].Tangents}} {
			i, ok := attrs[a.name]
			if !ok || !a.use {
				continue
			}
			d, err := r.deltas(tw+"."+a.name, i, n)
			if err != nil {
				return nil, err
			}
			*a.dst = d
		}
	}
	return ts, nil
}

// deltas reads one target attribute: a float VEC3 accessor of n elements,
// finite.
func (r *reader) deltas(where string, i, n int) ([]mgl32.Vec3, error) {
	a, err := r.checkAccessor(where, i, vec3, floatOnly, true)
	if err != nil {
		return nil, err
	}
	if a.Count != n {
		return nil, pathError(where, "accessor %d has %d elements, POSITION has %d", i, a.Count, n)
	}
	// The deltas and the module's slice of them.
	if err := r.spend(where, 2*int64(n)*12); err != nil {
		return nil, err
	}
	raw, err := modeler.ReadAccessor(r.doc, a, nil)
	if err != nil {
		return nil, pathError(where, "accessor %d: %v", i, err)
	}
	v, ok := raw.([][3]float32)
	if !ok || len(v) != n {
		return nil, pathError(where, "accessor %d: read %T, want %d VEC3", i, raw, n)
	}
	for k, d := range v {
		if !finite(d[0]) || !finite(d[1]) || !finite(d[2]) {
			return nil, pathError(where, "accessor %d: delta %d is not a finite number", i, k)
		}
	}
	return unsafe.Slice((*mgl32.Vec3)(unsafe.Pointer(&v[0])), n), nil
}

// unshareTargets gives each corner of idx its own deltas, as flatNormals
// gives each its own vertex (whose normals are computed, so normal and
// tangent deltas go).
func unshareTargets(ts []render.MorphTarget, idx []uint32) {
	for k := range ts {
		t := &ts[k]
		if t.Positions != nil {
			out := make([]mgl32.Vec3, len(idx))
			for i, x := range idx {
				out[i] = t.Positions[x]
			}
			t.Positions = out
		}
		t.Normals, t.Tangents = nil, nil
	}
}

// meshWeights checks the targets of mesh mi's primitives (all of a
// mesh's primitives have the same number of targets, glTF says) and its
// default weights, and returns the target count and the weights (zeros
// where the file gives none).
func meshWeights(mi int, m *qgltf.Mesh, prims []primData) (int, []float32, error) {
	n := len(prims[0].targets)
	for pi, p := range prims {
		if len(p.targets) != n {
			return 0, nil, pathError(fmt.Sprintf("meshes[%d].primitives[%d].targets", mi, pi), "%d morph targets, primitive 0 has %d (a mesh's primitives must have the same)", len(p.targets), n)
		}
	}
	w, err := weights(fmt.Sprintf("meshes[%d].weights", mi), m.Weights, n)
	if w == nil && err == nil && n > 0 {
		w = make([]float32, n)
	}
	return n, w, err
}

// weights converts a weights array of a mesh or node, which must have one
// weight a target; nil for none.
func weights(where string, ws []float64, targets int) ([]float32, error) {
	if len(ws) == 0 {
		return nil, nil
	}
	if len(ws) != targets {
		return nil, pathError(where, "%d weights for %d morph targets", len(ws), targets)
	}
	out := make([]float32, len(ws))
	for i, w := range ws {
		out[i] = float32(w)
		if !finite(out[i]) {
			return nil, pathError(where, "weight %d is not a finite number", i)
		}
	}
	return out, nil
}

// weightTracks reads a sampler of a weights channel on a node whose mesh
// has targets morph targets: one Hermite, Linear or Step track a target,
// on "weights[j]" of the node's MeshRenderer (Path is set by the caller).
// The output holds, for each key, one value a target (for CUBICSPLINE:
// the targets' in-tangents, values, then out-tangents), floats or
// normalized integers.
func (r *reader) weightTracks(where string, s *qgltf.AnimationSampler, targets int) ([]animation.Track, error) {
	in, err := r.accessor(where+".input", s.Input, scalar, floatOnly)
	if err != nil {
		return nil, err
	}
	out, err := r.accessor(where+".output", s.Output, scalar, rotTypes)
	if err != nil {
		return nil, err
	}
	if out.ComponentType != qgltf.ComponentFloat && !out.Normalized {
		return nil, pathError(where+".output", "accessor %d: integer components must be normalized", s.Output)
	}
	n, per := in.Count, 1
	interp := animation.Linear
	switch s.Interpolation {
	case qgltf.InterpolationStep:
		interp = animation.Step
	case qgltf.InterpolationCubicSpline:
		interp, per = animation.Hermite, 3
	}
	if int64(out.Count) != int64(n)*int64(per)*int64(targets) {
		return nil, pathError(where+".output", "accessor %d has %d elements, want %d (%d keys × %d morph targets × %d for %v)",
			s.Output, out.Count, n*per*targets, n, targets, per, s.Interpolation)
	}
	if err := r.spend(where, int64(n)*int64(targets)*keyframeBytes); err != nil {
		return nil, err
	}
	times, err := modeler.ReadAccessor(r.doc, in, nil)
	if err != nil {
		return nil, pathError(where+".input", "%v", err)
	}
	ts, _ := times.([]float32)
	if len(ts) != n {
		return nil, pathError(where+".input", "accessor %d: read %d times, want %d", s.Input, len(ts), n)
	}
	vals, err := readScalars(r.doc, out)
	if err != nil {
		return nil, pathError(where+".output", "%v", err)
	}
	tracks := make([]animation.Track, targets)
	for j := range tracks {
		tracks[j] = animation.Track{Component: "MeshRenderer", Property: fmt.Sprintf("weights[%d]", j), Interp: interp, Keys: make([]animation.Keyframe, n)}
	}
	for k := range n {
		tk := ts[k]
		if !finite(tk) || tk < 0 || (k > 0 && tk <= ts[k-1]) {
			return nil, pathError(where+".input", "accessor %d: time %d is %v, times must be finite, from 0, strictly increasing", s.Input, k, tk)
		}
		for j := range tracks {
			key := &tracks[j].Keys[k]
			key.Time = float64(tk)
			if per == 3 { // in-tangents, values, out-tangents: tangents per second
				key.In[0], key.Value[0], key.Out[0] = vals[(3*k)*targets+j], vals[(3*k+1)*targets+j], vals[(3*k+2)*targets+j]
			} else {
				key.Value[0] = vals[k*targets+j]
			}
			if !finite(key.Value[0]) || !finite(key.In[0]) || !finite(key.Out[0]) {
				return nil, pathError(where+".output", "accessor %d: key %d, target %d is not finite", s.Output, k, j)
			}
		}
	}
	return tracks, nil
}

// readScalars reads a SCALAR accessor of floats or normalized integers.
func readScalars(doc *qgltf.Document, a *qgltf.Accessor) ([]float32, error) {
	raw, err := modeler.ReadAccessor(doc, a, nil)
	if err != nil {
		return nil, err
	}
	var out []float32
	switch v := raw.(type) {
	case []float32:
		out = v
	case []int8:
		for _, e := range v {
			out = append(out, snorm(float32(e), 127))
		}
	case []uint8:
		for _, e := range v {
			out = append(out, float32(e)/255)
		}
	case []int16:
		for _, e := range v {
			out = append(out, snorm(float32(e), 32767))
		}
	case []uint16:
		for _, e := range v {
			out = append(out, float32(e)/65535)
		}
	default:
		return nil, fmt.Errorf("accessor of %T is not read", raw)
	}
	if len(out) != a.Count {
		return nil, fmt.Errorf("read %d elements, want %d", len(out), a.Count)
	}
	return out, nil
}

// setWeights gives the MeshRenderers of one node (the primitives of its
// mesh, which share their targets' order) one Weights slice, the node's
// weights or its mesh's: a track bound to the first renderer's
// "weights[i]" (where the file's animations bind) moves every primitive.
func setWeights(mrs []*scenegraph.MeshRenderer, w []float32, radii [][]float32) {
	if len(w) == 0 {
		return
	}
	shared := append([]float32(nil), w...)
	for k, mr := range mrs {
		mr.Weights = shared
		mr.MorphRadii = radii[k]
	}
}

// targetRadii returns the targets' reaches for MeshRenderer.MorphRadii;
// nil without targets.
func targetRadii(ts []render.MorphTarget) []float32 {
	if len(ts) == 0 {
		return nil
	}
	return scenegraph.MorphRadii(ts)
}

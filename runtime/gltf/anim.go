package gltf

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
	"github.com/tact-engine/tact/runtime/animation"
)

// Accessor kinds of animation samplers: key times are floats; rotations
// may be normalized integers (glTF allows them for compact files).
var (
	rotTypes = []qgltf.ComponentType{qgltf.ComponentFloat, qgltf.ComponentByte, qgltf.ComponentUbyte,
		qgltf.ComponentShort, qgltf.ComponentUshort}
)

// keyframeBytes is what one key of a track costs in memory, for the
// reader's budget (Keyframe holds a frame and texts besides its values).
const keyframeBytes = int64(unsafe.Sizeof(animation.Keyframe{}))

// sceneNodes describes the nodes of the default scene as Instantiate
// builds them: parent (-1 for a root or a node outside the scene), in
// (whether the scene holds it) and, for each, why Node.Find cannot reach
// it ("" if it can): a name with a slash, or a sibling before it with the
// same name (below such a node, every node inherits the reason). It takes
// time and memory linear in the number of nodes whatever the depth; paths
// are built only for the nodes animations target (path).
type sceneNodes struct {
	d      *decoded
	parent []int
	in     []bool
	bad    []string
}

func newSceneNodes(d *decoded) *sceneNodes {
	sn := &sceneNodes{d: d, parent: make([]int, len(d.nodes)), in: make([]bool, len(d.nodes)), bad: make([]string, len(d.nodes))}
	for i := range sn.parent {
		sn.parent[i] = -1
	}
	var stack []int
	visit := func(children []int, why string, p int) {
		seen := map[string]bool{}
		for _, c := range children {
			name := d.nodes[c].name
			sn.in[c], sn.parent[c] = true, p
			switch {
			case why != "":
				sn.bad[c] = why
			case strings.Contains(name, "/"):
				sn.bad[c] = fmt.Sprintf("node %d's name %q holds a slash", c, name)
			case seen[name]:
				sn.bad[c] = fmt.Sprintf("node %d's name %q is also an earlier sibling's", c, name)
			}
			seen[name] = true
			stack = append(stack, c)
		}
	}
	visit(d.roots, "", -1)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		visit(d.nodes[i].children, sn.bad[i], i)
	}
	return sn
}

// path returns node i's slash-separated path below the instantiated root.
func (sn *sceneNodes) path(i int) string {
	var names []string
	for ; i >= 0; i = sn.parent[i] {
		names = append(names, sn.d.nodes[i].name)
	}
	for a, b := 0, len(names)-1; a < b; a, b = a+1, b-1 {
		names[a], names[b] = names[b], names[a]
	}
	return strings.Join(names, "/")
}

// depth returns the number of nodes from the root down to node i,
// itself included.
func (sn *sceneNodes) depth(i int) int {
	n := 0
	for ; i >= 0; i = sn.parent[i] {
		n++
	}
	return n
}

// animations reads the file's animations as keyframe clips on the
// instantiated hierarchy: one animation.Clip per glTF animation, one
// Track per TRS channel. It runs after nodes.
func (r *reader) animations() error {
	if len(r.doc.Animations) == 0 {
		return nil
	}
	sn := newSceneNodes(r.d)
	names := map[string]bool{}
	for ai, a := range r.doc.Animations {
		aw := fmt.Sprintf("animations[%d]", ai)
		c := &animation.Clip{Name: a.Name} // WrapNormal, as Cocos' clips start
		if c.Name == "" {
			c.Name = fmt.Sprintf("animation%d", ai)
		}
		if names[c.Name] {
			c.Name = fmt.Sprintf("%s#%d", c.Name, ai) // Player.Play must tell them apart
		}
		names[c.Name] = true
		for ci, ch := range a.Channels {
			cw := fmt.Sprintf("%s.channels[%d]", aw, ci)
			if ch.Target.Node == nil {
				continue // targets of extensions: not read
			}
			ni := *ch.Target.Node
			if ni < 0 || ni >= len(r.d.nodes) {
				return pathError(cw+".target.node", "node %d out of range (the file has %d)", ni, len(r.d.nodes))
			}
			if !sn.in[ni] {
				continue // not in the default scene: nothing instantiated to animate
			}
			if sn.bad[ni] != "" {
				return pathError(cw+".target.node", "node %d cannot be animated by path: %s", ni, sn.bad[ni])
			}
			// A path costs its depth in names: deep chains and many
			// channels must not build gigabytes of paths.
			if err := r.spend(cw, int64(sn.depth(ni))*32); err != nil {
				return err
			}
			if ch.Sampler < 0 || ch.Sampler >= len(a.Samplers) {
				return pathError(cw+".sampler", "sampler %d out of range (the animation has %d)", ch.Sampler, len(a.Samplers))
			}
			if ch.Target.Path == qgltf.TRSWeights { // morph.go: one track a target
				nd := &r.d.nodes[ni]
				if nd.mesh < 0 || r.d.meshes[nd.mesh].targets == 0 {
					return pathError(cw+".target.node", "node %d has no mesh with morph targets to weigh", ni)
				}
				ts, err := r.weightTracks(fmt.Sprintf("%s.samplers[%d]", aw, ch.Sampler), a.Samplers[ch.Sampler], r.d.meshes[nd.mesh].targets)
				if err != nil {
					return err
				}
				for k := range ts {
					ts[k].Path = sn.path(ni)
				}
				c.Tracks = append(c.Tracks, ts...)
				c.Duration = max(c.Duration, ts[0].Keys[len(ts[0].Keys)-1].Time)
				continue
			}
			t, err := r.track(fmt.Sprintf("%s.samplers[%d]", aw, ch.Sampler), a.Samplers[ch.Sampler], ch.Target.Path)
			if err != nil {
				return err
			}
			t.Path = sn.path(ni)
			c.Tracks = append(c.Tracks, t)
			c.Duration = max(c.Duration, t.Keys[len(t.Keys)-1].Time)
		}
		if c.Duration == 0 {
			c.Duration = poseDuration
		}
		if err := c.Validate(); err != nil {
			return pathError(aw, "%v", err)
		}
		r.d.clips = append(r.d.clips, c)
	}
	return nil
}

// poseDuration is the length of a clip whose keys all lie at time 0 (a
// pose): Clip requires a positive duration.
const poseDuration = 1.0 / 60

// track reads one sampler as a Track on property prop (translation,
// rotation or scale), named at the JSON path where.
func (r *reader) track(where string, s *qgltf.AnimationSampler, prop qgltf.TRSProperty) (animation.Track, error) {
	var t animation.Track
	in, err := r.accessor(where+".input", s.Input, scalar, floatOnly)
	if err != nil {
		return t, err
	}
	width, types, cts := 3, vec3, floatOnly
	switch prop {
	case qgltf.TRSTranslation:
		t.Property = "position"
	case qgltf.TRSScale:
		t.Property = "scale"
	case qgltf.TRSRotation:
		t.Property, width, types, cts = "quaternion", 4, vec4, rotTypes
	default:
		return t, pathError(where, "target path %v is not read", prop)
	}
	out, err := r.accessor(where+".output", s.Output, types, cts)
	if err != nil {
		return t, err
	}
	if out.ComponentType != qgltf.ComponentFloat && !out.Normalized {
		return t, pathError(where+".output", "accessor %d: integer components must be normalized", s.Output)
	}
	n := in.Count
	per := 1
	switch s.Interpolation {
	case qgltf.InterpolationStep:
		t.Interp = animation.Step
	case qgltf.InterpolationCubicSpline:
		t.Interp, per = animation.Hermite, 3
	}
	if out.Count != n*per {
		return t, pathError(where+".output", "accessor %d has %d elements, want %d (%d keys × %d for %v)", s.Output, out.Count, n*per, n, per, s.Interpolation)
	}
	// Bound what a file's key counts may make.
	if err := r.spend(where, int64(n)*keyframeBytes); err != nil {
		return t, err
	}
	times, err := modeler.ReadAccessor(r.doc, in, nil)
	if err != nil {
		return t, pathError(where+".input", "%v", err)
	}
	ts, _ := times.([]float32)
	if len(ts) != n {
		return t, pathError(where+".input", "accessor %d: read %d times, want %d", s.Input, len(ts), n)
	}
	vals, err := readVecs(r.doc, out, width)
	if err != nil {
		return t, pathError(where+".output", "%v", err)
	}
	t.Keys = make([]animation.Keyframe, n)
	for k := range n {
		tk := ts[k]
		if !finite(tk) || tk < 0 || (k > 0 && tk <= ts[k-1]) {
			return t, pathError(where+".input", "accessor %d: time %d is %v, times must be finite, from 0, strictly increasing", s.Input, k, tk)
		}
		key := &t.Keys[k]
		key.Time = float64(tk)
		if per == 3 { // in-tangent, value, out-tangent, tangents per second
			key.In, key.Value, key.Out = vals[3*k], vals[3*k+1], vals[3*k+2]
		} else {
			key.Value = vals[k]
		}
		for _, v := range [...]mgl32.Vec4{key.Value, key.In, key.Out} {
			for c := range width {
				if !finite(v[c]) {
					return t, pathError(where+".output", "accessor %d: key %d is not finite", s.Output, k)
				}
			}
		}
	}
	return t, nil
}

// readVecs reads a VEC3 or VEC4 accessor (float, or normalized integers
// for rotations) into Vec4s.
func readVecs(doc *qgltf.Document, a *qgltf.Accessor, width int) ([]mgl32.Vec4, error) {
	raw, err := modeler.ReadAccessor(doc, a, nil)
	if err != nil {
		return nil, err
	}
	out := make([]mgl32.Vec4, 0, a.Count)
	switch v := raw.(type) {
	case [][3]float32:
		for _, e := range v {
			out = append(out, mgl32.Vec4{e[0], e[1], e[2], 0})
		}
	case [][4]float32:
		for _, e := range v {
			out = append(out, mgl32.Vec4(e))
		}
	case [][4]int8: // glTF's normalized signed: max(c/127, -1)
		for _, e := range v {
			out = append(out, mgl32.Vec4{snorm(float32(e[0]), 127), snorm(float32(e[1]), 127), snorm(float32(e[2]), 127), snorm(float32(e[3]), 127)})
		}
	case [][4]uint8:
		for _, e := range v {
			out = append(out, mgl32.Vec4{float32(e[0]) / 255, float32(e[1]) / 255, float32(e[2]) / 255, float32(e[3]) / 255})
		}
	case [][4]int16:
		for _, e := range v {
			out = append(out, mgl32.Vec4{snorm(float32(e[0]), 32767), snorm(float32(e[1]), 32767), snorm(float32(e[2]), 32767), snorm(float32(e[3]), 32767)})
		}
	case [][4]uint16:
		for _, e := range v {
			out = append(out, mgl32.Vec4{float32(e[0]) / 65535, float32(e[1]) / 65535, float32(e[2]) / 65535, float32(e[3]) / 65535})
		}
	default:
		return nil, fmt.Errorf("accessor of %T is not read", raw)
	}
	if len(out) != a.Count || width < 3 {
		return nil, fmt.Errorf("read %d elements, want %d", len(out), a.Count)
	}
	return out, nil
}

func snorm(c, m float32) float32 { return float32(math.Max(float64(c/m), -1)) }

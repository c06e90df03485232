package replay

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/tact-engine/tact/internal/fields"
	"github.com/tact-engine/tact/scenegraph"
)

// SceneState is a scene's state reduced to hashes, node by node: what a
// replay compares with the recorded run, frame by frame. Two runs in the
// same state give equal SceneStates in any process.
type SceneState struct {
	// Hash covers every node and component below.
	Hash uint64
	// Nodes lists every node in tree pre-order.
	Nodes []NodeState
}

// NodeState is one node's share of a SceneState.
type NodeState struct {
	// Path names the node by name and child index from the root, as in
	// "Level/Enemies[2]/Enemy[0]" (the root has no index).
	Path string
	// Node covers the node's own data: name, active flag, layer, and the
	// exact bits of its local position, rotation and scale.
	Node uint64
	// Components lists the node's components in order.
	Components []ComponentState
}

// ComponentState is one component's share of a SceneState.
type ComponentState struct {
	// Type is the component's Go type, e.g. "*game.Player".
	Type string
	// Hash covers the enabled flag and the component's state fields: the
	// exported fields a scene file saves (not the embedded Component, not
	// those tagged `scene:"-"`), by value:
	// floats by their exact bits, slices and arrays element by element, maps
	// in any order, a *scenegraph.Node or a component by its node's path,
	// other pointers and interfaces by what they point to (three levels
	// deep); functions and channels only count as nil or not. Unexported
	// fields are not covered: state that must replay identically, and be
	// checked, belongs in exported fields.
	Hash uint64
}

// StateHasher computes SceneStates and hashes. It caches what it learns
// about component types; use one per goroutine. Its zero value is ready.
type StateHasher struct {
	fields map[reflect.Type][]int // exported field indexes per struct type
	path   []byte
}

// HashScene returns s's state hash: CaptureState(s).Hash, without building
// the per-node lists.
func (h *StateHasher) HashScene(s *scenegraph.Scene) uint64 {
	h.path = h.path[:0]
	return h.node(s.Root(), -1, nil)
}

// CaptureState returns s's state, node by node.
func (h *StateHasher) CaptureState(s *scenegraph.Scene) *SceneState {
	st := &SceneState{}
	h.path = h.path[:0]
	st.Hash = h.node(s.Root(), -1, st)
	return st
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hash is FNV-1a over 64-bit words: deterministic across processes.
type hash uint64

func newHash() hash { return fnvOffset }

func (x *hash) u64(v uint64) {
	h := uint64(*x)
	for range 8 {
		h ^= v & 0xff
		h *= fnvPrime
		v >>= 8
	}
	*x = hash(h)
}

func (x *hash) str(s string) {
	x.u64(uint64(len(s)))
	h := uint64(*x)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	*x = hash(h)
}

func (x *hash) f32(f float32) { x.u64(uint64(math.Float32bits(f))) }

func (x *hash) boolean(b bool) {
	if b {
		x.u64(1)
	} else {
		x.u64(0)
	}
}

// node hashes n and its subtree; index is n's child index (-1 for the
// root). With st, it also appends n's NodeState.
func (h *StateHasher) node(n *scenegraph.Node, index int, st *SceneState) uint64 {
	mark := len(h.path)
	if index >= 0 {
		if mark > 0 {
			h.path = append(h.path, '/')
		}
		h.path = append(h.path, n.Name()...)
		h.path = append(h.path, '[')
		h.path = strconv.AppendInt(h.path, int64(index), 10)
		h.path = append(h.path, ']')
	} else {
		h.path = append(h.path, n.Name()...)
	}
	self := newHash()
	self.str(n.Name())
	self.u64(uint64(index))
	self.boolean(n.Active())
	self.u64(uint64(n.Layer))
	p, r, sc := n.Position(), n.Rotation(), n.Scale()
	for _, f := range [...]float32{p[0], p[1], p[2], r.W, r.V[0], r.V[1], r.V[2], sc[0], sc[1], sc[2]} {
		self.f32(f)
	}
	total := newHash()
	total.u64(uint64(self))
	var ns *NodeState
	if st != nil {
		st.Nodes = append(st.Nodes, NodeState{Path: string(h.path), Node: uint64(self)})
		ns = &st.Nodes[len(st.Nodes)-1]
	}
	var comps []ComponentState
	for _, b := range n.Components() {
		c := h.component(b)
		total.u64(c)
		if ns != nil {
			comps = append(comps, ComponentState{Type: b.Base().TypeName(), Hash: c})
		}
	}
	if ns != nil {
		ns.Components = comps // ns may move as children append: set it now
	}
	for i, ch := range n.Children() {
		total.u64(h.node(ch, i, st))
	}
	h.path = h.path[:mark]
	return uint64(total)
}

// component hashes one component's type, enabled flag and exported fields.
func (h *StateHasher) component(b scenegraph.Behavior) uint64 {
	x := newHash()
	c := b.Base()
	x.str(c.TypeName())
	x.boolean(c.Enabled())
	h.value(&x, reflect.ValueOf(b), 0)
	return uint64(x)
}

var (
	nodeType     = reflect.TypeFor[*scenegraph.Node]()
	behaviorType = reflect.TypeFor[scenegraph.Behavior]()
)

// maxDepth bounds how many pointers and interfaces value follows.
const maxDepth = 3

func (h *StateHasher) value(x *hash, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Bool:
		x.boolean(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x.u64(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x.u64(v.Uint())
	case reflect.Float32:
		x.u64(uint64(math.Float32bits(float32(v.Float()))))
	case reflect.Float64:
		x.u64(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		x.u64(math.Float64bits(real(c)))
		x.u64(math.Float64bits(imag(c)))
	case reflect.String:
		x.str(v.String())
	case reflect.Array, reflect.Slice:
		x.u64(uint64(v.Len()))
		for i := range v.Len() {
			h.value(x, v.Index(i), depth)
		}
	case reflect.Struct:
		for _, i := range h.exported(v.Type()) {
			h.value(x, v.Field(i), depth)
		}
	case reflect.Map:
		// Order-free: the sum of each entry's own hash.
		x.u64(uint64(v.Len()))
		var sum uint64
		it := v.MapRange()
		for it.Next() {
			e := newHash()
			h.value(&e, it.Key(), depth)
			h.value(&e, it.Value(), depth)
			sum += uint64(e)
		}
		x.u64(sum)
	case reflect.Pointer:
		if v.IsNil() {
			x.u64(0)
			return
		}
		x.u64(1)
		switch {
		case v.Type() == nodeType:
			x.str(v.Interface().(*scenegraph.Node).Path())
		case v.Type().Implements(behaviorType) && depth > 0:
			c := v.Interface().(scenegraph.Behavior).Base()
			x.str(c.TypeName())
			if n := c.Node(); n != nil {
				x.str(n.Path())
			}
		case depth < maxDepth:
			h.value(x, v.Elem(), depth+1)
		}
	case reflect.Interface:
		if v.IsNil() {
			x.u64(0)
			return
		}
		x.str(v.Elem().Type().String())
		if depth < maxDepth {
			h.value(x, v.Elem(), depth+1)
		}
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		x.boolean(v.IsNil())
	}
}

// exported returns the indexes of t's state fields (package fields), cached.
func (h *StateHasher) exported(t reflect.Type) []int {
	if f, ok := h.fields[t]; ok {
		return f
	}
	if h.fields == nil {
		h.fields = map[reflect.Type][]int{}
	}
	f := []int{}
	for _, sf := range fields.Of(t) {
		f = append(f, sf.Index[0])
	}
	h.fields[t] = f
	return f
}

// Diff describes the first difference between a (expected) and b, in tree
// pre-order: a node present in one state only, a node's own data, or a
// component. It returns "" when the states are equal.
func (a *SceneState) Diff(b *SceneState) string {
	if a.Hash == b.Hash {
		return ""
	}
	for i := range max(len(a.Nodes), len(b.Nodes)) {
		if i >= len(a.Nodes) {
			return fmt.Sprintf("node %q is extra", b.Nodes[i].Path)
		}
		if i >= len(b.Nodes) {
			return fmt.Sprintf("node %q is missing", a.Nodes[i].Path)
		}
		na, nb := &a.Nodes[i], &b.Nodes[i]
		if na.Path != nb.Path {
			return fmt.Sprintf("node %q is missing (found %q in its place)", na.Path, nb.Path)
		}
		if na.Node != nb.Node {
			return fmt.Sprintf("node %q: name, active flag, layer or transform differs", na.Path)
		}
		for j := range max(len(na.Components), len(nb.Components)) {
			switch {
			case j >= len(na.Components):
				return fmt.Sprintf("node %q: extra component %s", na.Path, nb.Components[j].Type)
			case j >= len(nb.Components):
				return fmt.Sprintf("node %q: missing component %s", na.Path, na.Components[j].Type)
			case na.Components[j] != nb.Components[j]:
				return fmt.Sprintf("node %q: component %d (%s) differs", na.Path, j, na.Components[j].Type)
			}
		}
	}
	return "the states differ in their hashes only"
}

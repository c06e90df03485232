package scenefile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// MarshalScene writes s as a scene file (see SceneFile): its name and its
// top-level nodes. Asset handles are written as the paths they were loaded
// from, so every texture, shader, font, sound and scene file a component
// refers to must have been loaded by the Store's asset manager and still be
// held (a clip made by code, as with audio.NewClip, is an error naming the
// field: a file cannot hold its samples). Node and component
// references get ids. Prefab instances are written out in full. Fields that
// a file cannot hold (functions, channels, interfaces) are left out.
func (st *Store) MarshalScene(s *scenegraph.Scene) ([]byte, error) {
	return st.marshal(s.Name(), s.Root().Name(), s.Root().Children())
}

// MarshalPrefab writes n and its subtree as a prefab file: a scene file
// with n as its one top-level node.
func (st *Store) MarshalPrefab(n *scenegraph.Node) ([]byte, error) {
	return st.marshal(n.Name(), "", []*scenegraph.Node{n})
}

// SaveScene writes MarshalScene's output to the file at p under the asset
// root, atomically (see asset.Manager.WriteFile).
func (st *Store) SaveScene(s *scenegraph.Scene, p string) error {
	b, err := st.MarshalScene(s)
	if err != nil {
		return err
	}
	return st.assets.WriteFile(p, b)
}

func (st *Store) marshal(file, name string, tops []*scenegraph.Node) ([]byte, error) {
	w := &sceneWriter{st: st, file: file, ids: map[*scenegraph.Node]string{}, objs: map[*scenegraph.Node]*jsonObj{}}
	for _, n := range tops {
		n.Walk(func(n *scenegraph.Node) bool { w.inTree = append(w.inTree, n); return true })
	}
	doc := &jsonObj{}
	doc.add("version", 1)
	if name != "" {
		doc.add("name", name)
	}
	var nodes []any
	for _, n := range tops {
		o, err := w.node(n)
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, o)
	}
	doc.add("nodes", nodes)
	// Ids go first in their node's object, in tree order, once every
	// reference is known.
	next := 1
	for _, n := range w.inTree {
		if _, ok := w.ids[n]; ok {
			id := "n" + strconv.Itoa(next)
			next++
			o := w.objs[n]
			o.keys = slices.Insert(o.keys, 0, "id")
			o.vals = slices.Insert(o.vals, 0, any(id))
			w.ids[n] = id
		}
	}
	for _, r := range w.refs {
		r.obj.vals[r.i] = w.ids[r.node]
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, &SceneError{File: file, Msg: err.Error()}
	}
	return buf.Bytes(), nil
}

// jsonObj is a JSON object that keeps its keys in order.
type jsonObj struct {
	keys []string
	vals []any
}

func (o *jsonObj) add(k string, v any) { o.keys = append(o.keys, k); o.vals = append(o.vals, v) }

// MarshalJSON writes the object with its keys in order.
func (o *jsonObj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// nodeRef is a place in the output that will hold a node's id.
type nodeRef struct {
	obj  *jsonObj
	i    int
	node *scenegraph.Node
}

type sceneWriter struct {
	st     *Store
	file   string
	inTree []*scenegraph.Node
	ids    map[*scenegraph.Node]string
	objs   map[*scenegraph.Node]*jsonObj
	refs   []nodeRef
}

func (w *sceneWriter) errf(n *scenegraph.Node, what, format string, args ...any) error {
	return &SceneError{File: w.file, JSONPath: n.Path() + what, Msg: fmt.Sprintf(format, args...)}
}

func (w *sceneWriter) node(n *scenegraph.Node) (*jsonObj, error) {
	o := &jsonObj{}
	w.objs[n] = o
	o.add("name", n.Name())
	if !n.Active() {
		o.add("active", false)
	}
	if p := n.Position(); p != (mgl32.Vec3{}) {
		v, err := floats(p[:])
		if err != nil {
			return nil, w.errf(n, " position", "%v", err)
		}
		o.add("position", v)
	}
	if q := n.Rotation(); q != mgl32.QuatIdent() {
		v, err := floats([]float32{q.V[0], q.V[1], q.V[2], q.W})
		if err != nil {
			return nil, w.errf(n, " rotation", "%v", err)
		}
		o.add("rotation", v)
	}
	if s := n.Scale(); s != (mgl32.Vec3{1, 1, 1}) {
		v, err := floats(s[:])
		if err != nil {
			return nil, w.errf(n, " scale", "%v", err)
		}
		o.add("scale", v)
	}
	if n.Layer != scenegraph.DefaultLayer {
		o.add("layer", n.Layer)
	}
	var comps []any
	for _, c := range n.Components() {
		ct := w.st.types.nameOf(reflect.TypeOf(c))
		if ct == nil {
			return nil, w.errf(n, "", "component %T is not registered (RegisterComponent)", c)
		}
		co := &jsonObj{}
		co.add("type", ct.name)
		if !c.Base().Enabled() {
			co.add("enabled", false)
		}
		if err := w.fields(co, reflect.ValueOf(c).Elem(), n, ct.name); err != nil {
			return nil, err
		}
		comps = append(comps, co)
	}
	if len(comps) > 0 {
		o.add("components", comps)
	}
	var kids []any
	for _, ch := range n.Children() {
		if !ch.IsValidStrict() {
			continue
		}
		k, err := w.node(ch)
		if err != nil {
			return nil, err
		}
		kids = append(kids, k)
	}
	if len(kids) > 0 {
		o.add("children", kids)
	}
	return o, nil
}

func floats(fs []float32) ([]any, error) {
	out := make([]any, len(fs))
	for i, f := range fs {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return nil, fmt.Errorf("%v cannot be written as JSON", f)
		}
		out[i] = f
	}
	return out, nil
}

// fields writes the struct v's file fields into o.
func (w *sceneWriter) fields(o *jsonObj, v reflect.Value, n *scenegraph.Node, where string) error {
	for _, f := range fieldsOf(v.Type()) {
		fv := v.FieldByIndex(f.Index)
		if !savable(f.Type) {
			continue
		}
		if (f.Type == typeMeshID || f.Type == typeTargetID) && fv.IsZero() {
			continue
		}
		o.add(f.Name, nil)
		if err := w.value(o, len(o.vals)-1, fv, n, where+"."+f.Name); err != nil {
			return err
		}
	}
	return nil
}

// savable reports whether a file can hold a value of type t.
func savable(t reflect.Type) bool {
	switch t {
	case typeTextureID, typeShaderID, typeMeshID, typeTargetID, typeColor, typeFont, typeClip, typeNode, typeSceneFile:
		return true
	}
	if isComponentPtr(t) {
		return true
	}
	switch t.Kind() {
	case reflect.Func, reflect.Chan, reflect.Interface, reflect.UnsafePointer, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array, reflect.Slice, reflect.Pointer:
		return savable(t.Elem())
	case reflect.Map:
		return t.Key().Kind() == reflect.String && savable(t.Elem())
	}
	return true
}

// value writes v into slot i of o (an object or, for arrays, a slice
// wrapper); node references are filled in later.
func (w *sceneWriter) value(o *jsonObj, i int, v reflect.Value, n *scenegraph.Node, where string) error {
	out, err := w.encode(v, n, where, func(ref *scenegraph.Node) { w.refs = append(w.refs, nodeRef{o, i, ref}) })
	if err != nil {
		return err
	}
	if _, isRef := out.(nodeMarker); !isRef {
		o.vals[i] = out
	}
	return nil
}

// nodeMarker stands for a node id not known yet.
type nodeMarker struct{}

func (w *sceneWriter) encode(v reflect.Value, n *scenegraph.Node, where string, ref func(*scenegraph.Node)) (any, error) {
	t := v.Type()
	switch t {
	case typeTextureID, typeShaderID, typeFont, typeClip, typeSceneFile:
		if v.IsZero() {
			if t != typeTextureID && t != typeShaderID {
				return nil, nil
			}
			return "", nil
		}
		p, ok := w.st.pathOf(v.Interface())
		if !ok {
			return nil, w.errf(n, " "+where, "%v was not loaded from a file by this asset manager (or was released)", v.Interface())
		}
		return p, nil
	case typeMeshID, typeTargetID:
		if v.IsZero() {
			return json.Number("0"), nil
		}
		return nil, w.errf(n, " "+where, "%v is made by code; a file cannot hold it", v.Interface())
	case typeColor:
		c := render.Color(v.Uint())
		return []any{c.R(), c.G(), c.B(), c.A()}, nil
	case typeNode:
		if v.IsNil() {
			return nil, nil
		}
		return w.nodeRef(v.Interface().(*scenegraph.Node), n, where, ref)
	}
	if isComponentPtr(t) {
		if v.IsNil() {
			return nil, nil
		}
		c := v.Interface().(scenegraph.Behavior)
		target := c.Base().Node()
		if target == nil {
			return nil, w.errf(n, " "+where, "refers to a detached %v", t)
		}
		for _, other := range target.Components() {
			if reflect.TypeOf(other) == t {
				if other != c {
					return nil, w.errf(n, " "+where, "refers to a %v that is not the first of its type on %q", t, target.Path())
				}
				break
			}
		}
		return w.nodeRef(target, n, where, ref)
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, w.errf(n, " "+where, "%v cannot be written as JSON", f)
		}
		if t.Kind() == reflect.Float32 {
			return float32(f), nil
		}
		return f, nil
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.String:
		return v.String(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint(), nil
	case reflect.Array, reflect.Slice:
		if t.Kind() == reflect.Slice && v.IsNil() {
			return nil, nil
		}
		arr := &jsonArr{}
		for j := range v.Len() {
			arr.add("", nil)
			if err := w.value(&arr.jsonObj, j, v.Index(j), n, where+"["+strconv.Itoa(j)+"]"); err != nil {
				return nil, err
			}
		}
		return arr, nil
	case reflect.Map:
		if v.IsNil() {
			return nil, nil
		}
		o := &jsonObj{}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmpString(a.String(), b.String()) })
		for _, k := range keys {
			o.add(k.String(), nil)
			if err := w.value(o, len(o.vals)-1, v.MapIndex(k), n, where+"."+k.String()); err != nil {
				return nil, err
			}
		}
		return o, nil
	case reflect.Struct:
		o := &jsonObj{}
		if err := w.fields(o, v, n, where); err != nil {
			return nil, err
		}
		return o, nil
	case reflect.Pointer:
		if v.IsNil() {
			return nil, nil
		}
		return w.encode(v.Elem(), n, where, ref)
	}
	return nil, w.errf(n, " "+where, "%v cannot be written to a file", t)
}

func (w *sceneWriter) nodeRef(target, n *scenegraph.Node, where string, ref func(*scenegraph.Node)) (any, error) {
	if !slices.Contains(w.inTree, target) {
		return nil, w.errf(n, " "+where, "refers to node %q, which is not in the saved tree", target.Path())
	}
	w.ids[target] = ""
	ref(target)
	return nodeMarker{}, nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// jsonArr is a JSON array whose elements may be filled in later.
type jsonArr struct{ jsonObj }

// MarshalJSON writes the elements in order.
func (a *jsonArr) MarshalJSON() ([]byte, error) { return json.Marshal(a.vals) }

package inspector

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// NodeSummary is a node as the tree and query list it.
type NodeSummary struct {
	ID     uint64 `json:"id"`
	Parent uint64 `json:"parent"` // 0: none (the scene root)
	Index  int    `json:"index"`  // among its siblings
	Name   string `json:"name"`
	Path   string `json:"path,omitempty"`
	Active bool   `json:"active"`
	// InHierarchy is ActiveInHierarchy: itself and every ancestor active.
	InHierarchy bool     `json:"inHierarchy"`
	Components  []string `json:"components"`
}

// NodeDetail is what get returns: the node, its transform and its
// components with their fields.
type NodeDetail struct {
	NodeSummary
	Position   [3]float32        `json:"position"`
	Angle      float32           `json:"angle"`
	Rotation   [4]float32        `json:"rotation"` // quaternion x, y, z, w
	Scale      [3]float32        `json:"scale"`
	Layer      uint32            `json:"layer"`
	Children   []uint64          `json:"children"`
	Components []ComponentDetail `json:"componentDetails"`
}

// ComponentDetail is one component of a node.
type ComponentDetail struct {
	Index   int     `json:"index"`
	Type    string  `json:"type"`
	Enabled bool    `json:"enabled"`
	Fields  []Field `json:"fields"`
}

// State is the game's state as the inspector controls it.
type State struct {
	Paused    bool    `json:"paused"`
	TimeScale float64 `json:"timeScale"`
	Frame     uint64  `json:"frame"`
	Scene     string  `json:"scene"`
	ReadOnly  bool    `json:"readOnly"`
}

// params of the methods; see the README's protocol table.
type (
	queryParams struct {
		Name      string `json:"name"`      // substring of the node name, any case
		Component string `json:"component"` // a component type name
		Limit     int    `json:"limit"`     // 0: 1000
	}
	idParams struct {
		ID uint64 `json:"id"`
	}
	setParams struct {
		ID       uint64          `json:"id"`
		Name     *string         `json:"name"`
		Active   *bool           `json:"active"`
		Position []float32       `json:"position"`
		Angle    *float32        `json:"angle"`
		Euler    []float32       `json:"euler"`
		Scale    []float32       `json:"scale"`
		Layer    *uint32         `json:"layer"`
		Index    *int            `json:"component"` // which component the fields are of
		Enabled  *bool           `json:"enabled"`   // that component's
		Fields   json.RawMessage `json:"fields"`
	}
	spawnParams struct {
		Parent     uint64            `json:"parent"` // 0: the scene root
		Name       string            `json:"name"`
		Prefab     string            `json:"prefab"`
		Components []json.RawMessage `json:"components"` // {"type": ..., fields...}
	}
	reparentParams struct {
		ID     uint64 `json:"id"`
		Parent uint64 `json:"parent"` // 0: the scene root
		Index  *int   `json:"index"`
	}
	schemaParams struct {
		Type string `json:"type"` // "": every registered type
	}
	pickParams struct {
		X float32 `json:"x"`
		Y float32 `json:"y"`
	}
	controlParams struct {
		Pause     *bool    `json:"pause"`
		Step      bool     `json:"step"`
		TimeScale *float64 `json:"timeScale"`
	}
	saveParams struct {
		Path string `json:"path"`
	}
)

// mutating lists the methods a read-only server refuses.
var mutating = map[string]bool{"tact.set": true, "tact.spawn": true, "tact.destroy": true,
	"tact.reparent": true, "tact.control": true, "tact.save": true,
	"tact.addComponent": true, "tact.removeComponent": true, "tact.savePrefab": true}

// dispatch decodes params on the HTTP goroutine and runs the method on the
// main thread.
func (s *Server) dispatch(ctx context.Context, method string, raw json.RawMessage) (any, *Error) {
	if s.opts.ReadOnly && mutating[method] {
		return nil, errf(CodeReadOnly, "%s: the inspector is read-only", method)
	}
	var run func() (any, *Error)
	switch method {
	case "tact.query":
		var p queryParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.query(p), nil }
	case "tact.tree":
		run = func() (any, *Error) { return s.snapshotTree(), nil }
	case "tact.get":
		var p idParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.get(p.ID) }
	case "tact.set":
		var p setParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.set(p) }
	case "tact.spawn":
		var p spawnParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.spawn(p) }
	case "tact.destroy":
		var p idParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.destroy(p.ID) }
	case "tact.reparent":
		var p reparentParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.reparent(p) }
	case "tact.list":
		return s.list(), nil // the registry is safe for concurrent use
	case "tact.schema":
		var p schemaParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		return s.schema(p.Type)
	case "tact.pick":
		var p pickParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.pick(p.X, p.Y), nil }
	case "tact.control":
		var p controlParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.control(p) }
	case "tact.state":
		run = func() (any, *Error) { return s.state(), nil }
	case "tact.addComponent":
		var p addComponentParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.addComponent(p) }
	case "tact.removeComponent":
		var p removeComponentParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.removeComponent(p) }
	case "tact.savePrefab":
		var p savePrefabParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.savePrefab(p) }
	case "tact.assets":
		var p assetsParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		if assetExts[p.Kind] == nil {
			return nil, errf(CodeInvalidParams, "tact.assets: kind %q: want texture, shader, font, sound, animation or prefab", p.Kind)
		}
		out := AssetList{Kind: p.Kind, Loaded: []string{}, Files: []string{}}
		if s.opts.Scenes != nil {
			// The disk is walked here, off the main thread; the loaded
			// list is the manager's, read there.
			fs, err := listFiles(s.opts.Scenes.Assets().Root(), p.Kind)
			if err != nil {
				return nil, errf(CodeFailed, "tact.assets: %v", err)
			}
			out.Files = append(out.Files, fs...)
		}
		run = func() (any, *Error) { out.Loaded = append(out.Loaded, s.loadedOfKind(p.Kind)...); return out, nil }
	case "tact.stats":
		run = func() (any, *Error) { return s.statsSnapshot(), nil }
	case "tact.save":
		var p saveParams
		if e := decode(method, raw, &p); e != nil {
			return nil, e
		}
		run = func() (any, *Error) { return s.save(p.Path) }
	default:
		return nil, errf(CodeNoMethod, "no method %q", method)
	}
	var res any
	var rerr *Error
	if err := s.do(ctx, func() {
		defer func() {
			if p := recover(); p != nil { // a component's setter or OnEnable panicked
				rerr = errf(CodeFailed, "%s panicked: %v", method, p)
			}
		}()
		res, rerr = run()
	}); err != nil {
		return nil, errf(CodeFailed, "%v", err)
	}
	return res, rerr
}

func decode(method string, raw json.RawMessage, dst any) *Error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(dst); err != nil {
		return errf(CodeInvalidParams, "%s: params: %v", method, err)
	}
	return nil
}

// idOf returns n's inspector id, giving it one on first sight. Ids are
// never reused while the server runs.
func (s *Server) idOf(n *scenegraph.Node) uint64 {
	if id, ok := s.ids[n]; ok {
		return id
	}
	s.nextID++
	s.ids[n] = s.nextID
	s.nodes[s.nextID] = n
	return s.nextID
}

// forget drops a node the game destroyed.
func (s *Server) forget(id uint64) {
	if n := s.nodes[id]; n != nil {
		delete(s.ids, n)
		delete(s.nodes, id)
	}
}

// node returns the live node with inspector id id.
func (s *Server) node(id uint64) (*scenegraph.Node, *Error) {
	n := s.nodes[id]
	if n == nil {
		return nil, errf(CodeNotFound, "no node %d", id)
	}
	if !n.IsValid() {
		s.forget(id)
		return nil, errf(CodeNotFound, "node %d (%s) was destroyed", id, n.Name())
	}
	return n, nil
}

// root returns the running scene's root node (nil: no scene).
func (s *Server) root() *scenegraph.Node {
	if sc := s.d.Scene(); sc != nil {
		return sc.Root()
	}
	return nil
}

// typeName names a component as scene files do, or by its Go type when it
// is not registered.
func (s *Server) typeName(b scenegraph.Behavior) string {
	if s.opts.Scenes != nil {
		if n, ok := s.opts.Scenes.ComponentTypes().NameOf(b); ok {
			return n
		}
	}
	return strings.TrimPrefix(reflect.TypeOf(b).String(), "*")
}

func (s *Server) summary(n *scenegraph.Node) NodeSummary {
	var parent uint64
	if p := n.Parent(); p != nil {
		parent = s.idOf(p)
	}
	cs := n.Components()
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = s.typeName(c)
	}
	return NodeSummary{ID: s.idOf(n), Parent: parent, Index: n.SiblingIndex(), Name: n.Name(), Path: n.Path(),
		Active: n.Active(), InHierarchy: n.ActiveInHierarchy(), Components: names}
}

func (s *Server) query(p queryParams) []NodeSummary {
	if p.Limit <= 0 {
		p.Limit = 1000
	}
	out := []NodeSummary{}
	r := s.root()
	if r == nil {
		return out
	}
	name := strings.ToLower(p.Name)
	r.Walk(func(n *scenegraph.Node) bool {
		if len(out) >= p.Limit {
			return false
		}
		if name != "" && !strings.Contains(strings.ToLower(n.Name()), name) {
			return true
		}
		if p.Component != "" && !slices.ContainsFunc(n.Components(), func(c scenegraph.Behavior) bool { return s.typeName(c) == p.Component }) {
			return true
		}
		out = append(out, s.summary(n))
		return true
	})
	return out
}

func (s *Server) assets() *asset.Manager {
	if s.opts.Scenes != nil {
		return s.opts.Scenes.Assets()
	}
	return nil
}

func (s *Server) get(id uint64) (*NodeDetail, *Error) {
	n, e := s.node(id)
	if e != nil {
		return nil, e
	}
	d := &NodeDetail{NodeSummary: s.summary(n), Position: n.Position(), Angle: n.Angle(), Scale: n.Scale(), Layer: n.Layer}
	q := n.Rotation()
	d.Rotation = [4]float32{q.V[0], q.V[1], q.V[2], q.W}
	d.Children = []uint64{}
	for _, c := range n.Children() {
		d.Children = append(d.Children, s.idOf(c))
	}
	d.Components = []ComponentDetail{}
	for i, c := range n.Components() {
		d.Components = append(d.Components, ComponentDetail{Index: i, Type: s.typeName(c), Enabled: c.Base().Enabled(),
			Fields: componentFields(c, s.assets())})
	}
	return d, nil
}

// vec3 reads a 2- or 3-element vector; a 2-element one keeps old's z.
func vec3(what string, v []float32, old mgl32.Vec3) (mgl32.Vec3, *Error) {
	switch len(v) {
	case 2:
		old[0], old[1] = v[0], v[1]
	case 3:
		old = mgl32.Vec3{v[0], v[1], v[2]}
	default:
		return old, errf(CodeInvalidParams, "tact.set: %s: want [x, y] or [x, y, z], have %d numbers", what, len(v))
	}
	for _, f := range old {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return old, errf(CodeInvalidParams, "tact.set: %s: not a finite number", what)
		}
	}
	return old, nil
}

// set changes what p names, checking everything before changing anything
// but component fields (which it checks one by one).
func (s *Server) set(p setParams) (*NodeDetail, *Error) {
	n, e := s.node(p.ID)
	if e != nil {
		return nil, e
	}
	var pos, scale mgl32.Vec3
	if p.Position != nil {
		if pos, e = vec3("position", p.Position, n.Position()); e != nil {
			return nil, e
		}
	}
	if p.Scale != nil {
		if scale, e = vec3("scale", p.Scale, n.Scale()); e != nil {
			return nil, e
		}
	}
	if p.Euler != nil && len(p.Euler) != 3 {
		return nil, errf(CodeInvalidParams, "tact.set: euler: want [x, y, z] degrees")
	}
	var comp scenegraph.Behavior
	var obj map[string]any
	if p.Index != nil {
		cs := n.Components()
		if *p.Index < 0 || *p.Index >= len(cs) {
			return nil, errf(CodeNotFound, "tact.set: node %d (%s) has no component %d (it has %d)", p.ID, n.Name(), *p.Index, len(cs))
		}
		comp = cs[*p.Index]
		if len(p.Fields) > 0 {
			d := json.NewDecoder(bytes.NewReader(p.Fields))
			d.UseNumber()
			if err := d.Decode(&obj); err != nil {
				return nil, errf(CodeInvalidParams, "tact.set: fields: want an object: %v", err)
			}
		}
	} else if len(p.Fields) > 0 || p.Enabled != nil {
		return nil, errf(CodeInvalidParams, "tact.set: fields and enabled need \"component\" (its index on the node)")
	}
	if p.Name != nil {
		n.SetName(*p.Name)
	}
	if p.Position != nil {
		n.SetPosition(pos)
	}
	if p.Scale != nil {
		n.SetScale(scale)
	}
	if p.Angle != nil {
		n.SetAngle(*p.Angle)
	}
	if p.Euler != nil {
		n.SetRotationEuler(p.Euler[0], p.Euler[1], p.Euler[2])
	}
	if p.Layer != nil {
		n.Layer = *p.Layer
	}
	if comp != nil {
		what := fmt.Sprintf("node %d (%s) component %d (%s)", p.ID, n.Name(), *p.Index, s.typeName(comp))
		if obj != nil {
			if err := decodeFields(reflect.ValueOf(comp).Elem(), obj, what, resolve{s}); err != nil {
				return nil, errf(CodeInvalidParams, "tact.set: %v", err)
			}
		}
		if p.Enabled != nil {
			comp.Base().SetEnabled(*p.Enabled)
		}
	}
	if p.Active != nil {
		n.SetActive(*p.Active)
	}
	return s.get(p.ID)
}

func (s *Server) parentOr(id uint64) (*scenegraph.Node, *Error) {
	if id == 0 {
		r := s.root()
		if r == nil {
			return nil, errf(CodeFailed, "no scene is running")
		}
		return r, nil
	}
	return s.node(id)
}

func (s *Server) spawn(p spawnParams) (*NodeSummary, *Error) {
	parent, e := s.parentOr(p.Parent)
	if e != nil {
		return nil, e
	}
	var n *scenegraph.Node
	if p.Prefab != "" {
		if s.opts.Scenes == nil {
			return nil, errf(CodeFailed, "tact.spawn: no scene store to load prefab %q from", p.Prefab)
		}
		a, f, err := s.opts.Scenes.LoadPrefab(p.Prefab)
		if err != nil {
			return nil, errf(CodeFailed, "tact.spawn: %v", err)
		}
		n, err = f.Instantiate()
		a.Release() // the instance holds the file
		if err != nil {
			return nil, errf(CodeFailed, "tact.spawn: %v", err)
		}
	} else {
		n = scenegraph.NewNode(p.Name)
	}
	if p.Name != "" {
		n.SetName(p.Name)
	}
	var comps []scenegraph.Behavior
	for i, raw := range p.Components {
		c, err := s.newComponent(raw)
		if err != nil {
			return nil, errf(CodeInvalidParams, "tact.spawn: components[%d]: %v", i, err)
		}
		comps = append(comps, c)
	}
	for _, c := range comps {
		scenegraph.AddComponent(n, c)
	}
	if err := parent.AddChild(n); err != nil {
		return nil, errf(CodeFailed, "tact.spawn: %v", err)
	}
	sum := s.summary(n)
	return &sum, nil
}

// newComponent builds {"type": T, field: value...} with T's factory.
func (s *Server) newComponent(raw json.RawMessage) (scenegraph.Behavior, error) {
	var obj map[string]any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&obj); err != nil {
		return nil, fmt.Errorf("want an object: %v", err)
	}
	typ, _ := obj["type"].(string)
	if s.opts.Scenes == nil {
		return nil, fmt.Errorf("no component registry (Options.Scenes)")
	}
	c, err := s.opts.Scenes.ComponentTypes().New(typ)
	if err != nil {
		return nil, err
	}
	delete(obj, "type")
	return c, decodeFields(reflect.ValueOf(c).Elem(), obj, typ, resolve{s})
}

func (s *Server) destroy(id uint64) (bool, *Error) {
	n, e := s.node(id)
	if e != nil {
		return false, e
	}
	if n == s.root() {
		return false, errf(CodeInvalidParams, "tact.destroy: node %d is the scene root", id)
	}
	return n.Destroy(), nil
}

func (s *Server) reparent(p reparentParams) (*NodeSummary, *Error) {
	n, e := s.node(p.ID)
	if e != nil {
		return nil, e
	}
	parent, e := s.parentOr(p.Parent)
	if e != nil {
		return nil, e
	}
	for a := parent; a != nil; a = a.Parent() {
		if a == n {
			return nil, errf(CodeInvalidParams, "tact.reparent: node %d (%s) cannot move under itself or its descendant %d", p.ID, n.Name(), p.Parent)
		}
	}
	if err := n.SetParent(parent); err != nil {
		return nil, errf(CodeFailed, "tact.reparent: %v", err)
	}
	if p.Index != nil {
		n.SetSiblingIndex(*p.Index)
	}
	sum := s.summary(n)
	return &sum, nil
}

// TypeSchema describes a component type: its fields, with their kinds and
// default values.
type TypeSchema struct {
	Name   string  `json:"name"`
	Go     string  `json:"go"`
	Fields []Field `json:"fields"`
}

func (s *Server) list() []string {
	if s.opts.Scenes == nil {
		return []string{}
	}
	return s.opts.Scenes.ComponentTypes().Names()
}

func (s *Server) schema(name string) ([]TypeSchema, *Error) {
	names := s.list()
	if name != "" {
		if !slices.Contains(names, name) {
			return nil, errf(CodeNotFound, "tact.schema: unknown component type %q", name)
		}
		names = []string{name}
	}
	out := []TypeSchema{}
	for _, n := range names {
		c, err := s.opts.Scenes.ComponentTypes().New(n)
		if err != nil {
			return nil, errf(CodeNotFound, "tact.schema: %v", err)
		}
		out = append(out, TypeSchema{Name: n, Go: reflect.TypeOf(c).String(), Fields: componentFields(c, nil)})
	}
	return out, nil
}

func (s *Server) state() State {
	st := State{Paused: s.d.Paused() && s.stepping == 0, TimeScale: s.TimeScale(), Frame: s.d.TotalFrames(), ReadOnly: s.opts.ReadOnly}
	if sc := s.d.Scene(); sc != nil {
		st.Scene = sc.Name()
	}
	return st
}

func (s *Server) control(p controlParams) (State, *Error) {
	if p.TimeScale != nil {
		if ts := *p.TimeScale; !(ts >= 0 && ts <= 100) {
			return s.state(), errf(CodeInvalidParams, "tact.control: timeScale %v: want 0..100", ts)
		}
		s.timeScale.Store(math.Float64bits(*p.TimeScale))
	}
	if p.Pause != nil {
		if *p.Pause {
			s.d.Pause()
		} else {
			s.d.Resume()
		}
	}
	if p.Step {
		if !s.d.Paused() {
			s.d.Pause()
		}
		s.stepArmed = true // the next BeginFrame resumes for one frame
	}
	return s.state(), nil
}

// save writes the running scene to path under the asset root.
func (s *Server) save(p string) (string, *Error) {
	if e := s.savePath("tact.save", p); e != nil {
		return "", e
	}
	sc := s.d.Scene()
	if sc == nil {
		return "", errf(CodeFailed, "tact.save: no scene is running")
	}
	if err := s.opts.Scenes.SaveScene(sc, p); err != nil {
		return "", errf(CodeFailed, "tact.save: %v", err)
	}
	return p, nil
}

package scenefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// SceneFile is a parsed scene or prefab file (JSON), with every asset it
// names loaded and held. It is immutable: NewScene and Instantiate build as
// many independent copies as you like, and every copy holds a reference to
// the file's asset (so its textures and fonts stay loaded) until its root
// node is destroyed.
//
// The file is UTF-8; a byte order mark at its start is skipped (editors
// on Windows write one). The format:
//
//	{
//	  "version": 1,                      // optional; 1 is the only version
//	  "name": "Level 1",                 // the scene's name (default: the file name)
//	  "nodes": [                         // top-level nodes (a prefab has exactly one)
//	    {
//	      "id": "hero",                  // optional, unique: what node references name
//	      "name": "Hero",
//	      "active": true,                // default true
//	      "position": [10, 20, 0],       // [x, y] or [x, y, z]
//	      "angle": 30,                   // degrees around Z; or "euler": [x, y, z]
//	                                     // (degrees) or "rotation": [x, y, z, w]
//	      "scale": [1, 1, 1],            // [x, y] or [x, y, z]
//	      "layer": 1,
//	      "prefab": "prefabs/gun.json",  // optional: start from an instance of a prefab
//	      "components": [
//	        {"type": "Sprite", "enabled": true,
//	         "Texture": "textures/hero.png", "Size": [32, 32], "Color": [255, 255, 255, 255],
//	         "Target": "enemy"}          // a *scenegraph.Node or *SomeComponent field
//	      ],
//	      "children": [ ... ]
//	    }
//	  ]
//	}
//
// Components are named by their registered type (ComponentTypes); their
// exported fields are set by name after the factory creates them (Go
// vectors and arrays as JSON arrays of exactly their length, render.Color as
// [r, g, b, a] in 0..255, structs as objects). Fields of type
// render.TextureID, render.ShaderID, *text.Font, *audio.Clip (a
// sound.AudioSource's Clip) and *SceneFile hold asset paths (relative to
// the asset root; "" or null for none), loaded as dependencies before the
// file, and are saved as the paths they were loaded from. Fields of type *scenegraph.Node, or a pointer
// to a component type, refer to a node of the same file by id, or by its path
// of names from the top level ("Hero/Gun"); a component reference gets that
// node's first component of the field's type. A field tagged `scene:"-"` is
// never read or written. Unknown keys, unknown types, wrong value types and
// dangling references are errors naming the file and the JSON path.
type SceneFile struct {
	file  string
	name  string
	nodes []*nodeDoc
	refs  []assetRef
	types *ComponentTypes
	x     heldAsset
	deps  map[string]any
}

// heldAsset is what a SceneFile needs of its asset (*asset.Asset): to know
// it is still loaded, and to keep it loaded while instances live.
type heldAsset interface {
	State() asset.State
	Retain()
	Release()
}

// FromAsset returns x's scene file, or nil if x is not a loaded scene or
// prefab.
func FromAsset(x *asset.Asset) *SceneFile {
	if x == nil {
		return nil
	}
	s, _ := x.Value().(*SceneFile)
	return s
}

// Path returns the file's asset path.
func (s *SceneFile) Path() string { return s.file }

// Name returns the scene's name: the file's "name", or its path.
func (s *SceneFile) Name() string { return s.name }

type nodeDoc struct {
	jpath      *jsonPath // shares its parent's steps: one step per node
	id, name   string
	active     bool
	activeSet  bool // "active" given (a prefab instance keeps its own otherwise)
	pos, scale *mgl32.Vec3
	rot        *mgl32.Quat
	layer      *uint32
	prefab     string
	comps      []compDoc
	children   []*nodeDoc
}

type compDoc struct {
	jpath   *jsonPath // one step past its node's
	typ     *componentType
	enabled bool
	obj     map[string]any // the JSON object, read-only once parsed
}

// sceneFormat decodes JSON scene and prefab files.
type sceneFormat struct{ types *ComponentTypes }

func (l *sceneFormat) Decode(src *asset.Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	return parseSceneFile(src.Path, b, l.types, src)
}

func (l *sceneFormat) Create(ctx *asset.CreateContext, decoded any) (any, error) {
	s := decoded.(*SceneFile)
	deps := map[string]any{}
	for _, d := range ctx.Asset().Dependencies() {
		deps[d.Path()] = d.Value()
	}
	for _, r := range s.refs {
		if err := checkAssetKind(s.file, r, deps[r.path]); err != nil {
			return nil, err
		}
	}
	for _, n := range allNodes(s.nodes) {
		if n.prefab == "" {
			continue
		}
		if _, ok := deps[n.prefab].(*SceneFile); !ok {
			return nil, &SceneError{File: s.file, JSONPath: n.jpath.dot("prefab").String(), Msg: fmt.Sprintf("%q is %s, want a prefab file", n.prefab, kindOfValue(deps[n.prefab]))}
		}
	}
	// The decoded file is shared by nobody yet: finish it here.
	s.x, s.deps = ctx.Asset(), deps
	return s, nil
}

func (l *sceneFormat) Free(*render.Frame, any) {}

// allNodes returns the nodes of the trees ns, in file order (depth first,
// parents before children).
func allNodes(ns []*nodeDoc) []*nodeDoc {
	var out []*nodeDoc
	var add func(ns []*nodeDoc)
	add = func(ns []*nodeDoc) {
		for _, n := range ns {
			out = append(out, n)
			add(n.children)
		}
	}
	add(ns)
	return out
}

// utf8BOM is the UTF-8 encoding of U+FEFF, the byte order mark.
const utf8BOM = "\ufeff"

// parseSceneFile parses and checks a scene file completely (component types,
// field values, node references) without touching a scene; src, if not nil,
// gets the asset dependencies.
func parseSceneFile(file string, data []byte, types *ComponentTypes, src *asset.Source) (*SceneFile, error) {
	errf := func(jp *jsonPath, format string, args ...any) error {
		return &SceneError{File: file, JSONPath: jp.String(), Msg: fmt.Sprintf(format, args...)}
	}
	// A UTF-8 byte order mark is no JSON, but editors write one; JSON
	// (RFC 8259) lets a parser ignore it. Line and column numbers in
	// errors stay right: the mark is no character of the first line.
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top any
	if err := dec.Decode(&top); err != nil {
		return nil, errf(nil, "malformed JSON: %v", jsonErr(data, err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errf(nil, "malformed JSON: data after the top-level value")
	}
	root := jsonRoot()
	obj, ok := top.(map[string]any)
	if !ok {
		return nil, errf(root, "want object, have %s", jsonKind(top))
	}
	s := &SceneFile{file: file, name: file, types: types}
	for k, v := range obj {
		switch k {
		case "version":
			if n, ok := v.(json.Number); !ok || n != "1" {
				return nil, errf(root.dot(k), "want 1, have %v", v)
			}
		case "name":
			name, ok := v.(string)
			if !ok {
				return nil, errf(root.dot(k), "want string, have %s", jsonKind(v))
			}
			s.name = name
		case "nodes":
		default:
			return nil, errf(root.dot(k), "unknown key (want version, name, nodes)")
		}
	}
	p := &sceneParser{file: file, types: types, ids: map[string]bool{}}
	nodes, err := p.nodeList(obj["nodes"], root, "nodes")
	if err != nil {
		return nil, err
	}
	s.nodes = nodes
	// Second pass, once every node is known: the fields.
	env := &fieldEnv{file: file, src: src, roots: nodes}
	for _, n := range allNodes(nodes) {
		if n.prefab != "" && src != nil {
			src.Depend(n.prefab)
		}
		for _, c := range n.comps {
			scratch := reflect.New(c.typ.typ.Elem()).Elem()
			if err := decodeFields(scratch, c.obj, c.jpath, []string{"type", "enabled"}, env); err != nil {
				return nil, err
			}
		}
	}
	s.refs = env.assetRefs
	return s, nil
}

// jsonErr adds the line and column to a JSON syntax error.
func jsonErr(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := 1, 1
		for _, c := range data[:min(int(se.Offset), len(data))] {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return fmt.Errorf("line %d, column %d: %v", line, col, err)
	}
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		return errors.New("unexpected end of file")
	}
	return err
}

// sceneParser makes a file's node and component documents (the first
// pass); their fields are checked once every node is known.
type sceneParser struct {
	file  string
	types *ComponentTypes
	ids   map[string]bool
}

func (p *sceneParser) errf(jp *jsonPath, format string, args ...any) error {
	return &SceneError{File: p.file, JSONPath: jp.String(), Msg: fmt.Sprintf(format, args...)}
}

// nodeList parses v, the member key of the object at jp, as an array of
// nodes.
func (p *sceneParser) nodeList(v any, jp *jsonPath, key string) ([]*nodeDoc, error) {
	if v == nil {
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, p.errf(jp.dot(key), "want array of nodes, have %s", jsonKind(v))
	}
	var out []*nodeDoc
	for i, e := range arr {
		n, err := p.node(e, jp.dotAt(key, i))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func (p *sceneParser) node(v any, jp *jsonPath) (*nodeDoc, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, p.errf(jp, "want node object, have %s", jsonKind(v))
	}
	n := &nodeDoc{jpath: jp, active: true}
	str := func(k string) (string, error) {
		s, ok := obj[k].(string)
		if !ok {
			return "", p.errf(jp.dot(k), "want string, have %s", jsonKind(obj[k]))
		}
		return s, nil
	}
	rotations := 0
	for _, k := range sortedKeys(obj) {
		v := obj[k]
		kp := jp.dot(k)
		var err error
		switch k {
		case "id":
			if n.id, err = str(k); err == nil && (n.id == "" || p.ids[n.id]) {
				err = p.errf(kp, "id %q is empty or used twice", n.id)
			}
		case "name":
			n.name, err = str(k)
		case "prefab":
			if n.prefab, err = str(k); err == nil {
				if n.prefab, err = asset.CleanPath(n.prefab); err != nil {
					err = p.errf(kp, "%v", err)
				}
			}
		case "active":
			b, ok := v.(bool)
			if !ok {
				err = p.errf(kp, "want bool, have %s", jsonKind(v))
			}
			n.active, n.activeSet = b, true
		case "position", "scale":
			var vec mgl32.Vec3
			vec, err = p.vec23(v, kp, k == "scale")
			if k == "position" {
				n.pos = &vec
			} else {
				n.scale = &vec
			}
		case "angle", "euler", "rotation":
			rotations++
			var q mgl32.Quat
			q, err = p.rotation(k, v, kp)
			n.rot = &q
		case "layer":
			var l uint32
			err = decodeValue(reflect.ValueOf(&l).Elem(), v, kp, &fieldEnv{file: p.file})
			n.layer = &l
		case "components", "children":
		default:
			err = p.errf(kp, "unknown key (want id, name, active, position, angle, euler, rotation, scale, layer, prefab, components, children)")
		}
		if err != nil {
			return nil, err
		}
	}
	if rotations > 1 {
		return nil, p.errf(jp, "give one of angle, euler and rotation")
	}
	if n.id != "" {
		p.ids[n.id] = true
	}
	if cs, ok := obj["components"]; ok && cs != nil {
		arr, ok := cs.([]any)
		if !ok {
			return nil, p.errf(jp.dot("components"), "want array of components, have %s", jsonKind(cs))
		}
		for i, c := range arr {
			cd, err := p.component(c, jp.dotAt("components", i))
			if err != nil {
				return nil, err
			}
			n.comps = append(n.comps, cd)
		}
	}
	children, err := p.nodeList(obj["children"], jp, "children")
	if err != nil {
		return nil, err
	}
	n.children = children
	return n, nil
}

func (p *sceneParser) component(v any, jp *jsonPath) (compDoc, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return compDoc{}, p.errf(jp, "want component object, have %s", jsonKind(v))
	}
	name, ok := obj["type"].(string)
	if !ok {
		return compDoc{}, p.errf(jp.dot("type"), "want string (a registered component type), have %s", jsonKind(obj["type"]))
	}
	ct := p.types.lookup(name)
	if ct == nil {
		return compDoc{}, p.errf(jp.dot("type"), "unknown component type %q (registered: %s)", name, strings.Join(p.types.Names(), ", "))
	}
	c := compDoc{jpath: jp, typ: ct, enabled: true, obj: obj}
	if e, ok := obj["enabled"]; ok {
		b, ok := e.(bool)
		if !ok {
			return compDoc{}, p.errf(jp.dot("enabled"), "want bool, have %s", jsonKind(e))
		}
		c.enabled = b
	}
	return c, nil
}

func (p *sceneParser) vec23(v any, jp *jsonPath, scale bool) (mgl32.Vec3, error) {
	arr, ok := v.([]any)
	if !ok || (len(arr) != 2 && len(arr) != 3) {
		return mgl32.Vec3{}, p.errf(jp, "want [2]number or [3]number, have %s", jsonKind(v))
	}
	out := mgl32.Vec3{0, 0, 0}
	if scale {
		out[2] = 1
	}
	env := &fieldEnv{file: p.file}
	for i, e := range arr {
		if err := decodeValue(reflect.ValueOf(&out[i]).Elem(), e, jp.at(i), env); err != nil {
			return out, err
		}
	}
	return out, nil
}

func (p *sceneParser) rotation(k string, v any, jp *jsonPath) (mgl32.Quat, error) {
	env := &fieldEnv{file: p.file}
	switch k {
	case "angle":
		var deg float32
		if err := decodeValue(reflect.ValueOf(&deg).Elem(), v, jp, env); err != nil {
			return mgl32.Quat{}, err
		}
		return mgl32.QuatRotate(mgl32.DegToRad(deg), mgl32.Vec3{0, 0, 1}), nil
	case "euler":
		var e [3]float32
		if err := decodeValue(reflect.ValueOf(&e).Elem(), v, jp, env); err != nil {
			return mgl32.Quat{}, err
		}
		return mgl32.AnglesToQuat(mgl32.DegToRad(e[2]), mgl32.DegToRad(e[1]), mgl32.DegToRad(e[0]), mgl32.ZYX), nil
	}
	var q [4]float32
	if err := decodeValue(reflect.ValueOf(&q).Elem(), v, jp, env); err != nil {
		return mgl32.Quat{}, err
	}
	quat := mgl32.Quat{W: q[3], V: mgl32.Vec3{q[0], q[1], q[2]}}
	if quat.Len() == 0 {
		return mgl32.Quat{}, p.errf(jp, "zero quaternion")
	}
	return quat, nil
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// NewScene builds a new scene from the file: its top-level nodes under the
// scene's root. The scene holds a reference to the file's asset until it is
// unloaded.
func (s *SceneFile) NewScene() (*scenegraph.Scene, error) {
	if err := s.usable(); err != nil {
		return nil, err
	}
	sc := scenegraph.NewScene(s.name)
	if _, err := s.build(sc.Root()); err != nil {
		sc.Unload()
		return nil, err
	}
	s.hold(sc.Root())
	return sc, nil
}

// Instantiate builds a new copy of a prefab file's one top-level node,
// detached (add it where you want it). The copy holds a reference to the
// file's asset until it is destroyed. A file with another number of
// top-level nodes is an error.
func (s *SceneFile) Instantiate() (*scenegraph.Node, error) {
	if err := s.usable(); err != nil {
		return nil, err
	}
	if len(s.nodes) != 1 {
		return nil, &SceneError{File: s.file, JSONPath: "$.nodes", Msg: fmt.Sprintf("a prefab has exactly one top-level node, this file has %d", len(s.nodes))}
	}
	holder := scenegraph.NewNode("")
	nodes, err := s.build(holder)
	if err != nil {
		return nil, err
	}
	n := nodes[0]
	n.RemoveFromParent()
	s.hold(n)
	return n, nil
}

func (s *SceneFile) usable() error {
	if s.x == nil || s.x.State() != asset.Loaded {
		return &SceneError{File: s.file, Msg: "the scene file's asset is not loaded (released?)"}
	}
	return nil
}

// hold makes n keep the file's asset (and so its dependencies) loaded until
// n is destroyed.
func (s *SceneFile) hold(n *scenegraph.Node) {
	x := s.x
	x.Retain()
	n.On(scenegraph.EventDestroyed, func(*scenegraph.Event) { x.Release() }, nil)
}

// build creates the file's top-level nodes under parent: nodes and
// components first, then fields (so that references find every node).
func (s *SceneFile) build(parent *scenegraph.Node) ([]*scenegraph.Node, error) {
	env := &fieldEnv{file: s.file, building: true, deps: s.deps, roots: s.nodes,
		built: map[*nodeDoc]*scenegraph.Node{}, comps: map[*scenegraph.Node][]scenegraph.Behavior{}}
	type pending struct {
		doc  compDoc
		comp scenegraph.Behavior
	}
	var comps []pending
	wantActive := map[*scenegraph.Node]bool{}
	var mk func(d *nodeDoc, parent *scenegraph.Node) error
	mk = func(d *nodeDoc, parent *scenegraph.Node) error {
		var n *scenegraph.Node
		if d.prefab != "" {
			pf := s.deps[d.prefab].(*SceneFile)
			inst, err := pf.Instantiate()
			if err != nil {
				return err
			}
			n = inst
			if d.name != "" {
				n.SetName(d.name)
			}
		} else {
			n = scenegraph.NewNode(d.name)
		}
		if d.pos != nil {
			n.SetPosition(*d.pos)
		}
		if d.rot != nil {
			n.SetRotation(*d.rot)
		}
		if d.scale != nil {
			n.SetScale(*d.scale)
		}
		if d.layer != nil {
			n.Layer = *d.layer
		}
		// Inactive before it is attached, so that nothing starts in a
		// half-built subtree.
		active := n.Active()
		if d.prefab == "" || d.activeSet {
			active = d.active
		}
		wantActive[n] = active
		n.SetActive(false)
		env.built[d] = n
		parent.AddChild(n)
		for _, cd := range d.comps {
			c := cd.typ.factory()
			if !cd.enabled {
				c.Base().SetEnabled(false)
			}
			comps = append(comps, pending{cd, c})
			env.comps[n] = append(env.comps[n], c)
		}
		for _, ch := range d.children {
			if err := mk(ch, n); err != nil {
				return err
			}
		}
		return nil
	}
	var built []*scenegraph.Node
	for _, d := range s.nodes {
		before := len(parent.Children())
		if err := mk(d, parent); err != nil {
			return nil, err
		}
		built = append(built, parent.Children()[before:]...)
	}
	// Fields are set before the components are attached, so OnLoad sees them.
	for _, p := range comps {
		v := reflect.ValueOf(p.comp).Elem()
		if err := decodeFields(v, p.doc.obj, p.doc.jpath, []string{"type", "enabled"}, env); err != nil {
			return nil, err
		}
	}
	// Attach in file order, then activate.
	i := 0
	var attach func(d *nodeDoc, n *scenegraph.Node)
	attach = func(d *nodeDoc, n *scenegraph.Node) {
		for range d.comps {
			scenegraph.AddComponent(n, comps[i].comp)
			i++
		}
		kids := n.Children()
		off := len(kids) - len(d.children) // a prefab's own children come first
		for j, ch := range d.children {
			attach(ch, kids[off+j])
		}
	}
	for j, d := range s.nodes {
		attach(d, built[j])
	}
	var activate func(d *nodeDoc, n *scenegraph.Node)
	activate = func(d *nodeDoc, n *scenegraph.Node) {
		kids := n.Children()
		off := len(kids) - len(d.children)
		for j, ch := range d.children {
			activate(ch, kids[off+j])
		}
		if wantActive[n] {
			n.SetActive(true)
		}
	}
	for j, d := range s.nodes {
		activate(d, built[j])
	}
	return built, nil
}

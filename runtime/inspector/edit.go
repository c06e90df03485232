package inspector

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// The params of the editing methods.
type (
	addComponentParams struct {
		ID     uint64          `json:"id"`
		Type   string          `json:"type"`   // a registered component type
		Fields json.RawMessage `json:"fields"` // its fields, as in tact.set
	}
	removeComponentParams struct {
		ID        uint64 `json:"id"`
		Component *int   `json:"component"` // its index on the node
	}
	savePrefabParams struct {
		ID   uint64 `json:"id"`
		Path string `json:"path"`
	}
	assetsParams struct {
		Kind string `json:"kind"` // texture, shader, font, sound, animation, prefab
	}
)

// assetExts are the file name endings of each asset kind, as the asset
// manager's formats read them (shaders: ".vert" names a ".shader" pair).
var assetExts = map[string][]string{
	"texture":   {".png", ".jpg", ".jpeg"},
	"shader":    {".shader", ".vert"},
	"font":      {".ttf", ".otf"},
	"sound":     {".wav", ".ogg", ".mp3"},
	"animation": {asset.ClipExt},
	"prefab":    {".json"},
}

// maxListed bounds what tact.assets walks and returns: an asset root is a
// game's data, but a client must not make the server list a whole disk.
const maxListed = 5000

// resolve is the Server's resolver: it loads assets through the asset
// manager and finds nodes in the running scene. It runs on the main thread.
type resolve struct{ s *Server }

// asset sets dst (a texture, shader, font, sound, clip or prefab field) to
// the asset at p, loading it; "" clears it. The inspector keeps one
// reference to each asset it loaded until Close, so the value stays valid
// while the component holds it.
func (r resolve) asset(dst reflect.Value, p, what string) error {
	if p == "" {
		dst.SetZero()
		return nil
	}
	a := r.s.assets()
	if a == nil {
		return fmt.Errorf("%s: no asset manager to load %q from", what, p)
	}
	key, err := asset.CleanPath(p)
	if err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	x, err := a.Load(key)
	if err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	var v reflect.Value
	switch val := x.Value(); dst.Type() {
	case typeTexture:
		if t, ok := val.(*asset.Texture); ok {
			v = reflect.ValueOf(t.ID)
		}
	case typeShader:
		if sh, ok := val.(*asset.Shader); ok {
			v = reflect.ValueOf(sh.ID)
		}
	default:
		if val != nil && reflect.TypeOf(val) == dst.Type() {
			v = reflect.ValueOf(val)
		}
	}
	if !v.IsValid() {
		x.Release()
		return fmt.Errorf("%s: %q is a %T, want a %s (%v)", what, key, x.Value(), assetKind(dst.Type()), dst.Type())
	}
	if r.s.held[key] != nil {
		x.Release() // one reference per path is enough
	} else {
		r.s.held[key] = x
	}
	dst.Set(v)
	return nil
}

// node sets dst (a *scenegraph.Node, or a component pointer) to the node at
// p in the running scene, or that node's component of dst's type; "" (or
// null) clears it.
func (r resolve) node(dst reflect.Value, p, what string) error {
	if p == "" {
		dst.SetZero()
		return nil
	}
	n := r.s.findPath(p)
	if n == nil {
		return fmt.Errorf("%s: no node at path %q in the running scene", what, p)
	}
	if dst.Type() == typeNode {
		dst.Set(reflect.ValueOf(n))
		return nil
	}
	for _, c := range n.Components() {
		if reflect.TypeOf(c) == dst.Type() {
			dst.Set(reflect.ValueOf(c))
			return nil
		}
	}
	return fmt.Errorf("%s: node %q has no %v component", what, p, dst.Type())
}

// findPath returns the node at p: a path as Node.Path gives it (starting
// with the scene root's name), or one relative to the scene root.
func (s *Server) findPath(p string) *scenegraph.Node {
	r := s.root()
	if r == nil {
		return nil
	}
	if p == r.Name() {
		return r
	}
	if rest, ok := strings.CutPrefix(p, r.Name()+"/"); ok {
		if n := r.Find(rest); n != nil {
			return n
		}
	}
	return r.Find(p)
}

// addComponent adds a component of a registered type to a node, with
// fields set before it joins the node (so its OnLoad sees them).
func (s *Server) addComponent(p addComponentParams) (*NodeDetail, *Error) {
	n, e := s.node(p.ID)
	if e != nil {
		return nil, e
	}
	raw := map[string]json.RawMessage{}
	if len(p.Fields) > 0 && string(p.Fields) != "null" {
		if err := json.Unmarshal(p.Fields, &raw); err != nil {
			return nil, errf(CodeInvalidParams, "tact.addComponent: fields: want an object: %v", err)
		}
	}
	t, _ := json.Marshal(p.Type)
	raw["type"] = t
	obj, _ := json.Marshal(raw)
	c, err := s.newComponent(obj)
	if err != nil {
		return nil, errf(CodeInvalidParams, "tact.addComponent: node %d (%s): %v", p.ID, n.Name(), err)
	}
	scenegraph.AddComponent(n, c)
	return s.get(p.ID)
}

// removeComponent destroys a node's component (OnDisable now, OnDestroy at
// the frame's deferred-destroy step, as Component.Destroy does).
func (s *Server) removeComponent(p removeComponentParams) (bool, *Error) {
	n, e := s.node(p.ID)
	if e != nil {
		return false, e
	}
	if p.Component == nil {
		return false, errf(CodeInvalidParams, "tact.removeComponent: want \"component\" (its index on node %d)", p.ID)
	}
	cs := n.Components()
	if *p.Component < 0 || *p.Component >= len(cs) {
		return false, errf(CodeNotFound, "tact.removeComponent: node %d (%s) has no component %d (it has %d)", p.ID, n.Name(), *p.Component, len(cs))
	}
	return cs[*p.Component].Base().Destroy(), nil
}

// savePath checks a path to write a scene or prefab file to and makes its
// folder under the asset root.
func (s *Server) savePath(method, p string) *Error {
	if s.opts.Scenes == nil {
		return errf(CodeFailed, "%s: no scene store (the game has no asset root)", method)
	}
	if !strings.HasSuffix(p, ".json") {
		return errf(CodeInvalidParams, "%s: %q: a scene or prefab file's name ends in .json", method, p)
	}
	// The path rules are the asset manager's (WriteFile refuses any path
	// leaving the root); a path that is not local is refused before any
	// folder is made.
	if !filepath.IsLocal(filepath.FromSlash(p)) {
		return errf(CodeInvalidParams, "%s: %q leaves the asset root", method, p)
	}
	if dir := path.Dir(p); dir != "." {
		if err := os.MkdirAll(filepath.Join(s.opts.Scenes.Assets().Root(), filepath.FromSlash(dir)), 0o755); err != nil {
			return errf(CodeFailed, "%s: %v", method, err)
		}
	}
	return nil
}

// savePrefab writes node p.ID and its subtree as a prefab file at p.Path
// under the asset root.
func (s *Server) savePrefab(p savePrefabParams) (string, *Error) {
	n, e := s.node(p.ID)
	if e != nil {
		return "", e
	}
	if e := s.savePath("tact.savePrefab", p.Path); e != nil {
		return "", e
	}
	b, err := s.opts.Scenes.MarshalPrefab(n)
	if err != nil {
		return "", errf(CodeFailed, "tact.savePrefab: node %d (%s): %v", p.ID, n.Path(), err)
	}
	if err := s.opts.Scenes.Assets().WriteFile(p.Path, b); err != nil {
		return "", errf(CodeFailed, "tact.savePrefab: %v", err)
	}
	return p.Path, nil
}

// hasKind reports whether name ends in one of kind's extensions (a prefab
// is a ".json" that is no other kind's, as animation clips' ".anim.json").
func hasKind(kind, name string) bool {
	for _, ext := range assetExts[kind] {
		if strings.HasSuffix(name, ext) {
			return kind != "prefab" || !strings.HasSuffix(name, asset.ClipExt)
		}
	}
	return false
}

// listFiles returns the asset paths of kind's files under root, sorted,
// at most maxListed. It reads only the disk (any goroutine).
func listFiles(root, kind string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder lists nothing
		}
		if len(out) >= maxListed {
			return fs.SkipAll
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if !hasKind(kind, d.Name()) {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		if strings.HasSuffix(rel, ".vert") {
			rel = strings.TrimSuffix(rel, ".vert") + ".shader"
		}
		out = append(out, rel)
		return nil
	})
	slices.Sort(out)
	return slices.Compact(out), err
}

// loadedOfKind returns the loaded assets whose path is of kind (main
// thread).
func (s *Server) loadedOfKind(kind string) []string {
	a := s.assets()
	if a == nil {
		return nil
	}
	var out []string
	for _, p := range a.Loaded() {
		if hasKind(kind, p) {
			out = append(out, p)
		}
	}
	return out
}

// AssetList is what tact.assets returns: the asset paths of one kind, the
// loaded ones and the files under the asset root, each sorted.
type AssetList struct {
	Kind   string   `json:"kind"`
	Loaded []string `json:"loaded"`
	Files  []string `json:"files"`
}

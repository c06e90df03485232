package scenefile

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/tact-engine/tact/internal/fields"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// The types a scene file's fields treat specially. They are constants in all
// but syntax: never assigned after initialization.
var (
	typeTextureID = reflect.TypeFor[render.TextureID]()
	typeShaderID  = reflect.TypeFor[render.ShaderID]()
	typeMeshID    = reflect.TypeFor[render.MeshID]()
	typeTargetID  = reflect.TypeFor[render.TargetID]()
	typeColor     = reflect.TypeFor[render.Color]()
	typeFont      = reflect.TypeFor[*text.Font]()
	typeClip      = reflect.TypeFor[*audio.Clip]()
	typeNode      = reflect.TypeFor[*scenegraph.Node]()
	typeSceneFile = reflect.TypeFor[*SceneFile]()
	typeBehavior  = reflect.TypeFor[scenegraph.Behavior]()
)

// SceneError is an error in a scene or prefab file: the file, the JSON path
// of the bad value (as in "$.nodes[2].components[0].Color") and why.
type SceneError struct {
	File, JSONPath, Msg string
}

// Error returns "file: $.path: message".
func (e *SceneError) Error() string {
	if e.JSONPath == "" {
		return e.File + ": " + e.Msg
	}
	return e.File + ": " + e.JSONPath + ": " + e.Msg
}

// assetRef is a field's reference to another asset, checked for its kind when
// the scene file is created.
type assetRef struct {
	path  string
	jpath *jsonPath
	want  reflect.Type
}

// fieldEnv resolves what field values refer to. While decoding on a worker
// (building false) it only checks references and records asset
// dependencies; while instantiating on the main thread it returns handles
// and nodes.
type fieldEnv struct {
	file     string
	building bool
	roots    []*nodeDoc // the file's top-level nodes, which references name
	index    *nodeIndex // of roots, made by the first reference
	// decoding
	src       *asset.Source
	assetRefs []assetRef
	// instantiating
	deps  map[string]any
	built map[*nodeDoc]*scenegraph.Node
	comps map[*scenegraph.Node][]scenegraph.Behavior // not attached yet
}

func (e *fieldEnv) errf(jp *jsonPath, format string, args ...any) error {
	return &SceneError{File: e.file, JSONPath: jp.String(), Msg: fmt.Sprintf(format, args...)}
}

// describe names the JSON a Go type wants, for errors.
func describe(t reflect.Type) string {
	switch t {
	case typeTextureID:
		return "string (texture path)"
	case typeShaderID:
		return "string (shader path)"
	case typeFont:
		return "string (font path) or null"
	case typeClip:
		return "string (sound path) or null"
	case typeSceneFile:
		return "string (scene or prefab path) or null"
	case typeNode:
		return "string (node id or path) or null"
	case typeColor:
		return "[4]number"
	}
	if isComponentPtr(t) {
		return "string (node id or path) or null"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Array:
		if d := describe(t.Elem()); !strings.Contains(d, " ") {
			return "[" + strconv.Itoa(t.Len()) + "]" + d
		}
		return "array of " + strconv.Itoa(t.Len())
	case reflect.Slice:
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Pointer:
		return describe(t.Elem()) + " or null"
	}
	return t.String()
}

func isComponentPtr(t reflect.Type) bool {
	return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct && t.Implements(typeBehavior)
}

// fieldsOf returns the fields of struct type t a scene file may set, by
// name: the component state of package fields.
func fieldsOf(t reflect.Type) []reflect.StructField { return fields.Of(t) }

// decodeFields sets the fields of the struct dst from the JSON object obj,
// skipping the keys in skip; unknown keys are errors.
func decodeFields(dst reflect.Value, obj map[string]any, jp *jsonPath, skip []string, env *fieldEnv) error {
	fields := fieldsOf(dst.Type())
	keys := make([]string, 0, len(obj))
	for k := range obj {
		if !slices.Contains(skip, k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		i := slices.IndexFunc(fields, func(f reflect.StructField) bool { return f.Name == k })
		if i < 0 {
			return env.errf(jp.dot(k), "%v has no exported field %s", dst.Type(), k)
		}
		f := fields[i]
		if err := decodeValue(dst.FieldByIndex(f.Index), obj[k], jp.dot(k), env); err != nil {
			return err
		}
	}
	return nil
}

// decodeValue sets dst (settable) from the parsed JSON value v, at jp.
func decodeValue(dst reflect.Value, v any, jp *jsonPath, env *fieldEnv) error {
	t := dst.Type()
	want := func() error {
		return env.errf(jp, "want %s, have %s", describe(t), jsonKind(v))
	}
	switch t {
	case typeTextureID, typeShaderID, typeFont, typeClip, typeSceneFile:
		if v == nil && t != typeTextureID && t != typeShaderID {
			dst.SetZero()
			return nil
		}
		s, ok := v.(string)
		if !ok {
			return want()
		}
		if s == "" {
			dst.SetZero()
			return nil
		}
		return env.asset(dst, s, jp)
	case typeMeshID, typeTargetID:
		if n, ok := v.(json.Number); ok && n == "0" || v == nil {
			dst.SetZero()
			return nil
		}
		return env.errf(jp, "%v handles are made by code and cannot come from a file; want 0 or null", t)
	case typeColor:
		if arr, ok := v.([]any); !ok || len(arr) != 4 {
			return want()
		}
		var c [4]uint8
		if err := decodeValue(reflect.ValueOf(&c).Elem(), v, jp, env); err != nil {
			return err // an element's
		}
		dst.SetUint(uint64(render.RGBA(c[0], c[1], c[2], c[3])))
		return nil
	case typeNode:
		return env.node(dst, v, jp, nil)
	}
	if isComponentPtr(t) {
		return env.node(dst, v, jp, t)
	}
	switch t.Kind() {
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return want()
		}
		dst.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return want()
		}
		i, err := strconv.ParseInt(string(n), 10, t.Bits())
		if err != nil {
			return intErr(env, jp, n, t, err)
		}
		dst.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, ok := v.(json.Number)
		if !ok {
			return want()
		}
		u, err := strconv.ParseUint(string(n), 10, t.Bits())
		if err != nil {
			return intErr(env, jp, n, t, err)
		}
		dst.SetUint(u)
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return want()
		}
		f, err := strconv.ParseFloat(string(n), t.Bits())
		if err != nil || math.IsInf(f, 0) {
			return env.errf(jp, "number %s out of range for %v", n, t)
		}
		dst.SetFloat(f)
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return want()
		}
		dst.SetString(s)
	case reflect.Array:
		arr, ok := v.([]any)
		if !ok || len(arr) != t.Len() {
			return want()
		}
		for i, e := range arr {
			if err := decodeValue(dst.Index(i), e, jp.at(i), env); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if v == nil {
			dst.SetZero()
			return nil
		}
		arr, ok := v.([]any)
		if !ok {
			return want()
		}
		s := reflect.MakeSlice(t, len(arr), len(arr))
		for i, e := range arr {
			if err := decodeValue(s.Index(i), e, jp.at(i), env); err != nil {
				return err
			}
		}
		dst.Set(s)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return env.errf(jp, "%v fields cannot be set from a file (map keys must be strings)", t)
		}
		if v == nil {
			dst.SetZero()
			return nil
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return want()
		}
		m := reflect.MakeMapWithSize(t, len(obj))
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			e := reflect.New(t.Elem()).Elem()
			if err := decodeValue(e, obj[k], jp.dot(k), env); err != nil {
				return err
			}
			m.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), e)
		}
		dst.Set(m)
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return want()
		}
		return decodeFields(dst, obj, jp, nil, env)
	case reflect.Pointer:
		if v == nil {
			dst.SetZero()
			return nil
		}
		p := reflect.New(t.Elem())
		if err := decodeValue(p.Elem(), v, jp, env); err != nil {
			return err
		}
		dst.Set(p)
	default:
		return env.errf(jp, "%v fields cannot be set from a file", t)
	}
	return nil
}

func intErr(env *fieldEnv, jp *jsonPath, n json.Number, t reflect.Type, err error) error {
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		return env.errf(jp, "number %s out of range for %v", n, t)
	}
	return env.errf(jp, "want integer, have %s", n)
}

// jsonKind names a parsed JSON value's kind, for errors.
func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array of " + strconv.Itoa(len(x))
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// asset resolves an asset path for a field of dst's type.
func (e *fieldEnv) asset(dst reflect.Value, p string, jp *jsonPath) error {
	key, err := asset.CleanPath(p)
	if err != nil {
		return e.errf(jp, "%v", err)
	}
	if !e.building {
		if e.src != nil {
			e.src.Depend(key)
		}
		e.assetRefs = append(e.assetRefs, assetRef{path: key, jpath: jp, want: dst.Type()})
		return nil
	}
	v := e.deps[key]
	switch dst.Type() {
	case typeTextureID:
		if t, ok := v.(*asset.Texture); ok {
			dst.Set(reflect.ValueOf(t.ID))
			return nil
		}
	case typeShaderID:
		if s, ok := v.(*asset.Shader); ok {
			dst.Set(reflect.ValueOf(s.ID))
			return nil
		}
	default:
		if v != nil && reflect.TypeOf(v) == dst.Type() {
			dst.Set(reflect.ValueOf(v))
			return nil
		}
	}
	return e.errf(jp, "%q is %s, want %s", key, kindOfValue(v), describe(dst.Type()))
}

// kindOfValue names what a loaded asset value is, for errors.
func kindOfValue(v any) string {
	switch v.(type) {
	case *asset.Texture:
		return "a texture"
	case *asset.Shader:
		return "a shader"
	case *text.Font:
		return "a font"
	case *audio.Clip:
		return "a sound"
	case *SceneFile:
		return "a scene file"
	case nil:
		return "not loaded"
	}
	return fmt.Sprintf("a %T", v)
}

// checkAssetKind checks, when a scene file is created, that the asset at ref
// is of the kind its field wants.
func checkAssetKind(file string, ref assetRef, v any) error {
	ok := false
	switch ref.want {
	case typeTextureID:
		_, ok = v.(*asset.Texture)
	case typeShaderID:
		_, ok = v.(*asset.Shader)
	default:
		ok = v != nil && reflect.TypeOf(v) == ref.want
	}
	if ok {
		return nil
	}
	return &SceneError{File: file, JSONPath: ref.jpath.String(), Msg: fmt.Sprintf("%q is %s, want %s", ref.path, kindOfValue(v), describe(ref.want))}
}

// node resolves a node reference (an id in the file, or a slash path of
// names from the file's top level); comp, if not nil, is the component type
// wanted on that node.
func (e *fieldEnv) node(dst reflect.Value, v any, jp *jsonPath, comp reflect.Type) error {
	if v == nil {
		dst.SetZero()
		return nil
	}
	ref, ok := v.(string)
	if !ok || ref == "" {
		return e.errf(jp, "want %s, have %s", describe(dst.Type()), jsonKind(v))
	}
	if e.index == nil {
		e.index = newNodeIndex(e.roots)
	}
	d := e.index.lookup(ref)
	if d == nil {
		return e.errf(jp, "no node with id or path %q in this file", ref)
	}
	if !e.building {
		return nil
	}
	n := e.built[d]
	if comp == nil {
		dst.Set(reflect.ValueOf(n))
		return nil
	}
	for _, c := range append(n.Components()[:len(n.Components()):len(n.Components())], e.comps[n]...) {
		if reflect.TypeOf(c) == comp {
			dst.Set(reflect.ValueOf(c))
			return nil
		}
	}
	return e.errf(jp, "node %q has no %v", ref, comp)
}

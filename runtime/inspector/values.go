package inspector

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tact-engine/tact/internal/fields"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// Field is one state field of a component (the scene-file rule: exported,
// not the embedded Component, not tagged `scene:"-"`), as get returns it.
type Field struct {
	// Name is the Go field name, the key a scene file uses.
	Name string `json:"name"`
	// Kind says which input fits: "bool", "int", "uint", "float",
	// "string", "color" ([r, g, b, a] 0..255), "vector" (an array of
	// numbers: mgl32.Vec2/3/4), "asset" (the asset path under the asset
	// root; set loads it), "node" (a node path, as Node.Path gives it, or
	// relative to the scene root; for a component type, that node's
	// component of the type), "array", "object", or "opaque" (a value the
	// inspector shows as text only). An integer with named values is "int"
	// or "uint" with Enum set.
	Kind string `json:"kind"`
	// Go is the Go type, as in "mgl32.Vec2".
	Go string `json:"go"`
	// Value is the value in scene-file JSON.
	Value any `json:"value"`
	// ReadOnly is true for values set cannot change: opaque ones, and
	// asset handles that have no file (meshes, render targets).
	ReadOnly bool `json:"readOnly,omitempty"`
	// Asset, for kind "asset", is the kind of file the field takes:
	// "texture", "shader", "font", "sound", "animation" or "prefab" (the
	// kinds tact.assets lists); "" for handles with no file.
	Asset string `json:"asset,omitempty"`
	// Enum lists the named values of an integer type with a String method
	// (render.BlendMode: opaque, alpha, ...), for a select; Value stays the
	// number, as in scene files.
	Enum []EnumValue `json:"enum,omitempty"`
}

// EnumValue is one named value of an enum field.
type EnumValue struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
}

var (
	typeColor    = reflect.TypeFor[render.Color]()
	typeTexture  = reflect.TypeFor[render.TextureID]()
	typeShader   = reflect.TypeFor[render.ShaderID]()
	typeMesh     = reflect.TypeFor[render.MeshID]()
	typeTarget   = reflect.TypeFor[render.TargetID]()
	typeNode     = reflect.TypeFor[*scenegraph.Node]()
	typeBehavior = reflect.TypeFor[scenegraph.Behavior]()
	typeFont     = reflect.TypeFor[*text.Font]()
	typeSound    = reflect.TypeFor[*audio.Clip]()
	typeAnim     = reflect.TypeFor[*animation.Clip]()
	typePrefab   = reflect.TypeFor[*scenefile.SceneFile]()
	typeStringer = reflect.TypeFor[fmt.Stringer]()
)

// assetKind names the kind of file a field of type t takes ("": none).
func assetKind(t reflect.Type) string {
	switch t {
	case typeTexture:
		return "texture"
	case typeShader:
		return "shader"
	case typeFont:
		return "font"
	case typeSound:
		return "sound"
	case typeAnim:
		return "animation"
	case typePrefab:
		return "prefab"
	}
	return ""
}

// enumOf lists the named values of t when it is a named integer type whose
// String names its values 0, 1, 2... (a Go enum); nil otherwise. It stops at
// the first value whose name does not start with a letter or has a
// parenthesis ("blend(invalid)", "mode(7)"), and gives up past 64 values,
// where the type is a number with a String method (time.Duration: "0s"
// fails at once).
func enumOf(t reflect.Type) []EnumValue {
	if t.PkgPath() == "" || !t.Implements(typeStringer) {
		return nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
	default:
		return nil
	}
	var out []EnumValue
	v := reflect.New(t).Elem()
	for i := int64(0); i <= 64; i++ {
		if t.Kind() >= reflect.Uint {
			v.SetUint(uint64(i))
		} else {
			v.SetInt(i)
		}
		name := v.Interface().(fmt.Stringer).String()
		if name == "" || strings.ContainsAny(name, "()") || !unicode.IsLetter([]rune(name)[0]) {
			break
		}
		out = append(out, EnumValue{Name: name, Value: i})
	}
	if len(out) < 2 || len(out) > 64 {
		return nil
	}
	return out
}

// kindOf classifies t for the page's inputs.
func kindOf(t reflect.Type) string {
	switch t {
	case typeColor:
		return "color"
	case typeTexture, typeShader, typeMesh, typeTarget:
		return "asset"
	case typeNode:
		return "node"
	}
	if t.Kind() == reflect.Pointer && t.Implements(typeBehavior) {
		return "node"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "int"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "uint"
	case reflect.Float32, reflect.Float64:
		return "float"
	case reflect.String:
		return "string"
	case reflect.Array:
		if k := t.Elem().Kind(); k == reflect.Float32 || k == reflect.Float64 {
			return "vector"
		}
		return "array"
	case reflect.Slice:
		return "array"
	case reflect.Struct:
		return "object"
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Struct {
			return "asset" // fonts, clips, scene files: loaded assets
		}
	}
	return "opaque"
}

// readOnlyType reports whether set cannot change a field of type t:
// opaque values, and handles with no file behind them.
func readOnlyType(t reflect.Type) bool {
	k := kindOf(t)
	return k == "opaque" || (k == "asset" && assetKind(t) == "")
}

// componentFields returns b's state fields with their values.
func componentFields(b scenegraph.Behavior, assets *asset.Manager) []Field {
	v := reflect.ValueOf(b).Elem()
	fs := fields.Of(v.Type())
	out := make([]Field, 0, len(fs))
	for _, f := range fs {
		k := kindOf(f.Type)
		out = append(out, Field{Name: f.Name, Kind: k, Go: f.Type.String(),
			Value: encodeValue(v.FieldByIndex(f.Index), assets), ReadOnly: readOnlyType(f.Type),
			Asset: assetKind(f.Type), Enum: enumOf(f.Type)})
	}
	return out
}

// encodeValue returns v as scene-file JSON: colors as [r, g, b, a],
// vectors and arrays as arrays, structs as objects, assets as their paths,
// nodes as their paths.
func encodeValue(v reflect.Value, assets *asset.Manager) any {
	t := v.Type()
	switch t {
	case typeColor:
		c := render.Color(v.Uint())
		return []int{int(c.R()), int(c.G()), int(c.B()), int(c.A())} // not []uint8: JSON would make that base64
	case typeTexture, typeShader:
		if v.Uint() == 0 {
			return ""
		}
		if assets != nil {
			if p, ok := assets.PathOf(v.Interface()); ok {
				return p
			}
		}
		return "#" + strconv.FormatUint(v.Uint(), 10)
	case typeMesh, typeTarget:
		return v.Uint()
	case typeNode:
		if v.IsNil() {
			return nil
		}
		return v.Interface().(*scenegraph.Node).Path()
	}
	switch t.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint()
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return strconv.FormatFloat(f, 'g', -1, 64) // JSON has no NaN
		}
		if t.Kind() == reflect.Float32 {
			// The shortest decimal that reads back as the same float32.
			f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', -1, 32), 64)
		}
		return f
	case reflect.String:
		return v.String()
	case reflect.Array, reflect.Slice:
		if t.Kind() == reflect.Slice && v.IsNil() {
			return nil
		}
		a := make([]any, v.Len())
		for i := range a {
			a[i] = encodeValue(v.Index(i), assets)
		}
		return a
	case reflect.Struct:
		m := map[string]any{}
		for _, f := range fields.Of(t) {
			m[f.Name] = encodeValue(v.FieldByIndex(f.Index), assets)
		}
		return m
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		if t.Implements(typeBehavior) {
			if n := v.Interface().(scenegraph.Behavior).Base().Node(); n != nil {
				return n.Path()
			}
			return nil
		}
		if assets != nil {
			if p, ok := assets.PathOf(v.Interface()); ok {
				return p
			}
		}
		return t.String()
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return t.String()
		}
		m := map[string]any{}
		it := v.MapRange()
		for it.Next() {
			m[it.Key().String()] = encodeValue(it.Value(), assets)
		}
		return m
	}
	return t.String()
}

// resolver turns the paths a client sends for asset and node fields into
// values; a nil resolver refuses them.
type resolver interface {
	asset(dst reflect.Value, p, what string) error
	node(dst reflect.Value, p, what string) error
}

// decodeValue sets dst from the JSON value v (decoded with UseNumber); what
// names the field in errors; res resolves asset and node paths.
func decodeValue(dst reflect.Value, v any, what string, res resolver) error {
	t := dst.Type()
	want := func(w string) error { return fmt.Errorf("%s: want %s, have %s", what, w, jsonKind(v)) }
	if t == typeColor {
		arr, ok := v.([]any)
		if !ok || len(arr) != 4 {
			return want("[r, g, b, a] (0..255)")
		}
		var c [4]uint8
		if err := decodeValue(reflect.ValueOf(&c).Elem(), v, what, nil); err != nil {
			return err
		}
		dst.SetUint(uint64(render.RGBA(c[0], c[1], c[2], c[3])))
		return nil
	}
	if readOnlyType(t) {
		return fmt.Errorf("%s: %v fields cannot be set from the inspector (%s)", what, t, kindOf(t))
	}
	if k := kindOf(t); k == "asset" || k == "node" {
		p, ok := v.(string)
		if v != nil && !ok {
			return want("an " + k + " path (string) or null")
		}
		if res == nil {
			return fmt.Errorf("%s: %v fields need the running game to resolve %q", what, t, p)
		}
		if k == "asset" {
			return res.asset(dst, p, what)
		}
		return res.node(dst, p, what)
	}
	switch t.Kind() {
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return want("bool")
		}
		dst.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			return want("integer")
		}
		i, err := strconv.ParseInt(string(n), 10, t.Bits())
		if err != nil {
			return fmt.Errorf("%s: %s is not a %v", what, n, t)
		}
		dst.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			return want("integer")
		}
		u, err := strconv.ParseUint(string(n), 10, t.Bits())
		if err != nil {
			return fmt.Errorf("%s: %s is not a %v", what, n, t)
		}
		dst.SetUint(u)
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return want("number")
		}
		f, err := strconv.ParseFloat(string(n), t.Bits())
		if err != nil || math.IsInf(f, 0) {
			return fmt.Errorf("%s: number %s out of range for %v", what, n, t)
		}
		dst.SetFloat(f)
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return want("string")
		}
		dst.SetString(s)
	case reflect.Array:
		arr, ok := v.([]any)
		if !ok || len(arr) != t.Len() {
			return want("array of " + strconv.Itoa(t.Len()))
		}
		tmp := reflect.New(t).Elem() // all or nothing
		tmp.Set(dst)
		for i, e := range arr {
			if err := decodeValue(tmp.Index(i), e, what+"["+strconv.Itoa(i)+"]", res); err != nil {
				return err
			}
		}
		dst.Set(tmp)
	case reflect.Slice:
		if v == nil {
			dst.SetZero()
			return nil
		}
		arr, ok := v.([]any)
		if !ok {
			return want("array")
		}
		s := reflect.MakeSlice(t, len(arr), len(arr))
		for i, e := range arr {
			if err := decodeValue(s.Index(i), e, what+"["+strconv.Itoa(i)+"]", res); err != nil {
				return err
			}
		}
		dst.Set(s)
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return want("object")
		}
		tmp := reflect.New(t).Elem()
		tmp.Set(dst)
		if err := decodeFields(tmp, obj, what, res); err != nil {
			return err
		}
		dst.Set(tmp)
	default:
		return fmt.Errorf("%s: %v fields cannot be set from the inspector", what, t)
	}
	return nil
}

// decodeFields sets the state fields of the struct dst named in obj; an
// unknown name is an error. Fields are set one by one; the first error
// stops, leaving the fields before it set.
func decodeFields(dst reflect.Value, obj map[string]any, what string, res resolver) error {
	fs := fields.Of(dst.Type())
	for _, k := range sortedKeys(obj) {
		i := -1
		for j, f := range fs {
			if f.Name == k {
				i = j
			}
		}
		if i < 0 {
			return fmt.Errorf("%s: %v has no state field %q", what, dst.Type(), k)
		}
		if err := decodeValue(dst.FieldByIndex(fs[i].Index), obj[k], what+"."+k, res); err != nil {
			return err
		}
	}
	return nil
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

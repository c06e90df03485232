package gltf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	qgltf "github.com/qmuntal/gltf"
)

// decodeDocument decodes glTF JSON into the module's document model,
// which checks the document's types, required properties and enums, and
// then checks what the model cannot hold: the lengths of arrays it reads
// into fixed-size Go arrays, and null array elements (which would be nil
// pointers in it). Errors give the JSON path of the fault.
func decodeDocument(js []byte) (doc *qgltf.Document, err error) {
	js = bytes.TrimPrefix(js, []byte("\ufeff"))
	defer func() {
		// The module is not meant to panic on any input, but its
		// decoding is not ours to vouch for: a panic is a bad file.
		if v := recover(); v != nil {
			doc, err = nil, fmt.Errorf("not glTF JSON: the glTF module failed on it: %v", v)
		}
	}()
	doc = new(qgltf.Document)
	if err := json.Unmarshal(js, doc); err != nil {
		return nil, jsonError(js, err)
	}
	if err := checkShapes(js); err != nil {
		return nil, err
	}
	if err := checkNulls(doc); err != nil {
		return nil, err
	}
	return doc, nil
}

// shapes are the JSON arrays the module reads into fixed-size Go arrays,
// which take a short array silently (a rotation of three numbers would
// become a quaternion with W 0), so their lengths are measured here.
type shapes struct {
	Nodes []struct {
		Matrix      []float64 `json:"matrix"`
		Rotation    []float64 `json:"rotation"`
		Scale       []float64 `json:"scale"`
		Translation []float64 `json:"translation"`
	} `json:"nodes"`
	Materials []struct {
		EmissiveFactor []float64 `json:"emissiveFactor"`
		PBR            *struct {
			BaseColorFactor []float64 `json:"baseColorFactor"`
		} `json:"pbrMetallicRoughness"`
	} `json:"materials"`
}

// checkShapes checks the lengths of the arrays the module reads into
// fixed-size Go arrays (the document decoded, so they hold numbers).
func checkShapes(js []byte) error {
	var s shapes
	if err := json.Unmarshal(js, &s); err != nil {
		return fmt.Errorf("not glTF JSON: %v", err)
	}
	check := func(where string, v []float64, want int) error {
		if v != nil && len(v) != want {
			return pathError(where, "%d numbers, want %d", len(v), want)
		}
		return nil
	}
	for i, n := range s.Nodes {
		w := fmt.Sprintf("nodes[%d].", i)
		if err := first(check(w+"matrix", n.Matrix, 16), check(w+"translation", n.Translation, 3),
			check(w+"rotation", n.Rotation, 4), check(w+"scale", n.Scale, 3)); err != nil {
			return err
		}
	}
	for i, m := range s.Materials {
		w := fmt.Sprintf("materials[%d].", i)
		if err := check(w+"emissiveFactor", m.EmissiveFactor, 3); err != nil {
			return err
		}
		if m.PBR != nil {
			if err := check(w+"pbrMetallicRoughness.baseColorFactor", m.PBR.BaseColorFactor, 4); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkNulls refuses null elements in the arrays of objects read.
func checkNulls(doc *qgltf.Document) error {
	err := first(nulls("accessors", doc.Accessors), nulls("buffers", doc.Buffers),
		nulls("bufferViews", doc.BufferViews), nulls("images", doc.Images), nulls("materials", doc.Materials),
		nulls("meshes", doc.Meshes), nulls("nodes", doc.Nodes), nulls("samplers", doc.Samplers),
		nulls("scenes", doc.Scenes), nulls("textures", doc.Textures))
	if err != nil {
		return err
	}
	for i, m := range doc.Meshes {
		if err := nulls(fmt.Sprintf("meshes[%d].primitives", i), m.Primitives); err != nil {
			return err
		}
	}
	return nil
}

// first returns the first error that is not nil.
func first(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// nulls returns an error naming the first nil element of s, the array
// at the JSON path name.
func nulls[T any](name string, s []*T) error {
	for i, v := range s {
		if v == nil {
			return pathError(fmt.Sprintf("%s[%d]", name, i), "null, want an object")
		}
	}
	return nil
}

// jsonError describes the error err the module's document model gave
// decoding js, at the JSON path of the fault. The module's checks run in
// its UnmarshalJSON methods, whose errors say what is wrong but not
// where, so the path is found again by decoding js part by part (this
// runs only on files that failed).
func jsonError(js []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not glTF JSON: %v (at byte %d)", err, se.Offset)
	}
	where, err := locate(js, reflect.TypeFor[qgltf.Document](), "")
	if err == nil {
		return errors.New("not glTF JSON") // (decoding in parts found no fault)
	}
	if where == "" {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fmt.Errorf("not glTF JSON: a JSON %s, want an object", te.Value)
		}
		return fmt.Errorf("not glTF JSON: %s", describe(err))
	}
	return pathError(where, "%s", describe(err))
}

// describe words a decoding error in JSON's terms, not Go's.
func describe(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("a JSON %s where %s belongs", te.Value, jsonKind(te.Type))
	}
	return strings.TrimPrefix(err.Error(), "gltf: ")
}

// jsonKind names the JSON value that decodes into a t.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice:
		return "an array"
	case reflect.Array:
		return fmt.Sprintf("an array of %d", t.Len())
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	}
	return "another value"
}

// locate returns the JSON path (below where) of the innermost part of raw
// that fails to decode into a t, and its error: a property or element
// that fails on its own is looked into; where none does, the fault is in
// the object or array as a whole (as a property the module requires, or
// two it does not allow together).
func locate(raw []byte, t reflect.Type, where string) (string, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	fails := func(raw []byte, t reflect.Type) bool {
		return json.Unmarshal(raw, reflect.New(t).Interface()) != nil
	}
	switch t.Kind() {
	case reflect.Struct:
		var props map[string]json.RawMessage
		if json.Unmarshal(raw, &props) != nil {
			break
		}
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if f, ok := fieldOf(t, k); ok && fails(props[k], f.Type) {
				return locate(props[k], f.Type, joinPath(where, k))
			}
		}
	case reflect.Map:
		var props map[string]json.RawMessage
		if json.Unmarshal(raw, &props) != nil {
			break
		}
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if fails(props[k], t.Elem()) {
				return locate(props[k], t.Elem(), joinPath(where, k))
			}
		}
	case reflect.Slice, reflect.Array:
		var elems []json.RawMessage
		if json.Unmarshal(raw, &elems) != nil {
			break
		}
		for i, e := range elems {
			if fails(e, t.Elem()) {
				return locate(e, t.Elem(), fmt.Sprintf("%s[%d]", where, i))
			}
		}
	}
	return where, json.Unmarshal(raw, reflect.New(t).Interface())
}

// fieldOf returns the field of struct type t that encoding/json decodes
// the property key into (matched as encoding/json does, ignoring case).
func fieldOf(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.EqualFold(name, key) {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func joinPath(where, key string) string {
	if where == "" {
		return key
	}
	return where + "." + key
}

package fields

import (
	"reflect"

	"github.com/tact-engine/tact/scenegraph"
)

var componentType = reflect.TypeFor[scenegraph.Component]()

// Of returns the state fields of struct type t, in declaration order: every
// exported field except the embedded scenegraph.Component and fields tagged
// `scene:"-"`. Unexported fields are never state: a component that must
// save or hash something keeps it in an exported field.
func Of(t reflect.Type) []reflect.StructField {
	var fs []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Type == componentType || f.Tag.Get("scene") == "-" {
			continue
		}
		fs = append(fs, f)
	}
	return fs
}

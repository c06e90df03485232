package animation

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/fields"
	"github.com/tact-engine/tact/scenegraph"
)

// bindIndexed binds sl to one element of a slice or array of floats of
// comp when prop is written "name[i]" (a MeshRenderer's "weights[2]", the
// weight of its morph target 2, which glTF's weights channels become),
// and reports whether prop has that form. The slot drives the element
// through the float path, as a float field: it holds the element of the
// slice as it is at binding, so a component that grows the slice after its
// clips are bound (a new backing array) is no longer animated; set the
// slice's length first (glTF's Instantiate sets a mesh's weights before
// any clip binds). An index outside the slice is an error naming it.
func bindIndexed(sl *slot, comp scenegraph.Behavior, prop, asWritten string) (bool, error) {
	open := strings.IndexByte(prop, '[')
	if open < 0 || !strings.HasSuffix(prop, "]") {
		return false, nil
	}
	name, num := prop[:open], prop[open+1:len(prop)-1]
	v := reflect.ValueOf(comp).Elem()
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 || strings.HasPrefix(num, "+") {
		return true, fmt.Errorf("%s: property %q: index %q is not a number from 0", v.Type().Name(), asWritten, num)
	}
	var f reflect.Value
	for _, sf := range fields.Of(v.Type()) {
		if strings.EqualFold(sf.Name, name) {
			f = v.FieldByIndex(sf.Index)
			break
		}
	}
	switch {
	case !f.IsValid():
		return true, fmt.Errorf("%s has no state field %q", v.Type().Name(), asWritten[:open])
	case f.Kind() != reflect.Slice && f.Kind() != reflect.Array,
		f.Type().Elem().Kind() != reflect.Float32 && f.Type().Elem().Kind() != reflect.Float64:
		return true, fmt.Errorf("%s.%s is a %v, not a slice of floats: %q cannot index it", v.Type().Name(), f.Type().Name(), f.Type(), asWritten)
	case i >= f.Len():
		return true, fmt.Errorf("%s: property %q: index %d out of %d elements", v.Type().Name(), asWritten, i, f.Len())
	}
	e := f.Index(i) // addressable: a slice's elements, or an array field's
	sl.kind, sl.ref, sl.base = kFloat, &slotRef{field: e}, mgl32.Vec4{float32(e.Float())}
	return true, nil
}

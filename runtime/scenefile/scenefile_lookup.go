package scenefile

import (
	"fmt"
	"reflect"

	"github.com/tact-engine/tact/scenegraph"
)

// NameOf returns the name b's type is registered under, and false when it is
// not registered (or b is nil). Tools (the inspector) name components the
// way scene files do through it.
func (t *ComponentTypes) NameOf(b scenegraph.Behavior) (string, bool) {
	if b == nil {
		return "", false
	}
	ct := t.nameOf(reflect.TypeOf(b))
	if ct == nil {
		return "", false
	}
	return ct.name, true
}

// New returns a new, detached component of the type registered under name,
// with its factory's defaults; an unknown name is an error naming it.
func (t *ComponentTypes) New(name string) (scenegraph.Behavior, error) {
	ct := t.lookup(name)
	if ct == nil {
		return nil, fmt.Errorf("scenefile: unknown component type %q", name)
	}
	return ct.factory(), nil
}

package scenefile

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// ComponentFactory returns a new, detached component with its default field
// values (NewSprite's, for a Sprite); a scene file's fields are decoded into
// it afterwards. It must return a pointer to a struct embedding
// scenegraph.Component, a new one every call, and touch no scene.
type ComponentFactory func() scenegraph.Behavior

// ComponentTypes maps the type names used in scene files to component
// factories (the counterpart of Cocos' @ccclass). It is a value owned by an
// Assets; it is safe for concurrent use, since workers read it while decoding.
type ComponentTypes struct {
	mu     sync.RWMutex
	byName map[string]*componentType
	byType map[reflect.Type]*componentType
}

type componentType struct {
	name    string
	factory ComponentFactory
	typ     reflect.Type // the pointer type the factory returns
}

// NewComponentTypes returns a registry holding the built-in components:
// Camera (an orthographic camera clearing to black), Sprite (NewSprite's
// defaults), SpriteBatch (NewSpriteBatch's), Label (NewLabel's defaults, white, default size), MeshRenderer,
// DirectionalLight and PointLight.
func NewComponentTypes() *ComponentTypes {
	t := &ComponentTypes{byName: map[string]*componentType{}, byType: map[reflect.Type]*componentType{}}
	builtins := []struct {
		name string
		f    ComponentFactory
	}{
		{"Camera", func() scenegraph.Behavior { return scenegraph.NewOrthoCamera(render.Black) }},
		{"Sprite", func() scenegraph.Behavior { return scenegraph.NewSprite(0, 0, 0) }},
		{"SpriteBatch", func() scenegraph.Behavior { return scenegraph.NewSpriteBatch(0, 0, 0) }},
		{"Label", func() scenegraph.Behavior { return text.NewLabel("", 0, render.White) }},
		{"MeshRenderer", func() scenegraph.Behavior { return &scenegraph.MeshRenderer{} }},
		{"DirectionalLight", func() scenegraph.Behavior { return &scenegraph.DirectionalLight{} }},
		{"PointLight", func() scenegraph.Behavior { return &scenegraph.PointLight{} }},
	}
	for _, b := range builtins {
		if err := t.Register(b.name, b.f); err != nil {
			panic(err) // a defect of this file, not of input
		}
	}
	return t
}

// Register makes name stand for the components factory returns. It refuses
// an empty or taken name, a Go type registered under another name, and a
// factory that does not return a non-nil pointer to a struct. The factory is
// called once here, to learn its type.
func (t *ComponentTypes) Register(name string, factory ComponentFactory) error {
	if name == "" || factory == nil {
		return fmt.Errorf("scenefile: RegisterComponent(%q): empty name or nil factory", name)
	}
	sample := factory()
	v := reflect.ValueOf(sample)
	if sample == nil || v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("scenefile: RegisterComponent(%q): the factory returned %T, want a non-nil pointer to a struct", name, sample)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if old := t.byName[name]; old != nil {
		return fmt.Errorf("scenefile: RegisterComponent(%q): name already registered for %v", name, old.typ)
	}
	if old := t.byType[v.Type()]; old != nil {
		return fmt.Errorf("scenefile: RegisterComponent(%q): %v already registered as %q", name, v.Type(), old.name)
	}
	ct := &componentType{name: name, factory: factory, typ: v.Type()}
	t.byName[name] = ct
	t.byType[ct.typ] = ct
	return nil
}

// Names returns the registered type names, sorted.
func (t *ComponentTypes) Names() []string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var ns []string
	for n := range t.byName {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

func (t *ComponentTypes) lookup(name string) *componentType {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.byName[name]
}

func (t *ComponentTypes) nameOf(typ reflect.Type) *componentType {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.byType[typ]
}

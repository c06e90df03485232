package scenefile

import (
	"github.com/tact-engine/tact/runtime/asset"
)

// Store reads and writes scene and prefab files through an asset manager:
// it makes the manager load ".json" files as SceneFiles (their textures,
// shaders, fonts and prefabs load first, as dependencies), knows the
// component types that files name, and saves scenes back. A Game makes
// one for its asset manager (Game.Scenes).
type Store struct {
	assets *asset.Manager
	types  *ComponentTypes
	pathOf func(v any) (string, bool) // assets.PathOf; tests replace it
}

// NewStore returns a Store over a, with the built-in component types, and
// registers the scene-file format for ".json" on a.
func NewStore(a *asset.Manager) *Store {
	st := &Store{assets: a, types: NewComponentTypes(), pathOf: a.PathOf}
	a.RegisterFormat(".json", &sceneFormat{types: st.types})
	return st
}

// Assets returns the asset manager the Store loads through.
func (st *Store) Assets() *asset.Manager { return st.assets }

// ComponentTypes returns the registry of component types that scene files
// name; see ComponentTypes.Register.
func (st *Store) ComponentTypes() *ComponentTypes { return st.types }

// RegisterComponent registers a component type for scene files under name;
// see ComponentTypes.Register.
func (st *Store) RegisterComponent(name string, factory ComponentFactory) error {
	return st.types.Register(name, factory)
}

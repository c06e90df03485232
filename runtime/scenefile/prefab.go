package scenefile

import (
	"errors"

	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// LoadScene loads the scene file at p (and every asset it names) and builds
// a new scene from it, not launched yet (give it to Director.RunScene). The
// scene holds the file, and through it its assets, until it is unloaded.
func (st *Store) LoadScene(p string) (*scenegraph.Scene, error) {
	x, err := st.assets.Load(p)
	if err != nil {
		return nil, err
	}
	defer x.Release()
	sf := FromAsset(x)
	if sf == nil {
		return nil, &asset.Error{Path: x.Path(), Err: errors.New("not a scene file")}
	}
	return sf.NewScene()
}

// LoadPrefab loads the prefab file at p and returns its asset (with one
// reference, for the caller to Release) and the file to Instantiate. Every
// instance holds the file too, so its assets stay loaded while any instance
// lives, and all instances share them.
func (st *Store) LoadPrefab(p string) (*asset.Asset, *SceneFile, error) {
	x, err := st.assets.Load(p)
	if err != nil {
		return nil, nil, err
	}
	sf := FromAsset(x)
	if sf == nil {
		x.Release()
		return nil, nil, &asset.Error{Path: x.Path(), Err: errors.New("not a prefab file")}
	}
	return x, sf, nil
}

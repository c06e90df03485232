package scenefile

import (
	"os"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/sound"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// fuzzStore is a Store with no asset manager: only what parsing, building
// and saving scene files need, with every asset a field names standing in
// as loaded (fakeLoaded).
type fuzzStore struct {
	*Store
	byHandle map[any]string
}

func fuzzAssets() *fuzzStore {
	f := &fuzzStore{Store: &Store{types: NewComponentTypes()}, byHandle: map[any]string{}}
	// As a game registers it: its Clip is a sound's asset path.
	if err := f.types.Register("AudioSource", func() scenegraph.Behavior { return sound.NewAudioSource(nil, nil, nil) }); err != nil {
		panic(err) // a defect of this file, not of input
	}
	f.pathOf = func(v any) (string, bool) {
		switch t := v.(type) {
		case *asset.Texture:
			v = t.ID
		case *asset.Shader:
			v = t.ID
		}
		p, ok := f.byHandle[v]
		return p, ok
	}
	return f
}

// loadedAsset stands in for a loaded *asset.Asset.
type loadedAsset struct{ refs int }

func (x *loadedAsset) State() asset.State {
	if x.refs > 0 {
		return asset.Loaded
	}
	return asset.Unloaded
}
func (x *loadedAsset) Retain()  { x.refs++ }
func (x *loadedAsset) Release() { x.refs-- }

const fuzzPrefab = `{"nodes": [{"name": "P", "components": [{"type": "Sprite", "Size": [2, 2]}], "children": [{"name": "Q"}]}]}`

// fakeLoaded builds sf as if its asset and dependencies had loaded: each
// dependency a stand-in of the kind its reference wants.
func fakeLoaded(a *fuzzStore, sf *SceneFile, prefab *SceneFile) {
	sf.x = &loadedAsset{refs: 1}
	sf.deps = map[string]any{}
	next := uint32(1)
	for _, r := range sf.refs {
		if _, ok := sf.deps[r.path]; ok {
			continue
		}
		var v any
		switch r.want {
		case typeTextureID:
			v = &asset.Texture{ID: render.TextureID(next), Width: 1, Height: 1}
		case typeShaderID:
			v = &asset.Shader{ID: render.ShaderID(next)}
		case typeFont:
			v = text.DefaultFont()
		case typeClip:
			c, err := audio.NewClip(r.path, 8000, 1, []float32{0, 0.5, 0})
			if err != nil {
				panic(err) // fixed, valid arguments
			}
			v = c
		case typeSceneFile:
			v = prefab
		}
		next++
		sf.deps[r.path] = v
		k := v
		switch t := v.(type) {
		case *asset.Texture:
			k = t.ID
		case *asset.Shader:
			k = t.ID
		}
		if _, taken := a.byHandle[k]; !taken && k != nil {
			a.byHandle[k] = r.path
		}
	}
	for _, n := range allNodes(sf.nodes) {
		if n.prefab != "" {
			sf.deps[n.prefab] = prefab
		}
	}
}

// FuzzLoadScene: any bytes either fail to parse with a SceneError or parse
// into a file that builds a scene, saves, and parses again. Nothing panics.
func FuzzLoadScene(f *testing.F) {
	for _, p := range []string{"../../testdata/assets/scenes/level1.json", "../../testdata/assets/prefabs/enemy.json"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(fuzzPrefab))
	f.Add([]byte(`{"nodes": [{"id": "a", "name": "A", "rotation": [0, 0, 1, 1], "scale": [1, 2], "layer": 7},
		{"name": "B", "prefab": "p.json", "active": false, "components": [{"type": "MeshRenderer", "Color": [1, 1, 1, 0.5], "Mesh": 0},
		{"type": "DirectionalLight", "Ambient": 0.25, "enabled": false}, {"type": "Camera", "Target": 0, "Viewport": [0, 0, 0.5, 1]}]}]}`))
	f.Add([]byte(`{"nodes": [{"components": [{"type": "Sprite", "Color": [1, 2, 3, 300]}]}]}`))
	f.Add([]byte("\ufeff" + `{"nodes": [{"components": [{"type": "AudioSource", "Clip": "sfx/hit.wav", "Loop": true, "Volume": 0.5, "Bus": 1}]}]}`))
	f.Add([]byte(`{"nodes": [{"name": "x", "children": [{"name": "y", "children": [{"name": "z"}]}]}]}`))
	f.Add([]byte(`{"nodes": [`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a := fuzzAssets()
		prefab, err := parseSceneFile("p.json", []byte(fuzzPrefab), a.types, nil)
		if err != nil {
			t.Fatal(err)
		}
		fakeLoaded(a, prefab, nil)
		sf, err := parseSceneFile("fuzz.json", data, a.types, &asset.Source{Path: "fuzz.json"})
		if err != nil {
			if _, ok := err.(*SceneError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		fakeLoaded(a, sf, prefab)
		s, err := sf.NewScene()
		if err != nil {
			// Only references into component types a node lacks are found
			// this late.
			return
		}
		out, err := a.MarshalScene(s)
		if err != nil {
			return // e.g. a NaN cannot be written; never a panic
		}
		again, err := parseSceneFile("again.json", out, a.types, nil)
		if err != nil {
			t.Fatalf("a saved scene does not parse: %v\ninput: %q\nsaved: %s", err, data, out)
		}
		fakeLoaded(a, again, prefab)
		s2, err := again.NewScene()
		if err != nil {
			t.Fatalf("a saved scene does not build: %v\nsaved: %s", err, out)
		}
		if len(s2.Children()) != len(s.Children()) {
			t.Fatalf("%d top-level nodes became %d", len(s.Children()), len(s2.Children()))
		}
		s.Unload()
		s2.Unload()
	})
}

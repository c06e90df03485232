package scenefile_test

import (
	"fmt"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/scenegraph"
)

// Loading a scene file: its textures, shaders and prefabs load first, and
// stay loaded while the scene lives.
func ExampleStore_LoadScene() {
	a, err := asset.New(asset.Options{Root: "../../testdata/assets", Logger: core.DiscardLogger{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	s, err := scenefile.NewStore(a).LoadScene("scenes/level1.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range s.Children() {
		fmt.Println(n.Name())
	}
	fmt.Println(a.Loaded())
	s.Unload()
	fmt.Println(a.State("textures/red.png"))
	// Output:
	// Camera
	// Hero
	// Grunt
	// Hidden
	// [prefabs/enemy.json scenes/level1.json shaders/flat.shader textures/green.jpg textures/red.png]
	// not loaded
}

// Scene files name components by registered type.
func ExampleStore_RegisterComponent() {
	type Spinner struct {
		scenegraph.Component
		Speed float32
	}
	a, _ := asset.New(asset.Options{Root: "../../testdata/assets"})
	defer a.Close()
	st := scenefile.NewStore(a)
	err := st.RegisterComponent("Spinner", func() scenegraph.Behavior { return &Spinner{Speed: 90} })
	fmt.Println(err, st.ComponentTypes().Names())
	// Output: <nil> [Camera DirectionalLight Label MeshRenderer PointLight Spinner Sprite SpriteBatch]
}

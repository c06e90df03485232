package runtime_test

import (
	"fmt"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/runtime"
	"github.com/tact-engine/tact/scenegraph"
)

// Loading a scene file: its textures, shaders and prefabs load first, and
// stay loaded while the scene lives.
func ExampleAssets_LoadScene() {
	a, err := runtime.NewAssets(runtime.AssetOptions{Root: "testdata/assets", Logger: core.DiscardLogger{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	s, err := a.LoadScene("scenes/level1.json")
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

// A game with assets: Attach before Run; load in the start function (or
// later, with LoadAsync); close after Run.
func ExampleAssets_Attach() {
	g := runtime.NewGame(runtime.Config{Title: "Level 1"})
	a, err := runtime.NewAssets(runtime.AssetOptions{Root: "assets", Watch: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	a.Attach(g)
	a.ReloadFailed.On(func(e runtime.ReloadError) { fmt.Println("fix it:", e.Err) })
	err = g.Run(func(g *runtime.Game) (*scenegraph.Scene, error) {
		return a.LoadScene("scenes/level1.json")
	})
	if err != nil {
		fmt.Println(err)
	}
}

// Scene files name components by registered type.
func ExampleAssets_RegisterComponent() {
	type Spinner struct {
		scenegraph.Component
		Speed float32
	}
	a, _ := runtime.NewAssets(runtime.AssetOptions{Root: "testdata/assets"})
	defer a.Close()
	err := a.RegisterComponent("Spinner", func() scenegraph.Behavior { return &Spinner{Speed: 90} })
	fmt.Println(err, a.ComponentTypes().Names())
	// Output: <nil> [Camera DirectionalLight Label MeshRenderer Spinner Sprite]
}

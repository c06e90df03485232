package tilemap_test

import (
	"fmt"
	"log"

	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/tilemap"
	"github.com/tact-engine/tact/scenegraph"
)

// Load a Tiled map through the asset manager, instantiate it, read and
// edit its tiles, and find its objects.
func ExampleMap_Instantiate() {
	assets, err := asset.New(asset.Options{Root: "testdata"})
	if err != nil {
		log.Fatal(err)
	}
	defer assets.Close()
	tilemap.Register(assets)

	x, err := assets.Load("ortho.tmx") // its tileset (tiles.tsx) and image load with it
	if err != nil {
		log.Fatal(err)
	}
	defer x.Release()
	root, err := tilemap.MapOf(x).Instantiate(tilemap.Options{Colliders: tilemap.CollisionColliders})
	if err != nil {
		log.Fatal(err)
	}
	scene := scenegraph.NewScene("Level")
	scene.AddChild(root)

	tm := tilemap.TiledMapOf(root)
	w, h := tm.MapSize()
	fmt.Println("size:", w, "x", h, "content:", tm.ContentSize())
	ground := tm.Layer("Ground")
	fmt.Println("gid at 0,0:", ground.TileGIDAt(0, 0))
	if err := ground.SetTileGIDAt(3, 0, 0); err != nil {
		log.Fatal(err)
	}
	fmt.Println("after the edit:", ground.TileGIDAt(0, 0))
	fmt.Println("edit out of range:", ground.SetTileGIDAt(42, 0, 0))
	door := tm.ObjectGroup("Things").Object("door")
	fmt.Println("door at", door.Node().Position().Vec2(), "class", door.Object.Class)
	// Output:
	// size: 10 x 8 content: [160 128]
	// gid at 0,0: 8
	// after the edit: 3
	// edit out of range: tilemap: layer "Ground": SetTileGIDAt(42, 0, 0): GID 42 out of range (no tileset holds it)
	// door at [16 112] class Door
}

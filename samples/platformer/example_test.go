package platformer_test

import (
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/samples/platformer"
	"github.com/tact-engine/tact/scenegraph"
)

// Run the platformer as its own program: the title menu first, the level
// on Play. (The launcher does the same with -scene platformer.)
func ExampleStart() {
	cfg := tact.Config{}
	platformer.Sample.Configure(&cfg) // window size, asset folder, nearest filtering
	if err := tact.Run(cfg, platformer.Start); err != nil {
		log.Fatal(err)
	}
}

// Straight into the level, skipping the title: LevelScene loads
// level.tmx from the Game's asset root.
func ExampleLevelScene() {
	cfg := tact.Config{}
	platformer.Sample.Configure(&cfg)
	err := tact.Run(cfg, func(g *tact.Game) (*scenegraph.Scene, error) {
		return platformer.LevelScene(g)
	})
	if err != nil {
		log.Fatal(err)
	}
}

// Coins come from a NodePool and go back to it when collected.
func ExampleCoinField_Collect() {
	field := &platformer.CoinField{Pool: scenegraph.NewNodePool(func() *scenegraph.Node {
		return scenegraph.NewNode("Coin")
	})}
	for _, x := range []float32{10, 50, 90} {
		n := field.Pool.Get()
		n.SetPositionXY(x, 20)
		field.Live = append(field.Live, n)
	}
	fmt.Println(field.Collect(mgl32.Vec2{48, 25}), len(field.Live), field.Pool.Size())
	// Output: 1 2 1
}

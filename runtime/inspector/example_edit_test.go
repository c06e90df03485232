package inspector_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/runtime/inspector/client"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/scenegraph"
)

// runUntil ticks d (the game's loop) until tool, on another goroutine,
// returns.
func runUntil(d *director.Director, tool func()) {
	done := make(chan struct{})
	go func() { defer close(done); tool() }()
	for {
		d.Tick(1.0 / 60)
		select {
		case <-done:
			return
		default:
		}
	}
}

// A tool adds a registered component to a node, saves the node as a prefab
// under the asset root, and lists the prefabs there.
func ExampleServer_editing() {
	root, _ := os.MkdirTemp("", "tact-example")
	defer os.RemoveAll(root)
	a, _ := asset.New(asset.Options{Root: root})
	defer a.Close()
	d := director.New()
	s := scenegraph.NewScene("Demo")
	s.AddChild(scenegraph.NewNode("Coin"))
	d.RunScene(s)
	srv, err := inspector.New(inspector.Options{Director: d, Scenes: scenefile.NewStore(a)})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	runUntil(d, func() {
		ctx := context.Background()
		c, _ := client.Dial(srv.URL())
		ns, _ := c.Query(ctx, "Coin", "")
		n, _ := c.AddComponent(ctx, ns[0].ID, "Sprite", map[string]any{"Size": []int{16, 16}})
		fmt.Println(n.NodeSummary.Components)
		c.SavePrefab(ctx, ns[0].ID, "prefabs/coin.json")
		l, _ := c.Assets(ctx, "prefab")
		fmt.Println(l.Files)
	})
	_, err = os.Stat(filepath.Join(root, "prefabs", "coin.json"))
	fmt.Println(err == nil)
	// Output:
	// [Sprite]
	// [prefabs/coin.json]
	// true
}

// A tool records the next frames as a Chrome trace (for ui.perfetto.dev),
// and reads the frame-time graph's samples.
func ExampleServer_trace() {
	d := director.New()
	d.RunScene(scenegraph.NewScene("Demo"))
	srv, err := inspector.New(inspector.Options{Director: d})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	runUntil(d, func() {
		ctx := context.Background()
		c, _ := client.Dial(srv.URL())
		b, _ := c.Trace(ctx, 10)
		var events []map[string]any
		fmt.Println(json.Unmarshal(b, &events) == nil && len(events) > 0)
		st, _ := c.Stats(ctx)
		fmt.Println(len(st.Frames) > 10)
	})
	// Output:
	// true
	// true
}

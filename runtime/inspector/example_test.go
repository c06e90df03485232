package inspector_test

import (
	"context"
	"fmt"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/runtime/inspector/client"
	"github.com/tact-engine/tact/scenegraph"
)

// A tool queries a running game and changes a sprite's colour; the change is
// made on the game's thread, between its frames. (A Game starts its own
// inspector from Config.Inspector; this wires one to a bare Director.)
func ExampleNew() {
	d := director.New()
	s := scenegraph.NewScene("Demo")
	hero := scenegraph.NewNode("Hero")
	s.AddChild(hero)
	sprite := scenegraph.AddComponent(hero, scenegraph.NewSprite(0, 10, 10))
	d.RunScene(s)

	srv, err := inspector.New(inspector.Options{Addr: "127.0.0.1:0", Director: d})
	if err != nil {
		panic(err)
	}
	done := make(chan struct{})
	go func() { // a client, on another goroutine
		defer close(done)
		c, _ := client.Dial(srv.URL())
		ns, _ := c.Query(context.Background(), "Hero", "")
		c.SetFields(context.Background(), ns[0].ID, 0, map[string]any{"Color": []int{0, 255, 0, 255}})
	}()
	for running := true; running; { // the game's loop
		d.Tick(1.0 / 60)
		select {
		case <-done:
			running = false
		default:
		}
	}
	srv.Close()
	fmt.Println(sprite.Color == render.RGBA(0, 255, 0, 255))
	// Output: true
}

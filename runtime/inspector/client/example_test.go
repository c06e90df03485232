package client_test

import (
	"context"
	"fmt"
	"log"

	"github.com/tact-engine/tact/runtime/inspector/client"
)

// A tool connects with the URL a game printed ("inspector at ..."), lists
// the sprites, and follows the tree as it changes.
func Example() {
	c, err := client.Dial("http://127.0.0.1:7777/?token=0123456789abcdef")
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	sprites, err := c.Query(ctx, "", "Sprite")
	if err != nil {
		log.Fatal(err) // no game is listening in this example
	}
	fmt.Println(len(sprites), "sprites")
	events, _ := c.Watch(ctx, true, 0, false)
	for ev := range events {
		fmt.Println(ev.Name, len(ev.Data))
	}
}

// Dial refuses a URL without its token.
func ExampleDial() {
	_, err := client.Dial("http://127.0.0.1:7777/")
	fmt.Println(err)
	// Output: inspector client: "http://127.0.0.1:7777/" has no token
}

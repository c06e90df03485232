package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/runtime/inspector/client"
)

// testInspect (TestProgram/Inspect) runs breakout and the platformer
// headless with -inspect 127.0.0.1:0, reads the URL each prints, and drives
// it with the Go client: it pauses the game, finds a sprite, changes its
// colour and its node's name, and reads both back.
func testInspect(t *testing.T, binary string) {
	for _, scene := range []string{"breakout", "platformer"} {
		t.Run(scene, func(t *testing.T) { inspectSample(t, binary, scene) })
	}
}

func inspectSample(t *testing.T, binary, scene string) {
	cmd := exec.Command(binary, "-scene", scene, "-headless", "-frames", "100000000", "-out", t.TempDir(),
		"-inspect", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill() // the run is long on purpose; the test ends it
		cmd.Wait()
		pw.Close()
	}()
	urls := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`inspector at (http://\S+)`)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case urls <- m[1]:
				default:
				}
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(60 * time.Second):
		t.Fatal("the launcher printed no inspector URL in 60 s")
	}
	c, err := client.Dial(url)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Paused, the script's scene changes cannot pull the node away.
	if err := c.Call(ctx, "tact.control", map[string]any{"pause": true}, nil); err != nil {
		t.Fatal(err)
	}
	// A control (Button, Toggle) restyles its own sprite every frame, so
	// the edit goes to a sprite no control owns, or else to a label (a
	// title screen may be all buttons).
	var n inspector.NodeSummary
	comp := -1
	for _, kind := range []string{"Sprite", "Label"} {
		found, err := c.Query(ctx, "", kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, cand := range found {
			idx, owned := -1, false
			for i, name := range cand.Components {
				// Unregistered types are named by their Go type (ui.Button).
				switch strings.TrimPrefix(strings.TrimPrefix(name, "*"), "ui.") {
				case kind:
					idx = i
				case "Button", "Toggle", "ProgressBar", "TextInput":
					owned = true
				}
			}
			if idx >= 0 && !owned {
				n, comp = cand, idx
				break
			}
		}
		if comp >= 0 {
			break
		}
	}
	if comp < 0 {
		t.Fatalf("%s shows no sprite or label outside a control", scene)
	}

	t.Logf("editing %s %v", n.Path, n.Components)
	if _, err := c.SetFields(ctx, n.ID, comp, map[string]any{"Color": []int{1, 2, 3, 255}}); err != nil {
		t.Fatal(err)
	}
	if err := c.Call(ctx, "tact.set", map[string]any{"id": n.ID, "name": "Inspected"}, nil); err != nil {
		t.Fatal(err)
	}
	d, err := c.Get(ctx, n.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, f := range d.Components[comp].Fields {
		if f.Name == "Color" {
			got = fmt.Sprint(f.Value)
		}
	}
	if got != "[1 2 3 255]" || d.Name != "Inspected" {
		t.Fatalf("%s after set: Color %s, name %q", d.Path, got, d.Name)
	}
}

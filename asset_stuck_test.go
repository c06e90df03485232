//go:build linux

package tact

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// stuckFormat's Decode blocks until release is closed.
type stuckFormat struct {
	entered chan struct{} // closed when a decode has begun
	release chan struct{}
}

func (f *stuckFormat) Decode(*asset.Source) (any, error) {
	select {
	case <-f.entered:
	default:
		close(f.entered)
	}
	<-f.release
	return nil, errors.New("released")
}

func (*stuckFormat) Create(*asset.CreateContext, any) (any, error) { return nil, nil }
func (*stuckFormat) Free(*render.Frame, any)                       {}

// runGameWithin runs g on the main thread and fails the test binary,
// with every goroutine's stack, if Run has not returned within d: the main
// thread is then stuck, so no later test could run anyway.
func runGameWithin(t *testing.T, g *Game, d time.Duration, start StartFunc) {
	t.Helper()
	done := make(chan error, 1)
	go onMain(func() { done <- g.Run(start) })
	select {
	case err := <-done:
		var ie *platform.InitError
		if errors.As(err, &ie) {
			platformtest.SkipOrFailf(t, "SDL unavailable here: %v", err)
		}
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(d):
		panic(fmt.Sprintf("%s: Game.Run did not return within %v of its start: stuck on a load", t.Name(), d))
	}
}

// A Game whose start function began loads that never finish on their own,
// a named pipe (no writer) and a format whose Decode blocks until the test
// ends, still quits and Run returns: shutdown closes the asset manager
// without waiting for a decode under way, and runs the blocked loads'
// callbacks with asset.ErrClosed. The pipe's load fails at once, naming the
// file and why, rather than holding a worker.
func TestStuckAssetLoadsDoNotHangGame(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.png"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, c := range []struct {
		name  string
		loads []string
	}{
		{"pipe", []string{"pipe.png"}},
		{"blocked decode", []string{"x.stuck"}},
		{"both", []string{"x.stuck", "pipe.png", "y.stuck"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			blocks := false // a load whose decode blocks
			for _, p := range c.loads {
				if strings.HasSuffix(p, ".stuck") {
					blocks = true
					if err := os.WriteFile(filepath.Join(root, p), []byte("x"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			stuck := &stuckFormat{entered: make(chan struct{}), release: make(chan struct{})}
			defer close(stuck.release) // lets the blocked decodes return
			cfg := noGraphics(1e6)     // a bound; the Game quits itself
			cfg.AssetRoot = root
			g := NewGame(cfg)
			results := map[string]error{}
			began := false // a blocked decode had begun when the Game quit
			// Quit from the 10th frame on, once a blocked decode is under
			// way (rather than still queued) and the other loads failed.
			// Give up after 10s: the checks below then say what never came.
			deadline := time.Now().Add(10 * time.Second)
			g.director.EndFrame.On(func(d *director.Director) {
				if d.TotalFrames() < 9 {
					return
				}
				if time.Now().After(deadline) {
					g.Quit()
					return
				}
				for _, p := range c.loads {
					if _, done := results[p]; !done && !strings.HasSuffix(p, ".stuck") {
						return
					}
				}
				select {
				case <-stuck.entered:
					began = true
				default:
					if blocks {
						return
					}
				}
				g.Quit()
			})
			runGameWithin(t, g, 30*time.Second, func(g *Game) (*scenegraph.Scene, error) {
				g.Assets().RegisterFormat(".stuck", stuck)
				for _, p := range c.loads {
					g.Assets().LoadAsync(p, func(_ *asset.Asset, err error) { results[p] = err })
				}
				return scenegraph.NewScene("Stuck"), nil
			})
			switch {
			case time.Now().After(deadline):
				t.Errorf("after %d frames and 10s, the loads had not reached the state to quit in", g.Frames())
			case g.Frames() < 10 || began != blocks:
				t.Errorf("ran %d frames, decode begun %v; want a Quit from frame 10 on, with a decode blocked: %v", g.Frames(), began, blocks)
			}
			for _, p := range c.loads {
				err, done := results[p]
				switch {
				case p == "pipe.png":
					if !done || !errors.Is(err, asset.ErrNotRegular) || err.Error() != "pipe.png: not a regular file (named pipe)" {
						t.Errorf("pipe.png: finished %v with %v; want a failure naming it and the reason", done, err)
					}
				case !done || !errors.Is(err, asset.ErrClosed):
					// A blocked decode never finishes; shutdown's Close runs
					// its callback with ErrClosed.
					t.Errorf("%s: callback run %v with %v; want it run by the manager's Close, with asset.ErrClosed", p, done, err)
				}
			}
		})
	}
}

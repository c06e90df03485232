package inspector_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/runtime/inspector/client"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// rig is a Director ticking on its own goroutine (the test's "main
// thread"), a null renderer at 800×600, an asset root, and an inspector.
type rig struct {
	d      *director.Director
	srv    *inspector.Server
	cl     *client.Client
	scenes *scenefile.Store
	root   string
	log    *inspector.Log
	stop   atomic.Bool
	hold   atomic.Bool // stop ticking: the test is the main thread meanwhile
	held   atomic.Bool // the ticker saw hold and stopped
	wg     sync.WaitGroup
	ticks  atomic.Int64
}

type nopInput struct{}

func (nopInput) Dispatch() {}

// testScene: a camera at (400, 300) (world = pixels, y up), "Back" a
// 400×400 blue sprite at the centre, "Hero" a 100×100 red sprite on top of
// it, "Hero/Gun" a child, and "Title" a label.
func testScene() *scenegraph.Scene {
	s := scenegraph.NewScene("Test")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	back := scenegraph.NewNode("Back")
	back.SetPositionXY(400, 300)
	s.AddChild(back)
	scenegraph.AddComponent(back, scenegraph.NewSprite(0, 400, 400)).Color = render.RGBA(0, 0, 255, 255)
	hero := scenegraph.NewNode("Hero")
	hero.SetPositionXY(400, 300)
	s.AddChild(hero)
	scenegraph.AddComponent(hero, scenegraph.NewSprite(0, 100, 100)).Color = render.RGBA(255, 0, 0, 255)
	gun := scenegraph.NewNode("Gun")
	hero.AddChild(gun)
	title := scenegraph.NewNode("Title")
	title.SetPositionXY(400, 550)
	s.AddChild(title)
	scenegraph.AddComponent(title, text.NewLabel("Hello", 24, render.White))
	return s
}

func newRig(t testing.TB, scene *scenegraph.Scene, tune func(*inspector.Options)) *rig {
	t.Helper()
	r := &rig{d: director.New(), log: inspector.NewLog(nil)}
	rend, err := render.NewRenderer(null.New(), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rend.Frame().SetScreenSize(800, 600)
	r.d.SetInput(nopInput{})
	r.d.SetFrameSink(rend, scenegraph.Extract)
	r.d.SetLogger(r.log)
	r.root = t.TempDir()
	a, err := asset.New(asset.Options{Root: r.root, Frames: assettest.NewFrames(), Logger: r.log})
	if err != nil {
		t.Fatal(err)
	}
	r.scenes = scenefile.NewStore(a)
	r.d.RunScene(scene)
	r.d.Tick(1.0 / 60)
	o := inspector.Options{Addr: "127.0.0.1:0", Director: r.d, Scenes: r.scenes, Log: r.log, WatchInterval: 10 * time.Millisecond}
	if tune != nil {
		tune(&o)
	}
	r.srv, err = inspector.New(o)
	if err != nil {
		t.Fatal(err)
	}
	if r.cl, err = client.Dial(r.srv.URL()); err != nil {
		t.Fatal(err)
	}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for !r.stop.Load() {
			if r.hold.Load() {
				r.held.Store(true)
				time.Sleep(time.Millisecond)
				continue
			}
			r.d.Tick(1.0 / 60)
			r.ticks.Add(1)
			time.Sleep(time.Millisecond)
		}
		r.srv.Close() // on the "main thread"
		r.d.End()
		a.Close()
		rend.Close()
	}()
	t.Cleanup(r.close)
	return r
}

func (r *rig) close() {
	if !r.stop.Swap(true) {
		r.wg.Wait()
	}
}

func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

// find returns the one node named name.
func (r *rig) find(t testing.TB, name string) inspector.NodeSummary {
	t.Helper()
	ns, err := r.cl.Query(ctx(t), name, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range ns {
		if n.Name == name {
			return n
		}
	}
	t.Fatalf("no node %q in %+v", name, ns)
	return inspector.NodeSummary{}
}

// raw sends a request with full control of its headers.
func (r *rig) raw(t testing.TB, method, path, body string, hdr map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, "http://"+r.srv.Addr()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func rpcBody(method string, params any) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	return string(bytes.TrimSpace(b))
}

func writeFile(t testing.TB, root, p, s string) { assettest.WriteFile(t, root, p, []byte(s)) }

// pause stops the ticker and returns once it has stopped: the caller is the
// main thread until resume.
func (r *rig) pause() {
	r.hold.Store(true)
	for !r.held.Load() {
		time.Sleep(time.Millisecond)
	}
}

func (r *rig) resume() { r.held.Store(false); r.hold.Store(false) }

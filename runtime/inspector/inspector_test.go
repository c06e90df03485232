package inspector_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/scenefile"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/scenegraph"
)

func TestGetReturnsTransformAndSceneFileFields(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	if hero.Path != "Test/Hero" || len(hero.Components) != 1 || hero.Components[0] != "Sprite" {
		t.Fatalf("hero summary %+v", hero)
	}
	d, err := r.cl.Get(ctx(t), hero.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Position != [3]float32{400, 300, 0} || d.Scale != [3]float32{1, 1, 1} || len(d.Children) != 1 {
		t.Fatalf("transform %+v", d)
	}
	c := d.Components[0]
	if c.Type != "Sprite" || !c.Enabled {
		t.Fatalf("component %+v", c)
	}
	got := map[string]inspector.Field{}
	for _, f := range c.Fields {
		got[f.Name] = f
	}
	if f := got["Color"]; f.Kind != "color" || fmt.Sprint(f.Value) != "[255 0 0 255]" {
		t.Fatalf("Color field %+v", f)
	}
	if f := got["Size"]; f.Kind != "vector" || fmt.Sprint(f.Value) != "[100 100]" || f.Go != "mgl32.Vec2" {
		t.Fatalf("Size field %+v", f)
	}
	if f := got["Texture"]; f.Kind != "asset" || f.ReadOnly || f.Asset != "texture" || f.Value != "" {
		t.Fatalf("Texture field %+v", f)
	}
	if f := got["FlipX"]; f.Kind != "bool" || f.Value != false {
		t.Fatalf("FlipX field %+v", f)
	}
	// The scene-file rule: exactly the fields a scene file saves.
	if len(c.Fields) != 13 {
		t.Fatalf("%d fields, want Sprite's 13 state fields: %+v", len(c.Fields), c.Fields)
	}
}

func TestSetChangesTheGameOnTheMainThread(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	d, err := r.cl.SetFields(ctx(t), hero.ID, 0, map[string]any{"Color": []int{0, 255, 0, 128}, "Size": []float32{50, 60}, "FlipY": true})
	if err != nil {
		t.Fatal(err)
	}
	if s := fmt.Sprint(d.Components[0].Fields[4].Value); s != "[0 255 0 128]" {
		t.Fatalf("Color after set: %s", s)
	}
	var out inspector.NodeDetail
	if err := r.cl.Call(ctx(t), "tact.set", map[string]any{"id": hero.ID, "position": []float32{10, 20}, "angle": 45,
		"scale": []float32{2, 3, 1}, "name": "Heroine", "active": false}, &out); err != nil {
		t.Fatal(err)
	}
	if out.Position != [3]float32{10, 20, 0} || math.Abs(float64(out.Angle-45)) > 1e-4 || out.Scale != [3]float32{2, 3, 1} || out.Name != "Heroine" || out.Active {
		t.Fatalf("after set: %+v", out)
	}
	// Bad input: clear errors, nothing changed.
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{"id": hero.ID, "component": 0, "fields": map[string]any{"Color": "red"}}, "Color: want [r, g, b, a] (0..255), have string"},
		{map[string]any{"id": hero.ID, "component": 0, "fields": map[string]any{"Color": []int{0, 0, 300, 0}}}, "Color[2]: 300 is not a uint8"},
		{map[string]any{"id": hero.ID, "component": 0, "fields": map[string]any{"Nope": 1}}, `has no state field "Nope"`},
		{map[string]any{"id": hero.ID, "component": 0, "fields": map[string]any{"Texture": "x.png"}}, "Texture: x.png"},
		{map[string]any{"id": hero.ID, "component": 3, "fields": map[string]any{}}, "has no component 3"},
		{map[string]any{"id": hero.ID, "position": []float32{1}}, "want [x, y] or [x, y, z]"},
		{map[string]any{"id": 9999}, "no node 9999"},
		{map[string]any{"id": hero.ID, "bogus": 1}, `unknown field "bogus"`},
	} {
		err := r.cl.Call(ctx(t), "tact.set", c.params, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("set %v: error %v, want %q", c.params, err, c.want)
		}
	}
	if d, _ := r.cl.Get(ctx(t), hero.ID); d.Position != [3]float32{10, 20, 0} {
		t.Fatalf("a refused set moved the node: %v", d.Position)
	}
}

func TestSpawnDestroyReparentListSchema(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	var sp inspector.NodeSummary
	if err := r.cl.Call(ctx(t), "tact.spawn", map[string]any{"parent": hero.ID, "name": "Shield",
		"components": []any{map[string]any{"type": "Sprite", "Size": []int{8, 9}}}}, &sp); err != nil {
		t.Fatal(err)
	}
	if sp.Parent != hero.ID || sp.Path != "Test/Hero/Shield" || fmt.Sprint(sp.Components) != "[Sprite]" {
		t.Fatalf("spawned %+v", sp)
	}
	if err := r.cl.Call(ctx(t), "tact.spawn", map[string]any{"components": []any{map[string]any{"type": "Dragon"}}}, nil); err == nil ||
		!strings.Contains(err.Error(), `unknown component type "Dragon"`) {
		t.Fatalf("spawn of an unknown type: %v", err)
	}
	// A prefab from the asset root.
	prefab := `{"nodes": [{"name": "Coin", "components": [{"type": "Sprite", "Size": [4, 4]}]}]}`
	writeFile(t, r.root, "prefabs/coin.json", prefab)
	var coin inspector.NodeSummary
	if err := r.cl.Call(ctx(t), "tact.spawn", map[string]any{"prefab": "prefabs/coin.json"}, &coin); err != nil {
		t.Fatal(err)
	}
	if coin.Name != "Coin" || coin.Path != "Test/Coin" {
		t.Fatalf("prefab instance %+v", coin)
	}
	gun := r.find(t, "Gun")
	var moved inspector.NodeSummary
	if err := r.cl.Call(ctx(t), "tact.reparent", map[string]any{"id": gun.ID, "parent": 0, "index": 0}, &moved); err != nil {
		t.Fatal(err)
	}
	if moved.Path != "Test/Gun" || moved.Index != 0 {
		t.Fatalf("reparented %+v", moved)
	}
	if err := r.cl.Call(ctx(t), "tact.reparent", map[string]any{"id": hero.ID, "parent": sp.ID}, nil); err == nil ||
		!strings.Contains(err.Error(), "cannot move under itself") {
		t.Fatalf("cycle: %v", err)
	}
	var ok bool
	if err := r.cl.Call(ctx(t), "tact.destroy", map[string]any{"id": hero.ID}, &ok); err != nil || !ok {
		t.Fatalf("destroy: %v %v", ok, err)
	}
	// After the deferred destroy step the id is gone, with its child.
	for range 100 {
		if _, err := r.cl.Get(ctx(t), hero.ID); err != nil {
			if !strings.Contains(err.Error(), "destroyed") && !strings.Contains(err.Error(), "no node") {
				t.Fatal(err)
			}
			break
		}
	}
	if ns, _ := r.cl.Query(ctx(t), "Shield", ""); len(ns) != 0 {
		t.Fatalf("destroyed subtree still listed: %+v", ns)
	}
	var names []string
	if err := r.cl.Call(ctx(t), "tact.list", nil, &names); err != nil || !strings.Contains(strings.Join(names, ","), "Label,MeshRenderer,PointLight,Sprite") {
		t.Fatalf("list: %v %v", names, err)
	}
	var sch []inspector.TypeSchema
	if err := r.cl.Call(ctx(t), "tact.schema", map[string]any{"type": "Label"}, &sch); err != nil || len(sch) != 1 || sch[0].Fields[0].Name != "Text" {
		t.Fatalf("schema: %+v %v", sch, err)
	}
	if ns, _ := r.cl.Query(ctx(t), "", "Label"); len(ns) != 1 || ns[0].Name != "Title" {
		t.Fatalf("query by component: %+v", ns)
	}
}

func TestPickTopmost(t *testing.T) {
	r := newRig(t, testScene(), nil)
	for _, c := range []struct {
		x, y float32
		want string
	}{
		{400, 300, "Hero"}, // Hero is over Back: later in tree order
		{250, 300, "Back"}, // outside Hero
		{10, 10, ""},       // nothing
		{400, 50, "Title"}, // the label's box (y from the top)
	} {
		n, err := r.cl.Pick(ctx(t), c.x, c.y)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if n != nil {
			got = n.Name
		}
		if got != c.want {
			t.Errorf("pick (%v, %v) = %q, want %q", c.x, c.y, got, c.want)
		}
	}
	// A higher Order puts Back on top of Hero.
	back := r.find(t, "Back")
	if _, err := r.cl.SetFields(ctx(t), back.ID, 0, map[string]any{"Order": 5}); err != nil {
		t.Fatal(err)
	}
	if n, _ := r.cl.Pick(ctx(t), 400, 300); n == nil || n.Name != "Back" {
		t.Fatalf("pick after Order 5: %+v", n)
	}
}

func TestControlPauseStepTimeScale(t *testing.T) {
	r := newRig(t, testScene(), nil)
	var st inspector.State
	if err := r.cl.Call(ctx(t), "tact.control", map[string]any{"pause": true, "timeScale": 0.5}, &st); err != nil || !st.Paused || st.TimeScale != 0.5 {
		t.Fatalf("pause: %+v %v", st, err)
	}
	if r.srv.TimeScale() != 0.5 {
		t.Fatalf("TimeScale %v", r.srv.TimeScale())
	}
	before := r.d.TotalTime()
	if err := r.cl.Call(ctx(t), "tact.control", map[string]any{"step": true}, &st); err != nil {
		t.Fatal(err)
	}
	// The state call runs after the step's frame ended.
	r.cl.Call(ctx(t), "tact.state", nil, &st)
	r.cl.Call(ctx(t), "tact.state", nil, &st)
	if !st.Paused {
		t.Fatalf("not paused after the step: %+v", st)
	}
	if err := r.cl.Call(ctx(t), "tact.control", map[string]any{"timeScale": -1}, nil); err == nil {
		t.Fatal("a negative time scale was accepted")
	}
	r.close()
	if d := r.d.TotalTime() - before; d < 1.0/60-1e-9 || d > 1.0/60+1e-9 {
		t.Fatalf("a step advanced time by %v, want one frame (1/60)", d)
	}
}

// TestConcurrentClients: many clients read and write at once while the
// Director ticks; under -race nothing races it, and every write lands.
func TestConcurrentClients(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	ch, err := r.cl.Watch(ctx(t), true, hero.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for range ch {
		}
	}()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				var err error
				switch i % 4 {
				case 0:
					_, err = r.cl.SetFields(ctx(t), hero.ID, 0, map[string]any{"Color": []int{g, i, 0, 255}})
				case 1:
					_, err = r.cl.Get(ctx(t), hero.ID)
				case 2:
					err = r.cl.Call(ctx(t), "tact.tree", nil, nil)
				case 3:
					var sp inspector.NodeSummary
					if err = r.cl.Call(ctx(t), "tact.spawn", map[string]any{"name": fmt.Sprint("n", g, i)}, &sp); err == nil {
						err = r.cl.Call(ctx(t), "tact.destroy", map[string]any{"id": sp.ID}, nil)
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestWatchStreamsTreeNodeAndLog(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	ch, err := r.cl.Watch(ctx(t), true, hero.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	next := func(name string) json.RawMessage {
		t.Helper()
		for ev := range ch {
			if ev.Name == name {
				return ev.Data
			}
		}
		t.Fatalf("stream ended before a %q event", name)
		return nil
	}
	var d inspector.TreeDiff
	json.Unmarshal(next("tree"), &d)
	if !d.Full || len(d.Upsert) != 6 { // root, Camera, Back, Hero, Gun, Title
		t.Fatalf("first tree event: %+v", d)
	}
	var sp inspector.NodeSummary
	if err := r.cl.Call(ctx(t), "tact.spawn", map[string]any{"name": "New"}, &sp); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(next("tree"), &d)
	if d.Full || len(d.Upsert) != 1 || d.Upsert[0].Name != "New" {
		t.Fatalf("diff after spawn: %+v", d)
	}
	r.cl.Call(ctx(t), "tact.destroy", map[string]any{"id": sp.ID}, nil)
	json.Unmarshal(next("tree"), &d)
	if len(d.Removed) != 1 || d.Removed[0] != sp.ID {
		t.Fatalf("diff after destroy: %+v", d)
	}
	r.cl.SetFields(ctx(t), hero.ID, 0, map[string]any{"Color": []int{1, 2, 3, 4}})
	for {
		var nd inspector.NodeDetail
		json.Unmarshal(next("node"), &nd)
		if fmt.Sprint(nd.Components[0].Fields[4].Value) == "[1 2 3 4]" {
			break
		}
	}
	r.log.Printf("component panicked: boom")
	var es []inspector.LogEntry
	json.Unmarshal(next("log"), &es)
	if len(es) == 0 || es[len(es)-1].Text != "component panicked: boom" || !es[len(es)-1].Panic {
		t.Fatalf("log event %+v", es)
	}
}

func TestSaveSceneRoundTrip(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	if _, err := r.cl.SetFields(ctx(t), hero.ID, 0, map[string]any{"Color": []int{10, 20, 30, 255}}); err != nil {
		t.Fatal(err)
	}
	if err := r.cl.Save(ctx(t), "scenes/saved.json"); err != nil {
		t.Fatal(err)
	}
	r.close()
	a, err := asset.New(asset.Options{Root: r.root, Frames: assettest.NewFrames()})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	s, err := scenefile.NewStore(a).LoadScene("scenes/saved.json")
	if err != nil {
		t.Fatal(err)
	}
	sp := scenegraph.GetComponent[*scenegraph.Sprite](s.Root().Find("Hero"))
	if sp == nil || sp.Color != render.RGBA(10, 20, 30, 255) {
		t.Fatalf("reloaded Hero sprite %+v", sp)
	}
}

func TestSaveConfinedToAssetRoot(t *testing.T) {
	r := newRig(t, testScene(), nil)
	for _, p := range []string{"../escape.json", "/tmp/escape.json", "scenes/x.txt", "a/../../b.json"} {
		if err := r.cl.Save(ctx(t), p); err == nil {
			t.Errorf("save to %q succeeded", p)
		}
	}
}

func TestReadOnlyRefusesChanges(t *testing.T) {
	r := newRig(t, testScene(), func(o *inspector.Options) { o.ReadOnly = true })
	hero := r.find(t, "Hero") // reads work
	for _, m := range []string{"tact.set", "tact.spawn", "tact.destroy", "tact.reparent", "tact.control", "tact.save"} {
		err := r.cl.Call(ctx(t), m, map[string]any{"id": hero.ID}, nil)
		var ie *inspector.Error
		if !errors.As(err, &ie) || ie.Code != inspector.CodeReadOnly {
			t.Errorf("%s on a read-only server: %v", m, err)
		}
	}
}

func TestSecurityChecks(t *testing.T) {
	r := newRig(t, testScene(), func(o *inspector.Options) { o.MaxBody = 256 })
	tok := "Bearer " + r.srv.Token()
	body := rpcBody("tact.state", nil)
	port := r.srv.Addr()[strings.LastIndex(r.srv.Addr(), ":"):]
	for _, c := range []struct {
		name   string
		method string
		path   string
		body   string
		hdr    map[string]string
		want   int
	}{
		{"good", "POST", "/rpc", body, map[string]string{"Authorization": tok}, 200},
		{"token in query", "POST", "/rpc?token=" + r.srv.Token(), body, nil, 200},
		{"localhost host", "POST", "/rpc", body, map[string]string{"Authorization": tok, "Host": "localhost" + port}, 200},
		{"same origin", "POST", "/rpc", body, map[string]string{"Authorization": tok, "Origin": "http://" + r.srv.Addr()}, 200},
		{"no token", "POST", "/rpc", body, nil, 401},
		{"wrong token", "POST", "/rpc", body, map[string]string{"Authorization": "Bearer nope"}, 401},
		{"page without token", "GET", "/", "", nil, 401},
		{"rebinding host", "POST", "/rpc", body, map[string]string{"Authorization": tok, "Host": "evil.example" + port}, 403},
		{"other port", "POST", "/rpc", body, map[string]string{"Authorization": tok, "Host": "127.0.0.1:1"}, 403},
		{"cross origin", "POST", "/rpc", body, map[string]string{"Authorization": tok, "Origin": "http://evil.example"}, 403},
		{"cross site", "POST", "/rpc", body, map[string]string{"Authorization": tok, "Sec-Fetch-Site": "cross-site"}, 403},
		{"too large", "POST", "/rpc", `{"jsonrpc":"2.0","method":"tact.query","params":{"name":"` + strings.Repeat("x", 400) + `"}}`, map[string]string{"Authorization": tok}, 413},
		{"GET rpc", "GET", "/rpc", "", map[string]string{"Authorization": tok}, 405},
	} {
		if code, b := r.raw(t, c.method, c.path, c.body, c.hdr); code != c.want {
			t.Errorf("%s: status %d (%s), want %d", c.name, code, strings.TrimSpace(b), c.want)
		}
	}
	if code, b := r.raw(t, "GET", "/?token="+r.srv.Token(), "", nil); code != 200 || !strings.Contains(b, "Tact inspector") {
		t.Errorf("page: %d", code)
	}
	if code, b := r.raw(t, "POST", "/rpc", "{", map[string]string{"Authorization": tok}); code != 200 || !strings.Contains(b, "-32700") {
		t.Errorf("bad JSON: %d %s", code, b)
	}
	if code, b := r.raw(t, "POST", "/rpc", rpcBody("tact.nope", nil), map[string]string{"Authorization": tok}); !strings.Contains(b, "-32601") {
		t.Errorf("unknown method: %d %s", code, b)
	}
}

func TestListenRules(t *testing.T) {
	d := newRig(t, testScene(), nil).d
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:0", ":0"} {
		if _, err := inspector.New(inspector.Options{Addr: addr, Director: d}); err == nil || !strings.Contains(err.Error(), "not a loopback address") {
			t.Errorf("inspector.New(%q): %v", addr, err)
		}
	}
	if _, err := inspector.New(inspector.Options{Addr: "127.0.0.1:0"}); err == nil {
		t.Error("New without a Director succeeded")
	}
	log := inspector.NewLog(nil)
	s, err := inspector.New(inspector.Options{Addr: "0.0.0.0:0", AllowRemote: true, Director: director.New(), Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if es := log.Since(0); len(es) != 1 || !strings.Contains(es[0].Text, "WARNING") {
		t.Fatalf("AllowRemote logged %+v", es)
	}
}

package inspector_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// follower is a game component with reference fields: a node, another
// component, a sound, and an enum.
type follower struct {
	scenegraph.Component
	Target *scenegraph.Node
	Shape  *scenegraph.Sprite
	Hit    *audio.Clip
	Blend  render.BlendMode
	Delay  time.Duration // a number with a String method: not an enum
}

// panicker panics in its first Update.
type panicker struct{ scenegraph.Component }

func (*panicker) Update(float64) { panic("boom") }

func fieldsOf(t *testing.T, d *inspector.NodeDetail, typ string) map[string]inspector.Field {
	t.Helper()
	for _, c := range d.Components {
		if c.Type == typ {
			m := map[string]inspector.Field{}
			for _, f := range c.Fields {
				m[f.Name] = f
			}
			return m
		}
	}
	t.Fatalf("node %s has no %s: %+v", d.Path, typ, d.Components)
	return nil
}

func TestAddAndRemoveComponent(t *testing.T) {
	r := newRig(t, testScene(), nil)
	gun := r.find(t, "Gun")
	d, err := r.cl.AddComponent(ctx(t), gun.ID, "Sprite", map[string]any{"Size": []int{7, 8}, "Color": []int{1, 2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	f := fieldsOf(t, d, "Sprite")
	if fmt.Sprint(f["Size"].Value) != "[7 8]" || fmt.Sprint(f["Color"].Value) != "[1 2 3 4]" || fmt.Sprint(d.NodeSummary.Components) != "[Sprite]" {
		t.Fatalf("after add: %+v", d)
	}
	// Bad input names the node and the reason; nothing is added.
	for _, c := range []struct {
		typ    string
		fields map[string]any
		want   string
	}{
		{"Dragon", nil, `node ` + fmt.Sprint(gun.ID) + ` (Gun): scenefile: unknown component type "Dragon"`},
		{"Sprite", map[string]any{"Sizes": 1}, `has no state field "Sizes"`},
		{"Sprite", map[string]any{"Size": "big"}, "Sprite.Size: want array of 2, have string"},
	} {
		_, err := r.cl.AddComponent(ctx(t), gun.ID, c.typ, c.fields)
		var ie *inspector.Error
		if !errors.As(err, &ie) || ie.Code != inspector.CodeInvalidParams || !strings.Contains(err.Error(), c.want) {
			t.Errorf("add %s %v: %v, want %q", c.typ, c.fields, err, c.want)
		}
	}
	if d, _ := r.cl.Get(ctx(t), gun.ID); len(d.Components) != 1 {
		t.Fatalf("failed adds changed the node: %+v", d.Components)
	}
	if err := r.cl.RemoveComponent(ctx(t), gun.ID, 3); err == nil || !strings.Contains(err.Error(), "has no component 3 (it has 1)") {
		t.Fatalf("remove of a missing index: %v", err)
	}
	if err := r.cl.RemoveComponent(ctx(t), gun.ID, 0); err != nil {
		t.Fatal(err)
	}
	// Destroyed at the frame's deferred-destroy step.
	deadline := time.Now().Add(5 * time.Second)
	for {
		d, err := r.cl.Get(ctx(t), gun.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Components) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("component still there: %+v", d.Components)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestSetAssetNodeAndEnumFields(t *testing.T) {
	r := newRig(t, testScene(), nil)
	if err := r.scenes.RegisterComponent("Follower", func() scenegraph.Behavior { return &follower{} }); err != nil {
		t.Fatal(err)
	}
	assettest.WriteFile(t, r.root, "tex/a.png", assettest.PNG(t, 4, 4, color.NRGBA{0, 255, 0, 255}))
	assettest.WriteFile(t, r.root, "sfx/hit.wav", assettest.ToneWAV(8000, 800))
	hero := r.find(t, "Hero")
	d, err := r.cl.SetFields(ctx(t), hero.ID, 0, map[string]any{"Texture": "tex/a.png"})
	if err != nil {
		t.Fatal(err)
	}
	if f := fieldsOf(t, d, "Sprite")["Texture"]; f.Value != "tex/a.png" || f.ReadOnly || f.Asset != "texture" {
		t.Fatalf("Texture after set: %+v", f)
	}
	d, err = r.cl.AddComponent(ctx(t), hero.ID, "Follower", map[string]any{
		"Target": "Test/Hero/Gun", "Shape": "Back", "Hit": "sfx/hit.wav", "Blend": 2})
	if err != nil {
		t.Fatal(err)
	}
	f := fieldsOf(t, d, "Follower")
	if f["Target"].Value != "Test/Hero/Gun" || f["Target"].Kind != "node" || f["Target"].ReadOnly {
		t.Fatalf("Target: %+v", f["Target"])
	}
	if f["Shape"].Value != "Test/Back" || f["Shape"].Kind != "node" {
		t.Fatalf("Shape: %+v", f["Shape"])
	}
	if f["Hit"].Value != "sfx/hit.wav" || f["Hit"].Asset != "sound" {
		t.Fatalf("Hit: %+v", f["Hit"])
	}
	if b := f["Blend"]; b.Value != float64(2) || fmt.Sprint(b.Enum) != "[{opaque 0} {alpha 1} {additive 2} {premultiplied 3}]" {
		t.Fatalf("Blend: %+v", b)
	}
	if f["Delay"].Enum != nil {
		t.Fatalf("time.Duration is not an enum: %+v", f["Delay"].Enum)
	}
	// Clearing references.
	d, err = r.cl.SetFields(ctx(t), hero.ID, 1, map[string]any{"Target": nil, "Hit": ""})
	if err != nil {
		t.Fatal(err)
	}
	if f := fieldsOf(t, d, "Follower"); f["Target"].Value != nil || f["Hit"].Value != nil {
		t.Fatalf("after clearing: %+v %+v", f["Target"], f["Hit"])
	}
	// Bad references: the field and the reason, nothing changed.
	title := r.find(t, "Title")
	for _, c := range []struct {
		id     uint64
		comp   int
		fields map[string]any
		want   string
	}{
		{hero.ID, 0, map[string]any{"Texture": "sfx/hit.wav"}, `Sprite).Texture: "sfx/hit.wav" is a *audio.Clip, want a texture`},
		{hero.ID, 0, map[string]any{"Texture": "tex/none.png"}, "tex/none.png"},
		{hero.ID, 0, map[string]any{"Texture": "../x.png"}, "Texture"},
		{hero.ID, 0, map[string]any{"Texture": 5}, "want an asset path (string) or null, have number"},
		{hero.ID, 1, map[string]any{"Target": "Test/Nobody"}, `Follower).Target: no node at path "Test/Nobody"`},
		{hero.ID, 1, map[string]any{"Shape": "Title"}, `node "Title" has no *scenegraph.Sprite component`},
		{title.ID, 0, map[string]any{"Font": "tex/a.png"}, "is a *asset.Texture, want a font"},
	} {
		_, err := r.cl.SetFields(ctx(t), c.id, c.comp, c.fields)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("set %v: %v, want %q", c.fields, err, c.want)
		}
	}
	if d, _ := r.cl.Get(ctx(t), hero.ID); fieldsOf(t, d, "Sprite")["Texture"].Value != "tex/a.png" {
		t.Fatal("a refused set changed the texture")
	}
	// The path picker's lists.
	l, err := r.cl.Assets(ctx(t), "texture")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(l.Files) != "[tex/a.png]" || fmt.Sprint(l.Loaded) != "[tex/a.png]" {
		t.Fatalf("textures: %+v", l)
	}
	if l, _ := r.cl.Assets(ctx(t), "sound"); fmt.Sprint(l.Files) != "[sfx/hit.wav]" {
		t.Fatalf("sounds: %+v", l)
	}
	if _, err := r.cl.Assets(ctx(t), "meshes"); err == nil || !strings.Contains(err.Error(), `kind "meshes"`) {
		t.Fatalf("unknown kind: %v", err)
	}
}

func TestSavePrefabThenInstantiate(t *testing.T) {
	r := newRig(t, testScene(), nil)
	hero := r.find(t, "Hero")
	if err := r.cl.SavePrefab(ctx(t), hero.ID, "prefabs/hero.json"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(r.root, "prefabs", "hero.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Nodes []struct {
			Name string `json:"name"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Nodes) == 0 || doc.Nodes[0].Name != "Hero" {
		t.Fatalf("prefab file: %v\n%s", err, b)
	}
	assettest.WriteFile(t, r.root, "anim/walk.anim.json", []byte(`{}`))
	l, err := r.cl.Assets(ctx(t), "prefab")
	if err != nil || fmt.Sprint(l.Files) != "[prefabs/hero.json]" {
		t.Fatalf("prefabs: %+v %v (a clip's .anim.json is no prefab)", l, err)
	}
	var sp inspector.NodeSummary
	if err := r.cl.Call(ctx(t), "tact.spawn", map[string]any{"prefab": "prefabs/hero.json", "name": "Hero2"}, &sp); err != nil {
		t.Fatal(err)
	}
	d, err := r.cl.Get(ctx(t), sp.ID)
	if err != nil || len(d.Children) != 1 || fmt.Sprint(d.NodeSummary.Components) != "[Sprite]" {
		t.Fatalf("instance: %+v %v", d, err)
	}
	for _, p := range []string{"../hero.json", "prefabs/hero.txt"} {
		if err := r.cl.SavePrefab(ctx(t), hero.ID, p); err == nil {
			t.Errorf("savePrefab to %q succeeded", p)
		}
	}
	if err := r.cl.SavePrefab(ctx(t), 9999, "prefabs/x.json"); err == nil || !strings.Contains(err.Error(), "no node 9999") {
		t.Errorf("savePrefab of a missing node: %v", err)
	}
}

func TestReadOnlyRefusesEditing(t *testing.T) {
	r := newRig(t, testScene(), func(o *inspector.Options) { o.ReadOnly = true })
	hero := r.find(t, "Hero")
	for _, m := range []string{"tact.addComponent", "tact.removeComponent", "tact.savePrefab"} {
		err := r.cl.Call(ctx(t), m, map[string]any{"id": hero.ID}, nil)
		var ie *inspector.Error
		if !errors.As(err, &ie) || ie.Code != inspector.CodeReadOnly {
			t.Errorf("%s on a read-only server: %v", m, err)
		}
	}
	if _, err := os.Stat(filepath.Join(r.root, "prefabs")); err == nil {
		t.Error("a refused savePrefab made a folder")
	}
	// Looking is allowed: lists, graphs and traces change nothing.
	if _, err := r.cl.Assets(ctx(t), "prefab"); err != nil {
		t.Error(err)
	}
	if _, err := r.cl.Stats(ctx(t)); err != nil {
		t.Error(err)
	}
	if _, err := r.cl.Trace(ctx(t), 2); err != nil {
		t.Error(err)
	}
}

func TestStatsAndTrace(t *testing.T) {
	r := newRig(t, testScene(), nil)
	time.Sleep(50 * time.Millisecond)
	st, err := r.cl.Stats(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Frames) < 3 {
		t.Fatalf("%d frames sampled", len(st.Frames))
	}
	for i, f := range st.Frames[1:] {
		prev := st.Frames[i]
		if f.Frame != prev.Frame+1 || f.FrameMS <= 0 || f.DeltaMS < 16.6 || f.DeltaMS > 16.7 || f.HeapMB <= 0 || f.GCCycles < prev.GCCycles {
			t.Fatalf("frame %d after %+v: %+v", i+1, prev, f)
		}
	}
	b, err := r.cl.Trace(ctx(t), 3)
	if err != nil {
		t.Fatal(err)
	}
	var events []struct {
		Name string `json:"name"`
		Ph   string `json:"ph"`
	}
	if err := json.Unmarshal(b, &events); err != nil {
		t.Fatalf("trace is not JSON: %v\n%.300s", err, b)
	}
	frames := 0
	for _, e := range events {
		if e.Name == "begin frame" && e.Ph == "X" {
			frames++
		}
	}
	if frames < 3 || frames > 4 {
		t.Fatalf("trace of 3 frames has %d frames (%d events)", frames, len(events))
	}
	// Bad input, and one trace at a time.
	if _, err := r.cl.Trace(ctx(t), 0); err == nil || !strings.Contains(err.Error(), "want 1..1200") {
		t.Fatalf("frames=0: %v", err)
	}
	r.cl.Call(ctx(t), "tact.control", map[string]any{"pause": true}, nil)
	if _, err := r.cl.Trace(ctx(t), 2); err == nil || !strings.Contains(err.Error(), "paused") {
		t.Fatalf("trace while paused: %v", err)
	}
}

func TestPickMeshAndUIRect(t *testing.T) {
	s := testScene()
	ball := scenegraph.NewNode("Ball")
	ball.SetPositionXY(150, 300)
	ball.SetScale(mgl32.Vec3{2, 2, 2})
	s.AddChild(ball)
	scenegraph.AddComponent(ball, &scenegraph.MeshRenderer{Radius: 20}) // 40 px after scale
	noBounds := scenegraph.NewNode("NoBounds")
	noBounds.SetPositionXY(700, 100)
	s.AddChild(noBounds)
	scenegraph.AddComponent(noBounds, &scenegraph.MeshRenderer{})
	panel := scenegraph.NewNode("Panel")
	panel.SetPositionXY(700, 300)
	s.AddChild(panel)
	scenegraph.AddComponent(panel, ui.NewRect(100, 50))
	r := newRig(t, s, nil)
	for _, c := range []struct {
		x, y float32
		want string
	}{
		{150, 300, "Ball"}, {185, 300, "Ball"}, {195, 300, ""},
		{700, 300, "Panel"}, {745, 320, "Panel"}, {700, 330, ""},
		{700, 500, ""}, // no Radius: not pickable
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
}

// A component's recovered panic reaches the inspector's log, marked, with
// its node's path.
func TestLogShowsRecoveredPanicWithNodePath(t *testing.T) {
	r := newRig(t, testScene(), nil)
	if err := r.scenes.RegisterComponent("Panicker", func() scenegraph.Behavior { return &panicker{} }); err != nil {
		t.Fatal(err)
	}
	r.pause()
	r.d.Scene().Logger = r.log // as a Game sets its scenes' Logger
	r.resume()
	gun := r.find(t, "Gun")
	if _, err := r.cl.AddComponent(ctx(t), gun.ID, "Panicker", nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, e := range r.log.Since(0) {
			if e.Panic && strings.Contains(e.Text, "Test/Hero/Gun") && strings.Contains(e.Text, "boom") {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no panic report with the node path in %+v", r.log.Since(0))
}

package scenefile

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font/gofont/gomono"
)

// Loading a scene file builds the tree it describes, with assets resolved to
// their handles and held while the scene lives.
func TestLoadScene(t *testing.T) {
	a, _, _ := newTestStore(t)
	s, err := a.LoadScene("scenes/level1.json")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name() != "Level 1" || s.ChildCount() != 4 {
		t.Fatalf("scene %q with %d top-level nodes", s.Name(), s.ChildCount())
	}
	red := a.Get("textures/red.png")
	if red == nil || red.State() != asset.Loaded {
		t.Fatal("red.png not held")
	}
	cam := scenegraph.GetComponent[*scenegraph.Camera](s.Find("Camera"))
	if cam == nil || cam.ClearColor != render.RGBA(0, 0, 255, 255) || s.Find("Camera").Position() != (mgl32.Vec3{160, 120, 0}) {
		t.Fatalf("camera %+v", cam)
	}
	hero := scenegraph.GetComponent[*scenegraph.Sprite](s.Find("Hero"))
	if hero.Texture != red.Texture().ID || hero.Size != (mgl32.Vec2{40, 40}) || hero.Anchor != (mgl32.Vec2{0.5, 0.5}) {
		t.Fatalf("hero sprite %+v (factory defaults must stay where the file says nothing)", hero)
	}
	grunt := s.Find("Grunt")
	if grunt == nil || grunt.Position() != (mgl32.Vec3{250, 60, 0}) || grunt.Scale() != (mgl32.Vec3{2, 2, 1}) || grunt.Find("Shadow") == nil {
		t.Fatalf("prefab instance %v", grunt)
	}
	shadow := scenegraph.GetComponent[*scenegraph.Sprite](grunt.Find("Shadow"))
	if shadow.Color != render.RGBA(0, 0, 0, 128) || shadow.Texture != red.Texture().ID {
		t.Fatalf("shadow %+v", shadow)
	}
	hidden := s.Find("Hidden")
	hs := scenegraph.GetComponent[*scenegraph.Sprite](hidden)
	if hidden.Active() || hidden.Layer != 4 || hs.Enabled() || hs.Shader != a.Get("shaders/flat.shader").Shader().ID ||
		hs.Texture != a.Get("textures/green.jpg").Texture().ID {
		t.Fatalf("hidden node: active %v layer %d sprite %+v", hidden.Active(), hidden.Layer, hs)
	}
	if ang := hidden.Angle(); ang < 89.99 || ang > 90.01 {
		t.Fatalf("euler z 90 gave angle %v", ang)
	}
	// The scene holds the level, which holds the prefab and the textures.
	level := a.Get("scenes/level1.json")
	if level.Refs() != 1 || a.Get("prefabs/enemy.json").Refs() != 2 {
		t.Fatalf("refs: level %d prefab %d", level.Refs(), a.Get("prefabs/enemy.json").Refs())
	}
	s.Launch()
	s.Unload()
	if len(a.Loaded()) != 0 {
		t.Fatalf("after the scene's unload still held: %v", a.Loaded())
	}
}

// Instantiating a prefab many times shares its assets: one texture, one
// reference from the prefab, and a reference to the prefab per instance.
func TestPrefabInstancesShareAssets(t *testing.T) {
	a, frames, _ := newTestStore(t)
	x, pf, err := a.LoadPrefab("prefabs/enemy.json")
	if err != nil {
		t.Fatal(err)
	}
	s := scenegraph.NewScene("Arena")
	s.Launch()
	var nodes []*scenegraph.Node
	for i := range 10 {
		n, err := pf.Instantiate()
		if err != nil {
			t.Fatal(err)
		}
		n.SetPositionXY(float32(i), 0)
		s.AddChild(n)
		nodes = append(nodes, n)
	}
	red := a.Get("textures/red.png")
	if x.Refs() != 11 || red.Refs() != 1 || frames.Count(render.OpCreateTexture) != 1 {
		t.Fatalf("prefab refs %d (want 11), texture refs %d (want 1), %d textures created (want 1)",
			x.Refs(), red.Refs(), frames.Count(render.OpCreateTexture))
	}
	for _, n := range nodes {
		if sp := scenegraph.GetComponent[*scenegraph.Sprite](n); sp.Texture != red.Texture().ID || !sp.EnabledInHierarchy() {
			t.Fatalf("instance sprite %+v", sp)
		}
	}
	for _, n := range nodes[:5] {
		n.Destroy()
	}
	s.ProcessDestroyed()
	if x.Refs() != 6 {
		t.Fatalf("after destroying 5 instances: prefab refs %d, want 6", x.Refs())
	}
	x.Release()
	if red.State() != asset.Loaded {
		t.Fatal("texture unloaded while instances live")
	}
	s.Unload()
	if red.State() != asset.Unloaded || x.State() != asset.Unloaded || frames.Count(render.OpDeleteTexture) != 1 {
		t.Fatalf("after the last instance: texture %v, prefab %v, %d deletes", red.State(), x.State(), frames.Count(render.OpDeleteTexture))
	}
	if _, err := pf.Instantiate(); err == nil {
		t.Fatal("Instantiate of an unloaded prefab succeeded")
	}
}

// Bad scene files: each gives an error naming the file and the JSON path.
func TestBadSceneFiles(t *testing.T) {
	a, _, _ := newTestStore(t)
	cases := []struct{ json, want string }{
		{`{"nodes": [`, `bad.json: malformed JSON: unexpected end of file`},
		{`{"nodes": [}`, `bad.json: malformed JSON: line 1, column 13`},
		{`{"nodes": []} x`, `data after the top-level value`},
		{`[1]`, `bad.json: $: want object, have array of 1`},
		{`{"nodez": []}`, `bad.json: $.nodez: unknown key`},
		{`{"version": 2}`, `bad.json: $.version: want 1`},
		{`{"nodes": [{"name": "A"}, {"name": "B"}, {"components": [{"type": "Sprite", "Color": "red"}]}]}`,
			`bad.json: $.nodes[2].components[0].Color: want [4]number, have string`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Color": [1, 2, 3]}]}]}`,
			`$.nodes[0].components[0].Color: want [4]number, have array of 3`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Color": [1, 2, 3, 300]}]}]}`,
			`$.nodes[0].components[0].Color[3]: number 300 out of range for uint8`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Size": [1, 2, 3]}]}]}`,
			`$.nodes[0].components[0].Size: want [2]number, have array of 3`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Order": 1.5}]}]}`,
			`$.nodes[0].components[0].Order: want integer, have 1.5`},
		{`{"nodes": [{"components": [{"type": "Sprit"}]}]}`,
			`$.nodes[0].components[0].type: unknown component type "Sprit"`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Colour": [1,1,1,1]}]}]}`,
			`$.nodes[0].components[0].Colour: scenegraph.Sprite has no exported field Colour`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Texture": 7}]}]}`,
			`$.nodes[0].components[0].Texture: want string (texture path), have number`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Texture": "../x.png"}]}]}`,
			`$.nodes[0].components[0].Texture: ../x.png: path is outside the asset root`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Texture": "missing.png"}]}]}`,
			`bad.json: needs "missing.png": missing.png: no such file`},
		{`{"nodes": [{"components": [{"type": "Sprite", "Texture": "shaders/flat.shader"}]}]}`,
			`$.nodes[0].components[0].Texture: "shaders/flat.shader" is a shader, want string (texture path)`},
		{`{"nodes": [{"components": [{"type": "MeshRenderer", "Mesh": 3}]}]}`,
			`$.nodes[0].components[0].Mesh: render.MeshID handles are made by code`},
		{`{"nodes": [{"name": "A", "positon": [1, 2]}]}`, `$.nodes[0].positon: unknown key`},
		{`{"nodes": [{"position": [1]}]}`, `$.nodes[0].position: want [2]number or [3]number, have array of 1`},
		{`{"nodes": [{"angle": 3, "euler": [1, 2, 3]}]}`, `$.nodes[0]: give one of angle, euler and rotation`},
		{`{"nodes": [{"rotation": [0, 0, 0, 0]}]}`, `$.nodes[0].rotation: zero quaternion`},
		{`{"nodes": [{"id": "a"}, {"id": "a"}]}`, `$.nodes[1].id: id "a" is empty or used twice`},
		{`{"nodes": [{"prefab": "missing.json"}]}`, `bad.json: needs "missing.json"`},
		{`{"nodes": [{"prefab": "textures/red.png"}]}`, `$.nodes[0].prefab: "textures/red.png" is a texture, want a prefab file`},
		{`{"nodes": [{"prefab": "bad.json"}]}`, `bad.json: dependency cycle through "bad.json"`},
	}
	for i, c := range cases {
		writeFile(t, a.Root(), "bad.json", []byte(c.json))
		x, err := a.Load("bad.json")
		if err == nil {
			x.Release()
			t.Errorf("case %d: %s loaded", i, c.json)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: %s\n got: %v\nwant: %s", i, c.json, err, c.want)
		}
	}
	if held := a.Loaded(); len(held) != 0 {
		t.Fatalf("failed loads left %v held", held)
	}
}

// follower is a test component with every kind of field a scene file holds.
type follower struct {
	scenegraph.Component
	Target  *scenegraph.Node
	Sprite  *scenegraph.Sprite
	Speed   float64
	Count   int32
	Name    string
	Tags    []string
	Weights map[string]float32
	Offset  mgl32.Vec3
	Tint    render.Color
	Enemy   *SceneFile
	Icon    render.TextureID
	Limits  struct {
		Min, Max float32
	}
	Ptr       *int
	Callback  func() `scene:"-"`
	Ignored   int    `scene:"-"`
	unexposed int
}

// Round trip: save(scene) then load gives the same tree and fields.
func TestSceneRoundTrip(t *testing.T) {
	a, _, _ := newTestStore(t)
	if err := a.RegisterComponent("Follower", func() scenegraph.Behavior { return &follower{Speed: 1} }); err != nil {
		t.Fatal(err)
	}
	if err := a.RegisterComponent("Follower", func() scenegraph.Behavior { return &follower{} }); err == nil {
		t.Fatal("a name registered twice")
	}
	s, err := a.LoadScene("scenes/level1.json")
	if err != nil {
		t.Fatal(err)
	}
	_, pf, err := a.LoadPrefab("prefabs/enemy.json")
	if err != nil {
		t.Fatal(err)
	}
	hero := s.Find("Hero")
	hero.SetRotationEuler(10, 20, 30)
	hero.SetScale(mgl32.Vec3{1.5, 0.25, 3})
	seven := 7
	f := &follower{Target: s.Find("Grunt/Shadow"), Sprite: scenegraph.GetComponent[*scenegraph.Sprite](hero),
		Speed: 2.5, Count: -3, Name: `"quoted" <name>`, Tags: []string{"a", "b"}, Weights: map[string]float32{"x": 0.1, "y": 1e-7},
		Offset: mgl32.Vec3{1.0 / 3, -2, 1e9}, Tint: render.RGBA(1, 2, 3, 4), Enemy: pf, Icon: a.Get("textures/green.jpg").Texture().ID,
		Ptr: &seven, Ignored: 9, unexposed: 5}
	f.Limits.Min, f.Limits.Max = -1, 1
	child := scenegraph.NewNode("Child")
	hero.AddChild(child)
	scenegraph.AddComponent(child, f)
	empty := &follower{}
	scenegraph.AddComponent(s.Find("Camera"), empty).SetEnabled(false)

	if err := a.SaveScene(s, "scenes/saved.json"); err != nil {
		t.Fatal(err)
	}
	s2, err := a.LoadScene("scenes/saved.json")
	if err != nil {
		b, _ := a.MarshalScene(s)
		t.Fatalf("%v\n%s", err, b)
	}
	if err := sameTree(s.Root(), s2.Root(), s.Root(), s2.Root()); err != nil {
		b, _ := a.MarshalScene(s)
		t.Fatalf("%v\n%s", err, b)
	}
	f2 := scenegraph.GetComponent[*follower](s2.Find("Hero/Child"))
	if f2.Ignored != 0 || f2.unexposed != 0 || f2.Ptr == f.Ptr || *f2.Ptr != 7 {
		t.Fatalf("untouchable fields crossed the file: %+v", f2)
	}
	// From then on the file is a fixed point: saving a loaded copy gives the
	// same bytes. (Only the first save may differ, in the last bits of a
	// rotation: scenegraph normalizes quaternions on SetRotation.)
	b1, err := a.MarshalScene(s2)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, a.Root(), "scenes/saved2.json", b1)
	s3, err := a.LoadScene("scenes/saved2.json")
	if err != nil {
		t.Fatal(err)
	}
	b2, err := a.MarshalScene(s3)
	if err != nil {
		t.Fatal(err)
	}
	if string(b1) != string(b2) {
		t.Fatalf("second save differs:\n%s\n---\n%s", b1, b2)
	}

	// What a file cannot hold is an error naming where.
	s.Find("Hero").AddChild(scenegraph.NewNode("Orphan"))
	stray := scenegraph.NewNode("Elsewhere")
	f.Target = stray
	if _, err := a.MarshalScene(s); err == nil || !strings.Contains(err.Error(), `Follower.Target: refers to node "Elsewhere"`) {
		t.Fatalf("reference out of the tree: %v", err)
	}
	f.Target = nil
	scenegraph.GetComponent[*scenegraph.Sprite](hero).Texture = render.TextureID(12345) // a handle no asset has
	if _, err := a.MarshalScene(s); err == nil || !strings.Contains(err.Error(), "Sprite.Texture") {
		t.Fatalf("texture made by code: %v", err)
	}
	type unregistered struct{ scenegraph.Component }
	scenegraph.GetComponent[*scenegraph.Sprite](hero).Texture = 0
	scenegraph.AddComponent(hero, &unregistered{})
	if _, err := a.MarshalScene(s); err == nil || !strings.Contains(err.Error(), "is not registered") {
		t.Fatalf("unregistered component: %v", err)
	}
}

// sameTree compares two trees: names, flags, transforms, layers, and every
// component's type, enabled flag and exported fields (references compared by
// path from their roots).
func sameTree(a, b, ra, rb *scenegraph.Node) error {
	if a.Name() != b.Name() || a.Active() != b.Active() || a.Layer != b.Layer ||
		a.Position() != b.Position() || !a.Rotation().ApproxEqualThreshold(b.Rotation(), 1e-6) || a.Scale() != b.Scale() {
		return fmt.Errorf("node %q differs: %v %v %v %v / %q %v %v %v %v", a.Path(), a.Active(), a.Position(), a.Rotation(), a.Scale(),
			b.Name(), b.Active(), b.Position(), b.Rotation(), b.Scale())
	}
	ca, cb := a.Components(), b.Components()
	if len(ca) != len(cb) {
		return fmt.Errorf("node %q: %d components vs %d", a.Path(), len(ca), len(cb))
	}
	for i := range ca {
		va, vb := reflect.ValueOf(ca[i]).Elem(), reflect.ValueOf(cb[i]).Elem()
		if va.Type() != vb.Type() || ca[i].Base().Enabled() != cb[i].Base().Enabled() {
			return fmt.Errorf("node %q component %d: %v vs %v", a.Path(), i, va.Type(), vb.Type())
		}
		for _, f := range fieldsOf(va.Type()) {
			if !savable(f.Type) {
				continue
			}
			fa, fb := va.FieldByIndex(f.Index).Interface(), vb.FieldByIndex(f.Index).Interface()
			switch x := fa.(type) {
			case *scenegraph.Node:
				if rel(x, ra) != rel(fb.(*scenegraph.Node), rb) {
					return fmt.Errorf("%q %v.%s: %v vs %v", a.Path(), va.Type(), f.Name, fa, fb)
				}
				continue
			case *scenegraph.Sprite:
				y := fb.(*scenegraph.Sprite)
				if (x == nil) != (y == nil) || x != nil && rel(x.Node(), ra) != rel(y.Node(), rb) {
					return fmt.Errorf("%q %v.%s: different sprites", a.Path(), va.Type(), f.Name)
				}
				continue
			}
			if !reflect.DeepEqual(fa, fb) {
				return fmt.Errorf("%q %v.%s: %#v vs %#v", a.Path(), va.Type(), f.Name, fa, fb)
			}
		}
	}
	ka, kb := a.Children(), b.Children()
	if len(ka) != len(kb) {
		return fmt.Errorf("node %q: %d children vs %d", a.Path(), len(ka), len(kb))
	}
	for i := range ka {
		if err := sameTree(ka[i], kb[i], ra, rb); err != nil {
			return err
		}
	}
	return nil
}

func rel(n, root *scenegraph.Node) string {
	if n == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(n.Path(), root.Path())
}

// Node references resolve by id and by path; a component reference gets
// the node's component of that type.
func TestSceneReferences(t *testing.T) {
	a, _, _ := newTestStore(t)
	if err := a.RegisterComponent("Follower", func() scenegraph.Behavior { return &follower{} }); err != nil {
		t.Fatal(err)
	}
	writeFile(t, a.Root(), "refs.json", []byte(`{"nodes": [
		{"name": "A", "children": [{"name": "B", "id": "bee", "components": [{"type": "Sprite"}]}]},
		{"name": "C", "components": [{"type": "Follower", "Target": "A/B", "Sprite": "bee"}]},
		{"name": "D", "components": [{"type": "Follower", "Target": "bee", "Sprite": "A"}]}
	]}`))
	_, err := a.LoadScene("refs.json")
	if err == nil || !strings.Contains(err.Error(), `refs.json: $.nodes[2].components[0].Sprite: node "A" has no *scenegraph.Sprite`) {
		t.Fatalf("component reference to a node without one: %v", err)
	}
	writeFile(t, a.Root(), "refs.json", []byte(`{"nodes": [
		{"name": "A", "children": [{"name": "B", "id": "bee", "components": [{"type": "Sprite"}]}]},
		{"name": "C", "components": [{"type": "Follower", "Target": "A/B", "Sprite": "bee"}]},
		{"name": "D", "components": [{"type": "Follower", "Target": "nobody"}]}
	]}`))
	_, err = a.Load("refs.json")
	if err == nil || !strings.Contains(err.Error(), `refs.json: $.nodes[2].components[0].Target: no node with id or path "nobody" in this file`) {
		t.Fatalf("dangling reference: %v", err)
	}
	writeFile(t, a.Root(), "refs.json", []byte(`{"nodes": [
		{"name": "A", "children": [{"name": "B", "id": "bee", "components": [{"type": "Sprite"}]}]},
		{"name": "C", "components": [{"type": "Follower", "Target": "A/B", "Sprite": "bee"}]}
	]}`))
	s, err := a.LoadScene("refs.json")
	if err != nil {
		t.Fatal(err)
	}
	f := scenegraph.GetComponent[*follower](s.Find("C"))
	if f.Target != s.Find("A/B") || f.Sprite != scenegraph.GetComponent[*scenegraph.Sprite](s.Find("A/B")) {
		t.Fatalf("references: %v %v", f.Target, f.Sprite)
	}
}

// Fonts load on workers; a Label's Font field holds the font's path; a font
// that does not parse is an error naming the file.
func TestLabelFontInSceneFile(t *testing.T) {
	a, _, _ := newTestStore(t)
	writeFile(t, a.Root(), "fonts/mono.ttf", gomono.TTF)
	writeFile(t, a.Root(), "fonts/broken.ttf", gomono.TTF[:200])
	writeFile(t, a.Root(), "ui.json", []byte(`{"nodes": [{"name": "Title",
		"components": [{"type": "Label", "Text": "Hi", "Font": "fonts/mono.ttf", "FontSize": 12}]}]}`))
	s, err := a.LoadScene("ui.json")
	if err != nil {
		t.Fatal(err)
	}
	l := scenegraph.GetComponent[*text.Label](s.Find("Title"))
	font := a.Get("fonts/mono.ttf").Font()
	if l == nil || l.Text != "Hi" || l.FontSize != 12 || font == nil || l.Font != font || l.Anchor != (mgl32.Vec2{0.5, 0.5}) {
		t.Fatalf("label %+v, font %v", l, font)
	}
	b, err := a.MarshalScene(s)
	if err != nil || !strings.Contains(string(b), `"Font": "fonts/mono.ttf"`) {
		t.Fatalf("saved label: %v\n%s", err, b)
	}
	if _, err := a.Load("fonts/broken.ttf"); err == nil || !strings.HasPrefix(err.Error(), "fonts/broken.ttf: ") {
		t.Fatalf("broken font: %v", err)
	}
}

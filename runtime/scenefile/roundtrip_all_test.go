package scenefile

import (
	"fmt"
	"github.com/tact-engine/tact/internal/assettest"
	"reflect"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/sound"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font/gofont/gomono"
)

// roundTripAssets are the loaded assets a filled component refers to.
type roundTripAssets struct {
	texture render.TextureID
	shader  render.ShaderID
	font    *text.Font
	clip    *audio.Clip
	prefab  *SceneFile
	// target is the node that node and component references name; it has
	// one component of every registered type.
	target *scenegraph.Node
}

// fill sets every field of v a file holds to a value that is not the
// factory's (seed varies it), asset handles and references to loaded
// assets and to the target node. It returns the fields it could not make
// differ (handles a file cannot hold).
func (a *roundTripAssets) fill(v reflect.Value, seed int, where string) []string {
	t := v.Type()
	switch t {
	case typeTextureID:
		v.Set(reflect.ValueOf(a.texture))
		return nil
	case typeShaderID:
		v.Set(reflect.ValueOf(a.shader))
		return nil
	case typeFont:
		v.Set(reflect.ValueOf(a.font))
		return nil
	case typeClip:
		v.Set(reflect.ValueOf(a.clip))
		return nil
	case typeSceneFile:
		v.Set(reflect.ValueOf(a.prefab))
		return nil
	case typeMeshID, typeTargetID:
		v.SetZero() // made by code: a file holds only 0
		return []string{where}
	case typeColor:
		v.SetUint(uint64(render.RGBA(uint8(seed), uint8(seed+1), uint8(seed+2), uint8(seed+3))))
		return nil
	case typeNode:
		v.Set(reflect.ValueOf(a.target))
		return nil
	}
	if isComponentPtr(t) {
		for _, c := range a.target.Components() {
			if reflect.TypeOf(c) == t {
				v.Set(reflect.ValueOf(c))
				return nil
			}
		}
		return []string{where + " (no registered component of that type)"}
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + int64(seed%50) + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(v.Uint() + uint64(seed%50) + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + float64(seed%50) + 0.25)
	case reflect.String:
		v.SetString(fmt.Sprintf("%s+s%d", v.String(), seed))
	case reflect.Array:
		var off []string
		for i := range v.Len() {
			off = append(off, a.fill(v.Index(i), seed+i, fmt.Sprintf("%s[%d]", where, i))...)
		}
		return off
	case reflect.Slice:
		s := reflect.MakeSlice(t, 2, 2)
		off := a.fill(s.Index(0), seed, where+"[0]")
		off = append(off, a.fill(s.Index(1), seed+1, where+"[1]")...)
		v.Set(s)
		return off
	case reflect.Map:
		m := reflect.MakeMap(t)
		var off []string
		for i, k := range []string{"a", "b"} {
			e := reflect.New(t.Elem()).Elem()
			off = append(off, a.fill(e, seed+i, where+"."+k)...)
			m.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), e)
		}
		v.Set(m)
		return off
	case reflect.Struct:
		var off []string
		for _, f := range fieldsOf(t) {
			if savable(f.Type) {
				off = append(off, a.fill(v.FieldByIndex(f.Index), seed+f.Index[0], where+"."+f.Name)...)
			}
		}
		return off
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		off := a.fill(p.Elem(), seed, where)
		v.Set(p)
		return off
	default:
		return []string{where + " (" + t.String() + ")"}
	}
	return nil
}

// sameValue compares a saved value with its loaded copy: node and
// component references by their path from their tree's root, loaded
// assets (fonts, clips, scene files) by identity, the rest deeply.
func sameValue(a, b reflect.Value, ra, rb *scenegraph.Node, where string) error {
	t := a.Type()
	switch t {
	case typeNode:
		if rel(a.Interface().(*scenegraph.Node), ra) != rel(b.Interface().(*scenegraph.Node), rb) {
			return fmt.Errorf("%s: node %v became %v", where, a.Interface(), b.Interface())
		}
		return nil
	case typeFont, typeClip, typeSceneFile:
		if a.Interface() != b.Interface() {
			return fmt.Errorf("%s: %v (%p) became %v (%p), not the loaded asset", where, a.Interface(), a.Interface(), b.Interface(), b.Interface())
		}
		return nil
	}
	if isComponentPtr(t) {
		na, nb := a.Interface().(scenegraph.Behavior).Base().Node(), b.Interface().(scenegraph.Behavior).Base().Node()
		if a.IsNil() != b.IsNil() || !a.IsNil() && rel(na, ra) != rel(nb, rb) {
			return fmt.Errorf("%s: component reference changed", where)
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Array, reflect.Slice:
		if a.Len() != b.Len() || t.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return fmt.Errorf("%s: length %d became %d", where, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if err := sameValue(a.Index(i), b.Index(i), ra, rb, fmt.Sprintf("%s[%d]", where, i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if a.Len() != b.Len() {
			return fmt.Errorf("%s: %d entries became %d", where, a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			if !b.MapIndex(k).IsValid() {
				return fmt.Errorf("%s: key %v lost", where, k)
			}
			if err := sameValue(a.MapIndex(k), b.MapIndex(k), ra, rb, where+"."+k.String()); err != nil {
				return err
			}
		}
		return nil
	case reflect.Struct:
		for _, f := range fieldsOf(t) {
			if savable(f.Type) {
				if err := sameValue(a.FieldByIndex(f.Index), b.FieldByIndex(f.Index), ra, rb, where+"."+f.Name); err != nil {
					return err
				}
			}
		}
		return nil
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Errorf("%s: nil became %v", where, b.Interface())
			}
			return nil
		}
		return sameValue(a.Elem(), b.Elem(), ra, rb, where)
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return fmt.Errorf("%s: %#v became %#v", where, a.Interface(), b.Interface())
	}
	return nil
}

// Every registered component type round-trips through a scene file: each
// is made by its factory, every field a file holds is set to a value that
// is not the factory's (asset references included: texture, shader, font,
// sound, prefab, node and component references), the scene is saved and
// loaded, and each field compares equal. The types are those of the
// registry, so a new component type that does not round-trip fails here;
// AudioSource and a component with every kind of field are registered as
// a game would.
func TestEveryComponentTypeRoundTrips(t *testing.T) {
	st, _, _ := newTestStore(t)
	writeFile(t, st.Root(), "fonts/mono.ttf", gomono.TTF)
	writeFile(t, st.Root(), "sfx/hit.wav", assettest.ToneWAV(8000, 400))
	if err := st.RegisterComponent("AudioSource", func() scenegraph.Behavior { return sound.NewAudioSource(nil, nil, nil) }); err != nil {
		t.Fatal(err)
	}
	if err := st.RegisterComponent("Follower", func() scenegraph.Behavior { return &follower{Speed: 1} }); err != nil {
		t.Fatal(err)
	}
	load := func(p string) *asset.Asset {
		x, err := st.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(x.Release)
		return x
	}
	a := &roundTripAssets{
		texture: load("textures/red.png").Texture().ID,
		shader:  load("shaders/flat.shader").Shader().ID,
		font:    load("fonts/mono.ttf").Font(),
		clip:    load("sfx/hit.wav").Clip(),
		prefab:  FromAsset(load("prefabs/enemy.json")),
	}
	if a.clip == nil || a.clip.Frames() != 400 {
		t.Fatalf("test sound: %v", a.clip)
	}
	names := st.ComponentTypes().Names()
	s := scenegraph.NewScene("All")
	a.target = scenegraph.NewNode("Target")
	s.AddChild(a.target)
	for _, name := range names {
		scenegraph.AddComponent(a.target, st.ComponentTypes().lookup(name).factory())
	}
	for i, name := range names {
		ct := st.ComponentTypes().lookup(name)
		c := ct.factory()
		fresh := reflect.ValueOf(ct.factory()).Elem()
		v := reflect.ValueOf(c).Elem()
		notSet := map[string]bool{}
		for _, f := range fieldsOf(v.Type()) {
			if !savable(f.Type) {
				continue
			}
			for _, w := range a.fill(v.FieldByIndex(f.Index), 7*i+f.Index[0], name+"."+f.Name) {
				notSet[w] = true
			}
			// The filled value must differ from the factory's, or the round
			// trip proves nothing about that field.
			if !notSet[name+"."+f.Name] && reflect.DeepEqual(v.FieldByIndex(f.Index).Interface(), fresh.FieldByIndex(f.Index).Interface()) {
				t.Errorf("%s.%s: the test could not give it a value other than the factory's", name, f.Name)
			}
		}
		c.Base().SetEnabled(i%2 == 0)
		n := scenegraph.NewNode("N_" + name)
		s.AddChild(n)
		scenegraph.AddComponent(n, c)
	}
	if err := st.SaveScene(s, "scenes/all.json"); err != nil {
		t.Fatal(err)
	}
	s2, err := st.LoadScene("scenes/all.json")
	if err != nil {
		b, _ := st.MarshalScene(s)
		t.Fatalf("%v\n%s", err, b)
	}
	defer s2.Unload()
	for i, name := range names {
		n, n2 := s.Find("N_"+name), s2.Find("N_"+name)
		if n2 == nil || len(n2.Components()) != 1 {
			t.Fatalf("%s: node lost or its component count changed", name)
		}
		c, c2 := n.Components()[0], n2.Components()[0]
		if reflect.TypeOf(c2) != reflect.TypeOf(c) || c2.Base().Enabled() != (i%2 == 0) {
			t.Fatalf("%s: became %T, enabled %v", name, c2, c2.Base().Enabled())
		}
		v, v2 := reflect.ValueOf(c).Elem(), reflect.ValueOf(c2).Elem()
		for _, f := range fieldsOf(v.Type()) {
			if !savable(f.Type) {
				continue
			}
			if err := sameValue(v.FieldByIndex(f.Index), v2.FieldByIndex(f.Index), s.Root(), s2.Root(), name+"."+f.Name); err != nil {
				t.Error(err)
			}
		}
	}
	// The sound is held by the loaded scene, as its textures are.
	if x := st.Get("sfx/hit.wav"); x == nil || x.Refs() < 2 {
		t.Fatalf("the loaded scene does not hold its sound: %v", x)
	}
	b, _ := st.MarshalScene(s)
	if !strings.Contains(string(b), `"Clip": "sfx/hit.wav"`) {
		t.Fatalf("AudioSource's clip not saved by path:\n%s", b)
	}
}

// A clip that no asset holds (made by code) cannot be saved: an error
// names the field, as for a texture made by code.
func TestSaveUnloadedClipIsAnError(t *testing.T) {
	st, _, _ := newTestStore(t)
	if err := st.RegisterComponent("AudioSource", func() scenegraph.Behavior { return sound.NewAudioSource(nil, nil, nil) }); err != nil {
		t.Fatal(err)
	}
	clip, err := audio.NewClip("beep", 8000, 1, []float32{0, 0.5, 0})
	if err != nil {
		t.Fatal(err)
	}
	s := scenegraph.NewScene("S")
	n := scenegraph.NewNode("Speaker")
	s.AddChild(n)
	scenegraph.AddComponent(n, sound.NewAudioSource(nil, nil, clip))
	if _, err := st.MarshalScene(s); err == nil || !strings.Contains(err.Error(), "AudioSource.Clip") {
		t.Fatalf("clip made by code: %v", err)
	}
	// A path that is no sound is refused when the file loads.
	writeFile(t, st.Root(), "bad.json", []byte(`{"nodes": [{"components": [{"type": "AudioSource", "Clip": "textures/red.png"}]}]}`))
	if _, err := st.LoadScene("bad.json"); err == nil || !strings.Contains(err.Error(),
		`bad.json: $.nodes[0].components[0].Clip: "textures/red.png" is a texture, want string (sound path) or null`) {
		t.Fatalf("texture as a clip: %v", err)
	}
}

// A UTF-8 byte order mark at the start of a scene or prefab file is
// skipped, not reported as an invalid character.
func TestByteOrderMarkIsSkipped(t *testing.T) {
	st, _, _ := newTestStore(t)
	writeFile(t, st.Root(), "bom/prefab.json", []byte("\ufeff"+`{"nodes": [{"name": "P", "components": [{"type": "Sprite", "Texture": "textures/red.png"}]}]}`))
	writeFile(t, st.Root(), "bom/scene.json", []byte("\ufeff"+`{"name": "Marked", "nodes": [{"name": "A", "prefab": "bom/prefab.json"}]}`))
	s, err := st.LoadScene("bom/scene.json")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Unload()
	if s.Name() != "Marked" || s.Find("A") == nil || scenegraph.GetComponent[*scenegraph.Sprite](s.Find("A")) == nil {
		t.Fatalf("scene with a BOM: %q %v", s.Name(), s.Find("A"))
	}
	x, pf, err := st.LoadPrefab("bom/prefab.json")
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	if n, err := pf.Instantiate(); err != nil || n.Name() != "P" {
		t.Fatalf("prefab with a BOM: %v %v", n, err)
	}
	// Errors after a mark give the line and column they give without it.
	bad := "{\n  \"nodes\": [}"
	writeFile(t, st.Root(), "bom/bad.json", []byte(bad))
	_, want := st.Load("bom/bad.json")
	writeFile(t, st.Root(), "bom/bad.json", []byte("\ufeff"+bad))
	_, err = st.Load("bom/bad.json")
	if err == nil || want == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "bom/bad.json: malformed JSON: line 2, column ") {
		t.Fatalf("bad file with a BOM: %v, without: %v", err, want)
	}
	// A mark anywhere else is still an error.
	writeFile(t, st.Root(), "bom/twice.json", []byte("\ufeff\ufeff{}"))
	if _, err := st.Load("bom/twice.json"); err == nil || !strings.Contains(err.Error(), "malformed JSON") {
		t.Fatalf("two marks: %v", err)
	}
}

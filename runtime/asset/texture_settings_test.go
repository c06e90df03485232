package asset

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

// createdDesc returns the description and pixels of the last texture
// created or replaced for id.
func createdDesc(t *testing.T, frames *testFrames, id render.TextureID) (render.TextureDesc, []byte) {
	t.Helper()
	rs := frames.F.Resources()
	for i := len(rs) - 1; i >= 0; i-- {
		if r := rs[i]; r.Texture == id && (r.Op == render.OpCreateTexture || r.Op == render.OpReplaceTexture) {
			return r.Desc, frames.F.Bytes(r.Data)
		}
	}
	t.Fatalf("no texture created for %d in %v", id, rs)
	return render.TextureDesc{}, nil
}

// The layers of settings: the zero default is today's (linear, clamp); the
// project default applies to every texture; a settings file overrides the
// keys it names; code overrides both.
func TestTextureSettingsLayers(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"plain.png", "hero.png", "sky.png", "coded.png"} {
		writeFile(t, root, p, pngBytes(t, 4, 2, color.NRGBA{200, 100, 50, 255}))
	}
	writeFile(t, root, "sky.png"+TextureSettingsSuffix, []byte(`{"wrap": "repeat", "mipmaps": true}`))
	writeFile(t, root, "hero.png"+TextureSettingsSuffix, []byte(`{"filter": "linear"}`))

	a, frames, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("plain.png")
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := createdDesc(t, frames, x.Texture().ID); d != (render.TextureDesc{Width: 4, Height: 2}) {
		t.Fatalf("no settings: %+v, want linear, clamped, no mipmaps", d)
	}

	pixel, frames, _ := newTestAssets(t, root, Options{Textures: TextureSettings{Filter: render.FilterNearest}})
	if err := pixel.SetTextureSettings("coded.png", TextureSettings{Wrap: render.WrapRepeat}); err != nil {
		t.Fatal(err)
	}
	want := map[string]render.TextureDesc{
		"plain.png": {Width: 4, Height: 2, Filter: render.FilterNearest},                                         // the project's default
		"sky.png":   {Width: 4, Height: 2, Filter: render.FilterNearest, Wrap: render.WrapRepeat, Mipmaps: true}, // file keys over it
		"hero.png":  {Width: 4, Height: 2, Filter: render.FilterLinear},                                          // the file undoes the default
		"coded.png": {Width: 4, Height: 2, Wrap: render.WrapRepeat},                                              // code: all fields
	}
	for p, w := range want {
		x, err := pixel.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		tex := x.Texture()
		if d, _ := createdDesc(t, frames, tex.ID); d != w {
			t.Errorf("%s: created %+v, want %+v", p, d, w)
		}
		if tex.Settings.Filter != w.Filter || tex.Settings.Wrap != w.Wrap || tex.Settings.Mipmaps != w.Mipmaps {
			t.Errorf("%s: Texture.Settings %+v disagree with %+v", p, tex.Settings, w)
		}
	}
}

// PremultiplyAlpha multiplies the colors by alpha at decode, rounding;
// opaque pixels are unchanged.
func TestTexturePremultiplyAlpha(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "glow.png", pngBytes(t, 2, 2, color.NRGBA{200, 100, 51, 128}))
	writeFile(t, root, "glow.png"+TextureSettingsSuffix, []byte(`{"premultiplyAlpha": true}`))
	a, frames, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("glow.png")
	if err != nil {
		t.Fatal(err)
	}
	_, pix := createdDesc(t, frames, x.Texture().ID)
	// 200*128/255 = 100.39, 100*128/255 = 50.2, 51*128/255 = 25.6
	if got := [4]byte(pix[:4]); got != [4]byte{100, 50, 26, 128} {
		t.Fatalf("premultiplied pixel %v, want [100 50 26 128]", got)
	}
	if !x.Texture().Settings.PremultiplyAlpha {
		t.Fatal("Texture.Settings does not say premultiplied")
	}
}

// Settings survive a hot reload of the image, and a change of the settings
// file (or of code's settings) applies on reload under the same ID, through
// ReplaceTexture.
func TestTextureSettingsKeptAcrossReload(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "hero.png", pngBytes(t, 4, 4, color.NRGBA{255, 0, 0, 255}))
	writeFile(t, root, "hero.png"+TextureSettingsSuffix, []byte(`{"filter": "nearest"}`))
	a, frames, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("hero.png")
	if err != nil {
		t.Fatal(err)
	}
	id := x.Texture().ID
	reloads := 0
	a.Reloaded.On(func(*Asset) { reloads++ })

	// New pixels, same size and settings: updated in place, still nearest.
	writeFile(t, root, "hero.png", pngBytes(t, 4, 4, color.NRGBA{0, 255, 0, 255}))
	a.Reload("hero.png")
	pollUntil(t, a, "the pixel reload", func() bool { return reloads == 1 })
	if frames.Count(render.OpUpdateTexture) != 1 || frames.Count(render.OpReplaceTexture) != 0 || x.Texture().Settings.Filter != render.FilterNearest {
		t.Fatalf("pixel reload: %d updates, %d replaces, settings %+v", frames.Count(render.OpUpdateTexture), frames.Count(render.OpReplaceTexture), x.Texture().Settings)
	}
	// A new size keeps the settings.
	writeFile(t, root, "hero.png", pngBytes(t, 8, 4, color.NRGBA{0, 0, 255, 255}))
	a.Reload("hero.png")
	pollUntil(t, a, "the size reload", func() bool { return reloads == 2 })
	if d, _ := createdDesc(t, frames, id); d != (render.TextureDesc{Width: 8, Height: 4, Filter: render.FilterNearest}) {
		t.Fatalf("after a resize: %+v, want nearest kept", d)
	}
	// The settings file changed: same size, the new settings, same ID.
	writeFile(t, root, "hero.png"+TextureSettingsSuffix, []byte(`{"filter": "nearest", "wrap": "repeat"}`))
	a.Reload("hero.png")
	pollUntil(t, a, "the settings reload", func() bool { return reloads == 3 })
	if d, _ := createdDesc(t, frames, id); d.Wrap != render.WrapRepeat || d.Filter != render.FilterNearest || x.Texture().ID != id {
		t.Fatalf("after a settings change: %+v (ID %d, was %d)", d, x.Texture().ID, id)
	}
	// Code's settings reload a loaded texture at once.
	if err := a.SetTextureSettings("hero.png", TextureSettings{Mipmaps: true}); err != nil {
		t.Fatal(err)
	}
	pollUntil(t, a, "the reload SetTextureSettings asked for", func() bool { return reloads == 4 })
	if d, _ := createdDesc(t, frames, id); d != (render.TextureDesc{Width: 8, Height: 4, Mipmaps: true}) {
		t.Fatalf("after SetTextureSettings: %+v", d)
	}
}

// With the watcher on, creating a settings file next to a loaded image
// reloads it with the settings.
func TestTextureSettingsFileWatched(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "tiles/grass.png", pngBytes(t, 4, 4, color.NRGBA{0, 200, 0, 255}))
	a, frames, _ := newTestAssets(t, root, Options{Watch: true})
	x, err := a.Load("tiles/grass.png")
	if err != nil {
		t.Fatal(err)
	}
	id := x.Texture().ID
	writeFile(t, root, "tiles/grass.png"+TextureSettingsSuffix, []byte(`{"wrap": "repeat"}`))
	pollUntil(t, a, "the watched settings file", func() bool { return x.Texture().Settings.Wrap == render.WrapRepeat })
	if d, _ := createdDesc(t, frames, id); d.Wrap != render.WrapRepeat {
		t.Fatalf("the replaced texture is %+v", d)
	}
}

// A bad settings file fails the image's load with an error naming the
// settings file and the reason.
func TestBadTextureSettingsFile(t *testing.T) {
	cases := []struct{ file, want string }{
		{`{"filter": "nerest"}`, `filter "nerest": want "linear" or "nearest"`},
		{`{"wrap": "mirror"}`, `wrap "mirror": want "clamp" or "repeat"`},
		{`{"filtre": "nearest"}`, `unknown field "filtre"`},
		{`{"mipmaps": "yes"}`, `cannot unmarshal string`},
		{`{"filter": "nearest"} {}`, `data after the JSON object`},
		{``, `empty texture settings file`},
		{`[1]`, `not a JSON object`},
		{`{"filter": `, `unexpected EOF`},
		{`{"wrap": "clamp", ` + strings.Repeat(" ", MaxTextureSettingsBytes) + `}`, `over the 4096-byte limit`},
	}
	for _, c := range cases {
		root := t.TempDir()
		writeFile(t, root, "a/hero.png", pngBytes(t, 2, 2, color.NRGBA{1, 2, 3, 255}))
		writeFile(t, root, "a/hero.png"+TextureSettingsSuffix, []byte(c.file))
		a, _, _ := newTestAssets(t, root, Options{})
		_, err := a.Load("a/hero.png")
		if err == nil || !strings.Contains(err.Error(), "a/hero.png.texture.json") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("settings %.30q: error %v, want the file named and %q", c.file, err, c.want)
		}
	}
}

// SetTextureSettings and Options.Textures refuse what is not a texture or
// not a setting, naming the path.
func TestSetTextureSettingsRefusals(t *testing.T) {
	a, _, _ := newTestAssets(t, t.TempDir(), Options{})
	if err := a.SetTextureSettings("../x.png", TextureSettings{}); !errors.Is(err, ErrOutsideRoot) {
		t.Errorf("outside the root: %v", err)
	}
	if err := a.SetTextureSettings("ui/font.ttf", TextureSettings{}); err == nil || !strings.Contains(err.Error(), "ui/font.ttf: SetTextureSettings: not a texture") {
		t.Errorf("a font: %v", err)
	}
	if err := a.SetTextureSettings("hero.png", TextureSettings{Filter: 7}); err == nil || !strings.Contains(err.Error(), "hero.png: SetTextureSettings: filter 7") {
		t.Errorf("filter 7: %v", err)
	}
	if _, err := New(Options{Root: t.TempDir(), Textures: TextureSettings{Wrap: 9}}); err == nil || !strings.Contains(err.Error(), "Options.Textures: wrap 9") {
		t.Errorf("Options.Textures wrap 9: %v", err)
	}
	// A path that is not loaded yet takes the settings at its load.
	if err := a.SetTextureSettings("later.png", TextureSettings{Filter: render.FilterNearest}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Load("later.png"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("load of a missing image: %v", err)
	}
}

// An atlas's image loads with its own settings file: a pixel-art sheet
// stays nearest through the atlas.
func TestAtlasHonoursTextureSettings(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "sheets/hero.png", pngBytes(t, 8, 8, color.NRGBA{9, 9, 9, 255}))
	writeFile(t, root, "sheets/hero.png"+TextureSettingsSuffix, []byte(`{"filter": "nearest"}`))
	writeFile(t, root, "sheets/hero.atlas", []byte(`{"frames": {"idle": {"frame": {"x": 0, "y": 0, "w": 4, "h": 4}}}, "meta": {"image": "hero.png"}}`))
	a, frames, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("sheets/hero.atlas")
	if err != nil {
		t.Fatal(err)
	}
	at := x.Atlas()
	if d, _ := createdDesc(t, frames, at.Texture.ID); d.Filter != render.FilterNearest || at.Texture.Settings.Filter != render.FilterNearest {
		t.Fatalf("the atlas's texture is %+v", d)
	}
}

// A pixel-art game samples every texture nearest (Options.Textures); its
// tiled background repeats through its settings file; code makes the title
// art smooth and mipmapped.
func ExampleManager_SetTextureSettings() {
	root, _ := os.MkdirTemp("", "assets")
	defer os.RemoveAll(root)
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for _, p := range []string{"hero.png", "sky.png", "logo.png"} {
		f, _ := os.Create(filepath.Join(root, p))
		png.Encode(f, img)
		f.Close()
	}
	os.WriteFile(filepath.Join(root, "sky.png"+TextureSettingsSuffix), []byte(`{"wrap": "repeat"}`), 0o644)

	a, err := New(Options{Root: root, Textures: TextureSettings{Filter: render.FilterNearest}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	a.SetTextureSettings("logo.png", TextureSettings{Filter: render.FilterLinear, Mipmaps: true})
	for _, p := range []string{"hero.png", "sky.png", "logo.png"} {
		x, err := a.Load(p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %+v\n", p, x.Texture().Settings)
	}
	// Output:
	// hero.png: {Filter:1 Wrap:0 Mipmaps:false PremultiplyAlpha:false}
	// sky.png: {Filter:1 Wrap:1 Mipmaps:false PremultiplyAlpha:false}
	// logo.png: {Filter:0 Wrap:0 Mipmaps:true PremultiplyAlpha:false}
}

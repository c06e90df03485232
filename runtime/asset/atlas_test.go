package asset

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// The test atlas: a 64x32 image with three frames.
//   - "a.png": 16x8 at 0,0, neither rotated nor trimmed.
//   - "b.png": an 8x16 image stored turned clockwise, as 16x8 at 16,0.
//   - "c.png": a 16x10 image trimmed to 10x6 (2 cut on the left, 1 above),
//     at 32,0, with a pivot a quarter in from its top-left corner.
//
// Unknown fields (meta.scale, smartupdate, a frame's duration) are there to
// be ignored.
const atlasHash = `{"frames": {
	"c.png": {"frame": {"x":32,"y":0,"w":10,"h":6}, "rotated": false, "trimmed": true,
		"spriteSourceSize": {"x":2,"y":1,"w":10,"h":6}, "sourceSize": {"w":16,"h":10},
		"pivot": {"x":0.25,"y":0.25}, "duration": 100},
	"a.png": {"frame": {"x":0,"y":0,"w":16,"h":8}, "rotated": false, "trimmed": false,
		"spriteSourceSize": {"x":0,"y":0,"w":16,"h":8}, "sourceSize": {"w":16,"h":8}},
	"b.png": {"frame": {"x":16,"y":0,"w":8,"h":16}, "rotated": true, "trimmed": false,
		"spriteSourceSize": {"x":0,"y":0,"w":8,"h":16}, "sourceSize": {"w":8,"h":16}}
},
"meta": {"app": "https://www.codeandweb.com/texturepacker", "version": "1.0",
	"image": "sheet.png", "format": "RGBA8888", "size": {"w":64,"h":32}, "scale": "1",
	"smartupdate": "$TexturePacker:SmartUpdate:0$"}
}`

// atlasArray is atlasHash in the JSON (Array) layout.
const atlasArray = `{"frames": [
	{"filename": "a.png", "frame": {"x":0,"y":0,"w":16,"h":8}, "rotated": false, "trimmed": false,
		"spriteSourceSize": {"x":0,"y":0,"w":16,"h":8}, "sourceSize": {"w":16,"h":8}},
	{"filename": "b.png", "frame": {"x":16,"y":0,"w":8,"h":16}, "rotated": true, "trimmed": false,
		"spriteSourceSize": {"x":0,"y":0,"w":8,"h":16}, "sourceSize": {"w":8,"h":16}},
	{"filename": "c.png", "frame": {"x":32,"y":0,"w":10,"h":6}, "rotated": false, "trimmed": true,
		"spriteSourceSize": {"x":2,"y":1,"w":10,"h":6}, "sourceSize": {"w":16,"h":10},
		"pivot": {"x":0.25,"y":0.25}}
],
"meta": {"image": "sheet.png", "size": {"w":64,"h":32}}
}`

// atlasRoot returns an asset root holding ui/sheet.png (64x32),
// ui/sheet.atlas (atlasHash) and ui/array.tpjson (atlasArray).
func atlasRoot(t *testing.T) string {
	root := t.TempDir()
	writeFile(t, root, "ui/sheet.png", pngBytes(t, 64, 32, color.NRGBA{200, 100, 50, 255}))
	writeFile(t, root, "ui/sheet.atlas", []byte(atlasHash))
	writeFile(t, root, "ui/array.tpjson", []byte(atlasArray))
	return root
}

// wantFrames are the three frames of the test atlas, texture aside.
func wantFrames() map[string]Frame {
	return map[string]Frame{
		"a.png": {
			SpriteFrame: scenegraph.SpriteFrame{UV: mgl32.Vec4{0, 0, 0.25, 0.25}, Size: mgl32.Vec2{16, 8}},
			Name:        "a.png", Rect: image.Rect(0, 0, 16, 8), SourceSize: mgl32.Vec2{16, 8}, Pivot: mgl32.Vec2{0.5, 0.5},
		},
		// 16x8 in the image at 16,0: u 16/64..32/64, v 0..8/32.
		"b.png": {
			SpriteFrame: scenegraph.SpriteFrame{UV: mgl32.Vec4{0.25, 0, 0.5, 0.25}, Rotated: true, Size: mgl32.Vec2{8, 16}},
			Name:        "b.png", Rect: image.Rect(16, 0, 32, 8), SourceSize: mgl32.Vec2{8, 16}, Pivot: mgl32.Vec2{0.5, 0.5},
		},
		// 10x6 at 32,0: u 32/64..42/64, v 0..6/32. Of the 16x10 image, 2
		// columns were cut on the left, 16-2-10 = 4 on the right, 1 row
		// above and 10-1-6 = 3 below. The pivot is y down in the file.
		"c.png": {
			SpriteFrame: scenegraph.SpriteFrame{UV: mgl32.Vec4{0.5, 0, 42.0 / 64, 6.0 / 32}, Size: mgl32.Vec2{10, 6},
				Trim: mgl32.Vec4{2, 3, 4, 1}},
			Name: "c.png", Rect: image.Rect(32, 0, 42, 6), SourceSize: mgl32.Vec2{16, 10},
			Pivot: mgl32.Vec2{0.25, 0.75}, HasPivot: true,
		},
	}
}

// checkAtlas compares a loaded atlas's frames with wantFrames, exactly.
func checkAtlas(t *testing.T, at *Atlas, tex *Texture) {
	t.Helper()
	if at == nil {
		t.Fatal("no atlas")
	}
	if at.Texture != tex || at.Image != "ui/sheet.png" {
		t.Fatalf("atlas texture %+v image %q; want %+v ui/sheet.png", at.Texture, at.Image, tex)
	}
	if got := strings.Join(at.Names(), " "); got != "a.png b.png c.png" {
		t.Fatalf("names %q, want sorted a.png b.png c.png", got)
	}
	for name, want := range wantFrames() {
		want.Texture = tex.ID
		got, ok := at.Frame(name)
		if !ok {
			t.Fatalf("no frame %q", name)
		}
		if got != want {
			t.Errorf("frame %q:\n got %+v\nwant %+v", name, got, want)
		}
	}
	if _, ok := at.Frame("nope.png"); ok {
		t.Error("a frame that is not there was found")
	}
}

// Both layouts load the same frames, exactly: UVs, sizes, rotation, trim
// and pivot. The image is a dependency, loaded as a texture; the format
// loads under another extension once registered.
func TestAtlasLoadBothLayouts(t *testing.T) {
	a, frames, _ := newTestAssets(t, atlasRoot(t), Options{})
	a.RegisterFormat(".tpjson", AtlasFormat{})

	x, err := a.Load("ui/sheet.atlas")
	if err != nil {
		t.Fatal(err)
	}
	tx := a.Get("ui/sheet.png")
	if tx == nil || tx.Texture() == nil || tx.Refs() != 1 {
		t.Fatalf("the image: %v, want a loaded texture held once (by the atlas)", tx)
	}
	if deps := x.Dependencies(); len(deps) != 1 || deps[0] != tx {
		t.Fatalf("dependencies %v", deps)
	}
	tex := tx.Texture()
	if tex.Width != 64 || tex.Height != 32 || frames.Count(render.OpCreateTexture) != 1 {
		t.Fatalf("texture %+v, %d uploads", tex, frames.Count(render.OpCreateTexture))
	}
	checkAtlas(t, x.Atlas(), tex)
	if p, ok := a.PathOf(x.Atlas()); !ok || p != "ui/sheet.atlas" {
		t.Fatalf("PathOf(atlas) = %q, %v", p, ok)
	}

	y, err := a.Load("ui/array.tpjson")
	if err != nil {
		t.Fatal(err)
	}
	checkAtlas(t, y.Atlas(), tex) // the same texture, shared
	if tx.Refs() != 2 || frames.Count(render.OpCreateTexture) != 1 {
		t.Fatalf("the image is held %d times, uploaded %d times; want 2, 1", tx.Refs(), frames.Count(render.OpCreateTexture))
	}
	if x.Texture() != nil || tx.Atlas() != nil {
		t.Fatal("an atlas asset answered as a texture, or the reverse")
	}
}

// Releasing the atlas releases its texture: deleted when nobody else holds
// it, kept while someone does.
func TestAtlasReleasesItsTexture(t *testing.T) {
	a, frames, _ := newTestAssets(t, atlasRoot(t), Options{})

	x, err := a.Load("ui/sheet.atlas")
	if err != nil {
		t.Fatal(err)
	}
	tx := a.Get("ui/sheet.png")
	x.Release()
	if x.State() != Unloaded || tx.State() != Unloaded || len(a.Loaded()) != 0 {
		t.Fatalf("after the release: %v %v, still held %v", x, tx, a.Loaded())
	}
	if frames.Count(render.OpDeleteTexture) != 1 {
		t.Fatalf("%d texture deletes, want 1", frames.Count(render.OpDeleteTexture))
	}

	// Held by the game too: the atlas's release leaves it loaded.
	own, err := a.Load("ui/sheet.png")
	if err != nil {
		t.Fatal(err)
	}
	x, err = a.Load("ui/sheet.atlas")
	if err != nil {
		t.Fatal(err)
	}
	if own.Refs() != 2 || x.Atlas().Texture != own.Texture() {
		t.Fatalf("texture refs %d, want 2, shared", own.Refs())
	}
	x.Release()
	if own.State() != Loaded || own.Refs() != 1 || frames.Count(render.OpDeleteTexture) != 1 {
		t.Fatalf("after the atlas's release: %v refs %d, %d deletes", own, own.Refs(), frames.Count(render.OpDeleteTexture))
	}
	own.Release()
	if frames.Count(render.OpDeleteTexture) != 2 || len(a.Loaded()) != 0 {
		t.Fatalf("%d deletes, still held %v", frames.Count(render.OpDeleteTexture), a.Loaded())
	}
}

// Bad atlases fail with the file's path, the JSON path of what is wrong
// and why; they hold nothing afterwards, nor does anything panic.
func TestBadAtlases(t *testing.T) {
	frame := func(name, body string) string {
		return `{"frames": {"` + name + `": ` + body + `}, "meta": {"image": "sheet.png"}}`
	}
	cases := []struct {
		name, file string
		want       []string
	}{
		{"libgdx", "sheet.png\nsize: 64,32\nformat: RGBA8888\n", []string{"not a TexturePacker JSON atlas", "libGDX"}},
		{"empty", "", []string{"not a TexturePacker JSON atlas"}},
		{"truncated", atlasHash[:len(atlasHash)/2], []string{"not a TexturePacker JSON atlas", "unexpected end"}},
		{"list", `[1, 2]`, []string{"not a TexturePacker JSON atlas"}},
		{"meta a string", `{"frames": {}, "meta": "sheet.png"}`, []string{"meta: a JSON string where an object belongs"}},
		{"image a number", `{"frames": {}, "meta": {"image": 3}}`, []string{"meta.image: a JSON number where a string belongs"}},
		{"array entry a number", `{"frames": [3], "meta": {"image": "sheet.png"}}`, []string{"frames[0]: a JSON number where an object belongs"}},
		{"no meta", `{"frames": {}}`, []string{"meta: missing"}},
		{"no image", `{"frames": {}, "meta": {"size": {"w": 1, "h": 1}}}`, []string{"meta.image: missing"}},
		{"absolute image", `{"frames": {}, "meta": {"image": "/etc/sheet.png"}}`, []string{`meta.image "/etc/sheet.png"`, "outside the asset root"}},
		{"climbing image", `{"frames": {}, "meta": {"image": "../../../sheet.png"}}`, []string{`meta.image "../../../sheet.png"`, "outside the asset root"}},
		{"missing image", `{"frames": {"a": {"frame": {"x":0,"y":0,"w":1,"h":1}}}, "meta": {"image": "gone.png"}}`, []string{"ui/gone.png"}},
		{"image not a texture", `{"frames": {"a": {"frame": {"x":0,"y":0,"w":1,"h":1}}}, "meta": {"image": "sheet.atlas"}}`, []string{`meta.image "sheet.atlas"`, "not a texture", "*asset.Atlas"}},
		{"multi-pack", `{"textures": [{"image": "sheet.png", "frames": []}], "meta": {}}`, []string{"multi-pack"}},
		{"no frames", `{"meta": {"image": "sheet.png"}}`, []string{"frames: missing"}},
		{"zero frames", `{"frames": {}, "meta": {"image": "sheet.png"}}`, []string{"frames: no frames"}},
		{"frames a number", `{"frames": 3, "meta": {"image": "sheet.png"}}`, []string{"frames: neither an object"}},
		{"outside", frame("big.png", `{"frame": {"x":60,"y":0,"w":8,"h":8}}`), []string{`frames["big.png"].frame`, "8x8 at 60,0", "outside the 64x32 image ui/sheet.png"}},
		// Upright 8x20 fits below 32 rows, but it lies turned: 20x8 at 48.
		{"outside rotated", frame("r.png", `{"frame": {"x":48,"y":0,"w":8,"h":20}, "rotated": true}`), []string{`frames["r.png"].frame`, "20x8 at 48,0 (rotated)", "outside"}},
		{"negative", frame("n.png", `{"frame": {"x":0,"y":0,"w":-4,"h":8}}`), []string{`frames["n.png"].frame.w: -4 is negative`}},
		{"negative x", frame("n.png", `{"frame": {"x":-1,"y":0,"w":4,"h":8}}`), []string{`frames["n.png"].frame.x: -1 is negative`}},
		{"zero", frame("z.png", `{"frame": {"x":0,"y":0,"w":4,"h":0}}`), []string{`frames["z.png"].frame.h: 0 is empty`}},
		{"fraction", frame("f.png", `{"frame": {"x":1.5,"y":0,"w":4,"h":4}}`), []string{`frames["f.png"].frame.x: 1.5 is not a whole number`}},
		{"huge", frame("h.png", `{"frame": {"x":0,"y":0,"w":1e300,"h":4}}`), []string{`frames["h.png"].frame.w`, "too large"}},
		{"no rect", frame("m.png", `{"rotated": false}`), []string{`frames["m.png"].frame: missing`}},
		{"no h", frame("m.png", `{"frame": {"x":0,"y":0,"w":4}}`), []string{`frames["m.png"].frame.h: missing`}},
		{"wrong type", frame("t.png", `{"frame": {"x":0,"y":0,"w":4,"h":4}, "rotated": "yes"}`), []string{`frames["t.png"].rotated: a JSON string where a boolean belongs`}},
		{"rect a list", frame("t.png", `{"frame": [0, 0, 4, 4]}`), []string{`frames["t.png"].frame: a JSON array where an object belongs`}},
		{"empty name", frame("", `{"frame": {"x":0,"y":0,"w":4,"h":4}}`), []string{`frames[""]: empty frame name`}},
		{"duplicate key", `{"frames": {"d": {"frame": {"x":0,"y":0,"w":4,"h":4}}, "d": {"frame": {"x":4,"y":0,"w":4,"h":4}}}, "meta": {"image": "sheet.png"}}`,
			[]string{`frames["d"]: frame "d" named twice`}},
		{"no filename", `{"frames": [{"frame": {"x":0,"y":0,"w":4,"h":4}}], "meta": {"image": "sheet.png"}}`, []string{"frames[0].filename: missing"}},
		{"duplicate filename", `{"frames": [{"filename": "d", "frame": {"x":0,"y":0,"w":4,"h":4}}, {"filename": "d", "frame": {"x":4,"y":0,"w":4,"h":4}}], "meta": {"image": "sheet.png"}}`,
			[]string{`frames[1] ("d"): frame "d" named twice (also frames[0] ("d"))`}},
		{"array entry outside", `{"frames": [{"filename": "a", "frame": {"x":0,"y":0,"w":4,"h":4}}, {"filename": "b", "frame": {"x":0,"y":30,"w":4,"h":4}}], "meta": {"image": "sheet.png"}}`,
			[]string{`frames[1] ("b").frame: 4x4 at 0,30 lies outside`}},
		{"trim does not fit", frame("s.png", `{"frame": {"x":0,"y":0,"w":10,"h":6}, "trimmed": true, "spriteSourceSize": {"x":8,"y":0,"w":10,"h":6}, "sourceSize": {"w":16,"h":6}}`),
			[]string{`frames["s.png"].spriteSourceSize`, "10x6 frame at 8,0 does not fit in sourceSize 16x6"}},
		{"trim without source", frame("s.png", `{"frame": {"x":0,"y":0,"w":10,"h":6}, "spriteSourceSize": {"x":0,"y":0,"w":10,"h":6}}`),
			[]string{`frames["s.png"].sourceSize: missing`}},
		{"negative source", frame("s.png", `{"frame": {"x":0,"y":0,"w":10,"h":6}, "spriteSourceSize": {"x":0,"y":0,"w":10,"h":6}, "sourceSize": {"w":-16,"h":6}}`),
			[]string{`frames["s.png"].sourceSize.w: -16 is negative`}},
		{"half pivot", frame("p.png", `{"frame": {"x":0,"y":0,"w":4,"h":4}, "pivot": {"x": 0.5}}`), []string{`frames["p.png"].pivot: needs x and y`}},
		{"meta size", `{"frames": {"a": {"frame": {"x":0,"y":0,"w":4,"h":4}}}, "meta": {"image": "sheet.png", "size": {"w":128,"h":32}}}`,
			[]string{"meta.size is 128x32, but the image ui/sheet.png is 64x32"}},
	}
	root := atlasRoot(t)
	for i, c := range cases {
		writeFile(t, root, fmt.Sprintf("ui/bad%02d.atlas", i), []byte(c.file))
	}
	a, _, _ := newTestAssets(t, root, Options{})
	for i, c := range cases {
		p := fmt.Sprintf("ui/bad%02d.atlas", i)
		x, err := a.Load(p)
		if err == nil {
			t.Errorf("%s: loaded %v", c.name, x.Atlas())
			x.Release()
			continue
		}
		msg := err.Error()
		t.Logf("%s: %s", c.name, msg)
		if !strings.HasPrefix(msg, p+": ") {
			t.Errorf("%s: error %q does not start with the file", c.name, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q lacks %q", c.name, msg, w)
			}
		}
		if held := a.Loaded(); len(held) != 0 {
			t.Fatalf("%s: still held: %v", c.name, held)
		}
	}
}

// A Sprite shows an atlas frame through SetFrame: the recorded draw has the
// atlas's texture, the frame's region and size; a rotated frame's corners
// show the region turned back upright; a trimmed one sits where the
// untrimmed image would.
func TestAtlasFrameOnSprite(t *testing.T) {
	a, _, _ := newTestAssets(t, atlasRoot(t), Options{})
	x, err := a.Load("ui/sheet.atlas")
	if err != nil {
		t.Fatal(err)
	}
	at := x.Atlas()

	s := scenegraph.NewScene("S")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(400, 300)
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	n := scenegraph.NewNode("Sprite")
	n.SetPositionXY(100, 100)
	s.AddChild(n)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 1, 1))
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	draw := func(name string) []render.SpriteVertex {
		t.Helper()
		fr, ok := at.Frame(name)
		if !ok {
			t.Fatalf("no frame %q", name)
		}
		sp.SetFrame(fr.SpriteFrame)
		f.Reset()
		scenegraph.Extract(s, f)
		items := f.Items()
		if len(items) != 1 || items[0].Texture != at.Texture.ID {
			t.Fatalf("%s: items %+v, want one of texture %v", name, items, at.Texture.ID)
		}
		return f.SpriteVertices()
	}
	type corner struct{ x, y, u, v float32 }
	check := func(name string, vs []render.SpriteVertex, want []corner) {
		t.Helper()
		for _, w := range want {
			found := false
			for _, v := range vs {
				if v.X == w.x && v.Y == w.y {
					found = true
					if v.U != w.u || v.V != w.v {
						t.Errorf("%s: corner %v,%v shows %v,%v, want %v,%v", name, w.x, w.y, v.U, v.V, w.u, w.v)
					}
				}
			}
			if !found {
				t.Errorf("%s: no corner at %v,%v in %+v", name, w.x, w.y, vs)
			}
		}
	}

	// a.png: 16x8 centered on (100, 100), the region u 0..0.25, v 0..0.25.
	check("a.png", draw("a.png"), []corner{{92, 96, 0, 0.25}, {108, 96, 0.25, 0.25}, {108, 104, 0.25, 0}, {92, 104, 0, 0}})

	// b.png: 8x16 upright; the region (u 0.25..0.5, v 0..0.25) holds it
	// turned clockwise, so its top-left corner is the region's top-right.
	check("b.png", draw("b.png"), []corner{
		{96, 108, 0.5, 0},     // top-left: region top-right
		{104, 108, 0.5, 0.25}, // top-right: region bottom-right
		{104, 92, 0.25, 0.25}, // bottom-right: region bottom-left
		{96, 92, 0.25, 0},     // bottom-left: region top-left
	})

	// c.png: the 16x10 untrimmed image is centered, (92, 95)-(108, 105);
	// the 10x6 quad sits 2 in from its left and 1 down from its top:
	// (94, 98)-(104, 104).
	check("c.png", draw("c.png"), []corner{{94, 98, 0.5, 6.0 / 32}, {104, 104, 42.0 / 64, 0}})
	fr, _ := at.Frame("c.png")
	// With its pivot as the anchor, the pivot (4 right of the untrimmed
	// left edge, 7.5 up from its bottom) is at the node.
	sp.Anchor = fr.Pivot
	check("c.png at its pivot", draw("c.png"), []corner{{98, 95.5, 0.5, 6.0 / 32}})
}

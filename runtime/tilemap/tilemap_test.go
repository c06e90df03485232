package tilemap

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/scenegraph"
)

// manager returns an asset manager over root with the map formats.
func manager(t testing.TB, root string) *asset.Manager {
	t.Helper()
	a, err := asset.New(asset.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	Register(a)
	t.Cleanup(func() { a.Close() })
	return a
}

func load(t testing.TB, a *asset.Manager, p string) *Map {
	t.Helper()
	x, err := a.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(x.Release)
	return MapOf(x)
}

// scene returns a launched scene with a 2D camera centered on (cx, cy) and
// the map's nodes.
func scene(t testing.TB, m *Map, opts Options, cx, cy float32) (*scenegraph.Scene, *scenegraph.Node, *scenegraph.Node) {
	t.Helper()
	s := scenegraph.NewScene("Map")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(cx, cy)
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	root, err := m.Instantiate(opts)
	if err != nil {
		t.Fatal(err)
	}
	s.AddChild(root)
	s.Launch()
	return s, cam, root
}

func extract(s *scenegraph.Scene) *render.Frame {
	f := render.NewFrame()
	f.SetScreenSize(320, 240)
	scenegraph.Extract(s, f)
	return f
}

func TestLoadTMX(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	if m.Orientation != Orthogonal || m.Width != 10 || m.Height != 8 || m.TileWidth != 16 || m.TileHeight != 16 {
		t.Fatalf("header: %v %dx%d %dx%d", m.Orientation, m.Width, m.Height, m.TileWidth, m.TileHeight)
	}
	if v, _ := m.Properties.Get("title"); v != "Test map" || m.Properties.Float("gravity") != 9.8 {
		t.Errorf("map properties %v", m.Properties)
	}
	var names []string
	for _, l := range m.Layers {
		names = append(names, l.Name)
	}
	if got := strings.Join(names, ","); got != "Ground,Deco,Things,Tinted" {
		t.Fatalf("layers in order: %s", got)
	}
	if len(m.Tilesets) != 1 || m.Tilesets[0].Source != "tiles.tsx" || m.Tilesets[0].Image != "tiles.png" ||
		m.Tilesets[0].TileCount != 8 || m.Tilesets[0].Columns != 4 {
		t.Fatalf("tileset %+v", m.Tilesets[0])
	}
	ground := m.Layer("Ground")
	if g := ground.GIDs[0]; g != 8 {
		t.Errorf("Ground 0,0 = %d, want 8", g)
	}
	if g := ground.GIDs[1*10+1]; g != 1+(3+2)%6 {
		t.Errorf("Ground 1,1 = %d, want %d", g, 1+(3+2)%6)
	}
	if !ground.Properties.Bool("floor") {
		t.Error("layer property floor")
	}
	deco := m.Layer("Deco")
	want := []uint32{5, 5 | FlipHorizontal, 5 | FlipVertical, 5 | FlipDiagonal, 5 | FlipDiagonal | FlipHorizontal}
	for i, w := range want {
		if g := deco.GIDs[2*10+1+i]; g != w {
			t.Errorf("Deco %d,2 = %#x, want %#x (base64+zlib)", 1+i, g, w)
		}
	}
	tinted := m.Layer("Tinted")
	if tinted.Offset != (mgl32.Vec2{8, 4}) || tinted.Opacity != 0.5 || tinted.Tint != render.RGBA(255, 128, 128, 255) {
		t.Errorf("group folding: offset %v opacity %v tint %#x", tinted.Offset, tinted.Opacity, uint32(tinted.Tint))
	}
	if c := layerColor(tinted); c != render.RGBA(255, 128, 128, 128) {
		t.Errorf("tinted color %#x", uint32(c))
	}
	things := m.Layer("Things")
	kinds := []ObjectKind{RectObject, EllipseObject, PointObject, PolygonObject, TileObject}
	for i, k := range kinds {
		if things.Objects[i].Kind != k {
			t.Errorf("object %d kind %d, want %d", i, things.Objects[i].Kind, k)
		}
	}
	door := things.Objects[0]
	if door.Name != "door" || door.Class != "Door" || door.X != 16 || door.Width != 32 {
		t.Errorf("door %+v", door)
	}
	if v, _ := door.Properties.Get("target"); v != "level2" {
		t.Errorf("door property %v", door.Properties)
	}
	if p := things.Objects[3].Points; len(p) != 3 || p[2] != (mgl32.Vec2{16, 16}) {
		t.Errorf("polygon points %v", p)
	}
	if p, _ := m.TileProperties(3).Get("name"); p != "water" {
		t.Errorf("tile 3 property: %q", p)
	}
	if ts, id := m.TilesetOf(8 | FlipHorizontal); ts == nil || id != 7 {
		t.Errorf("TilesetOf(8|H) = %v, %d", ts, id)
	}
}

func TestLoadTMJIsometric(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "iso.tmj")
	if m.Orientation != Isometric || m.Width != 8 || m.TileWidth != 32 || m.TileHeight != 16 {
		t.Fatalf("header %+v", m)
	}
	floor := m.Layer("Floor")
	for _, c := range [][3]int{{0, 0, 1}, {1, 0, 2}, {3, 3, 0}, {7, 7, 1 + 14%4}} {
		if g := floor.GIDs[c[1]*8+c[0]]; g != uint32(c[2]) {
			t.Errorf("Floor %d,%d = %d, want %d (base64+gzip)", c[0], c[1], g, c[2])
		}
	}
	top := m.Layer("Top")
	if top.GIDs[2*8+5] != 2|FlipHorizontal || top.Offset != (mgl32.Vec2{0, -8}) {
		t.Errorf("Top: %#x offset %v", top.GIDs[2*8+5], top.Offset)
	}
	if g := newGrid(m); g.pixW != 256 || g.pixH != 128 {
		t.Errorf("iso pixel size %vx%v, want 256x128", g.pixW, g.pixH)
	}
}

// The same map in TMX and TMJ reads into the same model.
func TestTMXAndTMJAgree(t *testing.T) {
	tmx := `<map orientation="orthogonal" width="3" height="2" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="a.png" width="16" height="16"/>
  <tile id="1"><properties><property name="k" value="v"/></properties><animation><frame tileid="2" duration="100"/></animation></tile></tileset>
 <layer name="L" width="3" height="2" opacity="0.25" visible="0" parallaxx="0.5"><data><tile gid="1"/><tile gid="2"/><tile/><tile gid="3"/><tile gid="2147483652"/><tile gid="1"/></data></layer>
</map>`
	tmj := `{"orientation":"orthogonal","width":3,"height":2,"tilewidth":8,"tileheight":8,
 "tilesets":[{"firstgid":1,"name":"t","tilewidth":8,"tileheight":8,"tilecount":4,"columns":2,"image":"a.png","imagewidth":16,"imageheight":16,
   "tiles":[{"id":1,"properties":[{"name":"k","type":"string","value":"v"}],"animation":[{"tileid":2,"duration":100}]}]}],
 "layers":[{"type":"tilelayer","name":"L","width":3,"height":2,"opacity":0.25,"visible":false,"parallaxx":0.5,"data":[1,2,0,3,2147483652,1]}]}`
	a, err := Parse("m.tmx", []byte(tmx), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse("m.tmj", []byte(tmj), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Tilesets, b.Tilesets) || !reflect.DeepEqual(a.Layers, b.Layers) {
		t.Errorf("TMX and TMJ differ:\n%+v %+v\n%+v %+v", *a.Tilesets[0], *a.Layers[0], *b.Tilesets[0], *b.Layers[0])
	}
	l := a.Layers[0]
	if l.Visible || l.Opacity != 0.25 || l.Parallax != (mgl32.Vec2{0.5, 1}) || l.GIDs[4] != 4|FlipHorizontal {
		t.Errorf("layer %+v", l)
	}
	if f := a.Tilesets[0].Tiles[0].Animation[0]; f.TileID != 2 || f.Duration != 0.1 {
		t.Errorf("animation frame %+v", f)
	}
	a.Path, b.Path, a.Tilesets, b.Tilesets, a.Layers, b.Layers = "", "", nil, nil, nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Errorf("TMX and TMJ maps differ:\n%+v\n%+v", *a, *b)
	}
}

func TestInfiniteChunks(t *testing.T) {
	tmx := `<map orientation="orthogonal" width="30" height="20" tilewidth="8" tileheight="8" infinite="1">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="a.png" width="16" height="16"/></tileset>
 <layer name="L" width="30" height="20"><data encoding="csv">
  <chunk x="-16" y="0" width="16" height="16">` + strings.Repeat("0,", 16*16-2) + `2,3</chunk>
  <chunk x="16" y="-16" width="16" height="16">1` + strings.Repeat(",0", 16*16-1) + `</chunk>
 </data></layer>
</map>`
	m, err := Parse("inf.tmx", []byte(tmx), nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.OriginX != -16 || m.OriginY != -16 || m.Width != 48 || m.Height != 32 {
		t.Fatalf("bounds %d,%d %dx%d, want -16,-16 48x32", m.OriginX, m.OriginY, m.Width, m.Height)
	}
	l := m.Layers[0]
	at := func(x, y int) uint32 { return l.GIDs[(y-m.OriginY)*m.Width+x-m.OriginX] }
	if at(-2, 15) != 2 || at(-1, 15) != 3 || at(16, -16) != 1 || at(0, 0) != 0 {
		t.Errorf("chunk cells: %d %d %d %d", at(-2, 15), at(-1, 15), at(16, -16), at(0, 0))
	}
	tmj := `{"orientation":"orthogonal","width":30,"height":20,"tilewidth":8,"tileheight":8,"infinite":true,
 "tilesets":[{"firstgid":1,"name":"t","tilewidth":8,"tileheight":8,"tilecount":4,"columns":2,"image":"a.png","imagewidth":16,"imageheight":16}],
 "layers":[{"type":"tilelayer","name":"L","chunks":[{"x":-16,"y":0,"width":2,"height":1,"data":[2,3]}]}]}`
	m, err = Parse("inf.tmj", []byte(tmj), nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.OriginX != -16 || m.Width != 2 || m.Layers[0].GIDs[1] != 3 {
		t.Errorf("tmj chunks: %d %d %v", m.OriginX, m.Width, m.Layers[0].GIDs)
	}
}

func zlibB64(gids []uint32, extra int) string {
	var raw bytes.Buffer
	for _, g := range gids {
		binary.Write(&raw, binary.LittleEndian, g)
	}
	raw.Write(make([]byte, extra))
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(raw.Bytes())
	w.Close()
	return base64.StdEncoding.EncodeToString(z.Bytes())
}

// Hostile and broken maps fail with an error naming the fault.
func TestBadMaps(t *testing.T) {
	ts := `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="a.png" width="16" height="16"/></tileset>`
	mapOf := func(attrs, body string) string {
		return `<map orientation="orthogonal" tilewidth="8" tileheight="8" ` + attrs + `>` + body + `</map>`
	}
	layer := func(data string) string {
		return `<layer name="L" width="2" height="1"><data encoding="csv">` + data + `</data></layer>`
	}
	files := map[string][]byte{
		"nested.tsx": []byte(`<tileset source="other.tsx" tilewidth="8" tileheight="8"/>`),
		"ok.tsx":     []byte(`<tileset name="ok" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="../../up.png" width="16" height="16"/></tileset>`),
	}
	read := func(p string) ([]byte, error) {
		if b, ok := files[p]; ok {
			return b, nil
		}
		return nil, fmt.Errorf("%s: %w", p, os.ErrNotExist)
	}
	for _, c := range []struct{ name, file, want string }{
		{"missing tileset", mapOf(`width="2" height="1"`, `<tileset firstgid="1" source="gone.tsx"/>`+layer("1,1")), `missing tileset "gone.tsx"`},
		{"gid out of range", mapOf(`width="2" height="1"`, ts+layer("1,99")), "tile 1,0: GID 99 out of range"},
		{"no tileset", mapOf(`width="2" height="1"`, layer("0,1")), "GID 1 out of range"},
		{"huge map", mapOf(`width="2000000" height="2000000"`, ""), "exceeds the limit"},
		{"huge layers", mapOf(`width="8192" height="8192"`, ts+strings.Repeat(`<layer name="L" width="8192" height="8192"><data encoding="csv">0</data></layer>`, 2)), "over the limit of"},
		{"escaping tileset", mapOf(`width="2" height="1"`, `<tileset firstgid="1" source="../../etc/x.tsx"/>`), "outside the asset root"},
		{"absolute tileset", mapOf(`width="2" height="1"`, `<tileset firstgid="1" source="/etc/x.tsx"/>`), "outside the asset root"},
		{"tileset is the map", mapOf(`width="2" height="1"`, `<tileset firstgid="1" source="m.tmx"/>`), "is the map itself"},
		{"nested tileset file", mapOf(`width="2" height="1"`, `<tileset firstgid="1" source="nested.tsx"/>`), "names another tileset file"},
		{"escaping image", mapOf(`width="2" height="1"`, `<tileset firstgid="1" source="ok.tsx"/>`), "outside the asset root"},
		{"zstd", mapOf(`width="2" height="1"`, ts+`<layer name="L" width="2" height="1"><data encoding="base64" compression="zstd">AAAA</data></layer>`), `"zstd" is not supported`},
		{"short csv", mapOf(`width="2" height="1"`, ts+layer("1")), "csv: 1 tiles, the layer holds 2"},
		{"long csv", mapOf(`width="2" height="1"`, ts+layer("1,1,1")), "more than the 2 tiles"},
		{"bomb", mapOf(`width="2" height="1"`, ts+`<layer name="L" width="2" height="1"><data encoding="base64" compression="zlib">`+zlibB64([]uint32{1, 1}, 1<<20)+`</data></layer>`), "more than the 8 bytes"},
		{"overlapping tilesets", mapOf(`width="2" height="1"`, ts+strings.Replace(ts, `firstgid="1"`, `firstgid="3"`, 1)), "overlaps tileset"},
		{"template", mapOf(`width="2" height="1"`, `<objectgroup name="O"><object id="1" template="t.tx"/></objectgroup>`), "templates"},
		{"bad orientation", `<map orientation="round" tilewidth="8" tileheight="8"/>`, `unknown orientation "round"`},
		{"zero tile size", `<map width="1" height="1" tilewidth="0" tileheight="8"/>`, "tile size 0x8"},
		{"not a map", `<tileset/>`, "want <map>"},
		{"bad tint", mapOf(`width="2" height="1"`, ts+`<layer name="L" width="2" height="1" tintcolor="#zz"><data encoding="csv">0,0</data></layer>`), "tintcolor"},
		{"tmj gid", `{"width":2,"height":1,"tilewidth":8,"tileheight":8,"layers":[{"type":"tilelayer","name":"L","data":[0,5]}]}`, "GID 5 out of range"},
		{"tmj huge", `{"width":100000,"height":100000,"tilewidth":8,"tileheight":8}`, "limit of"},
		{"tmj type", `{"width":1,"height":1,"tilewidth":8,"tileheight":8,"layers":[{"type":"weird"}]}`, `unknown layer type "weird"`},
		{"tmj json", `{"width":"x"}`, "json:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("m.tmx", []byte(c.file), read)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
		})
	}
	// Through the asset manager, the error names the file.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.tmx"), []byte(mapOf(`width="2" height="1"`, ts+layer("1,99"))), 0o644)
	os.WriteFile(filepath.Join(dir, "a.png"), assettest.PNG(t, 16, 16, color.NRGBA{1, 2, 3, 255}), 0o644)
	_, err := manager(t, dir).Load("bad.tmx")
	if err == nil || !strings.HasPrefix(err.Error(), "bad.tmx: ") || !strings.Contains(err.Error(), "GID 99") {
		t.Fatalf("asset error %v", err)
	}
	var ae *asset.Error
	if !errors.As(err, &ae) || ae.Path != "bad.tmx" {
		t.Errorf("not an *asset.Error naming the file: %#v", err)
	}
}

// tileInstances returns the frame's sprite instances.
func instances(f *render.Frame) []render.SpriteInstance { return f.SpriteInstances() }

// Rendering records only the tiles the camera sees, at exact places.
func TestRenderCulled(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	// The map is 160×128; a 320×240 view centered on (80, 64) sees it all.
	s, cam, root := scene(t, m, Options{}, 80, 64)
	tm := TiledMapOf(root)
	f := extract(s)
	ground := tm.Layer("Ground")
	if ground.Drawn() != 80 {
		t.Errorf("ground drew %d tiles, want 80", ground.Drawn())
	}
	if d := tm.Layer("Deco").Drawn(); d != 10 {
		t.Errorf("deco drew %d tiles, want 10", d)
	}
	// Ground tile 0,0 (gid 8, tile 7: column 3, row 1 of the 64×32 image)
	// is the first instance: bottom-left at (0, 112).
	in := instances(f)[0]
	want := render.SpriteInstance{X: 0, Y: 112, AX: 16, AY: 0, BX: 0, BY: 16, U0: 48.0 / 64, V0: 16.0 / 32, U1: 1, V1: 1, Color: render.White}
	if in != want {
		t.Errorf("first tile\n got %+v\nwant %+v", in, want)
	}
	// Deco flips, at row 2: plain, H, V, D, D+H.
	var got []render.SpriteInstance
	for _, x := range instances(f)[80:90] { // Deco's 10 tiles follow Ground's 80
		if (x.Y == 80 || x.Y == 96) && (x.U0 == 0 || x.U1 == 0) && x.V0 >= 0.5 && x.V1 >= 0.5 {
			got = append(got, x) // tile 4 (gid 5): column 0, row 1
		}
	}
	u := float32(16.0 / 64)
	wantFlips := []render.SpriteInstance{
		{X: 16, Y: 80, AX: 16, BY: 16, U0: 0, V0: 0.5, U1: u, V1: 1},    // plain
		{X: 32, Y: 80, AX: 16, BY: 16, U0: u, V0: 0.5, U1: 0, V1: 1},    // H
		{X: 48, Y: 80, AX: 16, BY: 16, U0: 0, V0: 1, U1: u, V1: 0.5},    // V
		{X: 80, Y: 96, AY: -16, BX: -16, U0: 0, V0: 0.5, U1: u, V1: 1},  // D: from the top-right corner
		{X: 96, Y: 96, AY: -16, BX: -16, U0: 0, V0: 1, U1: u, V1: 0.5},  // D+H
		{X: 112, Y: 96, AY: -16, BX: -16, U0: u, V0: 0.5, U1: 0, V1: 1}, // D+V
		{X: 112, Y: 80, AX: 16, BY: 16, U0: u, V0: 1, U1: 0, V1: 0.5},   // H+V
	}
	if len(got) < len(wantFlips) {
		t.Fatalf("found %d flipped instances: %+v", len(got), got)
	}
	for i, w := range wantFlips {
		w.Color = render.White
		if got[i] != w {
			t.Errorf("flip %d\n got %+v\nwant %+v", i, got[i], w)
		}
	}
	// Move the camera so that it sees only the map's left 4 columns
	// (x < 64): 160 - 160 = 0 .. the view spans x -256..64.
	cam.SetPositionXY(-96, 64)
	extract(s)
	if d := ground.Drawn(); d != 4*8 {
		t.Errorf("left view: ground drew %d tiles, want 32", d)
	}
	cam.SetPositionXY(1000, 1000)
	extract(s)
	if d := ground.Drawn(); d != 0 {
		t.Errorf("view off the map: ground drew %d tiles", d)
	}
	if st := s.RenderStats(); st.Rendered != 0 {
		t.Errorf("off the map: %d renderables recorded", st.Rendered)
	}
}

// The tinted layer in its group draws with the group's offset and opacity
// and its tint.
func TestLayerOffsetTint(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	s, _, root := scene(t, m, Options{}, 80, 64)
	f := extract(s)
	tl := TiledMapOf(root).Layer("Tinted")
	if tl.Drawn() != 4 {
		t.Fatalf("tinted drew %d", tl.Drawn())
	}
	var first render.SpriteInstance
	for _, in := range instances(f) {
		if in.Color != render.White {
			first = in
			break
		}
	}
	// Cell 5,4: bottom-left (80, 128-80) plus offset (8, -4).
	if first.X != 88 || first.Y != 44 || first.Color != render.RGBA(255, 128, 128, 128) {
		t.Errorf("tinted tile %+v", first)
	}
}

func TestParallax(t *testing.T) {
	tmj := `{"orientation":"orthogonal","width":4,"height":4,"tilewidth":8,"tileheight":8,
 "tilesets":[{"firstgid":1,"name":"t","tilewidth":8,"tileheight":8,"tilecount":4,"columns":2,"image":"a.png","imagewidth":16,"imageheight":16}],
 "layers":[{"type":"tilelayer","name":"L","width":4,"height":4,"parallaxx":0.5,"parallaxy":0,"data":[1,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]}]}`
	m, err := Parse("p.tmj", []byte(tmj), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.build(map[string]imageInfo{"a.png": {tex: 1, w: 16, h: 16}}); err != nil {
		t.Fatal(err)
	}
	s, cam, _ := scene(t, m, Options{}, 0, 0)
	x0 := instances(extract(s))[0]
	cam.SetPositionXY(40, 20)
	x1 := instances(extract(s))[0]
	// Factor 0.5 in x: the layer follows half the camera's travel; factor
	// 0 in y: it stays put on screen (follows all of it).
	if dx, dy := x1.X-x0.X, x1.Y-x0.Y; abs32(dx-20) > 1e-3 || abs32(dy-20) > 1e-3 {
		t.Errorf("parallax moved the tile by %v,%v, want 20,20", x1.X-x0.X, x1.Y-x0.Y)
	}
}

func TestSetTileGIDAt(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	s, _, root := scene(t, m, Options{}, 80, 64)
	tm := TiledMapOf(root)
	deco := tm.Layer("Deco")
	if g := deco.TileGIDAt(2, 2); g != 5|FlipHorizontal {
		t.Fatalf("TileGIDAt(2,2) = %#x", g)
	}
	if g := deco.TileGIDAt(-1, 0); g != 0 {
		t.Errorf("outside: %d", g)
	}
	if err := deco.SetTileGIDAt(3, 9, 7); err != nil {
		t.Fatal(err)
	}
	if err := deco.SetTileGIDAt(0, 1, 2); err != nil {
		t.Fatal(err)
	}
	if g := deco.TileGIDAt(9, 7); g != 3 {
		t.Errorf("after set: %d", g)
	}
	if err := deco.SetTileGIDAt(9, 0, 0); err == nil || !strings.Contains(err.Error(), "GID 9 out of range") {
		t.Errorf("bad gid: %v", err)
	}
	if err := deco.SetTileGIDAt(1, 10, 0); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("bad cell: %v", err)
	}
	extract(s)
	if d := deco.Drawn(); d != 10 {
		t.Errorf("after one set and one clear, deco drew %d, want 10", d)
	}
	// The asset's data is untouched.
	if m.Layer("Deco").GIDs[7*10+9] != 0 {
		t.Error("SetTileGIDAt changed the asset")
	}
	// Empty a whole chunk and refill one cell of it.
	for y := range 8 {
		for x := range 10 {
			deco.SetTileGIDAt(0, x, y)
		}
	}
	if deco.chunks[0] != 0 {
		t.Errorf("chunk count %d after clearing", deco.chunks[0])
	}
	extract(s)
	if deco.Drawn() != 0 {
		t.Errorf("cleared layer drew %d", deco.Drawn())
	}
	deco.SetTileGIDAt(2, 4, 4)
	extract(s)
	if deco.Drawn() != 1 {
		t.Errorf("one tile: drew %d", deco.Drawn())
	}
}

func TestAnimatedTile(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	s, _, root := scene(t, m, Options{}, 80, 64)
	tm := TiledMapOf(root)
	find := func() render.SpriteInstance {
		for _, in := range instances(extract(s)) {
			if in.X == 4*16 && in.Y == 128-4*16 {
				return in
			}
		}
		t.Fatal("no tile at 4,3")
		return render.SpriteInstance{}
	}
	// Tile 0 shows tile 0 (u0 0, row 0) for 0.5 s, then tile 6 (column 2, row 1).
	if in := find(); in.U0 != 0 || in.V0 != 0 {
		t.Errorf("frame 0 %+v", in)
	}
	s.ComponentScheduler().UpdatePhase(0.6)
	if in := find(); in.U0 != 0.5 || in.V0 != 0.5 {
		t.Errorf("after 0.6 s: %+v", in)
	}
	tm.Update(0.5)
	if in := find(); in.U0 != 0 || in.V0 != 0 {
		t.Errorf("after 1.1 s: %+v", in)
	}
}

func TestObjectsBecomeNodes(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	_, _, root := scene(t, m, Options{}, 80, 64)
	g := TiledMapOf(root).ObjectGroup("Things")
	if g == nil || len(g.Objects()) != 5 {
		t.Fatalf("object group %v", g)
	}
	door := g.Object("door")
	if p := door.Node().Position(); p[0] != 16 || p[1] != 128-16 {
		t.Errorf("door node at %v, want (16, 112)", p)
	}
	coin := g.Object("coin").Node()
	sp := scenegraph.GetComponent[*scenegraph.Sprite](coin)
	if sp == nil || sp.Size != (mgl32.Vec2{16, 16}) || sp.UV != (mgl32.Vec4{0.25, 0, 0.5, 0.5}) {
		t.Errorf("tile object sprite %+v", sp)
	}
	for _, o := range g.Objects() {
		if !o.Object.Visible || !o.Node().Active() {
			t.Errorf("object %q hidden (TMX leaves visible out when it is 1)", o.Object.Name)
		}
	}
	if p := coin.Position(); p[1] != 16 {
		t.Errorf("coin node y %v, want 16 (tile objects stand on their y)", p[1])
	}
	if n := root.Find("Things/spawn"); n == nil {
		t.Error("no node Things/spawn")
	}
}

func TestColliders(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	var shapes []Shape
	record := func(n *scenegraph.Node, s Shape) error {
		shapes = append(shapes, s)
		return CollisionColliders(n, s)
	}
	_, _, root := scene(t, m, Options{Colliders: record}, 80, 64)
	solid := 0
	var rects []string
	for _, s := range shapes {
		if s.Object == nil {
			solid++
			rects = append(rects, fmt.Sprint(s.Size))
		}
	}
	// The border of solid tiles (gid 8) of the 10×8 Ground: top and bottom
	// rows, then the two side columns: 4 rectangles; Deco's three solid
	// cells: 2.
	if solid != 6 {
		t.Errorf("%d solid rectangles, want 6: %v", solid, rects)
	}
	if rects[0] != "[160 16]" || rects[1] != "[16 112]" {
		t.Errorf("first rectangles %v", rects)
	}
	n := 0
	root.Walk(func(x *scenegraph.Node) bool {
		if scenegraph.GetComponent[*collision.Collider](x) != nil {
			n++
		}
		return true
	})
	// 6 solid rectangles + door, pond, ramp, coin (a point has none).
	if n != 10 {
		t.Errorf("%d colliders, want 10", n)
	}
	pond := TiledMapOf(root).ObjectGroup("Things").Object("pond").Node()
	if c := scenegraph.GetComponent[*collision.Collider](pond); c == nil || c.Kind() != collision.ShapePolygon {
		t.Errorf("pond (32×16 ellipse) collider %v", c)
	}
}

func TestSolidRectsCover(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for trial := range 200 {
		w, h := 1+r.Intn(20), 1+r.Intn(20)
		gids := make([]uint32, w*h)
		for i := range gids {
			if r.Intn(3) > 0 {
				gids[i] = 1
			}
		}
		cover := make([]int, len(gids))
		for _, rc := range SolidRects(gids, w, func(g uint32) bool { return g == 1 }) {
			for y := rc[1]; y < rc[1]+rc[3]; y++ {
				for x := rc[0]; x < rc[0]+rc[2]; x++ {
					cover[y*w+x]++
				}
			}
		}
		for i, g := range gids {
			if want := int(g); cover[i] != want {
				t.Fatalf("trial %d: cell %d covered %d times, solid=%v", trial, i, cover[i], g == 1)
			}
		}
	}
	full := make([]uint32, 100*100)
	for i := range full {
		full[i] = 1
	}
	if n := len(SolidRects(full, 100, func(g uint32) bool { return g == 1 })); n != 1 {
		t.Errorf("a full layer merged into %d rectangles, want 1", n)
	}
}

func TestIsometricRender(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "iso.tmj")
	s, _, root := scene(t, m, Options{Colliders: CollisionColliders}, 128, 64)
	extract(s)
	tm := TiledMapOf(root)
	if d := tm.Layer("Floor").Drawn(); d != 63 {
		t.Errorf("floor drew %d, want 63", d)
	}
	// Cell 0,0's top corner is at x = 8*16 = 128, y = 128 (the top).
	p := tm.Layer("Floor").PositionAt(0, 0)
	if p != (mgl32.Vec2{112, 112}) {
		t.Errorf("PositionAt(0,0) = %v, want (112, 112)", p)
	}
	// A view over one corner draws a few tiles, not all.
	s2, _, root2 := scene(t, m, Options{}, -100, -60)
	extract(s2)
	if d := TiledMapOf(root2).Layer("Floor").Drawn(); d == 0 || d > 12 {
		t.Errorf("corner view drew %d", d)
	}
}

func TestHotReload(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"ortho.tmx", "tiles.tsx", "tiles.png"} {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	a := manager(t, dir)
	m := load(t, a, "ortho.tmx")
	s, _, root := scene(t, m, Options{}, 80, 64)
	tm := TiledMapOf(root)
	if g := tm.Layer("Ground").TileGIDAt(0, 0); g != 8 {
		t.Fatalf("before: %d", g)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "ortho.tmx"))
	b = bytes.Replace(b, []byte(`<data encoding="csv">
8,`), []byte(`<data encoding="csv">
3,`), 1)
	assettest.ReplaceFile(t, dir, "ortho.tmx", b)
	if err := a.Reload("ortho.tmx"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200 && m.Reloads == 0; i++ {
		a.Poll()
		if m.Reloads == 0 {
			waitABit()
		}
	}
	if m.Reloads != 1 {
		t.Fatal("no reload")
	}
	s.ComponentScheduler().UpdatePhase(1.0 / 60)
	if tm.Err() != nil {
		t.Fatal(tm.Err())
	}
	if g := tm.Layer("Ground").TileGIDAt(0, 0); g != 3 {
		t.Errorf("after reload: %d, want 3", g)
	}
	// A broken edit keeps the old content.
	assettest.ReplaceFile(t, dir, "ortho.tmx", bytes.Replace(b, []byte(`3,`), []byte(`99,`), 1))
	a.Reload("ortho.tmx")
	failed := false
	off := a.ReloadFailed.On(func(e asset.ReloadError) {
		failed = strings.Contains(e.Err.Error(), "GID 99 out of range")
	})
	defer off()
	for i := 0; i < 200 && !failed; i++ {
		a.Poll()
		waitABit()
	}
	if !failed || m.Reloads != 1 || m.Layer("Ground").GIDs[0] != 3 {
		t.Errorf("broken reload: failed=%v reloads=%d", failed, m.Reloads)
	}
}

// A steady frame, scrolling, allocates nothing.
func TestScrollAllocsNothing(t *testing.T) {
	a := manager(t, "testdata")
	m := load(t, a, "ortho.tmx")
	s, cam, root := scene(t, m, Options{}, 80, 64)
	f := render.NewFrame()
	f.SetScreenSize(320, 240)
	x := float32(0)
	frame := func() {
		x += 1.5
		cam.SetPositionXY(40+float32(int(x)%80), 64)
		s.ComponentScheduler().UpdatePhase(1.0 / 60)
		f.Reset()
		scenegraph.Extract(s, f)
	}
	for range 10 {
		frame()
	}
	if n := testing.AllocsPerRun(100, frame); n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
	if TiledMapOf(root).Layer("Ground").Drawn() == 0 {
		t.Error("nothing drawn")
	}
}

func waitABit() { time.Sleep(5 * time.Millisecond) }

func abs32(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

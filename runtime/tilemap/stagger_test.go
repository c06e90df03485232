package tilemap

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// staggeredTMJ is a w×h map of orientation o (staggered or hexagonal) with
// every cell holding tile 1 of iso.png.
func staggeredTMJ(o, axis, index string, tw, th, side, w, h int) string {
	cells := strings.TrimSuffix(strings.Repeat("1,", w*h), ",")
	return fmt.Sprintf(`{"type": "map", "orientation": %q, "renderorder": "right-down",
 "width": %d, "height": %d, "tilewidth": %d, "tileheight": %d, "hexsidelength": %d,
 "staggeraxis": %q, "staggerindex": %q, "infinite": false,
 "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 16, "tilecount": 4, "columns": 2,
   "image": "iso.png", "imagewidth": 64, "imageheight": 32}],
 "layers": [{"id": 1, "name": "Floor", "type": "tilelayer", "width": %d, "height": %d, "x": 0, "y": 0,
   "opacity": 1, "visible": true, "data": [%s]}]}`, o, w, h, tw, th, side, axis, index, w, h, cells)
}

// Staggered and hexagonal maps place their cells as Tiled does: every other
// row (stagger axis y) or column (axis x) shifted by half a tile, rows or
// columns stepping by (size + hex side) / 2; the map's origin is its
// bottom-left corner, y up. Every cell draws when the view covers the map.
func TestStaggeredAndHexagonalCells(t *testing.T) {
	dir := t.TempDir()
	png, err := os.ReadFile("testdata/iso.png")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "iso.png"), png, 0o644)
	const w, h = 5, 4
	for _, c := range []struct {
		name, o, axis, index string
		tw, th, side         int
		// want is Tiled's top-left pixel of cell x, y and the map's height
		want func(x, y int) (float32, float32)
		pixH float32
	}{
		{"staggered y odd", "staggered", "y", "odd", 32, 16, 0, func(x, y int) (float32, float32) {
			px := float32(x * 32)
			if y%2 == 1 {
				px += 16
			}
			return px, float32(y * 8)
		}, h*8 + 8},
		{"staggered y even", "staggered", "y", "even", 32, 16, 0, func(x, y int) (float32, float32) {
			px := float32(x * 32)
			if y%2 == 0 {
				px += 16
			}
			return px, float32(y * 8)
		}, h*8 + 8},
		{"hexagonal x even", "hexagonal", "x", "even", 32, 28, 14, func(x, y int) (float32, float32) {
			py := float32(y * 28)
			if x%2 == 0 {
				py += 14
			}
			return float32(x * 23), py // columns step (32+14)/2
		}, h*28 + 14},
		{"hexagonal y odd", "hexagonal", "y", "odd", 28, 32, 16, func(x, y int) (float32, float32) {
			px := float32(x * 28)
			if y%2 == 1 {
				px += 14
			}
			return px, float32(y * 24) // rows step (32+16)/2
		}, h*24 + 8},
	} {
		file := strings.ReplaceAll(c.name, " ", "_") + ".tmj"
		os.WriteFile(filepath.Join(dir, file), []byte(staggeredTMJ(c.o, c.axis, c.index, c.tw, c.th, c.side, w, h)), 0o644)
		a := manager(t, dir)
		m := load(t, a, file)
		s, _, root := scene(t, m, Options{}, 100, 60)
		tm := TiledMapOf(root)
		l := tm.Layer("Floor")
		for y := range h {
			for x := range w {
				px, py := c.want(x, y)
				want := mgl32.Vec2{px, c.pixH - py - float32(c.th)}
				if got := l.PositionAt(x, y); !got.ApproxEqual(want) {
					t.Errorf("%s: PositionAt(%d, %d) = %v, want %v", c.name, x, y, got, want)
				}
			}
		}
		extract(s)
		if d := l.Drawn(); d != w*h {
			t.Errorf("%s: a view over the whole map drew %d tiles, want %d", c.name, d, w*h)
		}
		s.Unload()
	}
}

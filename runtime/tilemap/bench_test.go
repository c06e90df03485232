package tilemap

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// bigMap returns an n×n orthogonal map of 16-pixel tiles with layers tile
// layers, every cell full, built against a fake texture.
func bigMap(tb testing.TB, n, layers int) *Map {
	tb.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, `<map orientation="orthogonal" width="%d" height="%d" tilewidth="16" tileheight="16">`, n, n)
	b.WriteString(`<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="8" columns="4"><image source="tiles.png" width="64" height="32"/></tileset>`)
	raw := make([]byte, 4*n*n)
	for i := range n * n {
		binary.LittleEndian.PutUint32(raw[4*i:], uint32(1+i%7))
	}
	data := base64.StdEncoding.EncodeToString(raw)
	for l := range layers {
		fmt.Fprintf(&b, `<layer name="L%d" width="%d" height="%d"><data encoding="base64">%s</data></layer>`, l, n, n, data)
	}
	b.WriteString(`</map>`)
	m, err := Parse("big.tmx", []byte(b.String()), nil)
	if err != nil {
		tb.Fatal(err)
	}
	if err := m.build(map[string]imageInfo{"tiles.png": {tex: 1, w: 64, h: 32}}); err != nil {
		tb.Fatal(err)
	}
	return m
}

// benchRender measures a frame of a 4-layer n×n map under a 320×240 view
// (20×15 tiles a layer), scrolling: the cost follows the view.
func benchRender(b *testing.B, n int) {
	m := bigMap(b, n, 4)
	s, cam, _ := scene(b, m, Options{}, 0, 0)
	f := render.NewFrame()
	f.SetScreenSize(320, 240)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		cam.SetPositionXY(400+float32(i%64), 400+float32(i%32))
		f.Reset()
		scenegraph.Extract(s, f)
	}
	b.ReportMetric(float64(len(f.SpriteInstances())), "tiles/frame")
}

func BenchmarkRender100x100(b *testing.B)   { benchRender(b, 100) }
func BenchmarkRender1000x1000(b *testing.B) { benchRender(b, 1000) }

// BenchmarkLoad1M parses a 1000×1000 map (one base64 layer, a million
// tiles) and builds it.
func BenchmarkLoad1M(b *testing.B) {
	var buf bytes.Buffer
	n := 1000
	fmt.Fprintf(&buf, `<map orientation="orthogonal" width="%d" height="%d" tilewidth="16" tileheight="16">`, n, n)
	buf.WriteString(`<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="8" columns="4"><image source="tiles.png" width="64" height="32"/></tileset>`)
	raw := make([]byte, 4*n*n)
	for i := range n * n {
		binary.LittleEndian.PutUint32(raw[4*i:], uint32(1+i%7))
	}
	fmt.Fprintf(&buf, `<layer name="L" width="%d" height="%d"><data encoding="base64">%s</data></layer></map>`, n, n, base64.StdEncoding.EncodeToString(raw))
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		m, err := Parse("big.tmx", data, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := m.build(map[string]imageInfo{"tiles.png": {tex: 1, w: 64, h: 32}}); err != nil {
			b.Fatal(err)
		}
		if _, err := m.Instantiate(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad1MCSV is BenchmarkLoad1M with CSV data, Tiled's default.
func BenchmarkLoad1MCSV(b *testing.B) {
	var buf bytes.Buffer
	n := 1000
	fmt.Fprintf(&buf, `<map orientation="orthogonal" width="%d" height="%d" tilewidth="16" tileheight="16">`, n, n)
	buf.WriteString(`<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="8" columns="4"><image source="tiles.png" width="64" height="32"/></tileset>`)
	fmt.Fprintf(&buf, `<layer name="L" width="%d" height="%d"><data encoding="csv">`, n, n)
	for i := range n * n {
		if i > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprint(&buf, 1+i%7)
	}
	buf.WriteString(`</data></layer></map>`)
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		if _, err := Parse("big.tmx", data, nil); err != nil {
			b.Fatal(err)
		}
	}
}

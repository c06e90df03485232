package tilemap

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// fuzzRead serves the testdata folder's tilesets to the parser.
func fuzzRead(f *testing.F) ReadFunc {
	files := map[string][]byte{}
	for _, n := range []string{"tiles.tsx"} {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			f.Fatal(err)
		}
		files[n] = b
	}
	return func(p string) ([]byte, error) {
		if b, ok := files[p]; ok {
			return b, nil
		}
		return nil, fmt.Errorf("%s: %w", p, os.ErrNotExist)
	}
}

// fuzzParse parses data and, when it is a valid map, builds its tile table
// and nodes against fake textures: no input may panic.
func fuzzParse(t *testing.T, name string, data []byte, read ReadFunc) {
	m, err := Parse(name, data, read)
	if err != nil {
		if m != nil {
			t.Fatal("a map and an error")
		}
		return
	}
	img := map[string]imageInfo{}
	for _, p := range m.images() {
		img[p] = imageInfo{tex: 1, w: 64, h: 32}
	}
	if m.build(img) != nil {
		return
	}
	root, err := m.Instantiate(Options{Colliders: CollisionColliders})
	if err == nil && root == nil {
		t.Fatal("no node and no error")
	}
}

func FuzzTMX(f *testing.F) {
	for _, n := range []string{"ortho.tmx"} {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`<map orientation="staggered" staggeraxis="x" width="2" height="2" tilewidth="8" tileheight="8" infinite="1"><tileset firstgid="1" source="tiles.tsx"/><layer name="L"><data encoding="base64" compression="gzip"><chunk x="0" y="0" width="1" height="1">H4sIAAAAAAAA/2JkYGAEBAAA//8ZNwtUBAAAAA==</chunk></data></layer></map>`))
	f.Add([]byte(`<map width="1" height="1" tilewidth="8" tileheight="8"><group offsetx="1"><objectgroup><object id="1"><polygon points="0,0 1,1 0,2"/></object></objectgroup></group></map>`))
	read := fuzzRead(f)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, "m.tmx", data, read) })
}

func FuzzTMJ(f *testing.F) {
	b, err := os.ReadFile(filepath.Join("testdata", "iso.tmj"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"orientation":"hexagonal","hexsidelength":4,"width":2,"height":2,"tilewidth":8,"tileheight":8,"infinite":true,"tilesets":[{"firstgid":1,"source":"tiles.tsx"}],"layers":[{"type":"group","layers":[{"type":"tilelayer","chunks":[{"x":0,"y":0,"width":1,"height":1,"data":[1]}]}]}]}`))
	f.Add([]byte(`{"width":1,"height":1,"tilewidth":8,"tileheight":8,"layers":[{"type":"objectgroup","objects":[{"id":1,"ellipse":true,"width":4,"height":2},{"id":2,"polyline":[{"x":0,"y":0}]}]}]}`))
	read := fuzzRead(f)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, "m.tmj", data, read) })
}

package asset

import (
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// testTTC returns a font collection of the given single fonts: a 'ttcf'
// header and each font's bytes after it, its table offsets moved by where
// the font starts (collection offsets are from the start of the file).
func testTTC(fonts ...[]byte) []byte {
	be32 := func(b []byte, v uint32) { b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v) }
	head := 12 + 4*len(fonts)
	out := make([]byte, head)
	copy(out, "ttcf\x00\x01\x00\x00")
	be32(out[8:], uint32(len(fonts)))
	for i, ttf := range fonts {
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		base := len(out)
		be32(out[12+4*i:], uint32(base))
		out = append(out, ttf...)
		tables := int(ttf[4])<<8 | int(ttf[5])
		for t := range tables {
			rec := out[base+12+16*t:]
			off := uint32(rec[8])<<24 | uint32(rec[9])<<16 | uint32(rec[10])<<8 | uint32(rec[11])
			be32(rec[8:], off+uint32(base))
		}
	}
	return out
}

func TestSplitFontFace(t *testing.T) {
	for _, tc := range []struct{ in, file, face string }{
		{"fonts/a.ttc#2", "fonts/a.ttc", "2"},
		{"fonts/a.TTC#Noto Sans CJK JP", "fonts/a.TTC", "Noto Sans CJK JP"},
		{"fonts/my#font.otc#1", "fonts/my#font.otc", "1"},
		{"fonts/a.ttf#", "fonts/a.ttf", ""},
		{"fonts/a#b/c.ttc", "fonts/a#b/c.ttc", ""},
		{"fonts/a.ttc", "fonts/a.ttc", ""},
	} {
		file, face, ok := splitFontFace(tc.in)
		if file != tc.file || face != tc.face || ok != (tc.in != tc.file) {
			t.Errorf("splitFontFace(%q) = %q, %q, %v; want %q, %q", tc.in, file, face, ok, tc.file, tc.face)
		}
	}
}

// A font asset path chooses a collection's face by index or by family
// after '#'; without one it is the first face. Each is its own asset.
func TestFontAssetChoosesFace(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "fonts/go.ttc", testTTC(goregular.TTF, gomono.TTF))
	writeFile(t, root, "fonts/go.ttf", goregular.TTF)
	a, _, _ := newTestAssets(t, root, Options{})
	for _, tc := range []struct{ path, family, name string }{
		{"fonts/go.ttc", "Go", "fonts/go.ttc#0"},
		{"fonts/go.ttc#1", "Go Mono", "fonts/go.ttc#1"},
		{"fonts/go.ttc#Go Mono", "Go Mono", "fonts/go.ttc#1"},
		{"fonts/go.ttc#gomono", "Go Mono", "fonts/go.ttc#1"},
		{"fonts/go.ttc#0", "Go", "fonts/go.ttc#0"},
		{"fonts/go.ttf#0", "Go", "fonts/go.ttf"},
	} {
		x, err := a.Load(tc.path)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		f := x.Font()
		if f == nil || f.Family() != tc.family || f.Name() != tc.name {
			t.Fatalf("%s: font %v (family %q, name %q), want %q %q", tc.path, f, f.Family(), f.Name(), tc.family, tc.name)
		}
	}
	if a.Get("fonts/go.ttc#1").Font() == a.Get("fonts/go.ttc#0").Font() {
		t.Fatal("two faces gave one font")
	}
}

// A face that is not in the file is an error naming the file and listing
// the faces it has.
func TestFontAssetFaceErrors(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "fonts/go.ttc", testTTC(goregular.TTF, gomono.TTF))
	writeFile(t, root, "fonts/bad.ttc", []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10"))
	a, _, _ := newTestAssets(t, root, Options{})
	for _, tc := range []struct{ path, want string }{
		{"fonts/go.ttc#2", `fonts/go.ttc#2: no face 2 in the file (faces: 0 Go, 1 Go Mono)`},
		{"fonts/go.ttc#-1", `fonts/go.ttc#-1: no face -1 in the file (faces: 0 Go, 1 Go Mono)`},
		{"fonts/go.ttc#Comic Sans", `fonts/go.ttc#Comic Sans: no face of family "Comic Sans" in the file (faces: 0 Go, 1 Go Mono)`},
		{"fonts/go.ttc#", `fonts/go.ttc#: empty face name after '#' (the file's faces: 0 Go, 1 Go Mono)`},
		{"fonts/missing.ttc#1", `fonts/missing.ttc`},
		{"fonts/bad.ttc#1", `text: font "fonts/bad.ttc"`},
	} {
		x, err := a.Load(tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.path, err, tc.want)
		}
		if x != nil && x.Font() != nil {
			t.Errorf("%s: a font loaded", tc.path)
		}
	}
}

// FuzzSplitFontFace: any path splits into a file that ends in a font
// extension and a face that, joined with '#', give the path back.
func FuzzSplitFontFace(f *testing.F) {
	for _, s := range []string{"a.ttc#2", "a#b.otf#Noto Sans", "x.png", "a.ttf#", "#.ttc#", "a/b#.ttc/c.ttc#1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		file, face, ok := splitFontFace(p)
		if !ok {
			if file != p || face != "" {
				t.Fatalf("%q: not split, yet %q %q", p, file, face)
			}
			return
		}
		if file+"#"+face != p {
			t.Fatalf("%q split into %q and %q", p, file, face)
		}
		if strings.Contains(file[strings.LastIndexByte(file, '/')+1:], "#") {
			if _, _, again := splitFontFace(file); again {
				t.Fatalf("%q: the face did not start at the first '#' after a font extension", p)
			}
		}
	})
}

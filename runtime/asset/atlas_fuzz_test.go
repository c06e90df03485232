package asset

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// FuzzAtlas: any bytes give an atlas whose every frame lies in the image,
// with a region inside the texture, a positive size and margins that add up
// to the untrimmed size, or an error; nothing panics.
func FuzzAtlas(f *testing.F) {
	for _, s := range []string{
		atlasHash, atlasArray, atlasHash[:len(atlasHash)/2], "",
		`{"frames": {"a": {"frame": {"x":0,"y":0,"w":64,"h":64}}}, "meta": {"image": "sheet.png"}}`,
		`{"frames": [{"filename": "r", "frame": {"x":0,"y":0,"w":8,"h":64}, "rotated": true}], "meta": {"image": "../x/sheet.png"}}`,
		`{"frames": {"t": {"frame": {"x":1,"y":2,"w":3,"h":4}, "trimmed": true, "spriteSourceSize": {"x":5,"y":6}, "sourceSize": {"w":8,"h":10}, "pivot": {"x":-1,"y":2}}}, "meta": {"image": "s.png", "size": {"w":64,"h":64}}}`,
		`{"frames": {"n": {"frame": {"x":-1,"y":0,"w":1e30,"h":0.5}}}, "meta": {"image": "/abs.png"}}`,
		`{"textures": [], "meta": {}}`,
		"\ufeff{\"frames\": [], \"meta\": {\"image\": \"a.png\"}}",
	} {
		f.Add([]byte(s))
	}
	tex := &Texture{ID: 1, Width: 64, Height: 64}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := parseAtlas("ui/sheet.atlas", data)
		if err != nil {
			if d != nil {
				t.Fatal("an error and an atlas")
			}
			return
		}
		if key, err := CleanPath(d.image); err != nil || key != d.image {
			t.Fatalf("image path %q: %q, %v", d.image, key, err)
		}
		a, err := buildAtlas(d, tex)
		if err != nil {
			if a != nil {
				t.Fatal("an error and an atlas")
			}
			return
		}
		names := a.Names()
		if len(names) == 0 || len(names) != len(a.frames) || !slices.IsSorted(names) {
			t.Fatalf("names %q for %d frames", names, len(a.frames))
		}
		for _, n := range names {
			fr, ok := a.Frame(n)
			if !ok || fr.Name != n || fr.Texture != tex.ID {
				t.Fatalf("frame %q: %+v, %v", n, fr, ok)
			}
			uv, sz, tr := fr.UV, fr.Size, fr.Trim
			if !(0 <= uv[0] && uv[0] < uv[2] && uv[2] <= 1 && 0 <= uv[1] && uv[1] < uv[3] && uv[3] <= 1) {
				t.Fatalf("frame %q: UV %v", n, uv)
			}
			if sz[0] < 1 || sz[1] < 1 || tr[0] < 0 || tr[1] < 0 || tr[2] < 0 || tr[3] < 0 {
				t.Fatalf("frame %q: size %v trim %v", n, sz, tr)
			}
			if fr.SourceSize != (mgl32.Vec2{tr[0] + sz[0] + tr[2], tr[1] + sz[1] + tr[3]}) {
				t.Fatalf("frame %q: size %v and trim %v do not make the source size %v", n, sz, tr, fr.SourceSize)
			}
			w, h := fr.Rect.Dx(), fr.Rect.Dy()
			if fr.Rotated {
				w, h = h, w
			}
			if fr.Rect.Min.X < 0 || fr.Rect.Min.Y < 0 || fr.Rect.Max.X > tex.Width || fr.Rect.Max.Y > tex.Height ||
				float32(w) != sz[0] || float32(h) != sz[1] {
				t.Fatalf("frame %q: rect %v for size %v, rotated %v", n, fr.Rect, sz, fr.Rotated)
			}
			if !finite32(fr.Pivot[0]) || !finite32(fr.Pivot[1]) {
				t.Fatalf("frame %q: pivot %v", n, fr.Pivot)
			}
		}
	})
}

package asset

import (
	"image/color"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

const testFnt = `info face="Tiny" size=16
common lineHeight=20 base=16 scaleW=32 scaleH=32 pages=2
page id=0 file="tiny_0.png"
page id=1 file="pages/tiny_1.png"
char id=65 x=0 y=0 width=10 height=12 xoffset=1 yoffset=4 xadvance=11 page=0
char id=86 x=12 y=0 width=10 height=12 xoffset=0 yoffset=4 xadvance=10 page=1
kerning first=65 second=86 amount=-3
`

func TestBMFontLoadsPages(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "fonts/tiny.fnt", []byte(testFnt))
	writeFile(t, root, "fonts/tiny_0.png", pngBytes(t, 32, 32, color.NRGBA{255, 255, 255, 255}))
	writeFile(t, root, "fonts/pages/tiny_1.png", pngBytes(t, 32, 16, color.NRGBA{255, 255, 255, 255}))
	a, frames, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("fonts/tiny.fnt")
	if err != nil {
		t.Fatal(err)
	}
	f := x.BitmapFont()
	p0, p1 := a.Get("fonts/tiny_0.png"), a.Get("fonts/pages/tiny_1.png")
	if f == nil || p0 == nil || p1 == nil || len(x.Dependencies()) != 2 {
		t.Fatalf("font %v, pages %v %v, deps %v", f, p0, p1, x.Dependencies())
	}
	if pg := f.Page(1); pg.Texture != p1.Texture().ID || pg.Width != 32 || pg.Height != 16 {
		t.Fatalf("page 1 %+v, want texture %v 32x16", pg, p1.Texture().ID)
	}
	if f.Kerning('A', 'V') != -3 || f.Name != "fonts/tiny.fnt" {
		t.Fatalf("font %+v", f)
	}
	if frames.Count(render.OpCreateTexture) != 2 {
		t.Fatalf("%d uploads, want 2 pages", frames.Count(render.OpCreateTexture))
	}
	x.Release()
	if p0.State() != Unloaded || p1.State() != Unloaded || frames.Count(render.OpDeleteTexture) != 2 {
		t.Fatalf("after release: pages %v %v, %d deletes", p0, p1, frames.Count(render.OpDeleteTexture))
	}
}

func TestBadBMFonts(t *testing.T) {
	for _, tc := range []struct{ fnt, want string }{
		{strings.Replace(testFnt, `"tiny_0.png"`, `"../../secret.png"`, 1), `fonts/bad.fnt: page 0: file "../../secret.png": path is outside the asset root`},
		{strings.Replace(testFnt, `"tiny_0.png"`, `"/etc/x.png"`, 1), `page 0: file "/etc/x.png": path is outside the asset root (give it relative to the font's folder)`},
		{strings.Replace(testFnt, `"tiny_0.png"`, `"missing.png"`, 1), `fonts/missing.png`},
		{strings.Replace(testFnt, "width=10 height=12 xoffset=0", "width=30 height=12 xoffset=0", 1), `char 86 ('V') at 12,0 30x12 lies outside page 1 ("pages/tiny_1.png", 32x16)`},
		{"common lineHeight=0\n", `fonts/bad.fnt`},
		{"char id=1\n", `no common block`},
	} {
		root := t.TempDir()
		writeFile(t, root, "fonts/bad.fnt", []byte(tc.fnt))
		writeFile(t, root, "fonts/tiny_0.png", pngBytes(t, 32, 32, color.NRGBA{255, 255, 255, 255}))
		writeFile(t, root, "fonts/pages/tiny_1.png", pngBytes(t, 32, 16, color.NRGBA{255, 255, 255, 255}))
		a, _, _ := newTestAssets(t, root, Options{})
		x, err := a.Load("fonts/bad.fnt")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "fonts/bad.fnt") {
			t.Errorf("error %v, want it to name fonts/bad.fnt and say %q", err, tc.want)
		}
		if x != nil && x.BitmapFont() != nil {
			t.Errorf("a bad font loaded")
		}
		if len(a.Loaded()) != 0 {
			t.Errorf("a failed font holds %v", a.Loaded())
		}
	}
}

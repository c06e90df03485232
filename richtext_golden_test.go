package tact

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// richScene shows every RichText tag: styles, sizes, an underline, an
// outline, an inline image, a clickable run and a right-to-left word,
// wrapped at 300 pixels.
func richScene(he *text.Font) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s := darkScene()
		tex := g.Renderer().Frame().CreateTexture(render.TextureDesc{Width: 16, Height: 16, Filter: render.FilterNearest}, arrowTexture())
		n := scenegraph.NewNode("Rich")
		n.SetPositionXY(160, 120)
		s.AddChild(n)
		r := scenegraph.AddComponent(n, text.NewRichText(
			"[b]Tact[/b] [color=#ff4040]rich[/color] [size=30][color=#40ff40]text[/color][/size] [i]italic[/i] [u]under[/u]"+
				"[br/][outline color=#2060ff width=2]outlined[/outline] [img src=arrow width=20 height=20/] "+
				"[on click=buy][color=#ffd040][b]buy now[/b][/color][/on] and a long tail that wraps across [color=#40c0ff]style runs שלום עולם[/color]",
			18, render.RGBA(235, 235, 235, 255)))
		r.MaxWidth = 300
		r.Images = map[string]scenegraph.SpriteFrame{"arrow": {Texture: tex, Size: mgl32.Vec2{16, 16}}}
		r.Fallback = text.NewFontChain(text.FamilyOf(he))
		return s, nil
	}
}

// hebrewFont is Noto Sans Hebrew (Debian's fonts-noto-core, which make deps
// installs); without it the test skips, or fails where GL is required.
func hebrewFont(t *testing.T) *text.Font {
	const path = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"
	b, err := os.ReadFile(path)
	if err != nil {
		msg := "system font " + path + " missing: install fonts-noto-core (make deps installs it)"
		if os.Getenv("TACT_REQUIRE_GL") == "1" || os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	f, err := text.ParseFont(path, b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRichTextGolden(t *testing.T) {
	start := richScene(hebrewFont(t))
	threaded := shoot(t, false, start)
	checkGolden(t, "richtext", threaded)
	if *updateGolden {
		return
	}
	checkGolden(t, "richtext", shoot(t, true, start))
}

// bmfontRoot writes an asset root holding fonts/go.fnt, a BMFont of Go
// Regular at 24 px on two 256x256 pages (printable ASCII below 'P' on page
// 0, the rest on page 1), with the kerning pairs of bmKerning, made here the way
// BMFont makes one. It returns the x/image face, to measure with.
func bmfontRoot(t *testing.T) (string, font.Face) {
	t.Helper()
	ft, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: 24, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	m := face.Metrics()
	base := m.Ascent.Ceil()
	lineH := (m.Ascent + m.Descent).Ceil()
	var fnt strings.Builder
	fmt.Fprintf(&fnt, "info face=\"Go\" size=24 bold=0 italic=0 charset=\"\" unicode=1 padding=0,0,0,0 spacing=1,1\n")
	fmt.Fprintf(&fnt, "common lineHeight=%d base=%d scaleW=256 scaleH=256 pages=2 packed=0\n", lineH, base)
	fmt.Fprintf(&fnt, "page id=0 file=\"go_0.png\"\npage id=1 file=\"go_1.png\"\n")
	pages := []*image.NRGBA{image.NewNRGBA(image.Rect(0, 0, 256, 256)), image.NewNRGBA(image.Rect(0, 0, 256, 256))}
	pen := [2]image.Point{{1, 1}, {1, 1}}
	rowH := 0
	for r := rune(0x20); r < 0x7f; r++ {
		b, adv, ok := face.GlyphBounds(r)
		if !ok {
			continue
		}
		p := 0
		if r >= 'P' {
			p = 1
		}
		x0, y0, x1, y1 := b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil()
		w, h := max(x1-x0, 0), max(y1-y0, 0)
		if r == ' ' {
			w, h = 0, 0
		}
		if pen[p].X+w+1 > 256 {
			pen[p] = image.Point{1, pen[p].Y + rowH + 1}
		}
		rowH = max(rowH, h)
		at := pen[p]
		if w > 0 {
			dr, mask, mp, _, _ := face.Glyph(fixed.P(at.X-x0, at.Y-y0), r)
			draw.DrawMask(pages[p], dr, image.White, image.Point{}, mask, mp, draw.Over)
		}
		fmt.Fprintf(&fnt, "char id=%d x=%d y=%d width=%d height=%d xoffset=%d yoffset=%d xadvance=%d page=%d chnl=15\n",
			r, at.X, at.Y, w, h, x0, base+y0, adv.Round(), p)
		pen[p].X += w + 1
	}
	for pair, k := range bmKerning() {
		fmt.Fprintf(&fnt, "kerning first=%d second=%d amount=%d\n", pair[0], pair[1], k)
	}
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "fonts"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i, pg := range pages {
		var buf bytes.Buffer
		if err := png.Encode(&buf, pg); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "fonts", fmt.Sprintf("go_%d.png", i)), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "fonts", "go.fnt"), []byte(fnt.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, face
}

// bmKerning are the kerning pairs of the test BMFont: Go Regular has no
// kerning table, so these are set by hand, as font makers tune BMFonts.
func bmKerning() map[[2]rune]int {
	return map[[2]rune]int{{'A', 'V'}: -3, {'V', 'A'}: -3, {'A', 'T'}: -2, {'T', 'A'}: -2, {'T', 'o'}: -3,
		{'Y', 'e'}: -3, {'W', 'A'}: -2, {'A', 'W'}: -2, {'V', 'Y'}: -1}
}

// bmAdvance is the width of s in a BMFont made by bmfontRoot: rounded
// advances plus the kerning pairs.
func bmAdvance(face font.Face, s string) float32 {
	var w int
	kern := bmKerning()
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			w += kern[[2]rune{prev, r}]
		}
		adv, _ := face.GlyphAdvance(r)
		w += adv.Round()
		prev = r
	}
	return float32(w)
}

func TestBMFontLabelGolden(t *testing.T) {
	root, face := bmfontRoot(t)
	const line = "AVATAR To Yes, WAVY"
	var sizes []mgl32.Vec2
	start := func(g *Game) (*scenegraph.Scene, error) {
		x, err := g.Assets().Load("fonts/go.fnt")
		if err != nil {
			return nil, err
		}
		bf := x.BitmapFont()
		s := darkScene()
		add := func(msg string, size, y float32, c render.Color) *text.Label {
			l := addLabel(s, msg, size, 160, y)
			l.BitmapFont, l.FontSize, l.Color = bf, size, c
			sizes = append(sizes, l.Size())
			return l
		}
		add(line, 0, 200, render.White)
		add("Bitmap fonts: pages & kerning", 0, 160, render.RGBA(255, 210, 80, 255))
		add("Scaled 36", 36, 115, render.RGBA(120, 200, 255, 255))
		w := add("wrapped at 200 pixels, centered", 0, 50, render.RGBA(160, 255, 160, 255))
		w.WrapWidth = 200
		sizes[len(sizes)-1] = w.Size()
		return s, nil
	}
	cfg := headless(3)
	cfg.AssetRoot = root
	img, _ := shootConfig(t, cfg, start)
	// The first label is exactly its advances and kerning pairs wide.
	if want := bmAdvance(face, line); sizes[0][0] != want {
		t.Fatalf("label width %v, want %v (advances and kerning)", sizes[0][0], want)
	}
	if want := 2 * float32((face.Metrics().Ascent + face.Metrics().Descent).Ceil()); sizes[3][1] != want {
		t.Fatalf("wrapped label %v, want 2 lines (%v tall)", sizes[3], want)
	}
	checkGolden(t, "bmfont", img)
	if *updateGolden {
		return
	}
	cfg.RenderOnMain = true
	onMain, _ := shootConfig(t, cfg, start)
	checkGolden(t, "bmfont", onMain)
}

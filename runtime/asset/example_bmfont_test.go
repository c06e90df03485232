package asset_test

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/text"
)

// A ".fnt" BMFont loads with its page images as dependencies; a Label
// draws with it through its BitmapFont.
func ExampleBMFontFormat() {
	root, _ := os.MkdirTemp("", "fnt")
	defer os.RemoveAll(root)
	os.MkdirAll(filepath.Join(root, "fonts"), 0o755)
	os.WriteFile(filepath.Join(root, "fonts", "pixel.fnt"), []byte(`info face="Pixel" size=8
common lineHeight=10 base=8 scaleW=64 scaleH=64 pages=1
page id=0 file="pixel_0.png"
char id=65 x=0 y=0 width=6 height=8 xoffset=0 yoffset=0 xadvance=7 page=0
`), 0o644)
	page, _ := os.Create(filepath.Join(root, "fonts", "pixel_0.png"))
	png.Encode(page, image.NewNRGBA(image.Rect(0, 0, 64, 64)))
	page.Close()

	// A Game gives the manager its renderer, whose frame is being recorded.
	a, err := asset.New(asset.Options{Root: root, Frames: oneFrame{render.NewFrame()}})
	if err != nil {
		panic(err)
	}
	defer a.Close()
	x, err := a.Load("fonts/pixel.fnt")
	if err != nil {
		panic(err)
	}
	l := text.NewLabel("AAA", 0, render.White)
	l.BitmapFont = x.BitmapFont()
	fmt.Println(x.BitmapFont().Page(0).Width, a.Get("fonts/pixel_0.png").State(), l.Size())
	// Output:
	// 64 loaded [21 10]
}

// oneFrame is a FrameSource with one frame that is never drawn.
type oneFrame struct{ f *render.Frame }

func (o oneFrame) Frame() *render.Frame { return o.f }

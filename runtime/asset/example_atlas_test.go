package asset_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// An atlas packed by TexturePacker (its JSON renamed to ".atlas") loads
// with its image, and a Sprite shows any frame by name. Here "hero.png" is
// stored turned clockwise in the sheet and trimmed; the sprite draws it
// upright, where the untrimmed image would be.
func ExampleAtlas() {
	dir, _ := os.MkdirTemp("", "atlas")
	defer os.RemoveAll(dir)
	var sheet bytes.Buffer
	png.Encode(&sheet, image.NewNRGBA(image.Rect(0, 0, 128, 64)))
	os.WriteFile(filepath.Join(dir, "sheet.png"), sheet.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "sheet.atlas"), []byte(`{
	"frames": {
		"coin.png": {"frame": {"x": 0, "y": 0, "w": 32, "h": 32}},
		"hero.png": {"frame": {"x": 32, "y": 0, "w": 24, "h": 48}, "rotated": true, "trimmed": true,
			"spriteSourceSize": {"x": 4, "y": 8, "w": 24, "h": 48}, "sourceSize": {"w": 32, "h": 64}}
	},
	"meta": {"image": "sheet.png", "size": {"w": 128, "h": 64}}
}`), 0o644)

	assets, err := asset.New(asset.Options{Root: dir})
	if err != nil {
		panic(err)
	}
	defer assets.Close()
	x, err := assets.Load("sheet.atlas") // loads sheet.png first
	if err != nil {
		panic(err)
	}
	defer x.Release() // releases sheet.png too
	atlas := x.Atlas()
	hero, _ := atlas.Frame("hero.png")
	fmt.Println("frames:", atlas.Names())
	fmt.Println("hero: size", hero.Size, "uv", hero.UV, "rotated", hero.Rotated, "trim", hero.Trim)

	// Show it on a sprite at (100, 100), and look at what is drawn.
	s := scenegraph.NewScene("Main")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(400, 300)
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	n := scenegraph.NewNode("Hero")
	n.SetPositionXY(100, 100)
	s.AddChild(n)
	sprite := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 1, 1))
	sprite.SetFrame(hero.SpriteFrame)
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	scenegraph.Extract(s, f)
	// The 24x48 quad sits in the untrimmed 32x64 image centered on (100,
	// 100), 4 in from its sides and 8 from its bottom; it shows the region
	// turned back upright (its bottom-left corner the region's top-left).
	vs := f.SpriteVertices()
	lo, hi := vs[0], vs[0] // the quad's bottom-left and top-right
	for _, v := range vs {
		lo.X, lo.Y, hi.X, hi.Y = min(lo.X, v.X), min(lo.Y, v.Y), max(hi.X, v.X), max(hi.Y, v.Y)
	}
	for _, c := range []struct {
		name string
		x, y float32
	}{{"bottom-left", lo.X, lo.Y}, {"bottom-right", hi.X, lo.Y}, {"top-right", hi.X, hi.Y}, {"top-left", lo.X, hi.Y}} {
		for _, v := range vs {
			if v.X == c.x && v.Y == c.y {
				fmt.Printf("%s (%v, %v) shows (%v, %v)\n", c.name, v.X, v.Y, v.U, v.V)
			}
		}
	}
	// Output:
	// frames: [coin.png hero.png]
	// hero: size [24 48] uv [0.25 0 0.625 0.375] rotated true trim [4 8 4 8]
	// bottom-left (88, 76) shows (0.25, 0)
	// bottom-right (112, 76) shows (0.25, 0.375)
	// top-right (112, 124) shows (0.625, 0.375)
	// top-left (88, 124) shows (0.625, 0)
}

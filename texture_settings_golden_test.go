package tact

import (
	"bytes"
	"github.com/tact-engine/tact/internal/assettest"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// pixelHero is an 8×8 pixel-art face: a yellow disc with dark eyes and a
// red mouth on a transparent background.
func pixelHero() []byte {
	rows := [8]string{
		"..yyyy..",
		".yyyyyy.",
		"yykyykyy",
		"yyyyyyyy",
		"yryyyyry",
		"yyrrrryy",
		".yyyyyy.",
		"..yyyy..",
	}
	pal := map[byte]color.NRGBA{'y': {250, 210, 40, 255}, 'k': {30, 20, 40, 255}, 'r': {210, 40, 50, 255}}
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y, row := range rows {
		for x := range 8 {
			img.SetNRGBA(x, y, pal[row[x]])
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// textureSettingsAssets writes the golden's asset folder: the face twice,
// once with a settings file asking for nearest filtering and a scene file
// showing it, and a 4×4 two-colour tile for a repeating strip.
func textureSettingsAssets(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	tile := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			c := color.NRGBA{60, 140, 220, 255}
			if (x < 2) != (y < 2) {
				c = color.NRGBA{240, 240, 240, 255}
			}
			tile.SetNRGBA(x, y, c)
		}
	}
	var tb bytes.Buffer
	png.Encode(&tb, tile)
	files := map[string][]byte{
		"smooth.png": pixelHero(),
		"pixel.png":  pixelHero(),
		"pixel.png" + asset.TextureSettingsSuffix: []byte(`{"filter": "nearest"}`),
		"tile.png": tb.Bytes(),
		"hero.json": []byte(`{"name": "Pixels", "nodes": [{"name": "Pixel", "position": [232, 150],
			"components": [{"type": "Sprite", "Texture": "pixel.png", "Size": [128, 128], "Color": [255, 255, 255, 255],
			"Anchor": [0.5, 0.5], "Blend": 1}]}]}`),
	}
	for p, b := range files {
		if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// textureSettingsScene: on the left the face from code with the default
// settings (linear: blurred), on the right the same face from a scene
// file, whose image's settings file makes it nearest (sharp squares); below
// them a strip that repeats the tile eight times (wrap set from code).
func textureSettingsScene(t *testing.T) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s, err := g.Scenes().LoadScene("hero.json")
		if err != nil {
			return nil, err
		}
		cam := scenegraph.NewNode("Camera")
		cam.SetPositionXY(160, 120)
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(40, 40, 60, 255)))

		smooth, err := g.Assets().Load("smooth.png")
		if err != nil {
			return nil, err
		}
		n := scenegraph.NewNode("Smooth")
		n.SetPositionXY(88, 150)
		s.AddChild(n)
		scenegraph.AddComponent(n, scenegraph.NewSprite(smooth.Texture().ID, 128, 128))

		if err := g.Assets().SetTextureSettings("tile.png", asset.TextureSettings{Filter: render.FilterNearest, Wrap: render.WrapRepeat}); err != nil {
			return nil, err
		}
		tile, err := g.Assets().Load("tile.png")
		if err != nil {
			return nil, err
		}
		strip := scenegraph.NewNode("Strip")
		strip.SetPositionXY(160, 40)
		s.AddChild(strip)
		sp := scenegraph.AddComponent(strip, scenegraph.NewSprite(tile.Texture().ID, 288, 36))
		sp.UV = mgl32.Vec4{0, 0, 8, 1} // eight tiles across, one down

		pixel := s.Find("Pixel").Components()[0].(*scenegraph.Sprite)
		px, ok := g.Assets().PathOf(pixel.Texture)
		if !ok || px != "pixel.png" {
			t.Errorf("the scene file's sprite texture is %q (%v)", px, ok)
		}
		if got := g.Assets().Get("pixel.png").Texture().Settings.Filter; got != render.FilterNearest {
			t.Errorf("the scene file's texture has filter %v, want nearest from its settings file", got)
		}
		return s, nil
	}
}

// Golden: a pixel-art sprite scaled up 16 times, linear (blurred) beside
// nearest (sharp), and a repeating tiled strip, in both render modes.
func TestGoldenTextureSettings(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		name := "render thread"
		if onMain {
			name = "render on main"
		}
		t.Run(name, func(t *testing.T) {
			cfg := headless(3)
			cfg.RenderOnMain = onMain
			cfg.AssetRoot = textureSettingsAssets(t)
			img, _ := shootConfig(t, cfg, textureSettingsScene(t))
			checkGolden(t, "texture_settings", img)
			// Nearest: one texel is a 16-pixel square, every pixel of it
			// exactly its colour; linear blends neighbours. The eye's
			// texel (x 2, row 2) of each face, sampled off its center.
			// Face centers: (88, 150) and (232, 150), 128 wide; y down.
			eye := func(cx int) color.RGBA { return img.RGBAAt(cx-64+2*16+3, 240-150-64+2*16+3) }
			if c := eye(232); c != (color.RGBA{30, 20, 40, 255}) {
				t.Errorf("nearest face's eye texel, off center: %v, want exactly {30 20 40 255}", c)
			}
			if c := eye(88); c == (color.RGBA{30, 20, 40, 255}) {
				t.Errorf("linear face's eye texel is not blended with its neighbours: %v", c)
			}
		})
	}
}

// Config.Textures is the Game's project default: a texture with no settings
// of its own loads with it.
func TestConfigTexturesDefault(t *testing.T) {
	cfg := headless(2)
	cfg.AssetRoot = assettest.CopyTestdata(t, "testdata/assets")
	cfg.Textures = asset.TextureSettings{Filter: render.FilterNearest, Wrap: render.WrapRepeat}
	g := NewGame(cfg)
	var got asset.TextureSettings
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		tex, err := g.Assets().Load("textures/red.png")
		if err != nil {
			return nil, err
		}
		got = tex.Texture().Settings
		return redSquareScene(g)
	})
	if got != cfg.Textures {
		t.Fatalf("a texture without settings of its own loaded with %+v, want the Config's %+v", got, cfg.Textures)
	}
}

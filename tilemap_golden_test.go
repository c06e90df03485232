package tact

import (
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/tilemap"
	"github.com/tact-engine/tact/scenegraph"
)

// tilemapScene loads the map file at p from runtime/tilemap's testdata and
// shows it under a camera centered on (cx, cy).
func tilemapScene(p string, cx, cy float32) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		tilemap.Register(g.Assets())
		x, err := g.Assets().Load(p)
		if err != nil {
			return nil, err
		}
		root, err := tilemap.MapOf(x).Instantiate(tilemap.Options{})
		if err != nil {
			return nil, err
		}
		s := scenegraph.NewScene("TileMap")
		cam := scenegraph.NewNode("Camera")
		cam.SetPositionXY(cx, cy)
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(24, 24, 32, 255)))
		root.SetPositionXY(8, 8)
		s.AddChild(root)
		return s, nil
	}
}

// Tiled maps, orthogonal (flipped and rotated tiles, a tinted translucent
// group with an offset, a tile object) and isometric (a base64+gzip layer
// and a raised layer), give their golden pictures threaded and on the main
// thread.
func TestTilemapGolden(t *testing.T) {
	for _, c := range []struct {
		name, file string
		cx, cy     float32
	}{{"tilemap_ortho", "ortho.tmx", 88, 72}, {"tilemap_iso", "iso.tmj", 136, 72}} {
		for _, onMain := range []bool{false, true} {
			cfg := headless(3)
			cfg.RenderOnMain = onMain
			cfg.AssetRoot = "runtime/tilemap/testdata"
			img, _ := shootConfig(t, cfg, tilemapScene(c.file, c.cx, c.cy))
			checkGolden(t, c.name, img)
			if *updateGolden {
				break
			}
		}
	}
}

package tilemap

import (
	"errors"
	"fmt"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
)

// Register registers Format for Tiled's ".tmx" and ".tmj" map files with
// m. The asset package cannot do it itself (this package imports it).
func Register(m *asset.Manager) {
	m.RegisterFormat(".tmx", Format{})
	m.RegisterFormat(".tmj", Format{})
}

// Format is the asset.Format (and asset.Reloader) of Tiled maps. Decode
// parses and checks the map on a worker, reading external tilesets through
// the Source (so they stay under the asset root and are watched with the
// map), and names every image as a dependency, which the asset manager
// loads first as a shared texture; Create builds the map's tile table from
// the loaded images. A load's value is a *Map. Errors name the map and the
// fault, as in "maps/a.tmx: layer "Ground": tile 3,4: GID 99 out of range
// (no tileset holds it)".
type Format struct{}

var _ asset.Reloader = Format{}

// Decode reads and checks the map and names its images as dependencies.
func (Format) Decode(src *asset.Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	m, err := Parse(src.Path, b, src.ReadFile)
	if err != nil {
		return nil, &asset.Error{Path: src.Path, Err: err}
	}
	for _, p := range m.images() {
		src.Depend(p)
	}
	return m, nil
}

// Create builds the map's tile table from its loaded images. It records no
// GPU command: the images are the asset manager's textures.
func (Format) Create(ctx *asset.CreateContext, decoded any) (any, error) {
	m := decoded.(*Map)
	img := map[string]imageInfo{}
	for _, p := range m.images() {
		t, ok := ctx.Dependency(p).(*asset.Texture)
		if !ok || t == nil {
			return nil, &asset.Error{Path: m.Path, Err: fmt.Errorf("image %q did not load as a texture", p)}
		}
		img[p] = imageInfo{tex: t.ID, w: t.Width, h: t.Height}
	}
	if err := m.build(img); err != nil {
		return nil, &asset.Error{Path: m.Path, Err: err}
	}
	return m, nil
}

// Reload replaces a loaded map's content with a new decode of its files
// (the asset manager calls it when the map or one of its tileset files
// changes). The *Map stays the same value; TiledMap components made from
// it rebuild their nodes on their next Update. A reload that needs an
// image the map did not use before fails (load the map again): the new
// image is not loaded.
func (Format) Reload(_ *render.Frame, value, decoded any) error {
	old, n := value.(*Map), decoded.(*Map)
	for _, p := range n.images() {
		if _, ok := old.texture[p]; !ok {
			return &asset.Error{Path: old.Path, Err: fmt.Errorf("reload: new image %q (load the map again)", p)}
		}
	}
	if err := n.build(old.texture); err != nil {
		return &asset.Error{Path: old.Path, Err: err}
	}
	reloads := old.Reloads + 1
	*old = *n
	old.Reloads = reloads
	return nil
}

// Free does nothing: the map's textures are its dependencies, released with
// it by the asset manager.
func (Format) Free(*render.Frame, any) {}

// MapOf returns the asset's map, or nil if it is not a loaded map.
func MapOf(x *asset.Asset) *Map {
	m, _ := x.Value().(*Map)
	return m
}

// build makes the draw table from the images (by asset path).
func (m *Map) build(img map[string]imageInfo) error {
	m.texture = img
	m.tiles, m.anims, m.baseGID = nil, nil, 0
	if len(m.Tilesets) == 0 {
		return nil
	}
	first := m.Tilesets[0].FirstGID
	last := m.Tilesets[len(m.Tilesets)-1]
	end := last.FirstGID + uint32(last.TileCount)
	m.baseGID = first
	m.tiles = make([]tileDraw, end-first)
	for _, ts := range m.Tilesets {
		if err := m.buildTileset(ts, img); err != nil {
			return fmt.Errorf("tileset %q: %w", ts.Name, err)
		}
	}
	return nil
}

func (m *Map) buildTileset(ts *Tileset, img map[string]imageInfo) error {
	base := ts.FirstGID - m.baseGID
	ox, oy := float32(ts.Offset[0]), float32(ts.Offset[1])
	if ts.Image != "" {
		im := img[ts.Image]
		if im.w <= 0 || im.h <= 0 {
			return fmt.Errorf("image %q is empty", ts.Image)
		}
		if ts.ImageWidth != 0 && (ts.ImageWidth != im.w || ts.ImageHeight != im.h) {
			// Tiled writes the size it saw; a changed image shifts tiles,
			// which is worth knowing, but the image wins.
			ts.ImageWidth, ts.ImageHeight = im.w, im.h
		}
		cols := ts.Columns
		if cols <= 0 {
			return errors.New("no columns")
		}
		fw, fh := float32(im.w), float32(im.h)
		for id := 0; id < ts.TileCount; id++ {
			x := ts.Margin + (id%cols)*(ts.TileWidth+ts.Spacing)
			y := ts.Margin + (id/cols)*(ts.TileHeight+ts.Spacing)
			if x+ts.TileWidth > im.w || y+ts.TileHeight > im.h {
				return fmt.Errorf("tile %d lies outside the %dx%d image %q (tilecount %d, columns %d)", id, im.w, im.h, ts.Image, ts.TileCount, cols)
			}
			m.tiles[base+uint32(id)] = tileDraw{tex: im.tex,
				u0: float32(x) / fw, v0: float32(y) / fh, u1: float32(x+ts.TileWidth) / fw, v1: float32(y+ts.TileHeight) / fh,
				w: float32(ts.TileWidth), h: float32(ts.TileHeight), ox: ox, oy: oy, ok: true}
		}
	}
	for _, t := range ts.Tiles {
		if t.Image != "" {
			im := img[t.Image]
			if im.w <= 0 || im.h <= 0 {
				return fmt.Errorf("tile %d: image %q is empty", t.ID, t.Image)
			}
			w, h := t.Width, t.Height
			if w == 0 || h == 0 {
				w, h = im.w-t.X, im.h-t.Y
			}
			if t.X+w > im.w || t.Y+h > im.h || w <= 0 || h <= 0 {
				return fmt.Errorf("tile %d: sub-rectangle %d,%d %dx%d outside the %dx%d image %q", t.ID, t.X, t.Y, w, h, im.w, im.h, t.Image)
			}
			fw, fh := float32(im.w), float32(im.h)
			m.tiles[base+t.ID] = tileDraw{tex: im.tex,
				u0: float32(t.X) / fw, v0: float32(t.Y) / fh, u1: float32(t.X+w) / fw, v1: float32(t.Y+h) / fh,
				w: float32(w), h: float32(h), ox: ox, oy: oy, ok: true}
		}
		if len(t.Animation) > 0 {
			a := anim{gid: base + t.ID}
			total := 0.0
			for _, f := range t.Animation {
				a.frames = append(a.frames, animFrame{gid: base + f.TileID, dur: f.Duration})
				total += f.Duration
			}
			if total > 0 {
				m.anims = append(m.anims, a)
			}
		}
	}
	return nil
}

// TilesetOf returns the tileset holding gid (flags ignored) and the tile's
// index in it, or nil.
func (m *Map) TilesetOf(gid uint32) (*Tileset, uint32) {
	g := gid &^ FlagMask
	for _, ts := range m.Tilesets {
		if g >= ts.FirstGID && g < ts.FirstGID+uint32(ts.TileCount) {
			return ts, g - ts.FirstGID
		}
	}
	return nil, 0
}

// TileProperties returns the properties of gid's tile in its tileset (nil
// when it has none), Cocos' getPropertiesForGID.
func (m *Map) TileProperties(gid uint32) Properties {
	ts, id := m.TilesetOf(gid)
	if ts == nil {
		return nil
	}
	if t, ok := ts.Tile(id); ok {
		return t.Properties
	}
	return nil
}

// Layer returns the layer called name, or nil.
func (m *Map) Layer(name string) *Layer {
	for _, l := range m.Layers {
		if l.Name == name {
			return l
		}
	}
	return nil
}

package tilemap

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Tile GID flags: the high bits of a global tile ID in layer data flip and
// rotate the tile (Tiled's encoding). The remaining bits are the GID proper.
const (
	FlipHorizontal uint32 = 0x80000000
	FlipVertical   uint32 = 0x40000000
	FlipDiagonal   uint32 = 0x20000000
	// RotateHex120 rotates a hexagonal tile by 120°; it is read but not
	// drawn (the tile is drawn without that rotation).
	RotateHex120 uint32 = 0x10000000
	// FlagMask covers all four flag bits.
	FlagMask = FlipHorizontal | FlipVertical | FlipDiagonal | RotateHex120
)

// Limits on what a file may declare, checked before anything of that size
// is allocated, so that a hostile header cannot exhaust memory.
const (
	// MaxCells bounds the tile cells of a map: the sum over its tile
	// layers of width×height (64 Mi cells, 256 MiB of GIDs).
	MaxCells = 1 << 26
	// MaxSide bounds a map's or layer's width and height in tiles.
	MaxSide = 1 << 20
	// MaxGID bounds the global tile IDs the tilesets span (the last
	// tileset's first GID plus its tile count).
	MaxGID = 1 << 22
	// MaxTileSize bounds a tile's width and height in pixels.
	MaxTileSize = 1 << 14
	// MaxObjects bounds the objects of a map, and MaxPoints the points of
	// all its polygons and polylines.
	MaxObjects = 1 << 20
	MaxPoints  = 1 << 22
	// ChunkSize is the side, in tiles, of the chunks drawing skips when
	// they are empty.
	ChunkSize = 16
)

// Orientation is a map's projection.
type Orientation uint8

// The orientations Tiled offers.
const (
	Orthogonal Orientation = iota
	Isometric
	Staggered
	Hexagonal
)

// String returns the orientation's name in Tiled's files.
func (o Orientation) String() string {
	switch o {
	case Orthogonal:
		return "orthogonal"
	case Isometric:
		return "isometric"
	case Staggered:
		return "staggered"
	case Hexagonal:
		return "hexagonal"
	}
	return "Orientation(" + strconv.Itoa(int(o)) + ")"
}

// LayerKind says what a Layer holds.
type LayerKind uint8

// The kinds of layers.
const (
	TileLayer LayerKind = iota
	ObjectLayer
	ImageLayer
)

// Property is one custom property, its value as written in the file (a
// bool is "true" or "false", a colour "#AARRGGBB").
type Property struct {
	Name, Type, Value string
}

// Properties are the custom properties of a map, layer, tileset, tile or
// object, in the file's order.
type Properties []Property

// Get returns the value of the property called name and whether there is one.
func (p Properties) Get(name string) (string, bool) {
	for i := range p {
		if p[i].Name == name {
			return p[i].Value, true
		}
	}
	return "", false
}

// Bool returns the property called name as a bool: false when there is
// none or it is not "true" (or another value strconv.ParseBool accepts).
func (p Properties) Bool(name string) bool {
	v, _ := p.Get(name)
	b, _ := strconv.ParseBool(v)
	return b
}

// Float returns the property called name as a number, 0 when there is none
// or it is not a number.
func (p Properties) Float(name string) float64 {
	v, _ := p.Get(name)
	f, _ := strconv.ParseFloat(v, 64)
	return f
}

// Map is a loaded Tiled map: the model both file formats read into. It
// changes only in a hot reload (the asset manager replaces its content in
// place; TiledMap components rebuild themselves on their next Update).
type Map struct {
	// Path is the map's asset path.
	Path        string
	Orientation Orientation
	// RenderOrder is Tiled's renderorder ("right-down" when the file
	// gives none); orthogonal maps draw in it, the others right-down.
	RenderOrder string
	// Width and Height are the map's size in tiles; for an infinite map,
	// the size of the rectangle its chunks cover.
	Width, Height int
	// TileWidth and TileHeight are the grid's cell size in pixels.
	TileWidth, TileHeight int
	// HexSideLength is a hexagonal map's side length in pixels.
	HexSideLength int
	// StaggerX says the staggered axis is x (columns shift); otherwise y.
	StaggerX bool
	// StaggerEven says the even rows (or columns) shift; otherwise odd.
	StaggerEven bool
	// Infinite maps store their layers in chunks; OriginX and OriginY are
	// the tile coordinates of the top-left cell their chunks cover (0 for
	// finite maps). Tile coordinates in TiledLayer's methods count from it.
	Infinite         bool
	OriginX, OriginY int
	// BackgroundColor is the map's background (0: none).
	BackgroundColor render.Color
	// ParallaxOrigin is the point, in Tiled pixels, at which parallax
	// layers are at their set offsets.
	ParallaxOrigin mgl32.Vec2
	Properties     Properties
	Tilesets       []*Tileset
	// Layers are the map's layers in drawing order, groups folded in.
	Layers []*Layer
	// Reloads counts the hot reloads that replaced the content.
	Reloads int

	// Built by Create: the draw table, indexed by GID - baseGID.
	tiles   []tileDraw
	anims   []anim
	baseGID uint32
	texture map[string]imageInfo // loaded images by asset path
}

// Tileset is one tileset of a map.
type Tileset struct {
	Name string
	// FirstGID is the GID of the tileset's tile 0.
	FirstGID uint32
	// Source is the asset path of the external tileset file, "" when it
	// is embedded in the map.
	Source                string
	TileWidth, TileHeight int
	Spacing, Margin       int
	// TileCount is the number of tiles; Columns the columns of the image.
	TileCount, Columns int
	// Offset is the drawing offset of its tiles, in pixels (y down).
	Offset [2]int
	// Image is the asset path of the tileset's image; "" for an image
	// collection, whose tiles each have their own Image.
	Image                   string
	ImageWidth, ImageHeight int
	Properties              Properties
	// Tiles are the tiles with data of their own (properties, an image,
	// an animation), by ID.
	Tiles []Tile
}

// Tile returns the tileset's data for its tile id, and whether it has any.
func (ts *Tileset) Tile(id uint32) (*Tile, bool) {
	for i := range ts.Tiles {
		if ts.Tiles[i].ID == id {
			return &ts.Tiles[i], true
		}
	}
	return nil, false
}

// Tile is one tile's own data in its tileset.
type Tile struct {
	// ID is the tile's index in its tileset.
	ID         uint32
	Class      string
	Properties Properties
	// Image is the tile's image, in an image-collection tileset, and X, Y,
	// Width and Height the part of it that is the tile (Width 0: all).
	Image               string
	X, Y, Width, Height int
	// Animation, when not empty, makes the tile cycle through these frames.
	Animation []Frame
}

// Frame is one frame of a tile animation: a tile of the same tileset and
// how long it shows, in seconds.
type Frame struct {
	TileID   uint32
	Duration float64
}

// Layer is one layer of a map: tiles, objects or an image.
type Layer struct {
	ID          int
	Name, Class string
	Kind        LayerKind
	Visible     bool
	// Opacity (0..1) and Tint multiply the layer's colour.
	Opacity float32
	Tint    render.Color
	// Offset is the layer's drawing offset in pixels, y down (Tiled's).
	Offset mgl32.Vec2
	// Parallax are the layer's parallax factors ({1, 1}: moves with the map).
	Parallax   mgl32.Vec2
	Properties Properties

	// Width and Height are a tile layer's size in tiles, and GIDs its
	// cells, row by row from the top-left (Width×Height, flags included, 0
	// empty). For an infinite map they cover the map's chunk rectangle.
	Width, Height int
	GIDs          []uint32

	// Objects are an object layer's objects, in the file's order.
	Objects []Object

	// Image is an image layer's image (asset path) and its size.
	Image                   string
	ImageWidth, ImageHeight int
}

// ObjectKind is an object's shape.
type ObjectKind uint8

// The kinds of objects.
const (
	RectObject ObjectKind = iota
	EllipseObject
	PointObject
	PolygonObject
	PolylineObject
	TileObject
	TextObject
)

// Object is one object of an object layer, in Tiled's pixels (y down).
type Object struct {
	ID          int
	Name, Class string
	Kind        ObjectKind
	// X, Y is the object's position: its top-left corner, or for tile
	// objects the bottom-left one (as Tiled stores them); on isometric
	// maps in Tiled's projected object space.
	X, Y, Width, Height float32
	// Rotation is clockwise, in degrees.
	Rotation float32
	// GID is a tile object's tile, flags included.
	GID     uint32
	Visible bool
	// Points are a polygon's or polyline's points relative to X, Y.
	Points     []mgl32.Vec2
	Text       string
	Properties Properties
}

// tileDraw is what drawing needs of one GID.
type tileDraw struct {
	tex            render.TextureID
	u0, v0, u1, v1 float32
	w, h           float32 // image size in pixels
	ox, oy         float32 // tileset offset, pixels (y down)
	ok             bool    // the GID names a tile
}

// anim is one animated tile's state.
type anim struct {
	gid    uint32 // the animated tile, minus baseGID
	frames []animFrame
}

type animFrame struct {
	gid uint32 // minus baseGID
	dur float64
}

type imageInfo struct {
	tex  render.TextureID
	w, h int
}

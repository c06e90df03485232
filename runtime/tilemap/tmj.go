package tilemap

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// TMJ (and TSJ) files are read with encoding/json into the types below and
// then into the same model as TMX.

type jsonProp struct {
	Name  string          `json:"name"`
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

type jsonData struct {
	arr []uint32
	str string
	set bool
}

// UnmarshalJSON reads layer data: an array of GIDs or a base64 string.
func (d *jsonData) UnmarshalJSON(b []byte) error {
	d.set = true
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &d.str)
	}
	return json.Unmarshal(b, &d.arr)
}

type jsonChunk struct {
	X, Y          int
	Width, Height int
	Data          jsonData
}

type jsonObject struct {
	ID         int
	Name       string
	Type       string
	Class      string
	X, Y       float32
	Width      float32
	Height     float32
	Rotation   float32
	GID        uint32
	Visible    *bool
	Ellipse    bool
	Point      bool
	Polygon    []struct{ X, Y float32 }
	Polyline   []struct{ X, Y float32 }
	Text       *struct{ Text string }
	Template   string
	Properties []jsonProp
}

type jsonLayer struct {
	ID          int
	Name        string
	Class       string
	Type        string
	Visible     *bool
	Opacity     *float32
	TintColor   string
	OffsetX     float32
	OffsetY     float32
	ParallaxX   *float32
	ParallaxY   *float32
	Width       int
	Height      int
	Encoding    string
	Compression string
	Data        jsonData
	Chunks      []jsonChunk
	Objects     []jsonObject
	Layers      []jsonLayer
	Image       string
	ImageWidth  int
	ImageHeight int
	Properties  []jsonProp
}

type jsonTile struct {
	ID          uint32
	Type        string
	Class       string
	Image       string
	ImageWidth  int
	ImageHeight int
	X, Y        int
	Width       int
	Height      int
	Animation   []struct {
		TileID   uint32
		Duration float64
	}
	Properties []jsonProp
}

type jsonTileset struct {
	FirstGID    uint32
	Source      string
	Name        string
	TileWidth   int
	TileHeight  int
	Spacing     int
	Margin      int
	TileCount   int
	Columns     int
	Image       string
	ImageWidth  int
	ImageHeight int
	TileOffset  *struct{ X, Y int }
	Tiles       []jsonTile
	Properties  []jsonProp
}

type jsonMap struct {
	Orientation     string
	RenderOrder     string
	Width, Height   int
	TileWidth       int
	TileHeight      int
	HexSideLength   int
	StaggerAxis     string
	StaggerIndex    string
	Infinite        bool
	BackgroundColor string
	ParallaxOriginX float32
	ParallaxOriginY float32
	Tilesets        []jsonTileset
	Layers          []jsonLayer
	Properties      []jsonProp
}

func jsonProps(ps []jsonProp) Properties {
	if len(ps) == 0 {
		return nil
	}
	out := make(Properties, len(ps))
	for i, p := range ps {
		v := string(p.Value)
		var s string
		if json.Unmarshal(p.Value, &s) == nil {
			v = s
		}
		out[i] = Property{Name: p.Name, Type: p.Type, Value: v}
	}
	return out
}

// parseTMJ reads a TMJ file into b.m.
func (b *builder) parseTMJ(data []byte) error {
	var j jsonMap
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("json: %w", err)
	}
	m := b.m
	o, err := parseOrientation(j.Orientation)
	if err != nil {
		return fmt.Errorf("map: %w", err)
	}
	m.Orientation, m.RenderOrder = o, j.RenderOrder
	m.Width, m.Height, m.TileWidth, m.TileHeight, m.HexSideLength = j.Width, j.Height, j.TileWidth, j.TileHeight, j.HexSideLength
	m.StaggerX, m.StaggerEven, m.Infinite = j.StaggerAxis == "x", j.StaggerIndex == "even", j.Infinite
	m.ParallaxOrigin = mgl32.Vec2{j.ParallaxOriginX, j.ParallaxOriginY}
	m.Properties = jsonProps(j.Properties)
	if m.BackgroundColor, err = parseColor(j.BackgroundColor, 0); err != nil {
		return fmt.Errorf("map: backgroundcolor: %w", err)
	}
	if err := b.checkMap(); err != nil {
		return err
	}
	refs := make([]rawTileset, len(j.Tilesets))
	for i := range j.Tilesets {
		t := &j.Tilesets[i]
		refs[i] = rawTileset{firstGID: t.FirstGID, source: t.Source}
		if t.Source == "" {
			if refs[i].ts, err = convJSONTileset(b.path, t); err != nil {
				return fmt.Errorf("tileset %d (%q): %w", i, t.Name, err)
			}
		}
	}
	roots, err := b.jsonLayers(j.Layers, 0)
	if err != nil {
		return err
	}
	if err := b.tilesets(refs); err != nil {
		return err
	}
	return b.layers(roots)
}

func (b *builder) jsonLayers(ls []jsonLayer, depth int) ([]*rawLayer, error) {
	if depth > 64 {
		return nil, errors.New("groups nested deeper than 64")
	}
	out := make([]*rawLayer, 0, len(ls))
	for i := range ls {
		j := &ls[i]
		r, err := b.jsonLayer(j, depth)
		if err != nil {
			return nil, fmt.Errorf("layer %q: %w", j.Name, err)
		}
		out = append(out, r)
	}
	return out, nil
}

func (b *builder) jsonLayer(j *jsonLayer, depth int) (*rawLayer, error) {
	f32 := func(p *float32, d float32) float32 {
		if p == nil {
			return d
		}
		return *p
	}
	tint, err := parseColor(j.TintColor, render.White)
	if err != nil {
		return nil, fmt.Errorf("tintcolor: %w", err)
	}
	l := &Layer{ID: j.ID, Name: j.Name, Class: j.Class, Visible: j.Visible == nil || *j.Visible,
		Opacity: f32(j.Opacity, 1), Tint: tint, Offset: mgl32.Vec2{j.OffsetX, j.OffsetY},
		Parallax: mgl32.Vec2{f32(j.ParallaxX, 1), f32(j.ParallaxY, 1)}, Properties: jsonProps(j.Properties)}
	r := &rawLayer{l: l}
	switch j.Type {
	case "tilelayer":
		l.Kind = TileLayer
		r.enc, r.comp = j.Encoding, j.Compression
		if r.enc == "csv" {
			r.enc = "" // TMJ's "csv" is the plain array
		}
		if b.m.Infinite {
			for _, c := range j.Chunks {
				rc := rawChunk{x: c.X, y: c.Y, w: c.Width, h: c.Height, arr: c.Data.arr, raw: []byte(c.Data.str)}
				if r.enc != "" {
					rc.arr = nil
				} else if rc.arr == nil {
					rc.arr = []uint32{}
				}
				r.chunks = append(r.chunks, rc)
			}
		} else {
			r.hasData = j.Data.set
			if r.enc == "" {
				r.arr = j.Data.arr
			} else {
				r.raw = []byte(j.Data.str)
			}
		}
	case "objectgroup":
		l.Kind = ObjectLayer
		b.objs += len(j.Objects)
		if b.objs > MaxObjects {
			return nil, fmt.Errorf("more than %d objects", MaxObjects)
		}
		l.Objects = make([]Object, len(j.Objects))
		for i := range j.Objects {
			if err := b.jsonObject(&j.Objects[i], &l.Objects[i]); err != nil {
				return nil, err
			}
		}
	case "imagelayer":
		l.Kind = ImageLayer
		if j.Image != "" {
			if l.Image, err = resolve(b.path, j.Image); err != nil {
				return nil, fmt.Errorf("image: %w", err)
			}
			l.ImageWidth, l.ImageHeight = j.ImageWidth, j.ImageHeight
		}
	case "group":
		r.group = true
		if r.children, err = b.jsonLayers(j.Layers, depth+1); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown layer type %q", j.Type)
	}
	return r, nil
}

func (b *builder) jsonObject(j *jsonObject, o *Object) error {
	class := j.Class
	if class == "" {
		class = j.Type
	}
	*o = Object{ID: j.ID, Name: j.Name, Class: class, X: j.X, Y: j.Y, Width: j.Width, Height: j.Height,
		Rotation: j.Rotation, GID: j.GID, Visible: j.Visible == nil || *j.Visible, Properties: jsonProps(j.Properties)}
	if j.Template != "" {
		return fmt.Errorf("object %d (%q): object templates (%q) are not supported", j.ID, j.Name, j.Template)
	}
	pts := func(ps []struct{ X, Y float32 }) ([]mgl32.Vec2, error) {
		b.pts += len(ps)
		if b.pts > MaxPoints {
			return nil, fmt.Errorf("object %d (%q): more than %d points", j.ID, j.Name, MaxPoints)
		}
		out := make([]mgl32.Vec2, len(ps))
		for i, p := range ps {
			out[i] = mgl32.Vec2{p.X, p.Y}
		}
		return out, nil
	}
	var err error
	switch {
	case j.GID != 0:
		o.Kind = TileObject
	case j.Ellipse:
		o.Kind = EllipseObject
	case j.Point:
		o.Kind = PointObject
	case j.Polygon != nil:
		o.Kind = PolygonObject
		o.Points, err = pts(j.Polygon)
	case j.Polyline != nil:
		o.Kind = PolylineObject
		o.Points, err = pts(j.Polyline)
	case j.Text != nil:
		o.Kind, o.Text = TextObject, j.Text.Text
	}
	return err
}

// parseTSJ reads an external JSON tileset at asset path p.
func parseTSJ(p string, data []byte) (*Tileset, error) {
	var t jsonTileset
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("json: %w", err)
	}
	if t.Source != "" {
		return nil, fmt.Errorf("the tileset file names another tileset file %q (not allowed: it could loop)", t.Source)
	}
	return convJSONTileset(p, &t)
}

func convJSONTileset(from string, t *jsonTileset) (*Tileset, error) {
	ts := &Tileset{Name: t.Name, TileWidth: t.TileWidth, TileHeight: t.TileHeight, Spacing: t.Spacing,
		Margin: t.Margin, TileCount: t.TileCount, Columns: t.Columns, Properties: jsonProps(t.Properties),
		ImageWidth: t.ImageWidth, ImageHeight: t.ImageHeight}
	if t.TileOffset != nil {
		ts.Offset = [2]int{t.TileOffset.X, t.TileOffset.Y}
	}
	var err error
	if t.Image != "" {
		if ts.Image, err = resolve(from, t.Image); err != nil {
			return nil, fmt.Errorf("image: %w", err)
		}
	}
	for _, jt := range t.Tiles {
		tile := Tile{ID: jt.ID, Class: jt.Class, Properties: jsonProps(jt.Properties),
			X: jt.X, Y: jt.Y, Width: jt.Width, Height: jt.Height}
		if tile.Class == "" {
			tile.Class = jt.Type
		}
		if jt.Image != "" {
			if tile.Image, err = resolve(from, jt.Image); err != nil {
				return nil, fmt.Errorf("tile %d: image: %w", jt.ID, err)
			}
			if tile.Width == 0 {
				tile.Width, tile.Height = jt.ImageWidth, jt.ImageHeight
			}
		}
		for _, f := range jt.Animation {
			tile.Animation = append(tile.Animation, Frame{TileID: f.TileID, Duration: f.Duration / 1000})
		}
		ts.Tiles = append(ts.Tiles, tile)
	}
	return ts, nil
}

package tilemap

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	tiled "github.com/lafriks/go-tiled"
	"github.com/tact-engine/tact/render"
)

// TMX is read with encoding/xml into the types below, which keep the order
// of layers of different kinds (go-tiled's Map keeps one list per kind, so
// it loses the drawing order between tile and object layers), tint colours,
// point objects and infinite maps' chunks, which it does not read, and
// which bound every size before allocating. Tilesets, embedded and
// external (.tsx), and properties are go-tiled's types.

type xmlData struct {
	Encoding    string     `xml:"encoding,attr"`
	Compression string     `xml:"compression,attr"`
	Text        []byte     `xml:",chardata"`
	Tiles       []xmlTile  `xml:"tile"`
	Chunks      []xmlChunk `xml:"chunk"`
}

type xmlTile struct {
	GID uint32 `xml:"gid,attr"`
}

type xmlChunk struct {
	X      int       `xml:"x,attr"`
	Y      int       `xml:"y,attr"`
	Width  int       `xml:"width,attr"`
	Height int       `xml:"height,attr"`
	Text   []byte    `xml:",chardata"`
	Tiles  []xmlTile `xml:"tile"`
}

// xmlLayerAttrs are the attributes every kind of layer has.
type xmlLayerAttrs struct {
	ID         int              `xml:"id,attr"`
	Name       string           `xml:"name,attr"`
	Class      string           `xml:"class,attr"`
	Opacity    float32          `xml:"opacity,attr"`
	Visible    int              `xml:"visible,attr"`
	Tint       string           `xml:"tintcolor,attr"`
	OffsetX    float32          `xml:"offsetx,attr"`
	OffsetY    float32          `xml:"offsety,attr"`
	ParallaxX  float32          `xml:"parallaxx,attr"`
	ParallaxY  float32          `xml:"parallaxy,attr"`
	Properties tiled.Properties `xml:"properties>property"`
}

func defaultAttrs() xmlLayerAttrs {
	return xmlLayerAttrs{Opacity: 1, Visible: 1, ParallaxX: 1, ParallaxY: 1}
}

type xmlLayer struct {
	xmlLayerAttrs
	Width  int      `xml:"width,attr"`
	Height int      `xml:"height,attr"`
	Data   *xmlData `xml:"data"`
}

type xmlObjectGroup struct {
	xmlLayerAttrs
	Objects []xmlObject `xml:"object"`
}

type xmlImageLayer struct {
	xmlLayerAttrs
	Image *tiled.Image `xml:"image"`
}

type xmlObject struct {
	ID         int              `xml:"id,attr"`
	Name       string           `xml:"name,attr"`
	Type       string           `xml:"type,attr"`
	Class      string           `xml:"class,attr"`
	X          float32          `xml:"x,attr"`
	Y          float32          `xml:"y,attr"`
	Width      float32          `xml:"width,attr"`
	Height     float32          `xml:"height,attr"`
	Rotation   float32          `xml:"rotation,attr"`
	GID        uint32           `xml:"gid,attr"`
	Visible    *int             `xml:"visible,attr"` // nil: visible (Tiled omits the default)
	Template   string           `xml:"template,attr"`
	Properties tiled.Properties `xml:"properties>property"`
	Ellipse    *struct{}        `xml:"ellipse"`
	Point      *struct{}        `xml:"point"`
	Polygon    *xmlPoints       `xml:"polygon"`
	Polyline   *xmlPoints       `xml:"polyline"`
	Text       *struct {
		Text string `xml:",chardata"`
	} `xml:"text"`
}

type xmlPoints struct {
	Points string `xml:"points,attr"`
}

func attr(start xml.StartElement, name string) string {
	for _, a := range start.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func atoi(start xml.StartElement, name string, def int) (int, error) {
	s := attr(start, name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("<%s %s=%q>: not an integer", start.Name.Local, name, s)
	}
	return v, nil
}

func atof(start xml.StartElement, name string, def float32) (float32, error) {
	s := attr(start, name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.ParseFloat(s, 32)
	if err != nil {
		return 0, fmt.Errorf("<%s %s=%q>: not a number", start.Name.Local, name, s)
	}
	return float32(v), nil
}

// parseTMX reads a TMX file into b.m.
func (b *builder) parseTMX(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	var start xml.StartElement
	for {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return errors.New("no <map> element")
			}
			return fmt.Errorf("xml: %w", err)
		}
		if s, ok := tok.(xml.StartElement); ok {
			if s.Name.Local != "map" {
				return fmt.Errorf("root element <%s>, want <map>", s.Name.Local)
			}
			start = s
			break
		}
	}
	m := b.m
	o, err := parseOrientation(attr(start, "orientation"))
	if err != nil {
		return fmt.Errorf("map: %w", err)
	}
	m.Orientation = o
	m.RenderOrder = attr(start, "renderorder")
	for _, f := range []struct {
		name string
		v    *int
	}{{"width", &m.Width}, {"height", &m.Height}, {"tilewidth", &m.TileWidth}, {"tileheight", &m.TileHeight}, {"hexsidelength", &m.HexSideLength}} {
		if *f.v, err = atoi(start, f.name, 0); err != nil {
			return err
		}
	}
	inf, err := atoi(start, "infinite", 0)
	if err != nil {
		return err
	}
	m.Infinite = inf != 0
	m.StaggerX = attr(start, "staggeraxis") == "x"
	m.StaggerEven = attr(start, "staggerindex") == "even"
	if m.BackgroundColor, err = parseColor(attr(start, "backgroundcolor"), 0); err != nil {
		return fmt.Errorf("map: backgroundcolor: %w", err)
	}
	if m.ParallaxOrigin[0], err = atof(start, "parallaxoriginx", 0); err != nil {
		return err
	}
	if m.ParallaxOrigin[1], err = atof(start, "parallaxoriginy", 0); err != nil {
		return err
	}
	if err := b.checkMap(); err != nil {
		return err
	}
	var refs []rawTileset
	var roots []*rawLayer
	if err := b.xmlChildren(d, &roots, &refs, &m.Properties, true); err != nil {
		return err
	}
	if err := b.tilesets(refs); err != nil {
		return err
	}
	return b.layers(roots)
}

// xmlChildren reads the children of a <map> or <group> up to its end.
func (b *builder) xmlChildren(d *xml.Decoder, out *[]*rawLayer, refs *[]rawTileset, props *Properties, isMap bool) error {
	for {
		tok, err := d.Token()
		if err != nil {
			return fmt.Errorf("xml: %w", err)
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			switch t.Name.Local {
			case "properties":
				var p struct {
					P tiled.Properties `xml:"property"`
				}
				if err := d.DecodeElement(&p, &t); err != nil {
					return fmt.Errorf("properties: %w", err)
				}
				*props = convProps(p.P)
			case "tileset":
				if !isMap {
					return errors.New("<tileset> inside a <group>")
				}
				ts := &tiled.Tileset{}
				if err := d.DecodeElement(ts, &t); err != nil {
					return fmt.Errorf("tileset %d: %w", len(*refs), err)
				}
				r := rawTileset{firstGID: ts.FirstGID, source: ts.Source}
				if ts.Source == "" {
					if r.ts, err = convTileset(b.path, ts); err != nil {
						return fmt.Errorf("tileset %d (%q): %w", len(*refs), ts.Name, err)
					}
				}
				*refs = append(*refs, r)
			case "layer":
				x := xmlLayer{xmlLayerAttrs: defaultAttrs()}
				if err := d.DecodeElement(&x, &t); err != nil {
					return fmt.Errorf("layer %d: %w", len(*out), err)
				}
				r, err := b.xmlTileLayer(&x)
				if err != nil {
					return fmt.Errorf("layer %q: %w", x.Name, err)
				}
				*out = append(*out, r)
			case "objectgroup":
				x := xmlObjectGroup{xmlLayerAttrs: defaultAttrs()}
				if err := d.DecodeElement(&x, &t); err != nil {
					return fmt.Errorf("objectgroup %d: %w", len(*out), err)
				}
				l, err := b.xmlObjects(&x)
				if err != nil {
					return fmt.Errorf("objectgroup %q: %w", x.Name, err)
				}
				*out = append(*out, &rawLayer{l: l})
			case "imagelayer":
				x := xmlImageLayer{xmlLayerAttrs: defaultAttrs()}
				if err := d.DecodeElement(&x, &t); err != nil {
					return fmt.Errorf("imagelayer %d: %w", len(*out), err)
				}
				l, err := layerOf(&x.xmlLayerAttrs, ImageLayer)
				if err != nil {
					return fmt.Errorf("imagelayer %q: %w", x.Name, err)
				}
				if x.Image != nil && x.Image.Source != "" {
					if l.Image, err = resolve(b.path, x.Image.Source); err != nil {
						return fmt.Errorf("imagelayer %q: image: %w", x.Name, err)
					}
					l.ImageWidth, l.ImageHeight = x.Image.Width, x.Image.Height
				}
				*out = append(*out, &rawLayer{l: l})
			case "group":
				a := defaultAttrs()
				var err error
				a.Name, a.Class, a.Tint = attr(t, "name"), attr(t, "class"), attr(t, "tintcolor")
				if a.ID, err = atoi(t, "id", 0); err == nil {
					a.Visible, err = atoi(t, "visible", 1)
				}
				for _, f := range []struct {
					n string
					v *float32
					d float32
				}{{"opacity", &a.Opacity, 1}, {"offsetx", &a.OffsetX, 0}, {"offsety", &a.OffsetY, 0}, {"parallaxx", &a.ParallaxX, 1}, {"parallaxy", &a.ParallaxY, 1}} {
					if err == nil {
						*f.v, err = atof(t, f.n, f.d)
					}
				}
				if err != nil {
					return fmt.Errorf("group %q: %w", a.Name, err)
				}
				l, err := layerOf(&a, TileLayer)
				if err != nil {
					return fmt.Errorf("group %q: %w", a.Name, err)
				}
				g := &rawLayer{l: l, group: true}
				if err := b.xmlChildren(d, &g.children, refs, &l.Properties, false); err != nil {
					return fmt.Errorf("group %q: %w", a.Name, err)
				}
				*out = append(*out, g)
			default:
				if err := d.Skip(); err != nil {
					return fmt.Errorf("xml: %w", err)
				}
			}
		}
	}
}

// layerOf makes the Layer of a layer element's common attributes.
func layerOf(a *xmlLayerAttrs, kind LayerKind) (*Layer, error) {
	tint, err := parseColor(a.Tint, render.White)
	if err != nil {
		return nil, fmt.Errorf("tintcolor: %w", err)
	}
	return &Layer{ID: a.ID, Name: a.Name, Class: a.Class, Kind: kind, Visible: a.Visible != 0,
		Opacity: a.Opacity, Tint: tint, Offset: mgl32.Vec2{a.OffsetX, a.OffsetY},
		Parallax: mgl32.Vec2{a.ParallaxX, a.ParallaxY}, Properties: convProps(a.Properties)}, nil
}

func (b *builder) xmlTileLayer(x *xmlLayer) (*rawLayer, error) {
	l, err := layerOf(&x.xmlLayerAttrs, TileLayer)
	if err != nil {
		return nil, err
	}
	r := &rawLayer{l: l}
	if x.Data == nil {
		return r, nil
	}
	r.hasData = true
	r.enc, r.comp = x.Data.Encoding, x.Data.Compression
	gids := func(ts []xmlTile) []uint32 {
		out := make([]uint32, len(ts))
		for i, t := range ts {
			out[i] = t.GID
		}
		return out
	}
	if b.m.Infinite {
		for _, c := range x.Data.Chunks {
			rc := rawChunk{x: c.X, y: c.Y, w: c.Width, h: c.Height, raw: c.Text}
			if r.enc == "" {
				rc.arr = gids(c.Tiles)
			}
			r.chunks = append(r.chunks, rc)
		}
		return r, nil
	}
	if r.enc == "" {
		r.arr = gids(x.Data.Tiles)
	} else {
		r.raw = x.Data.Text
	}
	return r, nil
}

func (b *builder) xmlObjects(x *xmlObjectGroup) (*Layer, error) {
	l, err := layerOf(&x.xmlLayerAttrs, ObjectLayer)
	if err != nil {
		return nil, err
	}
	b.objs += len(x.Objects)
	if b.objs > MaxObjects {
		return nil, fmt.Errorf("more than %d objects", MaxObjects)
	}
	l.Objects = make([]Object, len(x.Objects))
	for i, xo := range x.Objects {
		o := &l.Objects[i]
		class := xo.Class
		if class == "" {
			class = xo.Type
		}
		*o = Object{ID: xo.ID, Name: xo.Name, Class: class, X: xo.X, Y: xo.Y, Width: xo.Width, Height: xo.Height,
			Rotation: xo.Rotation, GID: xo.GID, Visible: xo.Visible == nil || *xo.Visible != 0, Properties: convProps(xo.Properties)}
		if xo.Template != "" {
			return nil, fmt.Errorf("object %d (%q): object templates (%q) are not supported", xo.ID, xo.Name, xo.Template)
		}
		switch {
		case xo.GID != 0:
			o.Kind = TileObject
		case xo.Ellipse != nil:
			o.Kind = EllipseObject
		case xo.Point != nil:
			o.Kind = PointObject
		case xo.Polygon != nil:
			o.Kind = PolygonObject
			o.Points, err = b.points(xo.Polygon.Points)
		case xo.Polyline != nil:
			o.Kind = PolylineObject
			o.Points, err = b.points(xo.Polyline.Points)
		case xo.Text != nil:
			o.Kind, o.Text = TextObject, xo.Text.Text
		}
		if err != nil {
			return nil, fmt.Errorf("object %d (%q): %w", xo.ID, xo.Name, err)
		}
	}
	return l, nil
}

// points parses "x,y x,y ...".
func (b *builder) points(s string) ([]mgl32.Vec2, error) {
	f := strings.Fields(s)
	b.pts += len(f)
	if b.pts > MaxPoints {
		return nil, fmt.Errorf("more than %d points", MaxPoints)
	}
	out := make([]mgl32.Vec2, len(f))
	for i, p := range f {
		xs, ys, ok := strings.Cut(p, ",")
		x, err1 := strconv.ParseFloat(xs, 32)
		y, err2 := strconv.ParseFloat(ys, 32)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad point %q", p)
		}
		out[i] = mgl32.Vec2{float32(x), float32(y)}
	}
	return out, nil
}

func convProps(p tiled.Properties) Properties {
	if len(p) == 0 {
		return nil
	}
	out := make(Properties, 0, len(p))
	for _, q := range p {
		if q != nil {
			typ := q.Type
			if typ == "" {
				typ = "string" // TMX leaves the default out; TMJ writes it
			}
			out = append(out, Property{Name: q.Name, Type: typ, Value: q.Value})
		}
	}
	return out
}

// parseTSX reads an external XML tileset at asset path p with go-tiled.
func parseTSX(p string, data []byte) (*Tileset, error) {
	ts, err := tiled.LoadTilesetReader("", bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("xml: %w", err)
	}
	if ts.Source != "" {
		return nil, fmt.Errorf("the tileset file names another tileset file %q (not allowed: it could loop)", ts.Source)
	}
	return convTileset(p, ts)
}

// convTileset converts go-tiled's tileset (from the file at asset path
// from, which its image paths are relative to).
func convTileset(from string, t *tiled.Tileset) (*Tileset, error) {
	ts := &Tileset{Name: t.Name, TileWidth: t.TileWidth, TileHeight: t.TileHeight, Spacing: t.Spacing,
		Margin: t.Margin, TileCount: t.TileCount, Columns: t.Columns, Properties: convProps(t.Properties)}
	if t.TileOffset != nil {
		ts.Offset = [2]int{t.TileOffset.X, t.TileOffset.Y}
	}
	var err error
	if t.Image != nil && t.Image.Source != "" {
		if ts.Image, err = resolve(from, t.Image.Source); err != nil {
			return nil, fmt.Errorf("image: %w", err)
		}
		ts.ImageWidth, ts.ImageHeight = t.Image.Width, t.Image.Height
	}
	for _, tt := range t.Tiles {
		if tt == nil {
			continue
		}
		tile := Tile{ID: tt.ID, Class: tt.Class, Properties: convProps(tt.Properties),
			X: tt.X, Y: tt.Y, Width: tt.Width, Height: tt.Height}
		if tile.Class == "" {
			tile.Class = tt.Type
		}
		if tt.Image != nil && tt.Image.Source != "" {
			if tile.Image, err = resolve(from, tt.Image.Source); err != nil {
				return nil, fmt.Errorf("tile %d: image: %w", tt.ID, err)
			}
		}
		for _, f := range tt.Animation {
			if f != nil {
				tile.Animation = append(tile.Animation, Frame{TileID: f.TileID, Duration: float64(f.Duration) / 1000})
			}
		}
		ts.Tiles = append(ts.Tiles, tile)
	}
	return ts, nil
}

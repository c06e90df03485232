package tilemap

import (
	"errors"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
)

// ReadFunc reads a file by asset path (asset.Source.ReadFile: under the
// asset root, and watched for hot reload with the map).
type ReadFunc func(p string) ([]byte, error)

// rawLayer is a layer as a file states it, before groups are folded in and
// data decoded (an infinite map's size is known only once every chunk is).
type rawLayer struct {
	l        *Layer
	group    bool
	children []*rawLayer
	enc      string // "csv", "base64"; "" with arr
	comp     string
	raw      []byte
	arr      []uint32
	hasData  bool
	chunks   []rawChunk
}

type rawChunk struct {
	x, y, w, h int
	raw        []byte
	arr        []uint32
}

// rawTileset is a tileset reference: embedded (ts set) or external.
type rawTileset struct {
	firstGID uint32
	source   string // as written, relative to the map's folder
	ts       *Tileset
}

// builder turns the parsed file into a Map.
type builder struct {
	path  string // the map's asset path
	read  ReadFunc
	m     *Map
	cells int
	objs  int
	pts   int
}

// resolve returns rel (relative to the folder of the file at from) as an
// asset path, refusing one that leaves the asset root.
func resolve(from, rel string) (string, error) {
	if rel == "" {
		return "", errors.New("empty path")
	}
	if strings.HasPrefix(rel, "/") || strings.Contains(rel, `\`) || strings.Contains(rel, ":") {
		return "", fmt.Errorf("%q: %w", rel, asset.ErrOutsideRoot)
	}
	p, err := asset.CleanPath(path.Join(path.Dir(from), rel))
	if err != nil {
		return "", fmt.Errorf("%q: %w", rel, asset.ErrOutsideRoot)
	}
	return p, nil
}

func parseOrientation(s string) (Orientation, error) {
	switch s {
	case "orthogonal", "":
		return Orthogonal, nil
	case "isometric":
		return Isometric, nil
	case "staggered":
		return Staggered, nil
	case "hexagonal":
		return Hexagonal, nil
	}
	return 0, fmt.Errorf("unknown orientation %q", s)
}

// parseColor reads Tiled's "#RRGGBB" or "#AARRGGBB" ("" is def).
func parseColor(s string, def render.Color) (render.Color, error) {
	if s == "" {
		return def, nil
	}
	h := strings.TrimPrefix(s, "#")
	var v [4]uint8
	hex := func(i int) (uint8, bool) {
		var x uint8
		for _, c := range h[i : i+2] {
			x <<= 4
			switch {
			case c >= '0' && c <= '9':
				x |= uint8(c - '0')
			case c >= 'a' && c <= 'f':
				x |= uint8(c - 'a' + 10)
			case c >= 'A' && c <= 'F':
				x |= uint8(c - 'A' + 10)
			default:
				return 0, false
			}
		}
		return x, true
	}
	ok := true
	switch len(h) {
	case 6:
		v[3] = 255
		for i := range 3 {
			var o bool
			v[i], o = hex(2 * i)
			ok = ok && o
		}
	case 8:
		var o bool
		v[3], o = hex(0)
		ok = ok && o
		for i := range 3 {
			v[i], o = hex(2 + 2*i)
			ok = ok && o
		}
	default:
		ok = false
	}
	if !ok {
		return 0, fmt.Errorf("bad colour %q (want #RRGGBB or #AARRGGBB)", s)
	}
	return render.RGBA(v[0], v[1], v[2], v[3]), nil
}

func mulColor(a, b render.Color) render.Color {
	m := func(x, y uint8) uint8 { return uint8((uint16(x)*uint16(y) + 127) / 255) }
	return render.RGBA(m(a.R(), b.R()), m(a.G(), b.G()), m(a.B(), b.B()), m(a.A(), b.A()))
}

func finite32(v ...float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}

// checkMap checks the map's header.
func (b *builder) checkMap() error {
	m := b.m
	if m.TileWidth <= 0 || m.TileHeight <= 0 || m.TileWidth > MaxTileSize || m.TileHeight > MaxTileSize {
		return fmt.Errorf("map: tile size %dx%d (want 1..%d)", m.TileWidth, m.TileHeight, MaxTileSize)
	}
	if m.HexSideLength < 0 || m.HexSideLength > MaxTileSize {
		return fmt.Errorf("map: hexsidelength %d", m.HexSideLength)
	}
	if m.Orientation != Hexagonal {
		m.HexSideLength = 0
	}
	if !m.Infinite {
		c := 0
		if err := checkSize("map", m.Width, m.Height, &c); err != nil {
			return err
		}
	}
	if m.RenderOrder == "" {
		m.RenderOrder = "right-down"
	}
	switch m.RenderOrder {
	case "right-down", "right-up", "left-down", "left-up":
	default:
		return fmt.Errorf("map: unknown renderorder %q", m.RenderOrder)
	}
	if !finite32(m.ParallaxOrigin[0], m.ParallaxOrigin[1]) {
		return errors.New("map: parallax origin is not finite")
	}
	return nil
}

// tilesets resolves the map's tileset references (reading external files)
// and checks their GID ranges.
func (b *builder) tilesets(refs []rawTileset) error {
	m := b.m
	for i, r := range refs {
		ts := r.ts
		if r.source != "" {
			p, err := resolve(b.path, r.source)
			if err != nil {
				return fmt.Errorf("tileset %d: source: %w", i, err)
			}
			if p == b.path {
				return fmt.Errorf("tileset %d: source %q is the map itself", i, r.source)
			}
			data, err := b.read(p)
			if err != nil {
				return fmt.Errorf("tileset %d: missing tileset %q: %w", i, r.source, err)
			}
			switch strings.ToLower(path.Ext(p)) {
			case ".tsj", ".json":
				ts, err = parseTSJ(p, data)
			default:
				ts, err = parseTSX(p, data)
			}
			if err != nil {
				return fmt.Errorf("tileset %d (%s): %w", i, p, err)
			}
			ts.Source = p
		}
		if ts == nil {
			return fmt.Errorf("tileset %d: neither embedded nor a source", i)
		}
		ts.FirstGID = r.firstGID
		if err := checkTileset(ts); err != nil {
			return fmt.Errorf("tileset %d (%q): %w", i, ts.Name, err)
		}
		if ts.FirstGID == 0 {
			return fmt.Errorf("tileset %d (%q): firstgid 0 (GIDs start at 1)", i, ts.Name)
		}
		if uint64(ts.FirstGID)+uint64(ts.TileCount) > MaxGID {
			return fmt.Errorf("tileset %d (%q): GIDs %d..%d exceed the limit of %d", i, ts.Name,
				ts.FirstGID, uint64(ts.FirstGID)+uint64(ts.TileCount)-1, MaxGID)
		}
		if n := len(m.Tilesets); n > 0 {
			prev := m.Tilesets[n-1]
			if ts.FirstGID < prev.FirstGID+uint32(prev.TileCount) {
				return fmt.Errorf("tileset %d (%q): firstgid %d overlaps tileset %q (GIDs %d..%d)", i, ts.Name,
					ts.FirstGID, prev.Name, prev.FirstGID, prev.FirstGID+uint32(prev.TileCount)-1)
			}
		}
		m.Tilesets = append(m.Tilesets, ts)
	}
	return nil
}

// checkTileset checks a tileset's numbers and fills its tile count.
func checkTileset(ts *Tileset) error {
	if ts.TileWidth <= 0 || ts.TileHeight <= 0 || ts.TileWidth > MaxTileSize || ts.TileHeight > MaxTileSize {
		return fmt.Errorf("tile size %dx%d (want 1..%d)", ts.TileWidth, ts.TileHeight, MaxTileSize)
	}
	if ts.Spacing < 0 || ts.Margin < 0 || ts.Spacing > MaxTileSize || ts.Margin > MaxTileSize {
		return fmt.Errorf("spacing %d, margin %d", ts.Spacing, ts.Margin)
	}
	if ts.TileCount < 0 || ts.TileCount > MaxGID || ts.Columns < 0 || ts.Columns > MaxGID {
		return fmt.Errorf("tilecount %d, columns %d", ts.TileCount, ts.Columns)
	}
	if ts.ImageWidth < 0 || ts.ImageHeight < 0 {
		return fmt.Errorf("image size %dx%d", ts.ImageWidth, ts.ImageHeight)
	}
	if ts.Image == "" {
		// An image collection: its IDs may have gaps (deleted tiles).
		for _, t := range ts.Tiles {
			if t.ID >= MaxGID {
				return fmt.Errorf("tile %d: id over the limit of %d", t.ID, MaxGID)
			}
			if t.Image == "" {
				return fmt.Errorf("tile %d: an image-collection tile without an image", t.ID)
			}
			ts.TileCount = max(ts.TileCount, int(t.ID)+1)
		}
	} else if ts.TileCount == 0 {
		if ts.ImageWidth == 0 || ts.ImageHeight == 0 {
			return errors.New("no tilecount and no image size to count the tiles from")
		}
		cols := (ts.ImageWidth - 2*ts.Margin + ts.Spacing) / (ts.TileWidth + ts.Spacing)
		rows := (ts.ImageHeight - 2*ts.Margin + ts.Spacing) / (ts.TileHeight + ts.Spacing)
		ts.TileCount = max(0, cols) * max(0, rows)
		if ts.Columns == 0 {
			ts.Columns = max(0, cols)
		}
	}
	if ts.Image != "" && ts.Columns == 0 {
		if ts.ImageWidth == 0 {
			return errors.New("no columns and no image width to count them from")
		}
		ts.Columns = max(1, (ts.ImageWidth-2*ts.Margin+ts.Spacing)/(ts.TileWidth+ts.Spacing))
	}
	slices.SortStableFunc(ts.Tiles, func(a, b Tile) int { return int(int64(a.ID) - int64(b.ID)) })
	for i := range ts.Tiles {
		t := &ts.Tiles[i]
		if i > 0 && ts.Tiles[i-1].ID == t.ID {
			return fmt.Errorf("tile %d: defined twice", t.ID)
		}
		if int(t.ID) >= ts.TileCount {
			return fmt.Errorf("tile %d: id past the tile count %d", t.ID, ts.TileCount)
		}
		if t.X < 0 || t.Y < 0 || t.Width < 0 || t.Height < 0 {
			return fmt.Errorf("tile %d: negative sub-rectangle", t.ID)
		}
		for j, f := range t.Animation {
			if int(f.TileID) >= ts.TileCount {
				return fmt.Errorf("tile %d: animation frame %d: tile %d past the tile count %d", t.ID, j, f.TileID, ts.TileCount)
			}
			if !(f.Duration >= 0) || f.Duration > 1e6 {
				return fmt.Errorf("tile %d: animation frame %d: duration %v", t.ID, j, f.Duration)
			}
		}
	}
	return nil
}

// checkGID reports whether gid (flags included) is empty or names a tile.
func (b *builder) checkGID(gid uint32) bool {
	g := gid &^ FlagMask
	if g == 0 {
		return true
	}
	for _, ts := range b.m.Tilesets {
		if g >= ts.FirstGID && g < ts.FirstGID+uint32(ts.TileCount) {
			return true
		}
	}
	return false
}

// layers folds groups into their children, decodes the tile data and
// checks every GID.
func (b *builder) layers(roots []*rawLayer) error {
	m := b.m
	if m.Infinite {
		// The map's rectangle is the union of every chunk.
		x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
		var walk func(ls []*rawLayer) error
		walk = func(ls []*rawLayer) error {
			for _, r := range ls {
				if r.group {
					if err := walk(r.children); err != nil {
						return err
					}
					continue
				}
				for j, c := range r.chunks {
					if c.w <= 0 || c.h <= 0 || c.w > MaxSide || c.h > MaxSide ||
						c.x < -MaxSide || c.x > MaxSide || c.y < -MaxSide || c.y > MaxSide {
						return fmt.Errorf("layer %q: chunk %d: bad rectangle %d,%d %dx%d", r.l.Name, j, c.x, c.y, c.w, c.h)
					}
					x0, y0 = min(x0, c.x), min(y0, c.y)
					x1, y1 = max(x1, c.x+c.w), max(y1, c.y+c.h)
				}
			}
			return nil
		}
		if err := walk(roots); err != nil {
			return err
		}
		if x0 > x1 {
			x0, y0, x1, y1 = 0, 0, 0, 0
		}
		m.OriginX, m.OriginY, m.Width, m.Height = x0, y0, x1-x0, y1-y0
		c := 0
		if err := checkSize("map (its chunks' rectangle)", m.Width, m.Height, &c); err != nil {
			return err
		}
	}
	// Bound the cells of every tile layer before allocating any.
	var count func(ls []*rawLayer) error
	cells := 0
	count = func(ls []*rawLayer) error {
		for _, r := range ls {
			if r.group {
				if err := count(r.children); err != nil {
					return err
				}
			} else if r.l.Kind == TileLayer {
				if err := checkSize(fmt.Sprintf("layer %q", r.l.Name), m.Width, m.Height, &cells); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := count(roots); err != nil {
		return err
	}
	parent := Layer{Visible: true, Opacity: 1, Tint: render.White, Parallax: mgl32.Vec2{1, 1}}
	return b.fold(roots, &parent)
}

func (b *builder) fold(ls []*rawLayer, parent *Layer) error {
	for _, r := range ls {
		l := r.l
		if !finite32(l.Opacity, l.Offset[0], l.Offset[1], l.Parallax[0], l.Parallax[1]) {
			return fmt.Errorf("layer %q: a number is not finite", l.Name)
		}
		l.Visible = l.Visible && parent.Visible
		l.Opacity = min(1, max(0, l.Opacity)) * parent.Opacity
		l.Tint = mulColor(l.Tint, parent.Tint)
		l.Offset = l.Offset.Add(parent.Offset)
		l.Parallax = mgl32.Vec2{l.Parallax[0] * parent.Parallax[0], l.Parallax[1] * parent.Parallax[1]}
		if r.group {
			if err := b.fold(r.children, l); err != nil {
				return err
			}
			continue
		}
		switch l.Kind {
		case TileLayer:
			if err := b.tileData(r); err != nil {
				return fmt.Errorf("layer %q: %w", l.Name, err)
			}
		case ObjectLayer:
			for i := range l.Objects {
				o := &l.Objects[i]
				if !finite32(o.X, o.Y, o.Width, o.Height, o.Rotation) {
					return fmt.Errorf("layer %q: object %d (%q): a number is not finite", l.Name, o.ID, o.Name)
				}
				for _, p := range o.Points {
					if !finite32(p[0], p[1]) {
						return fmt.Errorf("layer %q: object %d (%q): a point is not finite", l.Name, o.ID, o.Name)
					}
				}
				if o.Kind == TileObject && !b.checkGID(o.GID) {
					return fmt.Errorf("layer %q: object %d (%q): GID %d out of range (no tileset holds it)", l.Name, o.ID, o.Name, o.GID&^FlagMask)
				}
			}
		}
		b.m.Layers = append(b.m.Layers, l)
	}
	return nil
}

// tileData decodes a tile layer's cells.
func (b *builder) tileData(r *rawLayer) error {
	m, l := b.m, r.l
	l.Width, l.Height = m.Width, m.Height
	if err := checkSize("layer", l.Width, l.Height, &b.cells); err != nil {
		return err
	}
	l.GIDs = make([]uint32, l.Width*l.Height)
	if m.Infinite {
		for j, c := range r.chunks {
			var cells []uint32
			if c.arr != nil || r.enc == "" {
				cells = c.arr
				if len(cells) != c.w*c.h {
					return fmt.Errorf("chunk %d: %d tiles, the chunk holds %d", j, len(cells), c.w*c.h)
				}
			} else {
				cells = make([]uint32, c.w*c.h)
				if err := decodeData(r.enc, r.comp, c.raw, cells); err != nil {
					return fmt.Errorf("chunk %d: %w", j, err)
				}
			}
			for y := range c.h {
				row := (c.y-m.OriginY+y)*l.Width + c.x - m.OriginX
				copy(l.GIDs[row:row+c.w], cells[y*c.w:(y+1)*c.w])
			}
		}
	} else {
		if !r.hasData {
			return errors.New("no tile data")
		}
		if r.enc == "" {
			if len(r.arr) != len(l.GIDs) {
				return fmt.Errorf("%d tiles, the layer holds %d", len(r.arr), len(l.GIDs))
			}
			copy(l.GIDs, r.arr)
		} else if err := decodeData(r.enc, r.comp, r.raw, l.GIDs); err != nil {
			return err
		}
	}
	// Check every GID against the tilesets; the last hit is tried first.
	var last *Tileset
	for i, gid := range l.GIDs {
		g := gid &^ FlagMask
		if g == 0 || last != nil && g >= last.FirstGID && g < last.FirstGID+uint32(last.TileCount) {
			continue
		}
		last = nil
		for _, ts := range m.Tilesets {
			if g >= ts.FirstGID && g < ts.FirstGID+uint32(ts.TileCount) {
				last = ts
				break
			}
		}
		if last == nil {
			return fmt.Errorf("tile %d,%d: GID %d out of range (no tileset holds it)", i%l.Width+m.OriginX, i/l.Width+m.OriginY, g)
		}
	}
	return nil
}

// images lists the asset paths of every image the map needs.
func (m *Map) images() []string {
	var out []string
	add := func(p string) {
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, ts := range m.Tilesets {
		add(ts.Image)
		for _, t := range ts.Tiles {
			add(t.Image)
		}
	}
	for _, l := range m.Layers {
		add(l.Image)
	}
	return out
}

// Parse reads a map file (TMX or TMJ, told apart by its first non-blank
// byte) at asset path p, reading external tilesets through read, and
// returns the checked model. Images are named, not loaded: a Map from Parse
// has no textures (Register's Format loads them). An error names the
// fault; the asset Format adds the file.
func Parse(p string, data []byte, read ReadFunc) (*Map, error) {
	if read == nil {
		read = func(q string) ([]byte, error) { return nil, fmt.Errorf("%s: no reader for external files", q) }
	}
	b := &builder{path: p, read: read, m: &Map{Path: p}}
	i := 0
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r' || data[i] == 0xef || data[i] == 0xbb || data[i] == 0xbf) {
		i++
	}
	var err error
	if i < len(data) && data[i] == '{' {
		err = b.parseTMJ(data)
	} else {
		err = b.parseTMX(data)
	}
	if err != nil {
		return nil, err
	}
	return b.m, nil
}

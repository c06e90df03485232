package tilemap

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// grid is a map's projection: where each cell lies, in Tiled's pixels
// (y down), for tile coordinates counted from the map's OriginX, OriginY.
type grid struct {
	o              Orientation
	tw, th         float32
	w, h           int // in tiles
	side           float32
	staggerX       bool
	staggerEven    bool
	orgX, orgY     int     // the map's OriginX, OriginY (parity of stagger)
	pixW, pixH     float32 // the map's size in pixels
	margin         float32 // how far a tile's image may reach out of its cell
	rowStep, colSt float32 // staggered: the step between rows or columns
}

func newGrid(m *Map) grid {
	g := grid{o: m.Orientation, tw: float32(m.TileWidth), th: float32(m.TileHeight), w: m.Width, h: m.Height,
		side: float32(m.HexSideLength), staggerX: m.StaggerX, staggerEven: m.StaggerEven, orgX: m.OriginX, orgY: m.OriginY}
	W, H := float32(g.w), float32(g.h)
	switch g.o {
	case Orthogonal:
		g.pixW, g.pixH = W*g.tw, H*g.th
	case Isometric:
		g.pixW, g.pixH = (W+H)*g.tw/2, (W+H)*g.th/2
	default:
		if g.staggerX {
			g.colSt = (g.tw + g.side) / 2
			g.pixW, g.pixH = W*g.colSt+(g.tw-g.side)/2, H*g.th+g.th/2
		} else {
			g.rowStep = (g.th + g.side) / 2
			g.pixW, g.pixH = W*g.tw+g.tw/2, H*g.rowStep+(g.th-g.side)/2
		}
	}
	for i := range m.tiles {
		t := &m.tiles[i]
		if t.ok {
			g.margin = max(g.margin, t.w-g.tw, t.h-g.th, t.w-g.th, t.h-g.tw,
				float32(math.Abs(float64(t.ox))+math.Abs(float64(t.oy))))
		}
	}
	g.margin = max(0, g.margin)
	return g
}

// shifted reports whether staggered row (or column) i is the shifted one.
func (g *grid) shifted(i int) bool { return (i&1 == 1) != g.staggerEven }

// cell returns the top-left corner of cell (x, y)'s bounding box, in
// Tiled's pixels: a tw×th box (for isometric maps the diamond's box).
func (g *grid) cell(x, y int) (float32, float32) {
	switch g.o {
	case Orthogonal:
		return float32(x) * g.tw, float32(y) * g.th
	case Isometric:
		return float32(x-y+g.h-1) * g.tw / 2, float32(x+y) * g.th / 2
	}
	if g.staggerX {
		cy := float32(y) * g.th
		if g.shifted(x + g.orgX) {
			cy += g.th / 2
		}
		return float32(x) * g.colSt, cy
	}
	cx := float32(x) * g.tw
	if g.shifted(y + g.orgY) {
		cx += g.tw / 2
	}
	return cx, float32(y) * g.rowStep
}

// toLocal maps a Tiled pixel to the map node's space (y up, origin at the
// map's bottom-left corner).
func (g *grid) toLocal(px, py float32) mgl32.Vec2 { return mgl32.Vec2{px, g.pixH - py} }

// objectToPixel maps an object's coordinates to Tiled pixels: the same on
// every map but isometric ones, whose objects live in a projected space
// where (x/th, y/th) are tile coordinates.
func (g *grid) objectToPixel(x, y float32) (float32, float32) {
	if g.o != Isometric {
		return x, y
	}
	tx, ty := x/g.th, y/g.th
	return (tx-ty)*g.tw/2 + float32(g.h)*g.tw/2, (tx + ty) * g.th / 2
}

func floorInt(f float32) int {
	if f < -1e9 {
		return -1 << 30
	}
	if f > 1e9 {
		return 1 << 30
	}
	return int(math.Floor(float64(f)))
}

// span returns the tile range (inclusive) whose cells may reach into the
// pixel rectangle px0..px1 × py0..py1 (y down), clamped to the map.
func (g *grid) span(px0, py0, px1, py1 float32) (x0, y0, x1, y1 int) {
	m := g.margin
	px0, py0, px1, py1 = px0-m, py0-m, px1+m, py1+m
	switch g.o {
	case Orthogonal:
		x0, x1 = floorInt(px0/g.tw), floorInt(px1/g.tw)
		y0, y1 = floorInt(py0/g.th), floorInt(py1/g.th)
	case Isometric:
		// A cell's top corner is at u = x-y, v = x+y (in half tiles).
		x0, y0, x1, y1 = 1<<30, 1<<30, -1<<30, -1<<30
		for _, c := range [4][2]float32{{px0, py0}, {px1, py0}, {px0, py1}, {px1, py1}} {
			u := (c[0] - float32(g.h)*g.tw/2) / (g.tw / 2)
			v := c[1] / (g.th / 2)
			fx, fy := floorInt((u+v)/2), floorInt((v-u)/2)
			x0, y0, x1, y1 = min(x0, fx), min(y0, fy), max(x1, fx), max(y1, fy)
		}
		x0, y0 = x0-1, y0-1
	default:
		if g.staggerX {
			x0, x1 = floorInt(px0/g.colSt)-1, floorInt(px1/g.colSt)+1
			y0, y1 = floorInt(py0/g.th)-1, floorInt(py1/g.th)+1
		} else {
			x0, x1 = floorInt(px0/g.tw)-1, floorInt(px1/g.tw)+1
			y0, y1 = floorInt(py0/g.rowStep)-1, floorInt(py1/g.rowStep)+1
		}
	}
	return max(0, x0), max(0, y0), min(g.w-1, x1), min(g.h-1, y1)
}

package tilemap

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// TiledLayer is the component of a tile layer's node (Cocos' TiledLayer):
// it draws the layer's tiles that the camera can see, and edits them at
// run time. Its cells are its own copy of the layer's, so that editing one
// instance of a map changes neither the asset nor other instances.
type TiledLayer struct {
	scenegraph.Component

	// SortLayer and Order sort the layer's draw items (see render.SortKey);
	// layers with equal values draw in tree order.
	SortLayer uint8
	Order     int16

	tm     *TiledMap
	layer  *Layer
	gids   []uint32
	chunks []uint16 // non-empty cells per ChunkSize² chunk
	cw     int      // chunks per row
	color  render.Color
	draw   render.SpriteDraw
	drawn  int // tiles recorded by the last Render
}

func newTiledLayer(tm *TiledMap, l *Layer) *TiledLayer {
	tl := &TiledLayer{tm: tm, layer: l, gids: append([]uint32(nil), l.GIDs...), color: layerColor(l)}
	tl.cw = (l.Width + ChunkSize - 1) / ChunkSize
	ch := (l.Height + ChunkSize - 1) / ChunkSize
	tl.chunks = make([]uint16, tl.cw*ch)
	for i, g := range tl.gids {
		if g&^FlagMask != 0 {
			tl.chunks[(i/l.Width/ChunkSize)*tl.cw+(i%l.Width)/ChunkSize]++
		}
	}
	tl.draw.Blend = render.BlendAlpha
	return tl
}

// Layer returns the layer's data as loaded (its GIDs are not the edited
// cells: see TileGIDAt).
func (tl *TiledLayer) Layer() *Layer { return tl.layer }

// LayerSize returns the layer's size in tiles (Cocos' getLayerSize).
func (tl *TiledLayer) LayerSize() (w, h int) { return tl.layer.Width, tl.layer.Height }

// Drawn returns how many tiles the last Render recorded (for tests and
// profiling: it follows the view, not the map's size).
func (tl *TiledLayer) Drawn() int { return tl.drawn }

// TileGIDAt returns the GID (flags included) of the tile at column x, row
// y (0, 0 the top-left), Cocos' getTileGIDAt; 0 for an empty cell or one
// outside the layer.
func (tl *TiledLayer) TileGIDAt(x, y int) uint32 {
	l := tl.layer
	if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
		return 0
	}
	return tl.gids[y*l.Width+x]
}

// SetTileGIDAt sets the tile at column x, row y to gid (flags included; 0
// empties it), Cocos' setTileGIDAt. The next frame draws it. A cell outside
// the layer, or a GID that no tileset of the map holds, is an error and
// changes nothing.
func (tl *TiledLayer) SetTileGIDAt(gid uint32, x, y int) error {
	l := tl.layer
	if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
		return fmt.Errorf("tilemap: layer %q: SetTileGIDAt(%d, %d, %d): cell outside the %dx%d layer", l.Name, gid, x, y, l.Width, l.Height)
	}
	g := gid &^ FlagMask
	if g != 0 {
		if ts, _ := tl.tm.m.TilesetOf(g); ts == nil {
			return fmt.Errorf("tilemap: layer %q: SetTileGIDAt(%d, %d, %d): GID %d out of range (no tileset holds it)", l.Name, gid, x, y, g)
		}
	}
	i := y*l.Width + x
	c := &tl.chunks[(y/ChunkSize)*tl.cw+x/ChunkSize]
	if tl.gids[i]&^FlagMask != 0 {
		*c--
	}
	if g != 0 {
		*c++
	}
	tl.gids[i] = gid
	return nil
}

// PositionAt returns the bottom-left corner of cell x, y's bounding box in
// the map node's space (Cocos' getPositionAt), without the layer's offset.
func (tl *TiledLayer) PositionAt(x, y int) mgl32.Vec2 {
	g := &tl.tm.grid
	cx, cy := g.cell(x, y)
	return g.toLocal(cx, cy+g.th)
}

// Render records the layer's visible tiles: the range of cells the view's
// rectangle can reach, in Tiled's render order, skipping empty chunks,
// each tile culled on its own, as runs of one texture. Under a camera that
// is not 2D every tile is drawn. It allocates nothing.
func (tl *TiledLayer) Render(v *scenegraph.View) {
	tl.drawn = 0
	l, tm := tl.layer, tl.tm
	g := &tm.grid
	if len(tl.gids) == 0 || len(tm.m.tiles) == 0 {
		return
	}
	n := tl.Node()
	w := n.WorldMatrix()
	a, b, c, d, tx, ty := w[0], w[1], w[4], w[5], w[12], w[13]
	// The view in the layer node's space.
	vx0, vy0, vx1, vy1, is2D := v.Rect2D()
	det := a*d - b*c
	shift := mgl32.Vec2{l.Offset[0], -l.Offset[1]}
	lx0, ly0, lx1, ly1 := float32(-1e30), float32(-1e30), float32(1e30), float32(1e30)
	if is2D && det != 0 {
		lx0, ly0, lx1, ly1 = 1e30, 1e30, -1e30, -1e30
		for _, p := range [4][2]float32{{vx0, vy0}, {vx1, vy0}, {vx0, vy1}, {vx1, vy1}} {
			X, Y := p[0]-tx, p[1]-ty
			lx, ly := (d*X-c*Y)/det, (a*Y-b*X)/det
			lx0, ly0, lx1, ly1 = min(lx0, lx), min(ly0, ly), max(lx1, lx), max(ly1, ly)
		}
		if l.Parallax != (mgl32.Vec2{1, 1}) {
			// Tiled's parallax: the layer moves by (1 - factor) of the
			// view's travel from the parallax origin.
			o := g.toLocal(tm.m.ParallaxOrigin[0], tm.m.ParallaxOrigin[1])
			cx, cy := (lx0+lx1)/2, (ly0+ly1)/2
			shift[0] += (cx - o[0]) * (1 - l.Parallax[0])
			shift[1] += (cy - o[1]) * (1 - l.Parallax[1])
		}
	}
	// The view in Tiled's pixels of the layer (y down).
	x0, y0, x1, y1 := g.span(lx0-shift[0], g.pixH-(ly1-shift[1]), lx1-shift[0], g.pixH-(ly0-shift[1]))
	if x0 > x1 || y0 > y1 {
		v.CountCulled()
		return
	}
	tl.draw.Layer, tl.draw.Order = tl.SortLayer, tl.Order
	tl.draw.Depth = v.Depth(mgl32.Vec3{w[12], w[13], w[14]})
	tl.draw.Texture = 0
	r := recorder{v: v, tl: tl, a: a, b: b, c: c, d: d, tx: tx, ty: ty,
		vx0: lx0, vy0: ly0, vx1: lx1, vy1: ly1, sx: shift[0], sy: shift[1], left: (x1 - x0 + 1) * (y1 - y0 + 1)}
	W := l.Width
	ortho := g.o == Orthogonal
	down, right := true, true
	if ortho {
		switch tm.m.RenderOrder {
		case "right-up":
			down = false
		case "left-down":
			right = false
		case "left-up":
			down, right = false, false
		}
	}
	for j := 0; j <= y1-y0; j++ {
		y := y0 + j
		if !down {
			y = y1 - j
		}
		row := tl.gids[y*W : (y+1)*W]
		crow := tl.chunks[(y/ChunkSize)*tl.cw:]
		if g.o != Orthogonal && g.o != Isometric && g.staggerX {
			// Staggered columns: the raised ones first, then the
			// lowered ones, which overlap them.
			for pass := 0; pass < 2; pass++ {
				for x := x0; x <= x1; x++ {
					if g.shifted(x+g.orgX) == (pass == 1) {
						r.tile(row[x], x, y)
					}
				}
			}
			continue
		}
		if right {
			for x := x0; x <= x1; x++ {
				if x&(ChunkSize-1) == 0 || x == x0 {
					if crow[x/ChunkSize] == 0 {
						x |= ChunkSize - 1
						continue
					}
				}
				r.tile(row[x], x, y)
			}
		} else {
			for x := x1; x >= x0; x-- {
				if x&(ChunkSize-1) == ChunkSize-1 || x == x1 {
					if crow[x/ChunkSize] == 0 {
						x &^= ChunkSize - 1
						continue
					}
				}
				r.tile(row[x], x, y)
			}
		}
	}
	r.flush()
	if tl.drawn == 0 {
		v.CountCulled()
		return
	}
	v.CountRendered()
}

// recorder writes one layer's tiles into the frame, a reservation per run
// of one texture. It lives on the stack of Render.
type recorder struct {
	v          *scenegraph.View
	tl         *TiledLayer
	a, b, c, d float32
	tx, ty     float32
	vx0, vy0   float32
	vx1, vy1   float32
	sx, sy     float32
	buf        []render.SpriteInstance
	k          int
	left       int // cells not yet visited: a bound on the instances still to come
	open       bool
	cur        render.TextureID
}

func (r *recorder) flush() {
	if r.open {
		r.v.Frame.CommitSprites(&r.tl.draw, r.k)
		r.tl.drawn += r.k
		r.open, r.buf, r.k = false, nil, 0
	}
}

// tile records the cell x, y holding gid, if it can be seen.
func (r *recorder) tile(gid uint32, x, y int) {
	r.left--
	bare := gid &^ FlagMask
	if bare == 0 {
		return
	}
	tl := r.tl
	tm := tl.tm
	m := tm.m
	i := bare - m.baseGID
	if bare < m.baseGID || bare >= tm.gidEnd {
		return
	}
	if tm.show != nil {
		i = tm.show[i]
	}
	td := &m.tiles[i]
	if !td.ok {
		return
	}
	g := &tm.grid
	cx, cy := g.cell(x, y)
	dw, dh := td.w, td.h
	diag := gid&FlipDiagonal != 0
	if diag {
		dw, dh = dh, dw
	}
	// Bottom-left corner of the image, in the layer node's space: Tiled
	// aligns a tile's image with its cell's bottom-left corner.
	lx := cx + td.ox + r.sx
	ly := g.pixH - (cy + g.th + td.oy) + r.sy
	if g.o == Isometric {
		lx += (g.tw - dw) / 2 // centered on the diamond
	}
	if lx > r.vx1 || ly > r.vy1 || lx+dw < r.vx0 || ly+dh < r.vy0 {
		return
	}
	u0, v0, u1, v1 := td.u0, td.v0, td.u1, td.v1
	var px, py, ax, ay, bx, by float32
	if !diag {
		px, py, ax, ay, bx, by = lx, ly, dw, 0, 0, dh
		if gid&FlipHorizontal != 0 {
			u0, u1 = u1, u0
		}
		if gid&FlipVertical != 0 {
			v0, v1 = v1, v0
		}
	} else {
		// Transposed: corner (s, t) of the instance is the display's
		// (1-t, 1-s); see render.SpriteInstance.
		px, py, ax, ay, bx, by = lx+dw, ly+dh, 0, -dh, -dw, 0
		if gid&FlipHorizontal != 0 {
			v0, v1 = v1, v0
		}
		if gid&FlipVertical != 0 {
			u0, u1 = u1, u0
		}
	}
	if !r.open || td.tex != r.cur {
		r.flush()
		tl.draw.Texture = td.tex
		r.cur = td.tex
		r.buf = r.v.Frame.ReserveSprites(r.left + 1)
		r.open = true
	}
	in := &r.buf[r.k]
	r.k++
	*in = render.SpriteInstance{
		X: r.a*px + r.c*py + r.tx, Y: r.b*px + r.d*py + r.ty,
		AX: r.a*ax + r.c*ay, AY: r.b*ax + r.d*ay,
		BX: r.a*bx + r.c*by, BY: r.b*bx + r.d*by,
		U0: u0, V0: v0, U1: u1, V1: v1, Color: tl.color,
	}
}

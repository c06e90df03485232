package tilemap

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/scenegraph"
)

// ShapeKind is the kind of a collider Shape.
type ShapeKind uint8

// The kinds of shapes.
const (
	// ShapeRect is a Size rectangle centered on Center.
	ShapeRect ShapeKind = iota
	// ShapeEllipse is the ellipse inscribed in a Size rectangle centered
	// on Center.
	ShapeEllipse
	// ShapePolygon is a closed polygon through Points (of any winding;
	// Tiled allows concave ones).
	ShapePolygon
	// ShapePolyline is an open line through Points.
	ShapePolyline
	// ShapePoint is the point Center.
	ShapePoint
)

// Shape is a collider's shape in its node's space (x right, y up, pixels):
// an object's (on the object's node, which carries its position and
// rotation) or a merged rectangle of solid tiles (on a child node of the
// layer's node, at the rectangle's center; on isometric maps a
// parallelogram polygon).
type Shape struct {
	Kind   ShapeKind
	Center mgl32.Vec2
	Size   mgl32.Vec2
	Points []mgl32.Vec2
	// Layer is the layer the shape comes from; Object the object, nil for
	// solid tiles.
	Layer  *Layer
	Object *Object
}

// ColliderFunc adds a collider of shape s to node n (see Options.Colliders).
type ColliderFunc func(n *scenegraph.Node, s Shape) error

// CollisionColliders is a ColliderFunc that adds colliders of package
// collision: a box for a rectangle, a circle for a round ellipse, a
// 16-sided polygon for another ellipse, a polygon collider for a polygon
// (which must be convex: a concave one is an error naming the object).
// Points and polylines get none.
func CollisionColliders(n *scenegraph.Node, s Shape) error {
	switch s.Kind {
	case ShapeRect:
		c := scenegraph.AddComponent(n, collision.NewBoxCollider(s.Size[0], s.Size[1]))
		c.Offset = s.Center
	case ShapeEllipse:
		if s.Size[0] == s.Size[1] {
			c := scenegraph.AddComponent(n, collision.NewCircleCollider(s.Size[0]/2))
			c.Offset = s.Center
			return nil
		}
		pts := make([]mgl32.Vec2, 16)
		for i := range pts {
			a := float64(i) * 2 * math.Pi / 16
			pts[i] = s.Center.Add(mgl32.Vec2{s.Size[0] / 2 * float32(math.Cos(a)), s.Size[1] / 2 * float32(math.Sin(a))})
		}
		c, err := collision.NewPolygonCollider(pts)
		if err != nil {
			return err
		}
		scenegraph.AddComponent(n, c)
	case ShapePolygon:
		c, err := collision.NewPolygonCollider(s.Points)
		if err != nil {
			return fmt.Errorf("polygon: %w", err)
		}
		scenegraph.AddComponent(n, c)
	}
	return nil
}

// objectShape returns the shape of object o in its node's space.
func (tm *TiledMap) objectShape(l *Layer, o *Object) (Shape, bool) {
	s := Shape{Layer: l, Object: o, Size: mgl32.Vec2{o.Width, o.Height}}
	switch o.Kind {
	case RectObject, EllipseObject:
		if o.Width <= 0 || o.Height <= 0 {
			return s, false
		}
		s.Kind = ShapeRect
		if o.Kind == EllipseObject {
			s.Kind = ShapeEllipse
		}
		s.Center = mgl32.Vec2{o.Width / 2, -o.Height / 2}
		if tm.grid.o == Isometric {
			// A rectangle in isometric object space is a parallelogram.
			s.Kind = ShapePolygon
			s.Points = tm.isoPoints(o, []mgl32.Vec2{{0, 0}, {o.Width, 0}, {o.Width, o.Height}, {0, o.Height}})
		}
	case TileObject:
		if o.Width <= 0 || o.Height <= 0 {
			return s, false
		}
		s.Kind, s.Center = ShapeRect, mgl32.Vec2{o.Width / 2, o.Height / 2}
	case PolygonObject, PolylineObject:
		s.Kind = ShapePolygon
		if o.Kind == PolylineObject {
			s.Kind = ShapePolyline
		}
		if tm.grid.o == Isometric {
			s.Points = tm.isoPoints(o, o.Points)
		} else {
			s.Points = make([]mgl32.Vec2, len(o.Points))
			for i, p := range o.Points {
				s.Points[i] = mgl32.Vec2{p[0], -p[1]}
			}
		}
	case PointObject:
		s.Kind = ShapePoint
	default:
		return s, false
	}
	return s, true
}

// isoPoints projects points relative to an isometric map's object to its
// node's space.
func (tm *TiledMap) isoPoints(o *Object, pts []mgl32.Vec2) []mgl32.Vec2 {
	g := &tm.grid
	ox, oy := g.objectToPixel(o.X, o.Y)
	out := make([]mgl32.Vec2, len(pts))
	for i, p := range pts {
		px, py := g.objectToPixel(o.X+p[0], o.Y+p[1])
		out[i] = mgl32.Vec2{px - ox, -(py - oy)}
	}
	return out
}

// solidTable returns, by GID - baseGID, whether a tile is solid; nil when
// no tile is.
func (tm *TiledMap) solidTable() []bool {
	prop := tm.opts.SolidProperty
	if prop == "" {
		prop = "collides"
	}
	var out []bool
	m := tm.m
	for _, ts := range m.Tilesets {
		for _, t := range ts.Tiles {
			if t.Properties.Bool(prop) {
				if out == nil {
					out = make([]bool, len(m.tiles))
				}
				out[ts.FirstGID-m.baseGID+t.ID] = true
			}
		}
	}
	return out
}

// SolidRects returns the solid cells of a layer's GIDs (w columns), merged
// greedily into rectangles {x, y, w, h} in tiles: each rectangle grows
// right as far as the row allows, then down while every row below is solid
// across its width. The rectangles cover exactly the solid cells, without
// overlap.
func SolidRects(gids []uint32, w int, solid func(gid uint32) bool) [][4]int {
	if w <= 0 {
		return nil
	}
	h := len(gids) / w
	used := make([]bool, len(gids))
	var out [][4]int
	for y := range h {
		for x := 0; x < w; x++ {
			i := y*w + x
			if used[i] || !solid(gids[i]) {
				continue
			}
			rw := 1
			for x+rw < w && !used[i+rw] && solid(gids[i+rw]) {
				rw++
			}
			rh := 1
		grow:
			for y+rh < h {
				for k := range rw {
					j := (y+rh)*w + x + k
					if used[j] || !solid(gids[j]) {
						break grow
					}
				}
				rh++
			}
			for yy := y; yy < y+rh; yy++ {
				for k := range rw {
					used[yy*w+x+k] = true
				}
			}
			out = append(out, [4]int{x, y, rw, rh})
			x += rw - 1
		}
	}
	return out
}

// tileColliders adds a node with a collider per merged rectangle of solid
// tiles under the layer's node.
func (tm *TiledMap) tileColliders(parent *scenegraph.Node, tl *TiledLayer, solid []bool) error {
	m := tm.m
	g := &tm.grid
	if g.o != Orthogonal && g.o != Isometric {
		return nil // staggered cells do not merge into rectangles
	}
	isSolid := func(gid uint32) bool {
		b := gid &^ FlagMask
		return b >= m.baseGID && b < tm.gidEnd && solid[b-m.baseGID]
	}
	rects := SolidRects(tl.gids, tl.layer.Width, isSolid)
	if len(rects) == 0 {
		return nil
	}
	holder := scenegraph.NewNode("Colliders")
	parent.AddChild(holder)
	off := mgl32.Vec2{tl.layer.Offset[0], -tl.layer.Offset[1]}
	for i, r := range rects {
		n := scenegraph.NewNode(fmt.Sprintf("Solid%d", i))
		holder.AddChild(n)
		s := Shape{Kind: ShapeRect, Layer: tl.layer}
		if g.o == Orthogonal {
			x0, y0 := float32(r[0])*g.tw, float32(r[1])*g.th
			w, h := float32(r[2])*g.tw, float32(r[3])*g.th
			c := g.toLocal(x0+w/2, y0+h/2).Add(off)
			n.SetPositionXY(c[0], c[1])
			s.Size = mgl32.Vec2{w, h}
		} else {
			// The rectangle of cells is a parallelogram on screen: the top
			// corners of cells (x0,y0), (x1,y0), (x1,y1), (x0,y1).
			corner := func(x, y int) mgl32.Vec2 {
				return g.toLocal(float32(x-y+g.h)*g.tw/2, float32(x+y)*g.th/2).Add(off)
			}
			x1, y1 := r[0]+r[2], r[1]+r[3]
			pts := []mgl32.Vec2{corner(r[0], r[1]), corner(x1, r[1]), corner(x1, y1), corner(r[0], y1)}
			c := pts[0].Add(pts[2]).Mul(0.5)
			n.SetPositionXY(c[0], c[1])
			for j := range pts {
				pts[j] = pts[j].Sub(c)
			}
			s.Kind, s.Points = ShapePolygon, pts
		}
		if err := tm.opts.Colliders(n, s); err != nil {
			return fmt.Errorf("solid tiles %d,%d %dx%d: colliders: %w", r[0], r[1], r[2], r[3], err)
		}
	}
	return nil
}

package vector

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// LineJoin selects how stroke segments meet.
type LineJoin uint8

const (
	// JoinMiter extends the edges to a point, or bevels past MiterLimit.
	JoinMiter LineJoin = iota
	// JoinBevel cuts the corner.
	JoinBevel
)

// LineCap selects how open strokes end.
type LineCap uint8

const (
	// CapButt ends the stroke at its end point.
	CapButt LineCap = iota
	// CapSquare extends the stroke by half its width.
	CapSquare
)

type subpath struct {
	first, n int32
	closed   bool
}

type opKind uint8

const (
	opFill opKind = iota
	opStroke
)

// op is one Fill or Stroke: the subpaths it paints and the style it had.
type op struct {
	kind         opKind
	first, n     int32 // subpaths
	color        render.Color
	width, limit float32
	join         LineJoin
	cap          LineCap
}

// Graphics draws vector shapes at its node, in its local units, with the
// API of Cocos Creator's Graphics: build a path (MoveTo, LineTo, Close,
// Rect, RoundRect, Circle, Ellipse, Polygon), then Fill and/or Stroke it
// with the current style; a path command after a Fill or Stroke starts a
// new path. Clear forgets everything drawn.
//
// The drawing is tessellated and uploaded as a mesh when it changed (or
// when the camera's pixel size changed the anti-aliasing fringe), and is
// recorded as one unlit render.MeshDraw with BlendAlpha each frame,
// without allocating when nothing changed. It is not merged into the
// sprite batch; it sorts with sprites by (SortLayer, Order, depth of the
// node's origin). Fill paints each subpath as a simple polygon (convex or
// concave; no holes, self-intersections are not filled correctly).
//
// Call Release when the Graphics is no longer drawn to free its mesh.
type Graphics struct {
	scenegraph.Component

	LineWidth   float32 // stroke width in local units; 0 means 1
	FillColor   render.Color
	StrokeColor render.Color
	LineJoin    LineJoin
	LineCap     LineCap
	MiterLimit  float32 // longest miter, in half widths; 0 means 10
	// NoAntiAlias drops the fringe: hard edges, fewer triangles.
	NoAntiAlias bool
	SortLayer   uint8
	Order       int16

	points  []mgl32.Vec2
	subs    []subpath
	ops     []op
	pathSub int32 // first subpath of the current path
	painted bool  // a Fill or Stroke used the current path

	dirty     bool
	t         tess
	mesh      render.MeshID
	fringe    float32 // the fringe the mesh was built with, local units
	builtAt   uint64  // frame number of the last build
	triangles int
	draw      render.MeshDraw
}

// NewGraphics returns a Graphics with a white fill, a black stroke and a
// line width of 1.
func NewGraphics() *Graphics {
	return &Graphics{LineWidth: 1, FillColor: render.White, StrokeColor: render.RGBA(0, 0, 0, 255)}
}

func (g *Graphics) beginCmd() {
	if g.painted {
		g.pathSub = int32(len(g.subs))
		g.painted = false
	}
}

// MoveTo starts a new subpath at (x, y).
func (g *Graphics) MoveTo(x, y float32) {
	g.beginCmd()
	g.subs = append(g.subs, subpath{first: int32(len(g.points))})
	g.lineTo(x, y)
}

func (g *Graphics) lineTo(x, y float32) {
	g.points = append(g.points, mgl32.Vec2{x, y})
	g.subs[len(g.subs)-1].n++
}

// LineTo adds a line from the current point to (x, y); without a current
// subpath it starts one at (x, y).
func (g *Graphics) LineTo(x, y float32) {
	if g.painted || len(g.subs) == int(g.pathSub) || g.subs[len(g.subs)-1].closed {
		g.MoveTo(x, y)
		return
	}
	g.lineTo(x, y)
}

// Close closes the current subpath with a line back to its start.
func (g *Graphics) Close() {
	if len(g.subs) > int(g.pathSub) && !g.painted {
		g.subs[len(g.subs)-1].closed = true
	}
}

// Polygon adds the closed subpath through pts.
func (g *Graphics) Polygon(pts []mgl32.Vec2) {
	if len(pts) == 0 {
		return
	}
	g.MoveTo(pts[0][0], pts[0][1])
	for _, p := range pts[1:] {
		g.lineTo(p[0], p[1])
	}
	g.Close()
}

// Rect adds the rectangle with bottom-left corner (x, y) and size w×h.
func (g *Graphics) Rect(x, y, w, h float32) {
	g.MoveTo(x, y)
	g.lineTo(x+w, y)
	g.lineTo(x+w, y+h)
	g.lineTo(x, y+h)
	g.Close()
}

// RoundRect adds a rectangle whose corners are quarter circles of radius r
// (clamped to half the shorter side).
func (g *Graphics) RoundRect(x, y, w, h, r float32) {
	r = min(r, min(abs(w), abs(h))/2)
	if r <= 0 {
		g.Rect(x, y, w, h)
		return
	}
	n := segments(r) / 4
	g.beginCmd()
	g.subs = append(g.subs, subpath{first: int32(len(g.points))})
	corner := func(cx, cy float32, a0 float64) {
		for i := 0; i <= n; i++ {
			a := a0 + float64(i)/float64(n)*math.Pi/2
			g.lineTo(cx+r*float32(math.Cos(a)), cy+r*float32(math.Sin(a)))
		}
	}
	corner(x+w-r, y+r, -math.Pi/2)
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	g.Close()
}

// Circle adds the circle of radius r around (cx, cy).
func (g *Graphics) Circle(cx, cy, r float32) { g.Ellipse(cx, cy, r, r) }

// Ellipse adds the axis-aligned ellipse with radii rx, ry around (cx, cy).
func (g *Graphics) Ellipse(cx, cy, rx, ry float32) {
	n := segments(max(rx, ry))
	g.beginCmd()
	g.subs = append(g.subs, subpath{first: int32(len(g.points))})
	for i := range n {
		a := float64(i) / float64(n) * 2 * math.Pi
		g.lineTo(cx+rx*float32(math.Cos(a)), cy+ry*float32(math.Sin(a)))
	}
	g.Close()
}

// segments returns how many segments approximate a full circle of radius r
// (a multiple of 4, 12 to 128).
func segments(r float32) int {
	n := int(math.Ceil(2*math.Pi*float64(abs(r))/4/4)) * 4
	return min(max(n, 12), 128)
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func (g *Graphics) paint(k opKind, c render.Color) {
	if len(g.subs) == int(g.pathSub) {
		return
	}
	o := op{kind: k, first: g.pathSub, n: int32(len(g.subs)) - g.pathSub, color: c,
		width: g.LineWidth, limit: g.MiterLimit, join: g.LineJoin, cap: g.LineCap}
	if o.width == 0 {
		o.width = 1
	}
	if o.limit == 0 {
		o.limit = 10
	}
	g.ops = append(g.ops, o)
	g.painted = true
	g.dirty = true
}

// Fill fills the current path with FillColor.
func (g *Graphics) Fill() { g.paint(opFill, g.FillColor) }

// Stroke strokes the current path with StrokeColor, LineWidth, LineJoin,
// LineCap and MiterLimit.
func (g *Graphics) Stroke() { g.paint(opStroke, g.StrokeColor) }

// Clear forgets every path and everything painted.
func (g *Graphics) Clear() {
	if len(g.ops) > 0 {
		g.dirty = true
	}
	g.points, g.subs, g.ops = g.points[:0], g.subs[:0], g.ops[:0]
	g.pathSub, g.painted = 0, false
}

// Triangles returns the number of triangles of the last tessellation.
func (g *Graphics) Triangles() int { return g.triangles }

// Mesh returns the current mesh (0 before the first draw, or when empty).
func (g *Graphics) Mesh() render.MeshID { return g.mesh }

// Tessellate builds the drawing's triangles with a fringe of width fringe
// (local units; 0: none) and returns them; the slices are reused by the
// next call.
func (g *Graphics) Tessellate(fringe float32) ([]render.MeshVertex, []uint32) {
	if g.NoAntiAlias {
		fringe = 0
	}
	t := &g.t
	t.reset()
	for _, o := range g.ops {
		for _, s := range g.subs[o.first : o.first+o.n] {
			pts := g.points[s.first : s.first+s.n]
			if o.kind == opFill {
				t.fill(pts, o.color, fringe)
			} else {
				t.stroke(pts, s.closed, o.color, o.width, fringe, o.join, o.limit, o.cap)
			}
		}
	}
	g.triangles = len(t.idx) / 3
	return t.verts, t.idx
}

// Release deletes the mesh in f; the next Render uploads it again.
func (g *Graphics) Release(f *render.Frame) {
	if g.mesh != 0 {
		f.DeleteMesh(g.mesh)
		g.mesh = 0
	}
	g.dirty = true
}

// OnDestroy frees the mesh through the frame being recorded by the
// Director that runs the node's scene (the delete runs after that frame's
// draws). Without a Director drawing it, there is no GPU mesh to free but
// the one a caller's own frame made: call Release.
func (g *Graphics) OnDestroy() {
	if d := director.OfNode(g.Node()); d != nil && d.FrameSink() != nil {
		g.Release(d.FrameSink().Frame())
	}
}

// fringeFor returns one pixel of v's camera in the node's local units (1
// world unit when unknown).
func fringeFor(v *scenegraph.View, world *mgl32.Mat4) float32 {
	px := float32(1)
	if x0, _, x1, _, ok := v.Rect2D(); ok && v.Camera != nil {
		if r := v.Camera.ScreenRect(); r.W > 0 && x1 > x0 {
			px = (x1 - x0) / float32(r.W)
		}
	}
	det := abs(world[0]*world[5] - world[1]*world[4])
	if det > 1e-12 {
		px /= float32(math.Sqrt(float64(det)))
	}
	return px
}

// Render uploads the drawing if it changed and records it.
func (g *Graphics) Render(v *scenegraph.View) {
	world := g.Node().WorldMatrix()
	f := v.Frame
	fr := fringeFor(v, &world)
	if g.NoAntiAlias {
		fr = 0
	}
	// A new pixel size rebuilds the fringe, once per frame (the first
	// camera decides when several see the node).
	rebuild := g.dirty || g.mesh == 0 && len(g.ops) > 0 ||
		abs(fr-g.fringe) > 0.02*g.fringe && g.builtAt != f.Number()
	if rebuild {
		if g.mesh != 0 {
			f.DeleteMesh(g.mesh)
			g.mesh = 0
		}
		vs, is := g.Tessellate(fr)
		if len(is) > 0 {
			g.mesh = f.CreateMesh(vs, is)
		}
		g.fringe, g.builtAt, g.dirty = fr, f.Number(), false
	}
	if g.mesh == 0 {
		return
	}
	d := &g.draw
	// Unlit: shapes keep their colors in a scene that lights its meshes.
	*d = render.MeshDraw{Mesh: g.mesh, Blend: render.BlendAlpha, Layer: g.SortLayer, Order: g.Order, Model: world,
		Material: render.Material{Unlit: true}}
	f.DrawMesh(d)
	v.CountRendered()
}

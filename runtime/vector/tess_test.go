package vector

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

func pos(v render.MeshVertex) mgl32.Vec2 { return mgl32.Vec2{v.Position[0], v.Position[1]} }

func alpha(v render.MeshVertex) uint8 { return uint8(v.Color >> 24) }

func triArea(vs []render.MeshVertex, is []uint32, k int) float32 {
	a, b, c := pos(vs[is[k]]), pos(vs[is[k+1]]), pos(vs[is[k+2]])
	return cross(b.Sub(a), c.Sub(a)) / 2
}

// solidArea sums the areas of triangles whose three vertices are opaque
// (the interior, without the fringe).
func solidArea(t *testing.T, vs []render.MeshVertex, is []uint32) (sum float32, n int) {
	for k := 0; k < len(is); k += 3 {
		if alpha(vs[is[k]]) != 0 && alpha(vs[is[k+1]]) != 0 && alpha(vs[is[k+2]]) != 0 {
			a := triArea(vs, is, k)
			if a < -1e-4 {
				t.Errorf("interior triangle %d is clockwise (area %v)", k/3, a)
			}
			sum += abs(a)
			n++
		}
	}
	return sum, n
}

// inPolygon is the even-odd point-in-polygon test.
func inPolygon(q mgl32.Vec2, p []mgl32.Vec2) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		a, b := p[i], p[j]
		if (a[1] > q[1]) != (b[1] > q[1]) && q[0] < (b[0]-a[0])*(q[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-3 }

func TestFillRectTrianglesAndFringe(t *testing.T) {
	g := NewGraphics()
	g.Rect(10, 20, 100, 50)
	g.Fill()
	_, is := g.Tessellate(0)
	if len(is) != 2*3 {
		t.Fatalf("no fringe: %d triangles, want 2", len(is)/3)
	}
	vs, is := g.Tessellate(1)
	if len(is) != (2+8)*3 {
		t.Fatalf("fringe: %d triangles, want 2 + 2 per edge = 10", len(is)/3)
	}
	if a, n := solidArea(t, vs, is); n != 2 || !near(a, 5000) {
		t.Errorf("interior: %d triangles of area %v, want 2 of 5000", n, a)
	}
	for i, v := range vs {
		p := pos(v)
		inside := p[0] >= 10 && p[0] <= 110 && p[1] >= 20 && p[1] <= 70
		switch {
		case alpha(v) == 255 && !inside:
			t.Errorf("opaque vertex %d at %v outside the rectangle", i, p)
		case alpha(v) == 0 && inside:
			t.Errorf("fringe vertex %d at %v inside the rectangle", i, p)
		case alpha(v) == 0 && (!near(min(abs(p[0]-10), abs(p[0]-110)), 1) || !near(min(abs(p[1]-20), abs(p[1]-70)), 1)):
			t.Errorf("fringe vertex %d at %v is not one unit out of the corner", i, p)
		}
	}
	var fringe int
	for _, v := range vs {
		if alpha(v) == 0 {
			fringe++
		}
	}
	if fringe != 4 {
		t.Errorf("%d fringe vertices, want 4", fringe)
	}
}

// An L-shaped (concave) polygon and a star, in both windings: the ear
// clipper's triangles cover exactly the polygon (areas sum to its area,
// every triangle's centroid is inside).
func TestFillConcaveEarClipping(t *testing.T) {
	L := []mgl32.Vec2{{0, 0}, {30, 0}, {30, 10}, {10, 10}, {10, 40}, {0, 40}}
	var star []mgl32.Vec2
	for i := range 10 {
		r := float32(50)
		if i%2 == 1 {
			r = 20
		}
		a := float64(i) * math.Pi / 5
		star = append(star, mgl32.Vec2{r * float32(math.Cos(a)), r * float32(math.Sin(a))})
	}
	for _, c := range []struct {
		name string
		p    []mgl32.Vec2
	}{{"L", L}, {"star", star}} {
		for _, reversed := range []bool{false, true} {
			p := append([]mgl32.Vec2(nil), c.p...)
			if reversed {
				for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
					p[i], p[j] = p[j], p[i]
				}
			}
			g := NewGraphics()
			g.Polygon(p)
			g.Fill()
			vs, is := g.Tessellate(0)
			if len(is)/3 != len(p)-2 {
				t.Errorf("%s: %d triangles, want %d", c.name, len(is)/3, len(p)-2)
			}
			want := abs(signedArea(c.p))
			if a, _ := solidArea(t, vs, is); !near(a, want) {
				t.Errorf("%s reversed=%v: triangles cover %v, polygon is %v", c.name, reversed, a, want)
			}
			for k := 0; k < len(is); k += 3 {
				ctr := pos(vs[is[k]]).Add(pos(vs[is[k+1]])).Add(pos(vs[is[k+2]])).Mul(1.0 / 3)
				if !inPolygon(ctr, c.p) {
					t.Errorf("%s: triangle %d (centroid %v) outside the polygon", c.name, k/3, ctr)
				}
			}
			// With a fringe, the interior is unchanged and every
			// transparent vertex lies outside the polygon.
			vs, is = g.Tessellate(1)
			if a, _ := solidArea(t, vs, is); !near(a, want) {
				t.Errorf("%s with fringe: interior %v, want %v", c.name, a, want)
			}
			for i, v := range vs {
				if alpha(v) == 0 && inPolygon(pos(v), c.p) {
					t.Errorf("%s: fringe vertex %d at %v inside", c.name, i, pos(v))
				}
			}
		}
	}
}

func TestFillCircleCount(t *testing.T) {
	g := NewGraphics()
	g.Circle(0, 0, 40)
	g.Fill()
	n := segments(40)
	vs, is := g.Tessellate(1)
	if len(is)/3 != n-2+2*n {
		t.Errorf("%d triangles, want %d", len(is)/3, n-2+2*n)
	}
	a, _ := solidArea(t, vs, is)
	poly := float32(n) / 2 * 40 * 40 * float32(math.Sin(2*math.Pi/float64(n)))
	if !near(a, poly) {
		t.Errorf("interior area %v, want the %d-gon's %v", a, n, poly)
	}
	for _, v := range vs {
		if l := pos(v).Len(); alpha(v) == 255 && l > 40.001 || alpha(v) == 0 && l < 40.5 {
			t.Errorf("vertex at radius %v with alpha %d", l, alpha(v))
		}
	}
}

func TestStrokeLineButt(t *testing.T) {
	g := NewGraphics()
	g.LineWidth = 4
	g.MoveTo(0, 0)
	g.LineTo(100, 0)
	g.Stroke()
	vs, is := g.Tessellate(0)
	if len(is)/3 != 2 {
		t.Errorf("no fringe: %d triangles, want 2", len(is)/3)
	}
	if a, _ := solidArea(t, vs, is); !near(a, 400) {
		t.Errorf("area %v, want 100×4", a)
	}
	vs, is = g.Tessellate(1)
	// cap fringe, start, end, cap fringe: 3 strips of 6 triangles.
	if len(is)/3 != 18 {
		t.Errorf("fringe: %d triangles, want 18", len(is)/3)
	}
	if a, _ := solidArea(t, vs, is); !near(a, 400) {
		t.Errorf("opaque area %v, want 400", a)
	}
	for _, v := range vs {
		p := pos(v)
		if alpha(v) == 255 && (abs(p[1]) > 2.001 || p[0] < -0.001 || p[0] > 100.001) {
			t.Errorf("opaque vertex %v beyond the butt-capped line", p)
		}
		if alpha(v) == 0 && abs(p[1]) < 2.999 && p[0] > -0.999 && p[0] < 100.999 {
			t.Errorf("fringe vertex %v inside the line's outline", p)
		}
	}
	g.LineCap = CapSquare
	g.Clear()
	g.MoveTo(0, 0)
	g.LineTo(100, 0)
	g.Stroke()
	vs, is = g.Tessellate(0)
	if a, _ := solidArea(t, vs, is); !near(a, 104*4) {
		t.Errorf("square caps: area %v, want 104×4", a)
	}
}

// A right-angle corner: the miter join reaches (hw, -hw) past the corner
// on the outside; the bevel join does not pass hw from the corner.
func TestStrokeJoins(t *testing.T) {
	for _, join := range []LineJoin{JoinMiter, JoinBevel} {
		g := NewGraphics()
		g.LineWidth = 10
		g.LineJoin = join
		g.MoveTo(0, 0)
		g.LineTo(100, 0)
		g.LineTo(100, 100)
		g.Stroke()
		vs, is := g.Tessellate(0)
		corner := mgl32.Vec2{100, 0}
		var maxCorner float32 // reach on the outer side of the corner
		for _, v := range vs {
			if d := pos(v).Sub(corner); d.Len() < 20 && d[0] >= 0 && d[1] <= 0 {
				maxCorner = max(maxCorner, d.Len())
			}
		}
		a, _ := solidArea(t, vs, is)
		switch join {
		case JoinMiter:
			if !near(maxCorner, 5*float32(math.Sqrt2)) || len(is)/3 != 4 {
				t.Errorf("miter: corner reach %v (want 5√2), %d triangles (want 4)", maxCorner, len(is)/3)
			}
			// Two 100×10 rectangles overlap in... the union is 105×10 + 10×95 - 0.
			if !near(a, 105*10+95*10) {
				t.Errorf("miter: area %v, want %v", a, 105*10+95*10)
			}
		case JoinBevel:
			if maxCorner > 5*float32(math.Sqrt2)-0.1 || len(is)/3 != 6 {
				t.Errorf("bevel: corner reach %v (want <5√2), %d triangles (want 6)", maxCorner, len(is)/3)
			}
			if !near(a, 105*10+95*10-12.5) { // the miter less the cut corner
				t.Errorf("bevel: area %v, want %v", a, 105*10+95*10-12.5)
			}
		}
	}
}

func TestStrokeClosedRect(t *testing.T) {
	g := NewGraphics()
	g.LineWidth = 2
	g.Rect(0, 0, 10, 10)
	g.Stroke()
	vs, is := g.Tessellate(0)
	if len(is)/3 != 8 {
		t.Errorf("%d triangles, want 4 sides × 2", len(is)/3)
	}
	if a, _ := solidArea(t, vs, is); !near(a, 12*12-8*8) {
		t.Errorf("area %v, want the 12×12 ring less 8×8", a)
	}
	if _, is = g.Tessellate(0.5); len(is)/3 != 24 {
		t.Errorf("with fringe: %d triangles, want 24", len(is)/3)
	}
}

// Fill then Stroke use the same path; a path command after them starts a
// new one.
func TestPathSemantics(t *testing.T) {
	g := NewGraphics()
	g.Rect(0, 0, 10, 10)
	g.Fill()
	g.Stroke()
	g.Circle(50, 50, 5)
	g.Fill()
	if len(g.ops) != 3 || g.ops[0].n != 1 || g.ops[1].n != 1 || g.ops[1].first != 0 || g.ops[2].first != 1 || g.ops[2].n != 1 {
		t.Errorf("ops %+v", g.ops)
	}
	g.Clear()
	if _, is := g.Tessellate(1); len(is) != 0 {
		t.Errorf("%d indices after Clear", len(is))
	}
}

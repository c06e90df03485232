package vector

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// tess builds triangles into reused buffers.
type tess struct {
	verts []render.MeshVertex
	idx   []uint32
	poly  []mgl32.Vec2 // cleaned subpath
	ring  []int32      // ear clipping's remaining vertices
}

func (t *tess) reset() { t.verts, t.idx = t.verts[:0], t.idx[:0] }

func (t *tess) vert(p mgl32.Vec2, c render.Color) uint32 {
	t.verts = append(t.verts, render.MeshVertex{Position: [3]float32{p[0], p[1], 0}, Normal: [3]float32{0, 0, 1}, Color: c})
	return uint32(len(t.verts) - 1)
}

func (t *tess) tri(a, b, c uint32) { t.idx = append(t.idx, a, b, c) }

func cross(a, b mgl32.Vec2) float32 { return a[0]*b[1] - a[1]*b[0] }

func perp(d mgl32.Vec2) mgl32.Vec2 { return mgl32.Vec2{-d[1], d[0]} } // left normal

func norm(d mgl32.Vec2) (mgl32.Vec2, float32) {
	l := float32(math.Hypot(float64(d[0]), float64(d[1])))
	if l < 1e-12 {
		return mgl32.Vec2{}, 0
	}
	return d.Mul(1 / l), l
}

// clean copies pts into t.poly without consecutive duplicates (and, when
// closed, without a last point equal to the first).
func (t *tess) clean(pts []mgl32.Vec2, closed bool) []mgl32.Vec2 {
	p := t.poly[:0]
	for _, q := range pts {
		if len(p) > 0 && q.Sub(p[len(p)-1]).Len() < 1e-6 {
			continue
		}
		p = append(p, q)
	}
	if closed {
		for len(p) > 1 && p[0].Sub(p[len(p)-1]).Len() < 1e-6 {
			p = p[:len(p)-1]
		}
	}
	t.poly = p
	return p
}

func signedArea(p []mgl32.Vec2) float32 {
	var a float32
	for i := range p {
		a += cross(p[i], p[(i+1)%len(p)])
	}
	return a / 2
}

// miter returns the offset direction at a vertex between edges with left
// normals n0 and n1, scaled so that it lies on both offset lines, and its
// length (the miter ratio).
func miter(n0, n1 mgl32.Vec2) (mgl32.Vec2, float32) {
	dm := n0.Add(n1).Mul(0.5)
	d2 := dm.Dot(dm)
	if d2 < 1e-6 {
		return n0, 1
	}
	dm = dm.Mul(1 / d2)
	return dm, dm.Len()
}

// fill tessellates the simple polygon pts (either winding): ear clipping
// for the interior, then a fringe of width w outside each edge.
func (t *tess) fill(pts []mgl32.Vec2, c render.Color, w float32) {
	p := t.clean(pts, true)
	if len(p) < 3 {
		return
	}
	if signedArea(p) < 0 {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	n := len(p)
	base := uint32(len(t.verts))
	for _, q := range p {
		t.vert(q, c)
	}
	t.earClip(p, base)
	if w <= 0 {
		return
	}
	clear := c.WithAlpha(0)
	obase := uint32(len(t.verts))
	for i := range p {
		prev, next := p[(i+n-1)%n], p[(i+1)%n]
		d0, _ := norm(p[i].Sub(prev))
		d1, _ := norm(next.Sub(p[i]))
		// Outward is the right side of a counter-clockwise polygon.
		dm, r := miter(perp(d0).Mul(-1), perp(d1).Mul(-1))
		if r > 4 {
			dm = dm.Mul(4 / r)
		}
		t.vert(p[i].Add(dm.Mul(w)), clear)
	}
	for i := range n {
		j := uint32((i + 1) % n)
		a, b := base+uint32(i), base+j
		oa, ob := obase+uint32(i), obase+j
		t.tri(a, oa, ob)
		t.tri(a, ob, b)
	}
}

// earClip triangulates the counter-clockwise simple polygon p, whose
// vertices start at index base.
func (t *tess) earClip(p []mgl32.Vec2, base uint32) {
	r := t.ring[:0]
	for i := range p {
		r = append(r, int32(i))
	}
	for len(r) > 3 {
		m := len(r)
		found := -1
		for i := 0; i < m && found < 0; i++ {
			a, b, c := p[r[(i+m-1)%m]], p[r[i]], p[r[(i+1)%m]]
			if cross(b.Sub(a), c.Sub(b)) <= 0 {
				continue // reflex or flat
			}
			ear := true
			for k := 0; k < m && ear; k++ {
				if k == i || k == (i+m-1)%m || k == (i+1)%m {
					continue
				}
				q := p[r[k]]
				if q == a || q == b || q == c {
					continue
				}
				if inTri(q, a, b, c) {
					ear = false
				}
			}
			if ear {
				found = i
			}
		}
		if found < 0 {
			found = 0 // not simple, or degenerate: clip anyway so it ends
		}
		t.tri(base+uint32(r[(found+m-1)%m]), base+uint32(r[found]), base+uint32(r[(found+1)%m]))
		r = append(r[:found], r[found+1:]...)
	}
	if len(r) == 3 {
		t.tri(base+uint32(r[0]), base+uint32(r[1]), base+uint32(r[2]))
	}
	t.ring = r
}

// inTri reports whether q lies in the counter-clockwise triangle abc,
// edges included.
func inTri(q, a, b, c mgl32.Vec2) bool {
	return cross(b.Sub(a), q.Sub(a)) >= 0 && cross(c.Sub(b), q.Sub(b)) >= 0 && cross(a.Sub(c), q.Sub(c)) >= 0
}

// stroke tessellates the polyline pts of width lw with fringe w: each
// station is four vertices across the line (outer-left fringe, left,
// right, outer-right fringe) and consecutive stations join with 6
// triangles.
func (t *tess) stroke(pts []mgl32.Vec2, closed bool, c render.Color, lw, w float32, join LineJoin, limit float32, lcap LineCap) {
	p := t.clean(pts, closed)
	n := len(p)
	if n < 2 || lw <= 0 {
		return
	}
	if closed && n < 3 {
		closed = false
	}
	hw := lw / 2
	if w > 0 && lw < w { // thinner than the fringe: fade instead
		c = c.WithAlpha(uint8(float32(c>>24) * lw / w))
		hw = w / 2
	}
	clear := c.WithAlpha(0)
	first := uint32(len(t.verts))
	prevStation := int64(-1)
	station := func(q, off mgl32.Vec2, offR mgl32.Vec2, col, fcol render.Color) {
		s := uint32(len(t.verts))
		wl, wr := off.Mul((hw+w)/hw), offR.Mul((hw+w)/hw)
		t.vert(q.Add(wl), fcol)
		t.vert(q.Add(off), col)
		t.vert(q.Sub(offR), col)
		t.vert(q.Sub(wr), fcol)
		if prevStation >= 0 {
			a := uint32(prevStation)
			t.strip(a, s, w > 0)
		}
		prevStation = int64(s)
	}
	segs := n - 1
	if closed {
		segs = n
	}
	for i := range n {
		var d0, d1 mgl32.Vec2
		var l0, l1 float32
		hasIn := closed || i > 0
		hasOut := closed || i < n-1
		if hasIn {
			d0, l0 = norm(p[i].Sub(p[(i+n-1)%n]))
		}
		if hasOut {
			d1, l1 = norm(p[(i+1)%n].Sub(p[i]))
		}
		switch {
		case !hasIn: // start cap
			nl := perp(d1).Mul(hw)
			q := p[i]
			if lcap == CapSquare {
				q = q.Sub(d1.Mul(hw))
			}
			if w > 0 {
				station(q.Sub(d1.Mul(w)), nl, nl, clear, clear)
			}
			station(q, nl, nl, c, clear)
		case !hasOut: // end cap
			nl := perp(d0).Mul(hw)
			q := p[i]
			if lcap == CapSquare {
				q = q.Add(d0.Mul(hw))
			}
			station(q, nl, nl, c, clear)
			if w > 0 {
				station(q.Add(d0.Mul(w)), nl, nl, clear, clear)
			}
		default:
			n0, n1 := perp(d0), perp(d1)
			dm, r := miter(n0, n1)
			if join == JoinMiter && r <= limit {
				station(p[i], dm.Mul(hw), dm.Mul(hw), c, clear)
				break
			}
			// Bevel: the inner side keeps the miter point (shortened to
			// the shorter edge), the outer side steps from n0 to n1.
			inner := dm.Mul(hw)
			if lim := min(l0, l1); inner.Len() > lim && lim > 0 {
				inner = inner.Mul(lim / inner.Len())
			}
			if cross(d0, d1) > 0 { // left turn: left is inner
				station(p[i], inner, n0.Mul(hw), c, clear)
				station(p[i], inner, n1.Mul(hw), c, clear)
			} else {
				station(p[i], n0.Mul(hw), inner, c, clear)
				station(p[i], n1.Mul(hw), inner, c, clear)
			}
		}
	}
	if closed && segs == n {
		t.strip(uint32(prevStation), first, w > 0)
	}
}

// strip joins stations a and b (four vertices each).
func (t *tess) strip(a, b uint32, fringe bool) {
	for k := uint32(0); k < 3; k++ {
		if !fringe && k != 1 {
			continue
		}
		t.tri(a+k, b+k+1, b+k)
		t.tri(a+k, a+k+1, b+k+1)
	}
}

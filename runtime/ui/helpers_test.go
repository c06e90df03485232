package ui

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// sink is a director.FrameSink over one render.Frame, executed by the null
// backend (which validates it) unless exec is off; after each Submit it
// keeps a copy of what was recorded, unless keep is off.
type sink struct {
	f    *render.Frame
	b    *null.Backend
	exec bool
	keep bool
	last recorded
	t    testing.TB
}

// recorded is one frame's recording.
type recorded struct {
	passes []render.Pass
	items  []render.DrawItem
	verts  []render.SpriteVertex
}

// drawnQuad is one recorded sprite, as the test reads it.
type drawnQuad struct {
	pass           int
	x0, y0, x1, y1 float32 // world bounds
	u0, v0, u1, v1 float32 // at the bottom-left corner (u0, v0) and top-right (u1, v1)
	color          render.Color
	texture        render.TextureID
	item           render.DrawItem
}

func newSink(t testing.TB, w, h int) *sink {
	b := null.New()
	if err := b.Init(); err != nil {
		t.Fatal(err)
	}
	f := render.NewFrame()
	f.SetScreenSize(w, h)
	return &sink{f: f, b: b, exec: true, keep: true, t: t}
}

func (s *sink) Frame() *render.Frame { return s.f }

func (s *sink) Submit() error {
	if s.keep {
		s.last = recorded{
			passes: append([]render.Pass(nil), s.f.Passes()...),
			items:  append([]render.DrawItem(nil), s.f.Items()...),
			verts:  append([]render.SpriteVertex(nil), s.f.SpriteVertices()...),
		}
	}
	var err error
	if s.exec {
		err = s.b.Execute(s.f)
	}
	w, h := s.f.ScreenSize()
	s.f.Reset()
	s.f.SetScreenSize(w, h)
	if err != nil {
		s.t.Errorf("null backend: %v", err)
	}
	return err
}

// quads returns the sprites of the last frame in recording order.
func (s *sink) quads() []drawnQuad {
	var qs []drawnQuad
	for _, it := range s.last.items {
		if it.Kind != render.KindSprite {
			continue
		}
		n := int(it.Count)
		if n == 0 {
			n = 1
		}
		for k := 0; k < n; k++ {
			v := s.last.verts[4*(int(it.Index)+k):][:4]
			q := drawnQuad{pass: int(it.Pass), color: v[0].Color, texture: it.Texture, item: it,
				x0: float32(math.Inf(1)), y0: float32(math.Inf(1)), x1: float32(math.Inf(-1)), y1: float32(math.Inf(-1))}
			for _, p := range v {
				q.x0, q.y0 = min(q.x0, p.X), min(q.y0, p.Y)
				q.x1, q.y1 = max(q.x1, p.X), max(q.y1, p.Y)
			}
			for _, p := range v {
				if p.X == q.x0 && p.Y == q.y0 {
					q.u0, q.v0 = p.U, p.V
				}
				if p.X == q.x1 && p.Y == q.y1 {
					q.u1, q.v1 = p.U, p.V
				}
			}
			qs = append(qs, q)
		}
	}
	return qs
}

// world is a Director with a ui System, a null-backed frame sink and a
// running scene with an orthographic camera showing world (0,0)-(w,h) at
// one unit per pixel: screen pixel (x, y) is world (x, h-y).
type world struct {
	t    testing.TB
	d    *director.Director
	sys  *System
	s    *scenegraph.Scene
	cam  *scenegraph.Camera
	sink *sink
	w, h int
}

func newWorld(t testing.TB, w, h int) *world {
	t.Helper()
	d := director.New()
	sys := Install(d)
	sk := newSink(t, w, h)
	d.SetFrameSink(sk, scenegraph.Extract)
	s := scenegraph.NewScene("UI")
	s.PanicFatal = true
	camNode := scenegraph.NewNode("Camera")
	camNode.SetPosition(mgl32.Vec3{float32(w) / 2, float32(h) / 2, 0})
	s.AddChild(camNode)
	cam := scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.Black))
	d.RunScene(s)
	if SystemOf(s.Root()) != sys {
		t.Fatal("the scene does not see the Director's ui System")
	}
	wd := &world{t: t, d: d, sys: sys, s: s, cam: cam, sink: sk, w: w, h: h}
	wd.tick() // cameras know the screen from their first extraction
	return wd
}

func (w *world) tick() { w.d.Tick(1.0 / 60) }

// add returns a new node under parent (the scene's root when nil) at
// (x, y) with a w×h Rect anchored at its center.
func (w *world) add(parent *scenegraph.Node, name string, x, y, rw, rh float32) (*scenegraph.Node, *Rect) {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	if parent == nil {
		parent = w.s.Root()
	}
	if err := parent.AddChild(n); err != nil {
		w.t.Fatal(err)
	}
	return n, scenegraph.AddComponent(n, NewRect(rw, rh))
}

// screen converts a world point to screen pixels.
func (w *world) screen(x, y float32) (float32, float32) { return x, float32(w.h) - y }

// press, move and release feed the mouse's primary button at world (x, y).
func (w *world) press(x, y float32) {
	sx, sy := w.screen(x, y)
	w.sys.PointerDown(MouseID, PrimaryButton, sx, sy)
}

func (w *world) move(x, y float32) {
	sx, sy := w.screen(x, y)
	w.sys.PointerMove(MouseID, sx, sy)
}

func (w *world) release(x, y float32) {
	sx, sy := w.screen(x, y)
	w.sys.PointerUp(MouseID, PrimaryButton, sx, sy)
}

func (w *world) click(x, y float32) {
	w.press(x, y)
	w.release(x, y)
}

// hitAt returns the topmost node at world (x, y).
func (w *world) hitAt(x, y float32) *scenegraph.Node {
	sx, sy := w.screen(x, y)
	n, _ := w.sys.HitTest(sx, sy)
	return n
}

// log records node events as "type@node" strings (with the target when it
// differs: "type@node<target").
type log struct{ got []string }

func (l *log) listen(n *scenegraph.Node, types ...string) {
	for _, typ := range types {
		n.On(typ, func(e *scenegraph.Event) {
			s := e.Type + "@" + e.CurrentTarget.Name()
			if e.Target != e.CurrentTarget {
				s += "<" + e.Target.Name()
			}
			l.got = append(l.got, s)
		}, nil)
	}
}

func (l *log) take() []string { g := l.got; l.got = nil; return g }

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-3 }

func nearVec(a, b mgl32.Vec2) bool { return near(a[0], b[0]) && near(a[1], b[1]) }

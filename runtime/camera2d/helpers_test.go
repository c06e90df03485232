package camera2d

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// sink is a director.FrameSink over one render.Frame that drops what was
// recorded: the cameras only need to be extracted to know the screen.
type sink struct{ f *render.Frame }

func (s *sink) Frame() *render.Frame { return s.f }

func (s *sink) Submit() error {
	w, h := s.f.ScreenSize()
	s.f.Reset()
	s.f.SetScreenSize(w, h)
	return nil
}

// rig is a Director running a scene with an orthographic camera (Cam, on
// node CamNode) drawing to a w×h screen and a Target node.
type rig struct {
	t       testing.TB
	d       *director.Director
	s       *scenegraph.Scene
	CamNode *scenegraph.Node
	Cam     *scenegraph.Camera
	Target  *scenegraph.Node
}

func newRig(t testing.TB, w, h int) *rig {
	t.Helper()
	d := director.New()
	f := render.NewFrame()
	f.SetScreenSize(w, h)
	d.SetFrameSink(&sink{f}, scenegraph.Extract)
	s := scenegraph.NewScene("Cam")
	s.PanicFatal = true
	cn := scenegraph.NewNode("Camera")
	s.AddChild(cn)
	cam := scenegraph.AddComponent(cn, scenegraph.NewOrthoCamera(render.Black))
	tg := scenegraph.NewNode("Target")
	s.AddChild(tg)
	d.RunScene(s)
	r := &rig{t: t, d: d, s: s, CamNode: cn, Cam: cam, Target: tg}
	r.tick(1.0 / 60) // launch the scene; the camera learns the screen
	return r
}

func (r *rig) tick(dt float64) { r.d.Tick(dt) }

func (r *rig) camXY() mgl32.Vec2 {
	p := r.CamNode.WorldPosition()
	return mgl32.Vec2{p[0], p[1]}
}

func (r *rig) want(what string, x, y float32) {
	r.t.Helper()
	if got := r.camXY(); got != (mgl32.Vec2{x, y}) {
		r.t.Fatalf("%s: camera at %v, want exactly (%v, %v)", what, got, x, y)
	}
}

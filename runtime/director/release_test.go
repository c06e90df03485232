package director

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/scenegraph"
)

// nullSink records frames and executes them on the null backend, which
// counts live render resources.
type nullSink struct {
	b *null.Backend
	f *render.Frame
	n uint64
}

func (s *nullSink) Frame() *render.Frame { return s.f }
func (s *nullSink) Submit() error {
	s.n++
	s.f.SetNumber(s.n)
	err := s.b.Execute(s.f)
	s.f.Reset()
	return err
}

// shadowScene is a camera, a mesh and a sun casting shadows.
func shadowScene(mesh render.MeshID) *scenegraph.Scene {
	s := scenegraph.NewScene("Shadows")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{0, 2, 6})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewPerspectiveCamera(45, render.Black))
	sun := scenegraph.NewNode("Sun")
	sun.SetRotationEuler(-60, 20, 0)
	s.AddChild(sun)
	scenegraph.AddComponent(sun, &scenegraph.DirectionalLight{Shadows: true, ShadowSize: 64})
	box := scenegraph.NewNode("Box")
	s.AddChild(box)
	scenegraph.AddComponent(box, &scenegraph.MeshRenderer{Mesh: mesh})
	return s
}

// A scene unloaded while its sun casts shadows gives its shadow map back
// in the next frame: switching scenes back and forth leaks no targets.
func TestUnloadReleasesShadowMaps(t *testing.T) {
	b := null.New()
	if err := b.Init(); err != nil {
		t.Fatal(err)
	}
	sink := &nullSink{b: b, f: render.NewFrame()}
	d := New()
	d.SetFrameSink(sink, scenegraph.Extract)
	mesh := sink.f.CreateMesh(render.CubeMesh())
	d.RunSceneImmediate(shadowScene(mesh))
	for range 3 {
		d.Tick(1.0 / 60)
	}
	if err := d.RenderErr(); err != nil {
		t.Fatal(err)
	}
	if n := b.Live().Targets; n != 1 {
		t.Fatalf("%d live targets with one shadow-casting sun, want 1", n)
	}
	for i := range 4 {
		d.RunScene(shadowScene(mesh))
		d.Tick(1.0 / 60)
		d.Tick(1.0 / 60)
		if n := b.Live().Targets; n != 1 {
			t.Fatalf("after scene switch %d: %d live targets, want 1", i+1, n)
		}
	}
	d.RunScene(scenegraph.NewScene("Empty"))
	d.Tick(1.0 / 60)
	d.Tick(1.0 / 60)
	if n := b.Live().Targets; n != 0 {
		t.Errorf("after switching to a scene without lights: %d live targets, want 0", n)
	}
}

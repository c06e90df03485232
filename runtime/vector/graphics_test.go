package vector

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

func scene(t testing.TB, orthoHeight float32) (*scenegraph.Scene, *render.Frame, *Graphics, *scenegraph.Node) {
	s := scenegraph.NewScene("S")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(cam)
	c := scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
	c.OrthoHeight = orthoHeight
	n := scenegraph.NewNode("G")
	n.SetPositionXY(100, 200)
	s.AddChild(n)
	g := scenegraph.AddComponent(n, NewGraphics())
	g.SortLayer, g.Order = 3, -2
	g.Rect(0, 0, 50, 20)
	g.Fill()
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	return s, f, g, n
}

func count(cmds []render.ResourceCommand, op render.ResourceOp) (n int, last render.MeshID) {
	for _, c := range cmds {
		if c.Op == op {
			n++
			last = c.Mesh
		}
	}
	return n, last
}

// The first frame uploads the mesh and records one unlit, alpha-blended
// MeshDraw at the node; an unchanged frame uploads nothing; a change
// uploads once and deletes the old mesh after the frame's draws.
func TestGraphicsUploadsOnlyOnChange(t *testing.T) {
	s, f, g, n := scene(t, 0)
	scenegraph.Extract(s, f)
	if c, id := count(f.Resources(), render.OpCreateMesh); c != 1 || id != g.Mesh() || id == 0 {
		t.Fatalf("first frame: %d creates (mesh %v, component's %v), want 1", c, id, g.Mesh())
	}
	ds := f.MeshDraws()
	if len(ds) != 1 {
		t.Fatalf("%d mesh draws, want 1", len(ds))
	}
	d := ds[0]
	if d.Mesh != g.Mesh() || d.Blend != render.BlendAlpha || !d.Material.Unlit ||
		d.Layer != 3 || d.Order != -2 || d.Model != n.WorldMatrix() {
		t.Errorf("draw %+v", d)
	}
	if st := s.RenderStats(); st.Rendered != 1 {
		t.Errorf("stats %+v", st)
	}
	first := g.Mesh()
	f.Reset()
	scenegraph.Extract(s, f)
	if len(f.Resources()) != 0 || len(f.Deletes()) != 0 || len(f.MeshDraws()) != 1 || f.MeshDraws()[0].Mesh != first {
		t.Errorf("unchanged frame: %d resources, %d deletes, draws %+v", len(f.Resources()), len(f.Deletes()), f.MeshDraws())
	}
	// Moving the node changes only the Model.
	n.SetPositionXY(300, 300)
	f.Reset()
	scenegraph.Extract(s, f)
	if len(f.Resources()) != 0 || f.MeshDraws()[0].Model != n.WorldMatrix() {
		t.Errorf("moved: %d resources, model %v", len(f.Resources()), f.MeshDraws()[0].Model)
	}
	g.Clear()
	g.Circle(0, 0, 10)
	g.Fill()
	g.Stroke()
	f.Reset()
	scenegraph.Extract(s, f)
	c, id := count(f.Resources(), render.OpCreateMesh)
	dc, did := count(f.Deletes(), render.OpDeleteMesh)
	if c != 1 || dc != 1 || did != first || id != g.Mesh() || f.MeshDraws()[0].Mesh != id {
		t.Errorf("changed: %d creates (%v), %d deletes (%v, want %v), draw of %v", c, id, dc, did, first, f.MeshDraws()[0].Mesh)
	}
	// Cleared: the mesh goes and nothing is drawn.
	g.Clear()
	f.Reset()
	scenegraph.Extract(s, f)
	if dc, _ := count(f.Deletes(), render.OpDeleteMesh); dc != 1 || len(f.MeshDraws()) != 0 || g.Mesh() != 0 {
		t.Errorf("cleared: %d deletes, %d draws, mesh %v", dc, len(f.MeshDraws()), g.Mesh())
	}
}

// The fringe is one pixel: with OrthoHeight 150 on a 600-pixel screen a
// pixel is half a unit, and a node scaled ×2 halves it again locally.
func TestGraphicsFringeFollowsPixelSize(t *testing.T) {
	s, f, g, _ := scene(t, 0)
	scenegraph.Extract(s, f)
	if !near(g.fringe, 1) {
		t.Errorf("one unit per pixel: fringe %v, want 1", g.fringe)
	}
	s2, f2, g2, n2 := scene(t, 150)
	n2.SetScale(mgl32.Vec3{2, 2, 1})
	scenegraph.Extract(s2, f2)
	if !near(g2.fringe, 0.25) {
		t.Errorf("2 px per unit, scale 2: fringe %v, want 0.25", g2.fringe)
	}
}

func TestGraphicsUnchangedFrameAllocatesNothing(t *testing.T) {
	s, f, g, _ := scene(t, 0)
	g.MoveTo(0, 0)
	g.LineTo(40, 40)
	g.LineTo(80, 0)
	g.Stroke()
	frame := func() {
		f.Reset()
		scenegraph.Extract(s, f)
	}
	for range 3 {
		frame()
	}
	if n := testing.AllocsPerRun(100, frame); n != 0 {
		t.Errorf("%v allocations per unchanged frame", n)
	}
	if len(f.MeshDraws()) != 1 {
		t.Errorf("%d draws", len(f.MeshDraws()))
	}
}

// frameSink gives a Director one frame to draw into.
type frameSink struct{ f *render.Frame }

func (s *frameSink) Frame() *render.Frame { return s.f }
func (s *frameSink) Submit() error        { return nil }

// A destroyed Graphics deletes its mesh through its Director's frame: no
// GPU mesh outlives the component.
func TestGraphicsDestroyFreesMesh(t *testing.T) {
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	d := director.New()
	d.SetFrameSink(&frameSink{f}, scenegraph.Extract)
	d.BeginFrame.On(func(*director.Director) { f.Reset() }) // as a Renderer starts a new frame
	s := scenegraph.NewScene("S")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	n := scenegraph.NewNode("G")
	s.AddChild(n)
	g := scenegraph.AddComponent(n, NewGraphics())
	g.Circle(0, 0, 20)
	g.Fill()
	d.RunScene(s)
	d.Tick(1.0 / 60)
	if c, _ := count(f.Resources(), render.OpCreateMesh); c != 1 {
		t.Fatalf("%d meshes made", c)
	}
	mesh := g.Mesh()
	n.Destroy()
	d.Tick(1.0 / 60)
	del, last := count(f.Deletes(), render.OpDeleteMesh)
	if del != 1 || last != mesh {
		t.Fatalf("after destroy: %d mesh deletes (last %v), want mesh %v deleted", del, last, mesh)
	}
}

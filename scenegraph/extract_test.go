package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// scene2D returns a launched scene with an 800x600 pixel camera whose view
// spans world (0,0)-(800,600).
func scene2D(t testing.TB) (*Scene, *Camera, *render.Frame) {
	s := NewScene("S")
	camNode := NewNode("Camera")
	camNode.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(camNode)
	cam := AddComponent(camNode, NewOrthoCamera(render.RGBA(10, 20, 30, 255)))
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	return s, cam, f
}

func spriteAt(s *Scene, name string, x, y float32) *Sprite {
	n := NewNode(name)
	n.SetPositionXY(x, y)
	s.AddChild(n)
	return AddComponent(n, NewSprite(0, 32, 32))
}

func TestExtractSpritesInTreeOrderWithCulling(t *testing.T) {
	s, _, f := scene2D(t)
	a := spriteAt(s, "A", 100, 100)
	spriteAt(s, "B", 200, 100).FlipX = true
	spriteAt(s, "Far", 5000, 100)
	off := spriteAt(s, "Off", 300, 300)
	off.SetEnabled(false)
	hidden := spriteAt(s, "Hidden", 300, 300)
	hidden.Node().Layer = 1 << 4
	s.Cameras()[0].Visibility = DefaultLayer
	Extract(s, f)

	if st := s.RenderStats(); st.Cameras != 1 || st.Rendered != 2 || st.Culled != 1 {
		t.Fatalf("stats %+v, want 1 camera, 2 rendered, 1 culled", st)
	}
	if len(f.Passes()) != 1 || f.Passes()[0].ClearColor != ([4]float32{10.0 / 255, 20.0 / 255, 30.0 / 255, 1}) {
		t.Fatalf("passes %+v", f.Passes())
	}
	vs := f.SpriteVertices()
	if len(vs) != 8 {
		t.Fatalf("%d sprite vertices, want 8", len(vs))
	}
	// A is centered on (100,100): its bottom-left corner is (84,84).
	if vs[0].X != 84 || vs[0].Y != 84 || vs[2].X != 116 || vs[2].Y != 116 {
		t.Fatalf("A's corners: %+v %+v", vs[0], vs[2])
	}
	// B comes second (tree order) and is flipped: u runs 1 -> 0.
	if vs[4].X != 184 || vs[4].U != 1 || vs[5].U != 0 {
		t.Fatalf("B: %+v %+v", vs[4], vs[5])
	}
	// The camera's view-projection maps world (400,300) to the center.
	c := f.Passes()[0].ViewProj.Mul4x1(mgl32.Vec4{400, 300, 0, 1})
	if !c.Vec3().ApproxEqualThreshold(mgl32.Vec3{0, 0, c[2]}, 1e-5) {
		t.Fatalf("camera center maps to %v", c)
	}
	_ = a
}

func TestCamerasDrawByPriority(t *testing.T) {
	s, main, f := scene2D(t)
	n := NewNode("UI")
	s.AddChild(n)
	ui := AddComponent(n, &Camera{Priority: 10})
	bg := AddComponent(n, &Camera{Priority: -5, Clear: render.ClearColor})
	Extract(s, f)
	ps := f.Passes()
	if len(ps) != 3 || ps[0].Clear != render.ClearColor || ps[2].Clear != 0 {
		t.Fatalf("passes not in priority order: %+v", ps)
	}
	f.Reset()
	main.Priority = 20 // re-sorted on the next Extract
	Extract(s, f)
	if got := s.Cameras(); got[0] != bg || got[1] != ui || got[2] != main {
		t.Fatal("cameras must re-sort after a priority change")
	}
}

func TestPerspectiveMeshCulling(t *testing.T) {
	s := NewScene("S")
	camNode := NewNode("Cam")
	camNode.SetPosition(mgl32.Vec3{0, 0, 10})
	s.AddChild(camNode)
	AddComponent(camNode, NewPerspectiveCamera(60, render.Black))
	light := NewNode("Sun")
	light.SetRotationEuler(-90, 0, 0)
	s.AddChild(light)
	AddComponent(light, &DirectionalLight{Ambient: 0.2})
	front, behind := NewNode("Front"), NewNode("Side")
	behind.SetPosition(mgl32.Vec3{100, 0, 0})
	s.AddChild(front)
	s.AddChild(behind)
	AddComponent(front, &MeshRenderer{Mesh: 1, Radius: 1})
	AddComponent(behind, &MeshRenderer{Mesh: 1, Radius: 1})
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(640, 480)
	Extract(s, f)
	if st := s.RenderStats(); st.Rendered != 1 || st.Culled != 1 {
		t.Fatalf("stats %+v", st)
	}
	l := f.Passes()[0].Lights
	if l.SunDir.Sub(mgl32.Vec3{0, -1, 0}).Len() > 1e-5 || l.Ambient != (mgl32.Vec3{0.2, 0.2, 0.2}) {
		t.Fatalf("light %v, ambient %v", l.SunDir, l.Ambient)
	}
}

func TestScreenToWorld(t *testing.T) {
	s, cam, f := scene2D(t)
	Extract(s, f)                // the camera learns the 800×600 screen
	p := cam.ScreenToWorld(0, 0) // top-left pixel
	if !p.ApproxEqualThreshold(mgl32.Vec3{0, 600, 0}, 1e-3) {
		t.Fatalf("top-left maps to %v", p)
	}
}

func TestExtractAllocatesNothing(t *testing.T) {
	s, _, f := scene2D(t)
	for i := range 1000 {
		spriteAt(s, "S", float32(i%800), float32(i%600)).Node().SetAngle(float32(i))
	}
	Extract(s, f)
	f.Reset()
	allocs := testing.AllocsPerRun(50, func() {
		Extract(s, f)
		f.Reset()
	})
	if allocs != 0 {
		t.Fatalf("Extract allocates %v times per frame", allocs)
	}
}

func BenchmarkExtract10kSprites(b *testing.B) {
	s, _, f := scene2D(b)
	var nodes []*Node
	for i := range 10000 {
		nodes = append(nodes, spriteAt(s, "S", float32(i%800), float32(i%600)).Node())
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, n := range nodes {
			n.SetPositionXY(float32((i*7+int(f.Number()))%800), float32(i%600))
		}
		Extract(s, f)
		f.Reset()
	}
}

// A camera with the default Visibility does not draw EngineLayer nodes; one
// that asks for the layer does.
func TestDefaultVisibilitySkipsEngineLayer(t *testing.T) {
	s, cam, f := scene2D(t)
	spriteAt(s, "Game", 100, 100)
	spriteAt(s, "Overlay", 200, 100).Node().Layer = EngineLayer
	Extract(s, f)
	if st := s.RenderStats(); st.Rendered != 1 {
		t.Fatalf("default camera drew %d sprites, want 1 (not the engine layer)", st.Rendered)
	}
	f.Reset()
	cam.Visibility = EngineLayer | DefaultLayer
	Extract(s, f)
	if st := s.RenderStats(); st.Rendered != 2 {
		t.Fatalf("a camera that asks for the engine layer drew %d, want 2", st.Rendered)
	}
}

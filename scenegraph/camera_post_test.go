package scenegraph

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/null"
)

// copyPass returns a graph pass that draws its first read image into what
// it writes.
func copyPass(name string, reads []string, writes string) graph.Pass {
	return graph.Pass{Name: name, Reads: reads, Writes: writes, Draw: func(c *graph.Context) {
		c.Begin(render.Pass{}).DrawFullscreen(&render.FullscreenDraw{Texture: c.Texture(reads[0])})
	}}
}

// bloomGraph returns a two-pass graph: "blur" reads the scene into a
// half-size image, "tonemap" combines both into the output.
func bloomGraph(t testing.TB) *graph.Graph {
	g := graph.New()
	g.Image(graph.Scene, graph.ImageDesc{Format: render.FormatRGBA16F})
	g.Image("half", graph.ImageDesc{Scale: 0.5, Format: render.FormatRGBA16F})
	// Added out of order: the graph orders them.
	if err := g.Add(copyPass("tonemap", []string{graph.Scene, "half"}, "")); err != nil {
		t.Fatal(err)
	}
	if err := g.Add(copyPass("blur", []string{graph.Scene}, "half")); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCameraPostGraphPassOrder(t *testing.T) {
	b := null.New()
	if err := b.Init(); err != nil {
		t.Fatal(err)
	}
	defer b.Shutdown()
	s, cam, _, f := shadowScene(t)
	s.PanicFatal = true
	mesh := f.CreateMesh(render.CubeMesh())
	AddComponent(addNode(s, "Box", mgl32.Vec3{}), &MeshRenderer{Mesh: mesh})
	cam.Viewport = mgl32.Vec4{0.5, 0, 0.5, 1} // the right half: 320×480 of 640×480
	Extract(s, f)
	direct := f.Passes()[1]
	wantX, wantY := cam.WorldToScreen(mgl32.Vec3{1, 1, 0})
	runFrame(t, b, f)

	cam.Post = bloomGraph(t)
	for frame := range 3 {
		Extract(s, f)
		ps := f.Passes()
		if got := passNames(ps); !slices.Equal(got, []string{"shadow", "Cam", "blur", "tonemap"}) {
			t.Fatalf("frame %d: passes %v", frame, got)
		}
		sceneTarget, rect := cam.Post.Target(graph.Scene)
		if sceneTarget == 0 || rect != (render.Rect{W: 320, H: 480}) {
			t.Fatalf("scene image %v %+v, want 320×480, the camera's viewport size", sceneTarget, rect)
		}
		p := ps[1]
		if p.Target != sceneTarget || p.Viewport != (render.Rect{}) || p.Clear != cam.Clear ||
			p.ViewProj != direct.ViewProj || p.Lights != direct.Lights {
			t.Fatalf("camera pass %+v\nwant the direct pass %+v drawn into the whole scene image", p, direct)
		}
		if got := meshesInPass(f, 1); len(got) != 1 {
			t.Fatalf("camera pass meshes %v", got)
		}
		if out := ps[3]; out.Target != 0 || out.Viewport != direct.Viewport {
			t.Fatalf("output pass target %v viewport %+v, want the camera's %+v", out.Target, out.Viewport, direct.Viewport)
		}
		fs := f.FullscreenDraws()
		if len(fs) != 2 || fs[1].Texture != f.TargetTexture(sceneTarget, 0) {
			t.Fatalf("fullscreen draws %+v, want the tone mapping of scene texture %v", fs, f.TargetTexture(sceneTarget, 0))
		}
		// Screen mapping still uses the camera's output rectangle.
		if x, y := cam.WorldToScreen(mgl32.Vec3{1, 1, 0}); x != wantX || y != wantY {
			t.Fatalf("WorldToScreen (%v, %v) with post, (%v, %v) without", x, y, wantX, wantY)
		}
		runFrame(t, b, f)
	}
	if got := b.Live().Targets; got != 3 {
		t.Errorf("%d targets alive, want the shadow map and two graph images", got)
	}
	cam.Post.Release(f)
	runFrame(t, b, f)
	if got := b.Live().Targets; got != 1 {
		t.Errorf("%d targets alive after releasing the graph, want the shadow map", got)
	}
}

// A graph that cannot run is reported once, and the camera draws straight
// into its target meanwhile; once fixed it is used again, and a new break
// is reported again.
func TestCameraPostGraphErrorFallsBack(t *testing.T) {
	s, cam, f := scene2D(t)
	lb := &logBuf{}
	s.Logger = lb
	spriteAt(s, "A", 100, 100)
	g := graph.New()
	g.Image(graph.Scene, graph.ImageDesc{})
	if err := g.Add(copyPass("grade", []string{graph.Scene, "lut"}, "")); err != nil {
		t.Fatal(err)
	}
	cam.Post = g
	for range 3 {
		f.Reset()
		Extract(s, f)
		if ps := f.Passes(); len(ps) != 1 || ps[0].Target != 0 || ps[0].Name != "Camera" {
			t.Fatalf("passes %+v, want the camera drawing directly", ps)
		}
		if st := s.RenderStats(); st.Rendered != 1 {
			t.Fatalf("stats %+v: the picture is lost", st)
		}
	}
	if len(lb.lines) != 1 || !strings.Contains(lb.lines[0], `"S/Camera"`) || !strings.Contains(lb.lines[0], "lut") {
		t.Fatalf("log %q, want one report naming the camera and the missing image", lb.lines)
	}

	// Fixed: the graph runs.
	g.Remove("grade")
	if err := g.Add(copyPass("grade", []string{graph.Scene}, "")); err != nil {
		t.Fatal(err)
	}
	f.Reset()
	Extract(s, f)
	if got := passNames(f.Passes()); !slices.Equal(got, []string{"Camera", "grade"}) {
		t.Fatalf("fixed graph: passes %v", got)
	}
	// Broken again, differently: no scene image to draw into.
	g.Remove("grade")
	if err := g.Add(graph.Pass{Name: "fill"}); err != nil {
		t.Fatal(err)
	}
	f.Reset()
	Extract(s, f)
	f.Reset()
	Extract(s, f)
	if ps := f.Passes(); len(ps) != 1 || ps[0].Target != 0 {
		t.Fatalf("passes %v, want the camera drawing directly", passNames(ps))
	}
	if len(lb.lines) != 2 || !strings.Contains(lb.lines[1], graph.Scene) {
		t.Fatalf("log %q, want a second report about the missing scene image", lb.lines)
	}
}

// An error a pass reports while recording is reported once too; the passes
// have been recorded.
func TestCameraPostPassErrorReported(t *testing.T) {
	s, cam, f := scene2D(t)
	lb := &logBuf{}
	s.Logger = lb
	g := graph.New()
	g.Image(graph.Scene, graph.ImageDesc{})
	boom := errors.New("boom")
	err := g.Add(graph.Pass{Name: "bad", Reads: []string{graph.Scene}, Draw: func(c *graph.Context) {
		c.Begin(render.Pass{})
		c.Fail(boom)
	}})
	if err != nil {
		t.Fatal(err)
	}
	cam.Post = g
	for range 3 {
		f.Reset()
		Extract(s, f)
	}
	if got := passNames(f.Passes()); !slices.Equal(got, []string{"Camera", "bad"}) {
		t.Fatalf("passes %v", got)
	}
	if len(lb.lines) != 1 || !strings.Contains(lb.lines[0], "boom") {
		t.Fatalf("log %q", lb.lines)
	}
}

// Extract with a post graph, shadows and lights allocates nothing in steady
// state.
func TestExtractWithPostAllocatesNothing(t *testing.T) {
	s, cam, _, f := shadowScene(t)
	for i := range 50 {
		AddComponent(addNode(s, "M", mgl32.Vec3{float32(i%10) - 5, 0, -float32(i / 10)}), &MeshRenderer{Mesh: 1, Radius: 1})
	}
	AddComponent(addNode(s, "P", mgl32.Vec3{0, 3, 0}), &PointLight{})
	cam.Post = bloomGraph(t)
	frame := func() {
		Extract(s, f)
		f.Reset()
	}
	frame()
	if allocs := testing.AllocsPerRun(50, frame); allocs != 0 {
		t.Fatalf("Extract with a post graph allocates %v times per frame", allocs)
	}
	if st := s.RenderStats(); st.Rendered != 50 {
		t.Fatalf("stats %+v", st)
	}
}

// A camera drawing into a Post graph's linear (HDR) scene image clears it
// to its ClearColor decoded from sRGB, the linear light the color stands
// for (the chain encodes it back after tone mapping); into an 8-bit scene
// image the color is kept.
func TestCameraPostClearColorLinear(t *testing.T) {
	for _, format := range []render.Format{render.FormatRGBA16F, render.FormatRGBA8} {
		s, cam, f := scene3D(t, mgl32.Vec3{0, 2, 10})
		cam.ClearColor = render.RGBA(128, 64, 255, 200)
		g := graph.New()
		g.Image(graph.Scene, graph.ImageDesc{Format: format})
		if err := g.Add(copyPass("out", []string{graph.Scene}, "")); err != nil {
			t.Fatal(err)
		}
		cam.Post = g
		Extract(s, f)
		got := f.Passes()[0].ClearColor
		want := colorVec(cam.ClearColor)
		if format.Linear() {
			// sRGB 128/255 is linear 0.2158; 64/255 is 0.0513; 1 stays 1.
			want = [4]float32{0.2158, 0.0513, 1, 200.0 / 255}
		}
		if !mgl32.Vec4(got).ApproxEqualThreshold(want, 1e-3) {
			t.Errorf("%v scene image: clear color %v, want %v", format, got, want)
		}
		f.Reset()
	}
}

package tact

import (
	"flag"
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/golden"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// -update rewrites the golden images from what the engine draws now (look at
// them before committing).
var updateGolden = flag.Bool("update", false, "rewrite testdata/golden/*.png")

// checkGolden compares img with testdata/golden/NAME.png (see
// internal/golden); -update rewrites it.
func checkGolden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	golden.Check(t, name, img, *updateGolden)
}

// shoot runs start headless (threaded or on the main thread) for 3 frames
// and returns the last frame.
func shoot(t *testing.T, onMain bool, start StartFunc) *image.RGBA {
	t.Helper()
	cfg := headless(3)
	cfg.RenderOnMain = onMain
	img, _ := shootConfig(t, cfg, start)
	return img
}

// shootConfig runs start with cfg, which must end after MaxFrames, and
// returns the picture of the last frame and the Game, after checking that
// no frame failed to render.
func shootConfig(t *testing.T, cfg Config, start StartFunc) (*image.RGBA, *Game) {
	t.Helper()
	g := NewGame(cfg)
	var img *image.RGBA
	g.director.BeforeDraw.On(func(d *director.Director) {
		if d.TotalFrames() == cfg.MaxFrames-1 {
			g.Screenshot(func(i *image.RGBA) { img = i })
		}
	})
	runGame(t, g, start)
	if err := g.Director().RenderErr(); err != nil {
		t.Fatalf("render error: %v", err)
	}
	if img == nil {
		t.Fatal("no frame captured")
	}
	return img, g
}

// arrowTexture is 16×16: red left half, blue right half, a green top row,
// so flips and rotations show.
func arrowTexture() []byte {
	pix := make([]byte, 16*16*4)
	for y := range 16 {
		for x := range 16 {
			c := [4]byte{220, 40, 40, 255}
			if x >= 8 {
				c = [4]byte{40, 60, 220, 255}
			}
			if y < 3 {
				c = [4]byte{40, 200, 60, 255}
			}
			copy(pix[(y*16+x)*4:], c[:])
		}
	}
	return pix
}

// spritesScene: plain, tinted, flipped, rotated and scaled sprites; three
// overlapping sprites in tree order, one lifted by SortLayer; a
// half-transparent sprite over another; a label.
func spritesScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Golden")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(160, 120)
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(24, 24, 32, 255)))
	tex := g.Renderer().Frame().CreateTexture(render.TextureDesc{Width: 16, Height: 16, Filter: render.FilterNearest}, arrowTexture())
	add := func(name string, x, y float32, setup func(n *scenegraph.Node, sp *scenegraph.Sprite)) {
		n := scenegraph.NewNode(name)
		n.SetPositionXY(x, y)
		s.AddChild(n)
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(tex, 32, 32))
		if setup != nil {
			setup(n, sp)
		}
	}
	add("Plain", 30, 200, nil)
	add("Tinted", 80, 200, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.Color = render.RGBA(255, 255, 0, 255) })
	add("FlipX", 130, 200, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.FlipX = true })
	add("FlipY", 180, 200, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.FlipY = true })
	add("Rotated", 230, 200, func(n *scenegraph.Node, _ *scenegraph.Sprite) { n.SetAngle(45) })
	add("Scaled", 285, 200, func(n *scenegraph.Node, _ *scenegraph.Sprite) { n.SetScale(mgl32.Vec3{1.5, 0.75, 1}) })
	// Overlap in tree order: A under B under C; D is first in the tree but
	// drawn on top through its SortLayer.
	add("D", 70, 110, func(_ *scenegraph.Node, sp *scenegraph.Sprite) {
		sp.Texture = 0
		sp.Color = render.RGBA(250, 250, 250, 255)
		sp.SortLayer = 1
	})
	add("A", 40, 100, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.Size = mgl32.Vec2{48, 48} })
	add("B", 60, 90, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.Size = mgl32.Vec2{48, 48}; sp.Texture = 0 })
	add("C", 80, 80, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.Size = mgl32.Vec2{48, 48}; sp.FlipY = true })
	// Half-transparent white over the texture.
	add("Under", 200, 100, func(_ *scenegraph.Node, sp *scenegraph.Sprite) { sp.Size = mgl32.Vec2{64, 64} })
	add("Glass", 220, 100, func(_ *scenegraph.Node, sp *scenegraph.Sprite) {
		sp.Texture = 0
		sp.Size = mgl32.Vec2{64, 64}
		sp.Color = render.RGBA(255, 255, 255, 128)
	})
	label := scenegraph.NewNode("Label")
	label.SetPositionXY(160, 24)
	s.AddChild(label)
	scenegraph.AddComponent(label, text.NewLabel("Tact golden 2D", 20, render.RGBA(230, 230, 230, 255)))
	return s, nil
}

// cubeScene: a lit cube in perspective, drawn into a render target, shown
// on screen through a sprite sampling the target.
func cubeScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Cube")
	f := g.Renderer().Frame()
	target, color := f.CreateTarget(render.TargetDesc{Width: 160, Height: 120})
	mesh := f.CreateMesh(render.CubeMesh())

	eye := scenegraph.NewNode("Eye")
	eye.SetPosition(mgl32.Vec3{0, 0, 3})
	s.AddChild(eye)
	cam3d := scenegraph.AddComponent(eye, scenegraph.NewPerspectiveCamera(50, render.RGBA(10, 10, 40, 255)))
	cam3d.Target, cam3d.TargetWidth, cam3d.TargetHeight = target, 160, 120
	cam3d.Visibility = 2

	sun := scenegraph.NewNode("Sun")
	sun.SetRotationEuler(-40, -30, 0)
	s.AddChild(sun)
	scenegraph.AddComponent(sun, &scenegraph.DirectionalLight{Ambient: 0.25})

	box := scenegraph.NewNode("Box")
	box.Layer = 2
	box.SetRotationEuler(25, 35, 0)
	s.AddChild(box)
	scenegraph.AddComponent(box, &scenegraph.MeshRenderer{Mesh: mesh, Color: mgl32.Vec4{1, 0.6, 0.2, 1}})

	screen := scenegraph.NewNode("Screen")
	screen.SetPositionXY(160, 120)
	s.AddChild(screen)
	cam2d := scenegraph.AddComponent(screen, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
	cam2d.Priority, cam2d.Visibility = 1, 1
	view := scenegraph.NewNode("View")
	view.SetPositionXY(160, 120)
	s.AddChild(view)
	sp := scenegraph.AddComponent(view, scenegraph.NewSprite(color, 320, 240))
	sp.UV = mgl32.Vec4{0, 1, 1, 0} // targets are stored bottom-up
	return s, nil
}

// Golden images of the engine's 2D and 3D paths, threaded and on the main
// thread: both modes must give the golden picture.
func TestGoldenImages(t *testing.T) {
	for _, c := range []struct {
		name  string
		start StartFunc
	}{{"sprites", spritesScene}, {"cube", cubeScene}} {
		threaded := shoot(t, false, c.start)
		checkGolden(t, c.name, threaded)
		if *updateGolden {
			continue
		}
		onMain := shoot(t, true, c.start)
		checkGolden(t, c.name, onMain)
	}
}

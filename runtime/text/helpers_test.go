package text

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// scene2D returns a launched scene with an 800x600 pixel camera whose view
// spans world (0,0)-(800,600), and a frame to record into.
func scene2D(t testing.TB) (*scenegraph.Scene, *scenegraph.Camera, *render.Frame) {
	s := scenegraph.NewScene("S")
	camNode := scenegraph.NewNode("Camera")
	camNode.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(camNode)
	cam := scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.RGBA(10, 20, 30, 255)))
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	return s, cam, f
}

func spriteAt(s *scenegraph.Scene, name string, x, y float32) *scenegraph.Sprite {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	s.AddChild(n)
	return scenegraph.AddComponent(n, scenegraph.NewSprite(0, 32, 32))
}

package tact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/vector"
	"github.com/tact-engine/tact/scenegraph"
)

// graphicsScene draws vector.Graphics shapes (fills, strokes, a concave
// star, a translucent circle over a sprite) through the real GL backend.
func graphicsScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Graphics")
	cam := scenegraph.NewNode("Camera")
	w, h := 320, 240 // headless(3)'s screen
	cam.SetPosition(mgl32.Vec3{float32(w) / 2, float32(h) / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(30, 30, 40, 255)))

	box := scenegraph.NewNode("Sprite")
	box.SetPositionXY(float32(w)*0.7, float32(h)*0.3)
	s.AddChild(box)
	scenegraph.AddComponent(box, scenegraph.NewSprite(0, 80, 80)).Color = render.RGBA(40, 160, 220, 255)

	n := scenegraph.NewNode("Shapes")
	n.SetPositionXY(20, 20)
	s.AddChild(n)
	gr := scenegraph.AddComponent(n, vector.NewGraphics())
	gr.FillColor = render.RGBA(250, 200, 40, 255)
	gr.StrokeColor = render.RGBA(240, 80, 60, 255)
	gr.LineWidth = 5
	gr.RoundRect(10, 10, 140, 90, 20)
	gr.Fill()
	gr.Stroke()
	var star []mgl32.Vec2
	for i := range 10 {
		r := float32(60)
		if i%2 == 1 {
			r = 25
		}
		a := float64(i)*math.Pi/5 + math.Pi/2
		star = append(star, mgl32.Vec2{260 + r*float32(math.Cos(a)), 60 + r*float32(math.Sin(a))})
	}
	gr.FillColor = render.RGBA(120, 220, 120, 255)
	gr.Polygon(star)
	gr.Fill()
	gr.LineWidth = 2
	gr.StrokeColor = render.RGBA(255, 255, 255, 255)
	gr.LineJoin = vector.JoinBevel
	gr.MoveTo(20, 180)
	gr.LineTo(120, 140)
	gr.LineTo(200, 190)
	gr.LineTo(300, 150)
	gr.Stroke()

	over := scenegraph.NewNode("Over")
	over.SetPositionXY(float32(w)*0.7, float32(h)*0.3)
	s.AddChild(over)
	c := scenegraph.AddComponent(over, vector.NewGraphics())
	c.FillColor = render.RGBA(255, 255, 255, 128)
	c.Circle(0, 0, 50)
	c.Fill()
	return s, nil
}

func TestGraphicsGolden(t *testing.T) {
	checkGolden(t, "graphics", shoot(t, false, graphicsScene))
}

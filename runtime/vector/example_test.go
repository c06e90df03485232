package vector_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/vector"
)

// A filled rectangle with an outline, and a concave arrow: Tessellate
// shows the triangles the Graphics uploads.
func ExampleGraphics() {
	g := vector.NewGraphics()
	g.FillColor = render.RGBA(250, 200, 40, 255)
	g.Rect(0, 0, 100, 60)
	g.Fill()
	_, is := g.Tessellate(0)
	fmt.Println("rect fill:", len(is)/3, "triangles")
	_, is = g.Tessellate(1)
	fmt.Println("with fringe:", len(is)/3)

	g.LineWidth = 4
	g.Stroke()
	_, is = g.Tessellate(0)
	fmt.Println("fill and outline:", len(is)/3)

	g.Clear()
	g.Polygon([]mgl32.Vec2{{0, 0}, {60, 30}, {0, 60}, {20, 30}})
	g.Fill()
	_, is = g.Tessellate(0)
	fmt.Println("concave arrow:", len(is)/3)
	// Output:
	// rect fill: 2 triangles
	// with fringe: 10
	// fill and outline: 10
	// concave arrow: 2
}

package render_test

import (
	"fmt"

	"github.com/tact-engine/tact/render"
)

func ExampleColor_WithAlpha() {
	c := render.RGBA(255, 128, 0, 255)
	half := c.WithAlpha(128)
	fmt.Println(half.R(), half.G(), half.B(), half.A())
	fmt.Println(c.Lerp(render.RGBA(0, 0, 0, 255), 0.5) == render.RGBA(128, 64, 0, 255))
	// Output:
	// 255 128 0 128
	// true
}

package text_test

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// Outline and shadow, as Cocos' Label enableOutline and enableShadow: the
// shadow, the outline and the glyphs draw in one call (one batch), and
// an unchanged label draws them without allocating.
func ExampleLabel_outlineAndShadow() {
	s := scenegraph.NewScene("Main")
	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	n := scenegraph.NewNode("Title")
	s.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel("GAME OVER", 48, render.RGBA(255, 220, 90, 255)))
	l.EnableOutline, l.OutlineColor, l.OutlineWidth = true, render.RGBA(120, 30, 0, 255), 3
	l.EnableShadow, l.ShadowColor = true, render.RGBA(0, 0, 0, 160)
	l.ShadowOffset, l.ShadowBlur = mgl32.Vec2{3, -3}, 4 // y up: below right
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	scenegraph.Extract(s, f)
	batches, _ := f.Batches()
	fmt.Println(len(f.Items()), "sprites in", len(batches), "batch")
	// Output: 24 sprites in 1 batch
}

// Color emoji come from a CBDT or sbix font such as Noto Color Emoji: put
// it in the fallback chain, and its glyphs draw in their own colors (only
// the label's alpha applies) next to the tinted text.
func ExampleLabel_colorEmoji() {
	data, err := os.ReadFile("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
	if err != nil {
		fmt.Println(err) // install fonts-noto-color-emoji
		return
	}
	emoji, err := text.ParseFont("NotoColorEmoji.ttf", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := scenegraph.NewScene("Main")
	text.UseFallback(s, text.ChainOf(emoji))
	n := scenegraph.NewNode("Greeting")
	s.AddChild(n)
	scenegraph.AddComponent(n, text.NewLabel("Well played 🎉👍", 32, render.White))
}

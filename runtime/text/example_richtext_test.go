package text_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// A RichText mixes styles in one wrapped block; HitTest tells which
// clickable run lies under a point of the node.
func ExampleRichText() {
	n := scenegraph.NewNode("Quest")
	r := scenegraph.AddComponent(n, text.NewRichText(
		"[b]Quest:[/b] bring [color=#ffcc00]3 apples[/color][br/][on click=accept][u]Accept[/u][/on]", 20, render.White))
	r.Anchor = mgl32.Vec2{0, 1} // the box's top-left corner at the node
	r.HAlign = text.AlignLeft
	fmt.Println(r.LineCount(), r.Err())
	fmt.Println(r.HitTest(mgl32.Vec2{10, -r.Size()[1] + 5})) // on the second line's "Accept"
	fmt.Println(r.HitTest(mgl32.Vec2{10, -5}))               // on "Quest:"
	// Output:
	// 2 <nil>
	// accept true
	//  false
}

// Markup errors name the position and the tag.
func ExampleParseRichText() {
	spans, err := text.ParseRichText("[size=30]Big[/size] [color=red]red[/color]")
	fmt.Println(len(spans), spans[0].Text, spans[0].Style.Size, spans[2].Text, spans[2].Style.HasColor)
	_, err = text.ParseRichText("[b]bold [i]both[/b]")
	fmt.Println(err)
	// Output:
	// 3 Big 30 red true
	// text: rich text: position 15: [/b]: closes [i] opened at position 8
}

// A Label draws with a BMFont when its BitmapFont is set; the asset
// manager's ".fnt" loader gives the font its page textures (WithPages).
func ExampleParseBMFont() {
	fnt := `info face="Pixel" size=8
common lineHeight=10 base=8 scaleW=64 scaleH=64 pages=1
page id=0 file="pixel_0.png"
char id=65 x=0 y=0 width=6 height=8 xoffset=0 yoffset=0 xadvance=7 page=0
char id=86 x=8 y=0 width=6 height=8 xoffset=0 yoffset=0 xadvance=7 page=0
kerning first=65 second=86 amount=-1
`
	f, err := text.ParseBMFont("pixel.fnt", []byte(fnt))
	if err != nil {
		panic(err)
	}
	f, err = f.WithPages([]text.BitmapPage{{Texture: 1, Width: 64, Height: 64}}) // the loaded pixel_0.png
	if err != nil {
		panic(err)
	}
	l := text.NewLabel("AVA", 16, render.White) // twice the font's size
	l.BitmapFont = f
	fmt.Println(f.Files, f.Kerning('A', 'V'), l.Size())
	// Output:
	// [pixel_0.png] -1 [40 20]
}

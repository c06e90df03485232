package text_test

import (
	"fmt"
	"os"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// A collection holds several faces; pick one by family name (or index).
func ExampleParseFontCollection() {
	data, err := os.ReadFile("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
	if err != nil {
		fmt.Println(err) // install fonts-noto-cjk
		return
	}
	c, err := text.ParseFontCollection("NotoSansCJK-Regular.ttc", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	jp, err := c.Lookup("Noto Sans CJK JP")
	if err != nil {
		fmt.Println(err)
		return
	}
	l := text.NewLabel("こんにちは", 24, render.White)
	l.Font = jp
	fmt.Println(c.Len() > 1, jp.Family())
}

// A scene's fallback chain draws what the labels' own fonts lack: here
// "Hello, " in Go Regular and 世界 in a CJK font.
func ExampleUseFallback() {
	data, err := os.ReadFile("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
	if err != nil {
		fmt.Println(err) // install fonts-wqy-microhei
		return
	}
	cjk, err := text.ParseFont("wqy-microhei.ttc", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := scenegraph.NewScene("Main")
	text.UseFallback(s, text.ChainOf(cjk))
	n := scenegraph.NewNode("Greeting")
	s.AddChild(n)
	scenegraph.AddComponent(n, text.NewLabel("Hello, 世界", 32, render.White))
}

// Overflow modes, as in Cocos: Clamp keeps the lines that fit (with an
// ellipsis), ResizeHeight grows the box to the text.
func ExampleOverflow() {
	l := text.NewLabel("one two three four five six seven eight nine ten", 16, render.White)
	l.WrapWidth, l.BoxHeight = 80, 40
	fmt.Println("none:", l.LineCount(), "lines")
	l.Overflow, l.Ellipsis = text.OverflowClamp, true
	fmt.Println("clamp:", l.LineCount(), "lines")
	l.Overflow = text.OverflowResizeHeight
	fmt.Println("resize height:", l.LineCount(), "lines,", l.Size()[1] > 40)
	// Output:
	// none: 6 lines
	// clamp: 2 lines
	// resize height: 6 lines, true
}

// Prewarm lays out and rasterizes texts a label will show, so that showing
// them later costs nothing: no shaping, no rasterizing, no allocation.
func ExampleLabel_Prewarm() {
	s := scenegraph.NewScene("Main")
	n := scenegraph.NewNode("Score")
	s.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel("0", 24, render.White))
	s.Launch()
	f := render.NewFrame()
	digits := make([]string, 100)
	for i := range digits {
		digits[i] = fmt.Sprint(i)
	}
	l.Prewarm(f, digits...) // uploads through f, before its draws
}

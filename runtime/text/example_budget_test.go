package text_test

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// A raster budget spreads the glyphs of a screen full of new text over
// frames: each frame rasterizes for about RasterBudget, and a label draws
// once all of its glyphs are in, whole.
func ExampleGlyphCache_RasterBudget() {
	s := scenegraph.NewScene("Main")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	cache := text.NewGlyphCache()
	cache.RasterBudget = 4 * time.Millisecond // a quarter of a 60 Hz frame
	text.UseCache(s, cache)
	for i := range 20 {
		n := scenegraph.NewNode("Line")
		n.SetPositionXY(400, float32(20+i*28))
		s.AddChild(n)
		// Sizes above 64 px get no ASCII preload: every glyph is new.
		scenegraph.AddComponent(n, text.NewLabel(strings.Repeat(string(rune('A'+i)), 3)+" ÀÉÎÕÜ", 96, render.White))
	}
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	frames := 0
	for {
		f.Reset()
		scenegraph.Extract(s, f)
		frames++
		if cache.Deferred() == 0 {
			break
		}
	}
	fmt.Println(frames >= 1, len(f.Items()) > 0)
	// Output: true true
}

// Labels break Thai between words with libthai's dictionary when Debian's
// libthai-data is installed (SystemThaiDictionary); without it a long run
// of Thai breaks between character clusters. ParseThaiDictionary reads
// such a trie from anywhere.
func ExampleSystemThaiDictionary() {
	d, err := text.SystemThaiDictionary()
	if err != nil {
		fmt.Println(err) // install libthai-data
		return
	}
	fmt.Println(len(d.Words()), "words") // 25110 in libthai-data 0.1.29
	data, err := os.ReadFile("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf")
	if err != nil {
		fmt.Println(err) // install fonts-noto-core
		return
	}
	th, err := text.ParseFont("NotoSansThai-Regular.ttf", data)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := text.NewLabel("ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ", 20, render.White)
	l.Font, l.WrapWidth = th, 120
	fmt.Println(l.LineCount(), "lines, each ending between words")
}

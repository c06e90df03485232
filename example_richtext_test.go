package tact_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// A game routes clicks on a RichText's [on click=...] runs: a ui.Rect the
// size of the text makes the node take pointer events, and its click
// listener asks the RichText which handler lies under the pointer. (The
// text package sits below ui and reads no input itself.)
func ExampleRichText_HitTest() {
	d := director.New()
	sys := ui.Install(d)
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		panic(err)
	}
	r.Frame().SetScreenSize(400, 300)
	d.SetFrameSink(r, scenegraph.Extract)
	s := scenegraph.NewScene("Shop")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{200, 150, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	d.RunScene(s)

	n := scenegraph.NewNode("Offer")
	n.SetPositionXY(200, 150)
	s.AddChild(n)
	rt := scenegraph.AddComponent(n, text.NewRichText("Sword: 40 gold [on click=buy][u]Buy[/u][/on] [on click=info](?)[/on]", 20, render.White))
	rt.Anchor = mgl32.Vec2{0, 0.5} // left edge at the node
	size := rt.Size()
	rect := scenegraph.AddComponent(n, ui.NewRect(size[0], size[1]))
	rect.AnchorPoint = rt.Anchor
	handlers := map[string]func(){
		"buy":  func() { fmt.Println("bought a sword") },
		"info": func() { fmt.Println("a sharp sword") },
	}
	n.On(ui.EventClick, func(e *scenegraph.Event) {
		pe := e.Arg.(*ui.PointerEvent)
		if p, ok := pe.Local(n); ok {
			if h, ok := rt.HitTest(p); ok {
				handlers[h]()
			}
		}
	}, nil)
	d.Tick(1.0 / 60)

	click := func(localX float32) { // a click at local x on the text's middle line
		sys.PointerDown(ui.MouseID, ui.PrimaryButton, 200+localX, 150)
		sys.PointerUp(ui.MouseID, ui.PrimaryButton, 200+localX, 150)
		d.Tick(1.0 / 60)
	}
	click(5)            // on "Sword": no handler
	click(size[0] - 45) // on "Buy"
	click(size[0] - 10) // on "(?)"
	// Output:
	// bought a sword
	// a sharp sword
}

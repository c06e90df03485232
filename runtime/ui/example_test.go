package ui_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// newUI returns a Director with a ui System, drawing through a renderer
// with the null backend onto a w×h screen, running a scene whose camera
// shows world (0,0)-(w,h) at one unit per pixel: screen point (x, y) is
// world (x, h-y). A Game does all this itself.
func newUI(w, h int) (*director.Director, *ui.System, *scenegraph.Scene) {
	d := director.New()
	sys := ui.Install(d)
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		panic(err)
	}
	r.Frame().SetScreenSize(w, h)
	d.SetFrameSink(r, scenegraph.Extract)
	s := scenegraph.NewScene("UI")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{float32(w) / 2, float32(h) / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	d.RunScene(s)
	d.Tick(1.0 / 60) // cameras know the screen once they have drawn
	return d, sys, s
}

// box adds a node at (x, y) under parent with a w×h Rect.
func box(parent *scenegraph.Node, name string, x, y, w, h float32) *scenegraph.Node {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(w, h))
	return n
}

// A Rect hit-tests through its node's transform: this card is turned a
// quarter, so its 80 units of width run up the screen.
func ExampleRect() {
	n := scenegraph.NewNode("Card")
	n.SetPositionXY(100, 100)
	n.SetAngle(90)
	r := scenegraph.AddComponent(n, ui.NewRect(80, 40))
	fmt.Println(r.HitTestWorld(mgl32.Vec3{100, 130, 0}), r.HitTestWorld(mgl32.Vec3{130, 100, 0}))
	lo, hi := r.Bounds()
	fmt.Println(lo, hi)
	// Output:
	// true false
	// [-40 -20] [40 20]
}

// The System delivers a press to the topmost node under the pointer (here
// the later sibling, drawn over the other), and it bubbles to the parent.
func ExampleSystem() {
	d, sys, s := newUI(400, 300)
	panel := box(s.Root(), "Panel", 200, 150, 300, 200)
	back := box(panel, "Back", 0, 0, 100, 100)
	front := box(panel, "Front", 20, 0, 100, 100)
	show := func(e *scenegraph.Event) {
		fmt.Printf("%s on %s (target %s)\n", e.Type, e.CurrentTarget.Name(), e.Target.Name())
	}
	for _, n := range []*scenegraph.Node{panel, back, front} {
		n.On(ui.EventPointerDown, show, nil)
		n.On(ui.EventClick, show, nil)
	}
	// A Game feeds the System from its input; here, a click at world
	// (190, 150), that is screen (190, 150) on this 300-pixel-high screen.
	sys.PointerDown(ui.MouseID, ui.PrimaryButton, 190, 150)
	sys.PointerUp(ui.MouseID, ui.PrimaryButton, 190, 150)
	d.Tick(1.0 / 60)
	// Output:
	// pointer-down on Front (target Front)
	// pointer-down on Panel (target Front)
	// click on Front (target Front)
	// click on Panel (target Front)
}

// A Button shows its states on its sprite and clicks when a press ends
// over it, even after leaving and coming back.
func ExampleButton() {
	_, sys, s := newUI(400, 300)
	n := box(s.Root(), "OK", 200, 150, 120, 40)
	scenegraph.AddComponent(n, scenegraph.NewSprite(0, 120, 40))
	b := scenegraph.AddComponent(n, ui.NewButton())
	b.Click.On(func(*ui.Button) { fmt.Println("clicked") })

	sys.PointerMove(ui.MouseID, 200, 150)
	fmt.Println(b.State())
	sys.PointerDown(ui.MouseID, ui.PrimaryButton, 200, 150)
	fmt.Println(b.State())
	sys.PointerMove(ui.MouseID, 390, 20) // away, still held
	fmt.Println(b.State())
	sys.PointerMove(ui.MouseID, 210, 150) // back
	sys.PointerUp(ui.MouseID, ui.PrimaryButton, 210, 150)
	fmt.Println(b.State())
	// Output:
	// hover
	// pressed
	// normal
	// clicked
	// hover
}

// A Toggle flips on each click (a touch here) and shows its checkmark.
func ExampleToggle() {
	_, sys, s := newUI(400, 300)
	n := box(s.Root(), "Sound", 200, 150, 40, 40)
	scenegraph.AddComponent(n, scenegraph.NewSprite(0, 40, 40))
	mark := box(n, "Checkmark", 0, 0, 30, 30)
	t := scenegraph.AddComponent(n, ui.NewToggle(false))
	t.Toggled.On(func(t *ui.Toggle) { fmt.Println("checked:", t.Checked(), "mark shown:", mark.Active()) })
	for range 2 {
		sys.PointerDown(1, ui.PrimaryButton, 200, 150)
		sys.PointerUp(1, ui.PrimaryButton, 200, 150)
	}
	// Output:
	// checked: true mark shown: true
	// checked: false mark shown: false
}

// printQuads extracts s and prints its sprites' corners: bottom-left and
// top-right, with their texture coordinates.
func printQuads(s *scenegraph.Scene) {
	f := render.NewFrame()
	f.SetScreenSize(400, 300)
	scenegraph.Extract(s, f)
	vs := f.SpriteVertices()
	for i := 0; i < len(vs); i += 4 {
		bl, tr := vs[i], vs[i+2]
		fmt.Printf("(%g,%g)-(%g,%g) uv (%g,%g)-(%g,%g)\n", bl.X, bl.Y, tr.X, tr.Y, bl.U, bl.V, tr.U, tr.V)
	}
}

// sceneWithCamera returns a launched scene whose camera shows world
// (0,0)-(400,300); drawing needs no System.
func sceneWithCamera() *scenegraph.Scene {
	s := scenegraph.NewScene("UI")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{200, 150, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	s.Launch()
	return s
}

// A ProgressBar draws its background and its bar, the bar's texture
// region cropped to the fraction.
func ExampleProgressBar() {
	s := sceneWithCamera()
	n := box(s.Root(), "Health", 200, 150, 200, 20)
	p := scenegraph.AddComponent(n, ui.NewProgressBar(0.25))
	p.Padding = 2
	printQuads(s)
	// Output:
	// (100,140)-(300,160) uv (0,1)-(1,0)
	// (102,142)-(151,158) uv (0,1)-(0.25,0)
}

// A NineSlice keeps its 8-texel borders while its Rect stretches: nine
// quads, each with its part of a 32×32 texture.
func ExampleNineSlice() {
	s := sceneWithCamera()
	n := box(s.Root(), "Panel", 200, 150, 100, 40)
	scenegraph.AddComponent(n, ui.NewNineSlice(0, 32, 32, ui.Insets{Left: 8, Right: 8, Top: 8, Bottom: 8}))
	printQuads(s)
	// Output:
	// (150,130)-(158,138) uv (0,1)-(0.25,0.75)
	// (158,130)-(242,138) uv (0.25,1)-(0.75,0.75)
	// (242,130)-(250,138) uv (0.75,1)-(1,0.75)
	// (150,138)-(158,162) uv (0,0.75)-(0.25,0.25)
	// (158,138)-(242,162) uv (0.25,0.75)-(0.75,0.25)
	// (242,138)-(250,162) uv (0.75,0.75)-(1,0.25)
	// (150,162)-(158,170) uv (0,0.25)-(0.25,0)
	// (158,162)-(242,170) uv (0.25,0.25)-(0.75,0)
	// (242,162)-(250,170) uv (0.75,0.25)-(1,0)
}

// A Layout lines its children up and resizes its container; it lays out
// again only when something changed. Without a Director, a System is given
// the scene and arranges on demand.
func ExampleLayout() {
	s := sceneWithCamera()
	sys := ui.NewSystem()
	sys.SetScene(s)
	bar := box(s.Root(), "Toolbar", 200, 150, 0, 40)
	for _, w := range []float32{30, 50, 30} {
		box(bar, "Tool", 0, 0, w, 30)
	}
	l := scenegraph.AddComponent(bar, &ui.Layout{Type: ui.Horizontal, ResizeContainer: true,
		Padding: ui.Insets{Left: 5, Right: 5}, Spacing: mgl32.Vec2{10, 0}})
	sys.Arrange()
	sys.Arrange()
	fmt.Println("size", scenegraph.GetComponent[*ui.Rect](bar).Size(), "layouts", l.Relayouts())
	for _, c := range bar.Children() {
		fmt.Println(c.Position()[0])
	}
	// Output:
	// size [140 40] layouts 1
	// -50
	// 0
	// 50
}

// A Widget pins a node to the screen's top-right corner, and follows the
// window when it is resized.
func ExampleWidget() {
	s := sceneWithCamera()
	sys := ui.NewSystem()
	sys.SetScene(s)
	sys.SetScreenSize(400, 300)
	n := box(s.Root(), "Close", 0, 0, 20, 20)
	scenegraph.AddComponent(n, &ui.Widget{Edges: ui.EdgeRight | ui.EdgeTop, Right: 10, Top: 10, Target: ui.AlignToScreen})
	sys.Arrange()
	fmt.Println(n.Position())
	sys.SetScreenSize(800, 600) // the camera, at (200, 150), now shows -200..600 × -150..450
	sys.Arrange()
	fmt.Println(n.Position())
	// Output:
	// [380 280 0]
	// [580 430 0]
}

// A ScrollView scrolls its content when dragged, clamped to the content's
// size, and draws it through a clip camera whose viewport is the view.
func ExampleScrollView() {
	d, sys, s := newUI(400, 300)
	view := box(s.Root(), "View", 200, 150, 200, 100) // screen x 100..300, y 100..200
	content := box(view, "Content", -100, 50, 200, 250)
	scenegraph.GetComponent[*ui.Rect](content).SetAnchor(0, 1)
	sv := scenegraph.AddComponent(view, ui.NewScrollView(content))
	d.Tick(1.0 / 60)
	fmt.Println("clip viewport", sv.ClipCamera().Viewport)

	sys.PointerDown(ui.MouseID, ui.PrimaryButton, 200, 180)
	sys.PointerMove(ui.MouseID, 200, 100) // drag up 80 pixels
	sys.PointerMove(ui.MouseID, 200, 0)   // and 100 more: clamped
	sys.PointerUp(ui.MouseID, ui.PrimaryButton, 200, 0)
	fmt.Println("offset", sv.Offset(), "of at most", sv.MaxOffset())
	// Output:
	// clip viewport [0.25 0.33333334 0.5 0.33333334]
	// offset [0 150] of at most [0 150]
}

// A TextInput takes focus when clicked, then the text and keys fed to the
// System; Enter submits.
func ExampleTextInput() {
	d, sys, s := newUI(400, 300)
	n := box(s.Root(), "Name", 200, 150, 200, 30)
	field := scenegraph.AddComponent(n, ui.NewTextInput("Your name", 16))
	field.Submitted.On(func(f *ui.TextInput) { fmt.Printf("submitted %q\n", f.Text()) })
	d.Tick(1.0 / 60)

	sys.PointerDown(ui.MouseID, ui.PrimaryButton, 200, 150)
	sys.PointerUp(ui.MouseID, ui.PrimaryButton, 200, 150)
	fmt.Println("focused:", field.Focused())
	sys.TextInput("Adx")
	sys.KeyDown(ui.KeyBackspace)
	sys.TextInput("a")
	sys.KeyDown(ui.KeyEnter)
	// Output:
	// focused: true
	// submitted "Ada"
}

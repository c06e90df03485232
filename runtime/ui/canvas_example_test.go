package ui_test

import (
	"fmt"

	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// A HUD is one node: a Canvas with a 320×240 design resolution keeps its
// design height on any window, draws after the world's cameras, and maps
// the pointer into its design units.
func ExampleCanvas() {
	d, sys, s := newUI(640, 360) // a 16:9 window, twice the design height
	hud := scenegraph.NewNode("HUD")
	s.AddChild(hud)
	canvas := scenegraph.AddComponent(hud, ui.NewCanvas(320, 240, ui.FixedHeight))

	pause := scenegraph.NewNode("Pause")
	hud.AddChild(pause)
	scenegraph.AddComponent(pause, ui.NewRect(40, 20))
	scenegraph.AddComponent(pause, &ui.Widget{Edges: ui.EdgeRight | ui.EdgeTop, Right: 4, Top: 4})
	pause.On(ui.EventClick, func(*scenegraph.Event) { fmt.Println("pause clicked") }, nil)
	d.Tick(1.0 / 60)

	fit := canvas.Current()
	fmt.Printf("scale %v, visible %.1f×%v\n", fit.Scale, fit.Visible[0], fit.Visible[1])
	p := pause.Position()
	fmt.Printf("pause button at (%.1f, %v)\n", p[0], p[1])
	// The button's center, in screen pixels: 320 + 189.3·1.5, 180 - 106·1.5.
	c := canvas.ScreenToCanvas(604, 21)
	fmt.Printf("screen (604, 21) is canvas (%.1f, %v)\n", c[0], c[1])
	sys.PointerDown(ui.MouseID, ui.PrimaryButton, 604, 21)
	sys.PointerUp(ui.MouseID, ui.PrimaryButton, 604, 21)
	// Output:
	// scale 1.5, visible 426.7×240
	// pause button at (189.3, 106)
	// screen (604, 21) is canvas (189.3, 106)
	// pause clicked
}

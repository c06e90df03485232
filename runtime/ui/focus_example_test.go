package ui_test

import (
	"fmt"

	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// A menu without a mouse: the arrows (or a gamepad's D-pad, which a Game
// maps to the same actions) move focus to the nearest button, Enter (or A)
// clicks the focused one, Escape (or B) cancels, which the game handles.
func ExampleSystem_Navigate() {
	d, sys, s := newUI(400, 300)
	sys.Navigation = true // a game that steers with the arrows leaves it off
	menu := box(s.Root(), "Menu", 200, 150, 300, 200)
	for i, name := range []string{"Play", "Options", "Quit"} {
		n := box(menu, name, 0, 60-float32(i)*60, 160, 40)
		scenegraph.AddComponent(n, scenegraph.NewSprite(0, 160, 40))
		b := scenegraph.AddComponent(n, ui.NewButton())
		b.Click.On(func(b *ui.Button) { fmt.Println("clicked", b.Node().Name()) })
	}
	menu.On(ui.EventCancel, func(*scenegraph.Event) { fmt.Println("menu closed") }, nil)
	d.Tick(1.0 / 60)

	// A Game feeds each key press: KeyDown for the focused node, then
	// NavigateKey (with Shift's state) for navigation.
	for _, k := range []ui.Key{ui.KeyDown, ui.KeyDown, ui.KeyUp} {
		sys.NavigateKey(k, false)
		fmt.Println("focus:", sys.Focused().Name())
	}
	sys.NavigateKey(ui.KeyEnter, false)
	sys.Navigate(ui.NavCancel)
	// Output:
	// focus: Play
	// focus: Options
	// focus: Play
	// clicked Play
	// menu closed
}

package tact

import (
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/ui"
)

// ui.Key and ui.PointerButton take platform's (SDL's) values, so the Game
// hands them over unchanged; these fail to compile if one ever differs.
const (
	_ uint = (uint(platform.KeyBackspace) - uint(ui.KeyBackspace)) * (uint(ui.KeyBackspace) - uint(platform.KeyBackspace))
	_ uint = (uint(platform.KeyReturn) - uint(ui.KeyEnter)) * (uint(ui.KeyEnter) - uint(platform.KeyReturn))
	_ uint = (uint(platform.KeyLeft) - uint(ui.KeyLeft)) * (uint(ui.KeyLeft) - uint(platform.KeyLeft))
	_ uint = (uint(platform.MouseRight) - uint(ui.SecondaryButton)) * (uint(ui.SecondaryButton) - uint(platform.MouseRight))
)

// feedUI delivers the platform's pointer, touch, key and text input to the
// Game's ui System, as the input is dispatched at the start of each frame
// (and while paused, so a pause menu works).
func (g *Game) feedUI() {
	sys, in := ui.Install(g.director), g.input
	in.MouseMotion.On(func(platform.MouseMotionEvent) {
		x, y := in.MousePixelPosition()
		sys.PointerMove(ui.MouseID, x, y)
	})
	in.MouseButtonDown.On(func(e platform.MouseButtonEvent) {
		x, y := in.MousePixelPosition()
		sys.PointerDown(ui.MouseID, ui.PointerButton(e.Button), x, y)
	})
	in.MouseButtonUp.On(func(e platform.MouseButtonEvent) {
		x, y := in.MousePixelPosition()
		sys.PointerUp(ui.MouseID, ui.PointerButton(e.Button), x, y)
	})
	in.MouseWheel.On(func(e platform.WheelEvent) {
		x, y := in.MousePixelPosition()
		sys.Wheel(x, y, e.DX, e.DY)
	})
	touch := func(e platform.TouchEvent) (ui.PointerID, float32, float32) {
		w, h := g.renderer.Frame().ScreenSize()
		return ui.PointerID(e.Finger), e.X * float32(w), e.Y * float32(h)
	}
	in.TouchDown.On(func(e platform.TouchEvent) {
		id, x, y := touch(e)
		sys.PointerDown(id, ui.PrimaryButton, x, y)
	})
	in.TouchMotion.On(func(e platform.TouchEvent) {
		id, x, y := touch(e)
		sys.PointerMove(id, x, y)
	})
	in.TouchUp.On(func(e platform.TouchEvent) {
		id, x, y := touch(e)
		sys.PointerUp(id, ui.PrimaryButton, x, y)
	})
	in.KeyDown.On(func(e platform.KeyEvent) { sys.KeyDown(ui.Key(e.Key)) })
	in.TextInput.On(func(s string) { sys.TextInput(s) })
	in.FocusLost.On(func(struct{}) { sys.PointerCancel(ui.MouseID) })
}

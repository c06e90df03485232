package tact

import (
	"math"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
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
	in.TextEditing.On(func(e platform.TextEditingEvent) { sys.TextEditing(e.Text, e.Start, e.Length) })
	g.director.AfterDraw.On(g.followIME(sys))
	in.FocusLost.On(func(struct{}) { sys.PointerCancel(ui.MouseID) })
	g.feedUINav(sys) // keyboard and gamepad navigation (ui_nav.go)
}

// followIME returns the AfterDraw listener that keeps the platform's input
// method in step with the ui: after each drawn frame (when cameras know
// the screen and every transform is final), the candidate window goes to
// the focused TextInput's caret, if it moved; and when the field stopped
// composing (Escape, a blur), the input method's composition is dropped.
func (g *Game) followIME(sys *ui.System) func(*director.Director) {
	var last render.Rect
	var lastOK, composing bool
	return func(*director.Director) {
		if r, ok := sys.TextInputRect(); ok && (!lastOK || r != last) {
			x, y, w, h := g.pixelsToWindow(r)
			g.input.SetTextInputRect(x, y, w, h)
			last, lastOK = r, true
		} else if !ok {
			lastOK = false
		}
		c := sys.Composing()
		if composing && !c {
			g.input.ClearComposition()
		}
		composing = c
	}
}

// pixelsToWindow converts a rectangle in drawable pixels (the ui's screen
// unit) to window coordinates (SDL's, for SetTextInputRect), covering it
// whole: they differ on high-DPI displays. Without a window they agree.
func (g *Game) pixelsToWindow(r render.Rect) (x, y, w, h int) {
	if g.window == nil {
		return r.X, r.Y, r.W, r.H
	}
	ww, wh := g.window.Size()
	dw, dh := g.window.DrawableSize()
	if ww <= 0 || wh <= 0 || dw <= 0 || dh <= 0 || (ww == dw && wh == dh) {
		return r.X, r.Y, r.W, r.H
	}
	sx, sy := float64(ww)/float64(dw), float64(wh)/float64(dh)
	x0, y0 := math.Floor(float64(r.X)*sx), math.Floor(float64(r.Y)*sy)
	x1, y1 := math.Ceil(float64(r.X+r.W)*sx), math.Ceil(float64(r.Y+r.H)*sy)
	return int(x0), int(y0), int(x1 - x0), int(y1 - y0)
}

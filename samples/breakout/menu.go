package breakout

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// Button sizes of the menus.
const (
	buttonW, buttonH = 260, 48
	menuSpacing      = 14
)

// TitleScene is the title menu: Play, the two settings and Quit, stacked by
// a vertical ui.Layout.
func TitleScene(g *tact.Game, set Settings) *scenegraph.Scene {
	s := newScene("Title")
	title := addLabel(s.Root(), "Title", "BREAKOUT", 64, Width/2, Height-110)
	title.Color = Accent
	best := addLabel(s.Root(), "Best", "", 20, Width/2, Height-165)
	if set.Best > 0 {
		best.Text = "best score " + itoa(set.Best)
	}

	menu := addMenu(s.Root(), "Menu", Width/2, Height/2-40)
	play := addButton(menu, "Play", "Play")
	play.Click.On(func(*ui.Button) { fadeTo(g, PlayScene(g, LoadSettings(g))) })
	addToggle(menu, "FastBall", "Fast ball", set.FastBall, func(on bool) {
		cur := LoadSettings(g)
		cur.FastBall = on
		SaveSettings(g, cur)
	})
	addToggle(menu, "WidePaddle", "Wide paddle", set.WidePaddle, func(on bool) {
		cur := LoadSettings(g)
		cur.WidePaddle = on
		SaveSettings(g, cur)
	})
	quit := addButton(menu, "Quit", "Quit")
	quit.Click.On(func(*ui.Button) { g.Quit() })
	addLabel(s.Root(), "Help", "mouse or arrows move the paddle   space launches   esc pauses", 16, Width/2, 40)
	return s
}

// addMenu adds a node whose children a vertical Layout stacks and centres.
func addMenu(parent *scenegraph.Node, name string, x, y float32) *scenegraph.Node {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(buttonW, 0))
	scenegraph.AddComponent(n, &ui.Layout{Type: ui.Vertical, Spacing: mgl32.Vec2{0, menuSpacing}, ResizeContainer: true})
	return n
}

// buttonColors are the menus' button colours per state.
var buttonColors = [4]render.Color{
	ui.StateNormal:   PanelColor,
	ui.StateHover:    render.RGBA(70, 80, 120, 255),
	ui.StatePressed:  render.RGBA(30, 34, 52, 255),
	ui.StateDisabled: render.RGBA(40, 40, 40, 200),
}

// addButton adds a labelled button to a menu.
func addButton(menu *scenegraph.Node, name, caption string) *ui.Button {
	n := scenegraph.NewNode(name)
	menu.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(buttonW, buttonH))
	bg := scenegraph.AddComponent(n, scenegraph.NewSprite(0, buttonW, buttonH))
	bg.Color = PanelColor
	b := scenegraph.AddComponent(n, ui.NewButton())
	b.Colors = buttonColors
	lbl := addLabel(n, "Caption", caption, 24, 0, 0)
	lbl.Order = 1
	return b
}

// addToggle adds a labelled toggle button; changed gets each new state.
func addToggle(menu *scenegraph.Node, name, caption string, on bool, changed func(bool)) *ui.Toggle {
	n := scenegraph.NewNode(name)
	menu.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(buttonW, buttonH))
	bg := scenegraph.AddComponent(n, scenegraph.NewSprite(0, buttonW, buttonH))
	bg.Color = PanelColor
	lbl := addLabel(n, "Caption", caption, 22, -20, 0)
	lbl.Order = 1
	box := scenegraph.NewNode("Box")
	box.SetPositionXY(buttonW/2-28, 0)
	n.AddChild(box)
	frame := scenegraph.AddComponent(box, scenegraph.NewSprite(0, 26, 26))
	frame.Color = TextColor
	frame.Order = 1
	mark := scenegraph.NewNode("Checkmark")
	box.AddChild(mark)
	check := scenegraph.AddComponent(mark, scenegraph.NewSprite(0, 16, 16))
	check.Color = Accent
	check.Order = 2
	t := scenegraph.AddComponent(n, ui.NewToggle(on))
	t.Colors = buttonColors
	t.Target = bg // the box keeps its colour
	t.Checkmark = mark
	t.Toggled.On(func(t *ui.Toggle) { changed(t.Checked()) })
	return t
}

// addLabel adds a centred label at (x, y) under parent.
func addLabel(parent *scenegraph.Node, name, msg string, size, x, y float32) *text.Label {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel(msg, size, TextColor))
	return l
}

// itoa formats a small non-negative number.
func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; v > 0; v /= 10 {
		i--
		b[i] = byte('0' + v%10)
	}
	return string(b[i:])
}

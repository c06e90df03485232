package main

import (
	"fmt"
	"image"
	"io"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// The list's layout, in window pixels from the top-left corner.
const (
	menuW, menuH = 800, 600
	rowTop       = 96  // top of the first row
	rowHeight    = 52  // row pitch
	rowGap       = 6   // space between rows
	rowLeft      = 40  // left edge of the rows
	rowWidth     = 720 // width of a row
)

// runMenu opens the launcher's window with the list of samples. Choosing one
// builds its scene in the same Game and switches to it (Director.RunScene);
// Esc switches back to a fresh list, and quits from the list. With -frames and
// -screenshot, the last frame is saved as DIR/launcher.png.
func runMenu(o options, stderr io.Writer) int {
	if err := runMenuScripted(o, stderr, nil); err != nil {
		fmt.Fprintln(stderr, "launcher:", err)
		return 1
	}
	return 0
}

// runMenuScripted is runMenu with script (if not nil) called at the end of
// every frame, as sample.Run calls a Script: for tests.
func runMenuScripted(o options, stderr io.Writer, script func(g *tact.Game, frame uint64)) error {
	cfg := tact.Config{Title: "Tact samples", Width: menuW, Height: menuH,
		RenderOnMain: o.renderOnMain, Headless: o.headless, MaxFrames: o.frames, ScreenshotDir: o.out,
		Inspector: o.inspect}
	l := &launcher{base: cfg, stderr: stderr}
	l.shell.onEscape = l.escape
	l.shell.onLaunch = l.launched
	g := tact.NewGame(cfg)
	d := g.Director()
	if script != nil {
		d.EndFrame.On(func(d *director.Director) { script(g, d.TotalFrames()) })
	}
	var shotErr error
	if o.screenshot != "" && o.frames > 0 {
		shotErr = fmt.Errorf("no frame was captured")
		d.BeforeDraw.On(func(d *director.Director) {
			if d.TotalFrames()+1 == o.frames {
				g.Screenshot(func(img *image.RGBA) {
					shotErr = writePNG(filepath.Join(o.screenshot, "launcher.png"), img)
				})
			}
		})
	}
	if err := g.Run(l.start); err != nil {
		return err
	}
	return shotErr
}

// launcher is the interactive list: it owns the shell and knows which scene
// is the list.
type launcher struct {
	shell
	stderr   io.Writer
	base     tact.Config // the launcher's own settings, restored on return
	menu     *scenegraph.Scene
	selected int
}

// start is the Game's start function: it builds the list scene.
func (l *launcher) start(g *tact.Game) (*scenegraph.Scene, error) {
	l.attach(g)
	l.menu = l.buildMenu(g)
	return l.menu, nil
}

// escape goes back to the list from a sample, and quits from the list.
func (l *launcher) escape(g *tact.Game) {
	if g.Director().Scene() == l.menu {
		g.Quit()
		return
	}
	l.menu = l.buildMenu(g)
	g.Director().RunScene(l.menu)
}

// launched restores the launcher's frame rate and fixed step when the list
// comes back (a sample may have changed them).
func (l *launcher) launched(s *scenegraph.Scene) {
	if s != l.menu {
		return
	}
	l.game.Director().SetFixedStep(l.base.FixedStep, l.base.MaxFrameTime)
	l.game.SetFrameRate(l.base.FrameRate)
}

// runSample switches to sample i. Its Configure is applied to a copy of the
// Game's configuration, and what can change while running is taken over: the
// fixed step and the frame rate (not the window size or vsync).
func (l *launcher) runSample(i int) {
	s := samples[i]
	g := l.game
	if s.Configure != nil {
		c := g.Config()
		s.Configure(&c)
		g.Director().SetFixedStep(c.FixedStep, c.MaxFrameTime)
		g.SetFrameRate(c.FrameRate)
	}
	scene, err := safeStart(s.Start, g)
	if err != nil {
		fmt.Fprintf(l.stderr, "launcher: %s: %v\n", s.Name, err)
		return
	}
	l.selected = i
	g.Director().RunScene(scene)
}

// safeStart calls start, turning a panic into an error.
func safeStart(start tact.StartFunc, g *tact.Game) (s *scenegraph.Scene, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("start panicked: %v", p)
		}
	}()
	s, err = start(g)
	if err == nil && s == nil {
		err = fmt.Errorf("start returned no scene")
	}
	return s, err
}

// menu is the list's component: it moves the selection with the arrows and
// the mouse and runs the chosen sample.
type menu struct {
	scenegraph.Component
	l    *launcher
	bars []*scenegraph.Sprite
}

// buildMenu makes the list scene: a camera with one world unit per pixel and
// the origin at the bottom-left, a title, and one row (bar and text) per
// sample.
func (l *launcher) buildMenu(g *tact.Game) *scenegraph.Scene {
	s := scenegraph.NewScene("launcher")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(menuW/2, menuH/2)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0x18, 0x1c, 0x24, 0xff)))
	s.AddChild(cam)

	title := newTextBox(&s.Node, "Tact samples", 28, render.RGBA(240, 240, 240, 255), scenegraph.DefaultLayer)
	title.node.SetPositionXY(rowLeft, menuH-32)
	help := newTextBox(&s.Node, "Up/Down or mouse: choose   Enter or click: run   Esc: back / quit   F1: stats   F12: screenshot",
		14, render.RGBA(150, 160, 175, 255), scenegraph.DefaultLayer)
	help.node.SetPositionXY(rowLeft, 24)

	m := &menu{l: l}
	for i, smp := range samples {
		row := scenegraph.NewNode(smp.Name)
		row.SetPositionXY(rowLeft, menuH-rowTop-float32(i*rowHeight))
		bar := scenegraph.NewSprite(0, rowWidth, rowHeight-rowGap)
		bar.Anchor = mgl32.Vec2{0, 1} // the node is the bar's top-left corner
		scenegraph.AddComponent(row, bar)
		m.bars = append(m.bars, bar)
		name := newTextBox(row, smp.Name, 20, render.RGBA(255, 255, 255, 255), scenegraph.DefaultLayer)
		name.node.SetPositionXY(12, -6)
		desc := newTextBox(row, smp.Description, 14, render.RGBA(200, 205, 215, 255), scenegraph.DefaultLayer)
		desc.node.SetPositionXY(12, -28)
		s.AddChild(row)
	}
	scenegraph.AddComponent(&s.Node, m)
	return s
}

// rowAt returns the row under window point (x, y), or -1.
func rowAt(x, y float32) int {
	if x < rowLeft || x >= rowLeft+rowWidth || y < rowTop {
		return -1
	}
	i := int(y-rowTop) / rowHeight
	if i >= len(samples) || int(y-rowTop)%rowHeight >= rowHeight-rowGap {
		return -1
	}
	return i
}

// Update moves the selection and runs a sample on Enter or a click.
func (m *menu) Update(float64) {
	l := m.l
	in := l.game.Input()
	n := len(samples)
	if n == 0 {
		return
	}
	if in.JustPressed(platform.KeyDown) {
		l.selected = (l.selected + 1) % n
	}
	if in.JustPressed(platform.KeyUp) {
		l.selected = (l.selected + n - 1) % n
	}
	mx, my := in.MousePosition()
	hover := rowAt(mx, my)
	if dx, dy := in.MouseDelta(); hover >= 0 && (dx != 0 || dy != 0) {
		l.selected = hover
	}
	l.selected = min(max(l.selected, 0), n-1)
	switch {
	case in.JustPressed(platform.KeyEnter) || in.JustPressed(platform.KeyKPEnter):
		l.runSample(l.selected)
	case in.MouseJustPressed(platform.MouseLeft) && hover >= 0:
		l.runSample(hover)
	}
	// Each sample's bar has its own hue; the selected one is bright.
	for i, bar := range m.bars {
		h := float32(i) / float32(n)
		s, v := float32(0.45), float32(0.3)
		if i == l.selected {
			s, v = 0.75, 0.6
		}
		bar.Color = hsv(h, s, v)
	}
}

// hsv converts a hue, saturation and value in [0, 1] to an opaque color.
func hsv(h, s, v float32) render.Color {
	i := int(h * 6)
	f := h*6 - float32(i)
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, b float32
	switch i % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return render.RGBA(uint8(r*255), uint8(g*255), uint8(b*255), 255)
}

package platformer

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/transition"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the platformer sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "platformer",
	Description: "a Tiled level, a character controller, coins, parallax, HUD and pause menu (arrows/space or a gamepad)",
	Configure: func(cfg *tact.Config) {
		cfg.Width, cfg.Height = Width, Height
		if cfg.Title == "" {
			cfg.Title = "Tact - platformer"
		}
		if cfg.AssetRoot == "" {
			cfg.AssetRoot = AssetDir()
		}
		// Pixel art: every texture sharp when scaled up; the sky's own
		// settings file adds wrap repeat.
		cfg.Textures = asset.TextureSettings{Filter: render.FilterNearest}
	},
	Start:  Start,
	Script: Script,
}

// The window size in pixels and the visible height of the world in world
// units (pixels of the art): the art is drawn at ×2.
const (
	Width, Height = 640, 360
	ViewHeight    = 180
)

// FadeSeconds is how long a scene change takes.
const FadeSeconds = 0.4

// Colours of the menus.
var (
	Background = render.RGBA(20, 24, 40, 255)
	PanelColor = render.RGBA(40, 46, 70, 235)
	TextColor  = render.RGBA(240, 240, 245, 255)
	Accent     = render.RGBA(250, 200, 40, 255)
)

// AssetDir returns the sample's asset folder: samples/platformer/assets
// under the working directory when it is there (the repository root),
// assets when run from this package's folder (its tests), or else the
// folder next to this source file.
func AssetDir() string {
	for _, p := range []string{filepath.Join("samples", "platformer", "assets"), "assets"} {
		if _, err := os.Stat(filepath.Join(p, "level.tmx")); err == nil {
			return p
		}
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "assets")
}

// Start shows the title menu. The Game calls it at launch (and on Restart).
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	sys := ui.Install(g.Director())
	sys.Navigation = true
	return TitleScene(g), nil
}

// fadeTo switches g to next through black, once: a request while a fade
// runs is ignored. A paused Director (the pause menu) resumes when the
// screen is covered, so the new scene runs.
func fadeTo(g *tact.Game, next func() *scenegraph.Scene) {
	d := g.Director()
	if _, busy := director.Find[*transition.Transition](d); busy {
		return
	}
	tr := transition.Fade(d, next(), FadeSeconds, render.Black)
	tr.Covered.On(func(*transition.Transition) { d.Resume() })
}

// TitleScene is the title menu: the game's name and the buttons Play and
// Quit, stacked by a vertical ui.Layout. The first Down (or Tab) focuses
// Play; Enter or gamepad A clicks the focused button.
func TitleScene(g *tact.Game) *scenegraph.Scene {
	s := scenegraph.NewScene("Title")
	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))
	hud := scenegraph.NewNode("Canvas")
	s.AddChild(hud)
	scenegraph.AddComponent(hud, ui.NewCanvas(320, 180, ui.ShowAll))
	title := addLabel(hud, "Title", "TINY PLATFORMER", 24, 0, 55)
	title.Color = Accent
	menu := addMenu(hud, "Menu", 0, -10)
	play := addButton(menu, "Play", "Play")
	play.Click.On(func(*ui.Button) { fadeTo(g, func() *scenegraph.Scene { return mustLevel(g) }) })
	quit := addButton(menu, "Quit", "Quit")
	quit.Click.On(func(*ui.Button) { g.Quit() })
	addLabel(hud, "Help", "arrows / d-pad: choose   enter / A: start", 10, 0, -75)
	return s
}

// mustLevel builds the level, or a scene showing why it could not be.
func mustLevel(g *tact.Game) *scenegraph.Scene {
	s, err := LevelScene(g)
	if err != nil {
		s = scenegraph.NewScene("Error")
		cam := scenegraph.NewNode("Camera")
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))
		addLabel(s.Root(), "Error", err.Error(), 12, 0, 0)
	}
	return s
}

// Button sizes of the menus, in the Canvas's design units.
const buttonW, buttonH = 120, 26

// addMenu adds a node whose children a vertical Layout stacks and centres.
func addMenu(parent *scenegraph.Node, name string, x, y float32) *scenegraph.Node {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(buttonW, 0))
	scenegraph.AddComponent(n, &ui.Layout{Type: ui.Vertical, Spacing: mgl32.Vec2{0, 8}, ResizeContainer: true})
	return n
}

// addButton adds a labelled button to a menu; focus shows as a gold tint.
func addButton(menu *scenegraph.Node, name, caption string) *ui.Button {
	n := scenegraph.NewNode(name)
	menu.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(buttonW, buttonH))
	bg := scenegraph.AddComponent(n, scenegraph.NewSprite(0, buttonW, buttonH))
	bg.Color = PanelColor
	bg.Order = 10
	b := scenegraph.AddComponent(n, ui.NewButton())
	b.Colors = [4]render.Color{
		ui.StateNormal:   PanelColor,
		ui.StateHover:    render.RGBA(70, 80, 120, 255),
		ui.StatePressed:  render.RGBA(30, 34, 52, 255),
		ui.StateDisabled: render.RGBA(40, 40, 40, 200),
	}
	b.FocusedColor = render.RGBA(200, 150, 30, 255)
	lbl := addLabel(n, "Caption", caption, 14, 0, 0)
	lbl.Order = 11
	return b
}

// addLabel adds a centred label at (x, y) under parent.
func addLabel(parent *scenegraph.Node, name, msg string, size, x, y float32) *text.Label {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	parent.AddChild(n)
	return scenegraph.AddComponent(n, text.NewLabel(msg, size, TextColor))
}

// newActions binds the game's actions over keys and any gamepad.
func newActions(in *platform.Input) *platform.Actions {
	a := platform.NewActions(in)
	a.Bind("left", platform.KeyBinding(platform.KeyLeft), platform.KeyBinding(platform.KeyA),
		platform.GamepadButtonBinding(platform.GamepadDPadLeft),
		platform.GamepadAxisBinding(platform.GamepadLeftX).Negative())
	a.Bind("right", platform.KeyBinding(platform.KeyRight), platform.KeyBinding(platform.KeyD),
		platform.GamepadButtonBinding(platform.GamepadDPadRight),
		platform.GamepadAxisBinding(platform.GamepadLeftX).Positive())
	a.Bind("jump", platform.KeyBinding(platform.KeySpace), platform.KeyBinding(platform.KeyUp),
		platform.KeyBinding(platform.KeyW), platform.GamepadButtonBinding(platform.GamepadA))
	a.Bind("pause", platform.KeyBinding(platform.KeyEscape), platform.KeyBinding(platform.KeyP),
		platform.GamepadButtonBinding(platform.GamepadStart))
	return a
}

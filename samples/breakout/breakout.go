// Package breakout is a small complete game: a title menu built from ui
// buttons, a settings menu whose choices are saved between runs, a fade
// into the game, paddle and ball and bricks, a pause menu (Esc), and a fade
// back to the title when the game ends. It is the sample to read for how
// the pieces of a real game fit together on Tact.
//
// What it shows:
//   - menus from ui.Button, ui.Toggle and ui.Layout, clicked with the mouse
//     or a touch (menu.go);
//   - settings kept with Game.Saves (settings.go);
//   - transition.Fade between scenes, and the Game reached from any
//     component with tact.GameOf (breakout.go, play.go);
//   - named input actions over keys, mouse and gamepad (play.go);
//   - a pause menu that stops the play but not the UI (play.go);
//   - an anti-aliased ball drawn with vector.Graphics (play.go).
//
// Controls: Left/Right, A/D, the mouse or a gamepad stick move the paddle;
// Space, a click or the A button launches the ball; Esc, P or Start pauses
// (in the launcher, Esc goes back to the list: use P).
package breakout

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/transition"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the breakout sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "breakout",
	Description: "a complete little game: title menu, saved settings, pause menu, fades (mouse/arrows, Esc pauses)",
	Configure: func(cfg *tact.Config) {
		cfg.Width, cfg.Height = Width, Height
		if cfg.Title == "" {
			cfg.Title = "Tact - breakout"
		}
	},
	Start:  Start,
	Script: Script,
}

// The playfield and window size in pixels.
const (
	Width, Height = 800, 600
)

// Colours of the game.
var (
	Background = render.RGBA(24, 28, 44, 255)
	PanelColor = render.RGBA(40, 46, 70, 235)
	TextColor  = render.RGBA(235, 238, 245, 255)
	Accent     = render.RGBA(250, 190, 60, 255)
)

// FadeSeconds is how long a scene change takes.
const FadeSeconds = 0.5

// Start shows the title menu. The Game calls it at launch (and on Restart).
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	return TitleScene(g, LoadSettings(g)), nil
}

// newScene returns a scene with a camera where one world unit is one pixel
// and world (0,0) is the bottom-left corner of the window.
func newScene(name string) *scenegraph.Scene {
	s := scenegraph.NewScene(name)
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{Width / 2, Height / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))
	return s
}

// fadeTo switches g to next through black, once: a second request while a
// fade runs is ignored.
func fadeTo(g *tact.Game, next *scenegraph.Scene) {
	if g == nil {
		return
	}
	d := g.Director()
	if _, busy := findFade(d); busy {
		return
	}
	transition.Fade(d, next, FadeSeconds, render.Black)
}

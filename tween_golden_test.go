package tact

import (
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/tween"
	"github.com/tact-engine/tact/scenegraph"
)

// fadedPanelScene is a menu panel (a gray board, three colored buttons and
// a "MENU" label) faded to half by a tween of the panel node's opacity,
// beside an unfaded copy of one button for comparison, over a checkered
// background so the transparency shows.
func fadedPanelScene(g *Game) (*scenegraph.Scene, error) {
	s := darkScene()
	for i := range 8 { // light stripes behind the panel
		n := scenegraph.NewNode("Stripe")
		n.SetPositionXY(20+float32(i)*40, 120)
		s.AddChild(n)
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 20, 240))
		sp.Color = render.RGBA(200, 200, 200, 255)
	}
	panel := scenegraph.NewNode("Panel")
	panel.SetPositionXY(130, 120)
	s.AddChild(panel)
	board := scenegraph.AddComponent(panel, scenegraph.NewSprite(0, 180, 200))
	board.Color = render.RGBA(60, 60, 90, 255)
	title := scenegraph.NewNode("Title")
	title.SetPositionXY(0, 70)
	panel.AddChild(title)
	scenegraph.AddComponent(title, text.NewLabel("MENU", 28, render.White))
	for i, c := range []render.Color{render.RGBA(220, 40, 40, 255), render.RGBA(40, 200, 60, 255), render.RGBA(40, 90, 230, 255)} {
		b := scenegraph.NewNode("Button")
		b.SetPositionXY(0, 20-float32(i)*45)
		panel.AddChild(b)
		sp := scenegraph.AddComponent(b, scenegraph.NewSprite(0, 140, 34))
		sp.Color = c
	}
	ref := scenegraph.NewNode("Unfaded")
	ref.SetPositionXY(275, 20)
	s.AddChild(ref)
	sp := scenegraph.AddComponent(ref, scenegraph.NewSprite(0, 70, 34))
	sp.Color = render.RGBA(220, 40, 40, 255)
	// Start half way into a 1 s fade to 0 and hold there: opacity 128.
	var fade *tween.Tween
	fade = tween.New(panel).Parallel(
		tween.New(nil).To(1, nil, tween.Opacity(0)),
		tween.New(nil).Delay(0.5).Call(func() { fade.Pause() }),
	)
	fade.StartAt(0.5)
	return s, nil
}

// A node's opacity, tweened, fades a whole panel of sprites and a label as
// one, in both render modes.
func TestGoldenFadedPanel(t *testing.T) {
	threaded := shoot(t, false, fadedPanelScene)
	checkGolden(t, "faded_panel", threaded)
	onMain := shoot(t, true, fadedPanelScene)
	checkGolden(t, "faded_panel", onMain)
	// The red button (world y 140) at x 120, between stripes: red at
	// 128/255 over the half-faded board (30, 30, 45) over black:
	// 220·0.502 + 30·0.498 = 125 red, 35 green.
	c := threaded.RGBAAt(120, 240-140)
	if c.R < 120 || c.R > 130 || c.G < 30 || c.G > 40 {
		t.Fatalf("half-faded red button pixel %v, want about {125 35 35}", c)
	}
	if u := threaded.RGBAAt(275, 240-20); u.R < 215 {
		t.Fatalf("the unfaded button is faded: %v", u)
	}
}

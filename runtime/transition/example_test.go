package transition_test

import (
	"fmt"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/transition"
	"github.com/tact-engine/tact/scenegraph"
)

// A fade to black into the next level; Done says when it is over.
func ExampleFade() {
	d := director.New() // a Game's: g.Director()
	d.RunScene(scenegraph.NewScene("Title"))
	level := scenegraph.NewScene("Level 1")
	tr := transition.Fade(d, level, 0.5, render.Black)
	tr.Done.On(func(*transition.Transition) { fmt.Println("now playing", d.Scene().Name()) })
	for range 40 {
		d.Tick(1.0 / 60)
	}
	// Output: now playing Level 1
}

// A pause menu's "Quit to title": the fade runs while the game is paused,
// and the game resumes once the screen is covered, so the title runs.
func ExampleFade_whilePaused() {
	d := director.New()
	d.RunScene(scenegraph.NewScene("Level 3"))
	d.Tick(1.0 / 60)
	d.Pause() // the pause menu is up
	tr := transition.Fade(d, scenegraph.NewScene("Title"), 0.5, render.Black)
	tr.Covered.On(func(*transition.Transition) { d.Resume() })
	tr.Done.On(func(*transition.Transition) { fmt.Println(d.Scene().Name(), "paused:", d.Paused()) })
	for range 40 {
		d.Tick(1.0 / 60)
	}
	// Output: Title paused: false
}

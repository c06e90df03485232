package platform_test

import (
	"log"

	"github.com/tact-engine/tact/platform"
)

// Example opens a window and runs an input loop at 60 frames per second until
// the window is closed or Escape is pressed. It needs SDL, so it has no
// Output line and is compiled, not run. Call it from main: SDL must run on
// the main thread, where the main goroutine already is.
func Example() {
	p, err := platform.Init(platform.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	if p.Headless() {
		log.Printf("no display (video driver %q): frames are only visible as screenshots", p.VideoDriver())
	}

	w, err := p.OpenWindow(platform.WindowConfig{Title: "Tact", Width: 960, Height: 540, Resizable: true, HighDPI: true})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	// A render goroutine would now lock its OS thread, call w.MakeCurrent,
	// w.SetSwapInterval(platform.SwapAdaptive), and per frame draw and w.Swap().

	in := p.Input()
	running := true
	in.QuitRequested.On(func(struct{}) { running = false })
	in.Resized.On(func(s platform.Size) { log.Printf("window now %dx%d", s.W, s.H) })

	pacer := platform.NewPacer(60)
	for running {
		pacer.Wait()
		in.Pump()
		in.Dispatch()
		if in.JustPressed(platform.KeyEscape) {
			running = false
		}
		if in.Down(platform.KeySpace) {
			x, y := in.MousePixelPosition()
			log.Printf("space held, mouse at pixel %.0f,%.0f", x, y)
		}
	}
}

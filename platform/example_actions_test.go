package platform_test

import (
	"errors"
	"log"

	"github.com/tact-engine/tact/platform"
)

// ExampleActions binds actions once and asks about them every frame: the
// keyboard, the mouse and any gamepad drive the same actions, and a signed
// axis comes from keys and a stick alike. It needs SDL, so it is compiled,
// not run; call it from main.
func ExampleActions() {
	p, err := platform.Init(platform.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	in := p.Input()

	act := platform.NewActions(in)
	act.Bind("jump", platform.KeyBinding(platform.KeySpace), platform.GamepadButtonBinding(platform.GamepadA))
	act.Bind("fire", platform.MouseBinding(platform.MouseLeft), platform.GamepadAxisBinding(platform.GamepadRightTrigger))
	act.Bind("move", // -1 (left) .. 1 (right)
		platform.KeyBinding(platform.KeyA).Scaled(-1), platform.KeyBinding(platform.KeyLeft).Scaled(-1),
		platform.KeyBinding(platform.KeyD), platform.KeyBinding(platform.KeyRight),
		platform.GamepadAxisBinding(platform.GamepadLeftX))
	act.Bind("quit", platform.KeyBinding(platform.KeyEscape), platform.GamepadButtonBinding(platform.GamepadBack))

	pacer := platform.NewPacer(60)
	for !act.JustPressed("quit") {
		pacer.Wait()
		in.Pump()
		in.Dispatch()
		if act.JustPressed("jump") {
			log.Print("jump")
		}
		if act.Pressed("fire") {
			log.Printf("firing, move %.2f", act.Value("move"))
		}
	}
}

// ExampleOnMainThread guards code that must run on the main goroutine,
// as platform.Init and tact's Game.Run do.
func ExampleOnMainThread() {
	if !platform.OnMainThread() {
		log.Print("not on the main goroutine: SDL would misbehave here")
	}
	p, err := platform.Init(platform.Options{NoVideo: true})
	if errors.Is(err, platform.ErrNotMainThread) {
		log.Print(err)
	}
	if err == nil {
		p.Close()
	}
}

package platform_test

import (
	"log"

	"github.com/tact-engine/tact/platform"
)

// ExampleInput_ConnectVirtualGamepad drives a gamepad that does not exist:
// a test, or a headless run, owns the handle and injects its buttons and
// axes, which every frame's Dispatch delivers as a real pad's. It needs
// SDL, so it is compiled, not run.
func ExampleInput_ConnectVirtualGamepad() {
	p, err := platform.Init(platform.Options{NoVideo: true})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	in := p.Input()
	pad := in.ConnectVirtualGamepad("Test Pad")
	pad.Press(platform.GamepadA)
	pad.SetAxis(platform.GamepadLeftX, -1)
	in.Dispatch()
	g := pad.Gamepad()
	log.Printf("%s: A held %v, left stick x %.1f", g.Name(), g.Down(platform.GamepadA), g.Axis(platform.GamepadLeftX))
	pad.Disconnect()
	in.Dispatch()
}

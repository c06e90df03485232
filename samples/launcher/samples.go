package main

import (
	"github.com/tact-engine/tact/samples/animdemo"
	"github.com/tact-engine/tact/samples/blockdash"
	"github.com/tact-engine/tact/samples/breakout"
	"github.com/tact-engine/tact/samples/bunnymark"
	"github.com/tact-engine/tact/samples/fixedstep"
	"github.com/tact-engine/tact/samples/lifecycle"
	"github.com/tact-engine/tact/samples/lookdev"
	"github.com/tact-engine/tact/samples/modelviewer"
	"github.com/tact-engine/tact/samples/platformer"
	"github.com/tact-engine/tact/samples/renderlab"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/samples/systemsdemo"
	"github.com/tact-engine/tact/samples/text"
)

// samples lists every sample the launcher offers, in the order it shows them.
//
// ┌──────────────────────────────────────────────────────────────────────┐
// │ ADD A SAMPLE HERE: import its package above and add one line below.  │
// │ Its flags are registered on the launcher's command line; a flag name │
// │ used twice is an error (TestFlagsDoNotCollide).                      │
// └──────────────────────────────────────────────────────────────────────┘
var samples = []sample.Sample{
	blockdash.Sample,
	bunnymark.Sample,
	lifecycle.Sample,
	fixedstep.Sample,
	renderlab.Sample,
	lookdev.Sample,
	text.Sample,
	systemsdemo.Sample,
	breakout.Sample,
	modelviewer.Sample,
	animdemo.Sample,
	platformer.Sample,
}

// Package text is a sample of text.Label, in pages: the first shows font
// sizes, horizontal and vertical alignment, and wrapping, each label drawn
// inside an outline that shows its box; then a page per script (Chinese,
// Japanese, Korean, Arabic, Hebrew, Thai, Devanagari), one of color emoji,
// and one of outlines and shadows. The arrow keys (or Page Up and Page Down)
// turn the pages.
//
// A Label lays its text out in a box: as wide as WrapWidth (or the widest
// line) and as tall as BoxHeight (or the lines). HAlign places each line
// inside the box's width, VAlign places the block of lines inside its
// height, and Anchor says which point of the box sits at the node's origin,
// as for a Sprite. The outlines here are drawn at exactly that box, so what
// you see is what the layout computed.
package text

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the text sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "text",
	Description: "labels: sizes, alignment, wrapping; a page per script (CJK, Arabic, Hebrew, Thai, Devanagari), color emoji, outline and shadow (arrow keys turn pages)",
	Configure: func(cfg *tact.Config) {
		cfg.Width, cfg.Height = Width, Height
		if cfg.Title == "" {
			cfg.Title = "Tact - text"
		}
	},
	Start: StartAt(0),
}

// The window size the layout is made for.
const Width, Height = 800, 600

// Colors, which the tests look for.
var (
	Background   = render.RGBA(26, 28, 38, 255)
	TextColor    = render.RGBA(250, 244, 225, 255)
	CaptionColor = render.RGBA(140, 148, 170, 255)
	OutlineColor = render.RGBA(70, 110, 170, 255)
)

// Demo is one outlined label: its text and the box it is laid out in.
type Demo struct {
	// Caption is written above the box.
	Caption string
	// Text is the label's text.
	Text string
	// Size is the font size in pixels.
	Size float32
	// Left and Top are the box's top-left corner in world units (pixels, y
	// up); W is the wrap width and H the box height.
	Left, Top, W, H float32
	// HAlign places each line in the box's width.
	HAlign text.HAlign
	// VAlign places the block of lines in the box's height.
	VAlign text.VAlign
}

const paragraph = "The quick brown fox jumps over the lazy dog. Lines break at spaces, and inside a word only when it alone is too wide."

const sentence = "Wrapping breaks lines at spaces to fit the box."

// Demos returns the outlined labels, row by row: horizontal alignment,
// vertical alignment, then three wrap widths.
func Demos() []Demo {
	cols := []float32{30, 290, 550}
	const w = 220
	var d []Demo
	for i, h := range []struct {
		name string
		a    text.HAlign
	}{{"AlignLeft", text.AlignLeft}, {"AlignCenter", text.AlignCenter}, {"AlignRight", text.AlignRight}} {
		d = append(d, Demo{Caption: h.name + ", WrapWidth 220", Text: paragraph, Size: 14,
			Left: cols[i], Top: 450, W: w, H: 90, HAlign: h.a, VAlign: text.AlignTop})
	}
	for i, v := range []struct {
		name string
		a    text.VAlign
	}{{"AlignTop", text.AlignTop}, {"AlignMiddle", text.AlignMiddle}, {"AlignBottom", text.AlignBottom}} {
		d = append(d, Demo{Caption: v.name + ", BoxHeight 70", Text: "two short\nlines", Size: 14,
			Left: cols[i], Top: 330, W: w, H: 70, HAlign: text.AlignCenter, VAlign: v.a})
	}
	left := float32(30)
	for _, ww := range []float32{110, 220, 360} {
		d = append(d, Demo{Caption: fmt.Sprintf("WrapWidth %g", ww), Text: sentence, Size: 14,
			Left: left, Top: 228, W: ww, H: 80, HAlign: text.AlignLeft, VAlign: text.AlignTop})
		left += ww + 30
	}
	return d
}

// FontSizes are the sizes of the top row.
var FontSizes = []float32{12, 16, 24, 32, 48}

// SizesBaseline is the y of the bottom of the sizes row's boxes.
const SizesBaseline = 490

// buildLabels builds the first page: sizes, alignment, wrapping.
func buildLabels(s *scenegraph.Scene, _ *Fonts) {
	// The title: NewLabel centers the text on its node.
	title := scenegraph.NewNode("Title")
	title.SetPositionXY(Width/2, Height-28)
	s.AddChild(title)
	scenegraph.AddComponent(title, text.NewLabel("Labels: sizes, alignment, wrapping", 22, TextColor))

	// Sizes: one label per size, placed left to right using Size(), the
	// laid-out box, so each starts where the previous one ends.
	x := float32(30)
	for _, size := range FontSizes {
		n := scenegraph.NewNode(fmt.Sprintf("Size%g", size))
		n.SetPositionXY(x, SizesBaseline)
		s.AddChild(n)
		l := scenegraph.AddComponent(n, text.NewLabel(fmt.Sprintf("%gpx", size), size, TextColor))
		l.Anchor = mgl32.Vec2{0, 0} // bottom-left corner of the box at the node
		x += l.Size()[0] + 24
	}

	for i, d := range Demos() {
		addDemo(s, i, d)
	}
}

// addDemo adds a caption, the outline and the label of d.
func addDemo(s *scenegraph.Scene, i int, d Demo) {
	caption := scenegraph.NewNode(fmt.Sprintf("Caption%d", i))
	caption.SetPositionXY(d.Left, d.Top+4)
	s.AddChild(caption)
	c := scenegraph.AddComponent(caption, text.NewLabel(d.Caption, 12, CaptionColor))
	c.Anchor = mgl32.Vec2{0, 0}
	c.HAlign = text.AlignLeft

	addOutline(s, d.Left, d.Top, d.W, d.H)

	// The label's node is the box's top-left corner: Anchor {0, 1}. The box
	// is WrapWidth wide and BoxHeight tall, so it matches the outline.
	n := scenegraph.NewNode(fmt.Sprintf("Demo%d", i))
	n.SetPositionXY(d.Left, d.Top)
	s.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel(d.Text, d.Size, TextColor))
	l.Anchor = mgl32.Vec2{0, 1}
	l.WrapWidth = d.W
	l.BoxHeight = d.H
	l.HAlign, l.VAlign = d.HAlign, d.VAlign
}

// addOutline draws the rectangle (left, top, w, h) as four thin sprites
// just outside it, so they never cover the text inside.
func addOutline(s *scenegraph.Scene, left, top, w, h float32) {
	const t = 1             // line thickness
	edges := [4][4]float32{ // x, y (bottom-left), width, height
		{left - t, top, w + 2*t, t},         // top
		{left - t, top - h - t, w + 2*t, t}, // bottom
		{left - t, top - h, t, h},           // left
		{left + w, top - h, t, h},           // right
	}
	for _, e := range edges {
		n := scenegraph.NewNode("Outline")
		n.SetPositionXY(e[0], e[1])
		s.AddChild(n)
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, e[2], e[3]))
		sp.Anchor = mgl32.Vec2{0, 0}
		sp.Color = OutlineColor
	}
}

package main

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// textBox is a text.Label on a node of its own, its top-left corner at
// the node's origin.
type textBox struct {
	node  *scenegraph.Node
	label *text.Label
}

// newTextBox adds a text node to parent on layer.
func newTextBox(parent *scenegraph.Node, s string, size float32, c render.Color, layer uint32) *textBox {
	n := scenegraph.NewNode("text")
	n.Layer = layer
	l := text.NewLabel(s, size, c)
	l.HAlign, l.VAlign = text.AlignLeft, text.AlignTop
	l.Anchor = mgl32.Vec2{0, 1}
	scenegraph.AddComponent(n, l)
	parent.AddChild(n)
	return &textBox{node: n, label: l}
}

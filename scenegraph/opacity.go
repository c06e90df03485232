package scenegraph

import "github.com/tact-engine/tact/render"

// SetOpacity sets n's opacity, as Cocos' UIOpacity component does: 255 (the
// default) is opaque, 0 invisible. It multiplies into everything drawn at n
// and below it: the alpha of each Sprite, SpriteBatch and text Label color
// there is scaled by the product of opacity/255 of n and its ancestors, so a
// whole panel fades as one without touching its children's colors.
// Renderables of other kinds see the product through View.Opacity.
//
// Unlike Cocos, where UIOpacity is a component to add, every Node has an
// opacity: no lookup per node during extraction, and nothing to add before
// a fade. A node at opacity 0 is still extracted (it costs its draws), as in
// Cocos; deactivate it to skip it.
func (n *Node) SetOpacity(opacity uint8) { n.fade = 255 - opacity }

// Opacity returns n's own opacity (see SetOpacity), not the product with
// its ancestors'.
func (n *Node) Opacity() uint8 { return 255 - n.fade }

// Opacity returns the product of the opacities (as fractions of 255) of the
// node being recorded and of its ancestors: 1 when none is faded. A custom
// Renderable multiplies it into its colors' alpha (ApplyOpacity) to honour
// Node.SetOpacity.
func (v *View) Opacity() float32 { return 1 - v.fade }

// ApplyOpacity returns c with its alpha scaled by v.Opacity(), rounded to
// the nearest step; c itself when nothing is faded.
func (v *View) ApplyOpacity(c render.Color) render.Color {
	if v.fade == 0 {
		return c
	}
	a := float32(c.A())*(1-v.fade) + 0.5
	return render.RGBA(c.R(), c.G(), c.B(), uint8(a))
}

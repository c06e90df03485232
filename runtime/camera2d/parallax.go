package camera2d

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// Parallax places its node (a background layer) relative to a camera, once
// per unpaused frame in the camera2d System's PostUpdate, after the
// Follows: with the camera at world (cx, cy), the layer's position is
// Origin + (cx, cy)·(1 - Factor), so a Factor of 1 moves the layer with the
// world (no parallax), 0 keeps it fixed on the screen (a far sky), and 0.5
// scrolls it at half the world's speed.
//
// On an axis with RepeatX or RepeatY, the node's Sprite instead covers the
// camera's whole view on that axis (centered on the camera, its Size the
// ViewSize) and its UV region scrolls by the same rule, one texture repeat
// every TileSize world units, so the layer never ends. The texture must
// repeat: load it with asset.TextureSettings{Wrap: render.WrapRepeat}. The
// region is kept within one repeat of 0, so float32 precision does not
// degrade far from the origin.
//
// The layer's parent should be unmoved (the scene root): the position is
// set as the node's local position.
type Parallax struct {
	scenegraph.Component

	// Camera is the camera node the layer scrolls against.
	Camera *scenegraph.Node
	// Factor is how much of the camera's motion the layer scrolls by, per
	// axis (see Parallax).
	Factor mgl32.Vec2
	// Origin is the layer's position with the camera at the origin;
	// OnEnable sets it to the node's position when it is zero.
	Origin mgl32.Vec2
	// RepeatX and RepeatY tile the node's Sprite endlessly on that axis.
	RepeatX, RepeatY bool
	// TileSize is the size in world units of one repeat of the texture
	// (0: the Sprite's Size when enabled).
	TileSize mgl32.Vec2

	sys *System
}

// NewParallax returns a Parallax against camera with factor on both axes.
func NewParallax(camera *scenegraph.Node, factor float32) *Parallax {
	return &Parallax{Camera: camera, Factor: mgl32.Vec2{factor, factor}}
}

// OnEnable takes the node's position as the Origin (if unset) and the
// Sprite's size as the TileSize (if unset), and registers with the System.
func (p *Parallax) OnEnable() {
	n := p.Node()
	if p.Origin == (mgl32.Vec2{}) {
		q := n.Position()
		p.Origin = mgl32.Vec2{q[0], q[1]}
	}
	if sp := scenegraph.GetComponent[*scenegraph.Sprite](n); sp != nil {
		for i := 0; i < 2; i++ {
			if p.TileSize[i] == 0 {
				p.TileSize[i] = sp.Size[i]
			}
		}
	}
	if p.sys = SystemOf(n); p.sys != nil {
		p.sys.parallaxs = add(p.sys.parallaxs, p)
	}
}

// OnDisable unregisters the layer; it stays where it was.
func (p *Parallax) OnDisable() {
	if p.sys != nil {
		p.sys.parallaxs = remove(p.sys.parallaxs, p)
	}
}

// Place puts the layer where the camera's position says, as the System
// does in its PostUpdate. It does nothing without a valid Camera node.
func (p *Parallax) Place() {
	n, cn := p.Node(), p.Camera
	if n == nil || cn == nil || !cn.IsValid() {
		return
	}
	cw := cn.WorldPosition()
	c := mgl32.Vec2{cw[0], cw[1]}
	pos := n.Position()
	var sp *scenegraph.Sprite
	var view mgl32.Vec2
	if p.RepeatX || p.RepeatY {
		sp = scenegraph.GetComponent[*scenegraph.Sprite](n)
		view = ViewSize(scenegraph.GetComponent[*scenegraph.Camera](cn))
	}
	repeat := [2]bool{p.RepeatX, p.RepeatY}
	for i := 0; i < 2; i++ {
		if !repeat[i] || sp == nil || view[i] <= 0 || !(p.TileSize[i] > 0) {
			pos[i] = p.Origin[i] + c[i]*(1-p.Factor[i])
			continue
		}
		pos[i] = c[i]
		sp.Size[i] = view[i]
		sp.Anchor[i] = 0.5
		// The layer-space coordinate at the view's left (bottom) edge.
		edge := c[i]*p.Factor[i] - p.Origin[i] - view[i]/2
		if i == 1 { // v runs down from the top edge
			edge = -(c[i]*p.Factor[i] - p.Origin[i] + view[i]/2)
		}
		t := float64(edge / p.TileSize[i])
		u0 := float32(t - math.Floor(t))
		if sp.UV == (mgl32.Vec4{}) {
			sp.UV = mgl32.Vec4{0, 0, 1, 1}
		}
		sp.UV[i], sp.UV[i+2] = u0, u0+view[i]/p.TileSize[i]
	}
	n.SetPosition(pos)
}

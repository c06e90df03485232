package tween

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

type propKind uint8

const (
	propPosition propKind = iota
	propAngle
	propScale
	propOpacity
	propColor
	propFloat
)

// Components a Prop leaves alone (Prop.keep), as bits: x, y, z.
const (
	keepX uint8 = 1 << iota
	keepY
	keepZ
)

// Prop is one property a To, By or Set action animates: a value for To and
// Set (the end value) or for By (the change). Make one with Position,
// Position2, PositionX, PositionY, Angle, Scale, Scale2, ScaleX, ScaleY,
// Opacity, Color, SpriteColor or Float; several in one action run together,
// like the fields of a Cocos props object: To(1, QuadOut, Position(p), Angle(90)).
type Prop struct {
	kind propKind
	v    mgl32.Vec4
	keep uint8 // components the prop leaves as they are (PositionX: y and z)
	getF func() float32
	setF func(float32)
	getC func() render.Color
	setC func(render.Color)
}

// Position animates the target node's local position.
func Position(p mgl32.Vec3) Prop { return Prop{kind: propPosition, v: p.Vec4(0)} }

// Position2 animates the target node's local x and y, leaving z as it is:
// Position for 2D games, with a Vec2.
func Position2(p mgl32.Vec2) Prop { return Prop{kind: propPosition, v: p.Vec4(0, 0), keep: keepZ} }

// PositionX animates the target node's local x alone, like Cocos'
// to(d, {position: {x: 100}}) on a node. The y and z it writes are read from
// the node at each step, so another tween may move them meanwhile (in Cocos
// the last writer puts back the y and z the action started with).
func PositionX(x float32) Prop {
	return Prop{kind: propPosition, v: mgl32.Vec4{x}, keep: keepY | keepZ}
}

// PositionY animates the target node's local y alone (see PositionX).
func PositionY(y float32) Prop {
	return Prop{kind: propPosition, v: mgl32.Vec4{0, y}, keep: keepX | keepZ}
}

// Scale2 animates the target node's local x and y scale, leaving z's.
func Scale2(s mgl32.Vec2) Prop { return Prop{kind: propScale, v: s.Vec4(0, 0), keep: keepZ} }

// ScaleX animates the target node's local x scale alone (see PositionX).
func ScaleX(x float32) Prop { return Prop{kind: propScale, v: mgl32.Vec4{x}, keep: keepY | keepZ} }

// ScaleY animates the target node's local y scale alone (see PositionX).
func ScaleY(y float32) Prop { return Prop{kind: propScale, v: mgl32.Vec4{0, y}, keep: keepX | keepZ} }

// Angle animates the target node's rotation around Z, in degrees (2D).
func Angle(deg float32) Prop { return Prop{kind: propAngle, v: mgl32.Vec4{deg}} }

// Scale animates the target node's local scale.
func Scale(s mgl32.Vec3) Prop { return Prop{kind: propScale, v: s.Vec4(0)} }

// Opacity animates the target node's opacity (scenegraph.Node.SetOpacity,
// Cocos' UIOpacity.opacity), 0 to 255, which fades everything drawn at the
// node and below it as one. Written values are rounded to the nearest step
// and clamped to 0..255. With By, o is added (o is unsigned: fade out
// with To).
func Opacity(o uint8) Prop { return Prop{kind: propOpacity, v: mgl32.Vec4{float32(o)}} }

// Color animates a color read with get and written with set, channel by
// channel (alpha included). With By, c's channels are added, saturating.
func Color(get func() render.Color, set func(render.Color), c render.Color) Prop {
	return Prop{kind: propColor, v: c.Vec4(), getC: get, setC: set}
}

// SpriteColor animates s.Color (the tint of a Sprite).
func SpriteColor(s *scenegraph.Sprite, c render.Color) Prop {
	return Color(func() render.Color { return s.Color }, func(c render.Color) { s.Color = c }, c)
}

// Float animates any float field, read with get and written with set.
func Float(get func() float32, set func(float32), v float32) Prop {
	return Prop{kind: propFloat, v: mgl32.Vec4{v}, getF: get, setF: set}
}

// propState is a Prop inside a running action: the values it goes between.
type propState struct {
	Prop
	from, to mgl32.Vec4
}

// get reads the property's current value from n.
func (p *propState) get(n *scenegraph.Node) mgl32.Vec4 {
	switch p.kind {
	case propPosition:
		return n.Position().Vec4(0)
	case propAngle:
		return mgl32.Vec4{n.Angle()}
	case propScale:
		return n.Scale().Vec4(0)
	case propOpacity:
		return mgl32.Vec4{float32(n.Opacity())}
	case propColor:
		return p.getC().Vec4()
	default:
		return mgl32.Vec4{p.getF()}
	}
}

// begin captures the values the property goes between, from n's current
// ones: to is v for To and Set, from+v for By (relative).
func (p *propState) begin(n *scenegraph.Node, relative bool) {
	p.from = p.get(n)
	p.to = p.v
	if relative {
		p.to = p.from.Add(p.v)
	}
	for i := range 3 {
		if p.keep&(1<<i) != 0 {
			p.to[i] = p.from[i]
		}
	}
}

// set writes the value between from and to at eased progress k. The
// components the prop keeps are written back as the node has them now.
func (p *propState) set(n *scenegraph.Node, k float32) {
	var v mgl32.Vec4
	for i := range v {
		v[i] = p.from[i] + (p.to[i]-p.from[i])*k
	}
	if k == 1 {
		v = p.to // exact end values, whatever the float rounding
	}
	if p.keep != 0 {
		cur := p.get(n)
		for i := range 3 {
			if p.keep&(1<<i) != 0 {
				v[i] = cur[i]
			}
		}
	}
	switch p.kind {
	case propPosition:
		n.SetPosition(v.Vec3())
	case propAngle:
		n.SetAngle(v[0])
	case propScale:
		n.SetScale(v.Vec3())
	case propOpacity:
		n.SetOpacity(uint8(math.Round(float64(min(max(v[0], 0), 255)))))
	case propColor:
		p.setC(render.ColorFromVec4(v))
	default:
		p.setF(v[0])
	}
}

// needsNode reports whether the property lives on the target node.
func (p *Prop) needsNode() bool { return p.kind <= propOpacity }

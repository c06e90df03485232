package tween

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

type propKind uint8

const (
	propPosition propKind = iota
	propAngle
	propScale
	propColor
	propFloat
)

// Prop is one property a To or By action animates: a value for To (the end
// value) or for By (the change). Make one with Position, Position2, Angle,
// Scale, Scale2, Color, SpriteColor or Float; several in one action run
// together, like
// the fields of a Cocos props object: To(1, QuadOut, Position(p), Angle(90)).
type Prop struct {
	kind   propKind
	v      mgl32.Vec4
	xyOnly bool // Position2, Scale2: z keeps its value
	getF   func() float32
	setF   func(float32)
	getC   func() render.Color
	setC   func(render.Color)
}

// Position animates the target node's local position.
func Position(p mgl32.Vec3) Prop { return Prop{kind: propPosition, v: p.Vec4(0)} }

// Position2 animates the target node's local x and y, leaving z as it is:
// Position for 2D games, with a Vec2.
func Position2(p mgl32.Vec2) Prop { return Prop{kind: propPosition, v: p.Vec4(0, 0), xyOnly: true} }

// Scale2 animates the target node's local x and y scale, leaving z's.
func Scale2(s mgl32.Vec2) Prop { return Prop{kind: propScale, v: s.Vec4(0, 0), xyOnly: true} }

// Angle animates the target node's rotation around Z, in degrees (2D).
func Angle(deg float32) Prop { return Prop{kind: propAngle, v: mgl32.Vec4{deg}} }

// Scale animates the target node's local scale.
func Scale(s mgl32.Vec3) Prop { return Prop{kind: propScale, v: s.Vec4(0)} }

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
	case propColor:
		return p.getC().Vec4()
	default:
		return mgl32.Vec4{p.getF()}
	}
}

// set writes the value between from and to at eased progress k.
func (p *propState) set(n *scenegraph.Node, k float32) {
	var v mgl32.Vec4
	for i := range v {
		v[i] = p.from[i] + (p.to[i]-p.from[i])*k
	}
	switch p.kind {
	case propPosition:
		n.SetPosition(v.Vec3())
	case propAngle:
		n.SetAngle(v[0])
	case propScale:
		n.SetScale(v.Vec3())
	case propColor:
		p.setC(render.ColorFromVec4(v))
	default:
		p.setF(v[0])
	}
}

// needsNode reports whether the property lives on the target node.
func (p *Prop) needsNode() bool { return p.kind <= propScale }

package scenegraph

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// transform is a node's local position, rotation and scale, and the cached
// world matrix. The world matrix is recomputed only when the node or an
// ancestor changed since it was last read.
//
// The two flags come first and the matrix next, so that in a Node (which
// places transform 4 bytes before a cache line) the flags share the line
// extraction reads anyway and the matrix fills the next one alone.
type transform struct {
	// identity is true when world is the identity matrix (a scene root, a
	// group node that was never moved): children then skip the multiply.
	identity bool
	dirty    bool
	world    mgl32.Mat4
	pos      mgl32.Vec3
	rot      mgl32.Quat
	scale    mgl32.Vec3
	// changed is the scene frame version at which the transform last changed;
	// HasChanged compares it with the scene's current version, so resetting
	// every node's flag at the end of a frame is one increment.
	changed uint32
}

func (t *transform) init() {
	t.rot = mgl32.QuatIdent()
	t.scale = mgl32.Vec3{1, 1, 1}
	t.world = mgl32.Ident4()
	t.identity = true
}

// detachedVersion is the frame version of nodes that are in no scene.
const detachedVersion = 1

func (n *Node) version() uint32 {
	if n.scene == nil {
		return detachedVersion
	}
	return n.scene.version
}

// Position returns the local position.
func (n *Node) Position() mgl32.Vec3 { return n.pos }

// SetPosition sets the local position.
func (n *Node) SetPosition(p mgl32.Vec3) {
	n.pos = p
	n.invalidate()
}

// SetPositionXY sets the local x and y, keeping z.
func (n *Node) SetPositionXY(x, y float32) {
	n.pos[0], n.pos[1] = x, y
	n.invalidate()
}

// Rotation returns the local rotation.
func (n *Node) Rotation() mgl32.Quat { return n.rot }

// SetRotation sets the local rotation to q scaled to unit length (the
// identity for a zero q).
func (n *Node) SetRotation(q mgl32.Quat) {
	n.rot = unitQuat(q)
	n.invalidate()
}

// SetRotationEuler sets the local rotation from Euler angles in degrees,
// applied Z, then Y, then X (Cocos' order).
func (n *Node) SetRotationEuler(x, y, z float32) {
	n.rot = mgl32.AnglesToQuat(mgl32.DegToRad(z), mgl32.DegToRad(y), mgl32.DegToRad(x), mgl32.ZYX)
	n.invalidate()
}

// Angle returns the rotation around Z in degrees, for 2D nodes.
func (n *Node) Angle() float32 {
	return mgl32.RadToDeg(2 * float32(math.Atan2(float64(n.rot.V[2]), float64(n.rot.W))))
}

// SetAngle sets the rotation to deg degrees around Z, for 2D nodes.
func (n *Node) SetAngle(deg float32) {
	n.rot = mgl32.QuatRotate(mgl32.DegToRad(deg), mgl32.Vec3{0, 0, 1})
	n.invalidate()
}

// Scale returns the local scale.
func (n *Node) Scale() mgl32.Vec3 { return n.scale }

// SetScale sets the local scale.
func (n *Node) SetScale(s mgl32.Vec3) {
	n.scale = s
	n.invalidate()
}

// LocalMatrix returns translation × rotation × scale.
func (n *Node) LocalMatrix() mgl32.Mat4 {
	var m mgl32.Mat4
	if n.rot == (mgl32.Quat{W: 1}) {
		// No rotation (most 2D nodes): skip the quaternion.
		m[0], m[5], m[10], m[15] = n.scale[0], n.scale[1], n.scale[2], 1
	} else {
		m = n.rot.Mat4()
		for i := 0; i < 3; i++ {
			m[i] *= n.scale[0]
			m[4+i] *= n.scale[1]
			m[8+i] *= n.scale[2]
		}
	}
	m[12], m[13], m[14] = n.pos[0], n.pos[1], n.pos[2]
	return m
}

// localIsIdentity reports whether the local transform changes nothing.
func (n *Node) localIsIdentity() bool {
	return n.pos == (mgl32.Vec3{}) && n.rot == (mgl32.Quat{W: 1}) && n.scale == (mgl32.Vec3{1, 1, 1})
}

// computeWorld sets n's world matrix from its parent's, which must be up to
// date, and clears n's dirty flag.
//
// The common 2D case, a node without rotation under an identity parent
// (the children of a scene's root or of a group that never moved), writes
// the matrix in place, entry by entry: no temporary matrix and no copy.
// The entries are the same as LocalMatrix's, bit for bit. (A leaf Sprite
// in that case does not come here at all: Sprite.record reads the same
// entries from the local transform.)
func computeWorld(n *Node) {
	p := n.parent
	if (p == nil || p.identity) && n.rot == (mgl32.Quat{W: 1}) {
		m := &n.world
		sx, sy, sz := n.scale[0], n.scale[1], n.scale[2]
		x, y, z := n.pos[0], n.pos[1], n.pos[2]
		m[0], m[1], m[2], m[3] = sx, 0, 0, 0
		m[4], m[5], m[6], m[7] = 0, sy, 0, 0
		m[8], m[9], m[10], m[11] = 0, 0, sz, 0
		m[12], m[13], m[14], m[15] = x, y, z, 1
		n.identity = x == 0 && y == 0 && z == 0 && sx == 1 && sy == 1 && sz == 1
		n.dirty = false
		return
	}
	local := n.localIsIdentity()
	switch {
	case p == nil || p.identity:
		n.world = n.LocalMatrix()
		n.identity = local && (p == nil || p.identity)
	case local:
		n.world = p.world
		n.identity = false
	default:
		n.setWorldUnder(&p.world) // world matrices are affine: the 3×4 product, in place
		n.identity = false
	}
	n.dirty = false
}

// updateWorld recomputes n's world matrix, and its ancestors' where they
// are out of date; n must be dirty. It is WorldMatrix without the copy of
// the result, for callers that read n.world in place.
func (n *Node) updateWorld() {
	if p := n.parent; p != nil && p.dirty {
		p.updateWorld()
	}
	computeWorld(n)
}

// WorldMatrix returns the node's world matrix, recomputing it (and its
// ancestors') only if something changed since it was last computed.
func (n *Node) WorldMatrix() mgl32.Mat4 {
	if n.dirty {
		n.updateWorld()
	}
	return n.world
}

// WorldPosition returns the node's origin in world space.
func (n *Node) WorldPosition() mgl32.Vec3 {
	m := n.WorldMatrix()
	return mgl32.Vec3{m[12], m[13], m[14]}
}

// SetWorldPosition moves the node so that its origin is at p in world space.
func (n *Node) SetWorldPosition(p mgl32.Vec3) {
	if n.parent == nil {
		n.SetPosition(p)
		return
	}
	inv := n.parent.WorldMatrix().Inv()
	n.SetPosition(inv.Mul4x1(p.Vec4(1)).Vec3())
}

// HasChanged reports whether the node's world transform changed (its own
// transform, an ancestor's, or its parent) during the current frame. The
// Director resets it for all nodes at the end of every frame.
func (n *Node) HasChanged() bool { return n.changed == n.version() }

// invalidate marks n and its subtree as needing a new world matrix and as
// changed this frame. A subtree already marked both ways is skipped: every
// descendant of a dirty node is dirty, and of a changed node changed.
func (n *Node) invalidate() {
	v := n.version()
	if n.dirty && n.changed == v {
		return
	}
	if n.scene != nil {
		n.scene.dirtied++
	}
	n.dirty = true
	n.changed = v
	for _, c := range n.children {
		if c != nil {
			c.invalidate()
		}
	}
}

// markChanged forces the next invalidate to walk the subtree.
func (n *Node) markChanged() { n.changed = 0 }

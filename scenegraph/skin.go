package scenegraph

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxJoints is the most joints a Skin may have: the size of the joint
// palette a skinned draw uploads as one uniform array (64 mat4 are 4 KiB,
// within the 16 KiB of uniforms every OpenGL 3.3 driver gives a vertex
// shader, with room for the rest of the mesh program's).
const MaxJoints = 64

// Skin deforms the meshes of its node by a skeleton (glTF's skin): each
// vertex follows up to four Joints, weighted, through the joints' current
// world transforms composed with their InverseBind matrices (the inverse
// of each joint's world transform in the pose the mesh was modelled in).
type Skin struct {
	Component

	// Joints are the skeleton's nodes; a vertex's joint index counts in
	// this order. At most MaxJoints.
	Joints []*Node
	// InverseBind holds one matrix per joint (glTF's
	// inverseBindMatrices); nil means identities.
	InverseBind []mgl32.Mat4

	palette [MaxJoints]mgl32.Mat4
}

// NewSkin returns a Skin of joints and their inverse bind matrices (nil:
// identities). More than MaxJoints joints, a nil joint, or a matrix count
// other than the joint count is an error saying which.
func NewSkin(joints []*Node, inverseBind []mgl32.Mat4) (*Skin, error) {
	s := &Skin{Joints: joints, InverseBind: inverseBind}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// Validate reports what makes the skin unusable: no joints, more than
// MaxJoints, a nil joint, or InverseBind of another length than Joints.
func (s *Skin) Validate() error {
	switch {
	case len(s.Joints) == 0:
		return fmt.Errorf("skin: no joints")
	case len(s.Joints) > MaxJoints:
		return fmt.Errorf("skin: %d joints, more than the %d a skin may have", len(s.Joints), MaxJoints)
	case s.InverseBind != nil && len(s.InverseBind) != len(s.Joints):
		return fmt.Errorf("skin: %d inverse bind matrices for %d joints", len(s.InverseBind), len(s.Joints))
	}
	for i, j := range s.Joints {
		if j == nil {
			return fmt.Errorf("skin: joint %d is nil", i)
		}
	}
	return nil
}

// Palette computes and returns the joint matrices of the current pose, in
// the space of the skin's node (what a skinned vertex shader multiplies
// bind-pose positions by, before the node's world matrix): for joint j,
// inverse(node world) × joint world × InverseBind[j], as glTF defines
// them. The returned slice is the skin's own storage, valid until the
// next call; computing it allocates nothing. A skin that fails Validate
// gives nil.
func (s *Skin) Palette() []mgl32.Mat4 {
	if len(s.Joints) == 0 || len(s.Joints) > MaxJoints || (s.InverseBind != nil && len(s.InverseBind) != len(s.Joints)) {
		return nil
	}
	inv := mgl32.Ident4()
	if n := s.Node(); n != nil {
		inv = n.WorldMatrix().Inv()
	}
	for j, jn := range s.Joints {
		if jn == nil {
			return nil
		}
		m := inv.Mul4(jn.WorldMatrix())
		if s.InverseBind != nil {
			m = m.Mul4(s.InverseBind[j])
		}
		s.palette[j] = m
	}
	return s.palette[:len(s.Joints)]
}

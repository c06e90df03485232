package scenegraph

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// MaxJoints is the most joints a Skin may have: render.MaxJoints, the
// size of the joint palette a skinned draw reads (64 mat4, 4 KiB, one
// uniform block).
const MaxJoints = render.MaxJoints

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
	// Radii bound the mesh for culling in any pose: Radii[j] is the
	// distance from joint j's origin, in its bind-pose space (after
	// InverseBind[j]), to the farthest vertex joint j moves (see Fit).
	// Without them (nil, or another length than Joints) a skinned mesh
	// has no bounds and is never culled.
	Radii []float32

	palette [MaxJoints]mgl32.Mat4
	// The palette recorded in a frame, and the bounds of a frame, cached
	// so that every pass and every mesh of the skin in one recording
	// shares them (see PaletteIn and BoundsIn).
	palFrame, boundsFrame *render.Frame
	palRec, boundsRec     uint64
	palID                 render.PaletteID
	center                mgl32.Vec3
	radius                float32
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
		inv = affineInverse(n.WorldMatrix())
	}
	ident := inv == mgl32.Ident4() // the usual skinned node: nothing to undo
	invAffine := affine(&inv)      // node matrices always are
	for j, jn := range s.Joints {
		if jn == nil {
			return nil
		}
		if jn.dirty {
			jn.updateWorld()
		}
		// The products are written straight into the palette: a joint's
		// world matrix is read in place, and no 64-byte temporary is
		// copied between them.
		dst := &s.palette[j]
		m := &jn.world
		switch {
		case ident:
		case invAffine:
			var t mgl32.Mat4
			mulAffineTo(&t, &inv, m)
			m = &t
		default:
			t := inv.Mul4(*m)
			m = &t
		}
		switch {
		case s.InverseBind == nil:
			*dst = *m
		case affine(&s.InverseBind[j]):
			mulAffineTo(dst, m, &s.InverseBind[j])
		default:
			*dst = m.Mul4(s.InverseBind[j])
		}
	}
	return s.palette[:len(s.Joints)]
}

// affine reports whether m's last row is (0, 0, 0, 1): a rotation,
// scale and translation, as every node's matrix is.
func affine(m *mgl32.Mat4) bool { return m[3] == 0 && m[7] == 0 && m[11] == 0 && m[15] == 1 }

// affineInverse returns the inverse of affine m (its 3×3 part inverted,
// the translation carried back), or the general inverse of another m.
func affineInverse(m mgl32.Mat4) mgl32.Mat4 {
	if !affine(&m) {
		return m.Inv()
	}
	l := m.Mat3().Inv()
	t := l.Mul3x1(mgl32.Vec3{m[12], m[13], m[14]})
	return mgl32.Mat4{l[0], l[1], l[2], 0, l[3], l[4], l[5], 0, l[6], l[7], l[8], 0, -t[0], -t[1], -t[2], 1}
}

// PaletteIn returns the skin's palette recorded in f for the current
// recording: the first call of a recording computes the pose (Palette)
// and records it (Frame.AddPalette); later ones, from the skin's other
// meshes and from the shadow pass, return the same id, so the palette is
// computed and uploaded once a frame. It returns 0 for a skin that fails
// Validate.
func (s *Skin) PaletteIn(f *render.Frame) render.PaletteID {
	if s.palFrame == f && s.palRec == f.Recording() {
		return s.palID
	}
	s.palFrame, s.palRec, s.palID = f, f.Recording(), 0
	if p := s.Palette(); p != nil {
		s.palID = f.AddPalette(p)
	}
	return s.palID
}

// Fit grows Radii so that they bound the vertices of a skinned mesh this
// skin poses: for each influence of non-zero weight on joint j, the
// vertex's distance from joint j in its bind-pose space. Call it once per
// mesh, after loading (glTF's loader does). A vertex's posed position is
// a weighted mean of its joints' carrying of it, so it lies inside the
// spheres Radii give around its joints in every pose, however the joints
// move: bounds that follow the animation. skin has one entry a vertex;
// influences on joints past the skin's are ignored.
func (s *Skin) Fit(verts []render.MeshVertex, skin []render.SkinVertex) {
	if len(s.Radii) != len(s.Joints) {
		s.Radii = make([]float32, len(s.Joints))
	}
	for i := range min(len(verts), len(skin)) {
		p := mgl32.Vec3(verts[i].Position).Vec4(1)
		for k := range 4 {
			j := int(skin[i].Joints[k])
			if skin[i].Weights[k] == 0 || j >= len(s.Joints) {
				continue
			}
			q := p
			if s.InverseBind != nil {
				q = s.InverseBind[j].Mul4x1(p)
			}
			s.Radii[j] = max(s.Radii[j], q.Vec3().Len())
		}
	}
}

// Bounds returns a world-space sphere holding the skinned mesh in the
// current pose, from the joints' world transforms and Radii: a sphere
// around every joint's (its origin, Radii[j] times the joint's largest
// world scale), and the sphere around those. ok is false without Radii
// for every joint, or for a skin that fails Validate; the mesh then has
// no bounds.
func (s *Skin) Bounds() (center mgl32.Vec3, radius float32, ok bool) {
	if len(s.Radii) != len(s.Joints) || len(s.Joints) == 0 || len(s.Joints) > MaxJoints {
		return mgl32.Vec3{}, 0, false
	}
	lo := mgl32.Vec3{inf32, inf32, inf32}
	hi := lo.Mul(-1)
	for j, jn := range s.Joints {
		if jn == nil {
			return mgl32.Vec3{}, 0, false
		}
		c, r := jointSphere(jn.WorldMatrix(), s.Radii[j])
		for a := range 3 {
			lo[a], hi[a] = min(lo[a], c[a]-r), max(hi[a], c[a]+r)
		}
	}
	center = lo.Add(hi).Mul(0.5)
	for j, jn := range s.Joints {
		c, r := jointSphere(jn.WorldMatrix(), s.Radii[j])
		radius = max(radius, c.Sub(center).Len()+r)
	}
	return center, radius, true
}

// BoundsIn is Bounds computed once for f's current recording: the camera
// passes and the shadow pass of one frame share it.
func (s *Skin) BoundsIn(f *render.Frame) (center mgl32.Vec3, radius float32, ok bool) {
	if s.boundsFrame != f || s.boundsRec != f.Recording() {
		s.boundsFrame, s.boundsRec = f, f.Recording()
		var ok bool
		if s.center, s.radius, ok = s.Bounds(); !ok {
			s.radius = -1
		}
	}
	return s.center, s.radius, s.radius >= 0
}

// jointSphere is the world sphere of a joint of world matrix w and
// bind-space radius r.
func jointSphere(w mgl32.Mat4, r float32) (mgl32.Vec3, float32) {
	sx := mgl32.Vec3{w[0], w[1], w[2]}.Len()
	sy := mgl32.Vec3{w[4], w[5], w[6]}.Len()
	sz := mgl32.Vec3{w[8], w[9], w[10]}.Len()
	return mgl32.Vec3{w[12], w[13], w[14]}, r * max(sx, sy, sz)
}

const inf32 = float32(3.4e38)

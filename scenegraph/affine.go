package scenegraph

import "github.com/go-gl/mathgl/mgl32"

// mulAffineTo sets *dst to a × b for affine a and b (last row 0, 0, 0, 1,
// as every node's matrix is): the 3×4 product, 36 multiplications instead
// of Mul4's 64, written in place. The sums run in Mul4's order, so the
// entries are Mul4's for finite affine inputs, to the bit (up to the sign
// of a zero: Mul4 also adds the products with the last row's zeros). dst
// must not be a or b. World matrices below a rotated or scaled parent, and palettes
// (two such products a joint, every joint every frame), are made by it.
func mulAffineTo(dst, a, b *mgl32.Mat4) {
	a0, a1, a2 := a[0], a[1], a[2]
	a4, a5, a6 := a[4], a[5], a[6]
	a8, a9, a10 := a[8], a[9], a[10]
	for c := 0; c < 16; c += 4 {
		b0, b1, b2 := b[c], b[c+1], b[c+2]
		dst[c] = a0*b0 + a4*b1 + a8*b2
		dst[c+1] = a1*b0 + a5*b1 + a9*b2
		dst[c+2] = a2*b0 + a6*b1 + a10*b2
		dst[c+3] = 0
	}
	dst[12] += a[12]
	dst[13] += a[13]
	dst[14] += a[14]
	dst[15] = 1
}

// setWorldUnder sets n's world matrix to parent × n's local matrix, in
// place: the local matrix's entries are formed as LocalMatrix forms them
// and multiplied as mulAffineTo multiplies, so the result is parent ×
// LocalMatrix as mulAffineTo gives it, without the local matrix ever
// being stored. Every rotated joint
// of every skeleton takes this path every frame.
func (n *Node) setWorldUnder(p *mgl32.Mat4) {
	var c0, c1, c2 mgl32.Vec3 // the local matrix's first three columns
	sx, sy, sz := n.scale[0], n.scale[1], n.scale[2]
	if n.rot == (mgl32.Quat{W: 1}) {
		c0, c1, c2 = mgl32.Vec3{sx, 0, 0}, mgl32.Vec3{0, sy, 0}, mgl32.Vec3{0, 0, sz}
	} else {
		w, x, y, z := n.rot.W, n.rot.V[0], n.rot.V[1], n.rot.V[2] // Quat.Mat4's expressions
		c0 = mgl32.Vec3{(1 - 2*y*y - 2*z*z) * sx, (2*x*y + 2*w*z) * sx, (2*x*z - 2*w*y) * sx}
		c1 = mgl32.Vec3{(2*x*y - 2*w*z) * sy, (1 - 2*x*x - 2*z*z) * sy, (2*y*z + 2*w*x) * sy}
		c2 = mgl32.Vec3{(2*x*z + 2*w*y) * sz, (2*y*z - 2*w*x) * sz, (1 - 2*x*x - 2*y*y) * sz}
	}
	t := n.pos
	d := &n.world
	for r := range 3 {
		a0, a1, a2 := p[r], p[4+r], p[8+r]
		d[r] = a0*c0[0] + a1*c0[1] + a2*c0[2]
		d[4+r] = a0*c1[0] + a1*c1[1] + a2*c1[2]
		d[8+r] = a0*c2[0] + a1*c2[1] + a2*c2[2]
		d[12+r] = a0*t[0] + a1*t[1] + a2*t[2]
		d[12+r] += p[12+r]
	}
	d[3], d[7], d[11], d[15] = 0, 0, 0, 1
}

// unitQuat returns q scaled to unit length, as q.Normalize does, but
// returns a q already of unit length to float32 precision (|q|² within
// 2⁻²² of 1, where normalizing would move it by a rounding error) as it
// is, without a square root or a division: animation sets every joint's
// rotation every frame, from quaternions that are already unit.
func unitQuat(q mgl32.Quat) mgl32.Quat {
	l2 := q.W*q.W + q.V[0]*q.V[0] + q.V[1]*q.V[1] + q.V[2]*q.V[2]
	if d := l2 - 1; d < 0x1p-22 && d > -0x1p-22 {
		return q
	}
	return q.Normalize()
}

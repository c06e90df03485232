package animation

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// vec4 is four floats as a struct, the type sampling computes in. Go
// keeps a small struct's fields in registers and passes and returns it in
// registers, where an array such as mgl32.Vec4 lives on the stack: a
// sampled value returned as an array was written a float at a time and
// read back sixteen bytes at once, which the processor cannot forward from
// its store buffer, a stall on every track of every frame. Values are
// stored (keys, slots) as mgl32.Vec4 and converted on load; the arithmetic
// is mgl32's, operation for operation, so the results are the same floats.
type vec4 struct{ x, y, z, w float32 }

// v4 converts a to a vec4.
func v4(a mgl32.Vec4) vec4 { return vec4{a[0], a[1], a[2], a[3]} }

// mgl converts a to an mgl32.Vec4.
func (a vec4) mgl() mgl32.Vec4 { return mgl32.Vec4{a.x, a.y, a.z, a.w} }

func (a vec4) add(b vec4) vec4 { return vec4{a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w} }

func (a vec4) mul(s float32) vec4 { return vec4{a.x * s, a.y * s, a.z * s, a.w * s} }

func (a vec4) dot(b vec4) float32 { return a.x*b.x + a.y*b.y + a.z*b.z + a.w*b.w }

// lerpv returns a + (b - a)·s, component by component.
func lerpv(a, b vec4, s float32) vec4 {
	return vec4{a.x + (b.x-a.x)*s, a.y + (b.y-a.y)*s, a.z + (b.z-a.z)*s, a.w + (b.w-a.w)*s}
}

// normv is normQuat for a vec4.
func normv(q vec4) vec4 {
	l := float32(math.Sqrt(float64(q.dot(q))))
	if l < 1e-12 {
		return vec4{0, 0, 0, 1}
	}
	return q.mul(1 / l)
}

// unitv returns q scaled to unit length, as normv does, but q itself when
// it is unit to float32 precision (|q|² within 2⁻²² of 1, where
// normalizing would move it by a rounding error): keys from files and
// from mgl32.QuatRotate are, and slerping every key pair every frame
// then needs no square root.
func unitv(q vec4) vec4 {
	if d := q.dot(q) - 1; d < 0x1p-22 && d > -0x1p-22 {
		return q
	}
	return normv(q)
}

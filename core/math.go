package core

import "github.com/go-gl/mathgl/mgl32"

// Float is the constraint of the scalar helpers: float32 (spatial values) and
// float64 (time values), and types based on them.
type Float interface {
	~float32 | ~float64
}

// Clamp returns v limited to [lo, hi]: lo when v < lo, hi when v > hi, else v.
// It requires lo <= hi. A NaN v is returned unchanged.
func Clamp[F Float](v, lo, hi F) F {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Clamp01 returns v limited to [0, 1].
func Clamp01[F Float](v F) F {
	return Clamp(v, 0, 1)
}

// Lerp interpolates linearly from a (t = 0) to b (t = 1); t is not clamped.
// It returns exactly a at t = 0 and exactly b at t = 1.
func Lerp[F Float](a, b, t F) F {
	return a*(1-t) + b*t
}

// InverseLerp returns the t for which Lerp(a, b, t) == v, not clamped. It
// returns 0 when a == b.
func InverseLerp[F Float](a, b, v F) F {
	if a == b {
		return 0
	}
	return (v - a) / (b - a)
}

// ApproxEqual reports whether a and b differ by at most eps.
func ApproxEqual[F Float](a, b, eps F) bool {
	d := a - b
	return d <= eps && -d <= eps
}

// LerpVec2 interpolates linearly between two mgl32 vectors, component-wise
// like Lerp.
func LerpVec2(a, b mgl32.Vec2, t float32) mgl32.Vec2 {
	return mgl32.Vec2{Lerp(a[0], b[0], t), Lerp(a[1], b[1], t)}
}

// LerpVec3 interpolates linearly between two mgl32 vectors, component-wise
// like Lerp.
func LerpVec3(a, b mgl32.Vec3, t float32) mgl32.Vec3 {
	return mgl32.Vec3{Lerp(a[0], b[0], t), Lerp(a[1], b[1], t), Lerp(a[2], b[2], t)}
}

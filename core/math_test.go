package core

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestClamp(t *testing.T) {
	cases := []struct{ v, lo, hi, want float64 }{
		{-1, 0, 1, 0}, {0, 0, 1, 0}, {0.5, 0, 1, 0.5}, {1, 0, 1, 1}, {2, 0, 1, 1}, {-5, -10, -2, -5},
	}
	for _, c := range cases {
		if got := Clamp(c.v, c.lo, c.hi); got != c.want {
			t.Errorf("Clamp(%v, %v, %v) = %v, want %v", c.v, c.lo, c.hi, got, c.want)
		}
	}
	if got := Clamp[float32](3, 1, 2); got != 2 {
		t.Errorf("Clamp[float32](3, 1, 2) = %v, want 2", got)
	}
	if got := Clamp01(1.5); got != 1 {
		t.Errorf("Clamp01(1.5) = %v", got)
	}
	if got := Clamp01(float32(-0.5)); got != 0 {
		t.Errorf("Clamp01(-0.5) = %v", got)
	}
	if got := Clamp(math.NaN(), 0, 1); !math.IsNaN(got) {
		t.Errorf("Clamp(NaN) = %v, want NaN", got)
	}
}

func TestLerpAndInverseLerp(t *testing.T) {
	if got := Lerp(2.0, 6.0, 0.25); got != 3 {
		t.Errorf("Lerp(2, 6, 0.25) = %v, want 3", got)
	}
	if got := Lerp(2.0, 6.0, 1.5); got != 8 {
		t.Errorf("Lerp(2, 6, 1.5) = %v, want 8 (not clamped)", got)
	}
	// Exact end points, even where a+(b-a)*t would round.
	a, b := float32(0.1), float32(1e8)
	if Lerp(a, b, 0) != a || Lerp(a, b, 1) != b {
		t.Errorf("Lerp end points not exact: %v, %v", Lerp(a, b, 0), Lerp(a, b, 1))
	}
	if got := InverseLerp(2.0, 6.0, 3.0); got != 0.25 {
		t.Errorf("InverseLerp(2, 6, 3) = %v, want 0.25", got)
	}
	if got := InverseLerp(4.0, 4.0, 9.0); got != 0 {
		t.Errorf("InverseLerp with a == b = %v, want 0", got)
	}
}

func TestApproxEqual(t *testing.T) {
	if !ApproxEqual(1.0, 1.0+1e-9, 1e-6) || ApproxEqual(1.0, 1.1, 1e-6) || !ApproxEqual(float32(-2), -2, 0) {
		t.Fatal("ApproxEqual wrong")
	}
	if ApproxEqual(math.NaN(), math.NaN(), 1) {
		t.Fatal("ApproxEqual(NaN, NaN) = true")
	}
}

func TestLerpVec(t *testing.T) {
	if got := LerpVec2(mgl32.Vec2{0, 10}, mgl32.Vec2{4, 20}, 0.5); got != (mgl32.Vec2{2, 15}) {
		t.Errorf("LerpVec2 = %v", got)
	}
	if got := LerpVec3(mgl32.Vec3{0, 10, -4}, mgl32.Vec3{4, 20, 4}, 0.25); got != (mgl32.Vec3{1, 12.5, -2}) {
		t.Errorf("LerpVec3 = %v", got)
	}
}

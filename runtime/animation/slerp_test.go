package animation

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// slerp4 (Eberly's polynomial) stays within 1.5e-6 of slerp by definition
// for any pair of unit quaternions, opposite hemispheres and nearly equal
// ones included, at every fraction, and is exact at the ends.
func TestSlerpMatchesExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	unit := func() mgl32.Vec4 {
		return normQuat(mgl32.Vec4{float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64())})
	}
	worst := float32(0)
	for i := range 20000 {
		a, b := unit(), unit()
		switch i % 4 {
		case 1: // nearly equal
			b = normQuat(a.Add(b.Mul(1e-3)))
		case 2: // nearly opposite
			b = normQuat(a.Mul(-1).Add(b.Mul(1e-2)))
		}
		s := r.Float32()
		if i%50 == 0 {
			s = float32(i / 50 % 2) // the ends
		}
		got, want := slerp4(a, b, s), slerpExact(a, b, s)
		if want.Dot(got) < 0 {
			want = want.Mul(-1)
		}
		for k := range 4 {
			worst = max(worst, abs32(got[k]-want[k]))
		}
	}
	if worst > 1.5e-6 {
		t.Errorf("slerp4 differs from the exact slerp by up to %g", worst)
	}
	t.Logf("largest difference %g", worst)
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func BenchmarkSlerp(b *testing.B) {
	x, y := normQuat(mgl32.Vec4{0.1, 0.2, 0.3, 0.9}), normQuat(mgl32.Vec4{-0.4, 0.2, 0.1, 0.8})
	var acc mgl32.Vec4
	b.Run("polynomial", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			acc = acc.Add(slerp4(x, y, float32(i&63)/64))
		}
	})
	b.Run("exact", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			acc = acc.Add(slerpExact(x, y, float32(i&63)/64))
		}
	})
	_ = acc
}

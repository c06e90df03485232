package animation

import (
	"math"
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

// Each band of slerpTerms keeps slerp4 within 1e-6 of the exact slerp:
// pairs of keys at angles from just inside a band's edge (where its term
// count is the least accurate) to the next band's, at every fraction.
func TestSlerpTermBands(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	unit := func() mgl32.Vec4 {
		return normQuat(mgl32.Vec4{float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64())})
	}
	edges := append(slerpTerms[:], 0)
	for k := range len(edges) - 1 {
		hi, lo := float64(1), float64(edges[k])
		if k > 0 {
			hi = float64(edges[k-1])
		}
		worst := float32(0)
		for i := range 2000 {
			x := lo + (hi-lo)*float64(i%100)/100
			if i%100 == 0 {
				x = lo + 1e-7 // the band's edge
			}
			// b = a cos θ + c sin θ for c a unit quaternion orthogonal to a,
			// so that a·b = cos θ = x.
			a, c := unit(), unit()
			c = normQuat(c.Sub(a.Mul(a.Dot(c))))
			sin := float32(math.Sqrt(1 - x*x))
			b := a.Mul(float32(x)).Add(c.Mul(sin))
			if i%3 == 0 {
				b = b.Mul(-1) // the other hemisphere: the same band
			}
			s := r.Float32()
			got, want := slerp4(a, b, s), slerpExact(a, b, s)
			if want.Dot(got) < 0 {
				want = want.Mul(-1)
			}
			for j := range 4 {
				worst = max(worst, abs32(got[j]-want[j]))
			}
		}
		if worst > 1e-6 {
			t.Errorf("%d terms, key dot products %.5f..%.5f: slerp4 is up to %g from the exact slerp", k+1, lo, hi, worst)
		}
	}
}

package render

import (
	"math"
	"math/rand/v2"
	"testing"
)

// scanRunReference is scanRun as it was before its fast loop for upright
// squares: one general test per instance.
func scanRunReference(run []SpriteInstance, pb *passBounds) (square bool, lo, hi float32, opaque bool) {
	square, opaque = pb.ok, true
	lo = float32(math.Inf(1))
	for i := range run {
		in := &run[i]
		opaque = opaque && in.Color >= 0xff000000
		if square {
			ax, by := in.AX, in.BY
			x0, x1 := in.X, in.X+ax
			y0, y1 := in.Y, in.Y+by
			if ax < 0 {
				x0, x1 = x1, x0
			}
			if by < 0 {
				y0, y1 = y1, y0
				by = -by
			}
			square = in.AY == 0 && in.BX == 0 && ax != 0 && (ax == in.BY || ax == -in.BY) &&
				x0 >= pb.minX && x1 <= pb.maxX && y0 >= pb.minY && y1 <= pb.maxY
			lo, hi = min(lo, by), max(hi, by)
		}
		if !square && !opaque {
			break
		}
	}
	if !square {
		lo, hi = 0, 0
	}
	return square, lo, hi, opaque
}

// scanRun decides exactly what the general per-instance test decides, on
// runs that start with upright squares (its fast loop) and then hold any
// of the cases that end it: a mirrored, rotated, oblong, zero-sized, NaN
// or out-of-bounds instance, and translucent tints anywhere.
func TestScanRunMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 1))
	pb := passBounds{ok: true, minX: 0, maxX: 800, minY: 0, maxY: 600}
	odd := func(in *SpriteInstance) {
		switch r.IntN(9) {
		case 0:
			in.AX = -in.AX // mirrored: still a square
		case 1:
			in.BY = -in.BY
		case 2:
			in.AY, in.BX = in.AX, -in.BY // rotated
		case 3:
			in.BY++ // oblong
		case 4:
			in.AX, in.BY = 0, 0
		case 5:
			in.X = float32(math.NaN())
		case 6:
			in.AX, in.BY = float32(math.NaN()), float32(math.NaN())
		case 7:
			in.X = 799 // crosses the right edge
		case 8:
			in.Y = -1
		}
	}
	for trial := range 2000 {
		n := 1 + r.IntN(40)
		run := make([]SpriteInstance, n)
		for i := range run {
			side := float32(1 + r.IntN(8))
			run[i] = SpriteInstance{X: float32(r.IntN(790)), Y: float32(r.IntN(590)), AX: side, BY: side, U1: 1, V1: 1, Color: White}
			if r.IntN(4) == 0 {
				odd(&run[i])
			}
			if r.IntN(6) == 0 {
				run[i].Color = RGBA(255, 255, 255, uint8(r.IntN(256)))
			}
		}
		for _, b := range []passBounds{pb, {}} {
			s, lo, hi, o := scanRun(run, &b)
			ws, wlo, whi, wo := scanRunReference(run, &b)
			if s != ws || math.Float32bits(lo) != math.Float32bits(wlo) || math.Float32bits(hi) != math.Float32bits(whi) || o != wo {
				t.Fatalf("trial %d, bounds ok %v: scanRun = %v %v %v %v, the general test %v %v %v %v\nrun %+v",
					trial, b.ok, s, lo, hi, o, ws, wlo, whi, wo, run)
			}
		}
	}
}

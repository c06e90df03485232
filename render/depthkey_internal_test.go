package render

import (
	"math"
	"testing"
)

// A depth of -0 is the depth 0: the same sort key, opaque or not, so that
// draw items at either keep recording order; other depths still order.
func TestSortKeyNegativeZeroDepth(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	for _, blend := range []BlendMode{BlendOpaque, BlendAlpha} {
		if a, b := SortKey(0, 1, 2, blend, 3, 4, negZero), SortKey(0, 1, 2, blend, 3, 4, 0); a != b {
			t.Errorf("blend %v: key %#x at -0, %#x at 0", blend, a, b)
		}
		near, far := SortKey(0, 1, 2, blend, 3, 4, -0.5), SortKey(0, 1, 2, blend, 3, 4, 0.5)
		zero := SortKey(0, 1, 2, blend, 3, 4, negZero)
		if blend.Transparent() {
			near, far = far, near // back to front
		}
		if !(near < zero && zero < far) {
			t.Errorf("blend %v: keys %#x, %#x, %#x at -0.5, -0, 0.5 are out of order", blend, near, zero, far)
		}
	}
}

package tween

import (
	"math"
	"strings"
	"testing"
)

// FuzzEasingByName: any name either is an error that quotes it or gives an
// easing that starts at 0 and ends at 1 (Constant ends at 0: its action
// applies the end value itself).
func FuzzEasingByName(f *testing.F) {
	for _, s := range []string{"linear", "constant", "quadOutIn", "bounceOutIn", "backInOut", "", "QuadIn", "quadIn ", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		e, err := EasingByName(name)
		if err != nil {
			if e != nil || !strings.Contains(err.Error(), "unknown easing") {
				t.Fatalf("%q: easing %v, error %v", name, e != nil, err)
			}
			return
		}
		end := 1.0
		if name == "constant" {
			end = 0
		}
		if v0, v1 := e(0), e(1); math.Abs(v0) > 1e-12 || math.Abs(v1-end) > 1e-12 {
			t.Fatalf("%s: e(0)=%v e(1)=%v", name, v0, v1)
		}
	})
}

package render

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortEntriesMatchesStableSort checks both sort paths against the standard
// library's stable sort, on keys that share some bytes and differ in others.
func TestSortEntriesMatchesStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 47, 48, 49, 500, 5000} {
		a := make([]sortEntry, n)
		for i := range a {
			k := uint64(rng.IntN(4))<<56 | uint64(rng.IntN(3))<<40 | uint64(rng.IntN(1000))
			a[i] = sortEntry{k, int32(i)}
		}
		want := slices.Clone(a)
		slices.SortStableFunc(want, func(x, y sortEntry) int { return cmp.Compare(x.key, y.key) })
		got := sortEntries(a, make([]sortEntry, n))
		if !slices.Equal(got, want) {
			t.Errorf("n=%d: radix/insertion sort differs from a stable sort", n)
		}
	}
}

package scenefile

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"
)

// deepScene returns a scene file whose nodes form one chain depth long:
// each node has a name, a Sprite with a Size, and the next node as its only
// child.
func deepScene(depth int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"nodes": [`)
	for i := range depth {
		if i > 0 {
			b.WriteString(`, "children": [`)
		}
		b.WriteString(`{"name": "n` + strconv.Itoa(i) + `", "components": [{"type": "Sprite", "Size": [1, 2]}]`)
	}
	for range depth {
		b.WriteString(`}]`)
	}
	b.WriteString(`}`)
	return b.Bytes()
}

// memCost is what parsing a file once costs: the bytes allocated, and, after
// a collection, while the result is held, the heap spans in use (HeapInuse)
// and the bytes of live objects (HeapAlloc) beyond those before.
type memCost struct{ allocated, inuse, live uint64 }

// parseCost parses data once and returns its cost.
func parseCost(t testing.TB, data []byte, types *ComponentTypes) memCost {
	var before, parsed, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sf, err := parseSceneFile("deep.json", data, types, nil)
	runtime.ReadMemStats(&parsed)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(sf)
	c := memCost{allocated: parsed.TotalAlloc - before.TotalAlloc}
	if after.HeapInuse > before.HeapInuse {
		c.inuse = after.HeapInuse - before.HeapInuse
	}
	if after.HeapAlloc > before.HeapAlloc {
		c.live = after.HeapAlloc - before.HeapAlloc
	}
	return c
}

// Parsing a chain of nested nodes costs memory linear in its depth, both
// allocated and retained: no node or component holds its own copy of its
// JSON path, and reference checking keeps no full path per node. (The
// depths stop short of encoding/json's nesting limit of 10,000: each
// node nests two levels.)
func TestDeepSceneParseMemoryIsLinear(t *testing.T) {
	const small, large = 1000, 4000
	types := NewComponentTypes()
	smallData, largeData := deepScene(small), deepScene(large)
	parseCost(t, smallData, types) // warm up: type caches, first-use allocations
	// The least of a few runs: another goroutine's garbage or a
	// collection's timing only ever add to the figures.
	least := func(data []byte) memCost {
		var m memCost
		for i := range 3 {
			c := parseCost(t, data, types)
			if i == 0 || c.allocated < m.allocated {
				m.allocated = c.allocated
			}
			if i == 0 || c.inuse < m.inuse {
				m.inuse = c.inuse
			}
			if i == 0 || c.live < m.live {
				m.live = c.live
			}
		}
		return m
	}
	s, l := least(smallData), least(largeData)
	for _, r := range []struct {
		depth int
		c     memCost
	}{{small, s}, {large, l}} {
		t.Logf("depth %d: %d B allocated; retained: %d B HeapInuse, %d B HeapAlloc", r.depth, r.c.allocated, r.c.inuse, r.c.live)
	}
	// Linear is 4x, quadratic 16x; 6x leaves room for noise.
	for _, r := range []struct {
		what         string
		small, large uint64
	}{
		{"allocates", s.allocated, l.allocated},
		{"retains (HeapInuse)", s.inuse, l.inuse},
		{"retains (HeapAlloc)", s.live, l.live},
	} {
		ratio := float64(r.large) / float64(max(r.small, 1))
		t.Logf("4x the depth %s %.2fx the bytes", r.what, ratio)
		if ratio > 6 {
			t.Errorf("4x the depth %s %.2fx the bytes (%d B, then %d B), want well under 8x (linear)", r.what, ratio, r.small, r.large)
		}
	}
}

// BenchmarkParseDeepScene parses a chain of 4,000 nested nodes, each with a
// Sprite.
func BenchmarkParseDeepScene(b *testing.B) {
	types := NewComponentTypes()
	data := deepScene(4000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := parseSceneFile("deep.json", data, types, nil); err != nil {
			b.Fatal(err)
		}
	}
}

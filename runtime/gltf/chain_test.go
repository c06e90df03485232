package gltf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// chainGLTF returns a glTF file of n nodes in one chain: node i's one child
// is node i+1, and the default scene holds node 0.
func chainGLTF(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if i < n-1 {
			fmt.Fprintf(&b, `{"children":[%d]}`, i+1)
		} else {
			b.WriteString(`{}`)
		}
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// loadChain decodes, creates and instantiates the chain file b.
func loadChain(tb testing.TB, b []byte) {
	d, err := parse("chain.gltf", b, nil)
	if err != nil {
		tb.Fatal(err)
	}
	m := newModel(render.NewFrame(), d)
	if _, err := m.Instantiate(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkLoadChain loads (decodes, checks, instantiates) models whose
// nodes form one chain, the deepest hierarchy a file of that many nodes
// can have: the time per node must not grow with the depth.
func BenchmarkLoadChain(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		js := chainGLTF(n)
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(js)))
			for b.Loop() {
				loadChain(b, js)
			}
		})
	}
}

// A 200,000-node chain (20,000 with -short), the deepest hierarchy a file
// of that size can hold, decodes and instantiates in full, in file order,
// into a scene that launches and unloads.
func TestDeepChainInstantiates(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	d, err := parse("chain.gltf", chainGLTF(n), nil)
	if err != nil {
		t.Fatal(err)
	}
	root, err := newModel(render.NewFrame(), d).Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	depth, cur := 0, root
	for cur.ChildCount() > 0 {
		if cur.ChildCount() != 1 {
			t.Fatalf("%q has %d children, want 1", cur.Name(), cur.ChildCount())
		}
		cur = cur.Children()[0]
		if want := fmt.Sprintf("node%d", depth); cur.Name() != want {
			t.Fatalf("depth %d: node %q, want %q", depth, cur.Name(), want)
		}
		depth++
	}
	if depth != n {
		t.Fatalf("chain of %d nodes under the root, want %d", depth, n)
	}
	s := scenegraph.NewScene("deep")
	s.AddChild(root)
	s.Launch()
	if !cur.ActiveInHierarchy() {
		t.Fatal("the deepest node is not active after Launch")
	}
	s.Unload()
}

// A cycle is reported at a node on it, not at a node that merely hangs
// below it: here nodes 0 and 1 hang below the cycle 2 -> 3 -> 4 -> 2.
func TestCycleNamesANodeOnIt(t *testing.T) {
	js := `{"asset":{"version":"2.0"},"nodes":[{"children":[1]},{},{"children":[3]},{"children":[4]},{"children":[2, 0]}]}`
	_, err := parse("c.gltf", []byte(js), nil)
	if err == nil || !strings.Contains(err.Error(), "is its own ancestor") {
		t.Fatalf("cycle: %v", err)
	}
	if !strings.HasPrefix(err.Error(), "nodes[2]: ") && !strings.HasPrefix(err.Error(), "nodes[3]: ") &&
		!strings.HasPrefix(err.Error(), "nodes[4]: ") {
		t.Fatalf("cycle reported at a node off it: %v", err)
	}
}

package scenegraph

import (
	"fmt"
	"runtime"
	"testing"
)

// plainComp is a component with no callbacks.
type plainComp struct{ Component }

// destroyBenchSizes are the counts the destroy benchmarks compare: the time
// per object must not grow with the count.
var destroyBenchSizes = []int{10_000, 100_000}

// BenchmarkDestroySiblings destroys every one of n sibling nodes, one
// Destroy each, and runs the deferred-destroy step.
func BenchmarkDestroySiblings(b *testing.B) {
	for _, n := range destroyBenchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				s := NewScene("S")
				parent := NewNode("P")
				s.AddChild(parent)
				kids := make([]*Node, n)
				for i := range kids {
					kids[i] = NewNode("")
					parent.AddChild(kids[i])
				}
				s.Launch()
				runtime.GC() // the setup's garbage is not the step's cost
				b.StartTimer()
				for _, k := range kids {
					k.Destroy()
				}
				s.ProcessDestroyed()
				b.StopTimer()
				if parent.ChildCount() != 0 {
					b.Fatalf("%d children left", parent.ChildCount())
				}
				s.Unload()
				b.StartTimer()
			}
		})
	}
}

// BenchmarkDestroyComponents destroys every one of n components of one
// node, one Destroy each, and runs the deferred-destroy step.
func BenchmarkDestroyComponents(b *testing.B) {
	for _, n := range destroyBenchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				s := NewScene("S")
				node := NewNode("N")
				s.AddChild(node)
				comps := make([]*plainComp, n)
				for i := range comps {
					comps[i] = AddComponent(node, &plainComp{})
				}
				s.Launch()
				runtime.GC() // the setup's garbage is not the step's cost
				b.StartTimer()
				for _, c := range comps {
					c.Destroy()
				}
				s.ProcessDestroyed()
				b.StopTimer()
				if len(node.Components()) != 0 {
					b.Fatalf("%d components left", len(node.Components()))
				}
				s.Unload()
				b.StartTimer()
			}
		})
	}
}

// BenchmarkDestroyNodeWithComponents destroys one node that has n
// components.
func BenchmarkDestroyNodeWithComponents(b *testing.B) {
	for _, n := range destroyBenchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				s := NewScene("S")
				node := NewNode("N")
				s.AddChild(node)
				for range n {
					AddComponent(node, &plainComp{})
				}
				s.Launch()
				runtime.GC() // the setup's garbage is not the step's cost
				b.StartTimer()
				node.Destroy()
				s.ProcessDestroyed()
				b.StopTimer()
				s.Unload()
				b.StartTimer()
			}
		})
	}
}

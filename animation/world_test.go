package animation

import (
	"testing"

	"github.com/tact-engine/tact/director"
	"github.com/tact-engine/tact/scenegraph"
)

// newWorld returns a Director with this package's system installed and a
// running, empty scene that makes callback panics fatal.
func newWorld(t testing.TB) (*director.Director, *System, *scenegraph.Scene) {
	t.Helper()
	d := director.New()
	sys := Install(d)
	s := scenegraph.NewScene("World")
	s.PanicFatal = true
	d.RunScene(s)
	if SystemOf(s.Root()) != sys {
		t.Fatal("the launched scene does not see its system")
	}
	return d, sys, s
}

func addNode(s *scenegraph.Scene, name string) *scenegraph.Node {
	n := scenegraph.NewNode(name)
	s.AddChild(n)
	return n
}

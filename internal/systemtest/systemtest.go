package systemtest

import (
	"testing"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// World returns a Director with the system install gives it, and a
// running, empty scene that makes callback panics fatal. It fails t when
// systemOf does not find that system from the scene's root.
func World[T comparable](t testing.TB, install func(*director.Director) T, systemOf func(*scenegraph.Node) T) (*director.Director, T, *scenegraph.Scene) {
	t.Helper()
	d := director.New()
	sys := install(d)
	s := scenegraph.NewScene("World")
	s.PanicFatal = true
	d.RunScene(s)
	if systemOf(s.Root()) != sys {
		t.Fatal("the launched scene does not see its system")
	}
	return d, sys, s
}

// AddNode adds a node called name to s's root and returns it.
func AddNode(s *scenegraph.Scene, name string) *scenegraph.Node {
	n := scenegraph.NewNode(name)
	s.AddChild(n)
	return n
}

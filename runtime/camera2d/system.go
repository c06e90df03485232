package camera2d

import (
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Priority is the priority of a Director's camera2d System: below every
// other engine system (physics2d 0, collision -100), so its PostUpdate sees
// the poses they wrote. See the package documentation.
const Priority = -1000

// System moves the Follow components' nodes and then the Parallax layers,
// once per unpaused frame, in its PostUpdate.
type System struct {
	follows   []*Follow
	parallaxs []*Parallax
}

// Install registers a camera2d System with d at Priority, once: installing
// again returns the System already there.
func Install(d *director.Director) *System {
	return director.Install(d, Priority, func() *System { return &System{} })
}

// SystemOf returns the camera2d System of the Director running n's scene
// (installing one if that Director has none), or nil when n is in no scene
// run by a Director.
func SystemOf(n *scenegraph.Node) *System {
	if d := director.OfNode(n); d != nil {
		return Install(d)
	}
	return nil
}

// Update does nothing: cameras move in PostUpdate, after physics.
func (s *System) Update(float64) {}

// PostUpdate steps every enabled Follow by dt, in the order they were
// enabled, then places every enabled Parallax layer.
func (s *System) PostUpdate(dt float64) {
	for i := 0; i < len(s.follows); i++ {
		s.follows[i].Step(dt)
	}
	for i := 0; i < len(s.parallaxs); i++ {
		s.parallaxs[i].Place()
	}
}

func add[T comparable](list []T, x T) []T {
	for _, y := range list {
		if y == x {
			return list
		}
	}
	return append(list, x)
}

// remove deletes x keeping the order (the order is the enabling order,
// which decides who moves first when one Follow targets another's node).
func remove[T comparable](list []T, x T) []T {
	for i, y := range list {
		if y == x {
			copy(list[i:], list[i+1:])
			var zero T
			list[len(list)-1] = zero
			return list[:len(list)-1]
		}
	}
	return list
}

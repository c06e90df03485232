package animation

import (
	"testing"

	"github.com/tact-engine/tact/internal/systemtest"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

func newWorld(t testing.TB) (*director.Director, *System, *scenegraph.Scene) {
	return systemtest.World(t, Install, SystemOf)
}

var addNode = systemtest.AddNode

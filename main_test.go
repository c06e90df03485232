package tact

import (
	"testing"

	"github.com/tact-engine/tact/platform/platformtest"
)

// TestMain serves SDL work on the main OS thread; see platformtest.
func TestMain(m *testing.M) { platformtest.Main(m) }

// onMain runs f on the main OS thread and waits for it.
func onMain(f func()) { platformtest.Do(f) }

package scenefile

import (
	"testing"

	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/runtime/asset"
)

// testStore is a Store with its asset manager's methods promoted, as the
// tests use both.
type testStore struct {
	*asset.Manager
	*Store
}

// newTestStore returns a Store over a copy of the module's test assets,
// recording GPU commands into frames the test can inspect.
func newTestStore(t *testing.T) (testStore, *assettest.Frames, *assettest.Log) {
	t.Helper()
	frames, log := assettest.NewFrames(), &assettest.Log{}
	a, err := asset.New(asset.Options{Root: assettest.CopyTestdata(t, "../../testdata/assets"), Frames: frames, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return testStore{a, NewStore(a)}, frames, log
}

func writeFile(t *testing.T, root, p string, b []byte) { assettest.WriteFile(t, root, p, b) }

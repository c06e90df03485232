package gl_test

import (
	"os"
	"testing"
)

// requireGLEnv is platformtest.RequireGLEnv, the switch make test sets: with
// it at 1, a GL test that cannot get a context fails instead of skipping.
// render/gl's tests keep their own copy of the check because the layer table
// does not let render/gl import platform/platformtest.
const requireGLEnv = "TACT_REQUIRE_GL"

// skipOrFail is t.Skip for a test that needs the GL context TestMain could
// not make, and t.Fatal with the same message under $TACT_REQUIRE_GL=1
// (platformtest.SkipOrFail, for this package).
func skipOrFail(t testing.TB, msg string) {
	t.Helper()
	if os.Getenv(requireGLEnv) == "1" {
		t.Fatalf("%s (%s=1: a test that needs SDL video or GL fails instead of skipping)", msg, requireGLEnv)
	}
	t.Skip(msg)
}

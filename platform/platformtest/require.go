package platformtest

import (
	"fmt"
	"os"
	"testing"
)

// RequireGLEnv names the environment variable that makes a missing SDL video
// driver, window or GL context fail the tests that need one instead of
// skipping them. make test sets it to 1, so that a machine where SDL's
// offscreen driver or Mesa is broken reports failures, not a quiet row of
// skips that reads like a pass.
const RequireGLEnv = "TACT_REQUIRE_GL"

// RequireGL reports whether $TACT_REQUIRE_GL is 1.
func RequireGL() bool { return os.Getenv(RequireGLEnv) == "1" }

// SkipOrFail is t.Skip for a test that cannot run because SDL video, a
// window or a GL context could not be made: with $TACT_REQUIRE_GL=1 it is
// t.Fatal instead, with the same message (and a note naming the switch).
// Like t.Skip and t.Fatal, it must be called from the test's own goroutine,
// never inside Do.
func SkipOrFail(t testing.TB, args ...any) {
	t.Helper()
	skipOrFail(t, fmt.Sprint(args...))
}

// SkipOrFailf is SkipOrFail with a format, as t.Skipf.
func SkipOrFailf(t testing.TB, format string, args ...any) {
	t.Helper()
	skipOrFail(t, fmt.Sprintf(format, args...))
}

func skipOrFail(t testing.TB, msg string) {
	t.Helper()
	if RequireGL() {
		t.Fatalf("%s (%s=1: a test that needs SDL video or GL fails instead of skipping)", msg, RequireGLEnv)
	}
	t.Skip(msg)
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

// TestMain serves SDL work on the main OS thread (TestMenu); see platformtest.
func TestMain(m *testing.M) { platformtest.Main(m) }

// TestProgram builds the launcher and runs it with flags, as a person or
// `make run` would.
func TestProgram(t *testing.T) {
	binary := filepath.Join(t.TempDir(), "launcher")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("List", func(t *testing.T) { testList(t, binary) })
	t.Run("UnknownScene", func(t *testing.T) { testUnknownScene(t, binary) })
	t.Run("NoDisplay", func(t *testing.T) { testNoDisplay(t, binary) })
	t.Run("Trace", func(t *testing.T) { testTrace(t, binary) })
	t.Run("Inspect", func(t *testing.T) { testInspect(t, binary) })
}

// launch runs the launcher with args and env (added to the test's
// environment without DISPLAY and WAYLAND_DISPLAY), returning its combined
// output and exit status.
func launch(t *testing.T, binary string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return out.String(), cmd.ProcessState.ExitCode()
}

func testList(t *testing.T, binary string) {
	out, code := launch(t, binary, nil, "-list")
	if code != 0 {
		t.Fatalf("-list exited %d:\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(samples) {
		t.Fatalf("-list printed %d lines for %d samples:\n%s", len(lines), len(samples), out)
	}
	for i, s := range samples {
		if f := strings.Fields(lines[i]); len(f) < 2 || f[0] != s.Name || !strings.Contains(lines[i], s.Description) {
			t.Errorf("line %d is %q, want %s and its description", i, lines[i], s.Name)
		}
	}
}

func testUnknownScene(t *testing.T, binary string) {
	out, code := launch(t, binary, nil, "-scene", "nope")
	if code == 0 {
		t.Fatalf("-scene nope exited 0:\n%s", out)
	}
	for _, s := range samples {
		if !strings.Contains(out, s.Name) {
			t.Errorf("output does not list %s:\n%s", s.Name, out)
		}
	}
}

// testNoDisplay runs the launcher as `make run` does on a machine without a
// display: every sample is rendered offscreen into OUT/NAME.png.
func testNoDisplay(t *testing.T, binary string) {
	dir := t.TempDir()
	out, code := launch(t, binary, []string{"SDL_VIDEODRIVER=offscreen"}, "-frames", "30", "-out", dir)
	if code != 0 {
		t.Fatalf("exited %d:\n%s", code, out)
	}
	t.Log(out)
	for _, s := range samples {
		path := filepath.Join(dir, s.Name+".png")
		f, err := os.Open(path)
		if err != nil {
			t.Errorf("%s: %v\n%s", s.Name, err, out)
			continue
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if n := sampletest.Colors(img); n < 2 {
			t.Errorf("%s is blank", path)
		}
		if !strings.Contains(out, path) || !strings.Contains(out, "mean_frame_ms=") {
			t.Errorf("output does not report %s and its frame statistics:\n%s", path, out)
		}
	}
}

// TestFlagsDoNotCollide registers every sample's flags next to the
// launcher's, as run does: a flag name used twice is an error.
func TestFlagsDoNotCollide(t *testing.T) {
	var o options
	if err := registerFlags(newFlagSet(&o), samples); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range samples {
		if names[s.Name] {
			t.Errorf("two samples are called %q", s.Name)
		}
		names[s.Name] = true
	}
}

// TestFlagCollisionIsReported checks that registerFlags catches a sample flag
// that the launcher (or another sample) already defines.
func TestFlagCollisionIsReported(t *testing.T) {
	clash := sample.Sample{Name: "clash", Flags: func(fs *flag.FlagSet) { fs.Int("frames", 1, "") }}
	var o options
	err := registerFlags(newFlagSet(&o), []sample.Sample{clash})
	if err == nil || !strings.Contains(err.Error(), "-frames") || !strings.Contains(err.Error(), "clash") {
		t.Errorf("collision with the launcher: err = %v", err)
	}
	a := sample.Sample{Name: "a", Flags: func(fs *flag.FlagSet) { fs.Bool("x", false, "") }}
	b := sample.Sample{Name: "b", Flags: func(fs *flag.FlagSet) { fs.Bool("x", false, "") }}
	if err := registerFlags(newFlagSet(&o), []sample.Sample{a, b}); err == nil {
		t.Error("collision between two samples not reported")
	}
}

// TestMenu drives the list in process, without a display: Down and Enter run
// the second sample, F1 shows the overlay, F12 saves a screenshot, Esc goes
// back to the list and Esc again quits.
func TestMenu(t *testing.T) {
	dir := t.TempDir()
	o := options{out: dir, frames: 200, headless: true}
	press := map[uint64]platform.Key{2: platform.KeyDown, 4: platform.KeyEnter, 10: platform.KeyF1,
		14: platform.KeyF12, 20: platform.KeyEscape, 26: platform.KeyEscape}
	scenes := map[uint64]string{}
	overlay := false
	var quitAt uint64
	script := func(g *tact.Game, frame uint64) {
		in := g.Input()
		if k, ok := press[frame]; ok {
			in.InjectKey(k, true)
		}
		if k, ok := press[frame-1]; ok && frame > 0 {
			in.InjectKey(k, false)
		}
		s := g.Director().Scene()
		scenes[frame] = s.Name()
		if frame == 12 && g.StatsOverlay().Visible() {
			overlay = true
		}
		quitAt = frame
	}
	var err error
	var stderr bytes.Buffer
	platformtest.Do(func() { err = runMenuScripted(o, &stderr, script) })
	if err != nil {
		t.Fatal(err, stderr.String())
	}
	// A key pressed at the end of frame k is seen in frame k+1; a scene
	// switch asked for in frame k is made at its end.
	want := samples[1].Name
	for frame, name := range map[uint64]string{1: "launcher", 5: "launcher", 6: want, 19: want, 22: "launcher"} {
		if scenes[frame] != name {
			t.Errorf("scene after frame %d is %q, want %q", frame, scenes[frame], name)
		}
	}
	if !overlay {
		t.Error("F1 did not add the overlay")
	}
	if quitAt != 27 {
		t.Errorf("the launcher quit after frame %d, want 27 (Esc in the list)", quitAt)
	}
	shots, _ := filepath.Glob(filepath.Join(dir, "screenshot-*.png"))
	if len(shots) != 1 {
		t.Errorf("F12 saved %v, want one screenshot-*.png in -out", shots)
	}
}

// -trace writes a Chrome trace (JSON) of the run whose main-thread track has
// each frame's phases in Director.Tick's order, and the callbacks with
// -trace-callbacks.
func testTrace(t *testing.T, binary string) {
	path := filepath.Join(t.TempDir(), "trace.json")
	out, code := launch(t, binary, []string{"SDL_VIDEODRIVER=offscreen"},
		"-scene", "blockdash", "-frames", "3", "-out", t.TempDir(), "-trace", path, "-trace-callbacks")
	if code != 0 {
		t.Fatalf("exited %d:\n%s", code, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The JSON Array Format of Chrome's trace events.
	var events []struct {
		Name string  `json:"name"`
		Ph   string  `json:"ph"`
		Ts   float64 `json:"ts"`
	}
	if err := json.Unmarshal(b, &events); err != nil {
		t.Fatalf("the trace is not JSON: %v", err)
	}
	seen := map[string]float64{}
	for _, e := range events {
		if _, ok := seen[e.Name]; !ok && e.Ph == "X" {
			seen[e.Name] = e.Ts
		}
	}
	order := []string{"begin frame", "input", "start", "update", "late update", "destroy", "extract", "submit", "end frame"}
	for i, name := range order {
		if _, ok := seen[name]; !ok {
			t.Fatalf("no %q event in the trace (have %v)", name, seen)
		}
		if i > 0 && seen[name] < seen[order[i-1]] {
			t.Errorf("%q starts before %q", name, order[i-1])
		}
	}
	if _, ok := seen["Update"]; !ok {
		t.Error("-trace-callbacks recorded no component Update")
	}
}

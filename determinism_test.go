package tact

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/replay"
)

// The child role of TestDeterminismAcrossProcesses: the test binary re-runs
// itself with these set.
const (
	// determinismOutEnv, when set, makes TestDeterminismAcrossProcesses the
	// child: it runs the deterministic runs and writes their states to the
	// file it names, as JSON (determinismTrails).
	determinismOutEnv = "TACT_DETERMINISM_OUT"
	// determinismRecEnv names the parent's recording, which the child replays.
	determinismRecEnv = "TACT_DETERMINISM_REC"
	// determinismNudgeEnv, when set to a frame number, makes the child move
	// the hero of its scripted run by one float32 ULP at the start of that
	// frame: the perturbation the comparison must catch.
	determinismNudgeEnv = "TACT_DETERMINISM_NUDGE"
)

// determinismTrails is every frame's scene state of the deterministic runs,
// as one process hands them to another.
type determinismTrails struct {
	// Script is the replay tests' scripted run (replayScene under script():
	// input injected frame by frame, bullets spawned and destroyed, timers).
	Script []*replay.SceneState
	// Replay is the parent's recording of Script, replayed (only in the child).
	Replay []*replay.SceneState
	// Systems is the whole-frame scene (frameStart): tweens, animation with
	// cross-fades and events, colliders meeting and parting.
	Systems []*replay.SceneState
}

// scriptedRun is recordRun, with an optional nudge (frame nudge >= 0): the
// hero's x moves by one float32 ULP at the start of that frame.
func scriptedRun(t *testing.T, nudge int) (*replay.Recording, *replay.StateTrail) {
	t.Helper()
	g := NewGame(Config{NoGraphics: true, FixedDT: 1.0 / 60, MaxFrames: replayFrames, PanicFatal: true})
	var rec *replay.Recorder
	var trail *replay.StateTrail
	s := script()
	g.GameInited.On(func(g *Game) {
		rec = replay.NewRecorder(g.Director(), g.Input())
		trail = replay.TrackState(g.Director())
		g.Director().BeginFrame.On(func(d *director.Director) {
			if f := s[d.TotalFrames()]; f != nil {
				f(g.Input())
			}
			if nudge >= 0 && d.TotalFrames() == uint64(nudge) {
				for _, n := range d.Scene().Root().Children() {
					if n.Name() == "Hero" {
						p := n.Position()
						n.SetPositionXY(math.Nextafter32(p[0], float32(math.Inf(1))), p[1])
					}
				}
			}
		})
	})
	runGame(t, g, replayScene)
	return rec.Stop(), trail
}

// systemsRun runs the whole-frame scene for frameWarmup frames, capturing
// its state every frame.
func systemsRun(t *testing.T) *replay.StateTrail {
	t.Helper()
	var c frameCounts
	var trail *replay.StateTrail
	g := NewGame(frameConfig(frameWarmup))
	g.GameInited.On(func(g *Game) { trail = replay.TrackState(g.Director()) })
	runGame(t, g, frameStart(&c))
	return trail
}

// determinismChild is the child's side: the runs, written to $TACT_DETERMINISM_OUT.
func determinismChild(t *testing.T, out string) {
	nudge := -1
	if v := os.Getenv(determinismNudgeEnv); v != "" {
		var err error
		if nudge, err = strconv.Atoi(v); err != nil {
			t.Fatalf("%s=%q: %v", determinismNudgeEnv, v, err)
		}
	}
	var trails determinismTrails
	_, script := scriptedRun(t, nudge)
	trails.Script = script.States
	if name := os.Getenv(determinismRecEnv); name != "" {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := replay.ReadRecording(name, f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		trails.Replay = replayRun(t, rec).States
	}
	trails.Systems = systemsRun(t).States
	b, err := json.Marshal(trails)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("child (pid %d, GOMAXPROCS %d): wrote %d + %d + %d frame states to %s",
		os.Getpid(), runtime.GOMAXPROCS(0), len(trails.Script), len(trails.Replay), len(trails.Systems), out)
}

// runDeterminismChild re-runs this test binary, as the child, with the
// recording file rec and the extra environment env, and returns its trails.
// The child gets another GOMAXPROCS than this process (1 here on a machine
// with more than one CPU, 2 otherwise), so a result that depends on how the
// frame's parallel work is split shows too.
func runDeterminismChild(t *testing.T, rec string, env ...string) determinismTrails {
	t.Helper()
	out := filepath.Join(t.TempDir(), "trails.json")
	procs := "1"
	if runtime.GOMAXPROCS(0) == 1 {
		procs = "2"
	}
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestDeterminismAcrossProcesses$", "-test.count=1", "-test.v")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TACT_DETERMINISM_") && !strings.HasPrefix(kv, "GOMAXPROCS=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, determinismOutEnv+"="+out, determinismRecEnv+"="+rec, "GOMAXPROCS="+procs)
	cmd.Env = append(cmd.Env, env...)
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, output)
	}
	for _, line := range strings.Split(string(output), "\n") {
		if i := strings.Index(line, "child (pid"); i >= 0 {
			t.Log(line[i:])
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("child wrote no states: %v\n%s", err, output)
	}
	var trails determinismTrails
	if err := json.Unmarshal(b, &trails); err != nil {
		t.Fatal(err)
	}
	return trails
}

// compareTrails compares the child's states of one run with this process's,
// frame by frame: nil when every frame's state hash (and node list) agrees.
func compareTrails(want *replay.StateTrail, got []*replay.SceneState) error {
	return want.Compare(&replay.StateTrail{States: got})
}

// TestDeterminismAcrossProcesses checks that the same run reaches the same
// state, frame by frame, in two processes, not just twice in one: a process
// has its own map hash seeds (map iteration order), addresses, goroutine
// scheduling and, here, GOMAXPROCS, none of which two runs in one process
// vary. The test binary runs itself again as a child process (selected by
// $TACT_DETERMINISM_OUT, which names the file the child writes its states
// to); both processes run the replay tests' scripted run and the
// whole-frame scene of frame_test.go (tweens, animation, collision), and
// the child also replays the parent's recording of the scripted run, read
// from a file. Every frame's replay.SceneState (the state hash, with the
// per-node hashes that name what differs) must be equal to the parent's.
//
// That the comparison has teeth is checked each time too: a second child
// moves the hero of its scripted run by one float32 ULP at frame 2, and
// the comparison must report exactly that frame and node, and nothing in
// the other two runs.
func TestDeterminismAcrossProcesses(t *testing.T) {
	if out := os.Getenv(determinismOutEnv); out != "" {
		determinismChild(t, out)
		return
	}
	rec, script := scriptedRun(t, -1)
	systems := systemsRun(t)
	if len(script.States) != 51 || len(systems.States) != frameWarmup {
		t.Fatalf("ran %d and %d frames, want 51 (the script quits at frame 50) and %d", len(script.States), len(systems.States), frameWarmup)
	}
	for _, run := range []struct {
		name  string
		trail *replay.StateTrail
	}{{"scripted", script}, {"systems", systems}} {
		distinct := map[uint64]bool{}
		for _, st := range run.trail.States {
			distinct[st.Hash] = true
		}
		// A run whose state hardly changes would prove little.
		if len(distinct) < len(run.trail.States)*3/4 {
			t.Fatalf("%s run: only %d distinct states in %d frames", run.name, len(distinct), len(run.trail.States))
		}
	}
	var file bytes.Buffer
	if _, err := rec.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	recFile := filepath.Join(t.TempDir(), "scripted.rec")
	if err := os.WriteFile(recFile, file.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("same", func(t *testing.T) {
		child := runDeterminismChild(t, recFile)
		for _, c := range []struct {
			name string
			want *replay.StateTrail
			got  []*replay.SceneState
		}{
			{"scripted run", script, child.Script},
			{"replay of the parent's recording", script, child.Replay},
			{"whole-frame scene", systems, child.Systems},
		} {
			if err := compareTrails(c.want, c.got); err != nil {
				t.Errorf("%s: the child process differs from this one: %v", c.name, err)
				continue
			}
			last := c.got[len(c.got)-1].Hash
			t.Logf("%s: %d frames agree across the processes; last state hash %016x", c.name, len(c.got), last)
		}
	})

	t.Run("child nudged by one ULP is caught", func(t *testing.T) {
		const frame = 2
		child := runDeterminismChild(t, recFile, determinismNudgeEnv+"="+strconv.Itoa(frame))
		err := compareTrails(script, child.Script)
		var m *replay.ReplayMismatch
		if !errors.As(err, &m) || m.Frame != frame || !strings.Contains(m.Detail, `"Arena/Hero[0]"`) {
			t.Fatalf("comparison with the nudged child: %v; want a mismatch at frame %d, node Arena/Hero[0]", err, frame)
		}
		t.Logf("caught: %v", err)
		if err := compareTrails(script, child.Replay); err != nil {
			t.Errorf("replay (not nudged): %v", err)
		}
		if err := compareTrails(systems, child.Systems); err != nil {
			t.Errorf("whole-frame scene (not nudged): %v", err)
		}
	})
}

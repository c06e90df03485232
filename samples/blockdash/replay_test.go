package blockdash

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/replay"
)

// replayConfig runs blockdash without a window or GL: replay checks state,
// not pictures.
func replayConfig(frames uint64) tact.Config {
	cfg := tact.Config{NoGraphics: true, FixedDT: 1.0 / 60, MaxFrames: frames, PanicFatal: true}
	Sample.Configure(&cfg)
	return cfg
}

// recordBlockdash plays the sample's script, recording its input and its
// state at every frame.
func recordBlockdash(t *testing.T, frames uint64) (*replay.Recording, *replay.StateTrail) {
	t.Helper()
	g := tact.NewGame(replayConfig(frames))
	var rec *replay.Recorder
	var trail *replay.StateTrail
	g.GameInited.On(func(g *tact.Game) {
		rec = replay.NewRecorder(g.Director(), g.Input())
		trail = replay.TrackState(g.Director())
		g.Director().EndFrame.On(func(d *director.Director) { Script(g, d.TotalFrames()) })
	})
	var err error
	platformtest.Do(func() { err = g.Run(Start) })
	if err != nil {
		t.Fatalf("record run: %v", err)
	}
	return rec.Stop(), trail
}

// replayBlockdash runs the sample again, driven by rec alone.
func replayBlockdash(t *testing.T, rec *replay.Recording) *replay.StateTrail {
	t.Helper()
	g := tact.NewGame(replayConfig(rec.Frames))
	var trail *replay.StateTrail
	var p *replay.Player
	var perr error
	g.GameInited.On(func(g *tact.Game) {
		p, perr = replay.NewPlayer(rec, g.Director(), g.Input())
		trail = replay.TrackState(g.Director())
	})
	var err error
	platformtest.Do(func() { err = g.Run(Start) })
	if err != nil || perr != nil {
		t.Fatalf("replay run: %v %v", err, perr)
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	return trail
}

// The scripted run, recorded to a file and replayed, reaches the same state
// (every node's transform, every component's exported fields) at every one
// of its 180 frames; moving the first jump five frames later is caught at
// the frame of the original jump.
func TestReplayBlockdash(t *testing.T) {
	rec, want := recordBlockdash(t, 180)
	if len(rec.Events) < 5 {
		t.Fatalf("recorded %d events; the script presses 7 keys", len(rec.Events))
	}
	var file bytes.Buffer
	if _, err := rec.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	back, err := replay.ReadRecording("blockdash.rec", &file)
	if err != nil {
		t.Fatal(err)
	}
	if err := want.Compare(replayBlockdash(t, back)); err != nil {
		t.Fatal(err)
	}

	jumpAt := uint64(0)
	for i, e := range back.Events {
		if e.Kind == replay.InputKeyDown && e.Key == platform.KeySpace {
			jumpAt = e.Frame
			back.Events[i].Frame += 5 // now after its release (next event): swap to keep frame order
			back.Events[i], back.Events[i+1] = back.Events[i+1], back.Events[i]
			break
		}
	}
	if jumpAt == 0 {
		t.Fatal("no jump in the recording")
	}
	err = want.Compare(replayBlockdash(t, back))
	var m *replay.ReplayMismatch
	if !errors.As(err, &m) || m.Frame != jumpAt || !strings.Contains(m.Detail, "Player") {
		t.Fatalf("Compare = %v; want a mismatch at frame %d (the jump) on the player", err, jumpAt)
	}
}

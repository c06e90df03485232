package audio

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// Playing a clip with no channels or no rate divided by zero on the
// device's goroutine, ending the process. Play refuses it, reports why to
// the logger and counts a drop; the mixing side checks again.
func TestPlayRefusesUnplayableClips(t *testing.T) {
	log := &syncLog{}
	m := newTestMixer(t, MixerConfig{Rate: 8000, Voices: 2, Logger: log})
	zero := &Clip{name: "zero"}
	if id := m.Play(zero, Effects); id != 0 {
		t.Errorf("Play of a zero Clip returned voice %d", id)
	}
	if id := m.Play(&Clip{name: "no-frames", rate: 8000, channels: 1}, Effects); id != 0 {
		t.Errorf("Play of a clip without frames returned voice %d", id)
	}
	m.Read(make([]float32, 512))
	if st := m.Stats(); st.Dropped != 2 || st.Voices != 0 {
		t.Errorf("stats %+v, want 2 dropped, none sounding", st)
	}
	if s := log.String(); !strings.Contains(s, `"zero"`) || !strings.Contains(s, "0 channels") || !strings.Contains(s, "no audio frames") {
		t.Errorf("log %q, want each clip and its reason", s)
	}

	// A zero clip queued past Play's check still cannot reach the mixing
	// code: the slot is handed back, and a good clip plays after it.
	m.mu.Lock()
	slot := m.free[len(m.free)-1]
	m.free = m.free[:len(m.free)-1]
	m.slots[slot].busy = true
	m.pending = append(m.pending, command{op: opPlay, slot: slot, gen: m.slots[slot].gen, clip: zero})
	m.mu.Unlock()
	m.Read(make([]float32, 512))
	if len(m.free) != 2 {
		t.Fatalf("slot of a refused voice not handed back: %d free", len(m.free))
	}
	good := mustClip(t, "tone", 8000, 1, sine(8000, 1, 400, 0.5, 0.1))
	if id := m.Play(good, Effects); id == 0 || peak(render(m, 0.05)) < 0.4 {
		t.Error("a good clip does not play after the refused ones")
	}
}

// A NaN pitch made the position NaN, the next frame index negative and
// the device's goroutine panic.
func TestNaNPitchPlaysAtNormalPitch(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 8000})
	id := m.PlayWith(mustClip(t, "tone", 8000, 1, sine(8000, 1, 400, 0.5, 1)), PlayOptions{Volume: 1, Pitch: float32(math.NaN())})
	x := channel(render(m, 0.2), 2, 0)
	m.SetPitch(id, float32(math.NaN()))
	x = append(x, channel(render(m, 0.2), 2, 0)...)
	if f := zeroCrossingFreq(x, 8000); !near(f, 400, 10) {
		t.Errorf("%.1f Hz, want 400", f)
	}
}

// Clips with no frames are refused where they are made.
func TestEmptyClipsRefusedAtCreation(t *testing.T) {
	if _, err := NewClip("empty", 8000, 1, nil); err == nil || !strings.Contains(err.Error(), `"empty"`) || !strings.Contains(err.Error(), "no audio frames") {
		t.Errorf("NewClip of no samples: %v", err)
	}
	empty := wavFile(wavPCM, 16, 1, 8000, false, nil)
	if _, err := Decode("empty.wav", empty); err == nil || !strings.Contains(err.Error(), `"empty.wav"`) || !strings.Contains(err.Error(), "no audio frames") {
		t.Errorf("Decode of an empty WAV: %v", err)
	}
	if _, err := StreamFS(fstest.MapFS{"empty.wav": {Data: empty}}, "empty.wav"); err == nil || !strings.Contains(err.Error(), "no audio frames") {
		t.Errorf("StreamFS of an empty WAV: %v", err)
	}
}

// Stream took a WAV's length from its data chunk's declared size: a
// 1 s file whose header claimed an hour reported an hour.
func TestWavStreamDurationIsWhatTheFileHolds(t *testing.T) {
	f := wavFile(wavPCM, 16, 1, 8000, false, sine(8000, 1, 400, 0.5, 1))
	at := strings.Index(string(f), "data") + 4
	for _, claim := range []uint32{8000 * 2 * 3600, 0xFFFFFFFF} {
		binary.LittleEndian.PutUint32(f[at:], claim)
		path := filepath.Join(t.TempDir(), "claims.wav")
		if err := os.WriteFile(path, f, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Stream(path)
		if err != nil {
			t.Fatal(err)
		}
		if c.Frames() != 8000 || !near(c.Duration().Seconds(), 1, 1e-6) {
			t.Errorf("data chunk claiming %d bytes: %d frames, %v; want 8000, 1s", claim, c.Frames(), c.Duration())
		}
	}
}

package platform

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// toneSource is a SampleSource playing a sine on every channel; reads
// counts the Read calls.
type toneSource struct {
	freq, amp float64
	rate, ch  int
	n         int // frames produced (only the device goroutine touches it)
	reads     atomic.Int64
}

func (s *toneSource) Read(dst []float32) int {
	s.reads.Add(1)
	for i := 0; i < len(dst)/s.ch; i++ {
		v := float32(s.amp * math.Sin(2*math.Pi*s.freq*float64(s.n)/float64(s.rate)))
		for c := 0; c < s.ch; c++ {
			dst[i*s.ch+c] = v
		}
		s.n++
	}
	return len(dst)
}

// diskAudio points SDL's disk audio driver at a fresh file and returns its
// path. The driver writes the device's raw samples (here float32, native
// order) at the pace of a real sound card.
func diskAudio(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "audio.raw")
	t.Setenv("SDL_DISKAUDIOFILE", out)
	return out
}

// readRaw reads float32 little-endian samples (amd64 and arm64 are both
// little-endian, the machines these tests run on).
func readRaw(t *testing.T, path string) []float32 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := make([]float32, len(b)/4)
	for i := range s {
		s[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return s
}

// goertzel returns the amplitude of the freq Hz component of x.
func goertzel(x []float32, rate int, freq float64) float64 {
	w := 2 * math.Pi * freq / float64(rate)
	var s1, s2 float64
	for _, v := range x {
		s1, s2 = float64(v)+2*math.Cos(w)*s1-s2, s1
	}
	return 2 * math.Hypot(s1-s2*math.Cos(w), s2*math.Sin(w)) / float64(len(x))
}

// trimSilence drops the zeros that SDL's disk driver writes before the
// device is started.
func trimSilence(x []float32) []float32 {
	for i, v := range x {
		if v != 0 {
			return x[i:]
		}
	}
	return nil
}

func openDiskAudio(t *testing.T, p *Platform, cfg AudioConfig, src SampleSource) *AudioDevice {
	t.Helper()
	cfg.Driver = "disk"
	var d *AudioDevice
	var err error
	onMain(func() { d, err = p.OpenAudio(cfg, src) })
	if err != nil {
		t.Fatalf("OpenAudio: %v", err)
	}
	t.Cleanup(func() { onMain(func() { d.Close() }) })
	return d
}

func TestAudioToneReachesDevice(t *testing.T) {
	out := diskAudio(t)
	p := openPlatform(t, Options{NoVideo: true})
	src := &toneSource{freq: 440, amp: 0.5, rate: 48000, ch: 2}
	d := openDiskAudio(t, p, AudioConfig{Frequency: 48000, BufferFrames: 512}, src)
	if d.Driver() != "disk" || d.Frequency() != 48000 || d.Channels() != 2 {
		t.Fatalf("driver %q, %d Hz, %d channels", d.Driver(), d.Frequency(), d.Channels())
	}
	if l := d.Latency(); l != 32*time.Millisecond {
		t.Errorf("Latency %v, want 32ms for 512+1024 frames at 48 kHz", l)
	}
	time.Sleep(400 * time.Millisecond)
	onMain(func() { d.Close() })
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	// SDL writes silence until the feeder has filled the queue and started
	// the device; from then on every frame is the source's.
	all := readRaw(t, out)
	raw := trimSilence(all)
	if lead := (len(all) - len(raw)) / 2; lead > 48000/20 {
		t.Errorf("%d frames of silence before the tone: the device started late", lead)
	}
	frames := len(raw) / 2
	// The disk driver plays in real time: 0.4 s is about 19200 frames.
	if frames < 48000/5 {
		t.Fatalf("device wrote %d frames in 0.4 s, want about 19200", frames)
	}
	for ch := 0; ch < 2; ch++ {
		x := make([]float32, frames)
		for i := range x {
			x[i] = raw[2*i+ch]
		}
		// Playback starts at the tone's beginning: nothing was skipped.
		if math.Abs(float64(x[0])-0.5*math.Sin(2*math.Pi*440/48000)) > 1e-6 {
			t.Errorf("channel %d starts %v, want the tone's second sample (its first is 0)", ch, x[0])
		}
		if a := goertzel(x, 48000, 440); math.Abs(a-0.5) > 0.01 {
			t.Errorf("channel %d: 440 Hz amplitude %.4f, want 0.5", ch, a)
		}
		if a := goertzel(x, 48000, 500); a > 0.01 {
			t.Errorf("channel %d: 500 Hz amplitude %.4f, want ~0", ch, a)
		}
		crossings := 0
		for i := 1; i < len(x); i++ {
			if (x[i-1] < 0) != (x[i] < 0) {
				crossings++
			}
		}
		if f := float64(crossings) / 2 / (float64(len(x)) / 48000); math.Abs(f-440) > 3 {
			t.Errorf("channel %d: %.1f Hz by zero crossings, want 440", ch, f)
		}
	}
	t.Logf("%d underruns", d.Underruns())
}

func TestAudioMonoPauseAndClose(t *testing.T) {
	out := diskAudio(t)
	p := openPlatform(t, Options{NoVideo: true})
	src := &toneSource{freq: 1000, amp: 0.25, rate: 22050, ch: 1}
	d := openDiskAudio(t, p, AudioConfig{Frequency: 22050, Channels: 1, BufferFrames: 256}, src)
	time.Sleep(100 * time.Millisecond)
	d.Pause(true)
	if !d.Paused() {
		t.Error("Paused() false after Pause(true)")
	}
	time.Sleep(50 * time.Millisecond) // let the feeder see the full queue
	before := src.reads.Load()
	time.Sleep(150 * time.Millisecond)
	if after := src.reads.Load(); after != before {
		t.Errorf("paused device read its source %d more times", after-before)
	}
	d.Pause(false)
	time.Sleep(100 * time.Millisecond)
	if src.reads.Load() == before {
		t.Error("resumed device does not read its source")
	}
	onMain(func() {
		if err := d.Close(); err != nil {
			t.Error(err)
		}
		if err := d.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	})
	closedAt := src.reads.Load()
	time.Sleep(30 * time.Millisecond)
	if src.reads.Load() != closedAt {
		t.Error("source read after Close")
	}
	// Tone, then the pause (SDL writes silence while paused), then tone.
	x := trimSilence(readRaw(t, out))
	if len(x) < 22050*3/10 {
		t.Fatalf("%d frames written, want about 0.4 s", len(x))
	}
	if a := goertzel(x[:22050/20], 22050, 1000); math.Abs(a-0.25) > 0.01 {
		t.Errorf("first 50 ms: 1000 Hz amplitude %.4f, want 0.25", a)
	}
	longest, run := 0, 0
	for _, v := range x {
		if v == 0 {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if longest < 22050/10 {
		t.Errorf("longest silence %d frames, want >= 0.1 s of pause", longest)
	}
	if a := goertzel(x[len(x)-22050/20:], 22050, 1000); math.Abs(a-0.25) > 0.01 {
		t.Errorf("last 50 ms: 1000 Hz amplitude %.4f, want 0.25 (resumed)", a)
	}
}

func TestAudioOpenErrors(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	src := &toneSource{freq: 440, amp: 0.1, rate: 48000, ch: 2}
	for _, tc := range []struct {
		cfg  AudioConfig
		src  SampleSource
		want string
	}{
		{AudioConfig{Driver: "disk", Channels: 6}, src, "6 channels"},
		{AudioConfig{Driver: "disk", Frequency: 10}, src, "10 Hz"},
		{AudioConfig{Driver: "disk", BufferFrames: 1000}, src, "1000 frames"},
		{AudioConfig{Driver: "disk"}, nil, "nil SampleSource"},
		{AudioConfig{Driver: "no-such-driver"}, src, `"no-such-driver"`},
	} {
		var d *AudioDevice
		var err error
		onMain(func() { d, err = p.OpenAudio(tc.cfg, tc.src) })
		if err == nil {
			onMain(func() { d.Close() })
			t.Errorf("OpenAudio(%+v) succeeded", tc.cfg)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("OpenAudio(%+v): %v, want it to mention %s", tc.cfg, err, tc.want)
		}
	}
}

package audio

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

const (
	oggTone = "testdata/tone440_22k_mono.ogg"    // 0.5 s, 440 Hz, amplitude 0.5
	mp3Tone = "testdata/tone1000_44k_stereo.mp3" // 0.3 s, 1000 Hz, amplitude 0.5
)

func TestOggDecode(t *testing.T) {
	c, err := Load(oggTone)
	if err != nil {
		t.Fatal(err)
	}
	if c.Rate() != 22050 || c.Channels() != 1 || !near(float64(c.Frames()), 11025, 100) {
		t.Fatalf("%d Hz, %d channels, %d frames; want 22050, 1, ~11025", c.Rate(), c.Channels(), c.Frames())
	}
	x := c.Samples()[2000:10000] // away from the encoder's edges
	if a := amplitude(x, 22050, 440); !near(a, 0.5, 0.05) {
		t.Errorf("440 Hz amplitude %.3f, want 0.5", a)
	}
	if a := amplitude(x, 22050, 1000); a > 0.02 {
		t.Errorf("1000 Hz amplitude %.3f, want ~0", a)
	}
}

func TestMp3Decode(t *testing.T) {
	c, err := Load(mp3Tone)
	if err != nil {
		t.Fatal(err)
	}
	if c.Rate() != 44100 || c.Channels() != 2 || c.Frames() < 13230 {
		t.Fatalf("%d Hz, %d channels, %d frames; want 44100, 2, >= 13230", c.Rate(), c.Channels(), c.Frames())
	}
	for ch := 0; ch < 2; ch++ {
		x := channel(c.Samples(), 2, ch)[4000:12000]
		if a := amplitude(x, 44100, 1000); !near(a, 0.5, 0.05) {
			t.Errorf("channel %d: 1000 Hz amplitude %.3f, want 0.5", ch, a)
		}
		if f := zeroCrossingFreq(x, 44100); !near(f, 1000, 10) {
			t.Errorf("channel %d: %.1f Hz by zero crossings, want 1000", ch, f)
		}
	}
}

func TestDecodeCorruptOggAndMp3(t *testing.T) {
	ogg, _ := os.ReadFile(oggTone)
	mp3, _ := os.ReadFile(mp3Tone)
	flip := func(b []byte, from int) []byte {
		b = bytes.Clone(b)
		for i := from; i < len(b); i += 7 {
			b[i] ^= 0x5A
		}
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"headers.ogg", ogg[:60]},
		{"garbled.ogg", flip(ogg, 30)},
		{"half.ogg", ogg[:len(ogg)/2]},
		{"opus-like.ogg", append([]byte("OggS"), bytes.Repeat([]byte{1}, 200)...)},
		{"header.mp3", mp3[:3]},
		{"garbled.mp3", flip(mp3, 10)},
		{"sync-only.mp3", []byte{0xFF, 0xFB, 0x00, 0x00}},
	} {
		// Each either decodes to something playable or fails with an error
		// naming the file; none panics.
		c, err := Decode(tc.name, tc.data)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || de.Name != tc.name || !strings.Contains(err.Error(), tc.name) {
				t.Errorf("%s: error %v does not name the file", tc.name, err)
			}
			continue
		}
		for i, v := range c.Samples() {
			if v != v {
				t.Fatalf("%s: sample %d is NaN", tc.name, i)
			}
		}
	}
}

func TestOggStreamLoops(t *testing.T) {
	data, err := os.ReadFile(oggTone)
	if err != nil {
		t.Fatal(err)
	}
	c, err := StreamFS(fstest.MapFS{"music/tone.ogg": {Data: data}}, "music/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Streamed() || c.Rate() != 22050 {
		t.Fatalf("streamed %v at %d Hz", c.Streamed(), c.Rate())
	}
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	id := m.PlayWith(c, PlayOptions{Volume: 1, Loop: true, Bus: Music})
	// Three times the clip's length: the tone goes on through each restart.
	x := channel(renderStreams(t, m, 1.5), 2, 0)
	for w := 0; w+4800 <= len(x); w += 4800 {
		if a := amplitude(x[w:w+4800], 48000, 440); a < 0.4 {
			t.Errorf("window %d of 100 ms: 440 Hz amplitude %.3f, want ~0.5", w/4800, a)
		}
	}
	if !m.Active(id) {
		t.Error("looping stream ended")
	}
	if st := m.Stats(); st.Underruns != 0 {
		t.Errorf("%d underruns", st.Underruns)
	}
	m.Stop(id, 0)
	renderStreams(t, m, 0.02)
	if m.Active(id) {
		t.Error("stopped stream still active")
	}
}

func TestMp3StreamPlaysToTheEnd(t *testing.T) {
	c, err := Stream(mp3Tone)
	if err != nil {
		t.Fatal(err)
	}
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	id := m.Play(c, Music)
	x := channel(renderStreams(t, m, 0.5), 2, 1)
	if a := amplitude(x[4800:14400], 48000, 1000); !near(a, 0.5, 0.05) {
		t.Errorf("1000 Hz amplitude %.3f, want 0.5", a)
	}
	end := int(c.Duration().Seconds()*48000) + 2
	if p := peak(x[end-1000 : end-500]); p < 0.01 {
		t.Errorf("clip's last frames silent: peak %g (ended early?)", p)
	}
	if p := peak(x[end:]); p != 0 {
		t.Errorf("sound after the clip's %v: peak %g", c.Duration(), p)
	}
	if m.Active(id) {
		t.Error("stream still active after its end")
	}
}

// syncLog collects reports; core.Logger implementations must be safe for
// concurrent use.
type syncLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *syncLog) Printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

func TestWavStreamErrorMidFileIsLogged(t *testing.T) {
	// The header is fine, so Stream accepts the file; the data chunk is cut
	// short, which the streaming goroutine meets later and reports.
	full := wavFile(wavPCM, 16, 1, 8000, false, sine(8000, 1, 400, 0.5, 0.2))
	fsys := fstest.MapFS{"cut.wav": {Data: full[:len(full)-100]}}
	c, err := StreamFS(fsys, "cut.wav")
	if err != nil {
		t.Fatal(err)
	}
	log := &syncLog{}
	m := newTestMixer(t, MixerConfig{Rate: 8000, Logger: log})
	id := m.Play(c, Music)
	renderStreams(t, m, 0.3)
	if m.Active(id) {
		t.Error("voice of a truncated stream still active")
	}
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(log.String(), "cut.wav") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if s := log.String(); !strings.Contains(s, `"cut.wav"`) || !strings.Contains(s, "truncated") {
		t.Errorf("log %q, want the file and the reason", s)
	}
}

func TestDecodeStreamCloseStopsProducers(t *testing.T) {
	c, err := Stream(oggTone)
	if err != nil {
		t.Fatal(err)
	}
	m := newTestMixer(t, MixerConfig{Rate: 48000, Voices: 4})
	var sts []*stream
	for i := 0; i < 4; i++ {
		m.PlayWith(c, PlayOptions{Volume: 1, Loop: true})
		sts = append(sts, m.slots[i].st)
	}
	renderStreams(t, m, 0.05)
	m.Close()
	deadline := time.Now().Add(2 * time.Second)
	for _, st := range sts {
		for !st.eof.Load() {
			if time.Now().After(deadline) {
				t.Fatal("a streaming goroutine outlived Close")
			}
			time.Sleep(time.Millisecond)
		}
	}
}

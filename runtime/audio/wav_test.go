package audio

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWavDecodeFormats(t *testing.T) {
	src := []float32{0, 0.5, -0.5, 0.25, -1, 0.9990, 0.125, -0.125}
	for _, tc := range []struct {
		name       string
		tag, bits  int
		ch         int
		extensible bool
		tol        float64
	}{
		{"pcm8-mono", wavPCM, 8, 1, false, 1.0 / 100},
		{"pcm16-stereo", wavPCM, 16, 2, false, 1.0 / 20000},
		{"pcm24-mono", wavPCM, 24, 1, false, 1e-6},
		{"pcm32-stereo", wavPCM, 32, 2, false, 1e-6},
		{"float32-stereo", wavFloat, 32, 2, false, 0},
		{"float64-mono", wavFloat, 64, 1, false, 1e-7},
		{"extensible-pcm16", wavPCM, 16, 2, true, 1.0 / 20000},
		{"extensible-float32", wavFloat, 32, 1, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Decode(tc.name+".wav", wavFile(tc.tag, tc.bits, tc.ch, 22050, tc.extensible, src))
			if err != nil {
				t.Fatal(err)
			}
			if c.Rate() != 22050 || c.Channels() != tc.ch || c.Frames() != int64(len(src)/tc.ch) || c.Streamed() {
				t.Fatalf("got %d Hz, %d ch, %d frames, streamed %v", c.Rate(), c.Channels(), c.Frames(), c.Streamed())
			}
			got := c.Samples()
			for i, want := range src {
				if math.Abs(float64(got[i]-want)) > tc.tol+1e-9 {
					t.Errorf("sample %d = %v, want %v", i, got[i], want)
				}
			}
		})
	}
}

func TestWavDecodeSanitizesFloats(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	c, err := Decode("nan.wav", wavFile(wavFloat, 32, 1, 8000, false, []float32{0.5, nan, inf, -inf, -0.5}))
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Samples(); s[0] != 0.5 || s[1] != 0 || s[2] != 0 || s[3] != 0 || s[4] != -0.5 {
		t.Errorf("samples %v, want NaN and infinities replaced by 0", s)
	}
}

func TestWavDecodeErrors(t *testing.T) {
	good := wavFile(wavPCM, 16, 1, 8000, false, sine(8000, 1, 400, 0.5, 0.01))
	patch := func(off int, b ...byte) []byte {
		f := bytes.Clone(good)
		copy(f[off:], b)
		return f
	}
	fmtAt := bytes.Index(good, []byte("fmt ")) + 8
	for _, tc := range []struct {
		name        string
		data        []byte
		reason      string
		unsupported bool
	}{
		{"empty", nil, "empty file", false},
		{"text", []byte("hello, this is not audio"), "not WAV, Ogg Vorbis or MP3", true},
		{"header-only", good[:12], "no fmt chunk", false},
		{"truncated-data", good[:len(good)-10], "data truncated", false},
		{"adpcm", patch(fmtAt, 0x02, 0x00), "format tag 0x0002", true},
		{"six-channels", patch(fmtAt+2, 6, 0), "6 channels", true},
		{"rate-zero", patch(fmtAt+4, 0, 0, 0, 0), "sample rate 0 Hz", false},
		{"bad-align", patch(fmtAt+12, 7, 0), "block align 7", false},
		{"12-bit", patch(fmtAt+14, 12, 0), "12 bits", true},
		{"huge-fmt", patch(fmtAt-4, 0xFF, 0xFF, 0, 0), "fmt chunk of 65535 bytes", false},
		{"no-data", good[:bytes.Index(good, []byte("data"))], "no data chunk", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := "sfx/" + tc.name + ".wav"
			c, err := Decode(name, tc.data)
			if err == nil {
				t.Fatalf("decoded %d frames, want an error", c.Frames())
			}
			var de *DecodeError
			if !errors.As(err, &de) || de.Name != name {
				t.Fatalf("error %v (%T) does not name the file", err, err)
			}
			if !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("error %q, want the name and %q", err, tc.reason)
			}
			if errors.Is(err, ErrUnsupported) != tc.unsupported {
				t.Errorf("errors.Is(ErrUnsupported) = %v, want %v", !tc.unsupported, tc.unsupported)
			}
		})
	}
}

func TestWavLoadAndStreamFromDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tone.wav")
	if err := os.WriteFile(path, wavFile(wavPCM, 16, 2, 44100, false, sine(44100, 2, 500, 0.5, 0.4)), 0o644); err != nil {
		t.Fatal(err)
	}
	loaded, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	streamed, err := Stream(path)
	if err != nil {
		t.Fatal(err)
	}
	if !streamed.Streamed() || streamed.Samples() != nil || streamed.Frames() != loaded.Frames() || streamed.Rate() != 44100 {
		t.Fatalf("stream: streamed %v, %d frames (load %d), %d Hz", streamed.Streamed(), streamed.Frames(), loaded.Frames(), streamed.Rate())
	}
	if d := streamed.Duration().Seconds(); !near(d, 0.4, 1e-3) {
		t.Errorf("Duration %.4f s, want 0.4", d)
	}
	// The streamed clip plays the same as the loaded one.
	a := newTestMixer(t, MixerConfig{Rate: 48000})
	b := newTestMixer(t, MixerConfig{Rate: 48000})
	a.Play(loaded, Music)
	b.Play(streamed, Music)
	x, y := render(a, 0.5), renderStreams(t, b, 0.5)
	for i := range x {
		if !near(float64(x[i]), float64(y[i]), 1e-4) { // positions round differently
			t.Fatalf("sample %d: loaded %v, streamed %v", i, x[i], y[i])
		}
	}
	if st := b.Stats(); st.Voices != 0 || st.Underruns != 0 {
		t.Errorf("streamed voice: %+v, want ended without underruns", st)
	}

	if _, err := Load(filepath.Join(dir, "missing.wav")); err == nil || !strings.Contains(err.Error(), "missing.wav") {
		t.Errorf("Load of a missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.wav")
	os.WriteFile(bad, []byte("RIFF\x00\x00\x00\x00WAVEjunk"), 0o644)
	if _, err := Stream(bad); err == nil || !strings.Contains(err.Error(), "bad.wav") {
		t.Errorf("Stream of a corrupt file: %v", err)
	}
}

func FuzzWavDecode(f *testing.F) {
	f.Add(wavFile(wavPCM, 16, 2, 44100, false, sine(44100, 2, 440, 0.5, 0.001)))
	f.Add(wavFile(wavPCM, 8, 1, 8000, false, sine(8000, 1, 440, 0.5, 0.001)))
	f.Add(wavFile(wavPCM, 24, 1, 8000, true, sine(8000, 1, 440, 0.5, 0.001)))
	f.Add(wavFile(wavFloat, 32, 2, 48000, true, sine(48000, 2, 440, 0.5, 0.001)))
	f.Add(wavFile(wavFloat, 64, 1, 48000, false, sine(48000, 1, 440, 0.5, 0.001)))
	f.Add([]byte("RIFF\xff\xff\xff\xffWAVEfmt \x10\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Decode("fuzz.wav", data)
		if err != nil {
			if !strings.Contains(err.Error(), `"fuzz.wav"`) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if c.Channels() != 1 && c.Channels() != 2 || c.Rate() < MinRate || c.Rate() > MaxRate {
			t.Fatalf("accepted %d channels at %d Hz", c.Channels(), c.Rate())
		}
		for i, v := range c.Samples() {
			if v != v || math.IsInf(float64(v), 0) {
				t.Fatalf("sample %d is %v", i, v)
			}
		}
		// Whatever decodes must also play.
		m, _ := NewMixer(MixerConfig{Rate: 8000, Voices: 1})
		m.PlayWith(c, PlayOptions{Volume: 1, Pitch: 3, Loop: true})
		m.Read(make([]float32, 64))
	})
}

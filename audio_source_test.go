package tact

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/sound"
	"github.com/tact-engine/tact/scenegraph"
)

// audioTone returns a looping-friendly clip: seconds of a freq Hz sine
// (whole cycles) at amplitude amp, 48 kHz mono.
func audioTone(t *testing.T, name string, freq, amp, seconds float64) *audio.Clip {
	t.Helper()
	n := int(48000 * seconds)
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(amp * math.Sin(2*math.Pi*freq*float64(i)/48000))
	}
	c, err := audio.NewClip(name, 48000, 1, s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// toneLevel returns the amplitude of the freq Hz component of the left
// channel of interleaved stereo samples (a Goertzel filter).
func toneLevel(x []float32, freq float64) float64 {
	w := 2 * math.Pi * freq / 48000
	var s1, s2 float64
	n := 0
	for i := 0; i < len(x); i += 2 {
		s1, s2 = float64(x[i])+2*math.Cos(w)*s1-s2, s1
		n++
	}
	return 2 * math.Hypot(s1-s2*math.Cos(w), s2*math.Sin(w)) / float64(n)
}

// listen pulls seconds of output from m, as a device would, after letting
// the few-millisecond ramps of the last changes pass.
func listen(m *audio.Mixer, seconds float64) []float32 {
	m.Read(make([]float32, 2*1024))
	buf := make([]float32, 2*int(48000*seconds))
	m.Read(buf)
	return buf
}

func noGraphics(frames uint64) Config {
	return Config{NoGraphics: true, FixedDT: 1.0 / 60, MaxFrames: frames, PanicFatal: true}
}

func TestAudioSourceFollowsNodeAndGame(t *testing.T) {
	m, err := audio.NewMixer(audio.MixerConfig{Rate: 48000})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	tone := audioTone(t, "tone", 480, 0.5, 0.1)
	blip := audioTone(t, "blip", 1200, 0.5, 0.1)
	g := NewGame(noGraphics(12))
	var node *scenegraph.Node
	var src *sound.AudioSource
	baseListeners := 0
	check := func(what string, wantPlaying bool, freq, want float64) {
		t.Helper()
		if got := src.Playing(); got != wantPlaying {
			t.Errorf("%s: Playing() = %v, want %v", what, got, wantPlaying)
		}
		if lvl := toneLevel(listen(m, 0.1), freq); math.Abs(lvl-want) > 0.01 {
			t.Errorf("%s: %v Hz level %.3f, want %.3f", what, freq, lvl, want)
		}
	}
	g.director.EndFrame.On(func(d *director.Director) {
		switch d.TotalFrames() {
		case 0:
			check("played on load", true, 480, 0.5)
			node.SetActive(false)
		case 1:
			check("node disabled", false, 480, 0)
			if m.Active(src.Voice()) || src.Voice() != 0 {
				t.Error("voice survives its node's disabling")
			}
			node.SetActive(true)
		case 2:
			check("node re-enabled", true, 480, 0.5)
			src.SetVolume(0.25)
			check("SetVolume", true, 480, 0.125)
			src.Pause()
			check("Pause", false, 480, 0)
			src.Resume()
			check("Resume", true, 480, 0.125)
			// The Game's pause: a listener subscribed after the source's
			// checks the silence, then resumes.
			var off func()
			off = g.Paused.On(func(*Game) {
				off()
				check("Game paused", false, 480, 0)
				g.Resume()
				check("Game resumed", true, 480, 0.125)
			})
			g.Pause()
		case 3:
			if src.PlayOneShot(blip, 1) == 0 {
				t.Error("PlayOneShot gave no voice")
			}
			x := listen(m, 0.05)
			if lvl := toneLevel(x, 1200); math.Abs(lvl-0.125) > 0.01 {
				t.Errorf("one-shot level %.3f, want 0.125 (0.5 × volume 1 × source 0.25)", lvl)
			}
			if lvl := toneLevel(x, 480); math.Abs(lvl-0.125) > 0.01 {
				t.Errorf("loop under the one-shot: level %.3f, want 0.125", lvl)
			}
			node.Destroy()
		case 4:
			check("node destroyed", false, 480, 0)
			if n := g.Paused.Len(); n != baseListeners {
				t.Errorf("Paused has %d listeners after the source's destruction, want %d", n, baseListeners)
			}
		}
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		baseListeners = g.Paused.Len()
		s := scenegraph.NewScene("Audio")
		node = scenegraph.NewNode("Speaker")
		s.AddChild(node)
		src = sound.NewAudioSource(m, g, tone)
		src.PlayOnLoad, src.Loop = true, true
		scenegraph.AddComponent(node, src)
		return s, nil
	})
	if g.Frames() != 12 {
		t.Fatalf("ran %d frames", g.Frames())
	}
}

func TestAudioSourcePausedGameAndIgnorePause(t *testing.T) {
	m, _ := audio.NewMixer(audio.MixerConfig{Rate: 48000})
	defer m.Close()
	g := NewGame(noGraphics(3))
	var music, fx *sound.AudioSource
	g.director.EndFrame.On(func(d *director.Director) {
		if d.TotalFrames() != 0 {
			return
		}
		var off func()
		off = g.Paused.On(func(*Game) {
			off()
			fx.Play() // played while paused: starts paused
			x := listen(m, 0.1)
			if lvl := toneLevel(x, 600); math.Abs(lvl-0.4) > 0.01 {
				t.Errorf("IgnorePause music while paused: level %.3f, want 0.4", lvl)
			}
			if lvl := toneLevel(x, 900); lvl > 0.01 {
				t.Errorf("effect played during the pause sounds: level %.3f", lvl)
			}
			g.Resume()
			if lvl := toneLevel(listen(m, 0.1), 900); math.Abs(lvl-0.4) > 0.01 {
				t.Errorf("effect after Resume: level %.3f, want 0.4", lvl)
			}
		})
		g.Pause()
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Audio")
		n := scenegraph.NewNode("N")
		s.AddChild(n)
		music = scenegraph.AddComponent(n, sound.NewAudioSource(m, g, audioTone(t, "music", 600, 0.4, 0.1)))
		music.PlayOnLoad, music.Loop, music.IgnorePause, music.Bus = true, true, true, audio.Music
		fx = scenegraph.AddComponent(n, sound.NewAudioSource(m, g, audioTone(t, "fx", 900, 0.4, 0.5)))
		return s, nil
	})
}

func TestAudioSourceWithoutMixerDoesNothing(t *testing.T) {
	g := NewGame(noGraphics(2))
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Silent")
		n := scenegraph.NewNode("N")
		s.AddChild(n)
		a := scenegraph.AddComponent(n, sound.NewAudioSource(nil, g, nil))
		a.PlayOnLoad = true
		a.Play()
		a.SetVolume(0.5)
		a.SetLoop(true)
		a.Pause()
		a.Resume()
		a.FadeOut(1)
		if a.Playing() || a.PlayOneShot(nil, 1) != 0 {
			t.Error("a source without a mixer claims to play")
		}
		return s, nil
	})
}

// TestAudioSourceMixToneFadeThroughDevice is the whole path: two sources
// mixed by an audio.Mixer, played by an SDL device (the disk driver, which
// writes what a sound card would get), one fading out.
//
// It compares game frames with the device's real-time output, so a loaded
// machine (the device thread starved) can fail it: -short skips it, and
// `make test-realtime` runs it.
func TestAudioSourceMixToneFadeThroughDevice(t *testing.T) {
	if testing.Short() {
		t.Skip("real-time test: run without -short (make test-realtime)")
	}
	out := filepath.Join(t.TempDir(), "audio.raw")
	t.Setenv("SDL_DISKAUDIOFILE", out)
	m, _ := audio.NewMixer(audio.MixerConfig{Rate: 48000})
	defer m.Close()
	// Paced at 60 fps, not FixedDT: the device plays in real time.
	g := NewGame(Config{NoGraphics: true, FrameRate: 60, MaxFrames: 36, PanicFatal: true})
	var dev *platform.AudioDevice
	var b *sound.AudioSource
	g.director.EndFrame.On(func(d *director.Director) {
		switch d.TotalFrames() {
		case 12: // 0.2 s in
			b.FadeOut(0.1)
		case 35:
			dev.Close() // before the Game closes SDL
		}
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		var err error
		dev, err = g.plat.OpenAudio(platform.AudioConfig{Driver: "disk", Frequency: 48000}, m)
		if err != nil {
			return nil, err
		}
		s := scenegraph.NewScene("Mix")
		n := scenegraph.NewNode("N")
		s.AddChild(n)
		a := scenegraph.AddComponent(n, sound.NewAudioSource(m, g, audioTone(t, "a", 440, 0.25, 1)))
		b = scenegraph.AddComponent(n, sound.NewAudioSource(m, g, audioTone(t, "b", 660, 0.25, 1)))
		a.PlayOnLoad, b.PlayOnLoad = true, true
		a.Loop, b.Loop = true, true
		return s, nil
	})
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float32, len(raw)/4)
	for i := range x {
		x[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	for len(x) > 0 && x[0] == 0 {
		x = x[1:] // SDL's silence before the device starts
	}
	if len(x) < 2*48000*45/100 {
		t.Fatalf("device wrote %.2f s, want about 0.6 s", float64(len(x))/2/48000)
	}
	head := x[:2*48000/10] // the first 0.1 s: both voices
	if l1, l2 := toneLevel(head, 440), toneLevel(head, 660); math.Abs(l1-0.25) > 0.01 || math.Abs(l2-0.25) > 0.01 {
		t.Errorf("first 0.1 s: 440 Hz %.3f, 660 Hz %.3f, want 0.25 each", l1, l2)
	}
	tail := x[len(x)-2*48000/10:] // the last 0.1 s: the fade is long over
	if l1, l2 := toneLevel(tail, 440), toneLevel(tail, 660); math.Abs(l1-0.25) > 0.01 || l2 > 0.002 {
		t.Errorf("last 0.1 s: 440 Hz %.3f (want 0.25), 660 Hz %.4f (want silence)", l1, l2)
	}
}

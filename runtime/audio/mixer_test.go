package audio

import (
	"math"
	"strconv"
	"sync"
	"testing"
)

func TestMixToneFrequencyAndLevel(t *testing.T) {
	// A 44.1 kHz clip on a 48 kHz mixer: the resampler must keep the pitch.
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	c := mustClip(t, "tone", 44100, 1, sine(44100, 1, 440, 0.5, 1))
	if m.Play(c, Effects) == 0 {
		t.Fatal("Play returned no voice")
	}
	out := render(m, 0.5)
	for ch := 0; ch < 2; ch++ {
		x := channel(out, 2, ch)
		if a := amplitude(x, 48000, 440); !near(a, 0.5, 0.01) {
			t.Errorf("channel %d: 440 Hz amplitude %.4f, want 0.5", ch, a)
		}
		if a := amplitude(x, 48000, 405); a > 0.02 {
			t.Errorf("channel %d: 405 Hz amplitude %.4f, want ~0 (wrong pitch?)", ch, a)
		}
		if f := zeroCrossingFreq(x, 48000); !near(f, 440, 3) {
			t.Errorf("channel %d: zero crossings give %.1f Hz, want 440", ch, f)
		}
		if p := peak(x); !near(p, 0.5, 0.01) {
			t.Errorf("channel %d: peak %.4f, want 0.5", ch, p)
		}
	}
}

func TestMixStereoClipAndMonoOutput(t *testing.T) {
	// Left 300 Hz, right 700 Hz: the sides stay apart in stereo and are
	// averaged in a mono output.
	n := 24000
	s := make([]float32, 2*n)
	for i := 0; i < n; i++ {
		s[2*i] = float32(0.4 * math.Sin(2*math.Pi*300*float64(i)/24000))
		s[2*i+1] = float32(0.4 * math.Sin(2*math.Pi*700*float64(i)/24000))
	}
	c := mustClip(t, "lr", 24000, 2, s)
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	m.Play(c, Effects)
	out := render(m, 0.5)
	l, r := channel(out, 2, 0), channel(out, 2, 1)
	if a, b := amplitude(l, 48000, 300), amplitude(l, 48000, 700); !near(a, 0.4, 0.01) || b > 0.01 {
		t.Errorf("left: 300 Hz %.3f (want 0.4), 700 Hz %.3f (want 0)", a, b)
	}
	if a, b := amplitude(r, 48000, 700), amplitude(r, 48000, 300); !near(a, 0.4, 0.01) || b > 0.01 {
		t.Errorf("right: 700 Hz %.3f (want 0.4), 300 Hz %.3f (want 0)", a, b)
	}

	mono := newTestMixer(t, MixerConfig{Rate: 48000, Channels: 1})
	mono.Play(c, Effects)
	x := render(mono, 0.5)
	if len(x) != 24000 {
		t.Fatalf("mono output %d samples, want 24000", len(x))
	}
	if a, b := amplitude(x, 48000, 300), amplitude(x, 48000, 700); !near(a, 0.2, 0.01) || !near(b, 0.2, 0.01) {
		t.Errorf("mono: 300 Hz %.3f, 700 Hz %.3f, want 0.2 each", a, b)
	}
}

func TestMixTwoVoices(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	a := mustClip(t, "a", 48000, 1, sine(48000, 1, 440, 0.3, 1))
	b := mustClip(t, "b", 48000, 1, sine(48000, 1, 660, 0.3, 1))
	m.Play(a, Effects)
	o := DefaultPlayOptions(Music)
	o.Volume = 0.5
	m.PlayWith(b, o)
	out := channel(render(m, 0.5), 2, 0)
	if g := amplitude(out, 48000, 440); !near(g, 0.3, 0.01) {
		t.Errorf("440 Hz amplitude %.4f, want 0.3", g)
	}
	if g := amplitude(out, 48000, 660); !near(g, 0.15, 0.01) {
		t.Errorf("660 Hz amplitude %.4f, want 0.15 (volume 0.5)", g)
	}
	if st := m.Stats(); st.Voices != 2 {
		t.Errorf("Stats.Voices = %d, want 2", st.Voices)
	}
}

func TestFadeOutReachesSilence(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	c := mustClip(t, "tone", 48000, 1, sine(48000, 1, 480, 0.8, 0.1)) // whole cycles: loops cleanly
	id := m.PlayWith(c, PlayOptions{Volume: 1, Loop: true})
	render(m, 0.1)
	m.Stop(id, 0.2)
	fade := channel(render(m, 0.2), 2, 0)
	// Level in 20 ms windows falls all the way.
	prev := math.Inf(1)
	for w := 0; w+960 <= len(fade); w += 960 {
		p := peak(fade[w : w+960])
		if p > prev+1e-3 {
			t.Errorf("fade window %d: peak %.4f rose above %.4f", w/960, p, prev)
		}
		prev = p
	}
	if first := peak(fade[:960]); first < 0.7 {
		t.Errorf("fade starts at peak %.3f, want near 0.8", first)
	}
	if p := peak(fade[len(fade)-240:]); p > 0.025 {
		t.Errorf("last 5 ms of the fade: peak %.4f, want near 0", p)
	}
	tail := render(m, 0.05)
	if p := peak(tail); p != 0 {
		t.Errorf("after the fade: peak %g, want exact silence", p)
	}
	if m.Active(id) {
		t.Error("voice still active after its fade-out ended")
	}
}

func TestFadeInAndFadeTo(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	c := mustClip(t, "tone", 48000, 1, sine(48000, 1, 480, 1, 0.1))
	o := DefaultPlayOptions(Effects)
	o.Loop, o.Volume, o.FadeIn = true, 0.5, 0.1
	id := m.PlayWith(c, o)
	in := channel(render(m, 0.1), 2, 0)
	if p := peak(in[:480]); p > 0.051 {
		t.Errorf("first 10 ms of a 100 ms fade-in to 0.5: peak %.3f, want at most 0.05", p)
	}
	if p := peak(in[len(in)-480:]); !near(p, 0.5, 0.03) {
		t.Errorf("end of fade-in: peak %.3f, want 0.5", p)
	}
	m.FadeTo(id, 0.25, 0.05)
	render(m, 0.06)
	if p := peak(channel(render(m, 0.05), 2, 0)); !near(p, 0.25, 0.01) {
		t.Errorf("after FadeTo(0.25): peak %.3f", p)
	}
	if !m.Active(id) {
		t.Error("FadeTo ended the voice")
	}
}

func TestMixPan(t *testing.T) {
	c := mustClip(t, "tone", 48000, 1, sine(48000, 1, 480, 0.5, 0.5))
	for _, tc := range []struct{ pan, l, r float64 }{{-1, 0.5, 0}, {1, 0, 0.5}, {0.5, 0.25, 0.5}, {0, 0.5, 0.5}} {
		m := newTestMixer(t, MixerConfig{Rate: 48000})
		o := DefaultPlayOptions(Effects)
		o.Pan = float32(tc.pan)
		m.PlayWith(c, o)
		out := render(m, 0.2)
		if l := peak(channel(out, 2, 0)); !near(l, tc.l, 0.01) {
			t.Errorf("pan %v: left peak %.3f, want %v", tc.pan, l, tc.l)
		}
		if r := peak(channel(out, 2, 1)); !near(r, tc.r, 0.01) {
			t.Errorf("pan %v: right peak %.3f, want %v", tc.pan, r, tc.r)
		}
	}
}

func TestVoicePitch(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	c := mustClip(t, "tone", 22050, 1, sine(22050, 1, 440, 0.5, 2))
	o := DefaultPlayOptions(Effects)
	o.Pitch = 2
	id := m.PlayWith(c, o)
	x := channel(render(m, 0.4), 2, 0)
	if f := zeroCrossingFreq(x, 48000); !near(f, 880, 5) {
		t.Errorf("pitch 2: %.1f Hz, want 880", f)
	}
	m.SetPitch(id, 0.5)
	render(m, 0.01) // the ramp
	x = channel(render(m, 0.4), 2, 0)
	if f := zeroCrossingFreq(x, 48000); !near(f, 220, 3) {
		t.Errorf("pitch 0.5: %.1f Hz, want 220", f)
	}
}

func TestVoiceLoopIsSeamless(t *testing.T) {
	// 0.1 s of 480 Hz at 44.1 kHz is 48 whole cycles: looped and resampled,
	// it must stay one smooth sine, with no step at the seam.
	// A cosine: its first sample is its peak, so interpolating across the
	// seam toward anything but the first frame shows as a step.
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	s := make([]float32, 4410)
	for i := range s {
		s[i] = float32(0.5 * math.Cos(2*math.Pi*480*float64(i)/44100))
	}
	c := mustClip(t, "loop", 44100, 1, s)
	m.PlayWith(c, PlayOptions{Volume: 1, Loop: true})
	x := channel(render(m, 0.5), 2, 0)
	maxStep := 2 * math.Pi * 480 * 0.5 / 48000 * 1.05
	for i := 1; i < len(x); i++ {
		if d := math.Abs(float64(x[i] - x[i-1])); d > maxStep {
			t.Fatalf("jump of %.4f at frame %d (max for this sine %.4f)", d, i, maxStep)
		}
	}
	if a := amplitude(x, 48000, 480); !near(a, 0.5, 0.01) {
		t.Errorf("looped amplitude %.3f", a)
	}
}

func TestVoiceEndsAndSlotIsReused(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000, Voices: 2})
	short := mustClip(t, "short", 48000, 1, sine(48000, 1, 480, 0.5, 0.01))
	long := mustClip(t, "long", 48000, 1, sine(48000, 1, 480, 0.5, 1))
	a := m.Play(short, Effects)
	b := m.Play(long, Effects)
	if c := m.Play(long, Effects); c != 0 {
		t.Errorf("third Play on a 2-voice mixer = %v, want 0", c)
	}
	if st := m.Stats(); st.Dropped != 1 {
		t.Errorf("Dropped = %d, want 1", st.Dropped)
	}
	render(m, 0.05)
	if m.Active(a) {
		t.Error("a 10 ms clip is still active after 50 ms")
	}
	c := m.Play(long, Effects)
	if c == 0 || c == a {
		t.Fatalf("Play after a voice ended = %v (old %v)", c, a)
	}
	m.Stop(a, 0) // stale: must not stop c, which took a's slot
	render(m, 0.02)
	if !m.Active(b) || !m.Active(c) {
		t.Errorf("Active(b)=%v Active(c)=%v, want both (a stale Stop hit a live voice?)", m.Active(b), m.Active(c))
	}
}

func TestVoiceStopAndPauseRampWithoutClick(t *testing.T) {
	// A constant clip shows the gain itself: a stop or a pause ramps it
	// linearly to zero over one 256-frame chunk instead of cutting.
	dc := make([]float32, 48000)
	for i := range dc {
		dc[i] = 0.5
	}
	c := mustClip(t, "dc", 48000, 1, dc)
	for _, how := range []string{"stop", "pause"} {
		m := newTestMixer(t, MixerConfig{Rate: 48000})
		id := m.Play(c, Effects)
		m.Read(make([]float32, 2*300))
		if how == "stop" {
			m.Stop(id, 0)
		} else {
			m.Pause(id)
		}
		ramp := channel(render(m, 256.0/48000), 2, 0)
		for i, v := range ramp {
			want := 0.5 * (1 - float64(i)/256)
			if !near(float64(v), want, 1e-3) {
				t.Fatalf("%s: frame %d of the ramp = %.4f, want %.4f", how, i, v, want)
			}
		}
		if p := peak(render(m, 0.01)); p != 0 {
			t.Errorf("%s: after the ramp, peak %g", how, p)
		}
	}
}

func TestMixBusesAndMaster(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	fx := mustClip(t, "fx", 48000, 1, sine(48000, 1, 400, 0.4, 1))
	mu := mustClip(t, "mu", 48000, 1, sine(48000, 1, 600, 0.4, 1))
	m.Play(fx, Effects)
	m.Play(mu, Music)
	m.SetBusVolume(Music, 0.5)
	m.SetMasterVolume(0.5)
	if m.BusVolume(Music) != 0.5 || m.MasterVolume() != 0.5 {
		t.Error("BusVolume/MasterVolume do not report what was set")
	}
	render(m, 0.01) // the ramp
	x := channel(render(m, 0.3), 2, 0)
	if a := amplitude(x, 48000, 400); !near(a, 0.2, 0.01) {
		t.Errorf("effects: amplitude %.3f, want 0.2 (master 0.5)", a)
	}
	if a := amplitude(x, 48000, 600); !near(a, 0.1, 0.01) {
		t.Errorf("music: amplitude %.3f, want 0.1 (bus 0.5 × master 0.5)", a)
	}
}

func TestVoicePauseResume(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	c := mustClip(t, "tone", 48000, 1, sine(48000, 1, 480, 0.5, 0.3))
	id := m.Play(c, Effects)
	render(m, 0.1)
	m.Pause(id)
	render(m, 0.01) // the ramp down
	if p := peak(render(m, 0.5)); p != 0 {
		t.Errorf("paused voice: peak %g, want silence", p)
	}
	if !m.Active(id) {
		t.Fatal("paused voice is no longer active")
	}
	m.Resume(id)
	// 0.3 s clip, about 0.11 s played: about 0.19 s are left, not less.
	out := channel(render(m, 0.25), 2, 0)
	if p := peak(out[480*2 : 480*17]); !near(p, 0.5, 0.01) {
		t.Errorf("resumed voice: peak %.3f, want 0.5", p)
	}
	if p := peak(out[480*21:]); p != 0 {
		t.Errorf("voice sounds past its end: peak %g", p)
	}
	if m.Active(id) {
		t.Error("voice active after its end")
	}
}

func TestMixClampsAndStopAll(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000})
	c := mustClip(t, "tone", 48000, 1, sine(48000, 1, 480, 0.5, 1))
	for i := 0; i < 4; i++ {
		m.Play(c, Effects)
	}
	x := render(m, 0.1)
	if p := peak(x); p != 1 {
		t.Errorf("four voices of 0.5: peak %g, want clamped to 1", p)
	}
	m.StopAll(0)
	render(m, 0.01)
	if p := peak(render(m, 0.05)); p != 0 {
		t.Errorf("after StopAll: peak %g", p)
	}
	if st := m.Stats(); st.Voices != 0 {
		t.Errorf("after StopAll: %d voices", st.Voices)
	}
}

func TestMixerConfigErrors(t *testing.T) {
	for _, cfg := range []MixerConfig{{Rate: 10}, {Channels: 3}, {Voices: -1}} {
		if _, err := NewMixer(cfg); err == nil {
			t.Errorf("NewMixer(%+v) succeeded", cfg)
		}
	}
	m := newTestMixer(t, MixerConfig{})
	if m.Rate() != DefaultRate || m.Channels() != 2 {
		t.Errorf("zero config: %d Hz, %d channels", m.Rate(), m.Channels())
	}
	if m.Play(nil, Effects) != 0 {
		t.Error("Play(nil) gave a voice")
	}
	m.Close()
	if m.Play(mustClip(t, "x", 48000, 1, make([]float32, 10)), Effects) != 0 {
		t.Error("Play after Close gave a voice")
	}
}

func TestMixAllocatesNothing(t *testing.T) {
	m := newTestMixer(t, MixerConfig{Rate: 48000, Voices: 32})
	loop := mustClip(t, "loop", 44100, 2, sine(44100, 2, 441, 0.05, 0.1))
	blip := mustClip(t, "blip", 22050, 1, sine(22050, 1, 1000, 0.05, 0.005))
	for i := 0; i < 16; i++ {
		o := DefaultPlayOptions(Music)
		o.Loop, o.Pitch, o.Pan = true, 0.5+float32(i)/16, float32(i%3-1)
		m.PlayWith(loop, o)
	}
	buf := make([]float32, 1024*2)
	m.Read(buf)
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		// Steady play: effects start, end and are replaced; settings change.
		id := m.Play(blip, Effects)
		m.SetPan(id, 0.3)
		m.SetBusVolume(Music, float32(i%2))
		i++
		m.Read(buf)
	})
	if allocs != 0 {
		t.Errorf("steady mixing allocates %.1f times per Read, want 0", allocs)
	}
}

func TestMixConcurrentUse(t *testing.T) {
	// A device goroutine reads while the game plays and changes voices: run
	// under -race.
	m := newTestMixer(t, MixerConfig{Rate: 48000, Voices: 8})
	c := mustClip(t, "tone", 48000, 1, sine(48000, 1, 480, 0.1, 0.02))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		buf := make([]float32, 512)
		for {
			select {
			case <-stop:
				return
			default:
				m.Read(buf)
			}
		}
	}()
	for i := 0; i < 2000; i++ {
		id := m.Play(c, Bus(i%2))
		m.SetVolume(id, 0.5)
		m.FadeTo(id, 0, 0.01)
		if i%3 == 0 {
			m.Stop(id, 0)
		}
		m.Active(id)
		m.Stats()
	}
	close(stop)
	wg.Wait()
}

// BenchmarkMix mixes 1024 frames of 48 kHz stereo from N looping voices of
// a 44.1 kHz clip (resampled, panned, pitch 1.1), and reports the cost per
// voice.
func BenchmarkMix(b *testing.B) {
	for _, voices := range []int{1, 16, 64} {
		for _, ch := range []int{1, 2} {
			b.Run(map[int]string{1: "mono", 2: "stereo"}[ch]+"/voices="+strconv.Itoa(voices), func(b *testing.B) {
				m, _ := NewMixer(MixerConfig{Rate: 48000, Voices: voices})
				c := mustClip(b, "loop", 44100, ch, sine(44100, ch, 441, 0.01, 1))
				for i := 0; i < voices; i++ {
					m.PlayWith(c, PlayOptions{Volume: 1, Pan: 0.2, Pitch: 1.1, Loop: true})
				}
				buf := make([]float32, 2*1024)
				m.Read(buf)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					m.Read(buf)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(voices), "ns/voice/1024frames")
			})
		}
	}
}

// TestMixResamplerMatchesReference checks the resampler's fast interior
// path against a plain per-frame reference, across pitches, clip lengths,
// channel counts, loops and chunk sizes.
func TestMixResamplerMatchesReference(t *testing.T) {
	ref := func(acc []float32, n int, data []float32, ch, frames int, wrap bool, pos, step float64) (int, float64) {
		for f := 0; f < n; f++ {
			if int(pos) >= frames {
				if !wrap {
					return f, pos
				}
				for pos >= float64(frames) {
					pos -= float64(frames)
				}
			}
			i := int(pos)
			t := float32(pos - float64(i))
			for c := 0; c < 2; c++ {
				cc := min(c, ch-1)
				s0 := data[i*ch+cc]
				var s1 float32
				if i+1 < frames {
					s1 = data[(i+1)*ch+cc]
				} else if wrap {
					s1 = data[cc]
				}
				acc[2*f+c] += s0 + (s1-s0)*t
			}
			pos += step
		}
		return n, pos
	}
	for _, ch := range []int{1, 2} {
		for _, frames := range []int{1, 2, 3, 17, 300} {
			data := make([]float32, frames*ch)
			for i := range data {
				data[i] = float32(math.Sin(float64(i) * 1.7))
			}
			for _, step := range []float64{0.0625, 0.3, 1, 1.37, 4, 7.9} {
				for _, wrap := range []bool{false, true} {
					got := make([]float32, 2*chunkFrames)
					want := make([]float32, 2*chunkFrames)
					pg, pw := 0.0, 0.0
					for chunk := 0; chunk < 6; chunk++ {
						clear(got)
						clear(want)
						ng, npg := mixFrames(got, chunkFrames, data, ch, frames, frames, wrap, pg, step, 1, 1, 0, 0)
						nw, npw := ref(want, chunkFrames, data, ch, frames, wrap, pw, step)
						if ng != nw || math.Abs(npg-npw) > 1e-9 {
							t.Fatalf("ch %d frames %d step %v wrap %v chunk %d: produced %d pos %v, reference %d pos %v",
								ch, frames, step, wrap, chunk, ng, npg, nw, npw)
						}
						for i := range got {
							if math.Abs(float64(got[i]-want[i])) > 1e-5 {
								t.Fatalf("ch %d frames %d step %v wrap %v chunk %d: sample %d = %v, reference %v",
									ch, frames, step, wrap, chunk, i, got[i], want[i])
							}
						}
						pg, pw = npg, npw
						if ng < chunkFrames {
							break
						}
					}
				}
			}
		}
	}
}

package audio

import (
	"encoding/binary"
	"math"
	"testing"
	"time"
)

// sine returns seconds of a freq Hz sine of amplitude amp, at rate, with
// every channel equal.
func sine(rate, ch int, freq, amp, seconds float64) []float32 {
	n := int(float64(rate) * seconds)
	s := make([]float32, n*ch)
	for i := 0; i < n; i++ {
		v := float32(amp * math.Sin(2*math.Pi*freq*float64(i)/float64(rate)))
		for c := 0; c < ch; c++ {
			s[i*ch+c] = v
		}
	}
	return s
}

func mustClip(t testing.TB, name string, rate, ch int, s []float32) *Clip {
	t.Helper()
	c, err := NewClip(name, rate, ch, s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newTestMixer(t testing.TB, cfg MixerConfig) *Mixer {
	t.Helper()
	m, err := NewMixer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// render reads seconds of output from m in device-sized blocks (1000
// frames: not a multiple of the mixer's chunk, on purpose).
func render(m *Mixer, seconds float64) []float32 {
	frames := int(seconds * float64(m.Rate()))
	out := make([]float32, frames*m.Channels())
	for off := 0; off < len(out); {
		n := min(1000*m.Channels(), len(out)-off)
		off += m.Read(out[off : off+n])
	}
	return out
}

// channel extracts channel c of interleaved samples.
func channel(s []float32, chans, c int) []float32 {
	out := make([]float32, len(s)/chans)
	for i := range out {
		out[i] = s[i*chans+c]
	}
	return out
}

// amplitude estimates the amplitude of the freq Hz component of x (a
// Goertzel filter: 2|X(f)|/N is a pure sine's amplitude).
func amplitude(x []float32, rate int, freq float64) float64 {
	w := 2 * math.Pi * freq / float64(rate)
	coeff := 2 * math.Cos(w)
	var s1, s2 float64
	for _, v := range x {
		s0 := float64(v) + coeff*s1 - s2
		s2, s1 = s1, s0
	}
	re := s1 - s2*math.Cos(w)
	im := s2 * math.Sin(w)
	return 2 * math.Hypot(re, im) / float64(len(x))
}

// zeroCrossingFreq estimates a tone's frequency from its sign changes.
func zeroCrossingFreq(x []float32, rate int) float64 {
	n := 0
	for i := 1; i < len(x); i++ {
		if (x[i-1] < 0) != (x[i] < 0) {
			n++
		}
	}
	return float64(n) / 2 / (float64(len(x)) / float64(rate))
}

func peak(x []float32) float64 {
	var p float64
	for _, v := range x {
		p = max(p, math.Abs(float64(v)))
	}
	return p
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// wavFile builds a WAV file of samples (in [-1, 1]) with the given format
// tag and bits; extensible wraps the tag in WAVE_FORMAT_EXTENSIBLE.
func wavFile(tag, bits, ch, rate int, extensible bool, samples []float32) []byte {
	le := binary.LittleEndian
	var data []byte
	for _, v := range samples {
		switch {
		case tag == wavFloat && bits == 32:
			data = le.AppendUint32(data, math.Float32bits(v))
		case tag == wavFloat:
			data = le.AppendUint64(data, math.Float64bits(float64(v)))
		case bits == 8:
			data = append(data, byte(int(math.Round(float64(v)*127))+128))
		case bits == 16:
			data = le.AppendUint16(data, uint16(int16(math.Round(float64(v)*32767))))
		case bits == 24:
			x := int32(math.Round(float64(v) * 8388607))
			data = append(data, byte(x), byte(x>>8), byte(x>>16))
		default:
			data = le.AppendUint32(data, uint32(int32(math.Round(float64(v)*2147483647))))
		}
	}
	align := ch * bits / 8
	var fmtc []byte
	ftag := tag
	if extensible {
		ftag = wavExtensible
	}
	fmtc = le.AppendUint16(fmtc, uint16(ftag))
	fmtc = le.AppendUint16(fmtc, uint16(ch))
	fmtc = le.AppendUint32(fmtc, uint32(rate))
	fmtc = le.AppendUint32(fmtc, uint32(rate*align))
	fmtc = le.AppendUint16(fmtc, uint16(align))
	fmtc = le.AppendUint16(fmtc, uint16(bits))
	if extensible {
		fmtc = le.AppendUint16(fmtc, 22)
		fmtc = le.AppendUint16(fmtc, uint16(bits))
		fmtc = le.AppendUint32(fmtc, 3)
		fmtc = le.AppendUint16(fmtc, uint16(tag))
		fmtc = append(fmtc, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71)
	}
	var f []byte
	f = append(f, "RIFF"...)
	f = le.AppendUint32(f, 0) // patched below
	f = append(f, "WAVE"...)
	f = append(f, "LIST"...) // a chunk decoders must skip
	f = le.AppendUint32(f, 3)
	f = append(f, 'a', 'b', 'c', 0) // odd size: padded
	f = append(f, "fmt "...)
	f = le.AppendUint32(f, uint32(len(fmtc)))
	f = append(f, fmtc...)
	f = append(f, "data"...)
	f = le.AppendUint32(f, uint32(len(data)))
	f = append(f, data...)
	le.PutUint32(f[4:], uint32(len(f)-8))
	return f
}

// waitStreams waits until every streamed voice of m has decoded audio
// ready (or has ended), so that reading faster than real time in a test
// does not outrun the decoder and insert underrun silence.
func waitStreams(t testing.TB, m *Mixer, frames int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		ready := true
		m.mu.Lock()
		for _, s := range m.slots {
			if st := s.st; s.busy && st != nil && !st.eof.Load() && int(st.w.Load()-st.r.Load()) < min(frames, len(st.buf)/2) {
				ready = false
			}
		}
		m.mu.Unlock()
		if ready {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("streamed voice never got decoded audio")
		}
		time.Sleep(time.Millisecond)
	}
}

// renderStreams is render for mixers with streamed voices: it waits for
// their decoders before each block.
func renderStreams(t testing.TB, m *Mixer, seconds float64) []float32 {
	t.Helper()
	frames := int(seconds * float64(m.Rate()))
	out := make([]float32, frames*m.Channels())
	for off := 0; off < len(out); {
		waitStreams(t, m, 4096)
		n := min(1000*m.Channels(), len(out)-off)
		off += m.Read(out[off : off+n])
	}
	return out
}

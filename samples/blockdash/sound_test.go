package blockdash

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

// A collected coin is heard: with SDL's disk audio driver (which writes the
// device's float32 samples to a file, at the pace of a sound card) the
// scripted run's output holds the chime's 1320 Hz tone.
func TestCoinChimeIsPlayed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "audio.raw")
	t.Setenv("SDL_DISKAUDIOFILE", out)
	cfg := sampletest.Config(240)
	cfg.Audio, cfg.AudioOutput = true, platform.AudioConfig{Driver: "disk"}
	var w world
	var audioOn bool
	s := instrumented(&w, func(g *tact.Game, _ *world, _ int) { audioOn = g.Audio() != nil })
	sampletest.RunConfig(t, s, cfg)
	if !audioOn {
		t.Fatal("the disk audio driver did not open")
	}
	if w.keeper.Score() == 0 {
		t.Fatal("the script collected no coin")
	}
	b, rerr := os.ReadFile(out)
	if rerr != nil {
		t.Fatal(rerr)
	}
	// Stereo float32 at 48 kHz: take the left channel.
	left := make([]float64, 0, len(b)/8)
	for i := 0; i+8 <= len(b); i += 8 {
		left = append(left, float64(math.Float32frombits(binary.LittleEndian.Uint32(b[i:]))))
	}
	// Find the loudest 20 ms window and measure 1320 Hz in it.
	const win = 960
	best, at := 0.0, -1
	for i := 0; i+win <= len(left); i += win / 2 {
		e := 0.0
		for _, v := range left[i : i+win] {
			e += v * v
		}
		if e > best {
			best, at = e, i
		}
	}
	if at < 0 || best == 0 {
		t.Fatalf("the output (%d samples) is silent", len(left))
	}
	tone, other := goertzel(left[at:at+win], 48000, 1320), goertzel(left[at:at+win], 48000, 700)
	if tone < 0.05 || tone < 5*other {
		t.Fatalf("loudest window: 1320 Hz at %.3f, 700 Hz at %.3f; want the chime", tone, other)
	}
}

// goertzel returns the amplitude of the freq Hz component of x.
func goertzel(x []float64, rate int, freq float64) float64 {
	w := 2 * math.Pi * freq / float64(rate)
	var s1, s2 float64
	for _, v := range x {
		s1, s2 = v+2*math.Cos(w)*s1-s2, s1
	}
	return 2 * math.Hypot(s1-s2*math.Cos(w), s2*math.Sin(w)) / float64(len(x))
}

package blockdash

import (
	"math"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/sound"
	"github.com/tact-engine/tact/scenegraph"
)

// chimeRate is the sample rate of the coin chime made in code; the mixer
// resamples it to the output's rate.
const chimeRate = 44100

// coinChime is an 80 ms decaying 1320 Hz sine: the coin sound, made in
// code so the sample needs no files.
func coinChime() []float32 {
	s := make([]float32, chimeRate*80/1000)
	for i := range s {
		t := float64(i) / chimeRate
		s[i] = float32(math.Sin(2*math.Pi*1320*t) * math.Exp(-t/0.03))
	}
	return s
}

// addCoinSound plays the chime on every coin. Like the HUD and the score,
// the sound only listens to the level's signal; with audio off
// (g.Audio() is nil) there is nothing to play.
func addCoinSound(g *tact.Game, levelNode *scenegraph.Node, level *Level) {
	m := g.Audio()
	if m == nil {
		return
	}
	chime, err := audio.NewClip("coin", chimeRate, 1, coinChime())
	if err != nil {
		return
	}
	sfx := scenegraph.AddComponent(levelNode, sound.NewAudioSource(m, g, chime))
	// One-shots overlap, so quick pickups each get their chime.
	level.CoinCollected.On(func(int) { sfx.PlayOneShot(chime, 0.6) })
}

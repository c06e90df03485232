package audio_test

import (
	"fmt"
	"math"

	"github.com/tact-engine/tact/runtime/audio"
)

// A mixer plays clips on buses; a device (platform.AudioDevice in a game)
// pulls the mix with Read from its own goroutine.
func ExampleMixer() {
	m, err := audio.NewMixer(audio.MixerConfig{Rate: 48000, Channels: 2})
	if err != nil {
		panic(err)
	}
	defer m.Close()

	// A clip made in code: 0.1 s of a 440 Hz tone at 22.05 kHz. Files come
	// from audio.Load (decoded once: effects) or audio.Stream (music).
	tone := make([]float32, 2205)
	for i := range tone {
		tone[i] = float32(0.5 * math.Sin(2*math.Pi*440*float64(i)/22050))
	}
	clip, err := audio.NewClip("tone", 22050, 1, tone)
	if err != nil {
		panic(err)
	}

	m.SetBusVolume(audio.Music, 0.8)
	o := audio.DefaultPlayOptions(audio.Effects)
	o.Pan, o.Pitch = -0.5, 1.5 // left of center, a fifth up
	id := m.PlayWith(clip, o)

	buf := make([]float32, 2*1024) // what a device asks for
	m.Read(buf)
	fmt.Println("active:", m.Active(id))
	m.Stop(id, 0.05) // fade out over 50 ms
	for i := 0; i < 4; i++ {
		m.Read(buf)
	}
	fmt.Println("active after the fade:", m.Active(id))
	// Output:
	// active: true
	// active after the fade: false
}

// Decode finds the format from the content; a bad file is an error that
// names it.
func ExampleDecode() {
	_, err := audio.Decode("sfx/coin.wav", []byte("not a sound"))
	fmt.Println(err)
	// Output:
	// audio: "sfx/coin.wav": unsupported format: not WAV, Ogg Vorbis or MP3 (starts with 6e 6f 74 20 61 20 73 6f 75 6e 64)
}

package sound

import (
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/scenegraph"
)

// PauseState is what an AudioSource follows to pause with its game: the
// Game (package tact) satisfies it.
type PauseState interface {
	// IsPaused reports whether the game is paused now.
	IsPaused() bool
	// OnPauseChange calls fn with the new state each time the game pauses
	// or resumes, until the returned function is called.
	OnPauseChange(fn func(paused bool)) (off func())
}

// AudioSource plays a clip for its node, after Cocos Creator's AudioSource:
// it can start by itself when it becomes active, it stops when its node is
// disabled or destroyed, and it pauses while its game is paused.
//
// Its sound goes through an audio.Mixer; with a nil Mixer (a game without
// audio, a server) every method does nothing, so game code needs no checks.
// Use it from the main thread, like every component.
type AudioSource struct {
	scenegraph.Component

	// Clip is what Play plays.
	Clip *audio.Clip
	// PlayOnLoad starts the clip each time the component becomes enabled
	// in hierarchy: when its node first becomes active, and again after
	// the node or the component is disabled and re-enabled.
	PlayOnLoad bool
	// Loop plays the clip over and over; SetLoop changes it while playing.
	Loop bool
	// Volume is the source's gain (1: as recorded); SetVolume changes it
	// while playing.
	Volume float32
	// Bus is the mixer bus Play uses (audio.Effects or audio.Music).
	Bus audio.Bus
	// IgnorePause keeps the source playing while the game is paused, for
	// the music of a pause menu.
	IgnorePause bool

	mixer      *audio.Mixer
	game       PauseState
	voice      audio.VoiceID
	userPaused bool // Pause was called
	gamePaused bool // the game's pause paused the voice
	offPause   func()
	subscribed bool
}

// NewAudioSource returns an AudioSource that plays clip through m at
// volume 1 on the effects bus, following g's pauses (g may be nil: then it
// never pauses by itself). Pass the game (tact.Game) as g.
func NewAudioSource(m *audio.Mixer, g PauseState, clip *audio.Clip) *AudioSource {
	return &AudioSource{mixer: m, game: g, Clip: clip, Volume: 1, Bus: audio.Effects}
}

// Mixer returns the mixer the source plays through.
func (a *AudioSource) Mixer() *audio.Mixer { return a.mixer }

// OnLoad starts following the game's pauses.
func (a *AudioSource) OnLoad() {
	if a.game == nil || a.subscribed {
		return
	}
	a.subscribed = true
	a.offPause = a.game.OnPauseChange(a.onPauseChange)
}

// OnEnable plays the clip when PlayOnLoad is set.
func (a *AudioSource) OnEnable() {
	if a.PlayOnLoad {
		a.Play()
	}
}

// OnDisable stops the clip: a source sounds only while its node is active.
func (a *AudioSource) OnDisable() { a.Stop() }

// OnDestroy stops the clip and unsubscribes from the game.
func (a *AudioSource) OnDestroy() {
	a.Stop()
	if a.subscribed {
		a.offPause()
		a.subscribed = false
	}
}

// Play starts Clip from its beginning with the source's settings, stopping
// what the source was playing. It does nothing unless the component is
// enabled in hierarchy, and a source played while its game is paused starts
// paused, to sound from the Resume.
func (a *AudioSource) Play() {
	if a.mixer == nil || a.Clip == nil || !a.EnabledInHierarchy() {
		return
	}
	a.Stop()
	o := audio.DefaultPlayOptions(a.Bus)
	o.Volume = a.Volume
	o.Loop = a.Loop
	a.voice = a.mixer.PlayWith(a.Clip, o)
	a.userPaused = false
	if a.game != nil && a.game.IsPaused() && !a.IgnorePause {
		a.mixer.Pause(a.voice)
		a.gamePaused = true
	}
}

// PlayOneShot plays clip once at volume times the source's Volume, on the
// source's bus, alongside whatever the source plays, and returns its voice.
// One-shots are for short effects: the source does not track them, so Stop,
// Pause and the game's pause leave them alone.
func (a *AudioSource) PlayOneShot(clip *audio.Clip, volume float32) audio.VoiceID {
	if a.mixer == nil || clip == nil || !a.EnabledInHierarchy() {
		return 0
	}
	o := audio.DefaultPlayOptions(a.Bus)
	o.Volume = volume * a.Volume
	return a.mixer.PlayWith(clip, o)
}

// Stop stops the clip (after a ramp of a few milliseconds, so it does not
// click).
func (a *AudioSource) Stop() {
	if a.voice != 0 {
		a.mixer.Stop(a.voice, 0)
		a.voice = 0
	}
	a.userPaused, a.gamePaused = false, false
}

// FadeOut fades the clip to silence over seconds, then stops it.
func (a *AudioSource) FadeOut(seconds float64) {
	if a.voice != 0 {
		a.mixer.Stop(a.voice, seconds)
		a.voice = 0
	}
	a.userPaused, a.gamePaused = false, false
}

// Pause pauses the clip where it is; Resume goes on from there.
func (a *AudioSource) Pause() {
	if a.voice != 0 && !a.userPaused {
		a.userPaused = true
		if !a.gamePaused {
			a.mixer.Pause(a.voice)
		}
	}
}

// Resume continues a clip paused by Pause (while the game is paused, it
// continues when the game resumes).
func (a *AudioSource) Resume() {
	if a.voice != 0 && a.userPaused {
		a.userPaused = false
		if !a.gamePaused {
			a.mixer.Resume(a.voice)
		}
	}
}

// Playing reports whether the clip is sounding: started, not yet ended or
// stopped, and paused neither by Pause nor by the game.
func (a *AudioSource) Playing() bool {
	return a.voice != 0 && !a.userPaused && !a.gamePaused && a.mixer.Active(a.voice)
}

// SetVolume sets Volume, also for the clip playing now.
func (a *AudioSource) SetVolume(v float32) {
	a.Volume = v
	if a.voice != 0 {
		a.mixer.SetVolume(a.voice, v)
	}
}

// SetLoop sets Loop, also for the clip playing now.
func (a *AudioSource) SetLoop(loop bool) {
	a.Loop = loop
	if a.voice != 0 {
		a.mixer.SetLoop(a.voice, loop)
	}
}

// Voice returns the mixer voice of the clip playing now, or 0.
func (a *AudioSource) Voice() audio.VoiceID { return a.voice }

func (a *AudioSource) onPauseChange(paused bool) {
	if paused {
		a.ongamePaused()
	} else {
		a.ongameResumed()
	}
}

func (a *AudioSource) ongamePaused() {
	if a.voice == 0 || a.IgnorePause || a.gamePaused {
		return
	}
	a.gamePaused = true
	if !a.userPaused {
		a.mixer.Pause(a.voice)
	}
}

func (a *AudioSource) ongameResumed() {
	if !a.gamePaused {
		return
	}
	a.gamePaused = false
	if a.voice != 0 && !a.userPaused {
		a.mixer.Resume(a.voice)
	}
}

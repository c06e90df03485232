// Package audio decodes sound files and mixes them in Go: clips (WAV, Ogg
// Vorbis, MP3), a [Mixer] with pooled voices, per-voice volume, pan, pitch,
// loop and fades, and buses (music, effects) with their own volume.
//
// The package knows nothing of SDL or any device. A device pulls mixed audio
// through [Mixer.Read], on a goroutine of its own (package platform's
// AudioDevice does so through SDL's audio queue); the game calls the other
// Mixer methods from its main thread. Those calls never wait for mixing:
// they post a command under a lock held for a few copies, and the next Read
// applies it.
//
// Clips come in two kinds. [Decode], [Load] and [LoadFS] decode a file once
// into memory: the kind for short effects, played many times at once.
// [Stream] and [StreamFS] keep only the file name and decode while playing,
// on a goroutine per playing voice that stays ahead of the mixer through a
// ring buffer: the kind for long music. Either kind is resampled to the
// mixer's rate while it plays (linear interpolation), so one clip plays at
// any pitch and on any device.
//
// Bad input never panics: a corrupt, truncated or unsupported file is a
// *DecodeError that names the file and the reason.
//
// Layer: runtime/, tier 1 of 4. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package audio

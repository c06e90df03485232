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
// # Limits and bad input
//
// No decoder allocates from what a file merely claims. Before a file
// reaches a third-party decoder (jfreymuth/oggvorbis, hajimehoshi/go-mp3),
// the header fields from which it would size memory are checked against the
// file's size and these limits; a panic inside one is recovered into a
// DecodeError. What each bad input gets:
//
//   - A path that is not a regular file (a FIFO, device, directory or
//     socket): Load, LoadFS, Stream and StreamFS refuse it without blocking,
//     with a DecodeError wrapping [ErrNotRegular].
//   - An Ogg Vorbis header that claims more decoder tables than
//     [MaxVorbisSetupBytes] (16 MiB), or that breaks the Vorbis I
//     specification in a way the decoder would act on (a codebook of fewer
//     than 2 entries or of 0 dimensions, comment counts past the header's
//     end, block sizes outside 64 to 8192, a header cut short): a
//     DecodeError saying which field, before anything is allocated. Ogg Opus
//     and more than two channels wrap [ErrUnsupported].
//   - An MP3 whose ID3v2 tag claims more bytes than the file holds: a
//     DecodeError.
//   - A file that decodes to more than [MaxDecodedSamples] samples (256 MiB
//     of float32): Decode, Load and LoadFS stop there with a DecodeError
//     ("decodes to more than 67108864 samples (MaxDecodedSamples); play it
//     with Stream instead"). Streamed clips hold half a second at a time.
//   - A WAV data chunk that declares more than the file holds: the clip's
//     length (Frames, Duration) is what the file holds; decoding the whole
//     file, or streaming past the end of what it holds, reports "data
//     truncated" (Decode returns it; a stream logs it and ends there). The
//     length of an Ogg Vorbis file, read from its last page, is trusted only
//     as far as the file's size could decode to.
//   - A file with no audio frames, and NewClip of no samples: refused where
//     the clip is made. [Mixer.PlayWith] refuses, with voice 0, a dropped
//     count and a report to the Mixer's Logger naming the clip, any clip it
//     cannot play (no frames, or a zero Clip value with no rate or
//     channels); the mixing side checks again, so nothing on the device's
//     goroutine divides by zero. A NaN pitch plays at pitch 1.
//
// Layer: runtime/, tier 1 of 5. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package audio

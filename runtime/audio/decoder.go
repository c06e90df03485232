package audio

import (
	"errors"
	"fmt"
	"io"
)

// decoder turns one encoded file into interleaved float32 frames, front to
// back. Implementations keep their buffers between reads.
type decoder interface {
	rate() int
	channels() int
	// frames is the length in frames, or -1 when unknown.
	frames() int64
	// read fills dst, whose length is a whole number of frames, with the
	// next samples and returns how many it wrote (a whole number of frames).
	// It returns io.EOF, with n == 0, after the last frame.
	read(dst []float32) (int, error)
}

// newDecoder finds the format from the first bytes of r and starts the
// matching decoder; r is left positioned for it. Before handing r to a
// third-party decoder it checks the header fields from which that decoder
// would size allocations, against the file's size and this package's
// limits: those decoders trust them.
func newDecoder(r io.ReadSeeker) (decoder, error) {
	size, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, err
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	var magic [12]byte
	n, err := io.ReadFull(r, magic[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	m := magic[:n]
	var d decoder
	switch {
	case len(m) >= 12 && string(m[:4]) == "RIFF" && string(m[8:12]) == "WAVE":
		d, err = newWAV(r, size)
	case len(m) >= 4 && string(m[:4]) == "OggS":
		if err = checkVorbisHeaders(r); err != nil {
			return nil, err
		}
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		d, err = newOgg(r, size)
	case len(m) >= 3 && string(m[:3]) == "ID3", len(m) >= 2 && m[0] == 0xFF && m[1]&0xE0 == 0xE0:
		if err = checkID3(m, size); err != nil {
			return nil, err
		}
		d, err = newMP3(r)
	case len(m) == 0:
		return nil, errors.New("empty file")
	default:
		return nil, fmt.Errorf("%w format: not WAV, Ogg Vorbis or MP3 (starts with % x)", ErrUnsupported, m)
	}
	if err != nil {
		return nil, err
	}
	if ch := d.channels(); ch != 1 && ch != 2 {
		return nil, fmt.Errorf("%w: %d channels (want 1 or 2)", ErrUnsupported, ch)
	}
	if rt := d.rate(); rt < MinRate || rt > MaxRate {
		return nil, fmt.Errorf("sample rate %d Hz out of range [%d, %d]", rt, MinRate, MaxRate)
	}
	return d, nil
}

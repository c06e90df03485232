package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// Sample-rate limits for clips and mixers: anything outside is a corrupt
// header rather than a real recording.
const (
	MinRate = 1000
	MaxRate = 384000
)

// MaxDecodedSamples is the most samples (frames × channels) that Decode,
// Load and LoadFS hold in memory for one clip: 256 MiB of float32, about
// 11.6 minutes of 48 kHz stereo. Compressed formats can expand a thousand
// times and more (a packet of Ogg Vorbis silence is a byte or two), so a
// small file could otherwise decode to gigabytes; past this limit decoding
// stops with a DecodeError that says so. Play long music with Stream, which
// holds half a second at a time however long the file is.
const MaxDecodedSamples = 1 << 26

// ErrNotRegular is wrapped by the DecodeError for a path that is not a
// regular file (a named pipe, device, directory or socket): reading a FIFO
// or a device could block forever or never end, so such paths are refused
// before any read.
var ErrNotRegular = errors.New("not a regular file")

// ErrUnsupported is wrapped by a DecodeError for a file that may be valid
// but that this package cannot play: an unknown container, a WAV encoding
// other than PCM or IEEE float, more than two channels.
var ErrUnsupported = errors.New("unsupported")

// DecodeError reports a file that could not be decoded: what it is called
// and why. Every decoding failure in this package is one, so errors.As
// always finds the file's name.
type DecodeError struct {
	// Name is the file's path or the name given to Decode.
	Name string
	// Err is the reason; errors.Is(err, ErrUnsupported) tells an unsupported
	// file from a corrupt one.
	Err error
}

// Error returns `audio: "<Name>": <reason>`.
func (e *DecodeError) Error() string { return fmt.Sprintf("audio: %q: %v", e.Name, e.Err) }

// Unwrap returns the reason.
func (e *DecodeError) Unwrap() error { return e.Err }

// Clip is a sound the Mixer can play: either decoded samples held in memory
// or a file that is decoded while it plays. A Clip is immutable and safe to
// play from any number of voices at once.
type Clip struct {
	name     string
	rate     int
	channels int
	frames   int64     // -1: unknown
	data     []float32 // interleaved samples; nil for a streamed clip
	// open starts a fresh decode of a streamed clip, from its beginning.
	open func() (decoder, io.Closer, error)
}

// errNoFrames is the reason given for a clip that holds no audio: the Mixer
// cannot play one, so it is refused when the clip is made.
var errNoFrames = errors.New("no audio frames")

// NewClip returns a clip of interleaved samples (channels 1 or 2) recorded
// at rate frames per second; it refuses an empty samples. The clip keeps samples without copying them:
// do not change them while the clip may play.
func NewClip(name string, rate, channels int, samples []float32) (*Clip, error) {
	if channels != 1 && channels != 2 {
		return nil, &DecodeError{name, fmt.Errorf("%w: %d channels (want 1 or 2)", ErrUnsupported, channels)}
	}
	if rate < MinRate || rate > MaxRate {
		return nil, &DecodeError{name, fmt.Errorf("sample rate %d Hz out of range [%d, %d]", rate, MinRate, MaxRate)}
	}
	if len(samples)%channels != 0 {
		return nil, &DecodeError{name, fmt.Errorf("%d samples is not a whole number of %d-channel frames", len(samples), channels)}
	}
	if len(samples) == 0 {
		return nil, &DecodeError{name, errNoFrames}
	}
	return &Clip{name: name, rate: rate, channels: channels, frames: int64(len(samples) / channels), data: samples}, nil
}

// Name returns the name the clip was created or loaded with.
func (c *Clip) Name() string { return c.name }

// Rate returns the clip's sample rate in frames per second.
func (c *Clip) Rate() int { return c.rate }

// Channels returns 1 (mono) or 2 (stereo).
func (c *Clip) Channels() int { return c.channels }

// Frames returns the clip's length in frames, or -1 when a streamed file
// does not say.
func (c *Clip) Frames() int64 { return c.frames }

// Duration returns the clip's length at its own rate, or -1 when unknown.
func (c *Clip) Duration() time.Duration {
	if c.frames < 0 {
		return -1
	}
	return time.Duration(float64(c.frames) / float64(c.rate) * float64(time.Second))
}

// Streamed reports whether the clip decodes while it plays rather than
// holding its samples.
func (c *Clip) Streamed() bool { return c.open != nil }

// Samples returns the decoded interleaved samples, or nil for a streamed
// clip. The slice is the clip's own: read it, do not change it.
func (c *Clip) Samples() []float32 { return c.data }

// Decode decodes a whole WAV, Ogg Vorbis or MP3 file held in data into a
// clip in memory; name is used in errors and by Clip.Name. The format is
// found from the content, not the name. A file that decodes to no frames,
// or to more than MaxDecodedSamples, is refused.
func Decode(name string, data []byte) (*Clip, error) {
	return decodeAll(name, bytes.NewReader(data), int64(len(data)), MaxDecodedSamples)
}

// Load reads and decodes a whole sound file from disk into memory: the
// kind of clip for short effects. A path that is not a regular file is
// refused (ErrNotRegular) without blocking.
func Load(path string) (*Clip, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, &DecodeError{path, err}
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, &DecodeError{path, err}
	}
	return Decode(path, data)
}

// LoadFS is Load for a file in fsys. A name that fs.Stat reports as not a
// regular file is refused (ErrNotRegular) before it is opened.
func LoadFS(fsys fs.FS, name string) (*Clip, error) {
	f, err := openRegularFS(fsys, name)
	if err != nil {
		return nil, &DecodeError{name, err}
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, &DecodeError{name, err}
	}
	return Decode(name, data)
}

// Stream returns a clip that decodes the file at path while it plays, each
// voice from its own open file: the kind of clip for long music. It opens
// the file once now to check its header, so that a missing, corrupt,
// unsupported or empty file, or a path that is not a regular file
// (ErrNotRegular), fails here rather than in the middle of a game; errors
// later in the file are reported to the Mixer's logger while it plays. The
// clip's length is what the file can hold: a header that claims more data
// than follows it does not lengthen the clip.
func Stream(path string) (*Clip, error) {
	return streamClip(path, func() (io.ReadSeekCloser, error) { return openRegular(path) })
}

// StreamFS is Stream for a file in fsys. Files that cannot seek are read
// into memory when opened and decoded from there as they play.
func StreamFS(fsys fs.FS, name string) (*Clip, error) {
	return streamClip(name, func() (io.ReadSeekCloser, error) {
		f, err := openRegularFS(fsys, name)
		if err != nil {
			return nil, err
		}
		if rs, ok := f.(io.ReadSeekCloser); ok {
			return rs, nil
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		return nopCloser{bytes.NewReader(data)}, nil
	})
}

// openRegular opens path for reading, refusing anything but a regular file.
// It checks both before the open (so that nothing is opened that could
// block) and after it (the path may have been swapped in between; the open
// itself does not block, see openFlags).
func openRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = checkRegular(fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// openRegularFS is openRegular for a file in fsys. Between the check and the
// open an fs.FS offers no non-blocking open, so the check afterwards only
// catches what the open let through.
func openRegularFS(fsys fs.FS, name string) (fs.File, error) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(fi); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = checkRegular(fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkRegular refuses a file that is not a regular one, saying what it is.
func checkRegular(fi fs.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() {
		return nil
	}
	kind := "special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "named pipe"
	case m&fs.ModeSocket != 0:
		kind = "socket"
	case m&fs.ModeDevice != 0:
		kind = "device"
	case m.IsDir():
		kind = "directory"
	}
	return fmt.Errorf("%w (%s)", ErrNotRegular, kind)
}

type nopCloser struct{ io.ReadSeeker }

func (nopCloser) Close() error { return nil }

func streamClip(name string, openFile func() (io.ReadSeekCloser, error)) (*Clip, error) {
	c := &Clip{name: name}
	c.open = func() (decoder, io.Closer, error) {
		f, err := openFile()
		if err != nil {
			return nil, nil, &DecodeError{name, err}
		}
		var d decoder
		err = guard(name, func() (err error) {
			d, err = newDecoder(f)
			return err
		})
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		return d, f, nil
	}
	d, f, err := c.open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c.rate, c.channels, c.frames = d.rate(), d.channels(), d.frames()
	if c.frames == 0 {
		return nil, &DecodeError{name, errNoFrames}
	}
	return c, nil
}

// decodeAll decodes everything r, of size bytes, holds into a clip in
// memory of at most limit samples (MaxDecodedSamples; tests pass less).
func decodeAll(name string, r io.ReadSeeker, size int64, limit int) (*Clip, error) {
	var c *Clip
	err := guard(name, func() error {
		d, err := newDecoder(r)
		if err != nil {
			return err
		}
		ch := d.channels()
		var out []float32
		if n := d.frames(); n > 0 && n*int64(ch) <= min(16*size+1<<16, int64(limit)) {
			// Trust a length only as far as the file's size makes it
			// plausible: a corrupt header must not allocate gigabytes.
			out = make([]float32, 0, n*int64(ch))
		}
		buf := make([]float32, 4096*ch)
		for {
			n, err := d.read(buf)
			if len(out)+n > limit {
				return fmt.Errorf("decodes to more than %d samples (MaxDecodedSamples); play it with Stream instead", limit)
			}
			out = append(out, buf[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
		}
		if len(out) == 0 {
			return errNoFrames
		}
		c = &Clip{name: name, rate: d.rate(), channels: ch, frames: int64(len(out) / ch), data: out}
		return nil
	})
	return c, err
}

// guard runs f, turning a panic inside a third-party decoder (which corrupt
// input can provoke) into a DecodeError, and wrapping any other error in
// one that names the file.
func guard(name string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &DecodeError{name, fmt.Errorf("corrupt data (decoder failed: %v)", p)}
		}
	}()
	if err := f(); err != nil {
		var de *DecodeError
		if errors.As(err, &de) {
			return err
		}
		return &DecodeError{name, err}
	}
	return nil
}

package audio

import (
	"errors"
	"io"
	"sync/atomic"

	"github.com/tact-engine/tact/core"
)

// stream carries a streamed voice's decoded samples from its producer
// goroutine to the mixer: a single-producer, single-consumer ring of
// samples whose read and write counts are atomics, so neither side ever
// waits on the other. The producer sleeps on wake when the ring is full;
// the mixer wakes it once half the ring is free.
type stream struct {
	buf  []float32 // length a power of two, a whole number of frames
	mask uint64
	r, w atomic.Uint64 // samples read and written since the start

	eof  atomic.Bool // the producer has written everything it will
	stop atomic.Bool // the voice is gone: the producer should quit
	loop atomic.Bool // start over at the end of the file
	wake chan struct{}
}

// streamAhead is how much decoded audio, in seconds of the clip, a stream
// keeps ready: enough to ride out a slow disk or a busy machine.
const streamAhead = 0.5

// decodeBlock is how many frames the producer decodes at a time.
const decodeBlock = 2048

// newStream returns the ring for a voice of c and the voice's window: room
// for the source frames one mixing chunk needs at the highest pitch, plus
// two for interpolation.
func newStream(c *Clip, mixRate int, loop bool) (*stream, []float32) {
	ch := c.channels
	maxStep := float64(c.rate) / float64(mixRate) * MaxPitch
	win := make([]float32, (int(chunkFrames*maxStep)+3)*ch)
	size := 1
	for size < max(int(streamAhead*float64(c.rate))*ch, 2*len(win), 2*decodeBlock*ch) {
		size *= 2
	}
	st := &stream{buf: make([]float32, size), mask: uint64(size - 1), wake: make(chan struct{}, 1)}
	st.loop.Store(loop)
	return st, win
}

// pull moves up to len(dst) samples from the ring into dst (mixer side).
func (s *stream) pull(dst []float32) int {
	r, w := s.r.Load(), s.w.Load()
	n := min(int(w-r), len(dst))
	if n == 0 {
		return 0
	}
	start := int(r & s.mask)
	k := copy(dst[:n], s.buf[start:])
	copy(dst[k:n], s.buf)
	s.r.Store(r + uint64(n))
	if len(s.buf)-int(w-r)+n >= len(s.buf)/2 {
		s.signal()
	}
	return n
}

// empty reports whether the ring holds no samples (mixer side).
func (s *stream) empty() bool { return s.r.Load() == s.w.Load() }

// push moves samples into the ring, which must have room (producer side).
func (s *stream) push(src []float32) {
	w := s.w.Load()
	start := int(w & s.mask)
	k := copy(s.buf[start:], src)
	copy(s.buf, src[k:])
	s.w.Store(w + uint64(len(src)))
}

// signal wakes the producer without ever blocking.
func (s *stream) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// halt tells the producer to quit (from either side).
func (s *stream) halt() {
	s.stop.Store(true)
	s.signal()
}

// produce decodes c into the ring until the end of the file (or forever
// while looping) or until halted. Errors, with the file's name, go to
// logger; the voice then ends where the good audio ends.
func (s *stream) produce(c *Clip, logger core.Logger) {
	defer s.eof.Store(true)
	var closer io.Closer
	defer func() {
		if closer != nil {
			closer.Close()
		}
	}()
	err := guard(c.name, func() error {
		d, f, err := c.open()
		if err != nil {
			return err
		}
		closer = f
		block := make([]float32, decodeBlock*c.channels)
		pass := 0 // frames decoded since the file was (re)opened
		for !s.stop.Load() {
			if len(s.buf)-int(s.w.Load()-s.r.Load()) < len(block) {
				<-s.wake
				continue
			}
			n, err := d.read(block)
			if n > 0 {
				s.push(block[:n])
				pass += n
			}
			if err == io.EOF {
				if !s.loop.Load() || pass == 0 {
					return nil // an empty file loops to nothing
				}
				closer.Close()
				closer = nil
				if d, f, err = c.open(); err != nil {
					return err
				}
				closer, pass = f, 0
				if d.rate() != c.rate || d.channels() != c.channels {
					return errors.New("file changed while streaming")
				}
				continue
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		logger.Printf("%v", err)
	}
}

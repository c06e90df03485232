package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/hajimehoshi/go-mp3"
)

// mp3Decoder decodes MP3 through hajimehoshi/go-mp3, which always yields
// 16-bit stereo (a mono file comes out with both channels equal).
type mp3Decoder struct {
	d   *mp3.Decoder
	buf []byte
}

func newMP3(r io.Reader) (*mp3Decoder, error) {
	d, err := mp3.NewDecoder(r)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return nil, errors.New("MP3: no complete audio frame (file truncated?)")
	}
	if err != nil {
		return nil, fmt.Errorf("MP3: %w", err)
	}
	return &mp3Decoder{d: d}, nil
}

// checkID3 refuses an ID3v2 tag (magic holds the file's first bytes) that
// claims to be larger than the file: go-mp3 allocates the claimed size, up
// to half a gigabyte, before reading it.
func checkID3(magic []byte, size int64) error {
	if len(magic) < 10 || string(magic[:3]) != "ID3" {
		return nil
	}
	// go-mp3's arithmetic: synchsafe, but without masking the high bits.
	n := int64(magic[6])<<21 | int64(magic[7])<<14 | int64(magic[8])<<7 | int64(magic[9])
	if 10+n > size {
		return fmt.Errorf("MP3: ID3 tag claims %d bytes, but the file holds %d", n, size)
	}
	return nil
}

func (d *mp3Decoder) rate() int     { return d.d.SampleRate() }
func (d *mp3Decoder) channels() int { return 2 }

func (d *mp3Decoder) frames() int64 {
	if n := d.d.Length(); n > 0 {
		return n / 4
	}
	return -1
}

func (d *mp3Decoder) read(dst []float32) (int, error) {
	want := len(dst) / 2 * 4
	if cap(d.buf) < want {
		d.buf = make([]byte, want)
	}
	buf := d.buf[:want]
	// go-mp3 hands out whole decoded frames, four bytes per stereo frame,
	// but may return fewer bytes than asked: fill up to a frame boundary.
	n, err := io.ReadAtLeast(d.d, buf, 4)
	for err == nil && n%4 != 0 {
		var m int
		m, err = d.d.Read(buf[n : n+4-n%4])
		n += m
	}
	frames := n / 4
	for i := 0; i < frames*2; i++ {
		dst[i] = float32(int16(binary.LittleEndian.Uint16(buf[2*i:]))) / 32768
	}
	if frames > 0 {
		return frames * 2, nil
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return 0, io.EOF
	}
	if err != nil {
		return 0, fmt.Errorf("MP3: %w", err)
	}
	return 0, io.EOF
}

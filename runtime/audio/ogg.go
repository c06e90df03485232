package audio

import (
	"fmt"
	"io"

	"github.com/jfreymuth/oggvorbis"
)

// oggDecoder decodes Ogg Vorbis through jfreymuth/oggvorbis.
// The caller has checked the headers first (checkVorbisHeaders): the
// decoder sizes its tables from them without limits of its own.
type oggDecoder struct {
	r    *oggvorbis.Reader
	size int64 // the file's size in bytes
}

func newOgg(r io.Reader, size int64) (*oggDecoder, error) {
	or, err := oggvorbis.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("ogg vorbis: %w", err)
	}
	return &oggDecoder{r: or, size: size}, nil
}

func (d *oggDecoder) rate() int     { return d.r.SampleRate() }
func (d *oggDecoder) channels() int { return d.r.Channels() }

// frames is the last page's granule position, which a corrupt file can set
// to anything: it is trusted only up to what the file could decode to.
func (d *oggDecoder) frames() int64 {
	if n := d.r.Length(); n > 0 {
		return min(n, d.size*maxVorbisSamplesPerByte/int64(d.channels()))
	}
	return -1
}

func (d *oggDecoder) read(dst []float32) (int, error) {
	for {
		n, err := d.r.Read(dst)
		if n > 0 {
			sanitize(dst[:n])
			return n, nil
		}
		if err == io.EOF {
			return 0, io.EOF
		}
		if err != nil {
			return 0, fmt.Errorf("ogg vorbis: %w", err)
		}
	}
}

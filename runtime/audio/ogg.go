package audio

import (
	"fmt"
	"io"

	"github.com/jfreymuth/oggvorbis"
)

// oggDecoder decodes Ogg Vorbis through jfreymuth/oggvorbis.
type oggDecoder struct {
	r *oggvorbis.Reader
}

func newOgg(r io.Reader) (*oggDecoder, error) {
	or, err := oggvorbis.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("ogg vorbis: %w", err)
	}
	return &oggDecoder{r: or}, nil
}

func (d *oggDecoder) rate() int     { return d.r.SampleRate() }
func (d *oggDecoder) channels() int { return d.r.Channels() }

func (d *oggDecoder) frames() int64 {
	if n := d.r.Length(); n > 0 {
		return n
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

package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// WAV format tags (the fmt chunk's first field; in WAVE_FORMAT_EXTENSIBLE
// files, the first two bytes of the sub-format GUID).
const (
	wavPCM        = 0x0001
	wavFloat      = 0x0003
	wavExtensible = 0xFFFE
)

// wavDecoder decodes RIFF WAVE: integer PCM of 8 (unsigned), 16, 24 or 32
// bits and IEEE float of 32 or 64 bits, mono or stereo.
type wavDecoder struct {
	r         io.Reader
	ch        int
	sampleHz  int
	bits      int
	float     bool
	align     int   // bytes per frame
	remaining int64 // bytes left in the data chunk; -1: up to the end of the file
	declared  int64 // the data chunk's declared size, for messages
	held      int64 // bytes of the data chunk the file can hold: min(declared, what follows)
	buf       []byte
	err       error // sticky: returned by every read after the first failure
}

// newWAV reads the header of a WAV file of size bytes from r. It allocates
// nothing from what the header claims but the fmt chunk, of at most 1 KiB.
func newWAV(r io.Reader, size int64) (*wavDecoder, error) {
	var hdr [12]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, errors.New("WAV: header truncated")
	}
	if string(hdr[:4]) != "RIFF" || string(hdr[8:]) != "WAVE" {
		return nil, errors.New("WAV: not a RIFF WAVE file")
	}
	var d *wavDecoder
	off := int64(len(hdr)) // bytes read so far
	for {
		var chunk [8]byte
		if _, err := io.ReadFull(r, chunk[:]); err != nil {
			if d == nil {
				return nil, errors.New("WAV: no fmt chunk")
			}
			return nil, errors.New("WAV: no data chunk")
		}
		id := string(chunk[:4])
		csize := int64(binary.LittleEndian.Uint32(chunk[4:]))
		off += int64(len(chunk))
		switch id {
		case "fmt ":
			if d != nil {
				return nil, errors.New("WAV: two fmt chunks")
			}
			if csize < 16 || csize > 1024 {
				return nil, fmt.Errorf("WAV: fmt chunk of %d bytes (want 16 to 1024)", csize)
			}
			b := make([]byte, csize+csize&1)
			if _, err := io.ReadFull(r, b); err != nil {
				return nil, errors.New("WAV: fmt chunk truncated")
			}
			off += int64(len(b))
			var err error
			if d, err = parseWAVFormat(b[:csize]); err != nil {
				return nil, err
			}
		case "data":
			if d == nil {
				return nil, errors.New("WAV: data chunk before fmt chunk")
			}
			d.r = r
			d.declared = csize
			d.remaining = csize
			d.held = max(0, min(csize, size-off))
			if csize == 0xFFFFFFFF {
				// Written by recorders that could not seek back to fix the
				// size: the data runs to the end of the file.
				d.remaining = -1
			}
			return d, nil
		default:
			if _, err := io.CopyN(io.Discard, r, csize+csize&1); err != nil {
				return nil, fmt.Errorf("WAV: chunk %q truncated", id)
			}
			off += csize + csize&1
		}
	}
}

func parseWAVFormat(b []byte) (*wavDecoder, error) {
	le := binary.LittleEndian
	tag := int(le.Uint16(b[0:]))
	ch := int(le.Uint16(b[2:]))
	rate := int64(le.Uint32(b[4:]))
	align := int(le.Uint16(b[12:]))
	bits := int(le.Uint16(b[14:]))
	if tag == wavExtensible {
		if len(b) < 40 {
			return nil, fmt.Errorf("WAV: extensible fmt chunk of %d bytes (want 40)", len(b))
		}
		tag = int(le.Uint16(b[24:]))
	}
	d := &wavDecoder{ch: ch, sampleHz: int(rate), bits: bits, align: align}
	switch {
	case tag == wavPCM && (bits == 8 || bits == 16 || bits == 24 || bits == 32):
	case tag == wavFloat && (bits == 32 || bits == 64):
		d.float = true
	default:
		return nil, fmt.Errorf("%w WAV encoding: format tag 0x%04X with %d bits (want PCM 8/16/24/32-bit or IEEE float 32/64-bit)", ErrUnsupported, tag, bits)
	}
	if ch != 1 && ch != 2 {
		return nil, fmt.Errorf("%w: WAV with %d channels (want 1 or 2)", ErrUnsupported, ch)
	}
	if rate < MinRate || rate > MaxRate {
		return nil, fmt.Errorf("WAV: sample rate %d Hz out of range [%d, %d]", rate, MinRate, MaxRate)
	}
	if align != ch*bits/8 {
		return nil, fmt.Errorf("WAV: block align %d, want %d for %d channels of %d bits", align, ch*bits/8, ch, bits)
	}
	return d, nil
}

func (d *wavDecoder) rate() int     { return d.sampleHz }
func (d *wavDecoder) channels() int { return d.ch }

// frames counts the frames the file holds: a data chunk may declare more
// than follows it (a truncated file, or a corrupt size), and a clip's length
// must not claim what is not there. Reading still goes by the declared size,
// so that a short chunk is reported as truncated when the reading gets there.
func (d *wavDecoder) frames() int64 {
	return d.held / int64(d.align)
}

func (d *wavDecoder) read(dst []float32) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	want := int64(len(dst) / d.ch * d.align)
	if d.remaining >= 0 && want > d.remaining {
		want = d.remaining - d.remaining%int64(d.align)
	}
	if want == 0 {
		d.err = io.EOF
		return 0, d.err
	}
	if int64(cap(d.buf)) < want {
		d.buf = make([]byte, want)
	}
	buf := d.buf[:want]
	n, err := io.ReadFull(d.r, buf)
	frames := n / d.align
	d.convert(dst[:frames*d.ch], buf[:frames*d.align])
	if d.remaining >= 0 {
		d.remaining -= int64(n)
	}
	switch {
	case err == nil:
	case err != io.EOF && err != io.ErrUnexpectedEOF:
		d.err = err
	case d.remaining < 0:
		d.err = io.EOF
	default:
		d.err = fmt.Errorf("WAV: data truncated: chunk declares %d bytes, file ends %d bytes short", d.declared, d.remaining)
	}
	if frames == 0 && d.err != nil {
		return 0, d.err
	}
	return frames * d.ch, nil
}

// convert turns whole frames of raw samples into floats in [-1, 1).
func (d *wavDecoder) convert(dst []float32, b []byte) {
	le := binary.LittleEndian
	switch {
	case d.float && d.bits == 32:
		for i := range dst {
			dst[i] = math.Float32frombits(le.Uint32(b[4*i:]))
		}
		sanitize(dst)
	case d.float:
		for i := range dst {
			dst[i] = float32(math.Float64frombits(le.Uint64(b[8*i:])))
		}
		sanitize(dst)
	case d.bits == 8:
		for i := range dst {
			dst[i] = (float32(b[i]) - 128) / 128
		}
	case d.bits == 16:
		for i := range dst {
			dst[i] = float32(int16(le.Uint16(b[2*i:]))) / (1 << 15)
		}
	case d.bits == 24:
		for i := range dst {
			v := int32(uint32(b[3*i])<<8|uint32(b[3*i+1])<<16|uint32(b[3*i+2])<<24) >> 8
			dst[i] = float32(v) / (1 << 23)
		}
	default:
		for i := range dst {
			dst[i] = float32(int32(le.Uint32(b[4*i:]))) / (1 << 31)
		}
	}
}

// sanitize replaces NaNs and infinities, which float files can hold and
// which would poison every voice they are mixed with, by silence.
func sanitize(s []float32) {
	for i, v := range s {
		if v != v || v > math.MaxFloat32 || v < -math.MaxFloat32 {
			s[i] = 0
		}
	}
}

package ibl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// MaxHDRPixels is the most pixels DecodeHDR accepts (a 8192 x 4096
// equirectangular image): a header asking for more is an error before
// anything is allocated.
const MaxHDRPixels = 8192 * 4096

// MaxHDRWidth is the widest image DecodeHDR accepts: one scanline's
// buffer is allocated before its data is read, so a header claiming a
// wider image is an error rather than a large allocation.
const MaxHDRWidth = 1 << 15

// HDR is a linear, floating-point RGB image: Pix holds Width*Height
// pixels of three float32 each (red, green, blue), rows top-down.
type HDR struct {
	Width, Height int
	Pix           []float32
}

// At returns the pixel at column x, row y (0 is the top row).
func (m *HDR) At(x, y int) (r, g, b float32) {
	i := 3 * (y*m.Width + x)
	return m.Pix[i], m.Pix[i+1], m.Pix[i+2]
}

// DecodeHDR reads a Radiance RGBE image (.hdr or .pic): the "#?RADIANCE"
// or "#?RGBE" header, FORMAT=32-bit_rle_rgbe (the only format: XYZE is
// refused), and scanlines flat or run-length encoded as Radiance writes
// them, in the standard orientation "-Y h +X w" (or "+Y h +X w", rows
// bottom-up, which it flips). EXPOSURE lines are ignored: the values are
// the file's radiance as stored. Errors say what is wrong and where; a
// truncated or corrupt file never yields a partial image, and memory grows
// with the scanlines actually decoded, never with what a header claims.
func DecodeHDR(r io.Reader) (*HDR, error) {
	br := bufio.NewReader(r)
	w, h, flip, err := readHDRHeader(br)
	if err != nil {
		return nil, err
	}
	m := &HDR{Width: w, Height: h}
	row := make([]byte, 4*w)
	for y := 0; y < h; y++ {
		if err := readScanline(br, row, w); err != nil {
			return nil, fmt.Errorf("hdr: scanline %d of %d: %w", y, h, err)
		}
		for x := 0; x < w; x++ {
			r, g, b := rgbeToFloat(row[x], row[w+x], row[2*w+x], row[3*w+x])
			m.Pix = append(m.Pix, r, g, b)
		}
	}
	if flip {
		stride := 3 * w
		tmp := make([]float32, stride)
		for y := 0; y < h/2; y++ {
			a, b := m.Pix[y*stride:(y+1)*stride], m.Pix[(h-1-y)*stride:(h-y)*stride]
			copy(tmp, a)
			copy(a, b)
			copy(b, tmp)
		}
	}
	return m, nil
}

// rgbeToFloat decodes one RGBE pixel (mantissas and a shared exponent).
func rgbeToFloat(r, g, b, e byte) (float32, float32, float32) {
	if e == 0 {
		return 0, 0, 0
	}
	f := float32(math.Ldexp(1, int(e)-(128+8)))
	return float32(r) * f, float32(g) * f, float32(b) * f
}

// readHDRHeader reads the header and the resolution line.
func readHDRHeader(br *bufio.Reader) (w, h int, flip bool, err error) {
	line, err := readHeaderLine(br)
	if err != nil {
		return 0, 0, false, fmt.Errorf("hdr: reading the signature: %w", err)
	}
	if line != "#?RADIANCE" && line != "#?RGBE" {
		return 0, 0, false, fmt.Errorf("hdr: not a Radiance image (first line %q, want #?RADIANCE)", clip(line))
	}
	for n := 0; ; n++ {
		if n > 1024 {
			return 0, 0, false, errors.New("hdr: header has more than 1024 lines")
		}
		line, err = readHeaderLine(br)
		if err != nil {
			return 0, 0, false, fmt.Errorf("hdr: reading the header: %w", err)
		}
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "FORMAT="); ok && v != "32-bit_rle_rgbe" {
			return 0, 0, false, fmt.Errorf("hdr: format %q not supported (only 32-bit_rle_rgbe)", clip(v))
		}
	}
	line, err = readHeaderLine(br)
	if err != nil {
		return 0, 0, false, fmt.Errorf("hdr: reading the resolution line: %w", err)
	}
	f := strings.Fields(line)
	if len(f) != 4 || f[2] != "+X" || (f[0] != "-Y" && f[0] != "+Y") {
		return 0, 0, false, fmt.Errorf("hdr: resolution line %q not supported (want \"-Y height +X width\")", clip(line))
	}
	h, err1 := strconv.Atoi(f[1])
	w, err2 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return 0, 0, false, fmt.Errorf("hdr: bad resolution line %q", clip(line))
	}
	if w > MaxHDRPixels/h {
		return 0, 0, false, fmt.Errorf("hdr: %dx%d is more than MaxHDRPixels (%d)", w, h, MaxHDRPixels)
	}
	if w > MaxHDRWidth {
		return 0, 0, false, fmt.Errorf("hdr: width %d is more than MaxHDRWidth (%d)", w, MaxHDRWidth)
	}
	return w, h, f[0] == "+Y", nil
}

// readHeaderLine reads one header line of at most 512 bytes.
func readHeaderLine(br *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			return "", io.ErrUnexpectedEOF
		}
		if err != nil {
			return "", err
		}
		if c == '\n' {
			return strings.TrimRight(sb.String(), "\r"), nil
		}
		if sb.Len() >= 512 {
			return "", errors.New("header line longer than 512 bytes")
		}
		sb.WriteByte(c)
	}
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// readScanline decodes one scanline into row as four planes (all red
// mantissas, then green, blue and the exponents).
func readScanline(br *bufio.Reader, row []byte, w int) error {
	head, err := br.Peek(4)
	if err != nil {
		return io.ErrUnexpectedEOF
	}
	if w < 8 || w > 0x7fff || head[0] != 2 || head[1] != 2 || head[2]&0x80 != 0 {
		return readFlat(br, row, w)
	}
	if n := int(head[2])<<8 | int(head[3]); n != w {
		return fmt.Errorf("run-length scanline of width %d in a %d-wide image", n, w)
	}
	br.Discard(4)
	for c := 0; c < 4; c++ {
		plane := row[c*w : (c+1)*w]
		for x := 0; x < w; {
			n, err := br.ReadByte()
			if err != nil {
				return io.ErrUnexpectedEOF
			}
			if n > 128 {
				n -= 128
				if x+int(n) > w {
					return fmt.Errorf("run of %d overflows the scanline at pixel %d", n, x)
				}
				v, err := br.ReadByte()
				if err != nil {
					return io.ErrUnexpectedEOF
				}
				for i := 0; i < int(n); i++ {
					plane[x+i] = v
				}
				x += int(n)
				continue
			}
			if n == 0 || x+int(n) > w {
				return fmt.Errorf("bad literal count %d at pixel %d", n, x)
			}
			if _, err := io.ReadFull(br, plane[x:x+int(n)]); err != nil {
				return io.ErrUnexpectedEOF
			}
			x += int(n)
		}
	}
	return nil
}

// readFlat reads w uncompressed RGBE pixels. Radiance's old run-length
// form (a 1,1,1 pixel repeating the previous one) is refused: no current
// writer emits it.
func readFlat(br *bufio.Reader, row []byte, w int) error {
	var px [4]byte
	for x := 0; x < w; x++ {
		if _, err := io.ReadFull(br, px[:]); err != nil {
			return io.ErrUnexpectedEOF
		}
		if px[0] == 1 && px[1] == 1 && px[2] == 1 {
			return errors.New("old-style run-length encoding is not supported")
		}
		row[x], row[w+x], row[2*w+x], row[3*w+x] = px[0], px[1], px[2], px[3]
	}
	return nil
}

// EncodeHDR writes m as a run-length encoded Radiance image, the form
// DecodeHDR reads back. Values are rounded down to RGBE's 8-bit mantissas
// (a relative error below 1/128 of the largest channel).
func EncodeHDR(wr io.Writer, m *HDR) error {
	if m.Width <= 0 || m.Height <= 0 || len(m.Pix) != 3*m.Width*m.Height {
		return fmt.Errorf("hdr: EncodeHDR: %dx%d image with %d values", m.Width, m.Height, len(m.Pix))
	}
	bw := bufio.NewWriter(wr)
	fmt.Fprintf(bw, "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n", m.Height, m.Width)
	w := m.Width
	row := make([]byte, 4*w)
	for y := 0; y < m.Height; y++ {
		for x := 0; x < w; x++ {
			r, g, b, e := floatToRGBE(m.At(x, y))
			row[x], row[w+x], row[2*w+x], row[3*w+x] = r, g, b, e
		}
		if w < 8 || w > 0x7fff {
			for x := 0; x < w; x++ {
				bw.Write([]byte{row[x], row[w+x], row[2*w+x], row[3*w+x]})
			}
			continue
		}
		bw.Write([]byte{2, 2, byte(w >> 8), byte(w)})
		for c := 0; c < 4; c++ {
			writeRLE(bw, row[c*w:(c+1)*w])
		}
	}
	return bw.Flush()
}

// writeRLE writes one plane as runs (of 3 or more equal bytes) and literals.
func writeRLE(bw *bufio.Writer, p []byte) {
	for i := 0; i < len(p); {
		run := 1
		for i+run < len(p) && run < 127 && p[i+run] == p[i] {
			run++
		}
		if run >= 3 {
			bw.WriteByte(byte(128 + run))
			bw.WriteByte(p[i])
			i += run
			continue
		}
		j := i
		for j < len(p) && j-i < 128 {
			if j+2 < len(p) && p[j] == p[j+1] && p[j] == p[j+2] {
				break
			}
			j++
		}
		bw.WriteByte(byte(j - i))
		bw.Write(p[i:j])
		i = j
	}
}

func floatToRGBE(r, g, b float32) (byte, byte, byte, byte) {
	v := max(r, g, b)
	if !(v > 1e-32) {
		return 0, 0, 0, 0
	}
	frac, exp := math.Frexp(float64(v))
	if exp > 127 {
		return 255, 255, 255, 255
	}
	s := frac * 256 / float64(v)
	return byte(float64(max(r, 0)) * s), byte(float64(max(g, 0)) * s), byte(float64(max(b, 0)) * s), byte(exp + 128)
}

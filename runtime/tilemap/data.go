package tilemap

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
)

// errZstd is the error of zstd-compressed layer data.
var errZstd = errors.New(`compression "zstd" is not supported (save the map with gzip or zlib)`)

// decodeCSV parses n comma-separated GIDs into out (len n).
func decodeCSV(raw []byte, out []uint32) error {
	n, cur, in := 0, uint64(0), false
	for i, c := range raw {
		switch {
		case c >= '0' && c <= '9':
			cur = cur*10 + uint64(c-'0')
			if cur > 0xffffffff {
				return fmt.Errorf("csv: number at byte %d exceeds 32 bits", i)
			}
			in = true
		case c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t':
			if c == ',' && !in {
				return fmt.Errorf("csv: empty value at byte %d", i)
			}
			if in {
				if n == len(out) {
					return fmt.Errorf("csv: more than the %d tiles the layer holds", len(out))
				}
				out[n] = uint32(cur)
				n++
				cur, in = 0, false
			}
		default:
			return fmt.Errorf("csv: unexpected %q at byte %d", c, i)
		}
	}
	if in {
		if n == len(out) {
			return fmt.Errorf("csv: more than the %d tiles the layer holds", len(out))
		}
		out[n] = uint32(cur)
		n++
	}
	if n != len(out) {
		return fmt.Errorf("csv: %d tiles, the layer holds %d", n, len(out))
	}
	return nil
}

// decodeBase64 decodes base64 (optionally compressed) little-endian GIDs
// into out. Decompression reads at most one byte more than the layer holds,
// so a small file cannot inflate to gigabytes.
func decodeBase64(raw []byte, compression string, out []uint32) error {
	raw = bytes.TrimSpace(raw)
	var r io.Reader = base64.NewDecoder(base64.StdEncoding, bytes.NewReader(raw))
	switch compression {
	case "":
	case "gzip":
		z, err := gzip.NewReader(r)
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		r = z
	case "zlib":
		z, err := zlib.NewReader(r)
		if err != nil {
			return fmt.Errorf("zlib: %w", err)
		}
		r = z
	case "zstd":
		return errZstd
	default:
		return fmt.Errorf("unknown compression %q", compression)
	}
	want := len(out) * 4
	buf := make([]byte, want+1)
	n, err := io.ReadFull(r, buf)
	switch {
	case (err == io.ErrUnexpectedEOF || err == io.EOF) && n != want:
		return fmt.Errorf("base64: %d bytes of tile data, the layer holds %d", n, want)
	case err != nil && err != io.ErrUnexpectedEOF:
		return fmt.Errorf("base64 %s: %w", compression, err)
	case n > want:
		return fmt.Errorf("base64: more than the %d bytes of tile data the layer holds", want)
	}
	for i := range out {
		b := buf[4*i:]
		out[i] = uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
	}
	return nil
}

// decodeData decodes one layer's or chunk's data in the given encoding
// ("csv", "base64", or "" for XML tile elements or a JSON array, which
// the callers hand over as gids) into out.
func decodeData(encoding, compression string, raw []byte, out []uint32) error {
	switch encoding {
	case "csv":
		if compression != "" {
			return fmt.Errorf("csv data cannot be compressed (compression %q)", compression)
		}
		return decodeCSV(raw, out)
	case "base64":
		return decodeBase64(raw, compression, out)
	}
	return fmt.Errorf("unknown encoding %q", encoding)
}

// checkSize checks a declared w×h tile rectangle against the limits and
// adds its cells to *cells.
func checkSize(what string, w, h int, cells *int) error {
	if w < 0 || h < 0 {
		return fmt.Errorf("%s: negative size %dx%d", what, w, h)
	}
	if w > MaxSide || h > MaxSide {
		return fmt.Errorf("%s: size %dx%d exceeds the limit of %d tiles a side", what, w, h, MaxSide)
	}
	if *cells+w*h > MaxCells {
		return fmt.Errorf("%s: size %dx%d brings the map over the limit of %d cells", what, w, h, MaxCells)
	}
	*cells += w * h
	return nil
}

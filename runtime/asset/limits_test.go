package asset

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

// png16 encodes a w x h PNG at 16 bits per channel.
func png16(t *testing.T, w, h int) []byte {
	t.Helper()
	m := image.NewNRGBA64(image.Rect(0, 0, w, h))
	for i := range m.Pix {
		m.Pix[i] = 0xff
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	if d := pngBitDepth(b.Bytes()); d != 16 {
		t.Fatalf("test image has bit depth %d, want 16", d)
	}
	return b.Bytes()
}

// assetJPEG encodes a w x h JPEG.
func assetJPEG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngHeader is a PNG's signature and IHDR chunk only, claiming w x h
// pixels at the given bit depth (RGBA); it has no pixel data.
func pngHeader(w, h int, depth byte) []byte {
	b := bytes.Clone(pngBytesHeader)
	b[16], b[17], b[18], b[19] = byte(w>>24), byte(w>>16), byte(w>>8), byte(w)
	b[20], b[21], b[22], b[23] = byte(h>>24), byte(h>>16), byte(h>>8), byte(h)
	b[24] = depth
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// pngBytesHeader: signature, IHDR length and type, width, height, depth 8,
// color type 6 (RGBA), compression, filter, interlace, and the CRC
// (computed by pngHeader).
var pngBytesHeader = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x00\x00\x00\x00")

// Images are checked against Options.MaxDecodedBytes from their header,
// before any pixel is decoded: width x height x 4 bytes, x 8 for a PNG of
// 16 bits per channel. The error names the file, the size and the budget.
func TestImageDecodedBudget(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "p15.png", pngBytes(t, 15, 15, color.NRGBA{1, 2, 3, 255})) // 900 bytes
	writeFile(t, root, "p16.png", pngBytes(t, 16, 16, color.NRGBA{1, 2, 3, 255})) // 1024 bytes
	writeFile(t, root, "p12.png", pngBytes(t, 12, 12, color.NRGBA{1, 2, 3, 255})) // 576 bytes
	writeFile(t, root, "d12.png", png16(t, 12, 12))                               // 1152 bytes at 16 bits
	writeFile(t, root, "d11.png", png16(t, 11, 11))                               // 968 bytes at 16 bits
	writeFile(t, root, "big.jpg", assetJPEG(t, 16, 16))                           // 1024 bytes
	a, frames, _ := newTestAssets(t, root, Options{MaxDecodedBytes: 1000})
	for _, p := range []string{"p15.png", "p12.png", "d11.png"} {
		x, err := a.Load(p)
		if err != nil {
			t.Fatalf("%s within the budget: %v", p, err)
		}
		x.Release()
	}
	for _, c := range []struct{ file, want string }{
		{"p16.png", "p16.png: too large: png image is 16x16, 1.0 KiB (1024 bytes) decoded, over the 1000 bytes budget (Options.MaxDecodedBytes)"},
		{"d12.png", "d12.png: too large: png image is 12x12 at 16 bits per channel, 1.1 KiB (1152 bytes) decoded, over the 1000 bytes budget"},
		{"big.jpg", "big.jpg: too large: jpeg image is 16x16, 1.0 KiB (1024 bytes) decoded, over the 1000 bytes budget"},
	} {
		x, err := a.Load(c.file)
		if x != nil || !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, %v; want an error starting %q", c.file, x, err, c.want)
		}
	}
	if n := len(frames.F.Resources()); n != 3 {
		t.Fatalf("%d textures created, want the 3 within the budget", n)
	}

	// The default budget, 256 MiB, takes the largest 8-bit image the default
	// MaxTextureSize allows, and refuses it at 16 bits per channel before
	// decoding: the header alone is enough.
	root = t.TempDir()
	writeFile(t, root, "max8.png", pngHeader(8192, 8192, 8))
	writeFile(t, root, "max16.png", pngHeader(8192, 8192, 16))
	a, _, _ = newTestAssets(t, root, Options{})
	if _, err := a.Load("max8.png"); err == nil || errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "bad png data") {
		t.Errorf("max8.png: %v, want it to pass the budget and fail on its (missing) pixels", err)
	}
	_, err := a.Load("max16.png")
	want := "max16.png: too large: png image is 8192x8192 at 16 bits per channel, 512.0 MiB (536870912 bytes) decoded, over the 256.0 MiB (268435456 bytes) budget (Options.MaxDecodedBytes)"
	if !errors.Is(err, ErrTooLarge) || err.Error() != want {
		t.Errorf("max16.png: %v\nwant %s", err, want)
	}
}

// Files over Options.MaxFileSize are refused before being read, for every
// format, with an error naming the file, its size and the limit; a file of
// exactly the limit is read.
func TestMaxFileSize(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "big.png", bytes.Repeat([]byte("x"), 2000))
	writeFile(t, root, "limit.png", bytes.Repeat([]byte("x"), 1024))
	writeFile(t, root, "sh.vert", []byte("void main() {}\n"))
	writeFile(t, root, "sh.frag", append([]byte("void main() {}\n"), bytes.Repeat([]byte(" "), 1100)...))
	a, _, _ := newTestAssets(t, root, Options{MaxFileSize: 1024})
	for _, c := range []struct{ load, want string }{
		{"big.png", "big.png: too large: 2.0 KiB (2000 bytes), over the 1.0 KiB (1024 bytes) limit (Options.MaxFileSize)"},
		{"sh.shader", "sh.frag: too large: 1.1 KiB (1115 bytes), over the 1.0 KiB (1024 bytes) limit"},
	} {
		x, err := a.Load(c.load)
		if x != nil || !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error with %q", c.load, err, c.want)
		}
	}
	// Read, then refused as an image: the size was not the problem.
	if _, err := a.Load("limit.png"); err == nil || errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "not a PNG or JPEG") {
		t.Errorf("limit.png: %v, want it read and refused as an image", err)
	}
	b, err := New(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.opts.MaxFileSize != DefaultMaxFileSize || b.opts.MaxDecodedBytes != DefaultMaxDecodedBytes {
		t.Fatalf("defaults: MaxFileSize %d, MaxDecodedBytes %d", b.opts.MaxFileSize, b.opts.MaxDecodedBytes)
	}
}

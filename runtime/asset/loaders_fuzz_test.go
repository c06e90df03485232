package asset

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"
)

// fuzzImageLimit keeps each fuzz input's image small: the point is the
// decoder's error handling, not allocating large images.
const fuzzImageLimit = 256

// fuzzByteLimit is the decoded-size budget of the fuzz inputs: a 256x256
// image at 16 bits per channel fits, so the side limit is what bounds them
// and every seed decodes as before.
const fuzzByteLimit = fuzzImageLimit * fuzzImageLimit * 8

func imageSeeds(f *testing.F, enc func(*bytes.Buffer, image.Image) error, files ...string) {
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	imgs := []image.Image{
		image.NewGray(image.Rect(0, 0, 3, 2)),
		image.NewRGBA64(image.Rect(0, 0, 2, 3)),
		image.NewPaletted(image.Rect(0, 0, 5, 1), color.Palette{color.Black, color.White}),
		image.NewNRGBA(image.Rect(0, 0, 1, 1)),
	}
	for _, m := range imgs {
		var b bytes.Buffer
		if err := enc(&b, m); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
}

func checkDecoded(t *testing.T, data []byte) {
	d, err := decodeImage(data, fuzzImageLimit, fuzzByteLimit)
	if err != nil {
		if d != nil {
			t.Fatal("an error and an image")
		}
		return
	}
	if d.w <= 0 || d.h <= 0 || d.w > fuzzImageLimit || d.h > fuzzImageLimit || len(d.pix) != d.w*d.h*4 {
		t.Fatalf("decoded %dx%d with %d bytes", d.w, d.h, len(d.pix))
	}
}

// FuzzDecodePNG: any bytes give an RGBA8 image of the declared size or an
// error; nothing panics, nothing allocates past the size limit.
func FuzzDecodePNG(f *testing.F) {
	imageSeeds(f, func(b *bytes.Buffer, m image.Image) error { return png.Encode(b, m) }, "../../testdata/assets/textures/red.png")
	f.Fuzz(checkDecoded)
}

// FuzzDecodeJPEG: as FuzzDecodePNG, for JPEG.
func FuzzDecodeJPEG(f *testing.F) {
	imageSeeds(f, func(b *bytes.Buffer, m image.Image) error { return jpeg.Encode(b, m, nil) }, "../../testdata/assets/textures/green.jpg")
	f.Fuzz(checkDecoded)
}

// FuzzTextureSettings: any bytes give settings or an error naming the
// file, never a panic; what parses has only the render package's values,
// and parsing is deterministic.
func FuzzTextureSettings(f *testing.F) {
	for _, s := range []string{
		`{"filter": "nearest", "wrap": "repeat", "mipmaps": true, "premultiplyAlpha": true}`,
		`{"filter": "linear"}`, `{}`, ``, `null`, `[1]`, `{"filter": 1}`, `{"wrap": "clamp"} x`,
		`{"filter": "nearest", "filter": "linear"}`, "\xef\xbb\xbf{}", `{"mipmaps": null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseTextureSettings("x.png.texture.json", b, TextureSettings{})
		if err != nil {
			if !strings.Contains(err.Error(), "x.png.texture.json") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if s.check() != nil {
			t.Fatalf("parsed settings %+v out of range", s)
		}
		again, err := ParseTextureSettings("x.png.texture.json", b, TextureSettings{})
		if err != nil || again != s {
			t.Fatalf("second parse: %+v, %v; first %+v", again, err, s)
		}
	})
}

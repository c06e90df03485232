package gltf

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"

	"github.com/tact-engine/tact/runtime/asset"
)

// Image limits. They are the asset package's defaults for textures (a
// model's Decode cannot see a Manager's Options), and a budget for all of
// one model's textures together.
const (
	// maxImageSide bounds an image's width and height.
	maxImageSide = asset.DefaultMaxTextureSize
	// maxImageDecode bounds the memory one image's decoder may take,
	// checked from its header before any pixel is decoded.
	maxImageDecode = asset.DefaultMaxDecodedBytes
	// maxTextureBytes bounds the RGBA8 pixels of all of one model's
	// textures (an image made in two formats counts twice).
	maxTextureBytes = 1 << 30
)

// imageData is a decoded image: RGBA8, straight alpha, rows top-down.
type imageData struct {
	w, h int
	pix  []byte
}

// decodeImage decodes a PNG or JPEG (told apart by content, whatever the
// file's mimeType says) into RGBA8, refusing images over the limits
// before decoding any pixel.
func decodeImage(b []byte) (*imageData, error) {
	var (
		decode func(*bytes.Reader) (image.Image, error)
		config func(*bytes.Reader) (image.Config, error)
		kind   string
	)
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		kind = "png"
		decode = func(r *bytes.Reader) (image.Image, error) { return png.Decode(r) }
		config = func(r *bytes.Reader) (image.Config, error) { return png.DecodeConfig(r) }
	case bytes.HasPrefix(b, []byte("\xff\xd8")):
		kind = "jpeg"
		decode = func(r *bytes.Reader) (image.Image, error) { return jpeg.Decode(r) }
		config = func(r *bytes.Reader) (image.Config, error) { return jpeg.DecodeConfig(r) }
	case len(b) == 0:
		return nil, errors.New("no bytes, not an image")
	default:
		return nil, errors.New("not a PNG or JPEG image")
	}
	cfg, err := config(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("bad %s header: %v", kind, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxImageSide || cfg.Height > maxImageSide {
		return nil, fmt.Errorf("%s image is %dx%d, want 1 to %d on a side", kind, cfg.Width, cfg.Height, maxImageSide)
	}
	// The decoder's image takes at most 4 bytes a pixel, 8 for a PNG of 16
	// bits per channel (bit depth is IHDR's byte 24).
	bpp := int64(4)
	if kind == "png" && len(b) > 24 && b[24] == 16 {
		bpp = 8
	}
	if need := int64(cfg.Width) * int64(cfg.Height) * bpp; need > maxImageDecode {
		return nil, fmt.Errorf("%w: %s image is %dx%d, %d MiB decoded, over the %d MiB limit",
			asset.ErrTooLarge, kind, cfg.Width, cfg.Height, need>>20, maxImageDecode>>20)
	}
	img, err := decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("bad %s data: %v", kind, err)
	}
	r := img.Bounds()
	if r.Dx() != cfg.Width || r.Dy() != cfg.Height {
		return nil, fmt.Errorf("%s image decoded to %v, its header says %dx%d", kind, r, cfg.Width, cfg.Height)
	}
	n, ok := img.(*image.NRGBA)
	if !ok || n.Stride != 4*r.Dx() || r.Min != (image.Point{}) {
		n = image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(n, n.Rect, img, r.Min, draw.Src)
	}
	return &imageData{w: r.Dx(), h: r.Dy(), pix: n.Pix}, nil
}

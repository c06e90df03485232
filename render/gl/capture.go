package gl

import (
	"image"

	"github.com/tact-engine/tact/render"
)

// capturePass hands pass p's picture to a captured frame (see
// render.Frame.CaptureFrame): the target's first colour attachment, or
// the screen, as they stand after the pass and its resolve.
func (b *Backend) capturePass(f *render.Frame, p int, ps *render.Pass) {
	if t := b.lookupTarget(ps.Target); t != nil && t.shadow() {
		f.CapturePass(p, nil, "a shadow map: depth alone, no colour to show")
		return
	}
	if ps.Target == 0 {
		// The screen's passes may draw into a multisampled framebuffer
		// that is resolved once at the end of the frame: resolve now too,
		// so that the read-back sees this pass's picture.
		b.setSRGB(false)
		b.resolveScreen()
	}
	b.readBack(f, render.ReadBack{Target: ps.Target, Done: func(img *image.RGBA) { f.CapturePass(p, img, "") }})
}

package fixedstep

import (
	"image"
	"math"
	"testing"

	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

func TestRawAndInterpolated(t *testing.T) {
	// 63 frames of 1/60 s are 1.05 s: 10 fixed steps of 0.1 s and half a
	// step left over, so Alpha is 0.5 when the last frame is drawn.
	const frames = 63
	g, img := sampletest.Run(t, Sample, frames)
	sampletest.SavePNG(t, img, "fixedstep.png")
	d := g.Director()
	if d.FixedStep() != Step {
		t.Fatalf("fixed step %v, want %v (Configure)", d.FixedStep(), Step)
	}
	if d.FixedSteps() != 10 || math.Abs(d.Alpha()-0.5) > 1e-6 {
		t.Fatalf("%d fixed steps, alpha %v; want 10 and 0.5", d.FixedSteps(), d.Alpha())
	}
	// The script pressed F once: 60 -> 30 fps.
	if g.FrameRate() != FrameRates[1] {
		t.Errorf("frame rate cap %v after F, want %v", g.FrameRate(), FrameRates[1])
	}

	// Ten steps of 30 px from MinX: the raw box is at 420 (the box spans
	// 400..440), the interpolated one halfway from 390, at 405 (385..425).
	// World y is up; pixel y is Height - y.
	h := img.Bounds().Dy()
	rawY, smoothY := h-RawY, h-SmoothY
	checks := []struct {
		x, y int
		want render.Color
		what string
	}{
		{420, rawY, RawColor, "raw box center"},
		{403, rawY, RawColor, "raw box left edge"},
		{395, rawY - 10, Background, "left of the raw box"},
		{405, smoothY, SmoothColor, "interpolated box center"},
		{388, smoothY, SmoothColor, "interpolated box left edge"},
		{430, smoothY - 10, Background, "right of the interpolated box"},
	}
	for _, c := range checks {
		if got := img.RGBAAt(c.x, c.y); !sampletest.Near(got, sampletest.RGBA(c.want), 3) {
			t.Errorf("%s (%d,%d) = %v, want %v", c.what, c.x, c.y, got, sampletest.RGBA(c.want))
		}
	}
	// The row labels are drawn: bright text pixels left of each row's label
	// position.
	for _, y := range []int{h - (RawY + 60), h - (SmoothY + 60)} {
		if !sampletest.HasBright(img, image.Rect(20, y-10, 300, y+10)) {
			t.Errorf("no label text around y=%d", y)
		}
	}
}

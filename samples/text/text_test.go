package text

import (
	"image"
	"testing"

	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

func TestLabelsInTheirBoxes(t *testing.T) {
	_, img := sampletest.Run(t, Sample, 3)
	sampletest.SavePNG(t, img, "text.png")
	if c := img.RGBAAt(Width-3, 3); c != sampletest.RGBA(Background) {
		t.Errorf("corner %v, want the background", c)
	}

	ink := make([]image.Rectangle, 0, 9)
	for i, d := range Demos() {
		// The box in pixels (y down), and the area searched for ink: the
		// box, widened by 20 px to catch text that overflows it.
		box := image.Rect(int(d.Left), Height-int(d.Top), int(d.Left+d.W), Height-int(d.Top-d.H))
		search := image.Rect(box.Min.X-20, box.Min.Y+1, box.Max.X+20, box.Max.Y-1)
		r, ok := inkBounds(img, search)
		if !ok {
			t.Errorf("demo %d (%s): no text in its box %v", i, d.Caption, box)
			ink = append(ink, image.Rectangle{})
			continue
		}
		ink = append(ink, r)
		if !r.In(box) {
			t.Errorf("demo %d (%s): text %v leaves its box %v", i, d.Caption, r, box)
		}
		const tol = 4
		switch d.HAlign {
		case text.AlignLeft:
			if r.Min.X-box.Min.X > tol {
				t.Errorf("demo %d (%s): left-aligned text starts at x=%d, box at %d", i, d.Caption, r.Min.X, box.Min.X)
			}
		case text.AlignRight:
			if box.Max.X-r.Max.X > tol {
				t.Errorf("demo %d (%s): right-aligned text ends at x=%d, box at %d", i, d.Caption, r.Max.X, box.Max.X)
			}
		case text.AlignCenter:
			if off := (r.Min.X + r.Max.X) - (box.Min.X + box.Max.X); off > 2*tol || off < -2*tol {
				t.Errorf("demo %d (%s): centered text spans %d..%d in box %d..%d", i, d.Caption, r.Min.X, r.Max.X, box.Min.X, box.Max.X)
			}
		}
		// Vertically, ink sits a few pixels inside the line boxes (line
		// gap, ascent above the capitals, descent below the baseline).
		const vtol = 8
		switch d.VAlign {
		case text.AlignTop:
			if r.Min.Y-box.Min.Y > vtol {
				t.Errorf("demo %d (%s): top-aligned text starts at y=%d, box at %d", i, d.Caption, r.Min.Y, box.Min.Y)
			}
		case text.AlignBottom:
			if box.Max.Y-r.Max.Y > vtol {
				t.Errorf("demo %d (%s): bottom-aligned text ends at y=%d, box at %d", i, d.Caption, r.Max.Y, box.Max.Y)
			}
		case text.AlignMiddle:
			if off := (r.Min.Y + r.Max.Y) - (box.Min.Y + box.Max.Y); off > vtol || off < -vtol {
				t.Errorf("demo %d (%s): middle-aligned text spans y %d..%d in box %d..%d", i, d.Caption, r.Min.Y, r.Max.Y, box.Min.Y, box.Max.Y)
			}
		}
	}
	// The narrower the wrap width, the more lines: taller ink.
	if len(ink) == 9 && !(ink[6].Dy() > ink[7].Dy() && ink[7].Dy() > ink[8].Dy()) {
		t.Errorf("wrap widths 110, 220, 360 gave text heights %d, %d, %d: want decreasing", ink[6].Dy(), ink[7].Dy(), ink[8].Dy())
	}
	// The outline is drawn around the first box.
	d := Demos()[0]
	if c := img.RGBAAt(int(d.Left)+10, Height-int(d.Top)-1); c != sampletest.RGBA(OutlineColor) {
		t.Errorf("outline pixel %v, want %v", c, sampletest.RGBA(OutlineColor))
	}
	// The sizes row grows to the 48 px label: ink well over 30 px tall.
	if r, ok := inkBounds(img, image.Rect(20, Height-SizesBaseline-70, Width-20, Height-SizesBaseline)); !ok || r.Dy() < 30 {
		t.Errorf("sizes row ink %v (found %v), want over 30 px tall", r, ok)
	}
}

// inkBounds returns the bounds of the bright text pixels in r.
func inkBounds(img *image.RGBA, r image.Rectangle) (image.Rectangle, bool) {
	out := image.Rectangle{}
	found := false
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := img.RGBAAt(x, y); c.R > 200 && c.G > 200 && c.B > 180 {
				p := image.Rect(x, y, x+1, y+1)
				if !found {
					out, found = p, true
				} else {
					out = out.Union(p)
				}
			}
		}
	}
	return out, found
}

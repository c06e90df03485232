package tact

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// labelBox is where a label centered on (x, y) in world units (= pixels,
// the camera spanning the 320×240 screen) should draw, in screenshot pixels
// (y down).
func labelBox(l *text.Label, x, y float32) image.Rectangle {
	sz := l.Size()
	return image.Rect(int(x-sz[0]/2), int(240-y-sz[1]/2), int(x+sz[0]/2+0.999), int(240-y+sz[1]/2+0.999))
}

// darkScene returns a scene with a camera over the 320×240 screen and a
// black clear.
func darkScene() *scenegraph.Scene {
	s := scenegraph.NewScene("Text")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{160, 120, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	return s
}

func addLabel(s *scenegraph.Scene, msg string, size, x, y float32) *text.Label {
	n := scenegraph.NewNode(msg)
	n.SetPositionXY(x, y)
	s.AddChild(n)
	return scenegraph.AddComponent(n, text.NewLabel(msg, size, render.White))
}

// saveFailure writes img under testdata/failures (gitignored) for a look.
func saveFailure(t *testing.T, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", "failures", t.Name()+".png")
	err := os.MkdirAll(filepath.Dir(path), 0o755)
	if err == nil {
		err = SavePNG(path, img)
	}
	if err != nil {
		t.Logf("cannot save the screenshot: %v", err)
		return
	}
	t.Logf("screenshot saved to %s", path)
}

const (
	litLevel  = 128 // a text pixel: brighter than this
	darkLevel = 8   // background: no channel above this (tolerance)
	inkMargin = 2   // glyph ink may reach this far past the layout box
)

// inkIn returns the bounds of the pixels brighter than litLevel inside r,
// and how many there are.
func inkIn(img *image.RGBA, r image.Rectangle) (bounds image.Rectangle, n int) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if c.R > litLevel && c.G > litLevel && c.B > litLevel {
				n++
				bounds = bounds.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return bounds, n
}

// strayOutside returns a pixel outside every box (each grown by inkMargin)
// that is not background, if any.
func strayOutside(img *image.RGBA, boxes ...image.Rectangle) (image.Point, bool) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
	pixels:
		for x := b.Min.X; x < b.Max.X; x++ {
			p := image.Pt(x, y)
			for _, box := range boxes {
				if p.In(box.Inset(-inkMargin)) {
					continue pixels
				}
			}
			c := img.RGBAAt(x, y)
			if c.R > darkLevel || c.G > darkLevel || c.B > darkLevel {
				return p, true
			}
		}
	}
	return image.Point{}, false
}

// A large white "Tact" on black: white pixels fill the laid-out box (its ink
// spans most of it) and nothing is drawn outside it.
func TestLabelGoldenTact(t *testing.T) {
	var l *text.Label
	img := shoot(t, false, func(g *Game) (*scenegraph.Scene, error) {
		s := darkScene()
		l = addLabel(s, "Tact", 72, 160, 120)
		return s, nil
	})
	box := labelBox(l, 160, 120)
	ink, n := inkIn(img, box)
	ok := true
	if n < box.Dx()*box.Dy()/10 {
		t.Errorf("%d white pixels in the %v text box, want at least a tenth of it", n, box)
		ok = false
	}
	// "Tact" starts with a T and ends with a t: its ink spans the box's
	// width, and rises from the baseline to about cap height.
	if ink.Dx() < box.Dx()*8/10 || ink.Dy() < box.Dy()*55/100 {
		t.Errorf("ink bounds %v span too little of the box %v", ink, box)
		ok = false
	}
	// Vertically, the ink sits on the baseline and reaches cap height,
	// as x/image/font computes them for Go Regular at 72 px.
	baseline, capTop := expectedBaseline(t, 72, box)
	if abs(ink.Max.Y-baseline) > inkMargin || abs(ink.Min.Y-capTop) > inkMargin+1 {
		t.Errorf("ink rows %d..%d, want the cap height %d..%d (baseline %d)", ink.Min.Y, ink.Max.Y, capTop, baseline, baseline)
		ok = false
	}
	if p, stray := strayOutside(img, box); stray {
		t.Errorf("pixel %v = %v lies outside the text box %v", p, img.RGBAAt(p.X, p.Y), box)
		ok = false
	}
	if !ok {
		saveFailure(t, img)
	}
}

// expectedBaseline returns the screenshot rows of the baseline and of the
// cap height of a one-line Go Regular label of px pixels in box: the line's
// ascent and descent are centered in its height.
func expectedBaseline(t *testing.T, px float64, box image.Rectangle) (baseline, capTop int) {
	t.Helper()
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	m := face.Metrics()
	a, d := float64(m.Ascent)/64, float64(m.Descent)/64
	lineH := max(float64(m.Height)/64, a+d)
	y := float64(box.Min.Y) + (lineH-a-d)/2 + a
	return int(y + 0.5), int(y - float64(m.CapHeight)/64 + 0.5)
}

func abs(x int) int { return max(x, -x) }

// Two labels of different sizes: each draws inside its own box, the larger
// one's glyphs are taller in proportion, and nothing lies outside both.
func TestLabelGoldenTwoSizes(t *testing.T) {
	var small, big *text.Label
	img := shoot(t, false, func(g *Game) (*scenegraph.Scene, error) {
		s := darkScene()
		small = addLabel(s, "HUD 42", 20, 80, 200)
		big = addLabel(s, "HELLO", 60, 170, 90)
		return s, nil
	})
	sb, bb := labelBox(small, 80, 200), labelBox(big, 170, 90)
	si, sn := inkIn(img, sb)
	bi, bn := inkIn(img, bb)
	ok := true
	if sn == 0 || bn == 0 {
		t.Errorf("white pixels: %d in the small box %v, %d in the big box %v", sn, sb, bn, bb)
		ok = false
	}
	// Both texts are capitals (and digits): ink height is the cap height,
	// proportional to the size, 60/20 = 3 (±15% for pixel rounding).
	if r := float64(bi.Dy()) / float64(max(si.Dy(), 1)); r < 2.55 || r > 3.45 {
		t.Errorf("ink heights %d (big) and %d (small): ratio %.2f, want about 3", bi.Dy(), si.Dy(), r)
		ok = false
	}
	if p, stray := strayOutside(img, sb, bb); stray {
		t.Errorf("pixel %v = %v lies outside both text boxes %v and %v", p, img.RGBAAt(p.X, p.Y), sb, bb)
		ok = false
	}
	if !ok {
		saveFailure(t, img)
	}
}

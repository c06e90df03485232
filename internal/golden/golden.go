package golden

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// UpdateEnv names the environment variable that, set to 1, makes Check
// rewrite the golden images from what is drawn now (look at them before
// committing).
const UpdateEnv = "TACT_UPDATE_GOLDEN"

// Tolerance is the largest per-channel difference a pixel may have from its
// golden image, and BadPixels the share of pixels allowed to exceed it.
const (
	Tolerance = 6
	BadPixels = 0.002
)

// Check compares img with testdata/golden/NAME.png (relative to the test's
// package). On a mismatch it writes testdata/failures/NAME-actual.png and
// NAME-diff.png (differing pixels in red over a darkened copy) and fails t.
// update (or $TACT_UPDATE_GOLDEN=1) writes the golden image instead.
func Check(t testing.TB, name string, img *image.RGBA, update bool) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if update || os.Getenv(UpdateEnv) == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := Save(path, img); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	want, err := Load(path)
	if err != nil {
		t.Fatalf("golden image: %v (set %s=1 to create it)", err, UpdateEnv)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, golden %v", name, img.Bounds(), want.Bounds())
	}
	b := img.Bounds()
	diff := image.NewRGBA(b)
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g, a := want.RGBAAt(x, y), img.RGBAAt(x, y)
			if channelDiff(g, a) > Tolerance {
				bad++
				diff.SetRGBA(x, y, color.RGBA{255, 0, 0, 255})
			} else {
				diff.SetRGBA(x, y, color.RGBA{a.R / 4, a.G / 4, a.B / 4, 255})
			}
		}
	}
	if float64(bad) <= BadPixels*float64(b.Dx()*b.Dy()) {
		return
	}
	dir := filepath.Join("testdata", "failures")
	os.MkdirAll(dir, 0o755)
	Save(filepath.Join(dir, name+"-actual.png"), img)
	Save(filepath.Join(dir, name+"-diff.png"), diff)
	t.Fatalf("%s: %d pixels differ from %s by more than %d; see %s/%s-{actual,diff}.png",
		name, bad, path, Tolerance, dir, name)
}

func channelDiff(a, b color.RGBA) int {
	d := 0
	for _, p := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		d = max(d, int(p[0])-int(p[1]), int(p[1])-int(p[0]))
	}
	return d
}

// Load reads a PNG file as RGBA.
func Load(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	rgba := image.NewRGBA(m.Bounds())
	for y := m.Bounds().Min.Y; y < m.Bounds().Max.Y; y++ {
		for x := m.Bounds().Min.X; x < m.Bounds().Max.X; x++ {
			rgba.Set(x, y, m.At(x, y))
		}
	}
	return rgba, nil
}

// Save writes img as a PNG file.
func Save(path string, img *image.RGBA) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

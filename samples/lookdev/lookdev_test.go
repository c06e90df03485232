package lookdev

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render/ibl"
	"github.com/tact-engine/tact/samples/sample/sampletest"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// The spheres under the procedural sky, in both render modes: the gold
// mirror reflects the sky above and the ground below it, the matte
// plastic takes the sky's light, and the sky fills the background.
func TestLookDev(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		cfg := sampletest.Config(20)
		cfg.RenderOnMain = onMain
		g, img := sampletest.RunConfig(t, Sample, cfg)
		if err := g.Director().RenderErr(); err != nil {
			t.Fatalf("render error: %v", err)
		}
		sampletest.SavePNG(t, img, "lookdev.png")
		b := img.Bounds()
		if sky := img.RGBAAt(b.Dx()/2, 4); sky.B < sky.R+20 {
			t.Errorf("top of the screen %v: want the blue sky", sky)
		}
		sampletest.Golden(t, "lookdev", img)
	}
}

// -hdr loads a Radiance file through the asset manager.
func TestLookDevHDRFile(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	// A red sky: the background turns red.
	if err := ibl.EncodeHDR(&buf, ibl.ProceduralSky(64, 32, ibl.SkyOptions{Zenith: [3]float32{0.9, 0.05, 0.05}, Horizon: [3]float32{0.9, 0.05, 0.05}})); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "red.hdr")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	hdrPath = path
	defer func() { hdrPath = "" }()
	g, img := sampletest.Run(t, Sample, 10)
	if err := g.Director().RenderErr(); err != nil {
		t.Fatalf("render error: %v", err)
	}
	if sky := img.RGBAAt(img.Bounds().Dx()/2, 4); sky.R < sky.B+40 {
		t.Errorf("top of the screen %v: want the red sky of %s", sky, path)
	}
}

package asset

import (
	"bytes"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render/ibl"
)

func hdrBytes(t *testing.T, o ibl.SkyOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := ibl.EncodeHDR(&buf, ibl.ProceduralSky(64, 32, o)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A .hdr file loads as image-based lighting, reloads in place under the
// same texture handles, and a corrupt one fails naming the file.
func TestEnvironmentLoad(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "env/day.hdr", hdrBytes(t, ibl.SkyOptions{}))
	writeFile(t, root, "env/broken.hdr", []byte("#?RADIANCE\n\n-Y 4 +X 4\n\x02\x02"))
	a, _, _ := newTestAssets(t, root, Options{})
	a.RegisterFormat(EnvironmentExt, &EnvironmentFormat{Options: ibl.Options{SkySize: 16, SpecularSize: 16, SpecularLevels: 4, BRDFSize: 8}})
	x, err := a.Load("env/day.hdr")
	if err != nil {
		t.Fatal(err)
	}
	e := x.Environment()
	if e == nil || !e.On() || e.Levels != 4 || e.Sky == 0 {
		t.Fatalf("loaded %+v", e)
	}
	up := ibl.SH(e.SH)
	if c := up.Radiance(mgl32.Vec3{0, 1, 0}); c[2] < c[0] {
		t.Errorf("day sky seen from below: %v, want blue", c)
	}
	before := *e
	reloads := 0
	a.Reloaded.On(func(*Asset) { reloads++ })
	writeFile(t, a.Root(), "env/day.hdr", hdrBytes(t, ibl.SkyOptions{Zenith: mgl32.Vec3{1, 0, 0}, Horizon: mgl32.Vec3{1, 0, 0}}))
	if err := a.Reload("env/day.hdr"); err != nil {
		t.Fatal(err)
	}
	pollUntil(t, a, "the reload", func() bool { return reloads == 1 })
	up = ibl.SH(e.SH)
	if x.Environment() != e || e.Sky != before.Sky || e.Specular != before.Specular || e.BRDF != before.BRDF {
		t.Errorf("reload changed the value or its handles: %+v -> %+v", before, *e)
	}
	if c := up.Radiance(mgl32.Vec3{0, 1, 0}); c[0] < c[2] {
		t.Errorf("red sky after the reload: %v", c)
	}
	if _, err := a.Load("env/broken.hdr"); err == nil || !strings.Contains(err.Error(), "env/broken.hdr") || !strings.Contains(err.Error(), "scanline 0") {
		t.Errorf("broken file: %v", err)
	}
}

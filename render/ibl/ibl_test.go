package ibl

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// gradient returns a w x h image whose values cover RGBE's range.
func gradient(w, h int) *HDR {
	m := &HDR{Width: w, Height: h, Pix: make([]float32, 3*w*h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := 3 * (y*w + x)
			m.Pix[i] = float32(x) * 0.25
			m.Pix[i+1] = float32(y) * 3
			m.Pix[i+2] = 1000 / float32(1+x+y)
		}
	}
	return m
}

func near(a, b, tol float32) bool { return math.Abs(float64(a-b)) <= float64(tol) }

func TestHDRRoundTrip(t *testing.T) {
	for _, size := range [][2]int{{4, 3}, {64, 5}, {300, 2}} { // flat (w < 8) and run-length rows
		m := gradient(size[0], size[1])
		var buf bytes.Buffer
		if err := EncodeHDR(&buf, m); err != nil {
			t.Fatal(err)
		}
		got, err := DecodeHDR(&buf)
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		if got.Width != m.Width || got.Height != m.Height {
			t.Fatalf("size %dx%d, want %dx%d", got.Width, got.Height, m.Width, m.Height)
		}
		for i, v := range m.Pix {
			// RGBE keeps 8 bits of mantissa relative to the pixel's largest channel.
			px := i / 3 * 3
			big := max(m.Pix[px], m.Pix[px+1], m.Pix[px+2])
			if !near(got.Pix[i], v, big/128) {
				t.Fatalf("%v: value %d = %v, want %v", size, i, got.Pix[i], v)
			}
		}
	}
}

func TestHDRExactValues(t *testing.T) {
	// One flat pixel (128, 64, 0, 129): mantissas times 2^(129-136).
	file := "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\nEXPOSURE=1.0\n\n-Y 1 +X 1\n\x80\x40\x00\x81"
	m, err := DecodeHDR(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b := m.At(0, 0); r != 1 || g != 0.5 || b != 0 {
		t.Fatalf("pixel = %v %v %v, want 1 0.5 0", r, g, b)
	}
	// +Y rows are bottom-up: the first stored row is the bottom one.
	file = "#?RGBE\n\n+Y 2 +X 1\n\x80\x00\x00\x81\x00\x80\x00\x81"
	if m, err = DecodeHDR(strings.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	if r, g, _ := m.At(0, 0); r != 0 || g != 1 {
		t.Fatalf("top pixel of a +Y image = %v %v, want 0 1", r, g)
	}
}

func TestHDRErrors(t *testing.T) {
	head := "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n"
	cases := []struct{ name, file, want string }{
		{"png", "\x89PNG\r\n", "not a Radiance image"},
		{"xyze", "#?RADIANCE\nFORMAT=32-bit_rle_xyze\n\n-Y 1 +X 1\n", "format"},
		{"orientation", head + "+X 1 -Y 1\n", "resolution line"},
		{"zero", head + "-Y 0 +X 4\n", "bad resolution"},
		{"huge", head + "-Y 100000 +X 100000\n", "MaxHDRPixels"},
		{"tall", head + "-Y 100000 +X 1000\n", "MaxHDRPixels"},
		{"one wide row", head + "-Y 1 +X 33554432\n", "MaxHDRWidth"},
		{"truncated", head + "-Y 2 +X 2\n\x80\x80\x80\x81", "scanline 0 of 2"},
		{"long run", head + "-Y 1 +X 8\n\x02\x02\x00\x08\xff\x01", "overflows"},
		{"zero literal", head + "-Y 1 +X 8\n\x02\x02\x00\x08\x00", "bad literal"},
		{"width", head + "-Y 1 +X 8\n\x02\x02\x00\x09", "width 9"},
		{"old rle", head + "-Y 1 +X 2\n\x01\x01\x01\x05\x00\x00\x00\x00", "old-style"},
		{"no header end", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n", "header"},
	}
	for _, c := range cases {
		_, err := DecodeHDR(strings.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}

func FuzzDecodeHDR(f *testing.F) {
	var buf bytes.Buffer
	EncodeHDR(&buf, gradient(16, 3))
	f.Add(buf.Bytes())
	f.Add([]byte("#?RADIANCE\n\n-Y 1 +X 1\n\x80\x40\x00\x81"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeHDR(bytes.NewReader(data))
		if err != nil {
			return
		}
		if len(m.Pix) != 3*m.Width*m.Height {
			t.Fatalf("%dx%d image with %d values", m.Width, m.Height, len(m.Pix))
		}
		// A decoded image may claim no more pixels than its bytes can hold:
		// a run-length row needs at least 4 + 8 bytes, a flat pixel 4.
		if m.Height > len(data) {
			t.Fatalf("%d rows from %d bytes", m.Height, len(data))
		}
	})
}

func TestDirectionAndFaceCoordsAgree(t *testing.T) {
	const n = 8
	for f := 0; f < 6; f++ {
		for tt := 0; tt < n; tt++ {
			for s := 0; s < n; s++ {
				d := Direction(f, s, tt, n)
				face, u, v := faceCoords(d)
				if face != f || !near(u*n-0.5, float32(s), 1e-4) || !near(v*n-0.5, float32(tt), 1e-4) {
					t.Fatalf("face %d texel %d,%d: direction %v maps back to face %d at %v,%v", f, s, tt, d, face, u*n-0.5, v*n-0.5)
				}
			}
		}
	}
	// The GL table's face centres.
	want := [6]mgl32.Vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	for f, w := range want {
		if d := faceDir(f, 0, 0); d != w {
			t.Errorf("face %d centre = %v, want %v", f, d, w)
		}
	}
	// +X face: s grows towards -Z, t towards -Y (GL's sc = -rz, tc = -ry).
	if d := faceDir(FacePosX, 1, 1); d != (mgl32.Vec3{1, -1, -1}) {
		t.Errorf("+X face corner (1,1) = %v", d)
	}
}

// sky returns an equirectangular image: 1 above the horizon, 0 below.
func sky(w, h int) *HDR {
	m := &HDR{Width: w, Height: h, Pix: make([]float32, 3*w*h)}
	for y := 0; y < h/2; y++ {
		for i := 0; i < 3*w; i++ {
			m.Pix[3*y*w+i] = 1
		}
	}
	return m
}

func TestFromEquirect(t *testing.T) {
	// A marker straight along -Z (u = 0.5, v = 0.5) lands in the centre of the -Z face.
	const w, h = 64, 32
	m := &HDR{Width: w, Height: h, Pix: make([]float32, 3*w*h)}
	for y := h/2 - 2; y < h/2+2; y++ {
		for x := w/2 - 2; x < w/2+2; x++ {
			m.Pix[3*(y*w+x)] = 10
		}
	}
	c, err := FromEquirect(m, 16)
	if err != nil {
		t.Fatal(err)
	}
	if v := c.Sample(mgl32.Vec3{0, 0, -1}); v[0] < 5 {
		t.Errorf("-Z direction samples %v, want the marker", v)
	}
	if v := c.Sample(mgl32.Vec3{0, 0, 1}); v[0] != 0 {
		t.Errorf("+Z direction samples %v, want black", v)
	}
	// The sky image: the +Y face is lit, the -Y face dark.
	if c, err = FromEquirect(sky(64, 32), 8); err != nil {
		t.Fatal(err)
	}
	if up, down := c.Sample(mgl32.Vec3{0, 1, 0}), c.Sample(mgl32.Vec3{0, -1, 0}); up[1] != 1 || down[1] != 0 {
		t.Errorf("up = %v, down = %v", up, down)
	}
	if _, err := FromEquirect(&HDR{}, 8); err == nil {
		t.Error("an empty image converted")
	}
}

func TestIrradianceOfKnownSkies(t *testing.T) {
	// A constant environment of radiance L reflects L for every normal.
	flat := &HDR{Width: 8, Height: 4, Pix: make([]float32, 3*8*4)}
	for i := range flat.Pix {
		flat.Pix[i] = 0.7
	}
	c, _ := FromEquirect(flat, 16)
	irr, err := Irradiance(c, 4)
	if err != nil {
		t.Fatal(err)
	}
	for f := range irr.Faces {
		for _, v := range irr.Faces[f] {
			if !near(v, 0.7, 0.7*0.005) {
				t.Fatalf("constant sky: face %d irradiance %v, want 0.7", f, v)
			}
		}
	}
	// Upper hemisphere of 1: a normal facing up sees E = π (radiance 1),
	// a horizontal one half of it, a downward one none. Order-2 SH gives
	// these exactly for this sky.
	c, _ = FromEquirect(sky(256, 128), 64)
	sh := ProjectSH(c)
	for _, tc := range []struct {
		n    mgl32.Vec3
		want float32
	}{{mgl32.Vec3{0, 1, 0}, 1}, {mgl32.Vec3{1, 0, 0}, 0.5}, {mgl32.Vec3{0, 0, -1}, 0.5}, {mgl32.Vec3{0, -1, 0}, 0}} {
		if got := sh.Radiance(tc.n); !near(got[0], tc.want, 0.02) {
			t.Errorf("half sky, normal %v: %v, want %v", tc.n, got[0], tc.want)
		}
	}
}

func TestPrefilter(t *testing.T) {
	// A black environment with one bright spot along +X.
	c := NewCubemap(32)
	for tt := 14; tt < 18; tt++ {
		for s := 14; s < 18; s++ {
			c.Faces[FacePosX][3*(tt*32+s)] = 100
		}
	}
	levels, err := Prefilter(c, 32, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(levels) != 5 || levels[0].Size != 32 || levels[4].Size != 2 {
		t.Fatalf("levels: %d, sizes %d..%d", len(levels), levels[0].Size, levels[len(levels)-1].Size)
	}
	if v := levels[0].Sample(mgl32.Vec3{1, 0, 0}); !near(v[0], 100, 1) {
		t.Errorf("mirror level at the spot = %v, want 100", v[0])
	}
	// Rougher levels spread the spot: its peak falls and the light around
	// it gains on the peak.
	side := mgl32.Vec3{1, 0.6, 0}.Normalize()
	prevPeak, prevRatio := float32(math.Inf(1)), float32(-1)
	for l, lv := range levels[1:] {
		peak, off := lv.Sample(mgl32.Vec3{1, 0, 0})[0], lv.Sample(side)[0]
		if peak >= prevPeak || off/peak <= prevRatio {
			t.Errorf("level %d: peak %v, side/peak %v after %v, %v", l+1, peak, off/peak, prevPeak, prevRatio)
		}
		if lv.Sample(mgl32.Vec3{-1, 0, 0})[0] > 0.01 {
			t.Errorf("level %d lights the far side: %v", l+1, lv.Sample(mgl32.Vec3{-1, 0, 0}))
		}
		prevPeak, prevRatio = peak, off/peak
	}
	// A constant environment stays constant at every roughness.
	for f := range c.Faces {
		for i := range c.Faces[f] {
			c.Faces[f][i] = 2
		}
	}
	levels, _ = Prefilter(c, 8, 4)
	for l, lv := range levels {
		for f := range lv.Faces {
			for _, v := range lv.Faces[f] {
				if !near(v, 2, 0.01) {
					t.Fatalf("constant sky level %d: %v", l, v)
				}
			}
		}
	}
}

func TestBRDFLUT(t *testing.T) {
	const n = 16
	lut, err := BRDFLUT(n)
	if err != nil {
		t.Fatal(err)
	}
	at := func(i, j int) (float32, float32) { return lut[2*(j*n+i)], lut[2*(j*n+i)+1] }
	// Smooth, seen head-on: all light reflected, F0 alone (scale 1, bias 0).
	if s, b := at(n-1, 0); !near(s, 1, 0.03) || !near(b, 0, 0.01) {
		t.Errorf("smooth head-on = %v, %v; want about 1, 0", s, b)
	}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			s, b := at(i, j)
			if s < 0 || b < 0 || s+b > 1.001 {
				t.Fatalf("texel %d,%d = %v, %v: not energy conserving", i, j, s, b)
			}
		}
	}
	// Roughness loses energy to masking: the head-on sum falls.
	if s0, b0 := at(n-1, 0); true {
		if s1, b1 := at(n-1, n-1); s1+b1 >= s0+b0 {
			t.Errorf("rough head-on %v ≥ smooth %v", s1+b1, s0+b0)
		}
	}
	// Grazing angles raise the Fresnel bias.
	if _, bg := at(0, 0); bg < 0.3 {
		t.Errorf("smooth grazing bias = %v, want Fresnel's rise", bg)
	}
}

func TestNewEnvironment(t *testing.T) {
	env, err := NewEnvironment(sky(64, 32), Options{SkySize: 16, SpecularSize: 16, SpecularLevels: 3, BRDFSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	if env.Sky.Size != 16 || len(env.Specular) != 3 || len(env.Specular[2]) != 3*16*16 || len(env.BRDF) != 2*8*8 {
		t.Fatalf("sizes: sky %d, spec %d, brdf %d", env.Sky.Size, len(env.Specular), len(env.BRDF))
	}
	if up := env.SH.Radiance(mgl32.Vec3{0, 1, 0}); !near(up[0], 1, 0.05) {
		t.Errorf("half sky, facing up: %v", up)
	}
	if _, err := NewEnvironment(sky(8, 4), Options{SpecularSize: 1}); err == nil {
		t.Error("a 1-texel specular level accepted")
	}
}

func BenchmarkNewEnvironment(b *testing.B) {
	m := sky(1024, 512)
	for range b.N {
		if _, err := NewEnvironment(m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestOctahedralMapping(t *testing.T) {
	for _, d := range []mgl32.Vec3{{0, 0, 1}, {0, 0, -1}, {1, 0, 0}, {0, -1, 0}, {0.3, -0.5, 0.8}, {-0.6, 0.2, -0.7}, {0.01, 0.99, -0.1}} {
		d = d.Normalize()
		u, v := OctahedralUV(d)
		if u < 0 || u > 1 || v < 0 || v > 1 {
			t.Fatalf("%v maps outside the square: %v, %v", d, u, v)
		}
		if back := OctahedralDirection(u, v); back.Sub(d).Len() > 1e-5 {
			t.Errorf("%v -> (%v, %v) -> %v", d, u, v, back)
		}
	}
	if u, v := OctahedralUV(mgl32.Vec3{0, 0, 1}); u != 0.5 || v != 0.5 {
		t.Errorf("+Z at %v, %v, want the centre", u, v)
	}
}

func TestOctahedralLevels(t *testing.T) {
	c := NewCubemap(16)
	for tt := 6; tt < 10; tt++ {
		for s := 6; s < 10; s++ {
			c.Faces[FacePosZ][3*(tt*16+s)+1] = 50 // a green spot along +Z
		}
	}
	levels, err := OctahedralLevels(c, 32, 4)
	if err != nil {
		t.Fatal(err)
	}
	centre := func(l []float32) float32 { return l[3*(16*32+16)+1] }
	if centre(levels[0]) < 40 {
		t.Errorf("mirror level at +Z = %v, want the spot", centre(levels[0]))
	}
	for l := 1; l < len(levels); l++ {
		if centre(levels[l]) >= centre(levels[l-1]) {
			t.Errorf("level %d peak %v not below level %d's %v", l, centre(levels[l]), l-1, centre(levels[l-1]))
		}
	}
	if levels[3][1] > 0.01 { // the corner texel looks along -Z
		t.Errorf("the far side is lit: %v", levels[3][1])
	}
}

func TestProceduralSky(t *testing.T) {
	m := ProceduralSky(128, 64, SkyOptions{SunDir: mgl32.Vec3{0, 0, -1}, SunSize: 5})
	c, err := FromEquirect(m, 32)
	if err != nil {
		t.Fatal(err)
	}
	if sun := c.Sample(mgl32.Vec3{0, 0, -1}); sun[0] < 40 {
		t.Errorf("looking at the sun: %v", sun)
	}
	if up := c.Sample(mgl32.Vec3{0, 1, 0}); !near(up[2], 0.9, 0.05) || up[0] > 0.3 {
		t.Errorf("the zenith: %v", up)
	}
	if down := c.Sample(mgl32.Vec3{0.3, -1, 0.2}); down.Sub(mgl32.Vec3{0.25, 0.2, 0.15}).Len() > 1e-5 {
		t.Errorf("the ground: %v", down)
	}
}

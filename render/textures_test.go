package render_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// panics returns the panic message of fn, or "" if it returned.
func panics(fn func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprint(p)
		}
	}()
	fn()
	return ""
}

// Bad descriptions and pixel counts panic at record time, naming the
// reason; good ones of every kind and format record.
func TestCreateTextureChecksDescriptions(t *testing.T) {
	for _, c := range []struct {
		name string
		desc render.TextureDesc
		n    int
		want string // "" records
	}{
		{"2D RGBA8", render.TextureDesc{Width: 2, Height: 3}, 24, ""},
		{"2D RGBA8 uninitialized", render.TextureDesc{Width: 2, Height: 3}, 0, ""},
		{"R16F", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatR16F}, 8, ""},
		{"RG16F", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatRG16F}, 16, ""},
		{"RGBA16F", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatRGBA16F}, 32, ""},
		{"R32F", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatR32F}, 16, ""},
		{"RG32F", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatRG32F}, 32, ""},
		{"RGBA32F", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatRGBA32F}, 64, ""},
		{"R32UI", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatR32UI, Filter: render.FilterNearest}, 16, ""},
		{"array", render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureArray, Layers: 3}, 48, ""},
		{"3D RGBA32F", render.TextureDesc{Width: 2, Height: 2, Kind: render.Texture3D, Layers: 2, Format: render.FormatRGBA32F}, 128, ""},
		{"cube", render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureCube, Mipmaps: true}, 96, ""},
		{"short float", render.TextureDesc{Width: 2, Height: 2, Format: render.FormatRGBA32F}, 16, "16 bytes for 2x2x1 RGBA32F (want 64)"},
		{"short array", render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureArray, Layers: 3}, 16, "16 bytes for 2x2x3 RGBA8 (want 48)"},
		{"short cube", render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureCube}, 16, "16 bytes for 2x2x6 RGBA8 (want 96)"},
		{"size", render.TextureDesc{Width: 0, Height: 2}, 0, "bad size 0x2"},
		{"huge", render.TextureDesc{Width: 1 << 20, Height: 1}, 0, "bad size 1048576x1"},
		{"format", render.TextureDesc{Width: 1, Height: 1, Format: 99}, 0, "unknown format 99"},
		{"kind", render.TextureDesc{Width: 1, Height: 1, Kind: 9}, 0, "unknown kind 9"},
		{"2D layers", render.TextureDesc{Width: 1, Height: 1, Layers: 2}, 0, "a 2D texture has no Layers (got 2)"},
		{"array without layers", render.TextureDesc{Width: 1, Height: 1, Kind: render.TextureArray}, 0, "a array texture needs Layers in 1..32768 (got 0)"},
		{"3D without layers", render.TextureDesc{Width: 1, Height: 1, Kind: render.Texture3D, Layers: -1}, 0, "a 3D texture needs Layers"},
		{"cube layers", render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureCube, Layers: 6}, 0, "a cube texture has no Layers"},
		{"cube not square", render.TextureDesc{Width: 2, Height: 4, Kind: render.TextureCube}, 0, "a cube map's faces are square (got 2x4)"},
		{"R32UI linear", render.TextureDesc{Width: 1, Height: 1, Format: render.FormatR32UI}, 0, "format R32UI samples nearest only"},
		{"R32UI mipmaps", render.TextureDesc{Width: 1, Height: 1, Format: render.FormatR32UI, Filter: render.FilterNearest, Mipmaps: true}, 0, "format R32UI has no mipmaps"},
	} {
		f := render.NewFrame()
		got := panics(func() { f.CreateTexture(c.desc, make([]byte, c.n)) })
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: panic %q, want %q", c.name, got, c.want)
		}
		if c.want == "" {
			b := null.New()
			b.Init()
			if err := b.Execute(f); err != nil {
				t.Errorf("%s: null backend: %v", c.name, err)
			}
		}
	}
}

// Each format's texel size and channels, and the layer counts of kinds.
func TestFormatLayout(t *testing.T) {
	for _, c := range []struct {
		f         render.Format
		name      string
		bytes, ch int
		float     bool
	}{
		{render.FormatRGBA8, "RGBA8", 4, 4, false},
		{render.FormatSRGB8A8, "SRGB8A8", 4, 4, false},
		{render.FormatRGBA16F, "RGBA16F", 8, 4, true},
		{render.FormatR16F, "R16F", 2, 1, true},
		{render.FormatRG16F, "RG16F", 4, 2, true},
		{render.FormatRGBA32F, "RGBA32F", 16, 4, true},
		{render.FormatR32F, "R32F", 4, 1, true},
		{render.FormatRG32F, "RG32F", 8, 2, true},
		{render.FormatR32UI, "R32UI", 4, 1, false},
	} {
		if c.f.String() != c.name || c.f.BytesPerTexel() != c.bytes || c.f.Channels() != c.ch || c.f.Float() != c.float || !c.f.Valid() {
			t.Errorf("%v: %d bytes, %d channels, float %v; want %s %d %d %v", c.f, c.f.BytesPerTexel(), c.f.Channels(), c.f.Float(), c.name, c.bytes, c.ch, c.float)
		}
		if c.f.Integer() != (c.f == render.FormatR32UI) {
			t.Errorf("%v: Integer %v", c.f, c.f.Integer())
		}
	}
	if f := render.Format(99); f.Valid() || f.BytesPerTexel() != 0 || f.String() != "Format(invalid)" {
		t.Errorf("format 99: valid %v, %d bytes, %q", f.Valid(), f.BytesPerTexel(), f.String())
	}
	if n := (render.TextureDesc{Width: 3, Height: 2, Kind: render.TextureCube, Format: render.FormatRG16F}).Bytes(); n != 3*2*6*4 {
		t.Errorf("cube RG16F 3x2: %d bytes", n)
	}
}

// Half floats convert exactly where a half holds the value and round to
// nearest even otherwise; AppendFloat32s and AppendHalfs write
// little-endian.
func TestHalfFloats(t *testing.T) {
	for _, c := range []struct {
		x float32
		h uint16
	}{
		{0, 0}, {1, 0x3c00}, {-2, 0xc000}, {1.5, 0x3e00}, {65504, 0x7bff}, {65520, 0x7c00},
		{float32(math.Inf(-1)), 0xfc00}, {0.5, 0x3800}, {6.103515625e-05, 0x0400}, // smallest normal
		{5.960464477539063e-08, 0x0001},                // smallest subnormal
		{1 + 1.0/2048, 0x3c00}, {1 + 3.0/2048, 0x3c02}, // ties to even
		{float32(math.Copysign(0, -1)), 0x8000}, {1e-9, 0},
	} {
		if got := render.Half(c.x); got != c.h {
			t.Errorf("Half(%g) = %#04x, want %#04x", c.x, got, c.h)
		}
	}
	for h := 0; h < 0x10000; h++ {
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			if v := render.HalfToFloat32(uint16(h)); v == v {
				t.Fatalf("HalfToFloat32(%#04x) = %g, want NaN", h, v)
			}
			continue
		}
		if back := render.Half(render.HalfToFloat32(uint16(h))); back != uint16(h) {
			t.Fatalf("Half(HalfToFloat32(%#04x)) = %#04x", h, back)
		}
	}
	if got := render.AppendFloat32s(nil, []float32{1.5, -2}); string(got) != "\x00\x00\xc0\x3f\x00\x00\x00\xc0" {
		t.Errorf("AppendFloat32s: % x", got)
	}
	if got := render.AppendHalfs([]byte{9}, []float32{1, -2}); string(got) != "\x09\x00\x3c\x00\xc0" {
		t.Errorf("AppendHalfs: % x", got)
	}
	if got := render.AppendUint32s(nil, []uint32{0x01020304}); string(got) != "\x04\x03\x02\x01" {
		t.Errorf("AppendUint32s: % x", got)
	}
}

// Updates of a layer, face or slice are checked against the texture by
// the backend: the layer, the rectangle and the byte count of its format.
func TestUpdateTextureLayerChecked(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	arr := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureArray, Layers: 3, Format: render.FormatRGBA32F}, nil)
	cube := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Kind: render.TextureCube, Format: render.FormatR16F}, nil)
	f.UpdateTextureLayer(arr, 2, render.Rect{X: 1, Y: 1, W: 2, H: 1}, make([]byte, 32))
	f.UpdateTextureLayer(cube, 5, render.Rect{W: 2, H: 2}, make([]byte, 8))
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	f.Reset()
	f.UpdateTextureLayer(arr, 3, render.Rect{W: 1, H: 1}, make([]byte, 16))
	f.UpdateTextureLayer(arr, 0, render.Rect{X: 3, W: 2, H: 1}, make([]byte, 32))
	f.UpdateTextureLayer(cube, 0, render.Rect{W: 1, H: 1}, make([]byte, 4))
	f.UpdateTexture(arr, render.Rect{W: 1, H: 1}, make([]byte, 4))
	err := b.Execute(f)
	for _, want := range []string{
		"UpdateTexture: " + arr.String() + ": layer 3 outside 0..2 of a array texture",
		"UpdateTexture: " + arr.String() + ": rect {3 0 2 1} outside 4x4",
		"UpdateTexture: " + cube.String() + ": 4 bytes for rect {0 0 1 1} of R16F (want 2)",
		"UpdateTexture: " + arr.String() + ": 4 bytes for rect {0 0 1 1} of RGBA32F (want 16)",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want %q", err, want)
		}
	}
	for _, fn := range []func(){
		func() { f.UpdateTextureLayer(arr, -1, render.Rect{W: 1, H: 1}, make([]byte, 16)) },
		func() { f.UpdateTextureLayer(arr, 0, render.Rect{}, make([]byte, 16)) },
		func() { f.UpdateTextureLayer(arr, 0, render.Rect{W: 1, H: 1}, nil) },
	} {
		if got := panics(fn); !strings.Contains(got, "UpdateTextureLayer") {
			t.Errorf("panic %q", got)
		}
	}
}

// CreateTarget refuses integer formats with samples and unknown depth
// modes at record time; the backends refuse the same in edited commands.
func TestCreateTargetChecksNewModes(t *testing.T) {
	for _, c := range []struct {
		desc render.TargetDesc
		want string
	}{
		{render.TargetDesc{Width: 2, Height: 2, Format: render.FormatR32UI, Samples: 4}, "integer format R32UI is not multisampled"},
		{render.TargetDesc{Width: 2, Height: 2, Depth: render.DepthTexture + 1}, "bad description"},
		{render.TargetDesc{Width: 2, Height: 2, Format: render.FormatRG32F, Colors: 3, Depth: render.DepthTexture, Samples: 4}, ""},
	} {
		f := render.NewFrame()
		if got := panics(func() { f.CreateTarget(c.desc) }); c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%+v: panic %q, want %q", c.desc, got, c.want)
		}
	}
	b := null.New()
	b.Init()
	f := render.NewFrame()
	tg, _ := f.CreateTarget(render.TargetDesc{Width: 2, Height: 2, Format: render.FormatR32UI})
	f.Resources()[0].TargetDesc.Samples = 2
	f.CreateTarget(render.TargetDesc{Width: 2, Height: 2, Depth: render.DepthTexture})
	f.Resources()[1].DepthTexture = 0
	err := b.Execute(f)
	for _, want := range []string{"CreateTarget: " + tg.String() + ": integer formats (R32UI) are not multisampled", "DepthTexture is set for a target of another depth mode, or missing"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("null: %v, want %q", err, want)
		}
	}
}

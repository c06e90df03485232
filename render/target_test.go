package render_test

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

// panicMessage runs f and returns what it panicked with, or "".
func panicMessage(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg, _ = r.(string)
		}
	}()
	f()
	return ""
}

// A target with several color attachments gets a texture handle for each,
// TargetTexture returns them, and deleting the target releases them all:
// the next target's handles never equal the deleted ones.
func TestTargetAttachments(t *testing.T) {
	f := render.NewFrame()
	id, tex := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatRGBA16F, Colors: 3})
	var texs []render.TextureID
	for i := range render.MaxColorAttachments {
		texs = append(texs, f.TargetTexture(id, i))
	}
	if texs[0] != tex || texs[1] == 0 || texs[2] == 0 || texs[3] != 0 || texs[1] == texs[2] || texs[1] == tex {
		t.Fatalf("attachment textures %v (first %v)", texs, tex)
	}
	if got := f.TargetTexture(id, -1); got != 0 {
		t.Errorf("TargetTexture(-1) = %v", got)
	}
	c := f.Resources()[0]
	if c.Op != render.OpCreateTarget || c.Attachments[0] != tex || c.Attachments[1] != texs[1] || c.Attachments[2] != texs[2] ||
		c.Desc.Format != render.FormatRGBA16F {
		t.Errorf("create command %+v", c)
	}
	f.DeleteTarget(id)
	if got := f.TargetTexture(id, 1); got != 0 {
		t.Errorf("TargetTexture of a deleted target = %v", got)
	}
	if d := f.Deletes()[0]; d.Attachments != c.Attachments {
		t.Errorf("delete command attachments %v, want %v", d.Attachments, c.Attachments)
	}
	f.Reset() // makes the freed slots reusable
	id2, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Colors: 3})
	for i := range 3 {
		n := f.TargetTexture(id2, i)
		for _, old := range texs[:3] {
			if n == old {
				t.Errorf("attachment %d: handle %v equals a deleted one", i, n)
			}
		}
	}
}

// A shadow-map target has one texture (its depth) and no color; the
// descriptions that make no sense panic with a message saying why.
func TestTargetDescriptions(t *testing.T) {
	f := render.NewFrame()
	id, tex := f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Depth: render.DepthShadow})
	if tex == 0 || f.TargetTexture(id, 1) != 0 {
		t.Errorf("shadow target textures %v, %v", tex, f.TargetTexture(id, 1))
	}
	if n := (render.TargetDesc{Depth: render.DepthShadow}).Attachments(); n != 0 {
		t.Errorf("shadow map has %d color attachments", n)
	}
	if n := (render.TargetDesc{}).Attachments(); n != 1 {
		t.Errorf("default target has %d color attachments", n)
	}
	for _, c := range []struct {
		desc render.TargetDesc
		want string
	}{
		{render.TargetDesc{Width: 4, Height: 4, Colors: render.MaxColorAttachments + 1}, "bad description"},
		{render.TargetDesc{Width: 4, Height: 4, Format: 99}, "bad description"},
		{render.TargetDesc{Width: 4, Height: 4, Depth: render.DepthShadow, Colors: 2}, "no color"},
		{render.TargetDesc{Width: 4, Height: 4, Depth: render.DepthShadow, Samples: 4}, "no samples"},
		{render.TargetDesc{Width: 0, Height: 4}, "bad size"},
	} {
		if msg := panicMessage(func() { f.CreateTarget(c.desc) }); !strings.Contains(msg, c.want) {
			t.Errorf("CreateTarget(%+v) panicked %q, want %q", c.desc, msg, c.want)
		}
	}
	msg := panicMessage(func() {
		f.CreateTexture(render.TextureDesc{Width: 1, Height: 1, Format: render.FormatRGBA16F}, make([]byte, 4))
	})
	if !strings.Contains(msg, "RGBA16F") {
		t.Errorf("float texture panicked %q", msg)
	}
	f.CreateTexture(render.TextureDesc{Width: 1, Height: 1, Format: render.FormatSRGB8A8}, make([]byte, 4))
}

// Formats name themselves and say whether lit meshes write linear light
// into them.
func TestFormats(t *testing.T) {
	for f, want := range map[render.Format]string{render.FormatRGBA8: "RGBA8", render.FormatSRGB8A8: "SRGB8A8", render.FormatRGBA16F: "RGBA16F", 200: "Format(invalid)"} {
		if f.String() != want {
			t.Errorf("%d.String() = %q, want %q", f, f.String(), want)
		}
	}
	if render.FormatRGBA8.Linear() || !render.FormatSRGB8A8.Linear() || !render.FormatRGBA16F.Linear() {
		t.Error("Linear: only sRGB and float targets keep linear light")
	}
}

// Lights: AddPoint stops at MaxPointLights; Lit is false for the zero
// value and true with any light.
func TestLights(t *testing.T) {
	var l render.Lights
	if l.Lit() {
		t.Error("zero Lights are lit")
	}
	for i := range render.MaxPointLights {
		if !l.AddPoint(render.PointLight{Range: float32(i + 1)}) {
			t.Fatalf("point light %d refused", i)
		}
	}
	if l.AddPoint(render.PointLight{}) || l.NumPoints != render.MaxPointLights {
		t.Errorf("AddPoint past the limit: %d lights", l.NumPoints)
	}
	if !l.Lit() || l.Points[render.MaxPointLights-1].Range != render.MaxPointLights {
		t.Errorf("lights %+v", l)
	}
	sun := render.Lights{SunDir: [3]float32{0, -1, 0}}
	if !sun.Lit() {
		t.Error("a sun does not light")
	}
}

package null_test

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// wantErr runs f and checks that its error contains every string of want.
func wantErr(t *testing.T, b *null.Backend, f *render.Frame, name string, want ...string) {
	t.Helper()
	err := run(t, b, f)
	if err == nil {
		t.Errorf("%s: no error", name)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: error %q lacks %q", name, err, w)
		}
	}
}

// Every attachment of a target is a live texture, created and deleted with
// the target; a shadow map has one, its depth texture.
func TestTargetAttachmentsAreTextures(t *testing.T) {
	b := null.New()
	b.Init()
	defer b.Shutdown()
	f := render.NewFrame()
	mrt, first := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Colors: 3, Format: render.FormatRGBA16F, Samples: 4})
	shadow, depth := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Depth: render.DepthShadow})
	srgb, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatSRGB8A8})
	third := f.TargetTexture(mrt, 2)
	if first == 0 || third == 0 || depth == 0 || f.TargetTexture(mrt, 3) != 0 {
		t.Fatalf("textures %v %v %v %v", first, third, depth, f.TargetTexture(mrt, 3))
	}
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	if got, want := b.Live(), (null.Counts{Textures: 3 + 1 + 1, Targets: 3}); got != want {
		t.Fatalf("live %+v, want %+v", got, want)
	}
	// An attachment is the target's: not deleted alone.
	f.DeleteTexture(third)
	wantErr(t, b, f, "delete attachment", "DeleteTexture", "belongs to "+mrt.String())
	for _, tg := range []render.TargetID{mrt, shadow, srgb} {
		f.DeleteTarget(tg)
	}
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	if got := b.Live(); got != (null.Counts{}) {
		t.Fatalf("live after deleting the targets %+v", got)
	}
	f.BeginPass(render.Pass{})
	f.DrawSprite(&render.Sprite{Texture: third})
	wantErr(t, b, f, "attachment after delete", "DrawSprite", "deleted "+third.String())
}

// A texture is RGBA8 or SRGB8A8; a target's description is checked as
// render/gl checks it, whoever built the command.
func TestFormatsAndDescriptions(t *testing.T) {
	b := null.New()
	b.Init()
	defer b.Shutdown()
	f := render.NewFrame()
	tex := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Format: render.FormatSRGB8A8}, nil)
	if err := run(t, b, f); err != nil {
		t.Fatalf("sRGB texture: %v", err)
	}
	f.DeleteTexture(tex)
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	// Frame refuses bad descriptions itself (it panics); a backend gets
	// them only from hand-made frames, so build the command by hand.
	for _, c := range []struct {
		name string
		desc render.TargetDesc
		want string
	}{
		{"format", render.TargetDesc{Width: 4, Height: 4, Format: 9}, "unknown format"},
		{"colors", render.TargetDesc{Width: 4, Height: 4, Colors: 5}, "Colors 5 outside 0..4"},
		{"shadow with color", render.TargetDesc{Width: 4, Height: 4, Depth: render.DepthShadow, Colors: 1}, "no color and no samples"},
		{"shadow with samples", render.TargetDesc{Width: 4, Height: 4, Depth: render.DepthShadow, Samples: 4}, "no color and no samples"},
	} {
		cmd := render.ResourceCommand{Op: render.OpCreateTarget, Target: 77, Texture: 78, Attachments: [4]render.TextureID{78, 79, 80, 81}, TargetDesc: c.desc}
		hand := &handFrame{cmd: cmd}
		err := b.Execute(hand.frame())
		if err == nil || !strings.Contains(err.Error(), "CreateTarget: target#77.0: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v", c.name, err)
		}
	}
	if got := b.Live(); got != (null.Counts{}) {
		t.Errorf("live after refused creates %+v", got)
	}
}

// handFrame is a frame whose single resource command is built by hand.
type handFrame struct{ cmd render.ResourceCommand }

// frame returns a frame holding h.cmd. Frame offers no way to append a
// raw command, so it records a target creation and edits it in place.
func (h *handFrame) frame() *render.Frame {
	f := render.NewFrame()
	f.CreateTarget(render.TargetDesc{Width: 1, Height: 1})
	f.Resources()[0] = h.cmd
	f.SetNumber(1)
	return f
}

// No draw samples a texture of the target it renders into: its own
// texture, another attachment, a material map, a full-screen input.
func TestSamplingOwnTarget(t *testing.T) {
	b := null.New()
	b.Init()
	defer b.Shutdown()
	f := render.NewFrame()
	tg, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Colors: 2})
	second := f.TargetTexture(tg, 1)
	mesh := f.CreateMesh(make([]render.MeshVertex, 3), []uint32{0, 1, 2})
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	f.BeginPass(render.Pass{Target: tg})
	f.DrawSprite(&render.Sprite{Texture: second})
	wantErr(t, b, f, "sprite", "DrawSprite (batch 0, pass 0): samples "+second.String()+" while rendering into "+tg.String())
	f.BeginPass(render.Pass{Target: tg})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Material: render.Material{NormalMap: second}})
	wantErr(t, b, f, "material map", "DrawMesh (batch 0, pass 0): Material.NormalMap: samples "+second.String())
	f.BeginPass(render.Pass{Target: tg})
	f.DrawFullscreen(&render.FullscreenDraw{Inputs: [3]render.TextureID{0, 0, second}})
	wantErr(t, b, f, "input", "DrawFullscreen (batch 0, pass 0): Inputs[2]: samples "+second.String())
	// Sampled from another pass, all is well.
	f.BeginPass(render.Pass{})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Material: render.Material{NormalMap: second, EmissiveMap: second}})
	f.DrawFullscreen(&render.FullscreenDraw{Texture: second, Inputs: [3]render.TextureID{second}})
	if err := run(t, b, f); err != nil {
		t.Errorf("sampling from another pass: %v", err)
	}
	// Maps and inputs must be live.
	f.BeginPass(render.Pass{})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Material: render.Material{OcclusionMap: render.TextureID(555)}})
	f.DrawFullscreen(&render.FullscreenDraw{Inputs: [3]render.TextureID{render.TextureID(556)}})
	wantErr(t, b, f, "unknown maps", "Material.OcclusionMap: unknown texture#555.0", "Inputs[0]: unknown texture#556.0")
}

// Shadow maps: meshes alone draw into them; their texture is sampled only
// through Lights.Shadow, which must be a live shadow map; they cannot be
// read back or updated.
func TestShadowMapRules(t *testing.T) {
	b := null.New()
	b.Init()
	defer b.Shutdown()
	f := render.NewFrame()
	sm, depth := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Depth: render.DepthShadow})
	_, color := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8})
	mesh := f.CreateMesh(make([]render.MeshVertex, 3), []uint32{0, 1, 2})
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	lit := render.Pass{Lights: render.Lights{Ambient: mgl32.Vec3{1, 1, 1}, Shadow: depth}}
	f.BeginPass(render.Pass{Target: sm, Clear: render.ClearDepth})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh})
	f.BeginPass(lit)
	f.DrawMesh(&render.MeshDraw{Mesh: mesh})
	if err := run(t, b, f); err != nil {
		t.Fatalf("shadow pass then lit pass: %v", err)
	}
	f.BeginPass(render.Pass{Target: sm})
	f.DrawSprite(&render.Sprite{})
	f.DrawFullscreen(&render.FullscreenDraw{})
	wantErr(t, b, f, "color draws", "DrawSprite (batch 0, pass 0): draws nothing into shadow map "+sm.String(),
		"DrawFullscreen (batch 1, pass 0): draws nothing into shadow map "+sm.String())
	f.BeginPass(render.Pass{})
	f.DrawSprite(&render.Sprite{Texture: depth})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Material: render.Material{EmissiveMap: depth}})
	// (Meshes sort before sprites.)
	wantErr(t, b, f, "sampled", "DrawSprite (batch 1, pass 0): "+depth.String()+" is a shadow map",
		"DrawMesh (batch 0, pass 0): Material.EmissiveMap: "+depth.String()+" is a shadow map")
	bad := lit
	bad.Lights.Shadow = color
	f.BeginPass(bad)
	bad.Lights.Shadow = render.TextureID(999)
	f.BeginPass(bad)
	wantErr(t, b, f, "Lights.Shadow", "BeginPass (pass 0): Lights.Shadow: "+color.String()+" is not a shadow map",
		"BeginPass (pass 1): Lights.Shadow: unknown texture#999.0")
	f.ReadPixels(sm, render.Rect{}, nil)
	f.UpdateTexture(depth, render.Rect{W: 1, H: 1}, make([]byte, 4))
	wantErr(t, b, f, "read and update", "ReadPixels: "+sm.String()+" is a shadow map", "UpdateTexture: "+depth.String()+" is a shadow map")
	f.DeleteTarget(sm)
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	f.BeginPass(lit)
	wantErr(t, b, f, "deleted shadow map", "BeginPass (pass 0): Lights.Shadow: deleted "+depth.String())
}

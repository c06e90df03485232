package null_test

import (
	"image"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

func run(t *testing.T, b *null.Backend, f *render.Frame) error {
	t.Helper()
	f.SetNumber(f.Number() + 1)
	err := b.Execute(f)
	f.Reset()
	return err
}

func TestValidation(t *testing.T) {
	b := null.New()
	if err := b.Execute(render.NewFrame()); err == nil {
		t.Error("Execute before Init succeeded")
	}
	b.Init()
	f := render.NewFrame()
	tex := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4}, make([]byte, 64))
	tg, color := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8})
	mesh := f.CreateMesh([]render.MeshVertex{{}, {}, {}}, []uint32{0, 1, 2})
	sh := f.CreateShader(render.ShaderDesc{})
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	if got, want := b.Live(), (null.Counts{Textures: 2, Meshes: 1, Shaders: 1, Targets: 1}); got != want {
		t.Fatalf("live %+v, want %+v", got, want)
	}

	cases := []struct {
		name   string
		record func(f *render.Frame)
		want   []string
	}{
		{"update outside", func(f *render.Frame) {
			f.UpdateTexture(tex, render.Rect{X: 3, Y: 3, W: 2, H: 2}, make([]byte, 16))
		}, []string{"UpdateTexture", tex.String(), "outside 4x4"}},
		{"feedback", func(f *render.Frame) {
			f.BeginPass(render.Pass{Target: tg})
			f.DrawSprite(&render.Sprite{Texture: color})
		}, []string{"DrawSprite (batch 0, pass 0)", "samples " + color.String() + " while rendering into " + tg.String()}},
		{"delete target texture", func(f *render.Frame) {
			f.DeleteTexture(color)
		}, []string{"DeleteTexture", "belongs to " + tg.String()}},
		{"unknown shader", func(f *render.Frame) {
			f.BeginPass(render.Pass{})
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Shader: render.ShaderID(99)})
		}, []string{"DrawMesh", "unknown shader#99.0"}},
		{"bad index", func(f *render.Frame) {
			f.CreateMesh([]render.MeshVertex{{}}, []uint32{0, 0, 5})
		}, []string{"CreateMesh", "index 5 out of 1 vertices"}},
		{"read-back of unknown target", func(f *render.Frame) {
			f.ReadPixels(render.TargetID(42), render.Rect{}, nil)
		}, []string{"ReadPixels", "unknown target#42.0"}},
	}
	for _, c := range cases {
		c.record(f) // one frame, one handle space

		err := run(t, b, f)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
	}

	// Deleting works once; a second delete and a later use name the handle as deleted.
	f.DeleteTexture(tex)
	f.DeleteShader(sh)
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	f.DeleteTexture(tex)
	f.BeginPass(render.Pass{})
	f.DrawSprite(&render.Sprite{Texture: tex, Shader: sh})
	f.DrawFullscreen(&render.FullscreenDraw{Texture: tex})
	err := run(t, b, f)
	if err == nil {
		t.Fatal("use of deleted handles passed")
	}
	for _, w := range []string{"DeleteTexture: deleted " + tex.String(), "DrawSprite", "deleted " + sh.String(), "DrawFullscreen"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	f.DeleteTarget(tg)
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	if got, want := b.Live(), (null.Counts{Meshes: 1}); got != want {
		t.Errorf("live %+v, want %+v", got, want)
	}
	b.Shutdown()
	if got := b.Live(); got != (null.Counts{}) {
		t.Errorf("live after Shutdown %+v", got)
	}
}

func TestStatsAndReadBack(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	f.SetScreenSize(10, 6)
	m := f.CreateMesh(make([]render.MeshVertex, 4), []uint32{0, 1, 2, 2, 3, 0})
	f.BeginPass(render.Pass{ViewProj: mgl32.Ident4()})
	for i := 0; i < 5; i++ {
		f.DrawSprite(&render.Sprite{})
	}
	f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4()})
	f.DrawFullscreen(&render.FullscreenDraw{})
	var got image.Rectangle
	f.ReadPixels(0, render.Rect{}, func(img *image.RGBA) { got = img.Bounds() })
	f.SetNumber(1)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	st := f.Stats
	if st.DrawCalls != 3 || st.Triangles != 10+2+1 || st.BytesUploaded != 4*52+6*4+5*44 {
		t.Errorf("stats %+v", st)
	}
	if got != image.Rect(0, 0, 10, 6) {
		t.Errorf("read-back %v", got)
	}
	if b.Frames() != 1 || b.Total().DrawCalls != 3 {
		t.Errorf("frames %d, total %+v", b.Frames(), b.Total())
	}
}

// ReplaceTexture keeps the handle and changes the size that later commands
// are checked against; unknown handles and targets' textures are refused.
func TestReplaceTexture(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	tex := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4}, nil)
	_, color := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8})
	if err := run(t, b, f); err != nil {
		t.Fatal(err)
	}
	f.ReplaceTexture(tex, render.TextureDesc{Width: 16, Height: 16}, nil)
	f.UpdateTexture(tex, render.Rect{X: 8, Y: 8, W: 8, H: 8}, make([]byte, 8*8*4)) // fits only the new size
	if err := run(t, b, f); err != nil {
		t.Fatalf("replace then update: %v", err)
	}
	if got := b.Live().Textures; got != 2 {
		t.Fatalf("%d live textures after a replace, want 2", got)
	}
	f.ReplaceTexture(color, render.TextureDesc{Width: 4, Height: 4}, nil)
	f.ReplaceTexture(render.TextureID(99), render.TextureDesc{Width: 4, Height: 4}, nil)
	err := run(t, b, f)
	if err == nil || !strings.Contains(err.Error(), "belongs to") || !strings.Contains(err.Error(), "ReplaceTexture: unknown") {
		t.Fatalf("want both refusals, got %v", err)
	}
}

// The null backend has no GPU: it reports its passes by name with zero times.
func TestGPUPassNames(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	f.SetNumber(7)
	f.BeginPass(render.Pass{Name: "scene"})
	f.BeginPass(render.Pass{})
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	st := f.Stats
	if !st.NoGPUTimes || st.PassCount != 2 || st.GPUFrameNumber != 7 || st.GPUFrame != 0 {
		t.Fatalf("stats %+v", st)
	}
	if p := st.GPUPasses[:2]; p[0] != (render.PassTime{Name: "scene"}) || p[1] != (render.PassTime{Name: "pass 1"}) {
		t.Fatalf("passes %+v, want scene and pass 1 at zero", p)
	}
}

// Stats.LiveObjects follows the frame's creates and deletes, so a soak can
// see a leak from the stats alone.
func TestStatsLiveObjects(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	f.SetNumber(1)
	tex := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4}, make([]byte, 64))
	mesh := f.CreateMesh([]render.MeshVertex{{}, {}, {}}, []uint32{0, 1, 2})
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	if f.Stats.LiveObjects != 2 {
		t.Errorf("after two creates LiveObjects = %d, want 2", f.Stats.LiveObjects)
	}
	f.Reset()
	f.SetNumber(2)
	f.DeleteTexture(tex)
	f.DeleteMesh(mesh)
	if err := b.Execute(f); err != nil {
		t.Fatal(err)
	}
	if f.Stats.LiveObjects != 0 {
		t.Errorf("after deleting both LiveObjects = %d, want 0", f.Stats.LiveObjects)
	}
}

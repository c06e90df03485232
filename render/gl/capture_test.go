package gl_test

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

func TestCaptureFrame(t *testing.T) {
	eachMode(t, func(t *testing.T, h *harness) {
		dir := t.TempDir()
		if keep := os.Getenv("TACT_CAPTURE_DIR"); keep != "" {
			dir = filepath.Join(keep, filepath.Base(t.Name())) // to look at the page
		}
		done := make(chan error, 1)
		_, _, err := h.frame(func(f *render.Frame) {
			tg, tex := f.CreateTarget(render.TargetDesc{Width: 16, Height: 16})
			sm, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Depth: render.DepthShadow})
			v, i := quad(0, 0, 1, 1, 0, true)
			m := f.CreateMesh(v, i)
			f.CaptureFrame(dir, func(err error) { done <- err })
			f.BeginPass(render.Pass{Name: "shadow", Target: sm, Clear: render.ClearDepth, ViewProj: mgl32.Ident4()})
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4()})
			f.BeginPass(render.Pass{Name: "into target", Target: tg, Clear: render.ClearColor, ClearColor: mgl32.Vec4{1, 0, 0, 1},
				ViewProj: mgl32.Ortho(0, 16, 0, 16, -1, 1)})
			f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{8, 8}, Color: render.RGBA(0, 0, 255, 255)})
			f.BeginPass(render.Pass{Name: "to screen", Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 1, 0, 1}})
			f.DrawFullscreen(&render.FullscreenDraw{Texture: tex, Color: mgl32.Vec4{1, 1, 1, 1}, Params: [4]mgl32.Vec4{{0.5}}})
			f.BeginPass(render.Pass{Name: "overlay", ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -10, 10)})
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Scale3D(8, 8, 1), Color: mgl32.Vec4{1, 1, 0, 1}, State: render.RenderState{Cull: render.CullBack}})
			f.DeleteMesh(m)
			f.DeleteTarget(tg)
			f.DeleteTarget(sm)
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Pass 0: shadow", "a shadow map", "Pass 1: into target", "Pass 3: overlay",
			"DrawSprite", "DrawFullscreen", "DrawMesh", "CreateTarget", "Cull:1", `src="pass-01.png"`, "0.5 0 0 0"} {
			if !strings.Contains(string(page), want) {
				t.Errorf("index.html lacks %q", want)
			}
		}
		// Each picture is its pass's as the pass left it: the screen shows
		// the target before the overlay draws over its corner.
		for _, c := range []struct {
			file string
			x, y int
			want color.RGBA
		}{
			{"pass-01.png", 4, 12, blue}, {"pass-01.png", 12, 4, red},
			{"pass-02.png", 4, 44, blue}, {"pass-02.png", 2, screenH - 2, blue}, {"pass-02.png", 60, 4, red},
			{"pass-03.png", 2, screenH - 2, color.RGBA{255, 255, 0, 255}}, {"pass-03.png", 60, 4, red},
		} {
			fh, err := os.Open(filepath.Join(dir, c.file))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(fh)
			fh.Close()
			if err != nil {
				t.Fatal(err)
			}
			r, g, b, a := img.At(c.x, c.y).RGBA()
			got := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
			if !near(got, c.want, 3) {
				t.Errorf("%s (%d,%d) = %v, want %v", c.file, c.x, c.y, got, c.want)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "pass-00.png")); err == nil {
			t.Error("a shadow map pass wrote a picture")
		}
	})
}

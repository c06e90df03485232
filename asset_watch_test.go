package tact

import (
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Hot reload under a real headless Game: changing a texture's file and a
// shader's file shows the new content in the next frames under the same
// handles; a reload that cannot apply (a new texture size, a shader that
// does not compile) keeps the old content and is reported.
func TestHotReloadInGame(t *testing.T) {
	root := assettest.CopyTestdata(t, "testdata/assets")
	log := &assettest.Log{}
	cfg := headless(1_000_000)
	cfg.Logger = log
	cfg.AssetRoot, cfg.WatchAssets = root, true
	g := NewGame(cfg)
	var a *asset.Manager
	var reloaded []string
	var failed []asset.ReloadError
	g.GameInited.On(func(g *Game) {
		a = g.Assets()
		a.Reloaded.On(func(x *asset.Asset) { reloaded = append(reloaded, x.Path()) })
		a.ReloadFailed.On(func(e asset.ReloadError) { failed = append(failed, e) })
	})

	var texID render.TextureID
	var shaderID render.ShaderID
	start := func(g *Game) (*scenegraph.Scene, error) {
		tex, err := a.Load("textures/red.png")
		if err != nil {
			return nil, err
		}
		sh, err := a.Load("shaders/flat.frag")
		if err != nil {
			return nil, err
		}
		texID, shaderID = tex.Texture().ID, sh.Shader().ID
		s := scenegraph.NewScene("Hot")
		cam := scenegraph.NewNode("Camera")
		cam.SetPosition(mgl32.Vec3{160, 120, 0})
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
		left := scenegraph.NewNode("Left")
		left.SetPositionXY(100, 100)
		s.AddChild(left)
		scenegraph.AddComponent(left, scenegraph.NewSprite(texID, 40, 40))
		right := scenegraph.NewNode("Right")
		right.SetPositionXY(220, 100)
		s.AddChild(right)
		sp := scenegraph.AddComponent(right, scenegraph.NewSprite(0, 40, 40))
		sp.Shader = shaderID
		return s, nil
	}

	type sample struct{ left, right color.RGBA }
	var samples []sample
	shoot := func() {
		g.Screenshot(func(img *image.RGBA) {
			samples = append(samples, sample{img.RGBAAt(100, 140), img.RGBAAt(220, 140)})
		})
	}
	phase, shotsWanted := 0, 0
	var deadline time.Time
	fail := func(format string, args ...any) {
		t.Errorf(format, args...)
		g.Quit()
	}
	g.Director().EndFrame.On(func(d *director.Director) {
		if phase > 0 && time.Now().After(deadline) {
			fail("phase %d timed out; reloaded %v, failed %v, log:\n%s", phase, reloaded, failed, log)
			return
		}
		if len(samples) < shotsWanted {
			return // a screenshot is on its way
		}
		switch phase {
		case 0:
			if d.TotalFrames() < 3 {
				return
			}
			shoot()
			shotsWanted = 1
			phase = 1
			deadline = time.Now().Add(10 * time.Second)
		case 1: // first picture taken: change both files
			assettest.ReplaceFile(t, root, "textures/red.png", assettest.PNG(t, 4, 4, color.NRGBA{0, 0, 255, 255}))
			assettest.ReplaceFile(t, root, "shaders/flat.frag", []byte(assettest.RedFrag))
			phase = 2
		case 2:
			if !slices.Contains(reloaded, "textures/red.png") || !slices.Contains(reloaded, "shaders/flat.shader") {
				return
			}
			shoot()
			shotsWanted = 2
			phase = 3
		case 3: // a texture of another size (replaced under its handle) and a broken shader
			reloaded = nil
			assettest.ReplaceFile(t, root, "textures/red.png", assettest.PNG(t, 8, 8, color.NRGBA{255, 255, 0, 255}))
			assettest.ReplaceFile(t, root, "shaders/flat.frag", []byte("#version 330 core\nvoid main() { this is not glsl }\n"))
			phase = 4
		case 4: // the shader is checked before it is recorded: it fails, and only it
			if !slices.Contains(reloaded, "textures/red.png") || len(failed) < 1 {
				return
			}
			if slices.Contains(reloaded, "shaders/flat.shader") {
				fail("Reloaded fired for a shader that does not compile")
			}
			phase = 8
		case 8:
			shoot()
			shotsWanted = 3
			phase = 9
		case 9:
			g.Quit()
		}
	})
	runGame(t, g, start)
	if t.Failed() {
		return
	}
	if len(samples) != 3 {
		t.Fatalf("%d screenshots", len(samples))
	}
	red, green, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 255, 0, 255}, color.RGBA{0, 0, 255, 255}
	yellow := color.RGBA{255, 255, 0, 255}
	want := []sample{{red, green}, {blue, red}, {yellow, red}}
	for i, s := range samples {
		if !near8(s.left, want[i].left) || !near8(s.right, want[i].right) {
			t.Errorf("screenshot %d: left %v right %v, want %v %v", i, s.left, s.right, want[i].left, want[i].right)
		}
	}
	if x := a.Get("textures/red.png"); x.Texture().ID != texID || a.Get("shaders/flat.shader").Shader().ID != shaderID {
		t.Error("a reload changed a handle")
	}
	if x := a.Get("textures/red.png").Texture(); x.Width != 8 || x.Height != 8 {
		t.Errorf("the replaced texture reports %dx%d, want 8x8", x.Width, x.Height)
	}
	if len(failed) != 1 || failed[0].Asset.Path() != "shaders/flat.shader" ||
		!strings.Contains(failed[0].Err.Error(), "shaders/flat.shader: shaders/flat.frag:2:") {
		t.Errorf("failed reloads %v, want only the broken shader", failed)
	}
	// The broken source never reached the frame: no render error.
	if err := g.Director().RenderErr(); err != nil {
		t.Errorf("render error %v; the broken shader should have been refused before recording", err)
	}
}

package runtime

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// replaceFile writes b to a temporary file and renames it over p, as editors
// do, so the watcher never sees half a file.
func replaceFile(t *testing.T, root, p string, b []byte) {
	full := filepath.Join(root, filepath.FromSlash(p))
	tmp := full + ".tmp~"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Error(err)
		return
	}
	if err := os.Rename(tmp, full); err != nil {
		t.Error(err)
	}
}

const redFrag = `#version 330 core
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_tex;
out vec4 o_color;
void main() { o_color = vec4(1.0, 0.0, 0.0, 1.0); }
`

// Hot reload under a real headless Game: changing a texture's file and a
// shader's file shows the new content in the next frames under the same
// handles; a reload that cannot apply (a new texture size, a shader that
// does not compile) keeps the old content and is reported.
func TestHotReloadInGame(t *testing.T) {
	root := copyTestdata(t)
	log := &logBuf{}
	a, err := NewAssets(AssetOptions{Root: root, Watch: true, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	cfg := headless(1_000_000)
	cfg.Logger = log
	g := NewGame(cfg)
	a.Attach(g)
	var reloaded []string
	var failed []ReloadError
	a.Reloaded.On(func(x *Asset) { reloaded = append(reloaded, x.Path()) })
	a.ReloadFailed.On(func(e ReloadError) { failed = append(failed, e) })

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
	g.Director().EndFrame.On(func(d *Director) {
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
			replaceFile(t, root, "textures/red.png", pngBytes(t, 4, 4, color.NRGBA{0, 0, 255, 255}))
			replaceFile(t, root, "shaders/flat.frag", []byte(redFrag))
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
			replaceFile(t, root, "textures/red.png", pngBytes(t, 8, 8, color.NRGBA{255, 255, 0, 255}))
			replaceFile(t, root, "shaders/flat.frag", []byte("#version 330 core\nvoid main() { this is not glsl }\n"))
			phase = 4
		case 4:
			if !slices.Contains(reloaded, "textures/red.png") || !slices.Contains(reloaded, "shaders/flat.shader") {
				return
			}
			phase = 5
		case 5: // wait for the GL backend's compile error to come back
			if len(failed) < 1 {
				return
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
	if err := g.Director().RenderErr(); err == nil || !strings.Contains(err.Error(), "shaders/flat.frag") {
		t.Errorf("broken shader: render error %v, want one naming shaders/flat.frag", err)
	}
}

// Reload without the watcher: a tool asks for it. A corrupt file keeps the
// old texture and reports why; an unloaded asset cannot be reloaded.
func TestReloadByHand(t *testing.T) {
	a, frames, log := newTestAssets(t, "", AssetOptions{})
	x, err := a.Load("textures/red.png")
	if err != nil {
		t.Fatal(err)
	}
	var failed []ReloadError
	var ok []*Asset
	a.ReloadFailed.On(func(e ReloadError) { failed = append(failed, e) })
	a.Reloaded.On(func(x *Asset) { ok = append(ok, x) })
	writeFile(t, a.Root(), "textures/red.png", []byte("\x89PNG\r\n\x1a\ntruncated"))
	if err := a.Reload("textures/red.png"); err != nil {
		t.Fatal(err)
	}
	pollUntil(t, a, "the failed reload", func() bool { return len(failed) == 1 })
	if !strings.Contains(failed[0].Err.Error(), "textures/red.png: bad png header") || x.State() != Loaded || x.Texture().Width != 4 {
		t.Fatalf("failed reload: %v, asset %v", failed[0].Err, x)
	}
	if !strings.Contains(log.String(), "previous version stays") {
		t.Fatalf("not logged: %s", log)
	}
	writeFile(t, a.Root(), "textures/red.png", pngBytes(t, 4, 4, color.NRGBA{0, 9, 0, 255}))
	a.Reload("textures/red.png")
	pollUntil(t, a, "the reload", func() bool { return len(ok) == 1 })
	if frames.count(render.OpUpdateTexture) != 1 {
		t.Fatal("no UpdateTexture recorded")
	}
	x.Release()
	if err := a.Reload("textures/red.png"); err == nil {
		t.Fatal("reload of an unloaded asset")
	}
	s, err := a.Load("scenes/level1.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Reload(s.Path()); err == nil || !strings.Contains(err.Error(), "does not reload") {
		t.Fatalf("reload of a scene file: %v", err)
	}
}

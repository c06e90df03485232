package tact

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// In a real Game, in both render modes: a shader asset that does not
// compile fails its Load with the compiler's error at the right file and
// line, across includes; a reload whose include breaks fails with that
// file and line and keeps the program; Reloaded fires once the fixed
// include compiles.
func TestShaderAssetCompileResults(t *testing.T) {
	const vert = "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n"
	const frag = "#version 330 core\n#include <tact/tonemap.glsl>\n#include \"lib/k.glsl\"\nout vec4 o;\nvoid main() { o = tactOutput(vec3(k()), 1.0); }\n"
	for _, onMain := range []bool{false, true} {
		root := t.TempDir()
		assettest.WriteFile(t, root, "fx/good.vert", []byte(vert))
		assettest.WriteFile(t, root, "fx/good.frag", []byte(frag))
		assettest.WriteFile(t, root, "fx/bad.vert", []byte(vert))
		assettest.WriteFile(t, root, "fx/bad.frag", []byte(strings.Replace(frag, "k.glsl", "broken.glsl", 1)))
		assettest.WriteFile(t, root, "fx/lib/k.glsl", []byte("#pragma once\nfloat k() { return 0.5; }\n"))
		assettest.WriteFile(t, root, "fx/lib/broken.glsl", []byte("float k() {\n    return 0.5\n}\n"))
		cfg := headless(1_000_000)
		cfg.RenderOnMain = onMain
		cfg.Logger = &assettest.Log{}
		cfg.AssetRoot = root
		g := NewGame(cfg)
		var loadErr error
		var good *asset.Asset
		var reloaded, failed []string
		g.GameInited.On(func(g *Game) {
			g.Assets().Reloaded.On(func(x *asset.Asset) { reloaded = append(reloaded, x.Path()) })
			g.Assets().ReloadFailed.On(func(e asset.ReloadError) { failed = append(failed, e.Err.Error()) })
		})
		start := func(g *Game) (*scenegraph.Scene, error) {
			_, loadErr = g.Assets().Load("fx/bad.shader")
			var err error
			good, err = g.Assets().Load("fx/good.shader")
			return scenegraph.NewScene("Shaders"), err
		}
		phase := 0
		g.Director().EndFrame.On(func(d *director.Director) {
			switch {
			case d.TotalFrames() > 2000:
				t.Errorf("on main %v: timed out in phase %d (reloaded %v, failed %v)", onMain, phase, reloaded, failed)
				g.Quit()
			case phase == 0 && d.TotalFrames() > 2:
				assettest.ReplaceFile(t, root, "fx/lib/k.glsl", []byte("#pragma once\nfloat k() {\n    return 0.5 +;\n}\n"))
				g.Assets().Reload("fx/good.shader")
				phase = 1
			case phase == 1 && len(failed) == 1:
				assettest.ReplaceFile(t, root, "fx/lib/k.glsl", []byte("float k() { return 0.25; }\n"))
				g.Assets().Reload("fx/good.shader")
				phase = 2
			case phase == 2 && len(reloaded) == 1:
				g.Quit()
			}
		})
		runGame(t, g, start)
		if loadErr == nil || !strings.Contains(loadErr.Error(), "fx/bad.shader: fx/lib/broken.glsl:3: ") {
			t.Errorf("on main %v: Load of a broken shader: %v", onMain, loadErr)
		}
		if len(failed) != 1 || !strings.Contains(failed[0], "fx/good.shader: fx/lib/k.glsl:3: ") {
			t.Errorf("on main %v: failed reloads %v", onMain, failed)
		}
		if len(reloaded) != 1 || !strings.Contains(good.Shader().Desc.FragmentSource, "return 0.25;") {
			t.Errorf("on main %v: reloaded %v", onMain, reloaded)
		}
		if err := g.Director().RenderErr(); err != nil {
			t.Errorf("on main %v: render error %v", onMain, err)
		}
	}
}

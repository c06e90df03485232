package asset

import (
	"image/color"
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
)

// Reload without the watcher: a tool asks for it. A corrupt file keeps the
// old texture and reports why; an unloaded asset cannot be reloaded.
func TestReloadByHand(t *testing.T) {
	a, frames, log := newTestAssets(t, "", Options{})
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
	if frames.Count(render.OpUpdateTexture) != 1 {
		t.Fatal("no UpdateTexture recorded")
	}
	x.Release()
	if err := a.Reload("textures/red.png"); err == nil {
		t.Fatal("reload of an unloaded asset")
	}
	g := newGateLoader()
	g.open()
	a.RegisterFormat(".gate", g)
	writeFile(t, a.Root(), "x.gate", []byte("x"))
	s, err := a.Load("x.gate")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Reload(s.Path()); err == nil || !strings.Contains(err.Error(), "does not reload") {
		t.Fatalf("reload of a format that cannot reload: %v", err)
	}
}

package animdemo

import (
	"image"
	"strings"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

type snapshot struct {
	status  animation.ControllerStatus
	driver  HeroDriver
	panel   [2]float32
	opacity uint8
	bar     float32
	title   string
	label   string
	shown   bool
	pulse   bool
}

// run runs the sample headless for frames frames and snapshots the scene
// on the last one but one (the Game unloads it after the last).
func run(t *testing.T, frames uint64, onMain bool) (snapshot, *image.RGBA) {
	var snap snapshot
	s := Sample
	s.Script = func(g *tact.Game, frame uint64) {
		if frame != frames-2 {
			return
		}
		sc := g.Director().Scene()
		hero := sc.Find("Hero")
		snap.status = scenegraph.GetComponent[*animation.Controller](hero).Status()
		snap.driver = *scenegraph.GetComponent[*HeroDriver](hero)
		panel := sc.Find("UI/Panel")
		p := panel.Position()
		snap.panel = [2]float32{p[0], p[1]}
		snap.opacity = panel.Opacity()
		snap.bar = sc.Find("UI/Panel/Bar").Scale()[0]
		snap.title = scenegraph.GetComponent[*text.Label](sc.Find("UI/Panel/Title")).Text
		snap.label = scenegraph.GetComponent[*text.Label](sc.Find("Hero/State")).Text
		ui := sc.Find("UI")
		snap.shown = scenegraph.GetComponent[*PanelDirector](ui).Shown
		snap.pulse = scenegraph.GetComponent[*animation.Player](ui).Current().Name() == "pulse"
	}
	cfg := sampletest.Config(frames)
	cfg.RenderOnMain = onMain
	_, img := sampletest.RunConfig(t, s, cfg)
	return snap, img
}

// 2.5 s: the panel is in, its event started the pulse; the hero runs.
// The picture matches its golden image, rendered on the render thread and
// on the main thread.
func TestAnimDemo(t *testing.T) {
	const frames = 150
	snap, img := run(t, frames, false)
	sampletest.SavePNG(t, img, "animdemo.png")
	if snap.panel != [2]float32{PanelX, PanelY} || snap.opacity != 255 || snap.bar != 1 || snap.title != "Keyframed!" {
		t.Errorf("panel at %v, opacity %d, bar %v, title %q", snap.panel, snap.opacity, snap.bar, snap.title)
	}
	if !snap.shown || !snap.pulse {
		t.Errorf("PanelShown event: %v, pulse playing: %v", snap.shown, snap.pulse)
	}
	if snap.status.State != "move" || snap.label != "state: move" || snap.driver.Speed < 2.9 {
		t.Errorf("hero: %+v, label %q, speed %v", snap.status, snap.label, snap.driver.Speed)
	}
	sampletest.Golden(t, "animdemo", img)
	_, img2 := run(t, frames, true)
	sampletest.Golden(t, "animdemo", img2)
}

// 4.5 s: the jump trigger at 3 s, and back to idle at the jump's end.
func TestAnimDemoJump(t *testing.T) {
	snap, _ := run(t, 270, false)
	if got := strings.Join(snap.driver.Entered, " "); got != "move jump idle" {
		t.Errorf("states entered: %s, want move jump idle", got)
	}
	if snap.status.State != "idle" || snap.label != "state: idle" {
		t.Errorf("status %+v, label %q", snap.status, snap.label)
	}
}

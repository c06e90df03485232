package runtime

import (
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// statsRenderer records frames in memory, counts each pass's items at
// Submit, and reports made-up render stats.
type statsRenderer struct {
	f      *render.Frame
	stats  render.Stats
	passes []int // items per pass of the last frame
}

func newStatsRenderer() *statsRenderer {
	f := render.NewFrame()
	f.SetScreenSize(640, 480)
	return &statsRenderer{f: f}
}

func (r *statsRenderer) Frame() *render.Frame { return r.f }
func (r *statsRenderer) Stats() render.Stats  { return r.stats }
func (r *statsRenderer) Submit() error {
	r.passes = r.passes[:0]
	for range r.f.Passes() {
		r.passes = append(r.passes, 0)
	}
	for _, it := range r.f.Items() {
		r.passes[it.Pass]++
	}
	r.f.Reset()
	r.stats.Frame++
	r.stats.DrawCalls++
	r.stats.RenderTime = 3 * time.Millisecond
	return nil
}

// gameScene is a camera that sees every layer and one sprite.
func gameScene(name string) *scenegraph.Scene {
	s := scenegraph.NewScene(name)
	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	sp := scenegraph.NewNode("Sprite")
	s.AddChild(sp)
	scenegraph.AddComponent(sp, scenegraph.NewSprite(0, 10, 10))
	return s
}

// overlayDirector returns a Director with a statsRenderer and an overlay
// whose clock advances 1/60 s at every frame.
func overlayDirector() (*Director, *statsRenderer, *StatsOverlay, *time.Duration) {
	d := NewDirector()
	r := newStatsRenderer()
	d.SetRenderer(r, scenegraph.Extract)
	clock := new(time.Duration)
	d.BeginFrame.On(func(*Director) { *clock += time.Second / 60 })
	o := NewStatsOverlay(d)
	o.now = func() time.Duration { return *clock }
	return d, r, o, clock
}

// Shown, the overlay draws in a pass of its own after the game's, with its
// own camera and layer; the game's camera (which sees every layer) draws
// none of it. Hidden, it leaves the scene.
func TestOverlayDrawsUnderItsOwnCamera(t *testing.T) {
	d, r, o, _ := overlayDirector()
	d.RunScene(gameScene("Game"))
	d.Tick(1.0 / 60)
	if len(r.passes) != 1 || r.passes[0] != 1 {
		t.Fatalf("hidden overlay: passes %v, want one pass with the sprite", r.passes)
	}
	o.Toggle()
	for range 3 {
		d.Tick(1.0 / 60)
	}
	if !o.Visible() || len(r.passes) != 2 {
		t.Fatalf("shown overlay: passes %v, want the game's and the overlay's", r.passes)
	}
	if r.passes[0] != 1 {
		t.Fatalf("the game's camera drew %d items, want only its sprite", r.passes[0])
	}
	// Panel, 4 frames of stacked bars (main and render), the 60 Hz line, glyphs.
	if r.passes[1] < 1+4*2+1+20 {
		t.Fatalf("the overlay drew %d items", r.passes[1])
	}
	if o.cam.Priority != OverlayPriority || o.cam.Visibility != OverlayLayer || o.root.Layer != OverlayLayer || o.labelNode.Layer != OverlayLayer {
		t.Fatalf("overlay camera priority %d visibility %x, layers %x %x", o.cam.Priority, o.cam.Visibility, o.root.Layer, o.labelNode.Layer)
	}
	text := o.Text()
	for _, want := range []string{"FPS 60.0", "render 3.00 ms", "draw calls ", "nodes 6   components 5", "heap ", "GC "} {
		if !strings.Contains(text, want) {
			t.Fatalf("overlay text %q lacks %q", text, want)
		}
	}
	o.Toggle()
	d.Tick(1.0 / 60)
	if len(r.passes) != 1 || o.root.Parent() != nil {
		t.Fatalf("hidden again: passes %v, overlay parent %v", r.passes, o.root.Parent())
	}
}

// The text is redone at most four times a second of the overlay's clock.
func TestOverlayTextFourTimesASecond(t *testing.T) {
	d, _, o, _ := overlayDirector()
	d.RunScene(gameScene("Game"))
	o.SetVisible(true)
	changes := 0
	last := ""
	for range 120 { // two seconds at 60 Hz; draw calls change every frame
		d.Tick(1.0 / 60)
		if o.Text() != last {
			changes++
			last = o.Text()
		}
	}
	if changes < 7 || changes > 9 {
		t.Fatalf("text changed %d times in 2 s, want 8 (every 250 ms)", changes)
	}
}

// A shown overlay's frame allocates nothing while its text stays.
func TestOverlayAllocatesNothing(t *testing.T) {
	d, _, o, clock := overlayDirector()
	d.RunScene(gameScene("Game"))
	o.SetVisible(true)
	for range 5 {
		d.Tick(1.0 / 60)
	}
	frozen := *clock
	d.BeginFrame.On(func(*Director) { *clock = frozen }) // no text update
	if a := testing.AllocsPerRun(100, func() { d.Tick(1.0 / 60) }); a != 0 {
		t.Fatalf("a frame with the overlay shown allocates %v times", a)
	}
}

// The overlay moves to each new scene; the old scene takes its nodes down,
// and the overlay builds new ones.
func TestOverlayFollowsSceneSwitch(t *testing.T) {
	d, r, o, _ := overlayDirector()
	s1 := gameScene("One")
	d.RunScene(s1)
	o.SetVisible(true)
	d.Tick(1.0 / 60)
	if o.root.Scene() != s1 {
		t.Fatal("overlay not in the running scene")
	}
	s2 := gameScene("Two")
	d.RunScene(s2)
	d.Tick(1.0 / 60) // the switch happens at the end of this frame
	d.Tick(1.0 / 60)
	if o.root.Scene() != s2 || !o.root.ActiveInHierarchy() {
		t.Fatalf("overlay in %v after the switch, want Two", o.root.Scene())
	}
	if len(r.passes) != 2 || r.passes[1] < 10 {
		t.Fatalf("after the switch: passes %v", r.passes)
	}
	// The stats overlay is no game state: the state hash ignores it.
	var h StateHasher
	withOverlay := h.HashScene(s2)
	o.SetVisible(false)
	if h.HashScene(s2) != withOverlay {
		t.Fatal("the overlay changes the scene's state hash")
	}
}

// In a real Game, F1 shows the Game's overlay and F12 saves a PNG
// screenshot into Config.ScreenshotDir that shows it over the game.
func TestDebugKeysOverlayAndScreenshot(t *testing.T) {
	dir := t.TempDir()
	cfg := headless(12)
	cfg.ScreenshotDir = dir
	g := NewGame(cfg)
	g.GameInited.On(func(g *Game) {
		g.Director().BeginFrame.On(func(d *Director) {
			switch d.TotalFrames() {
			case 2:
				g.Input().InjectKey(platform.KeyF1, true)
			case 3:
				g.Input().InjectKey(platform.KeyF1, false)
			case 6:
				g.Input().InjectKey(platform.KeyF12, true)
			}
		})
	})
	runGame(t, g, redSquareScene)
	if !g.StatsOverlay().Visible() {
		t.Fatal("F1 did not show the overlay")
	}
	paths, err := g.keys.Wait()
	if err != nil || len(paths) != 1 || !strings.HasPrefix(paths[0], dir) || !strings.HasSuffix(paths[0], ".png") {
		t.Fatalf("screenshots %v, %v; want one PNG in %s", paths, err, dir)
	}
	f, err := os.Open(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", paths[0], err)
	}
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 240 {
		t.Fatalf("screenshot is %v", b)
	}
	// The panel darkens the blue background at the top left; far from it,
	// the background is untouched.
	panel := color.RGBAModel.Convert(img.At(overlayMargin+3, overlayMargin+3)).(color.RGBA)
	clear := color.RGBAModel.Convert(img.At(310, 230)).(color.RGBA)
	if clear.B < 240 || panel.B > 150 {
		t.Fatalf("panel pixel %v, background %v: the overlay is not in the screenshot", panel, clear)
	}
}

func TestSavePNGErrors(t *testing.T) {
	if err := SavePNG(t.TempDir()+"/none/x.png", nil); err == nil || !strings.Contains(err.Error(), "x.png") {
		t.Fatalf("SavePNG(nil) = %v", err)
	}
}

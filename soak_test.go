package tact

import (
	"fmt"
	"maps"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/particle"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/runtime/sound"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/tween"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/runtime/vector"
	"github.com/tact-engine/tact/scenegraph"
)

// SoakCyclesEnv names the environment variable that sets how many scene
// cycles TestSoak runs (make soak sets it high); make test runs a few.
const SoakCyclesEnv = "TACT_SOAK_CYCLES"

// registerSoakTypes registers, as a game would, the components of the
// runtime packages that scene files may name.
func registerSoakTypes(t *testing.T, g *Game) {
	t.Helper()
	for name, f := range map[string]scenefile.ComponentFactory{
		"AudioSource": func() scenegraph.Behavior { return sound.NewAudioSource(g.Audio(), g, nil) },
		"Rect":        func() scenegraph.Behavior { return ui.NewRect(0, 0) },
		"Button":      func() scenegraph.Behavior { return ui.NewButton() },
		"Toggle":      func() scenegraph.Behavior { return ui.NewToggle(false) },
		"TextInput":   func() scenegraph.Behavior { return ui.NewTextInput("", 16) },
		"ScrollView":  func() scenegraph.Behavior { return ui.NewScrollView(nil) },
		"ProgressBar": func() scenegraph.Behavior { return ui.NewProgressBar(0) },
		"Layout":      func() scenegraph.Behavior { return &ui.Layout{} },
		"Widget":      func() scenegraph.Behavior { return &ui.Widget{} },
		"Graphics":    func() scenegraph.Behavior { return vector.NewGraphics() },
		"Emitter":     func() scenegraph.Behavior { return particle.NewEmitter(64, 30, 1, 40, 3) },
		"Collider":    func() scenegraph.Behavior { return collision.NewBoxCollider(10, 10) },
		"Animation":   func() scenegraph.Behavior { return animation.NewAnimation() },
	} {
		if err := g.Scenes().RegisterComponent(name, f); err != nil {
			t.Fatal(err)
		}
	}
}

// soakAssets are what every soak scene draws and plays, loaded once.
type soakAssets struct {
	tex  render.TextureID
	clip *audio.Clip
}

// buildSoakScene makes a scene with one of every component type: sprites,
// a sprite batch, labels, lights, a sound, every ui control, vector shapes,
// particles, colliders, a sprite animation and running tweens.
func buildSoakScene(g *Game, as soakAssets, cycle int) (*scenegraph.Scene, error) {
	id := as.tex
	s := scenegraph.NewScene("Soak" + strconv.Itoa(cycle))
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{160, 120, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(10, 20, 30, 255)))
	add := func(name string, x, y float32) *scenegraph.Node {
		n := scenegraph.NewNode(name)
		n.SetPositionXY(x, y)
		s.AddChild(n)
		return n
	}
	for i := range 20 {
		n := add("Sprite"+strconv.Itoa(i), float32(20+i*14), 200)
		scenegraph.AddComponent(n, scenegraph.NewSprite(id, 12, 12))
		tween.New(n).To(0.5, tween.QuadOut, tween.Position(mgl32.Vec3{float32(20 + i*14), 180, 0})).Start()
	}
	scenegraph.AddComponent(add("Batch", 40, 40), scenegraph.NewSpriteBatch(id, 4, 4))
	scenegraph.AddComponent(add("Title", 160, 220), text.NewLabel(fmt.Sprintf("cycle %d 你好", cycle), 14, render.White))
	scenegraph.AddComponent(add("Sun", 0, 0), &scenegraph.DirectionalLight{})
	scenegraph.AddComponent(add("Lamp", 0, 0), &scenegraph.PointLight{})
	scenegraph.AddComponent(add("Beep", 0, 0), sound.NewAudioSource(g.Audio(), g, as.clip))

	btn := add("Play", 60, 100)
	scenegraph.AddComponent(btn, ui.NewRect(60, 20))
	scenegraph.AddComponent(btn, ui.NewButton()).Click.On(func(*ui.Button) {})
	tg := add("Check", 140, 100)
	scenegraph.AddComponent(tg, ui.NewRect(20, 20))
	tg.AddChild(scenegraph.NewNode("Checkmark"))
	scenegraph.AddComponent(tg, ui.NewToggle(cycle%2 == 0))
	field := add("Name", 220, 100)
	scenegraph.AddComponent(field, ui.NewRect(80, 20))
	scenegraph.AddComponent(field, ui.NewTextInput("name", 12)).SetText("player " + strconv.Itoa(cycle))
	view := add("List", 160, 60)
	scenegraph.AddComponent(view, ui.NewRect(100, 40))
	content := scenegraph.NewNode("Content")
	view.AddChild(content)
	scenegraph.AddComponent(content, ui.NewRect(100, 200))
	scenegraph.AddComponent(content, &ui.Layout{Type: ui.Vertical})
	for i := range 5 {
		row := scenegraph.NewNode("Row" + strconv.Itoa(i))
		content.AddChild(row)
		scenegraph.AddComponent(row, ui.NewRect(100, 18))
		scenegraph.AddComponent(row, ui.NewProgressBar(float32(i)/5))
	}
	scenegraph.AddComponent(view, ui.NewScrollView(content))
	corner := add("Corner", 0, 0)
	scenegraph.AddComponent(corner, ui.NewRect(10, 10))
	scenegraph.AddComponent(corner, &ui.Widget{})

	gfx := scenegraph.AddComponent(add("Shapes", 260, 40), vector.NewGraphics())
	gfx.Circle(0, 0, 12+float32(cycle%5))
	gfx.Fill()
	scenegraph.AddComponent(add("Sparks", 100, 40), particle.NewEmitter(64, 60, 0.5, 40, 3))
	scenegraph.AddComponent(add("Hit", 200, 40), collision.NewBoxCollider(20, 20))
	scenegraph.AddComponent(add("Other", 205, 40), collision.NewCircleCollider(8))
	walk, err := animation.NewGridClip("walk", id, 8, 8, 4, 4, 0, 4, 12, animation.ClipLoop)
	if err != nil {
		return nil, err
	}
	hero := add("Hero", 120, 160)
	scenegraph.AddComponent(hero, scenegraph.NewSprite(id, 16, 16))
	scenegraph.AddComponent(hero, animation.NewAnimation(walk)).Play("walk")
	return s, nil
}

// componentCounts counts a scene's components by type. (A ScrollView's clip
// camera, made at run time and taken over on reload, counts as a Camera
// both times.)
func componentCounts(s *scenegraph.Scene) map[string]int {
	m := map[string]int{}
	s.Root().Walk(func(n *scenegraph.Node) bool {
		for _, c := range n.Components() {
			m[fmt.Sprintf("%T", c)]++
		}
		return true
	})
	return m
}

// soakCounts is what must come back to its baseline once a scene is gone.
type soakCounts struct {
	heap       uint64 // live heap after a GC
	goroutines int
	glObjects  int // render.Stats.LiveObjects
}

func (g *Game) soakCounts() soakCounts {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return soakCounts{heap: ms.HeapAlloc, goroutines: runtime.NumGoroutine(), glObjects: g.Renderer().Stats().LiveObjects}
}

// TestSoak churns scenes with every component type through a real headless
// Game: each cycle builds a scene, runs it, saves it to a scene file, loads
// the file and runs that, and the next cycle's scene replaces it. After the
// first cycles (which fill caches: glyph atlases, programs, pools) the heap,
// the goroutines and the GL objects must stay at their baseline however many
// cycles follow: a texture, mesh, node or goroutine leaked per scene fails
// it. make test runs a few cycles; make soak runs TACT_SOAK_CYCLES of them.
func TestSoak(t *testing.T) {
	cycles := 8
	if testing.Short() {
		cycles = 5
	}
	if v := os.Getenv(SoakCyclesEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 4 {
			t.Fatalf("%s=%q: want a whole number of at least 4", SoakCyclesEnv, v)
		}
		cycles = n
	}
	const (
		warmup         = 2  // cycles before the baseline is taken
		framesPerScene = 15 // frames each built and each reloaded scene runs
		heapSlack      = 1 << 20
	)
	root := assettest.CopyTestdata(t, "testdata/assets")
	assettest.WriteFile(t, root, "sounds/tone.wav", assettest.ToneWAV(22050, 2205))
	cfg := headless(0)
	cfg.AssetRoot = root
	g := NewGame(cfg)

	var (
		as            soakAssets
		cycle, frame  int
		reloaded      bool // the scene running is the one loaded back from its file
		base          soakCounts
		worst         soakCounts
		failure       error
		savedSomeFile bool
	)
	fail := func(err error) {
		if failure == nil {
			failure = err
		}
		g.Quit()
	}
	g.director.EndFrame.On(func(d *director.Director) {
		if failure != nil {
			return
		}
		if frame++; frame < framesPerScene {
			return
		}
		frame = 0
		if !reloaded {
			file := "scenes/soak.json"
			if err := g.Scenes().SaveScene(d.Scene(), file); err != nil {
				fail(fmt.Errorf("cycle %d: save: %w", cycle, err))
				return
			}
			savedSomeFile = true
			s, err := g.Scenes().LoadScene(file)
			if err != nil {
				fail(fmt.Errorf("cycle %d: load %s: %w", cycle, file, err))
				return
			}
			if got, want := componentCounts(s), componentCounts(d.Scene()); !maps.Equal(got, want) {
				fail(fmt.Errorf("cycle %d: %s holds components %v, the scene saved %v", cycle, file, got, want))
				return
			}
			d.RunScene(s)
			reloaded = true
			return
		}
		// The reload has run framesPerScene frames, and the scenes of the
		// cycle before have been gone as long: count what is left.
		c := g.soakCounts()
		switch {
		case cycle == warmup:
			base, worst = c, c
		case cycle > warmup:
			worst.heap = max(worst.heap, c.heap)
			worst.goroutines = max(worst.goroutines, c.goroutines)
			worst.glObjects = max(worst.glObjects, c.glObjects)
			if c.glObjects != base.glObjects {
				fail(fmt.Errorf("cycle %d: %d GL objects live, %d at the baseline (cycle %d)", cycle, c.glObjects, base.glObjects, warmup))
				return
			}
			if c.goroutines > base.goroutines {
				fail(fmt.Errorf("cycle %d: %d goroutines, %d at the baseline", cycle, c.goroutines, base.goroutines))
				return
			}
			if c.heap > base.heap+base.heap/10+heapSlack {
				fail(fmt.Errorf("cycle %d: live heap %d bytes, %d at the baseline", cycle, c.heap, base.heap))
				return
			}
		}
		if cycle++; cycle == cycles {
			g.Quit()
			return
		}
		s, err := buildSoakScene(g, as, cycle)
		if err != nil {
			fail(err)
			return
		}
		d.RunScene(s)
		reloaded = false
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		registerSoakTypes(t, g)
		tex, err := g.Assets().Load("textures/red.png")
		if err != nil {
			return nil, err
		}
		clip, err := g.Assets().Load("sounds/tone.wav")
		if err != nil {
			return nil, err
		}
		as = soakAssets{tex: tex.Texture().ID, clip: clip.Clip()}
		return buildSoakScene(g, as, 0)
	})
	if failure != nil {
		t.Fatal(failure)
	}
	if cycle != cycles || !savedSomeFile {
		t.Fatalf("ran %d of %d cycles", cycle, cycles)
	}
	if base.glObjects == 0 || base.goroutines == 0 {
		t.Fatalf("baseline %+v: nothing was counted", base)
	}
	t.Logf("%d cycles; baseline heap %d B, %d goroutines, %d GL objects; worst after it heap %d B, %d goroutines, %d GL objects",
		cycles, base.heap, base.goroutines, base.glObjects, worst.heap, worst.goroutines, worst.glObjects)
}

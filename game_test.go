package tact

import (
	"errors"
	"image"
	"image/color"
	"os"
	gort "runtime"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/veandco/go-sdl2/sdl"
)

// runGame runs g on the main thread; a failure to start SDL's video skips
// (fails with $TACT_REQUIRE_GL=1: platformtest.SkipOrFail).
func runGame(t testing.TB, g *Game, start StartFunc) {
	t.Helper()
	var err error
	onMain(func() { err = g.Run(start) })
	var ie *platform.InitError
	if errors.As(err, &ie) {
		platformtest.SkipOrFailf(t, "SDL video unavailable here: %v", err)
	}
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func headless(frames uint64) Config {
	return Config{Headless: true, Width: 320, Height: 240, FixedDT: 1.0 / 60, MaxFrames: frames, PanicFatal: true}
}

// redSquareScene draws a 40×40 red square at (100,100) under a blue clear.
func redSquareScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Red")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{160, 120, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 255, 255)))
	sq := scenegraph.NewNode("Square")
	sq.SetPositionXY(100, 100)
	s.AddChild(sq)
	sp := scenegraph.AddComponent(sq, scenegraph.NewSprite(0, 40, 40))
	sp.Color = render.RGBA(255, 0, 0, 255)
	return s, nil
}

func TestGameRendersHeadless(t *testing.T) {
	g := NewGame(headless(5))
	var shotImg *image.RGBA
	g.director.EndFrame.On(func(d *director.Director) {
		if d.TotalFrames() == 2 {
			g.Screenshot(func(img *image.RGBA) { shotImg = img })
		}
	})
	runGame(t, g, redSquareScene)
	if g.Frames() != 5 {
		t.Fatalf("ran %d frames, want 5", g.Frames())
	}
	if shotImg == nil {
		t.Fatal("no screenshot delivered")
	}
	if b := shotImg.Bounds(); b.Dx() != 320 || b.Dy() != 240 {
		t.Fatalf("screenshot size %v", b)
	}
	// World (100,100) with y up is pixel (100, 240-100) from the top.
	if c := shotImg.RGBAAt(100, 140); !near8(c, color.RGBA{255, 0, 0, 255}) {
		t.Fatalf("square pixel %v, want red", c)
	}
	if c := shotImg.RGBAAt(10, 10); !near8(c, color.RGBA{0, 0, 255, 255}) {
		t.Fatalf("background pixel %v, want blue", c)
	}
}

func near8(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) < 3 && int(y)-int(x) < 3 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// quitter calls Quit from its Update on a given frame.
type quitter struct {
	scenegraph.Component
	g      *Game
	at     uint64
	frames uint64
}

func (q *quitter) Update(float64) {
	q.frames++
	if q.frames == q.at {
		q.g.Quit()
	}
}

// Quit from a component's Update ends Run within that frame; no goroutine
// is left behind; a second Game in the same process works.
func TestQuitFromUpdateAndNoGoroutineLeft(t *testing.T) {
	for round := range 2 {
		before := gort.NumGoroutine()
		g := NewGame(headless(1000))
		q := &quitter{g: g, at: 7}
		runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
			s, _ := redSquareScene(g)
			scenegraph.AddComponent(s.Root(), q)
			return s, nil
		})
		if g.Frames() != 7 || q.frames != 7 {
			t.Fatalf("round %d: Quit on frame 7 stopped after %d frames (%d updates)", round, g.Frames(), q.frames)
		}
		deadline := time.Now().Add(2 * time.Second)
		for gort.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if after := gort.NumGoroutine(); after > before {
			t.Fatalf("round %d: %d goroutines before Run, %d after", round, before, after)
		}
	}
}

// keyWatcher records, per frame, whether Space was just pressed or held, and
// pushes a synthetic key press on frame 3.
type keyWatcher struct {
	scenegraph.Component
	g       *Game
	frame   int
	pressed []int
	down    []int
}

func (k *keyWatcher) Update(float64) {
	k.frame++
	in := k.g.Input()
	if in.JustPressed(platform.KeySpace) {
		k.pressed = append(k.pressed, k.frame)
	}
	if in.Down(platform.KeySpace) {
		k.down = append(k.down, k.frame)
	}
	if k.frame == 3 {
		pushKey(sdl.KEYDOWN, sdl.SCANCODE_SPACE)
	}
	if k.frame == 6 {
		pushKey(sdl.KEYUP, sdl.SCANCODE_SPACE)
	}
}

// pushKey queues a synthetic key event. go-sdl2's PushEvent reads a whole
// SDL_Event, so the event lives at the start of one.
func pushKey(typ uint32, code sdl.Scancode) {
	ev := (*sdl.KeyboardEvent)(unsafe.Pointer(new([8]uint64)))
	*ev = sdl.KeyboardEvent{Type: typ, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: code}}
	if typ == sdl.KEYUP {
		ev.State = sdl.RELEASED
	}
	sdl.PushEvent(ev)
}

// Input pushed during frame 3 is dispatched at the start of frame 4:
// JustPressed for exactly that frame, Down until the release is dispatched.
func TestInputReachesComponentsAtFrameStart(t *testing.T) {
	g := NewGame(headless(9))
	k := &keyWatcher{g: g}
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Keys")
		scenegraph.AddComponent(s.Root(), k)
		return s, nil
	})
	if len(k.pressed) != 1 || k.pressed[0] != 4 {
		t.Fatalf("JustPressed on frames %v, want [4]", k.pressed)
	}
	if len(k.down) != 3 || k.down[0] != 4 || k.down[2] != 6 {
		t.Fatalf("Down on frames %v, want [4 5 6]", k.down)
	}
}

// NoGraphics runs the same loop without a window or GL.
func TestNoGraphicsAndRestart(t *testing.T) {
	cfg := headless(6)
	cfg.NoGraphics = true
	g := NewGame(cfg)
	starts := 0
	var first *scenegraph.Scene
	g.director.EndFrame.On(func(d *director.Director) {
		if g.frames == 2 {
			g.Restart()
		}
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		starts++
		s, _ := redSquareScene(g)
		if first == nil {
			first = s
		}
		return s, nil
	})
	if g.Window() != nil || starts != 2 {
		t.Fatalf("window=%v starts=%d, want no window and 2 starts", g.Window(), starts)
	}
	if first.Root().IsValid() {
		t.Fatal("Restart must unload the old scene")
	}
}

// A start function's error comes back from Run, after a clean shutdown.
func TestStartError(t *testing.T) {
	g := NewGame(headless(3))
	var err error
	onMain(func() {
		err = g.Run(func(*Game) (*scenegraph.Scene, error) { return nil, errors.New("no level file") })
	})
	var ie *platform.InitError
	if errors.As(err, &ie) {
		platformtest.SkipOrFail(t, err)
	}
	if err == nil || err.Error() != "tact: start: no level file" {
		t.Fatalf("Run: %v", err)
	}
	g2 := NewGame(headless(2))
	runGame(t, g2, redSquareScene) // SDL was shut down cleanly
}

// The loop paces to the cap: 120 frames at 60 fps take 2 s. Skipped with
// -short; the tolerance (10%) keeps it from flaking on a loaded machine, and
// the measured figure is logged.
func TestGamePacesToFrameRate(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	cfg := Config{NoGraphics: true, FrameRate: 60, MaxFrames: 121}
	g := NewGame(cfg)
	var first, last time.Time
	g.director.BeginFrame.On(func(d *director.Director) {
		if d.TotalFrames() == 0 {
			first = time.Now()
		}
		last = time.Now()
	})
	runGame(t, g, func(*Game) (*scenegraph.Scene, error) { return scenegraph.NewScene("Empty"), nil })
	took := last.Sub(first)
	t.Logf("120 frames at a 60 fps cap took %v (want 2s)", took)
	if took < 1800*time.Millisecond || took > 2200*time.Millisecond {
		t.Fatalf("120 frames took %v, want 2s ± 10%%", took)
	}
}

// windowEvent pushes a window event from any goroutine (SDL_PushEvent is
// thread-safe), as the window system would.
func pushWindowEvent(id uint8) {
	ev := (*sdl.WindowEvent)(unsafe.Pointer(new([8]uint64)))
	*ev = sdl.WindowEvent{Type: sdl.WINDOWEVENT, Event: id}
	sdl.PushEvent(ev)
}

// With PauseWhenHidden, losing focus stops ticking (Paused), regaining it
// resumes (Resumed), and the frames lost in between are not ticked.
func TestPauseWhenHidden(t *testing.T) {
	cfg := headless(10)
	cfg.PauseWhenHidden = true
	g := NewGame(cfg)
	var events []string
	var pausedAt uint64
	var pausedFor time.Duration
	var pauseStart time.Time
	g.Paused.On(func(g *Game) {
		events = append(events, "paused")
		pausedAt = g.Frames()
		pauseStart = time.Now()
	})
	g.Resumed.On(func(g *Game) {
		events = append(events, "resumed")
		pausedFor = time.Since(pauseStart)
	})
	g.director.EndFrame.On(func(d *director.Director) {
		if d.TotalFrames() == 2 {
			pushWindowEvent(sdl.WINDOWEVENT_FOCUS_LOST)
			go func() {
				time.Sleep(300 * time.Millisecond)
				pushWindowEvent(sdl.WINDOWEVENT_FOCUS_GAINED)
			}()
		}
	})
	runGame(t, g, redSquareScene)
	if len(events) != 2 || events[0] != "paused" || events[1] != "resumed" {
		t.Fatalf("events %v, want [paused resumed]", events)
	}
	// The event pushed after frame 3 is dispatched at the start of frame 4,
	// while 3 frames are counted; frame 4 completes, then nothing ticks.
	if pausedAt != 3 || g.Frames() != 10 || pausedFor < 250*time.Millisecond {
		t.Fatalf("paused at frame %d for %v, ran %d frames; want frame 3, >= 300ms, 10", pausedAt, pausedFor, g.Frames())
	}
}

// Config.AssetRoot gives the Game an asset manager: a scene file loads with
// its textures and prefabs and draws.
func TestGameLoadsSceneFromAssets(t *testing.T) {
	cfg := headless(3)
	cfg.AssetRoot = "testdata/assets"
	g := NewGame(cfg)
	var shotImg *image.RGBA
	var saveErr error
	g.director.BeforeDraw.On(func(d *director.Director) {
		if d.TotalFrames() == 2 {
			g.Screenshot(func(img *image.RGBA) { shotImg = img })
			// A running scene (with the engine's systems attached) saves.
			_, saveErr = g.Scenes().MarshalScene(d.Scene())
		}
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		if g.Assets() == nil {
			return nil, errors.New("no asset manager")
		}
		return g.Scenes().LoadScene("scenes/level1.json")
	})
	if shotImg == nil {
		t.Fatal("no screenshot")
	}
	if saveErr != nil {
		t.Fatalf("saving the running scene: %v", saveErr)
	}
	// The Hero sprite (textures/red.png, 40x40) sits at world (100,100).
	if c := shotImg.RGBAAt(100, 140); !near8(c, color.RGBA{255, 0, 0, 255}) {
		t.Fatalf("hero pixel %v, want the red texture", c)
	}
}

// interrupter sends the process a SIGINT (Ctrl+C) from its Update on a
// given frame, and keeps frames at a realistic length after that.
type interrupter struct {
	scenegraph.Component
	at, frames int
	sent       time.Time
}

func (c *interrupter) Update(float64) {
	c.frames++
	if c.frames == c.at {
		c.sent = time.Now()
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}
	if c.frames > c.at {
		time.Sleep(time.Millisecond)
	}
}

// Ctrl+C ends Run cleanly (the signal is caught while Run runs): the loop
// stops soon after, long before its frame limit, and Run returns no error.
func TestInterruptEndsRun(t *testing.T) {
	g := NewGame(headless(100000))
	c := &interrupter{at: 5}
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Interrupt")
		scenegraph.AddComponent(s.Root(), c)
		return s, nil
	})
	// Signal delivery is asynchronous: allow some frames, not the limit.
	if took := time.Since(c.sent); g.Frames() >= 100000 || took > 2*time.Second {
		t.Fatalf("ran %d frames, %v after a Ctrl+C on frame 5", g.Frames(), took)
	}
	t.Logf("stopped after %d frames", g.Frames())
}

package tact

import (
	"errors"
	"os"
	"testing"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/veandco/go-sdl2/sdl"
)

// pushQuit posts SDL_QUIT from any goroutine (SDL_PushEvent is thread-safe).
func pushQuit() {
	ev := (*sdl.QuitEvent)(unsafe.Pointer(new([8]uint64)))
	*ev = sdl.QuitEvent{Type: sdl.QUIT}
	sdl.PushEvent(ev)
}

// watchdog ends a Game that never reaches its frame limit (a pause nothing
// can resume) with a quit request after limit, so the test fails instead of
// hanging. It bounds the test only; nothing is measured.
func watchdog(limit time.Duration) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(limit):
			pushQuit()
		}
	}()
	return func() { close(done) }
}

// pauseProbe counts updates, and in a frame stepped while paused injects
// the key that resumes.
type pauseProbe struct {
	scenegraph.Component
	g                *Game
	updates, stepped int
	pausedIn         int // the update of the frame that paused (it completes)
}

func (p *pauseProbe) Update(float64) {
	p.updates++
	in := p.g.Input()
	if p.updates == 3 { // P pressed and released: dispatched next frame
		in.InjectKey(platform.KeyP, true)
		in.InjectKey(platform.KeyP, false)
	}
	if p.g.IsPaused() && p.updates > p.pausedIn { // a frame stepped by S while paused: now resume
		p.stepped++
		in.InjectKey(platform.KeyP, true)
		in.InjectKey(platform.KeyP, false)
	}
}

// A key listener pauses the Game on P; while paused, input still reaches
// listeners, so S steps one frame and P resumes; the Game then runs to its
// frame limit and quits normally. (Before, the paused loop dropped key
// events and such a game stayed paused for good.)
func TestPauseAndResumeFromKeys(t *testing.T) {
	g := NewGame(headless(10))
	probe := &pauseProbe{g: g}
	var events []string
	var pausedAt, resumedAt uint64
	g.Paused.On(func(g *Game) {
		events = append(events, "paused")
		pausedAt = g.Frames()
		probe.pausedIn = probe.updates + 1
		// Pressed while paused: dispatched by the paused loop.
		g.Input().InjectKey(platform.KeyS, true)
		g.Input().InjectKey(platform.KeyS, false)
	})
	g.Resumed.On(func(g *Game) {
		events = append(events, "resumed")
		resumedAt = g.Frames()
	})
	stop := watchdog(20 * time.Second)
	defer stop()
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		g.Input().KeyDown.On(func(e platform.KeyEvent) {
			switch {
			case e.Repeat:
			case e.Key == platform.KeyP && g.IsPaused():
				g.Resume()
			case e.Key == platform.KeyP:
				g.Pause()
			case e.Key == platform.KeyS && g.IsPaused():
				g.Step()
			}
		})
		s, _ := redSquareScene(g)
		scenegraph.AddComponent(s.Root(), probe)
		return s, nil
	})
	if len(events) != 2 || events[0] != "paused" || events[1] != "resumed" {
		t.Fatalf("events %v, want [paused resumed]: the game never resumed from its key", events)
	}
	// P from frame 3 is dispatched in frame 4, which completes; frame 5 is
	// the step; P injected there resumes; frames 6..10 run.
	if pausedAt != 3 || resumedAt != 5 || probe.stepped != 1 {
		t.Errorf("paused after frame %d, resumed after frame %d, %d stepped frames; want 3, 5, 1", pausedAt, resumedAt, probe.stepped)
	}
	if g.Frames() != 10 || probe.updates != 10 || g.IsPaused() {
		t.Errorf("ran %d frames, %d updates, paused %v; want 10, 10, false", g.Frames(), probe.updates, g.IsPaused())
	}
	if g.Input() == nil || g.Input().Down(platform.KeyP) {
		t.Error("P is stuck down after the resume")
	}
}

// Run off the main goroutine returns ErrNotMainThread and starts nothing;
// the next Game, on the main goroutine, runs.
func TestRunOffMainThread(t *testing.T) {
	g := NewGame(headless(2))
	started := false
	err := g.Run(func(*Game) (*scenegraph.Scene, error) { // a Test's goroutine: not the main one
		started = true
		return scenegraph.NewScene("Never"), nil
	})
	if !errors.Is(err, platform.ErrNotMainThread) {
		t.Fatalf("Run off the main goroutine = %v, want ErrNotMainThread", err)
	}
	if started || g.Input() != nil || g.Renderer() != nil {
		t.Fatal("Run off the main goroutine started something")
	}
	t.Logf("error: %v", err)
	runGame(t, NewGame(headless(2)), redSquareScene)
}

// pointerProbe moves the mouse and records PointerWorld per frame.
type pointerProbe struct {
	scenegraph.Component
	g          *Game
	full, half *scenegraph.Camera
	frame      int
	got        []pointerReading
}

type pointerReading struct {
	full, half     mgl32.Vec3
	fullOK, halfOK bool
}

func (p *pointerProbe) Update(float64) {
	p.frame++
	var r pointerReading
	r.full, r.fullOK = p.g.PointerWorld(p.full)
	r.half, r.halfOK = p.g.PointerWorld(p.half)
	p.got = append(p.got, r)
	switch p.frame {
	case 1:
		p.g.Input().InjectMouseMove(100, 140)
	case 2:
		p.g.Input().InjectMouseMove(250, 60)
	}
}

// PointerWorld maps the mouse into a camera's world: nothing before the
// camera has drawn; the pixel under the mouse, y flipped, in a full-screen
// 2D camera; inside or outside a camera that draws into the right half.
func TestPointerWorld(t *testing.T) {
	g := NewGame(headless(4)) // 320×240
	if _, ok := g.PointerWorld(nil); ok {
		t.Fatal("PointerWorld before Run is ok")
	}
	probe := &pointerProbe{g: g}
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) {
		s, _ := redSquareScene(g)
		probe.full = scenegraph.GetComponent[*scenegraph.Camera](s.Root().Children()[0])
		n := scenegraph.NewNode("Half")
		n.SetPosition(mgl32.Vec3{1000, 0, 0})
		s.AddChild(n)
		probe.half = scenegraph.AddComponent(n, scenegraph.NewOrthoCamera(render.RGBA(0, 0, 0, 255)))
		probe.half.Viewport = mgl32.Vec4{0.5, 0, 0.5, 1}
		probe.half.Priority = 1
		scenegraph.AddComponent(s.Root(), probe)
		return s, nil
	})
	if len(probe.got) != 4 {
		t.Fatalf("%d readings", len(probe.got))
	}
	if r := probe.got[0]; r.fullOK || r.halfOK {
		t.Errorf("frame 1, before any drawing: %+v, want not ok", r)
	}
	// The move injected in frame 1 is dispatched at the start of frame 2.
	// Mouse at window (100, 140): world (100, 240-140) in the full camera;
	// left of the half camera's viewport (x from 160), extrapolated there:
	// its world x spans 920..1080 over screen x 160..320.
	if r := probe.got[1]; !r.fullOK || !near3(r.full, mgl32.Vec3{100, 100, 0}) || r.halfOK || !near3(r.half, mgl32.Vec3{860, -20, 0}) {
		t.Errorf("mouse at 100,140: %+v; want full (100,100,0) ok, half (860,-20,0) not ok", r)
	}
	if r := probe.got[2]; r != probe.got[3] || !r.fullOK || !near3(r.full, mgl32.Vec3{250, 180, 0}) || !r.halfOK || !near3(r.half, mgl32.Vec3{1010, 60, 0}) {
		t.Errorf("mouse at 250,60: %+v; want full (250,180,0), half (1010,60,0), both ok", r)
	}
	if _, ok := g.PointerWorld(scenegraph.NewOrthoCamera(0)); ok {
		t.Error("PointerWorld of a camera never drawn is ok")
	}
}

func near3(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 1e-3 }

// The zero Config's window is the engine's one default size, and the frame
// is recorded for it.
func TestDefaultWindowSize(t *testing.T) {
	if c := NewGame(Config{}).Config(); c.Width != platform.DefaultWidth || c.Height != platform.DefaultHeight {
		t.Fatalf("zero Config: %d×%d, want platform's default %d×%d", c.Width, c.Height, platform.DefaultWidth, platform.DefaultHeight)
	}
	cfg := headless(1)
	cfg.Width, cfg.Height = 0, 0
	g := NewGame(cfg)
	var ww, wh, fw, fh int
	g.GameInited.On(func(g *Game) {
		ww, wh = g.Window().Size()
		fw, fh = g.Renderer().Frame().ScreenSize()
	})
	runGame(t, g, redSquareScene)
	if ww != platform.DefaultWidth || wh != platform.DefaultHeight || fw != ww || fh != wh {
		t.Fatalf("window %d×%d, frame %d×%d; want %d×%d", ww, wh, fw, fh, platform.DefaultWidth, platform.DefaultHeight)
	}
}

// With Audio on and no display (headless), the output is SDL's dummy
// driver: the mixer runs and nothing probes sound hardware.
func TestHeadlessAudioUsesDummyDriver(t *testing.T) {
	t.Setenv("SDL_AUDIODRIVER", "") // restored at cleanup
	os.Unsetenv("SDL_AUDIODRIVER")
	cfg := headless(2)
	cfg.Audio = true
	g := NewGame(cfg)
	driver := ""
	g.GameInited.On(func(g *Game) {
		if g.audioDev != nil {
			driver = g.audioDev.Driver()
		}
	})
	runGame(t, g, redSquareScene)
	if driver != "dummy" {
		t.Fatalf("headless audio driver %q, want dummy", driver)
	}
}

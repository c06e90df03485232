package tact

import (
	"errors"
	"fmt"
	"image"
	"os"
	"os/signal"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/audio"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/inspector"
	"github.com/tact-engine/tact/runtime/profiler"
	"github.com/tact-engine/tact/runtime/save"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/tween"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/tact-engine/tact/shaders"
)

// StartFunc builds (or loads) the scene a Game launches. It runs after the
// engine is up, and again on Restart.
type StartFunc func(g *Game) (*scenegraph.Scene, error)

// Game owns the platform, the renderer and the loop around the Director:
// it boots, paces frames, measures dt, ticks, and shuts everything down in
// order. Create one with NewGame and call Run on the main goroutine.
type Game struct {
	// GameInited is emitted once the engine is up, before the start function.
	GameInited core.Signal[*Game]
	// Paused and Resumed are emitted by Pause and Resume (also when the
	// window hides and shows with Config.PauseWhenHidden).
	Paused, Resumed core.Signal[*Game]

	cfg      Config
	director *director.Director
	plat     *platform.Platform
	window   *platform.Window
	input    *platform.Input
	renderer *render.Renderer
	start    StartFunc
	jobs     *core.JobPool          // the frame's parallel work; closed at shutdown
	overlay  *profiler.StatsOverlay // F1
	keys     *debugKeys             // F1, F12
	mixer    *audio.Mixer
	audioDev *platform.AudioDevice
	assets   *asset.Manager
	scenes   *scenefile.Store
	saves    *save.Store
	glyphs   *text.GlyphCache // shared by the Game's scenes (one renderer)

	clock    *platform.Clock
	pacer    *platform.Pacer
	quit     bool
	paused   bool
	hidden   bool
	restart  bool
	frames   uint64
	shots    chan shot
	started  bool
	lastTime time.Duration
	cfgErr   error // a Config that cannot run
	steps    int   // Step calls waiting for the loop
	inFrame  bool  // a frame (Tick) is running

	inspector *inspector.Server // Config.Inspector (inspector hook)
	inspLog   *inspector.Log    // the log the inspector shows (inspector hook)

	keepScene bool // RunHeadless: shutdown stops the Director, leaving its scene loaded
}

type shot struct {
	img  *image.RGBA
	done func(*image.RGBA)
}

// NewGame returns a Game for cfg; nothing starts until Run.
func NewGame(cfg Config) *Game {
	cfg = cfg.withDefaults()
	g := &Game{cfg: cfg, director: director.New(), shots: make(chan shot, 8), glyphs: text.NewGlyphCache()}
	if err := g.director.SetFixedStep(cfg.FixedStep, cfg.MaxFrameTime); err != nil {
		g.cfgErr = fmt.Errorf("tact: Config: %w", err) // Run returns it
	}
	if cfg.inspectAddr() != "" { // inspector hook: keep the log for the page
		g.inspLog = inspector.NewLog(cfg.Logger)
		cfg.Logger, g.cfg.Logger = g.inspLog, g.inspLog
	}
	g.director.SetLogger(cfg.Logger)
	g.director.BeforeSceneLaunch.On(g.prepare)
	g.director.SetPanicFatal(cfg.PanicFatal)
	for _, s := range [...]*core.Signal[*Game]{&g.GameInited, &g.Paused, &g.Resumed} {
		s.SetPanicHandler(func(p *core.ListenerPanic) { cfg.Logger.Printf("%v; the listener is removed\n%s", p, p.Stack) })
		s.SetPanicFatal(cfg.PanicFatal)
	}
	g.overlay = profiler.NewStatsOverlay(g.director)
	// The engine systems every game has; physics2d installs itself when a
	// RigidBody first needs it, so games without physics do not link Box2D.
	animation.Install(g.director)
	tween.Install(g.director)
	ui.Install(g.director)
	collision.Install(g.director)
	return g
}

// Run runs a Game for cfg with start; see Game.Run.
func Run(cfg Config, start StartFunc) error { return NewGame(cfg).Run(start) }

// Config returns the configuration, defaults filled in.
func (g *Game) Config() Config { return g.cfg }

// Director returns the Game's Director.
func (g *Game) Director() *director.Director { return g.director }

// StatsOverlay returns the Game's stats overlay, which F1 toggles.
func (g *Game) StatsOverlay() *profiler.StatsOverlay { return g.overlay }

// Input returns the input state (nil before Run).
func (g *Game) Input() *platform.Input { return g.input }

// PointerWorld returns the mouse position in cam's world, as of the last
// input dispatch: cam.ScreenToWorld of Input.MousePixelPosition (drawable
// pixels, so a high-DPI window maps right), which for an orthographic
// camera is the point under the pointer on the camera's plane (z = 0 for a
// 2D camera at z = 0) and for a perspective camera the point on its near
// plane. On touch screens SDL moves the mouse with the first finger, so it
// follows touch too. ok is true when the pointer is inside cam's viewport
// on the screen (with split screens, ask each camera); outside it the point
// is still returned, extrapolated. It returns a zero point and false before
// Run, for a nil cam, a cam that draws into a render target, or one that
// has not been drawn yet (the screen size is the one of its last Extract:
// from the first frame's drawing on).
func (g *Game) PointerWorld(cam *scenegraph.Camera) (p mgl32.Vec3, ok bool) {
	if g.input == nil || cam == nil || cam.Target != 0 {
		return mgl32.Vec3{}, false
	}
	r := cam.ScreenRect()
	if r.Empty() {
		return mgl32.Vec3{}, false
	}
	x, y := g.input.MousePixelPosition()
	p = cam.ScreenToWorld(x, y)
	if p[0] != p[0] || p[1] != p[1] || p[2] != p[2] { // NaN: a camera on no node
		return mgl32.Vec3{}, false
	}
	in := x >= float32(r.X) && x < float32(r.X+r.W) && y >= float32(r.Y) && y < float32(r.Y+r.H)
	return p, in
}

// Window returns the window (nil before Run and with NoGraphics).
func (g *Game) Window() *platform.Window { return g.window }

// Renderer returns the renderer (nil before Run). Create GPU resources
// through Renderer().Frame(): their handles are valid at once.
func (g *Game) Renderer() *render.Renderer { return g.renderer }

// SetFrameRate changes the frame-rate cap (0 means 60, Uncapped or any
// negative value removes the cap); it takes effect from the next frame. With
// VSync the display paces frames instead.
func (g *Game) SetFrameRate(fps float64) {
	if fps == 0 {
		fps = 60
	}
	g.cfg.FrameRate = fps
	if g.pacer != nil {
		g.pacer.SetTarget(pacerTarget(fps))
	}
}

// pacerTarget maps a FrameRate to the pacer's target, where 0 is no cap.
func pacerTarget(fps float64) float64 { return max(fps, 0) }

// FrameRate returns the frame-rate cap.
func (g *Game) FrameRate() float64 { return g.cfg.FrameRate }

// Assets returns the asset manager over Config.AssetRoot. Without an asset
// root (or before Run) it is a manager whose every load fails with an error
// saying to set Config.AssetRoot: never nil.
func (g *Game) Assets() *asset.Manager {
	if g.assets == nil {
		g.noAssets()
	}
	return g.assets
}

// Scenes returns the scene-file store over Assets: load scenes and prefabs,
// register the component types files name, save scenes. Never nil; without
// an asset root its loads fail as Assets' do.
func (g *Game) Scenes() *scenefile.Store {
	if g.scenes == nil {
		g.noAssets()
	}
	return g.scenes
}

// Saves returns the Game's save store (Config.SaveDir, or a folder named
// after Config.Title in the user's configuration directory): Save and Load
// of Go values as JSON, atomically. It fails only when that folder cannot be
// made.
func (g *Game) Saves() (*save.Store, error) {
	if g.saves == nil {
		var err error
		if g.cfg.SaveDir != "" {
			g.saves, err = save.NewStore(g.cfg.SaveDir)
		} else {
			g.saves, err = save.Open(g.cfg.Title)
		}
		if err != nil {
			return nil, err
		}
	}
	return g.saves, nil
}

// noAssets gives a Game without an asset root a manager and a store that
// explain themselves.
func (g *Game) noAssets() {
	why := errors.New("no asset root: set tact.Config.AssetRoot")
	if g.started && g.cfg.AssetRoot != "" {
		why = errors.New("the asset manager is closed (the Game has stopped)")
	} else if g.cfg.AssetRoot != "" {
		why = errors.New("the asset manager opens when Game.Run starts")
	}
	g.assets = asset.NewUnavailable(why)
	g.scenes = scenefile.NewStore(g.assets)
}

// Audio returns the mixer playing through the audio output, or nil when
// Config.Audio is off or no output could be opened.
func (g *Game) Audio() *audio.Mixer { return g.mixer }

// Frames returns the number of frames ticked since Run started.
func (g *Game) Frames() uint64 { return g.frames }

// Quit ends the loop after the current frame; Run then shuts down and returns.
func (g *Game) Quit() { g.quit = true }

// Pause stops ticking altogether (unlike Director.Pause, which still draws)
// and emits Paused. Input keeps flowing while paused (as in Cocos): the
// Input's signals still fire, and its polled state stays current, so a key
// listener can Resume (or Step); components' Update, which would poll, does
// not run.
func (g *Game) Pause() {
	if !g.paused {
		g.paused = true
		g.Paused.Emit(g)
	}
}

// Resume restarts ticking and emits Resumed. The first frame after it gets a
// normal dt, not the pause's length. No input is lost: what arrived while
// paused went to the listeners then, and the polled state is current.
func (g *Game) Resume() {
	if g.paused {
		g.paused = false
		if g.clock != nil {
			g.lastTime = g.clock.Now()
		}
		g.Resumed.Emit(g)
	}
}

// IsPaused reports whether the Game is paused.
func (g *Game) IsPaused() bool { return g.paused }

// OnPauseChange calls fn with true after each Pause and false after each
// Resume, until off is called. It makes a Game a sound.PauseState, which
// sound.AudioSource follows.
func (g *Game) OnPauseChange(fn func(paused bool)) (off func()) {
	offP := g.Paused.On(func(*Game) { fn(true) })
	offR := g.Resumed.On(func(*Game) { fn(false) })
	return func() { offP(); offR() }
}

// Step runs one frame with dt = 1/FrameRate (1/60 without a cap), also while
// the Game is paused: single-stepping for debugging, after Cocos'
// game.step. Called from inside a frame (a key handler), the step runs
// right after that frame; called while no frame runs (tests, tools, before
// Run), it ticks at once, with no window or SDL needed.
func (g *Game) Step() {
	if g.inFrame || g.started && g.clock != nil {
		g.steps++
		return
	}
	g.frame(stepDT(g.cfg.FrameRate))
}

// stepDT is the dt of a stepped frame, and of a frame after a gap.
func stepDT(fps float64) float64 {
	if fps > 0 {
		return 1 / fps
	}
	return 1.0 / 60
}

// frameTime returns the dt a frame gets after gap seconds since the
// previous one, at frame-rate cap fps: the gap itself, except that a gap
// over one second (a debugger stop, a dragged window) or one that is not
// positive becomes one normal frame, 1/fps (1/60 without a cap), so the
// game never jumps.
func frameTime(gap, fps float64) float64 {
	if gap > 1 || !(gap > 0) {
		return stepDT(fps)
	}
	return gap
}

// frame ticks the Director once and counts the frame.
func (g *Game) frame(dt float64) {
	g.inFrame = true
	if g.inspector != nil { // inspector hook: its time scale
		dt *= g.inspector.TimeScale()
	}
	g.director.Tick(dt)
	g.inFrame = false
	g.frames++
	if g.restart {
		g.restart = false
		g.restartScene()
	}
}

// Restart unloads the running scene and runs the start function again, at the
// end of the current frame.
func (g *Game) Restart() { g.restart = true }

// Screenshot captures the next frame as drawn and calls done with it on the
// main thread at the start of a later frame. With NoGraphics done never runs.
func (g *Game) Screenshot(done func(*image.RGBA)) {
	if g.renderer == nil || g.cfg.NoGraphics {
		return
	}
	g.renderer.Frame().ReadPixels(0, render.Rect{}, func(img *image.RGBA) {
		g.shots <- shot{img, done} // buffered; the main thread drains it every frame
	})
}

// Run boots the engine (SDL and the window, the renderer and its thread),
// emits GameInited, calls start for the launch scene, and runs frames until
// Quit, a closed window or Ctrl+C; then it shuts down in order (scene, render
// thread and its GL objects, window, SDL) and returns. Run must be called on
// the main goroutine (platform locks it to the main OS thread): anywhere
// else it starts nothing and returns an error wrapping
// platform.ErrNotMainThread. An error in boot or in start is returned;
// everything started is shut down first.
func (g *Game) Run(start StartFunc) (err error) {
	if g.started {
		return errors.New("tact: Game.Run called twice")
	}
	g.started = true
	g.start = start
	if g.cfgErr != nil {
		return g.cfgErr
	}
	if !platform.OnMainThread() {
		return fmt.Errorf("tact: Game.Run: %w", platform.ErrNotMainThread)
	}
	if err := g.boot(); err != nil {
		g.shutdown()
		return err
	}
	defer func() {
		if serr := g.shutdown(); err == nil {
			err = serr
		}
	}()
	g.GameInited.Emit(g)
	if err := g.launch(); err != nil {
		return err
	}
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	g.loop(interrupts)
	return nil
}

func (g *Game) boot() error {
	cfg := g.cfg
	p, err := platform.Init(platform.Options{Headless: cfg.Headless, NoVideo: cfg.NoGraphics, Logger: cfg.Logger})
	if err != nil {
		return err
	}
	g.plat = p
	g.input = p.Input()
	g.input.SetPanicFatal(cfg.PanicFatal)
	if cfg.Audio {
		g.openAudio(p)
	}
	g.input.QuitRequested.On(func(struct{}) { g.quit = true })
	if cfg.PauseWhenHidden {
		g.input.Minimized.On(func(struct{}) { g.setHidden(true) })
		g.input.FocusLost.On(func(struct{}) { g.setHidden(true) })
		g.input.Restored.On(func(struct{}) { g.setHidden(false) })
		g.input.FocusGained.On(func(struct{}) { g.setHidden(false) })
	}
	var backend render.Backend
	var glOpts gl.Options
	if cfg.NoGraphics {
		backend = null.New()
	} else {
		w, err := p.OpenWindow(platform.WindowConfig{Title: cfg.Title, Width: cfg.Width, Height: cfg.Height,
			Resizable: cfg.Resizable, Fullscreen: cfg.Fullscreen, HighDPI: cfg.HighDPI})
		if err != nil {
			return err
		}
		g.window = w
		// MSAA through the backend's own multisampled framebuffer, not a
		// multisampled window: drivers differ on granting one (SDL's
		// offscreen EGL window reports 4 samples and does not antialias).
		glOpts = gl.Options{Shaders: shaders.FS(), MSAA: cfg.MSAA}
		if cfg.ShaderDir != "" {
			glOpts.Shaders = shaders.DevFS(cfg.ShaderDir)
			glOpts.ShaderDir = cfg.ShaderDir
			glOpts.ReloadInterval = time.Second / 2
		}
		if cfg.VSync {
			glOpts.SwapInterval = -1
		}
		backend = gl.New(glSurface{w}, glOpts)
	}
	ropts := render.Options{OnMainThread: cfg.RenderOnMain, WhileWaiting: g.input.Pump}
	r, err := render.NewRenderer(backend, ropts)
	if err != nil && !cfg.RenderOnMain && !cfg.NoGraphics {
		// Where a platform refuses a GL context off the main thread, fall
		// back to render-on-main: same frames, same pictures.
		cfg.Logger.Printf("tact: render thread unavailable (%v); rendering on the main thread", err)
		ropts.OnMainThread = true
		r, err = render.NewRenderer(gl.New(glSurface{g.window}, glOpts), ropts)
	}
	if err != nil {
		return err
	}
	g.renderer = r
	g.feedUI()
	if cfg.AssetRoot != "" {
		if g.assets, err = asset.New(asset.Options{Root: cfg.AssetRoot, Watch: cfg.WatchAssets, Logger: cfg.Logger, Frames: r, Textures: cfg.Textures}); err != nil {
			return err
		}
		g.assets.Attach(g.director)
		g.scenes = scenefile.NewStore(g.assets)
	}
	if g.window != nil {
		w, h := g.window.DrawableSize()
		r.Frame().SetScreenSize(w, h)
		g.input.Resized.On(func(platform.Size) {
			w, h := g.window.DrawableSize()
			g.renderer.Frame().SetScreenSize(w, h)
		})
	} else {
		r.Frame().SetScreenSize(cfg.Width, cfg.Height)
	}
	// Built-in assets: the backend made its default shaders and white
	// texture in Init; parse the default font now rather than on first use.
	text.DefaultFont()
	g.director.SetInput(g.input)
	g.director.SetFrameSink(r, scenegraph.Extract)
	g.jobs = core.NewJobPool(0)
	g.director.SetJobPool(g.jobs)
	g.keys = bindDebugKeys(g, g.overlay, cfg.ScreenshotDir)
	g.clock = platform.NewClock()
	g.pacer = platform.NewPacer(pacerTarget(cfg.FrameRate))
	return g.startInspector() // inspector hook
}

// openAudio starts the mixer and the output; a failure leaves the game
// silent, with the reason logged.
func (g *Game) openAudio(p *platform.Platform) {
	// platform owns the output's defaults; the mixer renders what the
	// output plays. The mixer's own defaults must agree with them (audio
	// and platform cannot import each other): these fail to compile if not.
	const (
		_ uint = (platform.DefaultAudioFrequency - audio.DefaultRate) * (audio.DefaultRate - platform.DefaultAudioFrequency)
		_ uint = (platform.DefaultAudioChannels - audio.DefaultChannels) * (audio.DefaultChannels - platform.DefaultAudioChannels)
	)
	out := g.cfg.AudioOutput.WithDefaults()
	m, err := audio.NewMixer(audio.MixerConfig{Rate: out.Frequency, Channels: out.Channels, Logger: g.cfg.Logger})
	if err == nil {
		var dev *platform.AudioDevice
		if dev, err = p.OpenAudio(out, m); err == nil {
			g.mixer, g.audioDev = m, dev
			return
		}
		m.Close()
	}
	g.cfg.Logger.Printf("tact: audio off: %v", err)
}

// launch calls the start function and runs its scene.
func (g *Game) launch() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("tact: start function panicked: %v", p)
		}
	}()
	s, err := g.start(g)
	if err != nil {
		return fmt.Errorf("tact: start: %w", err)
	}
	if s == nil {
		return errors.New("tact: start returned no scene")
	}
	g.director.RunScene(s)
	return nil
}

// prepare gives every scene the Game's Director launches (the start
// function's and any RunScene later) the Game's logger, panic mode, glyph
// cache, and the link GameOf follows.
func (g *Game) prepare(s *scenegraph.Scene) {
	if s.Logger == nil {
		s.Logger = g.cfg.Logger
	}
	s.PanicFatal = s.PanicFatal || g.cfg.PanicFatal
	text.UseCache(s, g.glyphs)
	s.SetValue(gameKey{}, g)
}

// gameKey is the scenegraph.Scene value under which a scene keeps its Game.
type gameKey struct{}

// GameOf returns the Game running n's scene, or nil when n is in no scene a
// Game launched. It is how a component reaches its Game (input, audio,
// assets, saves) without a global: GameOf(c.Node()).
func GameOf(n *scenegraph.Node) *Game {
	if n == nil || n.Scene() == nil {
		return nil
	}
	g, _ := n.Scene().Value(gameKey{}).(*Game)
	return g
}

func (g *Game) setHidden(h bool) {
	if h == g.hidden {
		return
	}
	g.hidden = h
	if h {
		g.Pause()
	} else {
		g.Resume()
	}
}

func (g *Game) loop(interrupts <-chan os.Signal) {
	cfg := g.cfg
	deterministic := cfg.FixedDT > 0
	g.lastTime = g.clock.Now()
	for !g.quit {
		g.input.Pump()
		select {
		case <-interrupts:
			g.quit = true
		default:
		}
		g.deliverShots()
		if g.quit {
			break
		}
		if g.paused && g.steps > 0 {
			g.steps--
			g.frame(stepDT(cfg.FrameRate)) // its Tick dispatches the input waiting
			continue
		}
		if g.paused {
			// Input keeps flowing while paused, so a key listener can
			// Resume or Step; the director, which normally dispatches, is
			// not ticking. No busy loop while paused or hidden: sleep
			// between polls unless a listener just resumed or stepped.
			g.input.Dispatch()
			if g.inspector != nil { // inspector hook: serve it while not ticking
				g.inspector.Poll()
			}
			if g.paused && g.steps == 0 && !g.quit {
				time.Sleep(20 * time.Millisecond)
			}
			continue
		}
		now := g.clock.Now()
		dt := frameTime((now - g.lastTime).Seconds(), g.cfg.FrameRate)
		g.lastTime = now
		if deterministic {
			dt = cfg.FixedDT
		}
		g.steps = 0 // Step while running is a frame that happens anyway
		g.frame(dt)
		if cfg.MaxFrames > 0 && g.frames >= cfg.MaxFrames {
			g.quit = true
		}
		if !deterministic && !cfg.VSync {
			g.pacer.Wait()
		}
	}
}

func (g *Game) restartScene() {
	g.director.UnloadScene()
	if err := g.launch(); err != nil {
		g.cfg.Logger.Printf("tact: restart: %v", err)
		g.quit = true
	}
}

// deliverShots hands finished screenshots to their callbacks, on the main
// thread.
func (g *Game) deliverShots() {
	for {
		select {
		case s := <-g.shots:
			s.done(s.img)
		default:
			return
		}
	}
}

// shutdown stops in the one safe order: the scene, then the render thread
// (which deletes its GL objects and releases the context), then the window
// and SDL.
func (g *Game) shutdown() error {
	var errs []error
	if g.inspector != nil { // inspector hook
		errs = append(errs, g.inspector.Close())
		g.inspector = nil
	}
	if g.keepScene {
		g.director.Stop() // the caller inspects the scene (RunHeadless)
	} else {
		g.director.End()
	}
	if g.jobs != nil {
		g.jobs.Close()
		g.jobs = nil
	}
	if g.audioDev != nil {
		// The device's feeder goroutine reads the mixer: stop it first.
		g.audioDev.Close()
		g.mixer.Close()
		g.audioDev, g.mixer = nil, nil
	}
	if g.assets != nil {
		// Its frees are render commands: before the renderer closes.
		errs = append(errs, g.assets.Close())
		g.assets = nil
	}
	if g.renderer != nil {
		// Frames still in flight may carry screenshots: let them finish.
		errs = append(errs, g.renderer.Close())
		g.deliverShots()
		if g.keys != nil {
			g.keys.Wait() // screenshots saving on workers
		}
		g.renderer = nil
	}
	if g.window != nil {
		g.window.Close()
		g.window = nil
	}
	if g.plat != nil {
		errs = append(errs, g.plat.Close())
		g.plat = nil
	}
	return errors.Join(errs...)
}

// glSurface adapts platform.Window to render/gl.Surface.
type glSurface struct{ w *platform.Window }

func (s glSurface) MakeCurrent() error    { return s.w.MakeCurrent() }
func (s glSurface) ReleaseCurrent() error { return s.w.ReleaseCurrent() }
func (s glSurface) Swap()                 { s.w.Swap() }
func (s glSurface) SetSwapInterval(mode int) error {
	return s.w.SetSwapInterval(platform.SwapMode(mode))
}

package tact

import (
	"github.com/tact-engine/tact/runtime/asset"
	"os"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/platform"
)

// Config configures a Game. Its zero value works: a window of the engine's
// default size (platform.DefaultWidth×DefaultHeight, 800×600) titled "Tact"
// capped at 60 frames per second, with a render thread.
type Config struct {
	// Title is the window title.
	Title string
	// Width and Height are the window size in screen coordinates (0:
	// platform.DefaultWidth, DefaultHeight); with NoGraphics, the screen
	// size frames are recorded for.
	Width, Height int
	// Resizable, Fullscreen and HighDPI set the window's flags.
	Resizable, Fullscreen, HighDPI bool
	// MSAA antialiases what cameras draw to the screen with this many
	// samples per pixel (0 or 1: off; typically 2, 4 or 8, clamped to what
	// the driver allows): the backend renders screen passes into a
	// multisampled framebuffer and resolves it into the window once per
	// frame, before screenshots and the swap. It works on every driver,
	// offscreen too, unlike a multisampled window
	// (platform.WindowConfig.MSAA), which drivers may refuse or ignore.
	// Cameras drawing into targets antialias through
	// render.TargetDesc.Samples, post-processing chains through
	// post.Options.Samples.
	MSAA int

	// FrameRate caps the frame rate: 0 means 60, Uncapped (any negative
	// value) means as fast as the machine allows. Ignored with VSync.
	FrameRate float64
	// VSync paces frames by the display instead of the cap (adaptive vsync
	// where the driver offers it).
	VSync bool
	// FixedStep is the fixed-update step in seconds (0: 1/60) and
	// MaxFrameTime the clamp on frame time fed to it (0: 0.25).
	FixedStep, MaxFrameTime float64

	// RenderOnMain executes frames on the main thread right after each tick
	// instead of on a render thread: same pictures, simplest to debug.
	RenderOnMain bool
	// Headless uses SDL's offscreen video driver: real GL, no visible
	// window. It is chosen by itself when there is no display.
	Headless bool
	// NoGraphics runs with no window and no GL at all (servers,
	// simulations): frames are recorded and checked by render/null.
	NoGraphics bool
	// ShaderDir, if set, reads the built-in shaders from that folder and
	// reloads them when they change (development mode).
	ShaderDir string

	// PauseWhenHidden stops ticking while the window is minimized or has
	// lost focus (Cocos' hide/show), without a busy loop.
	PauseWhenHidden bool

	// FixedDT, if positive, gives every frame exactly this dt and turns
	// pacing off: the deterministic mode for tests and recordings.
	FixedDT float64
	// MaxFrames, if positive, ends Run after that many frames.
	MaxFrames uint64

	// Audio starts sound at boot: an audio.Mixer (Game.Audio) played by the
	// default output. Where no output opens, the reason is logged and the
	// game runs silent (Game.Audio is nil; sound.AudioSource treats nil as silence).
	// Where nothing is on a screen (Headless, or no display) and neither
	// AudioOutput.Driver nor SDL_AUDIODRIVER names a driver, the output is
	// SDL's "dummy" driver: the mixer runs at real-time pace into nothing,
	// and no sound hardware is probed (no ALSA messages in CI); a desktop
	// plays through its real output (see platform.AudioConfig.Driver).
	Audio bool
	// AudioOutput tunes the output; its zero fields take the defaults of
	// platform.AudioConfig.WithDefaults (platform.DefaultAudioFrequency,
	// DefaultAudioChannels, DefaultAudioBuffer), and the mixer follows the
	// output's rate and channel count.
	AudioOutput platform.AudioConfig

	// AssetRoot is the asset folder ("": no asset manager); Game.Assets
	// loads from it. WatchAssets reloads changed textures and shaders in
	// place (development mode).
	AssetRoot   string
	WatchAssets bool
	// Textures is the project's default texture import settings, under a
	// texture's own settings file and Manager.SetTextureSettings (see
	// asset.TextureSettings); a pixel-art game sets Textures.Filter to
	// render.FilterNearest.
	Textures asset.TextureSettings

	// SaveDir is where Game.Saves keeps saved values; "" is the folder
	// named Title under the user's configuration directory.
	SaveDir string

	// ScreenshotDir is where F12 saves screenshots and F11 frame
	// captures (Game.CaptureFrame) ("": the current directory).
	ScreenshotDir string

	// Inspector, if set, serves the browser inspector (package
	// runtime/inspector) at this address, as in "127.0.0.1:0" (any free
	// port); "" reads the TACT_INSPECT environment variable, and off when
	// that is unset too. Run logs the page's URL with its access token. The
	// address must be loopback unless InspectorAllowRemote is set;
	// InspectorReadOnly refuses every change.
	Inspector                               string
	InspectorReadOnly, InspectorAllowRemote bool

	// Logger receives engine reports; nil is standard error.
	Logger core.Logger
	// PanicFatal makes panics in component callbacks fatal (for tests).
	PanicFatal bool
}

// Uncapped is the FrameRate (for Config and Game.SetFrameRate) that removes
// the cap.
const Uncapped = -1

func (c Config) withDefaults() Config {
	if c.Title == "" {
		c.Title = "Tact"
	}
	if c.Width <= 0 {
		c.Width = platform.DefaultWidth
	}
	if c.Height <= 0 {
		c.Height = platform.DefaultHeight
	}
	if c.FrameRate == 0 {
		c.FrameRate = 60
	}
	if c.Logger == nil {
		c.Logger = core.NewLogger(os.Stderr)
	}
	return c
}

package gl

import (
	"io/fs"
	"time"
)

// Built-in program names: each is NAME.vert plus NAME.frag in Options.Shaders.
const (
	SpriteProgram          = "sprite"           // streamed sprite quads
	MeshProgram            = "mesh"             // physically based meshes
	PostProgram            = "post"             // full-screen triangle
	DepthProgram           = "depth"            // meshes in passes into shadow maps
	SpriteInstancedProgram = "sprite_instanced" // instanced sprite quads
	SpritePointProgram     = "sprite_point"     // point sprites
	SkyProgram             = "skybox"           // render.Pass.Sky
)

// SpritePath selects how the backend draws the sprite batches of the
// built-in program (batches with a custom program always stream vertices).
type SpritePath uint8

const (
	// SpritesAuto draws point sprites where a batch allows (see the package
	// documentation) and instanced quads elsewhere.
	SpritesAuto SpritePath = iota
	// SpritesInstanced draws every batch as instanced quads.
	SpritesInstanced
	// SpritesVertices streams four vertices per sprite: the fallback for
	// drivers where instancing is missing or slow.
	SpritesVertices
)

// String returns the path's name.
func (p SpritePath) String() string {
	switch p {
	case SpritesAuto:
		return "auto"
	case SpritesInstanced:
		return "instanced"
	case SpritesVertices:
		return "vertices"
	}
	return "SpritePath(invalid)"
}

// Surface is a window's GL context as seen from the render thread. The
// platform's Window implements it; it is declared here so that this package
// does not depend on the platform.
type Surface interface {
	// MakeCurrent makes the context current on the calling thread.
	MakeCurrent() error
	// ReleaseCurrent detaches the context from the calling thread.
	ReleaseCurrent() error
	// Swap presents the default framebuffer.
	Swap()
	// SetSwapInterval sets vsync: 0 immediate, 1 vsync, -1 adaptive.
	SetSwapInterval(mode int) error
}

// Options configures a Backend.
type Options struct {
	// SwapInterval: 0 immediate, 1 vsync, -1 adaptive (falls back to vsync when
	// refused). A driver that refuses the interval is not an error.
	SwapInterval int
	// Shaders supplies the built-in sources (the .vert and .frag files of
	// every built-in program named above). Required: pass shaders.FS(), or
	// shaders.DevFS("shaders") to edit them live. (This package does not
	// import package shaders, so that render depends on core alone.)
	Shaders fs.FS
	// ShaderDir prefixes file names in compile errors; "" means "shaders".
	ShaderDir string
	// ReloadInterval, if positive, makes Execute re-read the built-in sources
	// that often and recompile those that changed (development mode). A source
	// that fails to compile is reported and the previous program is kept.
	ReloadInterval time.Duration
	// NoSwap skips the buffer swap at the end of Execute (offscreen rendering).
	NoSwap bool
	// SpritesPerDraw is the initial capacity of the streamed sprite buffers, in
	// sprites; 0 means 16384. They double whenever a frame needs more.
	SpritesPerDraw int
	// Sprites selects how sprite batches are drawn; the zero value,
	// SpritesAuto, picks the cheapest path that gives the same picture.
	Sprites SpritePath
	// HiddenSprites selects whether point-sprite batches drawn without
	// blending leave out the sprites that later sprites of the batch cover
	// completely; the zero value, HiddenSpritesAuto, does so on a software
	// rasterizer, unless the environment variable HiddenSpritesEnv says
	// on or off. The picture is the same either way.
	HiddenSprites HiddenSpriteMode
	// KeepHeap leaves the C heap's settings alone. Otherwise, on Linux with
	// glibc, Init raises the heap's trim threshold (mallopt M_TRIM_THRESHOLD
	// 64 MiB, M_TOP_PAD 16 MiB) for the whole process: a software driver
	// (Mesa's llvmpipe) mallocs and frees scratch memory for every few
	// hundred vertices, and with the defaults each free returns it to the
	// kernel and the next malloc faults it back in, zeroed (measured: a
	// fifth of the CPU time of a 50,000-sprite frame).
	KeepHeap bool
	// MSAA, if above 1, antialiases the screen: passes into the screen
	// (Pass.Target 0) render into a multisampled framebuffer of the
	// screen's size with this many samples (clamped to GL_MAX_SAMPLES),
	// resolved into the window's framebuffer after the frame's last pass,
	// before read-backs and the swap. It does not rely on a multisampled
	// window, which some drivers report without antialiasing (SDL's
	// offscreen EGL driver on Mesa). ScreenSamples reports the count in use.
	MSAA int
}

// New returns a backend that renders into s. It touches no GL until Init.
func New(s Surface, opts Options) *Backend {
	if opts.ShaderDir == "" {
		opts.ShaderDir = "shaders"
	}
	if opts.SpritesPerDraw <= 0 {
		opts.SpritesPerDraw = 16384
	}
	return &Backend{surface: s, opts: opts}
}

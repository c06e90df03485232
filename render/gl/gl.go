// Package gl is Tact's OpenGL 3.3 core backend for package render. It is the
// only package that calls OpenGL, and it does so only from the thread that
// runs the Backend's methods (the render thread, or the main thread in
// render-on-main mode).
//
// Sprites are drawn by a batcher: each frame, the sorted sprite vertices are
// streamed into one vertex buffer (orphaned, then filled with glBufferSubData)
// and every batch is one glDrawElementsBaseVertex call over a static quad index
// buffer. Buffers grow by doubling when a frame needs more and never shrink.
//
// Every GL object the backend creates is counted; after Shutdown,
// LiveObjects reports zero.
package gl

import (
	"io/fs"
	"time"
)

// Built-in program names: each is NAME.vert plus NAME.frag in Options.Shaders.
const (
	SpriteProgram = "sprite" // streamed sprite quads
	MeshProgram   = "mesh"   // lit meshes
	PostProgram   = "post"   // full-screen triangle
)

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
	// Shaders supplies the built-in sources (sprite, mesh and post .vert and
	// .frag files). Required: pass shaders.FS(), or shaders.DevFS("shaders") to
	// edit them live. (This package does not import package shaders, so that
	// render depends on core alone.)
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

// Package gltest gives tests a GL 3.3 core context to render through: a
// hidden SDL window (SDL's offscreen driver unless $SDL_VIDEODRIVER says
// otherwise), made on the main OS thread as SDL requires. Tests of render/gl
// and of packages that draw through it (post) share it:
//
//	var surface *gltest.Surface
//
//	func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "post", 64, 48, &surface)) }
//
// Importing the package locks the main goroutine to the main OS thread.
//
// Layer: render (a test helper). It may import core, render and render/gl.
package gltest

// Package platformtest runs a test binary's SDL and window code on the main
// OS thread, where package platform requires it.
//
// The testing package runs each Test in a goroutine of its own, and none of
// them can run on the main OS thread, which the main goroutine holds locked.
// Main runs the tests on another goroutine and keeps the main goroutine
// serving Do. Use it from TestMain:
//
//	func TestMain(m *testing.M) { platformtest.Main(m) }
//
//	func TestWindow(t *testing.T) {
//		var p *platform.Platform
//		var err error
//		platformtest.Do(func() { p, err = platform.Init(platform.Options{Headless: true}) })
//		...
//	}
//
// Do is a channel hop per call, which is fine for tests and wrong for an
// engine loop: a game's main function simply calls platform directly.
//
// Layer: platform (a test helper). It may import core and platform.
package platformtest

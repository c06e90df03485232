// Package null is a render.Backend that executes frames without a GPU: it
// validates every command against the resources alive at that point of the
// frame, counts resources, draw calls and triangles, and fills the frame's
// stats as a GPU backend would. Headless servers and logic tests use it.
//
// Layer: render (a backend). It may import core and render.
package null

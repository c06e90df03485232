// Package graph orders a frame's render passes by the images they read and
// write: a small render graph for post-processing chains and cameras that
// draw into offscreen images before the screen.
//
// A [Graph] holds named passes and the images (render targets) they draw
// into. Each [Pass] names the images it samples (Reads) and the one image it
// draws into (Writes; "" or [Output] for the caller's target). Every frame,
// [Graph.Record] creates or resizes the images' targets, runs the passes in
// an order where each runs after every pass that writes an image it reads
// (writers of one image in the order they were added), and lets each pass
// record its draws through a [Context].
//
// Input images are drawn by the caller between [Graph.Prepare] and
// Record, outside the graph: a camera draws its scene into the [Scene]
// image (always an input) and the graph post-processes it.
//
// Passes that nothing needs are culled: only passes whose image reaches
// [Output], directly or through other passes, run, and images no running
// pass uses hold no target. A disabled pass passes its first read image
// through: its readers read that image instead, so switching off one effect
// in a chain skips it. Where the disabled pass wrote [Output], the graph
// copies the image into the output in its place.
//
// The order is computed again only when passes, enables or image
// declarations change; in steady state Record allocates nothing. A graph
// whose passes form a cycle, read an image no enabled pass writes, or write
// an image never declared is an error naming the passes and images, and
// Record then records nothing.
//
// A Graph is used from one goroutine (the one that records frames).
//
// Layer: render. It may import core and render.
package graph
